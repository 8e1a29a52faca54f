"""Only regular files and real folders inside the data folder are opened or written (issue 38,
case 9): a symlink, a FIFO or a file in the place of ``saves/`` or ``games/``, or of a file in
them, is moved aside and reported, never followed; the game goes on with a real folder."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from game.arcade.storage import GAMES_DIR, SAVES_DIR, Notice, Storage, save_name
from tests.arcade.storage.support import COUNTER, make, played


def check_note(data: dict) -> None:
    if data.get("format") != "note":
        raise ValueError("not a note")


NOTED = replace(COUNTER, document=lambda game: {"format": "note"}, document_format="note",
                check_document=check_note)
DOCUMENT = f"{GAMES_DIR}/counter-20261130T021500Z-{'a' * 32}.json"


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` and its bytes: what must not change."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def elsewhere_with_a_save(tmp_path: Path) -> Path:
    """A folder outside the data folder holding a valid saved game (and so a ``saves/``)."""
    outside = tmp_path / "outside"
    store = make(outside)
    assert store.save_game("magdagdon", played())
    store.close()
    return outside


def plant(path: Path, kind: str, target: Path) -> None:
    """Something other than a real folder or file at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "symlink":
        path.symlink_to(target)
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        path.write_text("not a folder")


def aside(folder: Path, name: str) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(f"{name}.corrupt-")]


@pytest.mark.parametrize("kind", ["symlink", "file", "fifo"])
def test_something_else_as_the_saves_folder_is_set_aside_never_followed(
        tmp_path: Path, kind: str) -> None:
    if kind == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    outside = elsewhere_with_a_save(tmp_path)
    before = snapshot(outside)
    data = tmp_path / "data"
    plant(data / SAVES_DIR, kind, outside / SAVES_DIR)
    store = make(data)
    assert store.has_saved_game("magdagdon") is False
    assert store.load_game("magdagdon") is None  # the game behind the link is not resumed
    assert Notice("notice.corrupt", {"file": SAVES_DIR}) in store.notices
    assert len(aside(data, SAVES_DIR)) == 1
    assert store.save_game("magdagdon", played(seed=9))
    store.close()
    assert (data / SAVES_DIR).is_dir() and not (data / SAVES_DIR).is_symlink()
    assert (data / save_name("magdagdon")).is_file()
    assert snapshot(outside) == before  # nothing written into the link's target


def test_a_saves_folder_turned_into_a_link_while_running_is_not_written_through(
        tmp_path: Path) -> None:
    outside = elsewhere_with_a_save(tmp_path)
    before = snapshot(outside)
    data = tmp_path / "data"
    store = make(data)
    assert store.save_game("magdagdon", played())
    (data / save_name("magdagdon")).unlink()
    (data / SAVES_DIR).rmdir()
    (data / SAVES_DIR).symlink_to(outside / SAVES_DIR)
    assert store.save_game("magdagdon", played(seed=9))
    store.close()
    assert snapshot(outside) == before
    assert not (data / SAVES_DIR).is_symlink() and (data / save_name("magdagdon")).is_file()


def test_a_save_file_that_is_a_symlink_is_set_aside_not_read(tmp_path: Path) -> None:
    outside = elsewhere_with_a_save(tmp_path)
    before = snapshot(outside)
    data = tmp_path / "data"
    (data / SAVES_DIR).mkdir(parents=True)
    (data / save_name("magdagdon")).symlink_to(outside / save_name("magdagdon"))
    store = make(data)
    assert store.has_saved_game("magdagdon") is False
    assert store.load_game("magdagdon") is None
    assert Notice("notice.corrupt", {"file": save_name("magdagdon")}) in store.notices
    assert len(aside(data / SAVES_DIR, "magdagdon.json")) == 1
    assert snapshot(outside) == before


@pytest.mark.parametrize("kind", ["symlink", "file"])
def test_something_else_as_the_games_folder_is_set_aside_never_followed(
        tmp_path: Path, kind: str) -> None:
    outside = tmp_path / "outside"
    make(outside, games=(NOTED,)).write_game_document("counter", "a" * 32, {"format": "note"})
    before = snapshot(outside)
    data = tmp_path / "data"
    plant(data / GAMES_DIR, kind, outside / GAMES_DIR)
    store = make(data, games=(NOTED,))
    assert store.game_documents("counter") == []  # the documents behind the link are not ours
    assert Notice("notice.corrupt", {"file": GAMES_DIR}) in store.notices
    assert store.write_game_document("counter", "b" * 32, {"format": "note"})
    assert (data / GAMES_DIR).is_dir() and not (data / GAMES_DIR).is_symlink()
    assert len(list((data / GAMES_DIR).iterdir())) == 1
    assert snapshot(outside) == before


def test_a_document_that_is_a_symlink_is_set_aside_not_read(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "note.json").write_text('{"format": "note"}')
    data = tmp_path / "data"
    (data / GAMES_DIR).mkdir(parents=True)
    (data / DOCUMENT).symlink_to(outside / "note.json")
    store: Storage = make(data, games=(NOTED,))
    assert store.game_documents("counter") == []
    assert Notice("notice.corrupt", {"file": DOCUMENT}) in store.notices
    assert (outside / "note.json").read_text() == '{"format": "note"}'
