"""The MAGDAGDON play screen's gestures: a die tapped or dragged onto a cell, a placed die
picked up, and the keys. Only the view state of a gesture lives here (the die being dragged);
every move goes to the controller."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.engine import input as inp
from game.games.magdagdon.controller import Phase

if TYPE_CHECKING:
    from game.arcade.context import GameContext
    from game.engine.tween import Tweens
    from game.games.magdagdon.controller import PlayController
    from game.games.magdagdon.scenes.play_help import TurnHelp
    from game.games.magdagdon.widgets.layout import PlayLayout
    from game.games.magdagdon.widgets.tray import TrayView


class Owner(Protocol):
    """What the gestures use of the play screen that owns them."""

    @property
    def control(self) -> PlayController: ...
    @property
    def ctx(self) -> GameContext: ...
    @property
    def layout(self) -> PlayLayout: ...
    @property
    def tray(self) -> TrayView: ...
    @property
    def tweens(self) -> Tweens: ...
    @property
    def busy(self) -> bool: ...
    @property
    def turn_help(self) -> TurnHelp: ...
    def ask_hint(self) -> None: ...
    def pause_game(self) -> None: ...
    def skip_animation(self) -> None: ...
    def sync(self) -> None: ...

DRAG_SLOP = 14  # logical px a press must travel before it counts as a drag


class PlayGestures:
    """Turns the player's presses, drags and keys into the controller's commands."""

    def __init__(self, scene: Owner) -> None:
        self.scene = scene
        self.drag: dict[str, Any] | None = None
        self.from_pos: tuple[int, int] | None = None  # where a dragged die was let go

    def handle(self, action: inp.Action) -> None:
        """One action no button took: a press, a drag, a release, a key."""
        if action.kind == inp.PRESS and action.pos is not None:
            self._press(action.pos)
        elif action.kind == inp.MOVE and self.drag is not None and action.pos is not None:
            self._drag_to(action.pos)
        elif action.kind == inp.RELEASE and action.pos is not None:
            self._release(action.pos)
        elif action.kind == inp.KEY:
            self._key(action.key)
        elif action.kind == inp.FOCUS_LOST and self.drag is not None:
            self._cancel_drag()

    def _press(self, pos: tuple[int, int]) -> None:
        c = self.scene.control
        die = self.scene.layout.die_at(pos)
        cell = self.scene.layout.cell_at(pos)
        if die is not None and c.select(die):
            self.scene.ctx.audio.play("click")
            if c.phase == Phase.PLACING and c.marked is None:
                self.drag = {"die": die, "start": pos, "pos": pos, "moved": False}
            return
        if cell is None:
            return
        why = self.scene.turn_help.dead.explain(cell)
        if why is not None and c.selected is None and c.phase in (Phase.PLACING,
                                                                  Phase.MAGDAGDON):
            c.message = why  # a crossed cell, tapped: why no die can ever go there
            return
        owner = c.placed_die_at.get(cell) if c.phase == Phase.PLACING else None
        if c.tap_cell(cell) == "pickup" and owner is not None:
            self.drag = {"die": owner, "start": pos, "pos": pos, "moved": False}

    def _drag_to(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        assert drag is not None
        if math.dist(pos, drag["start"]) > DRAG_SLOP:
            drag["moved"] = True
        drag["pos"] = pos

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is None or not drag["moved"]:
            return
        die = drag["die"]
        cell = self.scene.layout.cell_at(pos)
        if cell is not None and self.scene.control.phase == Phase.PLACING:
            self.from_pos = pos
            self.scene.control.place(die, cell)
            self.scene.sync()
            self.from_pos = None
        else:
            self.scene.tray.fly_home(self.scene.tweens, die, pos)

    def _cancel_drag(self) -> None:
        drag, self.drag = self.drag, None
        if drag is not None:
            self.scene.tray.fly_home(self.scene.tweens, drag["die"], drag["pos"])

    def _key(self, key: str | None) -> None:
        c = self.scene.control
        if key == "pause":
            self.scene.pause_game()
            return
        if self.scene.busy:
            self.scene.skip_animation()
            return
        undo = self.scene.turn_help.undo
        commands: dict[str | None, Callable[[], object]] = {
            "next": c.select_next, "space": c.roll, "back": c.key_back, "accept": c.key_accept,
            "minus": lambda: c.adjust(-1), "plus": lambda: c.adjust(1), "h": self.scene.ask_hint,
            "u": undo, "z": undo, "r": c.reroll if c.marked is not None else c.reroll_mode}
        if key is not None and key in "1234" and len(key) == 1:
            c.key_die(int(key) - 1)
        elif key in ("left", "right", "up", "down"):
            c.move_cursor(key)
        elif key in commands:
            commands[key]()
