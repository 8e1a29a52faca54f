"""The monkey's knowledge of QUERNI: what its play screen must show (the rules' board, the
session's turns leading to it) and where a sensible player taps, so random games still end."""

from __future__ import annotations

import json
from typing import Any

from game.games.querni.demo import choose_turn
from game.games.querni.session import QuerniSession, replay
from game.rules.querni import PIECES, Color, Square

Pos = tuple[int, int]


def session_problems(session: QuerniSession, round_trip: bool = True) -> list[str]:
    """The invariants of a session that do not hold (empty when all is well)."""
    problems: list[str] = []
    state = session.state
    for color in Color:
        numbers = state.numbers(color)
        if not numbers <= set(range(1, PIECES + 1)):
            problems.append(f"{color.name} numbers {sorted(numbers)}")
    if round_trip:
        try:
            again = replay(session.start, session.turns)
        except ValueError as error:
            problems.append(f"the session's turns are not legal: {error}")
        else:
            if again != state:
                problems.append("the session's turns do not lead to its position")
        data = session.to_dict()
        try:
            back = QuerniSession.from_dict(json.loads(json.dumps(data))).to_dict()
        except (TypeError, ValueError) as error:
            problems.append(f"from_dict refuses to_dict's data ({error})")
        else:
            if back != data:
                problems.append("to_dict/from_dict round trip differs")
    return problems


def play_problems(scene: Any, round_trip: bool = True) -> list[str]:
    """Session invariants, the controller agreeing with the session, and — when it drew this
    frame — the board on screen equal to the position the controller shows (or the past
    position viewed from the move list)."""
    session, control = scene.session, scene.control
    problems = session_problems(session, round_trip)
    if control.state != session.state:
        problems.append("the controller's position is not the session's")
    if control.is_over != session.is_over:
        problems.append(f"is_over {control.is_over} vs the session's {session.is_over}")
    drawn = scene.board_view.drawn
    if drawn and not problems:  # None: cleared and not drawn since; {}: never drawn yet
        position = scene.story.position or control.shown  # a past turn viewed, or the present
        shown = {sq: (str(c), n) for sq, (c, n) in position.pieces.items()}
        on_screen = {**drawn, **scene.board_view.withheld}
        if on_screen != shown:
            wrong = sorted(set(on_screen.items()) ^ set(shown.items()))[:6]
            problems.append(f"the board drawn differs from the rules' position: {wrong}")
        if scene.board_view.withheld and not (scene.anim.busy or scene.gestures.press is not None):
            problems.append(f"pieces withheld with no animation: {scene.board_view.withheld}")
    return problems


class QuerniMonkey:
    """Plugged into ``tools.monkey`` for scenes whose ``game_id`` is ``"querni"``."""

    rare_buttons = {"play.menu": 0.15, "play.exit": 0.08, "over.menu": 0.5}
    """Buttons pressed less often: they leave the game."""

    def is_play(self, scene: Any) -> bool:
        return type(scene).__name__ == "PlayScene"

    def state(self, scene: Any) -> tuple[Any, ...]:
        c = scene.control
        return (id(scene.session), c.state.cells, c.state.to_move, scene.session.turn_count,
                c.path, c.chain, c.selected, c.chain_mode)

    def problems(self, scene: Any, round_trip: bool) -> list[str]:
        if not self.is_play(scene):
            return []
        return play_problems(scene, round_trip)

    def clear_drawn(self, scene: Any) -> None:
        if self.is_play(scene):
            scene.board_view.drawn = None

    def drew(self, scene: Any) -> bool:
        return self.is_play(scene) and bool(scene.board_view.drawn)

    def finished(self, scene: Any) -> Any:
        session = getattr(scene, "session", None)
        return session if session is not None and session.is_over else None

    def describe(self, scene: Any) -> str:
        if not self.is_play(scene):
            return type(scene).__name__
        c = scene.control
        return (f"{c.state}\npath={c.path} chain_mode={c.chain_mode} chain={c.chain} "
                f"selected={c.selected} turns={scene.session.turns[-4:]} "
                f"drawn={scene.board_view.drawn!r}")

    def state_name(self, scene: Any) -> str:
        name = type(scene).__name__
        if self.is_play(scene) and scene.control.chain_mode:
            return "PlayScene[chain]"
        return name

    def target(self, monkey: Any, scene: Any) -> tuple[str, Pos] | None:
        """Mostly the next gesture of a legal turn, so games really end; sometimes anything."""
        if not self.is_play(scene):
            if type(scene).__name__ == "SetupScene":
                return "NEW GAME", monkey._point_in(scene.b_start.rect)
            return None
        rng, c, L = monkey.rng, scene.control, scene.layout
        if rng.random() < 0.12:
            square = (rng.randrange(10), rng.randrange(7))
            return f"square {square}", monkey._point_in(L.square_rect(square))
        if rng.random() < 0.02:
            return "speaker", monkey._point_in(L.speaker_rect)
        if scene.busy or c.is_over:
            return "skip", monkey._anywhere(0.0)
        lit = sorted(c.lit_steps | c.lit_jumps | c.chain_candidates)
        if lit and rng.random() < 0.7:
            square = rng.choice(lit)
            return f"lit {square}", monkey._point_in(L.square_rect(square))
        if (c.has_moved or c.chain is not None) and rng.random() < 0.6:
            return "END MOVE", monkey._point_in(scene.b_end.rect)
        if c.can_undo and rng.random() < 0.05:
            return "UNDO", monkey._point_in(scene.b_undo.rect)
        path, chain = choose_turn(c.state, rng)
        if chain is not None and not c.has_moved and not c.chain_mode and rng.random() < 0.5:
            return "SELECT CHAIN", monkey._point_in(scene.b_chain.rect)
        if path:
            return f"piece {path[0]}", monkey._point_in(L.square_rect(path[0]))
        return "END MOVE", monkey._point_in(scene.b_end.rect)

    def drag(self, monkey: Any, scene: Any) -> tuple[str, Pos, Pos] | None:
        """An own piece onto one of its destinations (mostly), or anywhere."""
        if not self.is_play(scene) or scene.control.is_over:
            return None
        rng, c, L = monkey.rng, scene.control, scene.layout
        mine = [sq for sq, (color, _n) in c.shown.pieces.items() if color is c.to_move]
        if not mine:
            return None
        frm: Square = rng.choice(sorted(mine))
        ends = sorted(c.state.destinations(frm)) if not c.has_moved else []
        if ends and rng.random() < 0.8:
            to = rng.choice(ends)
            return (f"piece {frm} -> {to}", monkey._point_in(L.square_rect(frm)),
                    monkey._point_in(L.square_rect(to)))
        return (f"piece {frm} -> anywhere", monkey._point_in(L.square_rect(frm)),
                monkey._anywhere())


PLAYER = QuerniMonkey()
