"""Screenshots of the moments that matter, for reviews and the store page.

    python -m tools.screenshots OUT_DIR [--lang en] [--portrait]

Drives a headless app with real input events (like the tests) and saves PNGs of: the dice
tumbling, a die selected with its legal cells lit, a HINT shown (and one in MAGDAGDON), the
MAGDAGDON banner, a ruin crumbling, the game-over breakdown, the REVIEW page (top and
scrolled), the scores table with a hinted entry, plus every menu screen; and QUERNI's moments
(``q*.png``): the start, a piece selected with its steps and jumps lit, a jump sequence in
mid-air and going on, a chain selected, a removal popping and its trail marks, the game-over
panel, and its setup, rules, scores and replay screens; and QUERNI against the computer
(``v*.png``, alone with ``--only versus``): the setup screen with VS COMPUTER chosen, the
computer thinking, its move in mid-air, its chain lit and popping, a HINT on the board, the
game-over panel with STATISTICS, the scores of a level and the statistics per level; and
QUERNI's endings and REVIEW (``e*.png``, alone with ``--only endings``: see
``tools/screenshots_endings.py``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ai import autoplay  # noqa: E402
from game.arcade.app import ArcadeApp  # noqa: E402
from game.arcade.context import GameContext  # noqa: E402
from game.arcade.storage import Storage  # noqa: E402
from game.engine.app import AppConfig  # noqa: E402
from game.engine.loop import FakeClock  # noqa: E402
from game.engine.synthetic import post_tap  # noqa: E402
from game.engine.testing import run_frames  # noqa: E402
from game.games.magdagdon.hints import apply_step  # noqa: E402
from game.games.magdagdon.scenes.play import PlayScene  # noqa: E402
from game.games.magdagdon.session import Session  # noqa: E402
from game.games.registry import GAMES  # noqa: E402
from game.rules.magdagdon import Difficulty, MagdagdonGame  # noqa: E402
from tools.screenshots_endings import endings_shots  # noqa: E402


class _ForcedDice(random.Random):
    """Dice that come up as told (then at random), so every shot shows the same moment."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(1)
        self.values = values

    def randint(self, a: int, b: int) -> int:
        return self.values.pop(0) if self.values else super().randint(a, b)



def _save(app: ArcadeApp, out: Path, name: str) -> None:
    path = out / f"{name}.png"
    pygame.image.save(app.surface, str(path))
    print(path)


def _game() -> MagdagdonGame:
    """Two turns of 3s and 4s: a later roll of 6, 6, 1, 1 then fits nowhere (MAGDAGDON)."""
    game = MagdagdonGame(Difficulty.SURVIVAL, _ForcedDice([]))
    for values in ([3, 3, 4, 4], [4, 3, 3, 4]):
        game.roll(values)
        for die, cell in game.hint():
            game.place(die, cell)
        game.confirm()
    return game


def _hint(app: ArcadeApp, play: PlayScene) -> None:
    """Press HINT and let the advisor's answer arrive (the tool may wait; a frame never does)."""
    post_tap(play.b_hint.rect.center)
    run_frames(app, 2)
    play.hints.asker.wait(30)
    run_frames(app, 30)


def _reviewed_session() -> Session:
    """A SURVIVAL game played half by the advisor, half by the rules' first legal move (with a
    REROLL on turn 2), so the review has good turns and costly ones."""
    from game.ai.advisor import advise

    session = Session(MagdagdonGame(Difficulty.SURVIVAL, random.Random(11)))
    game = session.game
    while not game.is_over:
        game.roll()
        session.note("roll")
        if game.turns == 1 and game.powers_left:
            game.reroll([0, 1])
            session.note("reroll", [0, 1])
        if game.turns % 2 == 0:
            while game.in_turn:
                for step in advise(game).steps:
                    apply_step(game, step)
                    if step[0] == "reroll":
                        session.note("reroll", step[1])
                    elif step[0] == "adjust":
                        session.note("adjust")
                    elif step[0] in ("confirm", "accept"):
                        session.note("end")
        elif game.is_magdagdon:
            game.accept_magdagdon(min(game.legal_ruin_cells))
            session.note("end")
        else:
            for die, cell in game.hint() or []:
                game.place(die, cell)
            game.confirm()
            session.note("end")
    session.hints = 2
    return session


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", default="en", choices=("en", "th", "bg", "ko"))
    parser.add_argument("--portrait", action="store_true")
    parser.add_argument("--only", choices=("all", "versus", "endings"), default="all",
                        help="versus: only QUERNI against the computer (v*.png); endings: "
                             "only QUERNI's endings and REVIEW (e*.png)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    size = (1080, 1920) if args.portrait else (1920, 1080)
    with tempfile.TemporaryDirectory() as data:
        storage = Storage(data, games=[spec.data for spec in GAMES])
        settings = storage.load_settings()
        settings.language = args.lang
        settings.game("magdagdon")["coached"] = True
        ctx = GameContext(settings=settings, storage=storage, seed=1, notices=storage.notices)
        app = ArcadeApp(AppConfig(size=size), ctx, GAMES, clock=FakeClock())
        app.fixed_steps_per_frame = True
        if args.only != "all":
            shots = versus_shots if args.only == "versus" else endings_shots
            shots(app, args.out)
            app.shutdown()
            return 0
        game = _game()
        play = PlayScene(app, saved=game)
        app.stack.push(play)
        run_frames(app, 2)
        game.rng = _ForcedDice([3, 4, 4, 3])
        post_tap(play.b_roll.rect.center)
        run_frames(app, 14)
        _save(app, args.out, "1-rolling")
        run_frames(app, 60)
        post_tap(play.layout.die_rect(2).center)
        run_frames(app, 20)
        _save(app, args.out, "2-die-selected-legal-cells")
        _hint(app, play)
        _save(app, args.out, "2b-hint")
        for die, cell in game.hint():
            play.control.place(die, cell)
        play.control.confirm()
        play.sync()
        run_frames(app, 40)
        game.rng = _ForcedDice([6, 6, 1, 1])
        post_tap(play.b_roll.rect.center)
        run_frames(app, 2)
        post_tap((960, 1040))
        run_frames(app, 30)
        _save(app, args.out, "3-magdagdon")
        run_frames(app, 80)
        _save(app, args.out, "3b-magdagdon-rescue-or-accept")
        _hint(app, play)
        _save(app, args.out, "3c-magdagdon-hint")
        post_tap(play.b_accept.rect.center)
        run_frames(app, 2)
        post_tap(play.layout.cell_rect(game.board.index(None)).center)
        run_frames(app, 12)
        _save(app, args.out, "4-ruin")
        run_frames(app, 80)
        autoplay.finish(game)
        play.control._turn_ended()
        play.sync()
        run_frames(app, 100)
        _save(app, args.out, "5-game-over")
        session = _reviewed_session()
        storage.record_game("magdagdon", session)
        app.nav.push("magdagdon.review", session=session)
        run_frames(app, 2)
        app.stack.top.worker.wait(60)
        run_frames(app, 30)
        _save(app, args.out, "7-review")
        app.stack.top.show_turn(len(app.stack.top.review.turns) - 3)
        run_frames(app, 60)
        _save(app, args.out, "7b-review-scrolled")
        app.nav.clear_to("scores", game_id="magdagdon", variant="SURVIVAL")
        run_frames(app, 30)
        _save(app, args.out, "8-scores-hinted")
        for name in ("title", "settings", "scores", "magdagdon.rules", "about"):
            app.nav.clear_to(name)
            run_frames(app, 30)
            _save(app, args.out, f"6-{name}")
        querni_shots(app, args.out)
        versus_shots(app, args.out)
        endings_shots(app, args.out)
        app.shutdown()
    return 0


QUERNI_MIDGAME = {
    (2, 1): ("BLUE", 3), (3, 2): ("BLUE", 4), (4, 2): ("BLUE", 5), (5, 3): ("BLUE", 6),
    (6, 1): ("BLUE", 1), (7, 0): ("BLUE", 14), (4, 4): ("BLUE", 9), (5, 5): ("BLUE", 10),
    (1, 0): ("BLUE", 16), (8, 1): ("BLUE", 11), (2, 4): ("BLUE", 13),
    (3, 4): ("RED", 12), (4, 5): ("RED", 7), (3, 6): ("RED", 2), (6, 5): ("RED", 8),
    (7, 6): ("RED", 15), (8, 5): ("RED", 16), (6, 3): ("RED", 3), (1, 5): ("RED", 1),
    (2, 6): ("RED", 11), (7, 4): ("RED", 9), (8, 4): ("RED", 10), (9, 3): ("RED", 5),
}
"""A QUERNI middle game: BLUE 3–6 is a chain; BLUE 9 can step, and jump on over several pieces."""


def querni_shots(app: ArcadeApp, out: Path) -> None:
    """QUERNI's moments, through real taps on the play screen."""
    from game.games.querni.demo import choose_turn
    from game.games.querni.scenes.play import PlayScene as QuerniPlay
    from game.games.querni.session import QuerniSession
    from game.rules.querni import Color, QuerniState

    def tap_square(scene: QuerniPlay, square: tuple[int, int], frames: int = 4) -> None:
        post_tap(scene.layout.square_centre(square))
        run_frames(app, frames)

    def tap(rect: pygame.Rect, frames: int = 4) -> None:
        post_tap(rect.center)
        run_frames(app, frames)

    app.nav.clear_to("querni.setup")
    run_frames(app, 20)
    _save(app, out, "q0-setup")
    app.nav.clear_to("querni.play", saved=QuerniSession.new(random.Random(3)))
    run_frames(app, 30)
    _save(app, out, "q1-start")
    pieces = {sq: (Color(c), n) for sq, (c, n) in QUERNI_MIDGAME.items()}
    mid = QuerniState.from_pieces(pieces, Color.BLUE, quiet_turns=25)
    app.nav.clear_to("querni.play", saved=QuerniSession(mid, mid))
    run_frames(app, 10)
    play = app.stack.top
    assert isinstance(play, QuerniPlay)
    tap_square(play, (4, 4), 20)
    _save(app, out, "q2-selected-steps-and-jumps")
    longest = max(mid.jump_paths((4, 4)), key=len)
    tap_square(play, longest[1], 12)
    _save(app, out, "q3-jump-in-the-air")
    run_frames(app, 40)
    _save(app, out, "q3b-jump-can-go-on")
    tap(play.b_undo.rect, 40)
    tap(play.b_chain.rect, 10)
    low, high = 3, 6
    tap_square(play, mid.where(Color.BLUE, low) or (0, 0))
    tap_square(play, mid.where(Color.BLUE, high) or (0, 0), 60)
    _save(app, out, "q4-chain-selected")
    tap(play.b_end.rect, 14)
    _save(app, out, "q5-chain-pops")
    run_frames(app, 90)
    _save(app, out, "q6-after-removal-trail")
    session = QuerniSession.new(random.Random(6))
    rng = random.Random(6)
    while True:
        turn = choose_turn(session.state, rng)
        if session.state.play(*turn).result is not None:
            break
        session.play(*turn)
    app.nav.clear_to("querni.play", saved=session)
    run_frames(app, 10)
    play = app.stack.top
    from game.games.querni.gestures import GestureKind, gestures_for_turn

    for gesture in gestures_for_turn(session.state, *turn):
        if gesture.kind is GestureKind.TAP and gesture.square is not None:
            tap_square(play, gesture.square, 40)
        elif gesture.kind is GestureKind.SELECT_CHAIN:
            tap(play.b_chain.rect)
        elif gesture.kind is GestureKind.END_MOVE:
            tap(play.b_end.rect)
    run_frames(app, 200)
    _save(app, out, "q7-game-over")
    for name in ("querni.rules", "title"):
        app.nav.clear_to(name)
        run_frames(app, 30)
        _save(app, out, f"q8-{name}")
    app.nav.clear_to("scores", game_id="querni")
    run_frames(app, 30)
    _save(app, out, "q8-scores")
    app.nav.clear_to("settings", game_id="querni")
    run_frames(app, 30)
    _save(app, out, "q8-settings")
    from game.games.querni.record import to_record

    app.nav.clear_to("querni.replay", record=to_record(session))
    run_frames(app, 200)
    _save(app, out, "q9-replay")


class _Held:
    """A computer opponent's engine that thinks until ``release`` is set (so a shot can show
    it thinking), then plays the longest movement that ends with a removal."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def __call__(self, state: Any, level: str, rng: Any = None, *, cancel: Any = None,
                 **budget: Any) -> Any:
        from game.ai.querni import Cancelled

        while not self.release.wait(0.01):
            if cancel is not None and cancel.is_set():
                raise Cancelled("cancelled")
        turns = state.legal_turns()
        return max(turns, key=lambda turn: (turn[1] is not None, len(turn[0] or ())))


def _finished(seed: int, variant: str, players: dict[str, str]) -> Any:
    """A finished QUERNI game of ``variant`` (the demo's chooser playing both sides)."""
    from game.games.querni.demo import choose_turn
    from game.games.querni.session import QuerniSession

    session = QuerniSession.new(random.Random(seed), variant, players)
    rng = random.Random(seed)
    while not session.is_over:
        session.play(*choose_turn(session.state, rng))
    return session


def versus_shots(app: ArcadeApp, out: Path) -> None:
    """QUERNI against the computer, through real taps (``v*.png``)."""
    from game.games.querni.computer import ComputerPlayer
    from game.games.querni.players import HumanPlayer
    from game.games.querni.scenes.play import PlayScene as QuerniPlay
    from game.games.querni.session import QuerniSession
    from game.rules.querni import Color, QuerniState

    settings = app.ctx.game_settings("querni")
    settings.update(versus=True, level="hard", human="RED")
    app.nav.clear_to("querni.setup")
    run_frames(app, 20)
    _save(app, out, "v1-setup-vs-computer")

    pieces = {sq: (Color(c), n) for sq, (c, n) in QUERNI_MIDGAME.items()}
    mid = QuerniState.from_pieces(pieces, Color.BLUE, quiet_turns=25)
    session = QuerniSession(mid, mid, variant="vs_hard",
                            players={"BLUE": "computer:hard", "RED": "human"})
    held = _Held()
    play = QuerniPlay(app, saved=session, players={
        Color.BLUE: ComputerPlayer("hard", choose=held), Color.RED: HumanPlayer()})
    app.nav.clear_to("title")
    app.stack.push(play)
    run_frames(app, 40)
    post_tap(play.layout.square_centre((4, 4)))  # the computer's piece: refused, and why
    run_frames(app, 20)
    _save(app, out, "v2-computer-thinking-tap-refused")
    held.release.set()
    shots = {"air": False, "chain": False}
    for _ in range(2000):
        run_frames(app, 1)
        plan = [g.kind.value for g in play.computer.plan]
        if not shots["air"] and play.anim.busy and play.control.has_moved:
            run_frames(app, 8)
            _save(app, out, "v3-computer-jump-in-the-air")
            shots["air"] = True
        if not shots["chain"] and plan == ["end_move"] and play.control.chain is not None:
            run_frames(app, 20)
            _save(app, out, "v4-computer-chain-lit")
            shots["chain"] = True
        if session.turn_count == 1:
            run_frames(app, 14)
            _save(app, out, "v5-computer-chain-pops")
            break
    run_frames(app, 120)
    post_tap(play.b_hint.rect.center)
    run_frames(app, 2)
    play.hints.asker.wait(60)
    run_frames(app, 30)
    _save(app, out, "v6-hint")

    storage = app.ctx.storage
    people = {"BLUE": "human", "RED": "human"}
    games = [("two_players", people), ("two_players", people)]
    for level, count in (("easy", 4), ("medium", 3), ("hard", 2)):
        for me in ("BLUE", "RED")[:count]:
            other = "RED" if me == "BLUE" else "BLUE"
            games.append((f"vs_{level}", {me: "human", other: f"computer:{level}"}))
        games.extend([(f"vs_{level}", {"BLUE": "human", "RED": f"computer:{level}"})]
                     * (count - 2))
    games.append(("demo", {"BLUE": "computer:medium", "RED": "computer:hard"}))
    last = None
    for seed, (variant, players) in enumerate(games):
        last = _finished(seed, variant, players)
        storage.record_game("querni", last)
    app.nav.clear_to("querni.play", saved=last)
    run_frames(app, 10)
    app.nav.push("querni.game_over", session=last)
    run_frames(app, 30)
    _save(app, out, "v7-game-over-statistics")
    post_tap(app.stack.top.b_stats.rect.center)
    run_frames(app, 30)
    _save(app, out, "v9-statistics-per-level")
    app.nav.clear_to("scores", game_id="querni", variant="vs_easy")
    run_frames(app, 30)
    _save(app, out, "v8-scores-vs-easy")


if __name__ == "__main__":
    sys.exit(main())
