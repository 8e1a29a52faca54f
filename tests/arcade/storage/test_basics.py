"""The package as a whole: where the data lives, which folders are refused, what it imports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

import game.arcade.storage as storage_package
from game.arcade.storage import (
    DB_FILE,
    DEFAULT_DIR,
    MAX_BYTES,
    SCORES_MAX_BYTES,
    Settings,
    Storage,
)
from game.arcade.storage import lock as location
from tests.arcade.storage.support import COUNTER, GAMES, MAGDAGDON, make, scores

ROOT = Path(__file__).resolve().parents[3]


def test_default_dir_is_the_platform_user_data_dir() -> None:
    assert Path(platformdirs.user_data_dir("magdagdon", appauthor=False)) == DEFAULT_DIR
    assert MAX_BYTES == 1_000_000 and SCORES_MAX_BYTES == 64 * 1024 * 1024


def test_no_dir_given_means_default_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(location, "DEFAULT_DIR", tmp_path / "default")
    s = Storage()
    assert s.data_dir == tmp_path / "default" and s.data_dir.is_dir() and s.writable


def test_creates_a_missing_data_dir_and_only_the_records_database(tmp_path: Path) -> None:
    s = make(tmp_path / "a" / "b")
    assert s.writable and s.notices == [] and s.data_dir.is_dir()
    assert s.load_settings() == Settings.for_games(GAMES)
    assert scores(s, "PEACEFUL") == [] and s.records("magdagdon") == s.records("counter") == []
    assert s.load_game("magdagdon") is None and not s.has_saved_game("magdagdon")
    assert s.load_game("counter") is None and not s.has_saved_game("counter")
    s.check_files()
    assert [p.name for p in s.data_dir.iterdir() if not p.name.startswith(DB_FILE)] == []
    assert (s.data_dir / DB_FILE).is_file() and s.notices == []


@pytest.mark.parametrize("bad", ["", "   ", "\t"])
def test_an_empty_data_dir_is_refused_not_the_working_directory(
    bad: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match="data folder is empty"):
        Storage(bad, games=GAMES)
    assert list(tmp_path.iterdir()) == []


def test_a_home_folder_that_does_not_exist_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match="home folder that is not there"):
        Storage("~no-such-user-here-4711/x", games=GAMES)
    assert list(tmp_path.iterdir()) == []


def test_tilde_is_expanded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert Storage("~/games", games=GAMES).data_dir == tmp_path / "games"


def test_games_need_distinct_valid_ids() -> None:
    with pytest.raises(ValueError):
        Storage(None, games=(MAGDAGDON, MAGDAGDON))
    with pytest.raises(ValueError):
        type(MAGDAGDON)(**{**MAGDAGDON.__dict__, "id": "Magdagdon"})
    with pytest.raises(ValueError):
        type(MAGDAGDON)(**{**MAGDAGDON.__dict__, "id": "../x"})


def test_an_unknown_game_id_is_a_value_error(tmp_path: Path) -> None:
    s = make(tmp_path, games=(COUNTER,))
    for call in (lambda: s.records("magdagdon"), lambda: s.load_game("magdagdon"),
                 lambda: s.has_saved_game("nope"), lambda: s.clear_game("nope"),
                 lambda: s.table("nope", "x"), lambda: s.save_game("nope", object())):
        with pytest.raises(ValueError, match="no game"):
            call()


def test_the_package_imports_no_pygame_and_never_pickles() -> None:
    folder = Path(storage_package.__file__).parent
    for source in folder.glob("*.py"):
        assert "pickle" not in source.read_text("utf-8"), source.name
    code = (
        "import sys, game.arcade.storage, game.engine.locales\n"
        "print(','.join(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')))"
    )  # (logging.handlers imports pickle itself: the source check above is what counts)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=True)
    assert out.stdout.strip() == ""
