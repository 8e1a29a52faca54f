"""The registered games as storage sees them: the first one is the default game, and every
game's own migrations bring the older data folders forward through its spec."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.arcade.storage import Storage
from game.games.registry import GAMES
from tests.arcade.storage.support import V1_DIR, copy_v1, read_json


def test_the_first_registered_game_is_the_default_game(tmp_path: Path) -> None:
    settings = Storage(tmp_path, games=[spec.data for spec in GAMES]).load_settings()
    assert settings.last_game == GAMES[0].id


def test_the_v1_data_folder_migrates_through_the_games_specs(tmp_path: Path) -> None:
    copy_v1(tmp_path)
    storage = Storage(tmp_path, games=[spec.data for spec in GAMES])
    storage.check_files()
    assert storage.notices == []
    [owner] = [spec.id for spec in GAMES if spec.data.migrations.save_file == "savegame.json"]
    assert read_json(tmp_path / "saves" / f"{owner}.json")["game"] == owner
    assert storage.load_settings().game(owner)["difficulty"] == "NIGHTMARE"
    assert len(storage.records(owner)) == 14
    assert storage.load_game(owner) is not None
    assert (tmp_path / "savegame.json.v1-backup").read_bytes() == (
        V1_DIR / "savegame.json").read_bytes()


@pytest.mark.slow
def test_no_two_games_claim_one_older_file() -> None:
    claimed = [spec.data.migrations.save_file for spec in GAMES
               if spec.data.migrations.save_file is not None]
    assert len(claimed) == len(set(claimed))
