"""One module per screen of the arcade."""
