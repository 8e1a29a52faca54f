"""The MAGDAGDON play screen's brain, without pygame: phases, selection, commands, view state.

Every question of legality and score goes to the rules; an ``IllegalMove`` becomes a message.
What the scene should animate is queued as small events (``drain_events``), so the controller
is testable without a window. Timing is the scene's: ``ROLLING`` until ``roll_landed``,
``CRUMBLING`` until ``crumbled``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from game.games.magdagdon.events import (
    BAD,
    GOOD,
    PLAIN,
    Adjusted,
    Autosave,
    Combos,
    Confirmed,
    Event,
    Message,
    PickedUp,
    Placed,
    Refused,
    Rolled,
    Ruined,
    Slam,
    TurnEnded,
    illegal_message,
)
from game.rules.magdagdon import Board, IllegalMove, MagdagdonGame, ScoreCard, score


class Phase(Enum):
    IDLE = "idle"  # waiting for ROLL
    ROLLING = "rolling"  # the dice tumble (the scene says when they land)
    PLACING = "placing"
    MAGDAGDON = "magdagdon"  # rescue with a power or ACCEPT
    CHOOSE_RUIN = "choose_ruin"
    CRUMBLING = "crumbling"  # the ruin falls (the scene says when it is done)
    OVER = "over"


@dataclass(frozen=True)
class ButtonState:
    """Which of the play screen's buttons show, which are enabled, and their labels' keys."""

    roll: tuple[bool, bool]  # (shown, enabled)
    confirm: tuple[bool, bool]
    confirm_label: tuple[str, dict[str, Any]]
    accept: tuple[bool, bool]
    powers: tuple[bool, bool]  # −1, +1, REROLL
    reroll_go: tuple[bool, bool]
    reroll_go_count: int
    reroll_cancel: tuple[bool, bool]


class PlayController:
    """One game on the play screen: the rules' game plus the view state of the turn."""

    def __init__(self, game: MagdagdonGame) -> None:
        self.game = game
        self.phase = Phase.OVER if game.is_over else (
            Phase.PLACING if game.in_turn else Phase.IDLE)
        self.selected: int | None = None
        self.marked: set[int] | None = None  # dice chosen for REROLL; None outside that mode
        self.cursor: int | None = None  # keyboard cell cursor
        self.message = Message()
        self.rescuing = False  # the power now used was against a MAGDAGDON roll
        self.rerolling = False  # the tumbling dice are a REROLL, not a new turn's roll
        self._events: list[Event] = []
        self._card: ScoreCard | None = None
        self._card_key: tuple[Board, int] | None = None
        if game.in_turn:
            self._after_dice_change(announce=True)

    # --- plumbing ----------------------------------------------------------------------------
    def drain_events(self) -> list[Event]:
        """What happened since the last call, oldest first (the scene animates it)."""
        events, self._events = self._events, []
        return events

    def say(self, key: str = "", tone: str = PLAIN, **params: Any) -> None:
        self.message = Message(key, params, tone)

    def _refuse(self, error: IllegalMove, cell: int | None = None,
                die: int | None = None) -> None:
        self.message = illegal_message(error)
        self._events.append(Refused(cell, die))

    # --- queries -------------------------------------------------------------------------------
    @property
    def legal_now(self) -> frozenset[int]:
        """Cells to light: the selected die's legal cells, or the cells a MAGDAGDON may ruin."""
        if self.phase == Phase.CHOOSE_RUIN:
            return self.game.legal_ruin_cells
        if self.phase != Phase.PLACING or self.selected not in self.game.unplaced:
            return frozenset()
        assert self.selected is not None
        return self.game.legal_cells_for(self.selected)

    @property
    def in_magdagdon(self) -> bool:
        return self.phase in (Phase.MAGDAGDON, Phase.CHOOSE_RUIN)

    @property
    def placed_die_at(self) -> dict[int, int]:
        """Cell → the tentative die standing on it."""
        return {cell: die for die, cell in self.game.placed.items()}

    def card(self) -> ScoreCard:
        """The live score of the board as shown (tentative dice included), cached per state."""
        key = (self.game.view(), self.game.powers_used)
        if key != self._card_key or self._card is None:
            self._card_key = key
            self._card = score(key[0], self.game.difficulty, self.game.powers_used)
        return self._card

    def buttons(self) -> ButtonState:
        g, phase = self.game, self.phase
        in_magdagdon = self.in_magdagdon
        missing = g.required - len(g.placed)
        if phase == Phase.PLACING and missing > 0:
            label: tuple[str, dict[str, Any]] = ("play.place_more", {"count": missing})
        else:
            label = ("play.confirm", {})
        has_powers = g.difficulty.powers > 0
        reroll_mode = self.marked is not None
        can_power = g.powers_left > 0 and phase in (Phase.PLACING, Phase.MAGDAGDON)
        return ButtonState(
            roll=(not in_magdagdon, phase == Phase.IDLE),
            confirm=(not in_magdagdon, phase == Phase.PLACING and g.can_confirm),
            confirm_label=label,
            accept=(phase == Phase.MAGDAGDON, True),
            powers=(has_powers and not reroll_mode, can_power),
            reroll_go=(has_powers and reroll_mode, bool(self.marked)),
            reroll_go_count=len(self.marked or ()),
            reroll_cancel=(has_powers and reroll_mode, True),
        )

    def coach_step(self) -> str | None:
        """What a first-time player should do next (roll → pick → place → confirm), as the
        translation key of the hint, or None when there is nothing to say."""
        if self.phase == Phase.IDLE:
            return "coach.roll"
        if self.phase != Phase.PLACING or self.marked is not None:
            return None
        if self.game.can_confirm and self.selected is None:
            return "coach.confirm"
        return "coach.pick" if self.selected is None else "coach.place"

    # --- a turn (M-3) ----------------------------------------------------------------------
    def roll(self) -> bool:
        if self.phase != Phase.IDLE:
            return False
        try:
            dice = self.game.roll()
        except IllegalMove as error:
            self._refuse(error)
            return False
        self.selected = None
        self.marked = None
        self.phase = Phase.ROLLING
        self.say()
        self._events.append(Rolled(tuple(range(len(dice)))))
        return True

    def roll_landed(self) -> None:
        """The scene's dice stopped tumbling: the roll is shown, MAGDAGDON or not."""
        if self.phase != Phase.ROLLING:
            return
        self.phase = Phase.PLACING
        if self.rerolling:
            self._power_used()
        else:
            self._after_dice_change(announce=True)

    def select(self, die: int) -> bool:
        """Pick an unplaced die (or toggle it for REROLL); False when that die cannot be picked."""
        if die not in self.game.unplaced or self.phase not in (Phase.PLACING, Phase.MAGDAGDON):
            return False
        if self.marked is not None:
            self.marked ^= {die}
            return True
        self.selected = die
        return True

    def select_next(self) -> None:
        """Tab: the next unplaced die."""
        free = self.game.unplaced
        if not free:
            return
        at = free.index(self.selected) + 1 if self.selected in free else 0
        self.selected = free[at % len(free)]

    def place(self, die: int, cell: int) -> bool:
        """Ask the rules to place ``die`` tentatively (M-3.2); refuse with the rule's reason."""
        if self.phase != Phase.PLACING:
            return False
        try:
            self.game.place(die, cell)
        except IllegalMove as error:
            self._refuse(error, cell=cell, die=die)
            return False
        self.selected = None
        if self.cursor is not None:
            self.cursor = cell
        self._events.append(Placed(die, cell))
        if self.game.can_confirm:
            self.say("play.can_confirm")
        return True

    def pick_up(self, die: int) -> tuple[int, ...]:
        """Pick a tentative die up (M-3.4); the cascade returns too (M-3.5)."""
        cells = dict(self.game.placed)
        returned = self.game.unplace(die)
        self._events.append(PickedUp(returned, tuple(cells[d] for d in returned)))
        if len(returned) > 1:
            self.say("play.cascade", count=len(returned) - 1)
        return returned

    def tap_cell(self, cell: int) -> str:
        """A tap on a board cell; returns what it did: "ruin", "pickup", "place", "hint",
        or "" (nothing)."""
        if self.phase == Phase.CHOOSE_RUIN:
            self.choose_ruin(cell)
            return "ruin"
        if self.phase != Phase.PLACING or self.marked is not None:
            return ""
        owner = self.placed_die_at.get(cell)
        if owner is not None:
            self.pick_up(owner)
            self.selected = owner
            return "pickup"
        if self.selected is not None:
            self.place(self.selected, cell)
            return "place"
        if self.game.board[cell] is None:
            self.say("play.select_die_first")
            self._events.append(Refused(cell=cell, sound=False))
            return "hint"
        return ""

    def confirm(self) -> bool:
        if self.phase != Phase.PLACING:
            return False
        before = self.game.score()
        try:
            self.game.confirm()
        except IllegalMove as error:
            self._refuse(error)
            return False
        self._events.append(Confirmed())
        self._celebrate_new_combos(before)
        self._turn_ended()
        return True

    # --- MAGDAGDON and ruins (M-6) -------------------------------------------------------------
    def accept(self) -> bool:
        """ACCEPT MAGDAGDON: now choose the cell to ruin (M-6.3)."""
        if self.phase != Phase.MAGDAGDON:
            return False
        self.phase = Phase.CHOOSE_RUIN
        self.selected = None
        self.marked = None
        self.say("play.choose_ruin", BAD)
        return True

    def choose_ruin(self, cell: int) -> bool:
        try:
            self.game.accept_magdagdon(cell)
        except IllegalMove as error:
            self._refuse(error, cell=cell)
            return False
        self.phase = Phase.CRUMBLING
        self.say("play.ruined", BAD)
        self._events.append(Ruined(cell))
        return True

    def crumbled(self) -> None:
        """The scene's ruin animation is over: the turn ends."""
        if self.phase == Phase.CRUMBLING:
            self._turn_ended()

    # --- Majda Powers (M-5) --------------------------------------------------------------------
    def adjust(self, delta: int) -> bool:
        """−1 / +1 on the selected die."""
        if self.phase not in (Phase.PLACING, Phase.MAGDAGDON):
            return False
        if self.selected is None:
            self.say("play.select_die_first", BAD)
            return False
        die = self.selected
        rescue = self.phase == Phase.MAGDAGDON
        try:
            self.game.adjust(die, delta)
        except IllegalMove as error:
            self._refuse(error, die=die)
            return False
        self._events.append(Adjusted(die))
        self.rescuing = rescue
        self._power_used()
        return True

    def reroll_mode(self) -> bool:
        """REROLL: choose the dice to roll again (in MAGDAGDON every unplaced die is marked)."""
        if self.phase not in (Phase.PLACING, Phase.MAGDAGDON):
            return False
        problem = self.game.power_problem()
        if problem is not None:
            self.message = illegal_message(problem)
            return False
        self.marked = {self.selected} if self.selected is not None else set()
        if self.phase == Phase.MAGDAGDON:
            self.marked = set(self.game.unplaced)
        self.selected = None
        self.say("play.reroll_hint")
        return True

    def cancel_reroll(self) -> None:
        self.marked = None
        self.say()

    def reroll(self) -> bool:
        if self.marked is None:
            return False
        chosen = sorted(self.marked)
        rescue = self.phase == Phase.MAGDAGDON
        try:
            self.game.reroll(chosen)
        except IllegalMove as error:
            self._refuse(error)
            return False
        self.marked = None
        self.rescuing = rescue
        self.rerolling = True
        self.phase = Phase.ROLLING
        self._events.append(Rolled(tuple(chosen), reroll=True))
        return True

    def _power_used(self) -> None:
        """After −1/+1/REROLL: the rules re-evaluate MAGDAGDON (M-6.1); a rescue says so."""
        rescue, self.rescuing, self.rerolling = self.rescuing, False, False
        self._after_dice_change(announce=True)
        if self.phase == Phase.PLACING:
            if rescue:
                self.say("play.rescued", GOOD)
            else:
                self.say("play.power_used")
        self._events.append(Autosave())

    # --- keyboard ------------------------------------------------------------------------------
    def move_cursor(self, key: str) -> None:
        """Arrows move the cell cursor (it appears on the first legal cell)."""
        if self.cursor is None:
            self.cursor = self.first_legal()
            return
        row, col = divmod(self.cursor, 4)
        row += {"up": -1, "down": 1}.get(key, 0)
        col += {"left": -1, "right": 1}.get(key, 0)
        self.cursor = max(0, min(3, row)) * 4 + max(0, min(3, col))

    def first_legal(self) -> int:
        legal = sorted(self.legal_now)
        return legal[0] if legal else 5

    def key_die(self, die: int) -> None:
        """1–4: pick that die (or toggle it for REROLL); the cell cursor appears."""
        if self.select(die) and self.marked is None and self.cursor is None:
            self.cursor = self.first_legal()

    def key_accept(self) -> None:
        """Enter: the natural next step of the phase."""
        if self.marked is not None:
            self.reroll()
        elif self.phase == Phase.IDLE:
            self.roll()
        elif self.phase == Phase.MAGDAGDON:
            self.accept()
        elif self.phase == Phase.CHOOSE_RUIN and self.cursor is not None:
            self.choose_ruin(self.cursor)
        elif (self.phase == Phase.PLACING and self.selected is not None
              and self.cursor is not None):
            self.place(self.selected, self.cursor)
        elif self.phase == Phase.PLACING:
            self.confirm()  # confirms, or explains how many more dice are needed

    def key_back(self) -> None:
        """Backspace: pick up the die under the cursor, else the last one placed."""
        if self.phase != Phase.PLACING or not self.game.placed:
            return
        owner = self.placed_die_at.get(self.cursor) if self.cursor is not None else None
        self.pick_up(owner if owner is not None else list(self.game.placed)[-1])

    # --- internals -----------------------------------------------------------------------------
    def _after_dice_change(self, announce: bool) -> None:
        """After a roll or a power: MAGDAGDON (M-6.1) is the rules' verdict."""
        if self.game.is_magdagdon:
            self.phase = Phase.MAGDAGDON
            self.selected = None
            self.marked = None
            if announce:
                self._events.append(Slam())
            need = self.game.required
            key = "play.magdagdon_hint" if self.game.powers_left else "play.magdagdon_no_powers"
            self.say(key, BAD, count=need)
        else:
            self.phase = Phase.PLACING
            self.say("play.place_n", count=self.game.required)

    def _celebrate_new_combos(self, before: ScoreCard) -> None:
        after = self.game.score()
        new = tuple(i for i, (a, b) in enumerate(zip(before.lines, after.lines))
                    if b.combo and not a.combo)
        if not new:
            return
        combos = tuple(str(after.lines[i].combo) for i in new)
        self._events.append(Combos(new, combos))
        self.say("play.combo", GOOD, names=tuple(f"combo_name.{c}" for c in combos))

    def _turn_ended(self) -> None:
        self.selected = None
        self.marked = None
        over = self.game.is_over
        self.phase = Phase.OVER if over else Phase.IDLE
        if not over:
            self.say("play.roll_prompt")
        self._events.append(Autosave())
        self._events.append(TurnEnded(over))
