"""MAGDAGDON as the arcade sees it: its variants (the difficulties), screens, storage schema,
settings, scores view, demo player, sounds and title tile. Registered in ``game/games``."""

from __future__ import annotations

from typing import Any

from game.arcade.spec import GameSpec, SettingItem, StartOption, TileAction, Variant
from game.arcade.storage import GameData, SettingField
from game.games.magdagdon import GAME_ID
from game.games.magdagdon.daily import DAILY, parse_date
from game.games.magdagdon.migrations import MIGRATIONS
from game.games.magdagdon.session import DAILY_DIFFICULTY, Session, game_of, session_of
from game.games.magdagdon.texts import TEXTS
from game.rules.magdagdon import Difficulty, MagdagdonGame, rank, score_range

DIFFICULTIES = tuple(d.name for d in Difficulty)
MAX_SCORE = 10_000
"""Bounds a stored score may have (the game's range is far inside: M-7.6 caps it at 544)."""


def _record(obj: Session | MagdagdonGame) -> dict[str, Any]:
    """A finished game's record (M-8.2): score, turns, powers used and ruins, per difficulty;
    ``hints``: how many hints the player was shown (only when there were any)."""
    game = game_of(obj)
    card = game.score()
    record = {"variant": game.difficulty.name, "score": card.total, "turns": game.turns,
              "powers": game.powers_used, "ruins": card.ruins}
    if isinstance(obj, Session) and obj.daily is not None:
        record["variant"] = DAILY  # the day's one recorded attempt, in its own table
        record["daily"] = obj.daily
    hints = obj.hints if isinstance(obj, Session) else 0
    if hints:
        record["hints"] = hints
    return record


def _check_int(fields: dict[str, Any], name: str, low: int, high: int) -> None:
    value = fields.get(name)
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{name} must be an int from {low} to {high}, not {value!r}")


def _check_record(fields: dict[str, Any]) -> None:
    """A stored record must look like one ``_record`` wrote (ValueError otherwise)."""
    _check_int(fields, "score", -MAX_SCORE, MAX_SCORE)
    _check_int(fields, "turns", 0, 16)
    _check_int(fields, "powers", 0, max(d.powers for d in Difficulty))
    _check_int(fields, "ruins", 0, 16)
    hints = fields.get("hints", 0)
    if type(hints) is not int or not 0 <= hints <= 10_000:
        raise ValueError(f"hints must be a count, not {hints!r}")
    if "daily" in fields or fields.get("variant") == DAILY:
        parse_date(str(fields.get("daily")))  # ValueError unless YYYY-MM-DD


DATA = GameData(
    id=GAME_ID,
    settings={
        "difficulty": SettingField("PEACEFUL", lambda v: v in DIFFICULTIES),
        "digits": SettingField(False),
        "coached": SettingField(False),
    },
    encode=lambda obj: session_of(obj).to_dict(),  # a bare game saves as a session
    decode=Session.from_dict,  # an older save (the game alone): no hints or history
    is_over=lambda obj: bool(game_of(obj).is_over),
    make_record=_record,
    check_record=_check_record,
    score_of=lambda fields: int(fields["score"]),
    rank=rank,
    score_ranges={**{d.name: score_range(d) for d in Difficulty},
                  DAILY: score_range(DAILY_DIFFICULTY)},
    migrations=MIGRATIONS,
    facets={  # what the statistics add up per score (game.games.magdagdon.stats.SUMS)
        "ruins": lambda fields: int(fields["ruins"]),
        "powers": lambda fields: int(fields["powers"]),
        "hinted": lambda fields: 1 if fields.get("hints") else 0,
    },
)

SPEC = GameSpec(
    id=GAME_ID,
    logo="MAGDAGDON",
    texts=TEXTS,
    variants=tuple(Variant(d.name, f"difficulty.{d.name.lower()}",
                           f"difficulty.{d.name.lower()}_line") for d in Difficulty),
    scenes={
        "play": "game.games.magdagdon.scenes.play:PlayScene",
        "game_over": "game.games.magdagdon.scenes.game_over:GameOverScene",
        "rules": "game.games.magdagdon.scenes.rules:RulesScene",
        "review": "game.games.magdagdon.scenes.review:ReviewScene",
        "daily": "game.games.magdagdon.scenes.daily:DailyScene",
    },
    data=DATA,
    scores_view="game.games.magdagdon.widgets.scores:ScoresView",
    stats_view="game.games.magdagdon.widgets.stats:StatsView",
    demo="game.games.magdagdon.demo:DemoPlayer",
    tile="game.games.magdagdon.widgets.tile:draw_tile",
    sounds=("roll", "place", "pickup", "confirm", "illegal", "click", "power", "combo",
            "magdagdon", "ruin", "gameover", "tick", "music_play"),
    variant_setting="difficulty",
    settings_items=(
        SettingItem("difficulty", "settings.difficulty",
                    tuple((d.name, f"difficulty.{d.name.lower()}") for d in Difficulty),
                    restarts_game=True),
        SettingItem("digits", "settings.dice", ((False, "settings.pips"),
                                                 (True, "settings.digits"))),
    ),
    variant_flag="difficulty",
    about="game.games.magdagdon.about",
    tile_actions=(TileAction("tile.daily", "daily"),),
    start_options=(StartOption(
        "daily", "YYYY-MM-DD", "play that date's daily challenge (UTC dates; the same dice "
        "everywhere)", "game.games.magdagdon.daily:option_date", "play", "daily"),),
)
