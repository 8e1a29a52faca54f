"""Each game hands its own migrations to storage: the shared files take every game's steps
(none twice), a save only its own game's, and a storage applies its games' steps unless it is
given every registered game's."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from game.arcade.storage import SETTINGS_FILE, GameMigrations, Storage
from game.arcade.storage.gamedata import Migrations
from tests.arcade.storage.support import COUNTER, GAMES, MAGDAGDON, copy_v1, read_json


def _same(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "version": data["version"] + 1}


def test_two_games_may_not_both_migrate_a_shared_file(tmp_path: Path) -> None:
    other = dataclasses.replace(COUNTER, migrations=GameMigrations({("settings", 1): _same}))
    with pytest.raises(ValueError, match="two games migrate settings version 1"):
        Storage(tmp_path / "data", games=(MAGDAGDON, other))
    assert not (tmp_path / "data").exists()  # refused before anything was created


def test_two_games_may_not_claim_one_older_save_file() -> None:
    other = GameMigrations(save_file=MAGDAGDON.migrations.save_file)
    with pytest.raises(ValueError, match="both claim"):
        Migrations({MAGDAGDON.id: MAGDAGDON.migrations, COUNTER.id: other})


def test_a_save_takes_only_its_own_games_steps() -> None:
    registry = Migrations({game.id: game.migrations for game in GAMES})
    assert registry.can_upgrade("save", 1, MAGDAGDON.id)
    assert not registry.can_upgrade("save", 1, COUNTER.id)
    assert registry.can_upgrade("settings", 1) and registry.can_upgrade("scores", 1)
    assert registry.save_file(MAGDAGDON.id) == "savegame.json"
    assert registry.save_file(COUNTER.id) is None and registry.save_file("nope") is None


@pytest.mark.parametrize("bad", ["../savegame.json", "saves/x.json", "savegame", ".json", ""])
def test_an_older_save_file_is_a_json_name_in_the_data_folder(bad: str) -> None:
    with pytest.raises(ValueError, match="save file"):
        GameMigrations(save_file=bad)


def test_steps_of_an_unknown_kind_are_refused() -> None:
    with pytest.raises(ValueError, match="no kind of file"):
        GameMigrations({("profiles", 1): _same})


def test_a_storage_applies_its_own_games_migrations_by_default(tmp_path: Path) -> None:
    copy_v1(tmp_path, "settings.json")
    s = Storage(tmp_path, games=GAMES)  # no migrations given: those of MAGDAGDON and COUNTER
    assert s.load_settings().game("magdagdon")["difficulty"] == "NIGHTMARE"
    assert s.notices == [] and read_json(tmp_path / SETTINGS_FILE)["version"] == 2


def test_without_the_steps_an_older_file_is_corrupt_not_guessed(tmp_path: Path) -> None:
    copy_v1(tmp_path, "settings.json")
    s = Storage(tmp_path, games=(COUNTER,))  # nobody here knows version 1
    assert s.load_settings().language == "en"
    assert [n.key for n in s.notices] == ["notice.corrupt"]
    [aside] = list(tmp_path.glob("settings.json.corrupt-*"))
    assert json.loads(aside.read_text("utf-8"))["version"] == 1  # nothing lost: set aside
