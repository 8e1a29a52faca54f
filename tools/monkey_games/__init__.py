"""Per-game knowledge for the monkey (``tools.monkey``): one module per game id, each with
``PLAYER``."""
