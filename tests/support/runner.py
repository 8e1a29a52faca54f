"""``main.py`` in a subprocess whose demo plays on the disk, as a player's own games do.

A demo (``--demo``, ``--bench``) records and saves in memory only, so it never touches the
player's tables or saved game. The tests that use the demo as a tireless player of real games
on disk (killed at random moments, stopped by a signal mid-game) start :data:`DISK_DEMO`
instead of ``main.py``: the same program, its storage opened as a player's run opens it.
"""

from __future__ import annotations

import sys

RUNNER = """
import sys
import game.arcade.bootstrap as bootstrap
opened = bootstrap.open_storage
bootstrap.open_storage = lambda data_dir, games, play_in_memory=False: opened(data_dir, games)
import main
sys.exit(main.main(sys.argv[1:]))
"""
DISK_DEMO = [sys.executable, "-c", RUNNER]
"""The command line that stands for ``python main.py`` (run it from the repository root)."""
