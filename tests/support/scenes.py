"""Every scene of the arcade by name, built and settled: the shell's screens, each game's play
and rules screens, its other screens and the overlays (over MAGDAGDON's play screen), as the
layout, language and screen tests walk them."""

from __future__ import annotations

import random

from game.ai import autoplay
from game.arcade.kiosk import Kiosk
from game.games.registry import GAMES
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.support.arcade import settle


def finished_game() -> MagdagdonGame:
    return autoplay.finish(MagdagdonGame(Difficulty.PEACEFUL, random.Random(3)))


class FakeKiosk:
    """What the PIN pad reads of a kiosk."""

    pin = "1234"
    time = 0.0

    def pin_locked_for(self) -> float:
        return 0.0

    def reset_command(self) -> str:
        return "python main.py --reset-pin"


SHELL = ("title", "settings", "scores", "stats", "about", "crash")
OVERLAYS = ("pause", "magdagdon.game_over", "confirm", "pin_pad", "initials", "operator",
            "magdagdon.review", "venue_link", "venue_kiosks", "text_entry")


def finished_querni():
    """A finished QUERNI session (the demo's chooser playing both sides)."""
    from game.games.querni.demo import choose_turn
    from game.games.querni.session import QuerniSession

    session = QuerniSession.new(random.Random(6))
    rng = random.Random(6)
    while not session.is_over:
        session.play(*choose_turn(session.state, rng))
    return session


QUERNI = ("querni.setup", "querni.setup.versus", "querni.game_over", "querni.replay",
          "querni.games")
"""QUERNI's screens besides play and rules (its NEW GAME screen, with VS COMPUTER chosen too,
game-over panel, replay, the list of recorded games)."""
MAGDAGDON = ("magdagdon.daily",)
"""MAGDAGDON's screens besides play, rules and the overlays (its daily challenge)."""


def reviewed_session():
    """A finished NIGHTMARE game with its history (for the REVIEW page)."""
    from game.ai.advisor import advise
    from game.games.magdagdon.hints import apply_step
    from game.games.magdagdon.session import Session

    session = Session(MagdagdonGame(Difficulty.NIGHTMARE, random.Random(2)))
    game = session.game
    while not game.is_over:
        game.roll()
        session.note("roll")
        for step in advise(game).steps:
            apply_step(game, step)
        session.note("end")
    return session


def build(app, name: str):
    """Open the scene called ``name`` (overlays over MAGDAGDON's play scene) and settle."""
    if name == "crash":
        app.nav.push(name, saved=True)
    elif name in SHELL or name.endswith((".play", ".rules", ".setup", ".daily", ".games")):
        app.nav.push(name)
    elif name == "querni.setup.versus":  # VS COMPUTER chosen: its levels and colours too
        app.ctx.game_settings("querni").update(versus=True, level="hard", human="RED")
        app.nav.push("querni.setup")
    elif name == "querni.replay":
        from game.games.querni.record import to_record

        app.nav.push(name, record=to_record(finished_querni()))
    elif name == "querni.game_over":
        app.nav.push("querni.play")
        settle(app)
        app.nav.push(name, session=finished_querni())
    elif name.endswith(".variants"):
        app.nav.push("title")
        settle(app)
        title = app.stack.top
        title.new_game(next(s for s in GAMES if s.id == name.split(".")[0]))
    else:
        app.nav.push("magdagdon.play", variant="PEACEFUL")
        settle(app)
        kwargs = {
            "pause": {"game_id": "magdagdon"},
            "magdagdon.game_over": {"game": finished_game(), "rank": 0},
            "confirm": {"question_key": "settings.confirm_difficulty", "on_yes": lambda: None,
                        "texts": GAMES[0].texts, "difficulty": "SURVIVAL"},
            "pin_pad": {"kiosk": FakeKiosk()},
            "initials": {"game_id": "magdagdon", "record_id": "0" * 32},
            "operator": {"kiosk": Kiosk(app, pin="1234")},
            "magdagdon.review": {"session": reviewed_session()},
            "venue_link": {},
            "venue_kiosks": {},
            "text_entry": {"prompt_key": "venue.enter_server", "text": "postgresql://",
                           "on_done": lambda text: None,
                           "prompt_params": {"example": "postgresql://kiosk@venue-db/arcade"}},
        }[name]
        app.nav.push(name, **kwargs)
        if name == "magdagdon.review":
            settle(app)
            assert app.stack.top.worker.wait(60)
    settle(app, 3)
    return app.stack.top


NAMES = [*SHELL, *(f"{spec.id}.{scene}" for spec in GAMES for scene in ("play", "rules")),
         *(f"{spec.id}.variants" for spec in GAMES if spec.setup_scene is None), *OVERLAYS,
         *QUERNI, *MAGDAGDON]
"""Every scene ``build`` opens."""
