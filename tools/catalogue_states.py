"""The screen-states of the catalogue (``tools/catalogue.py``): every screen and dialog of the
arcade and both games in each state a player can reach, each one line of ``STATES``.

A state is a name and a function that brings a fresh arcade (an empty stack, this machine's
records as ``records`` says) to it through the scenes' own entry points: ``Stage.open``
(a scene alone), ``Stage.over`` (an overlay over a play screen), then whatever taps or calls
the state needs. The games and records the states show are made once per process
(``Fixtures``) from fixed seeds.
"""

from __future__ import annotations

import copy
import functools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from game.engine.testing import run_frames

EMPTY, FULL = "empty", "full"
"""What this machine's records hold while a state is shown: nothing, or games of every kind."""


@dataclass(frozen=True)
class State:
    """One screen-state: its name, how to reach it, and the records it is shown with."""

    name: str
    reach: Callable[[Stage], Any]
    records: str = FULL


class Stage:
    """A fresh arcade to bring to a state (see the module)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def settle(self, frames: int = 3) -> None:
        """Run ``frames`` frames (at least ``QUIET_FRAMES``) without drawing them (only the
        frame looked at is drawn: ``catalogue._draw``), so animations and workers move on at
        a frame's cost."""
        app = self.app
        app._due = _never
        try:
            run_frames(app, max(frames, QUIET_FRAMES))
            deadline = time.monotonic() + READING_SECONDS
            while any(getattr(scene, "reading", False) for scene in app.stack.scenes) \
                    and time.monotonic() < deadline:  # a list read in the background
                time.sleep(0.005)
                run_frames(app, 1)
        finally:
            del app._due

    def open(self, name: str, frames: int = 3, **kwargs: Any) -> Any:
        """``name`` alone on the stack."""
        self.app.nav.clear_to(name, **kwargs)
        self.settle(frames)
        return self.app.stack.top

    def push(self, name: str, frames: int = 3, **kwargs: Any) -> Any:
        self.app.nav.push(name, **kwargs)
        self.settle(frames)
        return self.app.stack.top

    def over(self, name: str, under: str = "magdagdon.play", frames: int = 3,
             under_kwargs: dict[str, Any] | None = None, **kwargs: Any) -> Any:
        """``name`` over ``under`` (a new PEACEFUL game of MAGDAGDON by default)."""
        self.open(under, **(under_kwargs or ({"variant": "PEACEFUL"}
                                            if under == "magdagdon.play" else {})))
        return self.push(name, frames, **kwargs)

    def play(self, game_id: str, saved: Any, frames: int = 3, **kwargs: Any) -> Any:
        """``saved`` on ``game_id``'s play screen."""
        return self.open(f"{game_id}.play", frames, saved=saved, **kwargs)


READING_SECONDS = 10.0
"""How long a screen that reads in the background (``reading``) is given to be read."""
QUIET_FRAMES = 8
"""Frames enough for pygame-gui to be updated once with nobody touching it
(``engine.gui.QUIET_UPDATE_EVERY``): a state reached by calling a scene, not by a tap, shows
its new buttons only after that."""


def _never(steps: int) -> bool:
    return False


# --- the games shown ----------------------------------------------------------------------
class Fixtures:
    """Games and records made once per process (fixed seeds)."""

    @staticmethod
    @functools.cache
    def magdagdon_over() -> Any:
        from game.ai import autoplay
        from game.rules.magdagdon import Difficulty, MagdagdonGame

        return autoplay.finish(MagdagdonGame(Difficulty.PEACEFUL, random.Random(3)))

    @staticmethod
    @functools.cache
    def magdagdon_session(difficulty: str = "NIGHTMARE", seed: int = 2,
                          daily: str | None = None) -> Any:
        """A finished game with its history (REVIEW reads it), played by the advisor."""
        from game.ai.advisor import advise
        from game.games.magdagdon.hints import apply_step
        from game.games.magdagdon.session import Session
        from game.rules.magdagdon import Difficulty, MagdagdonGame

        session = Session.daily_challenge(daily) if daily else Session(
            MagdagdonGame(Difficulty[difficulty], random.Random(seed)))
        game = session.game
        while not game.is_over:
            game.roll()
            session.note("roll")
            while game.in_turn:
                for step in advise(game).steps:
                    apply_step(game, step)
            session.note("end")
        return session

    @staticmethod
    @functools.cache
    def magdagdon_review(daily: bool = False) -> Any:
        """REVIEW's verdicts on ``magdagdon_session`` (worked out once: seconds of advice)."""
        from game.games.magdagdon.review import review

        session = Fixtures.magdagdon_session(daily=DAY if daily else None)
        return review(list(session.history), lambda *_: None, lambda: False)

    @staticmethod
    def magdagdon_midgame(turns: int = 3, seed: int = 4) -> Any:
        from game.ai.advisor import advise
        from game.games.magdagdon.hints import apply_step
        from game.rules.magdagdon import Difficulty, MagdagdonGame

        game = MagdagdonGame(Difficulty.SURVIVAL, random.Random(seed))
        for _ in range(turns):
            game.roll()
            while game.in_turn:
                for step in advise(game).steps:
                    apply_step(game, step)
        return game

    @staticmethod
    def querni(variant: str = "two_players", players: dict[str, str] | None = None,
               turns: int | None = None, seed: int = 6) -> Any:
        """A QUERNI game played by the demo's chooser: ``turns`` turns, or to its end (a
        copy: a screen may play on)."""
        return copy.deepcopy(Fixtures._querni(variant, tuple(sorted((players or {}).items())),
                                              turns, seed))

    @staticmethod
    @functools.cache
    def _querni(variant: str, players: tuple[tuple[str, str], ...], turns: int | None,
                seed: int) -> Any:
        from game.games.querni.demo import choose_turn
        from game.games.querni.session import QuerniSession

        session = QuerniSession.new(random.Random(seed), variant, dict(players) or None)
        rng = random.Random(seed)
        while not session.is_over and (turns is None or session.turn_count < turns):
            session.play(*choose_turn(session.state, rng))
        return session

    @staticmethod
    def querni_vs(result: str = "won", level: str = "easy", human: str = "BLUE") -> Any:
        return copy.deepcopy(Fixtures._querni_vs(result, level, human))

    @staticmethod
    @functools.cache
    def _querni_vs(result: str, level: str, human: str) -> Any:
        """A game against the computer the person ``won``, ``lost``, ``resigned`` or
        ``abandoned`` (left between two people is the other kind of ending)."""
        from game.rules.querni import Color

        other = "RED" if human == "BLUE" else "BLUE"
        players = {human: "human", other: f"computer:{level}"}
        if result in ("resigned", "left"):
            session = Fixtures.querni(f"vs_{level}", players, turns=6)
            session.resign(Color[human])
            return session
        for seed in range(200):
            session = Fixtures.querni(f"vs_{level}", players, seed=seed)
            winner = session.outcome.winner if session.outcome is not None else None
            won = winner is not None and winner.name == human
            if (result == "won") == won and (result != "lost" or winner is not None):
                return session
        raise AssertionError(f"no seed gives a {result} game")

    @staticmethod
    def querni_abandoned() -> Any:
        session = Fixtures.querni(turns=3)
        session.abandon()
        return session

    @staticmethod
    def querni_record(session: Any) -> dict[str, Any]:
        from game.games.querni.record import to_record

        return dict(to_record(session))


DAY = "2026-11-30"


def fill(storage: Any) -> None:
    """This machine's records holding games of every kind: MAGDAGDON's tables and statistics,
    QUERNI's games won, lost, resigned, abandoned, between two people and by two computers, and
    a MAGDAGDON game in progress (CONTINUE on the title)."""
    from game.ai import autoplay
    from game.games.magdagdon.session import Session
    from game.rules.magdagdon import Difficulty, MagdagdonGame

    F = Fixtures
    for seed, difficulty in enumerate(("PEACEFUL", "SURVIVAL", "NIGHTMARE", "SURVIVAL") * 3):
        game = autoplay.finish(MagdagdonGame(Difficulty[difficulty], random.Random(seed + 10)))
        storage.record_game("magdagdon", Session(game), initials="ABC"[: 1 + seed % 3])
    storage.record_game("magdagdon", F.magdagdon_session(daily=DAY))
    for session in (F.querni(), F.querni(seed=8), F.querni_abandoned(),
                    F.querni_vs("won"), F.querni_vs("lost", "medium"),
                    F.querni_vs("resigned", "hard", "RED"), F.querni_vs("won", "hard", "RED"),
                    F.querni("demo", {"BLUE": "computer:medium", "RED": "computer:hard"})):
        storage.record_game("querni", session)
    storage.save_game("magdagdon", F.magdagdon_midgame())
    storage.settle()


# --- the states ---------------------------------------------------------------------------
class FakeKiosk:
    """What the PIN pad reads of a kiosk, locked or not."""

    def __init__(self, locked: float = 0.0) -> None:
        self.locked = locked

    pin = "1234"
    time = 0.0

    def pin_locked_for(self) -> float:
        return self.locked

    def check_pin(self, entered: str) -> bool:
        return entered == self.pin

    def reset_command(self) -> str:
        return "python main.py --reset-pin"


def _kiosk(s: Stage) -> Any:
    from game.arcade.kiosk import Kiosk

    return Kiosk(s.app, pin="1234")


def _title_choosing(s: Stage) -> None:
    title = s.open("title")
    title.new_game(next(spec for spec in s.app.games if spec.id == "magdagdon"))
    s.settle()


def _magdagdon_rolled(s: Stage, select: bool = False, hint: bool = False) -> None:
    from game.engine.synthetic import post_tap

    play = s.play("magdagdon", Fixtures.magdagdon_midgame(), variant=None)
    play.game.rng = _Dice([3, 4, 4, 3])
    post_tap(play.b_roll.rect.center)
    s.settle(80)
    if select:
        post_tap(play.layout.die_rect(2).center)
        s.settle(20)
    if hint:
        post_tap(play.b_hint.rect.center)
        s.settle(2)
        play.hints.asker.wait(30)
        s.settle(30)


def _magdagdon_banner(s: Stage, hint: bool = False) -> None:
    from game.engine.synthetic import post_tap
    from game.rules.magdagdon import Difficulty, MagdagdonGame

    game = MagdagdonGame(Difficulty.SURVIVAL, _Dice([]))
    for values in ([3, 3, 4, 4], [4, 3, 3, 4]):
        game.roll(values)
        for die, cell in game.hint():
            game.place(die, cell)
        game.confirm()
    play = s.play("magdagdon", game)
    game.rng = _Dice([6, 6, 1, 1])
    post_tap(play.b_roll.rect.center)
    s.settle(120)
    if hint:
        post_tap(play.b_hint.rect.center)
        s.settle(2)
        play.hints.asker.wait(30)
        s.settle(30)


def _magdagdon_combo(s: Stage) -> None:
    """A row completed as a STRAIGHT: its bonus flag beside the row's total."""
    from game.rules.magdagdon import Difficulty, MagdagdonGame

    game = MagdagdonGame(Difficulty.PEACEFUL, _Dice([]))
    game.roll([1, 2, 3, 4])
    for die, cell in enumerate((0, 1, 2, 3)):
        game.place(die, cell)
    game.confirm()
    s.play("magdagdon", game, 40)


class _Dice(random.Random):
    """Dice that come up as told, then at random."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(1)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        return self.values.pop(0) if self.values else super().randint(a, b)


def _magdagdon_over(s: Stage, daily: bool = False, rank: int | None = 0) -> None:
    session = Fixtures.magdagdon_session(daily=DAY if daily else None)
    s.over("magdagdon.game_over", frames=60, game=session.game, rank=rank, session=session)


def _magdagdon_review(s: Stage, daily: bool = False, scrolled: bool = False) -> None:
    session = Fixtures.magdagdon_session(daily=DAY if daily else None)
    result = Fixtures.magdagdon_review(daily)
    scene = s.open("magdagdon.review", 2, session=session)
    scene.worker.cancel()
    scene.review = result
    s.settle(30)
    if scrolled:
        scene.show_turn(len(result.turns) - 3)
        s.settle(60)


def _querni_play(s: Stage, turns: int = 0, select: bool = False, chain: bool = False,
                 variant: str = "two_players", earlier: bool = False) -> None:
    from game.engine.synthetic import post_drag, post_tap

    players = None if variant == "two_players" else {"BLUE": "human",
                                                     "RED": "computer:easy"}
    session = Fixtures.querni(variant, players, turns=turns)
    play = s.play("querni", session, 20)
    if select:
        square = next(sq for sq, _ in session.state.legal_turns() if sq)  # a movable piece
        post_tap(play.layout.square_centre(square[0]))
        s.settle(20)
    if chain:
        post_tap(play.b_chain.rect.center)
        s.settle(10)
    if earlier:  # turn 1's entry, dragged into view first (portrait lists show the last few)
        moves = play.story.list
        for _ in range(6):
            if moves.box_of(1) is not None:
                break
            post_drag((moves.view.centerx, moves.view.top + 4),
                      (moves.view.centerx, moves.view.bottom - 4))
            s.settle(40)
        box = moves.box_of(1)
        if box is None:
            raise AssertionError("turn 1 is not in the move list's view")
        post_tap(box.center)
        s.settle(20)
        if play.story.position is None:
            raise AssertionError("tapping turn 1 did not show it")


def _querni_thinking(s: Stage) -> None:
    import threading

    from game.games.querni.computer import ComputerPlayer
    from game.games.querni.players import HumanPlayer
    from game.rules.querni import Color

    gate = threading.Event()

    def held(state: Any, level: str, rng: Any = None, *, cancel: Any = None, **_: Any) -> Any:
        from game.ai.querni import Cancelled

        while not gate.wait(0.01):
            if cancel is not None and cancel.is_set():
                raise Cancelled("cancelled")
        return state.legal_turns()[0]

    session = Fixtures.querni("vs_hard", {"BLUE": "computer:hard", "RED": "human"}, turns=2)
    s.open("querni.play", 30, saved=session, players={
        Color.BLUE: ComputerPlayer("hard", choose=held), Color.RED: HumanPlayer()})
    s.app.stack.top.stop_thinking()


def _querni_hint(s: Stage) -> None:
    from game.engine.synthetic import post_tap

    play = s.play("querni", Fixtures.querni(turns=4), 20)
    post_tap(play.b_hint.rect.center)
    s.settle(2)
    play.hints.asker.wait(60)
    s.settle(30)


def _querni_over(s: Stage, session: Any, view_board: bool = False, stats: bool = False) -> None:
    s.play("querni", session, 5)
    scene = s.push("querni.game_over", 40, session=session)
    if view_board:
        scene.view_board()
        s.settle(20)
    if stats:
        scene.stats()
        s.settle(20)


def _querni_replay(s: Stage, turn: int | None = None, review: bool = False,
                   session: Any = None) -> None:
    record = Fixtures.querni_record(session or Fixtures.querni_vs("lost", "medium"))
    if review:
        _judged(record)
    scene = s.open("querni.replay", 5, record=record, review=review)
    if turn is not None:
        scene.show_turn(scene.total if turn < 0 else turn)
        s.settle(40)
    if review:
        s.settle(20)


def _judged(record: dict[str, Any]) -> None:
    """Verdicts on every turn of ``record`` in REVIEW's memory, every third turn marked
    clearly worse (HARD's own turn: another legal one), so REVIEW shows its marks at once:
    what is looked at is their layout, not HARD's judgement."""
    from game.ai.querni.review import Verdict, judge_turn
    from game.games.querni.computer import DETERMINISTIC_NODES
    from game.games.querni.record import check
    from game.games.querni.review import cached_verdicts

    game = check(record)
    verdicts = cached_verdicts(game, (judge_turn, DETERMINISTIC_NODES))
    for number, (state, played) in enumerate(zip(game.states(), game.turns), start=1):
        other = next((turn for turn in state.legal_turns() if turn != tuple(played)), played)
        worse = number % 3 == 0 and other != played
        verdicts[number] = Verdict(other if worse else tuple(played), 4.0 if worse else 0.0,
                                   0.0, not worse)


def _pin(s: Stage, mode: str = "exit", locked: float = 0.0, typed: str = "") -> None:
    scene = s.over("pin_pad", kiosk=FakeKiosk(locked), mode=mode)
    for key in typed:
        scene.press(key)
    s.settle(3)


def _kiosk_attract(s: Stage) -> None:
    kiosk = _kiosk(s)
    s.open("title")
    s.app.kiosk = kiosk
    kiosk.start_attract()
    s.settle(10)


def _confirm(s: Stage, key: str, **params: Any) -> None:
    from game.games.registry import GAMES

    s.over("confirm", question_key=key, on_yes=lambda: None, texts=GAMES[0].texts, **params)


STATES: list[State] = [
    # the shell, with no records yet
    State("title.first_start", lambda s: s.open("title"), EMPTY),
    State("scores.magdagdon.empty", lambda s: s.open("scores", game_id="magdagdon"), EMPTY),
    State("scores.querni.empty", lambda s: s.open("scores", game_id="querni"), EMPTY),
    State("stats.magdagdon.empty", lambda s: s.open("stats", game_id="magdagdon"), EMPTY),
    State("stats.querni.empty", lambda s: s.open("stats", game_id="querni"), EMPTY),
    State("querni.games.empty", lambda s: s.open("querni.games"), EMPTY),
    State("magdagdon.daily.unplayed", lambda s: s.open("magdagdon.daily",
                                                       day=date(2026, 11, 30)), EMPTY),
    # the shell
    State("title.continue", lambda s: s.open("title")),
    State("title.variants", _title_choosing),
    State("settings", lambda s: s.open("settings")),
    State("settings.magdagdon", lambda s: s.open("settings", game_id="magdagdon")),
    State("settings.querni", lambda s: s.open("settings", game_id="querni")),
    State("about", lambda s: s.open("about")),
    State("scores.magdagdon.full", lambda s: s.open("scores", game_id="magdagdon")),
    State("scores.magdagdon.nightmare", lambda s: s.open("scores", game_id="magdagdon",
                                                         variant="NIGHTMARE")),
    State("scores.querni.full", lambda s: s.open("scores", game_id="querni")),
    State("stats.magdagdon.full", lambda s: s.open("stats", game_id="magdagdon")),
    State("stats.querni.full", lambda s: s.open("stats", game_id="querni")),
    State("pause.magdagdon", lambda s: s.over("pause", game_id="magdagdon")),
    State("confirm.difficulty", lambda s: _confirm(s, "settings.confirm_difficulty",
                                                   difficulty="SURVIVAL")),
    State("initials", lambda s: s.over("initials", game_id="magdagdon",
                                       record_id="0" * 32)),
    State("crash.saved", lambda s: s.open("crash", saved=True)),
    State("crash.not_saved", lambda s: s.open("crash", saved=False)),
    State("still_playing", lambda s: s.over("still_playing", seconds=20.0,
                                            on_timeout=lambda: None)),
    # the kiosk
    State("kiosk.attract", _kiosk_attract),
    State("kiosk.pin_pad", lambda s: _pin(s)),
    State("kiosk.pin_pad.typing", lambda s: _pin(s, typed="12")),
    State("kiosk.pin_pad.wrong", lambda s: _pin(s, typed="9999k")),
    State("kiosk.pin_pad.lockout", lambda s: _pin(s, locked=274.0)),
    State("kiosk.pin_pad.choose", lambda s: _pin(s, mode="set")),
    State("kiosk.pin_pad.lost", lambda s: _pin(s, mode="lost")),
    State("kiosk.operator", lambda s: s.over("operator", kiosk=_kiosk(s))),
    State("kiosk.venue_link", lambda s: s.over("venue_link")),
    State("kiosk.venue_address", lambda s: s.over(
        "text_entry", prompt_key="venue.enter_server", text="postgresql://",
        on_done=lambda text: None,
        prompt_params={"example": "postgresql://kiosk@venue-db/arcade"})),
    # MAGDAGDON
    State("magdagdon.rules", lambda s: s.open("magdagdon.rules")),
    State("magdagdon.play.new", lambda s: s.open("magdagdon.play", variant="PEACEFUL")),
    State("magdagdon.play.nightmare", lambda s: s.open("magdagdon.play",
                                                       variant="NIGHTMARE")),
    State("magdagdon.play.rolled", _magdagdon_rolled),
    State("magdagdon.play.die_selected", lambda s: _magdagdon_rolled(s, select=True)),
    State("magdagdon.play.hint", lambda s: _magdagdon_rolled(s, hint=True)),
    State("magdagdon.play.magdagdon", _magdagdon_banner),
    State("magdagdon.play.magdagdon_hint", lambda s: _magdagdon_banner(s, hint=True)),
    State("magdagdon.play.straight", _magdagdon_combo),
    State("magdagdon.play.daily", lambda s: s.open("magdagdon.play", daily=DAY)),
    State("magdagdon.daily.played", lambda s: s.open("magdagdon.daily",
                                                     day=date(2026, 11, 30))),
    State("magdagdon.game_over.high_score", lambda s: _magdagdon_over(s)),
    State("magdagdon.game_over.unranked", lambda s: _magdagdon_over(s, rank=None)),
    State("magdagdon.game_over.daily", lambda s: _magdagdon_over(s, daily=True)),
    State("magdagdon.review", lambda s: _magdagdon_review(s)),
    State("magdagdon.review.scrolled", lambda s: _magdagdon_review(s, scrolled=True)),
    State("magdagdon.pause.daily", lambda s: s.over(
        "pause", under_kwargs={"daily": DAY}, game_id="magdagdon")),
    # QUERNI
    State("querni.rules", lambda s: s.open("querni.rules")),
    State("querni.setup.two_players", lambda s: s.open("querni.setup")),
    State("querni.setup.versus", lambda s: (
        s.app.ctx.game_settings("querni").update(versus=True, level="hard", human="RED"),
        s.open("querni.setup"),
        s.app.ctx.game_settings("querni").update(versus=False))),
    State("querni.play.start", lambda s: _querni_play(s)),
    State("querni.play.middle", lambda s: _querni_play(s, turns=9)),
    State("querni.play.selected", lambda s: _querni_play(s, turns=5, select=True)),
    State("querni.play.chain", lambda s: _querni_play(s, turns=7, chain=True)),
    State("querni.play.earlier_turn", lambda s: _querni_play(s, turns=9, earlier=True)),
    State("querni.play.vs_computer", lambda s: _querni_play(s, turns=4, variant="vs_easy")),
    State("querni.play.computer_thinking", _querni_thinking),
    State("querni.play.hint", _querni_hint),
    State("querni.pause.vs_computer", lambda s: s.over(
        "pause", under="querni.play", game_id="querni",
        under_kwargs={"saved": Fixtures.querni("vs_easy", {"BLUE": "human",
                                                           "RED": "computer:easy"}, 3)})),
    State("querni.pause.two_players", lambda s: s.over(
        "pause", under="querni.play", game_id="querni",
        under_kwargs={"saved": Fixtures.querni(turns=3)})),
    State("querni.game_over.two_players", lambda s: _querni_over(s, Fixtures.querni())),
    State("querni.game_over.won", lambda s: _querni_over(s, Fixtures.querni_vs("won"))),
    State("querni.game_over.lost", lambda s: _querni_over(
        s, Fixtures.querni_vs("lost", "medium"))),
    State("querni.game_over.resigned", lambda s: _querni_over(
        s, Fixtures.querni_vs("resigned", "hard", "RED"))),
    State("querni.game_over.abandoned", lambda s: _querni_over(s, Fixtures.querni_abandoned())),
    State("querni.game_over.view_board", lambda s: _querni_over(
        s, Fixtures.querni_vs("won"), view_board=True)),
    State("querni.game_over.statistics", lambda s: _querni_over(
        s, Fixtures.querni_vs("won"), stats=True)),
    State("querni.games.full", lambda s: s.open("querni.games", 10)),
    State("querni.replay.start", lambda s: _querni_replay(s, 0)),
    State("querni.replay.middle", lambda s: _querni_replay(s, 5)),
    State("querni.replay.end", lambda s: _querni_replay(s, -1)),
    State("querni.replay.two_players", lambda s: _querni_replay(s, 4, session=Fixtures.querni())),
    State("querni.replay.review", lambda s: _querni_replay(s, 6, review=True)),
]
"""Every screen-state, in the order shown (the states with no records first)."""
