"""Players that drive the rules API exactly as the UI does (hints, bots)."""
