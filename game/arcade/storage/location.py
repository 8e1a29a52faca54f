"""Where the data folder is: the platform's user data folder, or the one the player names.

The default folder is called after the arcade (``game.version.APP_NAME``), not after any game,
and never moves: a player's records are found again by every later version.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import platformdirs

from game.version import APP_NAME

DEFAULT_DIR = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def resolve_data_dir(data_dir: Path | str | None) -> Path:
    """The data folder ``data_dir`` names (``None``: :data:`DEFAULT_DIR`); ``ValueError`` for
    an empty name (it would write into the working directory) or a ``~user`` that does not
    exist."""
    if data_dir is None:
        return DEFAULT_DIR
    if isinstance(data_dir, str) and not data_dir.strip():
        raise ValueError("the data folder is empty: give a folder, or leave it out for the default")
    expanded = os.path.expanduser(os.fspath(data_dir))
    if expanded.startswith("~"):
        raise ValueError(f"the data folder {str(data_dir)!r} names a home folder that is not there")
    return Path(expanded)


def unusable(folder: Path) -> str | None:
    """Why ``folder`` cannot hold the game's data (not a folder, or nothing can be written in
    it: ``/proc``, a read-only mount), or None when a file can be made and removed there."""
    if not os.path.isdir(folder):
        return "not a folder"
    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".probe-"):
            pass
    except OSError as error:
        return error.strerror or str(error)
    return None
