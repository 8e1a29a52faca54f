"""QUERNI as the arcade sees it (registered in ``game/games/registry.py``). The demo's games
are recorded under a variant of their own that is not one of the spec's, so no screen shows
them."""

from __future__ import annotations

from typing import Any

from game.arcade.spec import GameSpec, SettingItem, TileAction, Variant
from game.arcade.storage import GameData, SettingField
from game.games.querni import GAME_ID
from game.games.querni.record import FORMAT, check, to_record
from game.games.querni.session import (
    ABANDONED,
    LEVELS,
    MAX_HINTS,
    NO_RESULT,
    RESIGNED,
    TWO_PLAYERS,
    VERSUS,
    QuerniSession,
    valid_players,
)
from game.games.querni.stats import human_of
from game.games.querni.texts import TEXTS
from game.rules.querni import ALL_REMOVED, NO_CHAIN_LEFT, QUIET_ROUNDS
from game.rules.querni.state import RESULTS

REASONS = (ALL_REMOVED, NO_CHAIN_LEFT, QUIET_ROUNDS, RESIGNED, ABANDONED)
"""Why a game ended: the rules' three (Q-5), a resignation, two players' EXIT (Q-6.6)."""
SOUNDS = ("querni_select", "querni_step", "querni_jump", "querni_land", "querni_chain",
          "querni_pop", "querni_illegal", "querni_pass", "querni_win", "querni_draw",
          "music_querni")
"""QUERNI's own effects and its play music (``tools/make_sounds.py``)."""


def _record(session: QuerniSession) -> dict[str, Any]:
    """A finished game's record: variant, result, reason, turns and who played."""
    outcome = session.outcome
    assert outcome is not None, "only a finished game is recorded"
    record = {"variant": session.variant, "result": outcome.result, "reason": outcome.reason,
              "turns": session.turn_count, "players": dict(session.players)}
    if session.hints:
        record["hints"] = session.hints  # only when there were any (as MAGDAGDON's)
    if session.takebacks:
        record["takebacks"] = session.takebacks  # TAKE BACK against EASY or MEDIUM
    return record


def _check_record(fields: dict[str, Any]) -> None:
    """A stored record must look like one ``_record`` wrote (ValueError otherwise)."""
    result, reason = fields.get("result"), fields.get("reason")
    if result not in (*RESULTS, NO_RESULT):
        raise ValueError(f"result must be one of {RESULTS} or {NO_RESULT}, not {result!r}")
    if reason not in REASONS:
        raise ValueError(f"reason must be one of {REASONS}, not {reason!r}")
    if (result == NO_RESULT) != (reason == ABANDONED) or (reason == RESIGNED
                                                          and result == "DRAW"):
        raise ValueError(f"a game that ended {reason!r} cannot have the result {result!r}")
    turns = fields.get("turns")
    if type(turns) is not int or not 1 <= turns <= 100_000:
        raise ValueError(f"turns must be a count, not {turns!r}")
    players = fields.get("players")
    if not valid_players(players):
        raise ValueError(f"players must name who played BLUE and RED, not {players!r}")
    hints = fields.get("hints", 0)
    if type(hints) is not int or not 0 <= hints <= MAX_HINTS:
        raise ValueError(f"hints must be a count, not {hints!r}")
    takebacks = fields.get("takebacks", 0)
    if type(takebacks) is not int or not 0 <= takebacks <= 100_000:
        raise ValueError(f"takebacks must be a count, not {takebacks!r}")


def _check_document(data: dict[str, Any]) -> None:
    check(data)


DATA = GameData(
    id=GAME_ID,
    settings={
        "show_chains": SettingField(True),
        "coached": SettingField(False),  # the first-game coach was seen out (coach.py)
        # the setup screen's last choice: against the computer? at which level, as which colour
        "versus": SettingField(False),
        "level": SettingField("medium", lambda v: v in LEVELS),
        "human": SettingField("BLUE", lambda v: v in ("BLUE", "RED")),
    },
    encode=QuerniSession.to_dict,
    decode=QuerniSession.from_dict,
    is_over=lambda session: bool(session.is_over),
    leave=QuerniSession.leave,  # a new game in its place: resigned, or abandoned
    make_record=_record,
    check_record=_check_record,
    document=to_record,
    document_format=FORMAT,
    check_document=_check_document,
    facets={  # what the statistics count by and add up (game.games.querni.stats)
        "result": lambda fields: str(fields["result"]),
        "human": human_of,
        "turns": lambda fields: int(fields["turns"]),
    },
)

SPEC = GameSpec(
    id=GAME_ID,
    logo="QUERNI",
    texts=TEXTS,
    variants=(Variant(TWO_PLAYERS, "variant.two_players", "variant.two_players_line"),
              *(Variant(variant, f"variant.{variant}", f"variant.{variant}_line")
                for variant in VERSUS)),
    scenes={
        "play": "game.games.querni.scenes.play:PlayScene",
        "setup": "game.games.querni.scenes.setup:SetupScene",
        "game_over": "game.games.querni.scenes.game_over:GameOverScene",
        "rules": "game.games.querni.scenes.rules:RulesScene",
        "replay": "game.games.querni.scenes.replay:ReplayScene",
        "games": "game.games.querni.scenes.games:GamesScene",
    },
    data=DATA,
    scores_view="game.games.querni.widgets.scores:ScoresView",
    stats_view="game.games.querni.widgets.stats:StatsView",
    demo="game.games.querni.demo:DemoPlayer",
    tile="game.games.querni.widgets.tile:draw_tile",
    sounds=SOUNDS,
    setup_scene="setup",
    settings_items=(
        SettingItem("show_chains", "settings.show_chains", ((True, "settings.on"),
                                                            (False, "settings.off"))),
    ),
    about="game.games.querni.about",
    replay_scene="replay",
    tile_actions=(TileAction("tile.games", "games", kiosk=True),),
)
