"""The shell every game shares: title, settings, scores, help pages, pause, crash screen,
kiosk, storage."""
