"""A storage that plays in memory (``--bench``, ``--demo``; issue 38, point 10): its games are
recorded and saved in memory only. The player's tables, saved game and documents in the same
folder are neither shown, nor resumed, nor changed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.arcade.storage import DB_FILE, Storage
from tests.arcade.storage.support import (
    COUNTER,
    GAMES,
    MAGDAGDON,
    Counter,
    FakeClock,
    N,
    P,
    finished,
    make,
    played,
    resume,
    scores,
    stored,
)

DOCUMENTED = replace(COUNTER, document=lambda game: {"format": "tally", "count": game.count},
                     document_format="tally")


def in_memory(folder: Path) -> Storage:
    return Storage(folder, games=(MAGDAGDON, DOCUMENTED), clock=FakeClock(),
                   migrations={game.id: game.migrations for game in GAMES},
                   play_in_memory=True)


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def players_folder(folder: Path) -> list[str]:
    """A player's folder: two records, a game in progress; the records' ids."""
    player = make(folder)
    player.record_game("magdagdon", finished(P, 3))
    player.record_game("magdagdon", finished(N, 5))
    player.save_game("magdagdon", played(seed=4))
    ids = [r.id for r in player.records("magdagdon")]
    player.close()
    return ids


def test_a_run_in_memory_never_touches_the_players_records_or_save(tmp_path: Path) -> None:
    player_ids = players_folder(tmp_path)
    before = files(tmp_path)
    demo = in_memory(tmp_path)
    demo.check_files()
    assert demo.records("magdagdon") == [] and demo.notices == []  # not shown
    assert demo.has_saved_game("magdagdon") is False  # not resumed
    game = played(seed=9)
    assert demo.save_game("magdagdon", game) is False  # saved in memory only
    assert resume(demo).to_dict() == game.to_dict()
    finished_game = finished(P, 6)
    demo.save_game("magdagdon", finished_game)
    assert demo.record_game("magdagdon", finished_game) == 0  # its own table, in memory
    assert demo.record_game("counter", Counter(2, 2)) is None
    assert [r.id for r in scores(demo, P)] == [demo.record_id(finished_game)]
    demo.settle()
    assert demo.has_saved_game("magdagdon") is False
    demo.close()
    assert files(tmp_path) == before  # not a byte changed, no document, no database written
    player = make(tmp_path)
    assert [r.id for r in player.records("magdagdon")] == player_ids
    assert player.load_game("magdagdon").to_dict() == played(seed=4).to_dict()


def test_a_run_in_memory_leaves_a_finished_save_for_the_player(tmp_path: Path) -> None:
    """The player's own finished save (killed before it was recorded) waits for the player's
    next start: the demo does not record it into its memory and drop it."""
    player = make(tmp_path)
    game = finished(P, 4)
    player.save_game("magdagdon", game)
    player.close()
    demo = in_memory(tmp_path)
    demo.check_files()
    demo.close()
    assert not (tmp_path / DB_FILE).exists() or stored(tmp_path, "magdagdon") == []
    again = make(tmp_path)
    again.check_files()
    assert [r.id for r in again.records("magdagdon")] == [player.record_id(game)]


def test_records_in_memory_outlive_the_storages_close(tmp_path: Path) -> None:
    """Closing at the end of a run writes what is queued; the storage still works after, and
    records that live in memory are still there."""
    demo = in_memory(tmp_path)
    demo.record_game("magdagdon", finished(P, 4))
    demo.close()
    assert len(demo.records("magdagdon")) == 1
    demo.close()
