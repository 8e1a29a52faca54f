"""MAGDAGDON: the solo dice puzzle (its spec, screens, widgets and demo player)."""
