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


def test_magdagdon_s_score_ranges_are_the_rules_read_on_first_use() -> None:
    """The venue's server refuses scores outside these (M-7.5, M-7.6); the spec works them
    out when the venue link first reads them, not when the games are listed."""
    from game.games.magdagdon.daily import DAILY, DAILY_DIFFICULTY
    from game.rules.magdagdon import Difficulty, score_range

    [spec] = [spec for spec in GAMES if spec.id == "magdagdon"]
    ranges = spec.data.score_ranges
    assert dict(ranges) == {**{d.name: score_range(d) for d in Difficulty},
                            DAILY: score_range(DAILY_DIFFICULTY)}
    assert len(ranges) == 4 and ranges["NIGHTMARE"] == (-240, 544) and "EASY" not in ranges


def test_a_spec_s_codec_loads_its_session_on_first_call(tmp_path: Path) -> None:
    """Each game's save, record and document go through callables that import the game's
    session when first called (the title lists the games without them)."""
    import random

    from game.ai import autoplay
    from game.games.querni.session import QuerniSession
    from game.rules.magdagdon import Difficulty, MagdagdonGame

    specs = {spec.id: spec.data for spec in GAMES}
    game = autoplay.finish(MagdagdonGame(Difficulty.SURVIVAL, random.Random(4)))
    record = specs["magdagdon"].make_record(game)
    assert record["variant"] == "SURVIVAL" and specs["magdagdon"].is_over(game)
    specs["magdagdon"].check_record(record)
    with pytest.raises(ValueError):
        specs["magdagdon"].check_record({**record, "turns": 17})
    back = specs["magdagdon"].decode(specs["magdagdon"].encode(game))
    assert back.game.to_dict() == game.to_dict()
    session = QuerniSession.new(random.Random(5))
    assert specs["querni"].decode(specs["querni"].encode(session)).to_dict() == session.to_dict()
    assert specs["querni"].is_over(session) is False


def test_every_reference_querni_s_spec_hands_the_storage_resolves() -> None:
    """A finished game through each of QUERNI's codec, record, document and facet callables,
    and a game left against the computer (a resignation, Q-6.6)."""
    import random

    from game.games.querni.demo import choose_turn
    from game.games.querni.session import QuerniSession
    from tests.support.querni_games import YOU_BLUE, finished

    data = next(spec.data for spec in GAMES if spec.id == "querni")
    session = finished(7, "vs_hard", YOU_BLUE)
    record = data.make_record(session)
    data.check_record(record)
    assert data.facets["human"](record) == "BLUE" and data.is_over(session)
    document = data.document(session)
    assert document["format"] == data.document_format
    data.check_document(document)
    with pytest.raises(ValueError):
        data.check_record({**record, "reason": "bored"})
    left = QuerniSession.new(random.Random(3), "vs_easy", YOU_BLUE)
    left.play(*choose_turn(left.state, random.Random(3)))  # a game under way
    data.leave(left)
    assert data.is_over(left) and data.make_record(left)["reason"] == "resigned"
