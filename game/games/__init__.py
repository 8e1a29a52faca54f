"""The games of the arcade, one package each; ``registry.py`` is where each registers."""
