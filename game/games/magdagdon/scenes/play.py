"""The MAGDAGDON play screen: board, tray, ROLL/CONFIRM, Majda Powers, MAGDAGDON and ruins.

The scene keeps view state only (phase, selection, drag, cursor, animations). Every question
of legality or score goes to ``game.rules.magdagdon``: the scene calls the rules and turns an
``IllegalMove`` into feedback (shake, sound, the rule's message).

Input rule during animations: a tap (or a key) while dice tumble, the MAGDAGDON banner slams
in or a ruin crumbles only finishes that animation at once; it is never also applied as a move
(the button under it does not fire on that tap's release either). Nothing is queued.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.arcade.widgets import buttons, palette, text
from game.arcade.widgets.background import background
from game.arcade.widgets.effects import Particles, Shake
from game.engine import input as inp
from game.engine.i18n import t
from game.engine.scenes import Scene
from game.engine.tween import Timer, Tween, Tweens
from game.games.magdagdon.widgets import dice, hud
from game.games.magdagdon.widgets.board import BoardView
from game.games.magdagdon.widgets.cell_fx import CellEffects
from game.games.magdagdon.widgets.layout import PlayLayout, for_size
from game.games.magdagdon.widgets.tray import ROLL_SECONDS, TrayView
from game.rules.magdagdon import Difficulty, IllegalMove, MagdagdonGame, score

DRAG_SLOP = 14  # logical px a press must travel before it counts as a drag


def command(method: Callable[..., None]) -> Callable[..., None]:
    """A player command that a tap used up (to skip an animation) must not also trigger."""

    def guarded(self: PlayScene, *args: object) -> None:
        if self.swallow_release:
            return
        method(self, *args)

    guarded.__name__ = method.__name__
    guarded.__doc__ = method.__doc__
    return guarded


class Phase:
    IDLE = "idle"  # waiting for ROLL
    ROLLING = "rolling"
    PLACING = "placing"
    MAGDAGDON = "magdagdon"  # rescue with a power or ACCEPT
    CHOOSE_RUIN = "choose_ruin"
    CRUMBLING = "crumbling"
    OVER = "over"


def illegal_text(error: IllegalMove) -> str:
    """The rule's message in the player's language."""
    params = {k: v + 1 if k in ("die", "cell") and isinstance(v, int) else v
              for k, v in error.params.items()}  # players count dice and cells from 1
    return t(f"illegal.{error.key}", **params)


class PlayScene(Scene):
    """One game of MAGDAGDON, from the first ROLL to the score breakdown."""

    def __init__(self, app, game: MagdagdonGame | None = None,
                 difficulty: Difficulty | None = None, layout: PlayLayout | None = None) -> None:
        super().__init__(app)
        self.layout = layout or for_size(app.surface.get_size())
        self.rng = app.ctx.visual_rng()
        self.board_view = BoardView(self.layout)
        self.tray = TrayView(self.layout, self.rng)
        self.particles = Particles(self.rng)
        self.shake = Shake(self.rng)
        self.time = 0.0
        self.ui = None
        self._reset(game, difficulty)

    def _reset(self, game: MagdagdonGame | None, difficulty: Difficulty | None) -> None:
        """Start showing ``game`` (or a new one of ``difficulty``) with fresh view state."""
        ctx = self.app.ctx
        if game is None:
            game = MagdagdonGame(difficulty or ctx.settings.difficulty_enum, ctx.dice_rng())
        self.game = game
        self.tweens = Tweens()
        self.phase = Phase.OVER if game.is_over else (
            Phase.PLACING if game.in_turn else Phase.IDLE)
        self.selected: int | None = None
        self.marked: set[int] | None = None  # dice chosen for REROLL, None outside that mode
        self.drag: dict | None = None
        self.cursor: int | None = None
        self.message = ""
        self.message_colour = palette.TEXT_DIM
        self.message_timer = 0.0
        self.fx = CellEffects(self.tweens)
        self.banner = 0.0  # 0..1 slam-in of the MAGDAGDON banner
        self.banner_slam = False
        self.swallow_release = False  # the current tap only skipped an animation
        self.rescuing = False  # the dice now rerolling were a MAGDAGDON roll
        self._card = None
        self._card_key = None

    def restart(self, difficulty: Difficulty) -> None:
        """PLAY AGAIN: a new game in this same scene (its buttons are reused, not rebuilt)."""
        self.app.ctx.start_new_game(difficulty)
        self._reset(None, difficulty)
        self.say("")
        self._refresh_buttons()

    # --- lifecycle ------------------------------------------------------------------------
    def enter(self) -> None:
        L = self.layout
        dice.prewarm([(L.die, "die"), (L.cell - 16, "die"), (L.cell, "tile")],
                     self.app.ctx.settings.digits)
        self.ui = self.app.new_ui_manager()
        self._build_buttons()
        self.app.ctx.audio.play_music("music_play")
        if self.game.in_turn:
            self._after_dice_change(announce=True)
        self._refresh_buttons()

    def exit(self) -> None:
        if self.ui is not None:
            self.ui.clear_and_reset()

    def resume(self) -> None:
        self._refresh_buttons()

    def _build_buttons(self) -> None:
        L, ui = self.layout, self.ui
        self.b_roll = buttons.button(ui, L.roll_rect, "play.roll", self.do_roll, "#roll")
        self.b_confirm = buttons.button(ui, L.confirm_rect, "play.confirm", self.do_confirm,
                                        "#confirm")
        self.b_accept = buttons.button(ui, L.accept_rect, "play.accept", self.do_accept,
                                       "#danger")
        self.b_minus = buttons.button(ui, L.power_button_rect(0), "power.minus",
                                      lambda: self.do_adjust(-1), "#power")
        self.b_plus = buttons.button(ui, L.power_button_rect(1), "power.plus",
                                     lambda: self.do_adjust(1), "#power")
        self.b_reroll = buttons.button(ui, L.power_button_rect(2), "power.reroll",
                                       self.do_reroll_mode, "#power")
        self.b_reroll_go = buttons.button(ui, L.power_button_rect(0, 2), "power.reroll_go",
                                          self.do_reroll, "#power", count=0)
        self.b_reroll_cancel = buttons.button(ui, L.power_button_rect(1, 2), "power.cancel",
                                              self.cancel_reroll, "#power")
        self.b_pause = buttons.button(ui, L.pause_rect, "play.menu", self.do_pause, "#icon")
        self.b_coach = buttons.button(ui, L.coach_button_rect, "coach.got_it", self.end_coaching,
                                      "#confirm")

    # --- first-game coaching --------------------------------------------------------------
    @property
    def coaching(self) -> bool:
        ctx = self.app.ctx
        return not ctx.settings.coached and not ctx.demo

    def coach_step(self) -> tuple[str, pygame.Rect] | None:
        """The hint for what to do next, and what it points at (roll → pick → place → confirm)."""
        if not self.coaching or self.busy:
            return None
        L, g = self.layout, self.game
        if self.phase == Phase.IDLE:
            return "coach.roll", L.roll_rect
        if self.phase != Phase.PLACING or self.marked is not None:
            return None
        if g.can_confirm and self.selected is None:
            return "coach.confirm", L.confirm_rect
        if self.selected is None:
            return "coach.pick", L.tray_rect
        return "coach.place", L.board_rect

    @command
    def end_coaching(self) -> None:
        """Never again after it is dismissed (or after the first finished game)."""
        settings = self.app.ctx.settings
        if not settings.coached:
            settings.coached = True
            storage = self.app.ctx.storage
            if storage is not None:
                storage.save_settings(settings)
        self._refresh_buttons()

    # --- commands (buttons, keys and the demo end up here) --------------------------------
    @command
    def do_roll(self) -> None:
        if self.busy:
            self.skip_animation()
            return
        if self.phase != Phase.IDLE:
            return
        try:
            self.game.roll()
        except IllegalMove as error:
            self.say(illegal_text(error), bad=True)
            return
        self.selected = None
        self.marked = None
        self.phase = Phase.ROLLING
        self.app.ctx.audio.play("roll")
        seconds = ROLL_SECONDS * (0.4 if self.reduced_motion else 1.0)
        self.tray.tumble(self.tweens, 4, seconds, self._roll_landed)
        self.say("")
        self._refresh_buttons()

    def _roll_landed(self) -> None:
        if self.phase == Phase.ROLLING:
            self.phase = Phase.PLACING
            self._after_dice_change(announce=True)

    @command
    def do_confirm(self) -> None:
        if self.busy or self.phase != Phase.PLACING:
            return
        before = self.game.score()
        try:
            self.game.confirm()
        except IllegalMove as error:
            self.say(illegal_text(error), bad=True)
            self.app.ctx.audio.play("illegal")
            return
        self.app.ctx.audio.play("confirm")
        self._celebrate_new_combos(before)
        self._turn_ended()

    @command
    def do_accept(self) -> None:
        if self.phase != Phase.MAGDAGDON or self.busy:
            return
        self.phase = Phase.CHOOSE_RUIN
        self.selected = None
        self.marked = None
        self.say(t("play.choose_ruin"), bad=True)
        self._refresh_buttons()

    @command
    def do_adjust(self, delta: int) -> None:
        if self.busy or self.phase not in (Phase.PLACING, Phase.MAGDAGDON):
            return
        if self.selected is None:
            self.say(t("play.select_die_first"), bad=True)
            return
        die = self.selected
        try:
            self.game.adjust(die, delta)
        except IllegalMove as error:
            self._refuse(error, die=die)
            return
        self.app.ctx.audio.play("power")
        self.tray.pop(self.tweens, die)
        self.particles.burst(self.layout.die_rect(die).center, 30, [palette.GOLD, palette.SELECTED],
                             speed=(150, 420), gravity=300, life=(0.3, 0.7))
        self._power_used(rescue=self.phase == Phase.MAGDAGDON)

    @command
    def do_reroll_mode(self) -> None:
        if self.busy or self.phase not in (Phase.PLACING, Phase.MAGDAGDON):
            return
        if self.game.powers_left <= 0:
            self.say(illegal_text(IllegalMove("", "no_powers")), bad=True)
            return
        self.marked = {self.selected} if self.selected is not None else set()
        if self.phase == Phase.MAGDAGDON:
            self.marked = set(self.game.unplaced)
        self.selected = None
        self.say(t("play.reroll_hint"))
        self._refresh_buttons()

    @command
    def cancel_reroll(self) -> None:
        self.marked = None
        self.say("")
        self._refresh_buttons()

    @command
    def do_reroll(self) -> None:
        if self.marked is None or self.busy:
            return
        chosen = sorted(self.marked)
        try:
            self.game.reroll(chosen)
        except IllegalMove as error:
            self._refuse(error)
            return
        self.marked = None
        self.app.ctx.audio.play("roll")
        self.app.ctx.audio.play("power", 0.6)
        self.rescuing = self.phase == Phase.MAGDAGDON
        self.phase = Phase.ROLLING
        seconds = ROLL_SECONDS * (0.4 if self.reduced_motion else 1.0)
        for die in chosen:
            self.tray.tumble_die(self.tweens, die, seconds)
        self.tweens.add(Timer(seconds, self._reroll_landed))
        self._refresh_buttons()

    def _reroll_landed(self) -> None:
        if self.phase == Phase.ROLLING:
            self.phase = Phase.PLACING
            self._power_used(rescue=self.rescuing)

    @command
    def do_pause(self) -> None:
        from game.arcade.scenes.pause import PauseScene

        self.app.stack.push(PauseScene(self.app, self))

    def choose_ruin(self, cell: int) -> None:
        try:
            self.game.accept_magdagdon(cell)
        except IllegalMove as error:
            self._refuse(error, cell=cell)
            return
        self.banner = 0.0
        self.phase = Phase.CRUMBLING
        self.app.ctx.audio.play("ruin")
        self.shake.kick(10 if self.reduced_motion else 34)
        centre = self.layout.cell_rect(cell).center
        if not self.reduced_motion:
            self.particles.burst(centre, 90, [(120, 110, 120), (84, 76, 88), (160, 150, 150)],
                                 speed=(150, 650), size=(6, 18), life=(0.6, 1.4))
            self.particles.burst(centre, 40, [(60, 50, 60)], speed=(30, 140), size=(10, 22),
                                 gravity=900, life=(0.8, 1.6))
        self.fx.flash_cell(cell, 0.6)
        self.fx.drop_in(cell)
        self.say(t("play.ruined"), bad=True)
        self.tweens.add(Timer(0.3 if self.reduced_motion else 0.9, self._crumbled))
        self._refresh_buttons()

    def _crumbled(self) -> None:
        if self.phase == Phase.CRUMBLING:
            self._turn_ended()

    def place(self, die: int, cell: int, from_pos: tuple[float, float] | None = None) -> bool:
        """Ask the rules to place ``die``; animate the snap or show why not."""
        try:
            self.game.place(die, cell)
        except IllegalMove as error:
            self._refuse(error, cell=cell, die=die)
            if from_pos is not None:
                self.tray.fly_home(self.tweens, die, from_pos)
            return False
        self.app.ctx.audio.play("place")
        start = from_pos or self.layout.die_rect(die).center
        target = self.layout.cell_rect(cell).center
        self.fx.slide(cell, (start[0] - target[0], start[1] - target[1]))
        self.selected = None
        self.cursor = cell if self.cursor is not None else None
        if self.game.can_confirm:
            self.say(t("play.can_confirm"))
        self._refresh_buttons()
        return True

    def pick_up(self, die: int) -> tuple[int, ...]:
        """Pick a tentative die up (M-3.4); cascaded dice fly home too (M-3.5)."""
        cells = dict(self.game.placed)
        returned = self.game.unplace(die)
        self.app.ctx.audio.play("pickup")
        for other in returned:
            self.tray.fly_home(self.tweens, other, self.layout.cell_rect(cells[other]).center)
        if len(returned) > 1:
            self.say(t("play.cascade", count=len(returned) - 1))
        self._refresh_buttons()
        return returned

    # --- input ----------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        if self.ui is not None:
            self.ui.process_events(event)

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.PRESS:
            self._press(action.pos)
        elif action.kind == inp.MOVE and self.drag is not None:
            self._drag_to(action.pos)
        elif action.kind == inp.RELEASE:
            self._release(action.pos)
        elif action.kind == inp.KEY:
            self._key(action.key)
        elif action.kind == inp.FOCUS_LOST:
            self.swallow_release = False  # that tap's release will never come
            if self.drag is not None:
                self._cancel_drag()

    @property
    def busy(self) -> bool:
        """An animation that a tap skips is running (roll, banner slam, crumble)."""
        return self.phase in (Phase.ROLLING, Phase.CRUMBLING) or self.banner_slam

    def skip_animation(self) -> None:
        self.tweens.finish_all()
        self.banner_slam = False
        self.banner = 1.0 if self.phase == Phase.MAGDAGDON else self.banner

    def _press(self, pos) -> None:
        if self.busy:
            self.skip_animation()
            self.swallow_release = True  # this tap is used up
            return
        if self._over_button(pos):
            return
        die = self.layout.die_at(pos)
        cell = self.layout.cell_at(pos)
        if self.phase == Phase.CHOOSE_RUIN:
            if cell is not None:
                self.choose_ruin(cell)
            return
        if die is not None and die in self.game.unplaced and self.phase in (
                Phase.PLACING, Phase.MAGDAGDON):
            if self.marked is not None:
                self.marked ^= {die}
                self.app.ctx.audio.play("click")
                self._refresh_buttons()
                return
            self.selected = die
            self.app.ctx.audio.play("click")
            if self.phase == Phase.PLACING:
                self.drag = {"die": die, "start": pos, "pos": pos, "moved": False}
            return
        if cell is None or self.phase != Phase.PLACING or self.marked is not None:
            return
        owner = next((d for d, c in self.game.placed.items() if c == cell), None)
        if owner is not None:
            self.pick_up(owner)
            self.selected = owner
            self.drag = {"die": owner, "start": pos, "pos": pos, "moved": False, "from_cell": cell}
        elif self.selected is not None:
            self.place(self.selected, cell)
        elif self.game.board[cell] is None:
            self.say(t("play.select_die_first"))
            self.fx.shake(cell)

    def _drag_to(self, pos) -> None:
        drag = self.drag
        if math.dist(pos, drag["start"]) > DRAG_SLOP:
            drag["moved"] = True
        drag["pos"] = pos

    def _release(self, pos) -> None:
        self.swallow_release = False
        drag, self.drag = self.drag, None
        if drag is None or not drag["moved"]:
            return
        die = drag["die"]
        cell = self.layout.cell_at(pos)
        if cell is not None and self.phase == Phase.PLACING:
            self.place(die, cell, from_pos=pos)
        else:
            self.tray.fly_home(self.tweens, die, pos)

    def _cancel_drag(self) -> None:
        drag, self.drag = self.drag, None
        self.tray.fly_home(self.tweens, drag["die"], drag["pos"])

    def _over_button(self, pos) -> bool:
        return any(
            element.visible and element.rect.collidepoint(pos)
            for element in (self.b_roll, self.b_confirm, self.b_accept, self.b_minus,
                            self.b_plus, self.b_reroll, self.b_reroll_go, self.b_reroll_cancel,
                            self.b_pause)
        )

    def _key(self, key: str | None) -> None:
        if key == "pause":
            self.do_pause()
            return
        if self.busy:
            self.skip_animation()
            return
        if key and key.startswith("die") and key[3:].isdigit():
            die = int(key[3:]) - 1
            if die in self.game.unplaced:
                if self.marked is not None:
                    self.marked ^= {die}
                    self._refresh_buttons()
                else:
                    self.selected = die
                    self.cursor = self.cursor if self.cursor is not None else self._first_legal()
        elif key in ("left", "right", "up", "down"):
            self._move_cursor(key)
        elif key == "next" and self.game.unplaced:
            free = self.game.unplaced
            at = free.index(self.selected) + 1 if self.selected in free else 0
            self.selected = free[at % len(free)]
        elif key == "roll":
            self.do_roll()
        elif key == "back":
            self._key_back()
        elif key == "accept":
            self._key_accept()
        elif key == "minus":
            self.do_adjust(-1)
        elif key == "plus":
            self.do_adjust(1)
        elif key == "reroll":
            self.do_reroll() if self.marked is not None else self.do_reroll_mode()

    def _key_accept(self) -> None:
        if self.marked is not None:
            self.do_reroll()
        elif self.phase == Phase.IDLE:
            self.do_roll()
        elif self.phase == Phase.MAGDAGDON:
            self.do_accept()
        elif self.phase == Phase.CHOOSE_RUIN and self.cursor is not None:
            self.choose_ruin(self.cursor)
        elif self.phase == Phase.PLACING and self.selected is not None and self.cursor is not None:
            self.place(self.selected, self.cursor)
        elif self.phase == Phase.PLACING and self.game.can_confirm:
            self.do_confirm()
        elif self.phase == Phase.PLACING:
            self.do_confirm()  # explains how many more dice are needed

    def _key_back(self) -> None:
        if self.phase != Phase.PLACING or not self.game.placed:
            return
        owner = next((d for d, c in self.game.placed.items() if c == self.cursor), None)
        self.pick_up(owner if owner is not None else list(self.game.placed)[-1])

    def _move_cursor(self, key: str) -> None:
        if self.cursor is None:
            self.cursor = self._first_legal()
            return
        row, col = divmod(self.cursor, 4)
        row += {"up": -1, "down": 1}.get(key, 0)
        col += {"left": -1, "right": 1}.get(key, 0)
        self.cursor = max(0, min(3, row)) * 4 + max(0, min(3, col))

    def _first_legal(self) -> int:
        legal = sorted(self.legal_now)
        return legal[0] if legal else 5

    # --- rules-driven view state ----------------------------------------------------------
    @property
    def legal_now(self) -> frozenset[int]:
        """Cells to light: the rules' legal cells for the selected die (or the ruin choice)."""
        if self.phase == Phase.CHOOSE_RUIN:
            return frozenset(i for i, c in enumerate(self.game.board) if c is None)
        if self.phase != Phase.PLACING or self.selected is None:
            return frozenset()
        if self.selected not in self.game.unplaced:
            return frozenset()
        return self.game.legal_cells_for(self.selected)

    def _after_dice_change(self, announce: bool) -> None:
        """After a roll or a power: MAGDAGDON (M-6.1) is the rules' verdict, shown dramatically."""
        if self.game.is_magdagdon:
            self.phase = Phase.MAGDAGDON
            self.selected = None
            self.marked = None
            if announce:
                self._slam_banner()
        else:
            self.phase = Phase.PLACING
            self.banner = 0.0
            self.say(t("play.place_n", count=self.game.required))
        self._refresh_buttons()

    def _power_used(self, rescue: bool) -> None:
        """After −1/+1/REROLL: ``rescue`` when it was used against a MAGDAGDON roll."""
        self._after_dice_change(announce=True)
        if self.phase == Phase.PLACING:
            self.say(t("play.rescued") if rescue else t("play.power_used"), good=rescue)
        self.app.ctx.on_game_changed(self.game)

    def _slam_banner(self) -> None:
        self.app.ctx.audio.play("magdagdon")
        self.shake.kick(8 if self.reduced_motion else 24)
        self.banner_slam = True
        self.banner = 0.0

        def step(p: float) -> None:
            self.banner = p

        def done() -> None:
            self.banner_slam = False
            self.banner = 1.0

        self.tweens.add(Tween(0.3 if self.reduced_motion else 1.1, step, on_finish=done))
        need = self.game.required
        self.say(t("play.magdagdon_hint", count=need) if self.game.powers_left
                 else t("play.magdagdon_no_powers", count=need), bad=True)

    def _turn_ended(self) -> None:
        self.selected = None
        self.marked = None
        self.app.ctx.on_game_changed(self.game)
        if self.game.is_over:
            self.phase = Phase.OVER
            self.tweens.add(Timer(0.5 if self.reduced_motion else 1.0, self._show_game_over))
        else:
            self.phase = Phase.IDLE
            self.say(t("play.roll_prompt"))
        self._refresh_buttons()

    def _show_game_over(self) -> None:
        from game.games.magdagdon.scenes.game_over import GameOverScene

        self.app.ctx.audio.play("gameover")
        self.end_coaching()
        rank = self.app.ctx.on_game_over(self.game)
        self.app.stack.push(GameOverScene(self.app, self.game, rank))

    def _celebrate_new_combos(self, before) -> None:
        after = self.game.score()
        new = [i for i, (a, b) in enumerate(zip(before.lines, after.lines))
               if b.combo and not a.combo]
        if not new:
            return
        self.app.ctx.audio.play("combo")
        for index in new:
            cells = range(index * 4, index * 4 + 4) if index < 4 else range(index - 4, 16, 4)
            for cell in cells:
                self.fx.flash_cell(cell, 0.8)
                if not self.reduced_motion:
                    self.particles.burst(self.layout.cell_rect(cell).center, 12,
                                         [palette.COMBO_COLOURS[after.lines[index].combo],
                                          palette.GOLD], speed=(200, 600), life=(0.4, 0.9))
            self.fx.flash_line(index)
        names = ", ".join(t(f"combo_name.{after.lines[i].combo}") for i in new)
        self.say(t("play.combo", names=names), good=True)

    # --- feedback helpers -----------------------------------------------------------------
    @property
    def reduced_motion(self) -> bool:
        return self.app.ctx.settings.reduced_motion

    def say(self, message: str, bad: bool = False, good: bool = False) -> None:
        self.message = message
        self.message_colour = palette.BAD if bad else palette.GOOD if good else palette.TEXT
        self.message_timer = 0.0

    def _refuse(self, error: IllegalMove, cell: int | None = None, die: int | None = None) -> None:
        self.say(illegal_text(error), bad=True)
        self.app.ctx.audio.play("illegal")
        if cell is not None:
            self.fx.shake(cell)
        if die is not None:
            self.tray.shake(self.tweens, die)

    def _refresh_buttons(self) -> None:
        if self.ui is None:
            return
        g, phase = self.game, self.phase
        in_magdagdon = phase in (Phase.MAGDAGDON, Phase.CHOOSE_RUIN)
        buttons.set_shown(self.b_roll, not in_magdagdon)
        buttons.set_shown(self.b_confirm, not in_magdagdon)
        buttons.set_shown(self.b_accept, phase == Phase.MAGDAGDON)
        buttons.set_enabled(self.b_roll, phase == Phase.IDLE)
        buttons.set_enabled(self.b_confirm, phase == Phase.PLACING and g.can_confirm)
        missing = g.required - len(g.placed)
        if phase == Phase.PLACING and missing > 0:
            buttons.set_label(self.b_confirm, "play.place_more", count=missing)
        else:
            buttons.set_label(self.b_confirm, "play.confirm")
        has_powers = g.difficulty.powers > 0
        reroll_mode = self.marked is not None
        can_power = g.powers_left > 0 and phase in (Phase.PLACING, Phase.MAGDAGDON)
        for element in (self.b_minus, self.b_plus, self.b_reroll):
            buttons.set_shown(element, has_powers and not reroll_mode)
            buttons.set_enabled(element, can_power)
        buttons.set_shown(self.b_reroll_go, has_powers and reroll_mode)
        buttons.set_shown(self.b_reroll_cancel, has_powers and reroll_mode)
        if reroll_mode:
            buttons.set_label(self.b_reroll_go, "power.reroll_go", count=len(self.marked))
            buttons.set_enabled(self.b_reroll_go, bool(self.marked))
        buttons.set_shown(self.b_coach, self.coaching)

    # --- per step -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.message_timer += dt
        self.tweens.update(dt)
        self.particles.update(dt)
        self.shake.update(dt)
        if self.ui is not None:
            self.ui.update(dt)

    # --- drawing --------------------------------------------------------------------------
    def card(self):
        """The live score of the board as shown (tentative dice included), cached per state."""
        key = (self.game.view(), self.game.powers_used)
        if key != self._card_key:
            self._card_key = key
            self._card = score(key[0], self.game.difficulty, self.game.powers_used)
        return self._card

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(background(surface.get_size()), (0, 0))
        ox, oy = self.shake.offset
        L, g = self.layout, self.game
        hud.draw_header(surface, L, g, self.card().total)
        hidden = ()
        danger = self.legal_now if self.phase == Phase.CHOOSE_RUIN else ()
        legal = () if self.phase == Phase.CHOOSE_RUIN else self.legal_now
        offsets = dict(self.fx.offsets)
        if ox or oy:
            offsets = {c: (offsets.get(c, (0, 0))[0] + ox, offsets.get(c, (0, 0))[1] + oy)
                       for c in range(16)}
        self.board_view.draw(
            surface, g.view(), set(g.placed.values()), hidden=hidden, legal=legal, danger=danger,
            cursor=self.cursor, time=self.time, digits=self.app.ctx.settings.digits,
            offsets=offsets, flash=self.fx.flash,
        )
        self.board_view.draw_sums(surface, self.card(), self.fx.lines)
        values = g.dice if g.dice else ()
        dragging = self.drag["die"] if self.drag and self.drag["moved"] else None
        self.tray.draw(surface, values, set(g.unplaced), selected=self.selected,
                       marked=self.marked or (), dragging=dragging,
                       digits=self.app.ctx.settings.digits, time=self.time)
        if not g.in_turn:
            text.blit(surface, t("play.tray_empty"), "ui", 30, palette.TEXT_DIM, "center",
                      L.tray_rect.center)
        if self.phase not in (Phase.MAGDAGDON, Phase.CHOOSE_RUIN):  # the strip says it then
            hud.draw_message(surface, L, self.message, self.message_colour,
                             self.message_timer)
        hud.draw_powers_panel(surface, L, g)
        self.particles.draw(surface)
        if dragging is not None:
            TrayView.draw_die(surface, g.dice[dragging], self.drag["pos"], L.die,
                              self.app.ctx.settings.digits, scale=1.08)
        coach = self.coach_step()
        if coach is not None:
            hud.draw_coach(surface, L, coach[0], coach[1], self.time)
        if self.ui is not None:
            self.ui.draw_ui(surface)
        if self.phase in (Phase.MAGDAGDON, Phase.CHOOSE_RUIN) or self.banner_slam:
            label = t("play.choose_ruin") if self.phase == Phase.CHOOSE_RUIN else self.message
            hud.draw_banner(surface, L, self.banner, self.banner_slam, label)
