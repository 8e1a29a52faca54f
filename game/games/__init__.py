"""The games of the arcade, one package each."""
