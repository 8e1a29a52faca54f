"""Test support shared by the scene, game and kiosk tests: the arcade on a fake clock
(``tools.testkit.arcade``, shared with the benchmarks) and a real storage holding given
records."""

from __future__ import annotations

from game.games.registry import GAMES
from tools.testkit.arcade import (  # noqa: F401 - the tests take them from here
    RecordingAudio,
    WallClock,
    make_arcade,
    settle,
)


def storage_holding(folder, records: dict[str, list]):
    """A real storage in ``folder`` (every registered game) holding ``records`` per game id,
    oldest first: each an object with ``id``, ``date``, ``variant``, ``fields`` (and maybe
    ``initials``), taken in from a ``scores.json`` as an older version wrote it."""
    import json
    from pathlib import Path

    from game.arcade.storage import SCORES_FILE, Storage

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    sections = {game_id: {"records": [
        {"id": r.id, "date": r.date, "variant": r.variant,
         "initials": getattr(r, "initials", ""), **dict(r.fields)} for r in rows],
        "recorded": []} for game_id, rows in records.items()}
    (folder / SCORES_FILE).write_text(json.dumps({"version": 2, "games": sections}), "utf-8")
    storage = Storage(folder, games=[spec.data for spec in GAMES])
    storage.check_files()
    assert not storage.notices, storage.notices
    return storage
