"""The environment variable that names the venue's server: apart from the venue's settings
(:mod:`.config`), so that the command line's help and a start without a venue read its name
without them."""

from __future__ import annotations

from game.version import APP_NAME

FLEET_ENV = f"{APP_NAME.upper()}_FLEET_URL"
"""The environment variable naming the venue's server (``MAGDAGDON_FLEET_URL``)."""
