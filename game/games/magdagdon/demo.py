"""The demo player: plays MAGDAGDON by posting pointer events, like a player's taps, and plays
it well: each turn it follows the advisor (``game.ai.advisor``).

The advisor is asked in a background worker (``game.engine.worker``) for a copy of the game,
so frames keep flowing while it thinks; the player applies the advice's steps through real
posted taps and drags (die → cell, a tentative die picked up, −1 / +1 after picking the die,
REROLL with its dice marked, ACCEPT and the cell to ruin, CONFIRM), one gesture per call,
every tap travelling the player's path: event queue → input mapper / pygame-gui → scene →
rules.

Waiting is counted in the player's own calls, never in wall time. In a reproducible run
(``--frames`` / ``--bench`` / the tests: one update per frame) the advice is worked out as it
is asked for, between frames (outside a frame's measured time): the advisor is pure Python, and
a thread of it beside the frame loop would take the interpreter lock from the frames it runs
alongside. The player still thinks it over for exactly ``THINKING_CALLS`` calls, so ``--seed
N`` replays the same moves at the same frames on any machine: a ``--bench`` run draws the same
frames every time.
Otherwise (the kiosk's attract mode) it waits ``PATIENCE`` calls, then falls back on the
rules' first legal move (``hint``) for that gesture; an advisor error falls back the same
way. A daily challenge (``--daily``) is always waited for: the same date must give the same
game on every machine.

In the kiosk's attract mode the player shows each advice as a hint (arrows, glows and the
reason; not counted, attract games are never recorded) for ``SHOWCASE`` calls before playing
it, so visitors see what the HINT button does.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.ai.advisor import Advice
from game.arcade.demo import GameDemo, drag, tap
from game.engine.worker import Worker
from game.games.magdagdon import hints
from game.games.magdagdon.controller import Phase
from game.games.magdagdon.scenes.game_over import GameOverScene
from game.games.magdagdon.scenes.play import PlayScene

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

PATIENCE = 30
"""Calls to wait for the advisor before falling back (real-time runs only)."""
THINKING_CALLS = 8
"""Calls a reproducible run's player takes over each advice, however soon it is in (about
what the advisor took in a ``--bench`` run when the frames were left to its timing)."""
SHOWCASE = 12
"""Calls an advice stays on screen before the attract mode plays it (about two seconds)."""
DONE, STALE = "done", "stale"
MAX_TRIES = 4
"""Posts of one step to an unchanged screen before the step counts as stale: a step that
works changes the game, the phase or the marks at its first post or two."""


class DemoPlayer(GameDemo):
    """Plays MAGDAGDON's screens one gesture per call."""

    def __init__(self, app: ArcadeApp, rng: random.Random, report: Callable[[str], None] = print,
                 cycle: bool = False) -> None:
        super().__init__(app, rng, report, cycle)
        self.plan: deque[tuple[str, Any]] = deque()
        self.worker: Worker[Advice] = Worker("magdagdon-demo")
        self.steps: deque[tuple[Any, ...]] = deque()  # the advice being played
        self._mark: tuple[int, int] = (0, 0)  # (powers used, turns) when a step began
        self.waited = 0
        self.linger = 0  # calls left to show the advice before playing it (attract mode)
        self.advised = 0  # advices followed (tests and diagnostics)
        self.fallbacks = 0  # gestures played without the advisor
        self._tried: tuple[Any, ...] | None = None  # the step posted last, and where
        self._tries = 0

    @property
    def patient(self) -> bool:
        """Wait for the advice however long it takes: a reproducible run (one update per
        frame), where ``--seed`` must replay the same moves."""
        return bool(getattr(self.app, "fixed_steps_per_frame", False))

    def step(self, scene: object) -> None:
        """One gesture on MAGDAGDON's ``scene`` (play or game over)."""
        if isinstance(scene, GameOverScene):
            self._game_over(scene)
        elif isinstance(scene, PlayScene):
            self._play(scene)

    # --- per scene ------------------------------------------------------------------------
    def _game_over(self, scene: GameOverScene) -> None:
        game = scene.game

        def line() -> str:
            card = game.score()
            return (f"GAME OVER difficulty={game.difficulty.name.lower()} score={card.total} "
                    f"turns={game.turns} ruins={card.ruins} powers={game.powers_used}")
        self.game_over(scene, game, line)

    def _play(self, scene: PlayScene) -> None:
        if scene.busy:
            return  # watch the dice tumble like a person would
        if self.plan:
            kind, target = self.plan.popleft()
            if kind == "tap":
                tap(target)
            else:
                drag(*target)
            return
        phase = scene.control.phase
        if phase == Phase.IDLE:
            self.steps.clear()
            tap(scene.b_roll.rect.center)
        elif phase in (Phase.PLACING, Phase.MAGDAGDON, Phase.CHOOSE_RUIN):
            self._advised(scene)

    # --- following the advisor --------------------------------------------------------------
    def _advised(self, scene: PlayScene) -> None:
        """The next gesture of the advice being played, or ask for advice and wait."""
        if self.linger > 0:
            self.linger -= 1
            return
        while self.steps:
            if not self._progressing(scene):  # posted again and again to no effect
                self.steps.clear()
                self._fallback(scene)
                return
            result = self._gesture(scene, self.steps[0])
            if result == DONE:
                self.steps.popleft()
                self._begin(scene)
                continue
            if result == STALE:
                self.steps.clear()
                break
            return  # a gesture was posted
        game = scene.game
        key = (hints.state_key(game), scene.control.phase)  # all the player can act on
        if self.patient and self.worker.busy and self.worker.key == key:
            self.waited += 1
            if self.waited < THINKING_CALLS:
                return  # thinking it over, however soon the advice is in
            self.worker.wait()  # the last call: the advice, however long it takes
        outcome = self.worker.poll()
        if outcome is not None and outcome.key == key:
            if outcome.ok and outcome.value is not None and outcome.value.steps:
                self.advised += 1
                self.steps = deque(outcome.value.steps)
                self._begin(scene)
                if self.app.ctx.demo_is_attract:
                    scene.show_advice(outcome.value)
                    self.linger = SHOWCASE
                    return
                self._advised(scene)
            else:
                self._fallback(scene)
            return
        if not (self.worker.busy and self.worker.key == key):
            copy = hints.copy_of(game)  # the worker never sees the live game
            self.worker.submit(lambda task: hints.ask(copy), key=key)
            if self.patient:  # thought out here, between frames, not alongside the next ones
                self.worker.wait()
            self.waited = 0
            return
        self.waited += 1
        if not self.patient and scene.session.daily is None and self.waited > PATIENCE:
            # (a daily challenge waits for the advisor in every run: two machines playing the
            # same date must print the same GAME OVER line)
            self._fallback(scene)

    def _progressing(self, scene: PlayScene) -> bool:
        """Whether the step about to be posted may still do something: the same step posted
        :data:`MAX_TRIES` times to the same screen changed nothing, so it never will (a
        gesture the phase ignores); the demo then plays on by itself."""
        marked = scene.control.marked  # (a copy: the controller changes its set in place)
        where = (self.steps[0], hints.state_key(scene.game), scene.control.phase,
                 None if marked is None else frozenset(marked))  # (not the selection: a die
        # selected and let go again is no progress)
        if where != self._tried:
            self._tried, self._tries = where, 0
        self._tries += 1
        return self._tries <= MAX_TRIES

    def _begin(self, scene: PlayScene) -> None:
        self._mark = (scene.game.powers_used, scene.game.turns)

    def _gesture(self, scene: PlayScene, step: tuple[Any, ...]) -> str:
        """Post the next gesture of ``step``; DONE when the game shows it done, STALE when it
        no longer applies, else ``""`` (a gesture was posted)."""
        gesture = _GESTURES.get(step[0])
        return STALE if gesture is None else gesture(self, scene, step)

    def _place_step(self, scene: PlayScene, step: tuple[Any, ...]) -> str:
        game, layout = scene.game, scene.layout
        die, cell = step[1], step[2]
        if game.placed.get(die) == cell:
            return DONE
        if (scene.control.phase != Phase.PLACING or die not in game.unplaced
                or cell not in game.legal_cells_for(die)):
            return STALE
        self._move_die(layout.die_rect(die).center, layout.cell_rect(cell).center)
        return ""

    def _unplace(self, scene: PlayScene, step: tuple[Any, ...]) -> str:
        game = scene.game
        if step[1] not in game.placed:
            return DONE
        tap(scene.layout.cell_rect(game.placed[step[1]]).center)
        return ""

    def _adjust(self, scene: PlayScene, step: tuple[Any, ...]) -> str:
        game = scene.game
        die, delta = step[1], step[2]
        if game.powers_used > self._mark[0]:
            return DONE
        if (die not in game.unplaced or not game.powers_left
                or scene.control.phase not in (Phase.PLACING, Phase.MAGDAGDON)):
            return STALE
        button = scene.b_minus if delta < 0 else scene.b_plus
        self.plan.append(("tap", button.rect.center))
        tap(scene.layout.die_rect(die).center)
        return ""

    def _reroll(self, scene: PlayScene, step: tuple[Any, ...]) -> str:
        game = scene.game
        if game.powers_used > self._mark[0]:
            return DONE
        if not game.powers_left:
            return STALE
        marked = scene.control.marked
        if marked is None:
            tap(scene.b_reroll.rect.center)
            return ""
        wrong = sorted(set(marked) ^ set(step[1]))
        tap(scene.layout.die_rect(wrong[0]).center if wrong else scene.b_reroll_go.rect.center)
        return ""

    def _accept(self, scene: PlayScene, step: tuple[Any, ...]) -> str:
        if scene.game.turns > self._mark[1]:
            return DONE
        if scene.control.phase == Phase.MAGDAGDON:
            tap(scene.b_accept.rect.center)
            return ""
        if scene.control.phase == Phase.CHOOSE_RUIN:
            tap(scene.layout.cell_rect(step[1]).center)
            return ""
        return STALE

    def _confirm(self, scene: PlayScene, step: tuple[Any, ...]) -> str:
        if scene.game.turns > self._mark[1]:
            return DONE
        if not scene.game.can_confirm:
            return STALE
        tap(scene.b_confirm.rect.center)
        return ""

    # --- without the advisor (it failed, or kept a real-time kiosk waiting) ------------------
    def _fallback(self, scene: PlayScene) -> None:
        self.fallbacks += 1
        game, layout = scene.game, scene.layout
        phase = scene.control.phase
        if scene.control.marked is not None and scene.b_reroll_cancel.visible:
            tap(scene.b_reroll_cancel.rect.center)  # out of REROLL's marking first
        elif phase == Phase.MAGDAGDON:
            if game.powers_left and self.rng.random() < 0.6:
                self.plan.append(("tap", scene.b_reroll_go.rect.center))
                tap(scene.b_reroll.rect.center)  # REROLL mode marks every unplaced die
            else:
                tap(scene.b_accept.rect.center)
        elif phase == Phase.CHOOSE_RUIN:
            tap(layout.cell_rect(self.rng.choice(sorted(game.legal_ruin_cells))).center)
        elif phase == Phase.PLACING:
            self._place(scene)

    def _move_die(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """A die to a cell as a player does it: dragged, or tapped then the cell tapped."""
        if self.rng.random() < 0.3:
            drag(start, end)
        else:
            self.plan.append(("tap", end))
            tap(start)

    def _place(self, scene: PlayScene) -> None:
        game, layout = scene.game, scene.layout
        hint = game.hint() or []
        if hint:
            die, cell = hint[0]
            self._move_die(layout.die_rect(die).center, layout.cell_rect(cell).center)
            return
        extras = [d for d in game.unplaced if game.legal_cells_for(d)]
        if extras and self.rng.random() < 0.5:
            die = self.rng.choice(extras)
            cell = self.rng.choice(sorted(game.legal_cells_for(die)))
            self.plan.append(("tap", layout.cell_rect(cell).center))
            tap(layout.die_rect(die).center)
        else:
            tap(scene.b_confirm.rect.center)


_GESTURES: dict[str, Callable[[DemoPlayer, PlayScene, tuple[Any, ...]], str]] = {
    "place": DemoPlayer._place_step, "unplace": DemoPlayer._unplace, "adjust": DemoPlayer._adjust,
    "reroll": DemoPlayer._reroll, "accept": DemoPlayer._accept, "confirm": DemoPlayer._confirm}
"""How the demo player performs each kind of step of the advisor's plan."""
