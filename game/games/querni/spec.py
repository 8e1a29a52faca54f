"""QUERNI as the arcade sees it (registered in ``game/games/registry.py``). The demo's games
are recorded under a variant of their own that is not one of the spec's, so no screen shows
them."""

from __future__ import annotations

from game.arcade.spec import GameSpec, SettingItem, TileAction, Variant, later
from game.arcade.storage import GameData, SettingField
from game.games.querni import FORMAT, GAME_ID, LEVELS, TWO_PLAYERS, VERSUS
from game.games.querni.texts import TEXTS

SESSION, RECORD = "game.games.querni.session", "game.games.querni.record"
"""The session and its records, imported when a game is first read, written or recorded."""
SOUNDS = ("querni_select", "querni_step", "querni_jump", "querni_land", "querni_chain",
          "querni_pop", "querni_illegal", "querni_pass", "querni_win", "querni_draw",
          "music_querni")
"""QUERNI's own effects and its play music (``tools/make_sounds.py``)."""

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
    encode=later(f"{SESSION}:QuerniSession.to_dict"),
    decode=later(f"{SESSION}:QuerniSession.from_dict"),
    is_over=lambda session: bool(session.is_over),
    leave=later(f"{SESSION}:QuerniSession.leave"),  # resigned, or abandoned
    make_record=later(f"{RECORD}:record_fields"),
    check_record=later(f"{RECORD}:check_record_fields"),
    document=later(f"{RECORD}:to_record"),
    document_format=FORMAT,
    check_document=later(f"{RECORD}:check"),
    facets={  # what the statistics count by and add up (game.games.querni.stats)
        "result": lambda fields: str(fields["result"]),
        "human": later("game.games.querni.stats:human_of"),
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
