"""MAGDAGDON as the arcade sees it: its variants (the difficulties), screens, storage schema,
settings, scores view, demo player, sounds and title tile. Registered in ``game/games``."""

from __future__ import annotations

from game.arcade.spec import (
    GameSpec,
    LaterMapping,
    SettingItem,
    StartOption,
    TileAction,
    Variant,
    later,
)
from game.arcade.storage import GameData, GameMigrations, SettingField
from game.games.magdagdon import GAME_ID, SAVE_FILE
from game.games.magdagdon.texts import TEXTS
from game.rules.magdagdon import Difficulty, rank

DIFFICULTIES = tuple(d.name for d in Difficulty)
SESSION = "game.games.magdagdon.session"
"""The session and its record, imported when a game is first read, written or recorded."""
MIGRATIONS = "game.games.magdagdon.migrations"


DATA = GameData(
    id=GAME_ID,
    settings={
        "difficulty": SettingField("PEACEFUL", lambda v: v in DIFFICULTIES),
        "digits": SettingField(False),
        "coached": SettingField(False),
    },
    encode=later(f"{SESSION}:encode"),
    decode=later(f"{SESSION}:Session.from_dict"),  # an older save (the game alone) too
    is_over=later(f"{SESSION}:is_over"),
    make_record=later(f"{SESSION}:record"),
    check_record=later(f"{SESSION}:check_record"),
    score_of=lambda fields: int(fields["score"]),
    rank=rank,
    score_ranges=LaterMapping(f"{SESSION}:score_ranges"),
    migrations=GameMigrations(
        steps={("settings", 1): later(f"{MIGRATIONS}:settings_1_to_2"),
               ("scores", 1): later(f"{MIGRATIONS}:scores_1_to_2"),
               ("save", 1): later(f"{MIGRATIONS}:save_1_to_2")},
        save_file=SAVE_FILE),
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
