"""The game so far on the QUERNI play screen: the last move's marks, the move list, and a past
position looked at from the list (a view only: no move until the present comes back).
Everything is read through ``record.History``, so a resumed game shows it all at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.arcade.widgets import palette as arcade_palette
from game.arcade.widgets import text
from game.engine import input as inp
from game.games.querni.notation import MoveLines
from game.games.querni.record import History
from game.games.querni.session import QuerniSession
from game.games.querni.texts import t
from game.games.querni.widgets.move_list import MoveList
from game.rules.querni import TurnTrace

if TYPE_CHECKING:
    from game.arcade.context import GameContext
    from game.arcade.play.hints import HintFlow
    from game.games.querni.scenes.hinting import Hint
    from game.games.querni.widgets.layout import QuerniLayout
    from game.rules.querni import QuerniState


class Owner(Protocol):
    """What the story uses of the play screen that owns it."""

    @property
    def ctx(self) -> GameContext: ...
    @property
    def session(self) -> QuerniSession: ...
    @property
    def layout(self) -> QuerniLayout: ...
    @property
    def hints(self) -> HintFlow[QuerniState, Hint]: ...
    @property
    def time(self) -> float: ...
    def refresh_buttons(self) -> None: ...

BANNER_ROOM = 64
"""The room above the board the viewing banner takes (landscape has it free; portrait's HUD is
there, so it says it in the message line alone)."""


def last_move(trace: TurnTrace | None) -> dict[str, Any]:
    """``BoardView.draw``'s arguments for the marks of ``trace`` (none before the first turn)."""
    if trace is None:
        return {}
    return {"last_path": trace.path, "last_removed": trace.removed, "last_color": trace.mover}


class PlayStory:
    """The play screen's history view: its ``History``, the move list and what is viewed."""

    def __init__(self, scene: Owner) -> None:
        self.scene = scene
        layout = scene.layout
        self.list = MoveList(layout.moves_rect, layout.move_columns, heading=not layout.turned,
                             smooth=not scene.ctx.settings.reduced_motion)
        self.lines = MoveLines()
        self.viewing: int | None = None
        """The turns shown while a past position is viewed; ``None`` at the present."""
        self._session: QuerniSession | None = None
        self._history: History | None = None

    @property
    def history(self) -> History:
        """The shown game told turn by turn, caught up with its session."""
        session = self.scene.session
        if (self._history is None or self._session is not session
                or len(self._history) > session.turn_count):  # TAKE BACK: told anew
            self._session, self._history = session, History(session.start, session.turns)
            self.lines = MoveLines()
            self.viewing = None
        elif len(self._history) < session.turn_count:
            self._history.catch_up(session.turns)
            self.viewing = None  # a new turn: play is at the present again
        return self._history

    @property
    def position(self) -> Any:
        """The position viewed (a ``QuerniState``), or ``None`` at the present."""
        return None if self.viewing is None else self.history.states[self.viewing]

    def last_move(self) -> dict[str, Any]:
        """The marks of the last turn at the present."""
        return last_move(self.history.last)

    def board_args(self) -> dict[str, Any] | None:
        """What the board shows of the viewed position (its pieces and the marks of the turn
        that led to it), or ``None`` at the present."""
        if self.viewing is None:
            return None
        history = self.history
        return {"pieces": history.states[self.viewing].pieces,
                **last_move(history.trace(self.viewing))}

    def banner(self) -> str | None:
        """What the message line says while a past position is viewed."""
        return None if self.viewing is None else t("moves.viewing", turn=self.viewing)

    # --- viewing ----------------------------------------------------------------------------
    def view(self, turn: int) -> None:
        """Show the position after ``turn`` (the newest turn is the present)."""
        total = len(self.history)
        self.viewing = max(1, turn) if turn < total else None
        if self.viewing is not None:
            self.scene.hints.put_away()
            self.list.reveal(self.viewing)
        self.scene.ctx.audio.play("click", 0.6)
        self.scene.refresh_buttons()

    def present(self) -> None:
        """Back to the present: play goes on."""
        if self.viewing is not None:
            self.viewing = None
            self.scene.ctx.audio.play("click", 0.6)
            self.scene.refresh_buttons()

    def handle(self, action: inp.Action) -> bool:
        """Presses, drags and wheel notches on the list; while viewing, a press on the board
        or a key (the arrows step through the turns). ``True`` when the action was the list's
        or the view's."""
        kind, pos, now = action.kind, action.pos, self.scene.time
        if kind == inp.PRESS and pos is not None:
            if self.list.press(pos, now):
                return True
            if self.viewing is not None and self.scene.layout.frame_rect.collidepoint(pos):
                self.present()
                return True
            return False
        if kind == inp.MOVE and self.list.held and pos is not None:
            self.list.move(pos, now)
            return True
        if kind in (inp.RELEASE, inp.FOCUS_LOST) and self.list.held:
            turn = self.list.release(pos if kind == inp.RELEASE else None, now)
            if turn is not None:
                self.view(turn)
            return True
        if kind == inp.SCROLL:
            return self.list.wheel(action.key, pos)
        if kind == inp.KEY and self.viewing is not None and action.key != "pause":
            self._key(action.key)
            return True
        return False

    def _key(self, key: str | None) -> None:
        if key in ("left", "up"):
            self.view(max(1, (self.viewing or 1) - 1))
        elif key in ("right", "down"):
            self.view((self.viewing or 0) + 1)
        else:
            self.present()

    # --- per frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.list.update(dt)
        self._entries_now()

    def _entries_now(self) -> None:
        """The list's entries in the language shown now; a language switched over the play
        screen is caught here, where the list is drawn."""
        self.list.show(self.lines.of(self.history.traces))

    @property
    def moving(self) -> bool:
        """The list glides or is dragged."""
        return self.list.moving

    def signature(self) -> tuple[object, ...]:
        return (self.viewing, len(self.history), self.list.signature())

    def draw(self, surface: pygame.Surface) -> None:
        """The move list, and while viewing a gold frame round the board with its banner."""
        self._entries_now()
        current = self.viewing if self.viewing is not None else len(self.history) or None
        self.list.draw(surface, current, self.viewing is not None, t("moves.heading"),
                       t("moves.empty"))
        if self.viewing is None:
            return
        frame = self.scene.layout.frame_rect
        pygame.draw.rect(surface, arcade_palette.GOLD, frame.inflate(10, 10), 6,
                         border_radius=32)
        if not self.scene.layout.turned:
            line = t("moves.viewing", turn=self.viewing)
            size = text.fit_size(line, "bold", 32, frame.width - 80, 20)
            label = text.render(line, "bold", size, (24, 16, 0))
            pill = label.get_rect(center=(frame.centerx, frame.top - BANNER_ROOM // 2 - 4))
            pill.inflate_ip(48, 16)
            pygame.draw.rect(surface, arcade_palette.GOLD, pill, border_radius=pill.height // 2)
            surface.blit(label, label.get_rect(center=pill.center))
