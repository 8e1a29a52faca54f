"""The MAGDAGDON play screen: board, tray, ROLL/CONFIRM, Majda Powers, MAGDAGDON and ruins.

The scene is the view: it turns taps and keys into ``PlayController`` commands, animates and
sounds what the controller reports, and draws what the controller says. Every question of
legality or score goes through the controller to ``game.rules.magdagdon``.

HINT (button or H): the advisor is asked in a background worker for a copy of the game; while
it thinks the message line says so; its answer is shown only if the game is still in the state
asked about (glowing dice, arrows to their cells, rings round the buttons to press, the reason
and the expected gain in the message line) and disappears at the next change of the state.
Each state hinted counts once in the session's ``hints`` (saved with the game, recorded).

Input rule during animations: a tap (or a key) while dice tumble, the MAGDAGDON banner slams
in or a ruin crumbles only finishes that animation at once (``intercept`` takes the whole
gesture, so the button under it does not fire on release either). Nothing is queued.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from typing import Any

import pygame

from game.ai.advisor import Advice
from game.arcade.play.hints import HintFlow, Shown
from game.arcade.scene import ArcadeScene
from game.arcade.widgets import buttons, palette, text
from game.arcade.widgets.background import background
from game.arcade.widgets.effects import Particles, Shake
from game.engine import i18n
from game.engine import input as inp
from game.engine.damage import Tracker
from game.engine.gui import picture
from game.engine.localformat import format_date
from game.engine.tween import Timer, Tween, Tweens
from game.games.magdagdon import GAME_ID, hints
from game.games.magdagdon.controller import (
    BAD,
    GOOD,
    Adjusted,
    Autosave,
    Combos,
    Confirmed,
    Event,
    Phase,
    PickedUp,
    Placed,
    PlayController,
    Refused,
    Rolled,
    Ruined,
    Slam,
    TurnEnded,
    line_cells,
)
from game.games.magdagdon.daily import recorded_days
from game.games.magdagdon.scenes.hinting import AdviceAsker, Hint, message_text
from game.games.magdagdon.session import Session, session_of
from game.games.magdagdon.texts import TEXTS, t
from game.games.magdagdon.widgets import dice, hint_view, hud
from game.games.magdagdon.widgets.board import CELL_REACH, BoardView
from game.games.magdagdon.widgets.cell_fx import CellEffects
from game.games.magdagdon.widgets.layout import PlayLayout, for_size
from game.games.magdagdon.widgets.tray import ROLL_SECONDS, TrayView
from game.rules.magdagdon import Difficulty, MagdagdonGame

DRAG_SLOP = 14  # logical px a press must travel before it counts as a drag
SOUNDS = {Placed: "place", PickedUp: "pickup", Adjusted: "power", Ruined: "ruin",
          Combos: "combo", Confirmed: "confirm"}
"""The sound of each controller event (rolls, slams and turn ends are handled below)."""


class PlayScene(ArcadeScene):
    """One game of MAGDAGDON, from the first ROLL to the score breakdown."""

    game_id = GAME_ID

    def __init__(self, app: Any, variant: str | None = None,
                 saved: Session | MagdagdonGame | None = None,
                 layout: PlayLayout | None = None, daily: str | None = None,
                 practice: bool = False) -> None:
        super().__init__(app)
        self.hints: HintFlow[hints.StateKey, Hint] = HintFlow(
            AdviceAsker(lambda: self.game), counted=self._hint_counted,
            failed=self._hint_failed, shown=lambda: self.ctx.audio.play("click", 0.5))
        self.layout = layout or for_size(app.surface.get_size())
        self.rng = app.ctx.visual_rng()
        self.board_view = BoardView(self.layout)
        self.tray = TrayView(self.layout, self.rng)
        self.particles = Particles(self.rng)
        self.shake = Shake(self.rng)
        self.time = 0.0
        self._static: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._damage = Tracker()
        self._drawn_steps: dict[str, Any] = {}  # parts drawn in steps (_stepped)
        self._last_steps: dict[str, Any] = {}
        if saved is None and daily is not None:
            saved = Session.daily_challenge(daily, practice or not self._may_record(daily))
        self._reset(saved, variant)

    def _header_label(self) -> str | None:
        """A daily challenge says so (and whether this run is practice) instead of the
        difficulty."""
        day = self.session.daily
        if day is None:
            return None
        when = format_date(f"{day}T00:00:00Z")
        return t("daily.badge_practice" if self.session.practice else "daily.badge", date=when)

    def _may_record(self, day: str) -> bool:
        """Only the day's first attempt is recorded; a demo's play of it never is (it would
        take the player's attempt)."""
        storage = self.ctx.storage
        if self.ctx.demo or storage is None:
            return False
        return day not in recorded_days(storage.records(GAME_ID))

    def _reset(self, saved: Session | MagdagdonGame | None, variant: str | None) -> None:
        """Start showing ``saved`` (or a new game of ``variant``) with fresh view state."""
        if saved is None:
            difficulty = Difficulty.parse(variant or self.settings["difficulty"])
            saved = MagdagdonGame(difficulty, self.ctx.game_rng(GAME_ID))
        self.session = session_of(saved)
        self.tweens = Tweens()
        self.fx = CellEffects(self.tweens)
        self.control = PlayController(self.session.game)
        self.hints.forget()
        self.drag: dict[str, Any] | None = None
        self.banner = 1.0 if self.control.phase == Phase.MAGDAGDON else 0.0
        self.banner_slam = False
        self.message_timer = 0.0
        self._shown_message = self.control.message
        self.control.drain_events()  # a resumed MAGDAGDON turn shows its banner without a slam

    @property
    def game(self) -> MagdagdonGame:
        return self.control.game

    @property
    def message(self) -> str:
        """The line the player reads now, in their language."""
        return message_text(self.control.message)

    @property
    def settings(self) -> dict[str, Any]:
        return self.ctx.game_settings(GAME_ID)

    # --- GameScene protocol -----------------------------------------------------------------
    def autosave(self) -> bool:
        if self.game.is_over or self.session.practice:
            return False  # a practice run of the day's challenge is neither saved nor recorded
        return self.ctx.autosave(GAME_ID, self.session)

    def _save(self) -> None:
        """The autosave points (and a hint counted); a finished game too, so a kill before
        its recording still records it at the next start. Practice runs are never saved."""
        if not self.session.practice:
            self.ctx.autosave(GAME_ID, self.session, later=True)

    def in_progress(self) -> bool:
        return not self.game.is_over and (self.game.turns > 0 or self.game.in_turn)

    def restart(self, variant: str) -> None:
        """PLAY AGAIN or a new difficulty: a new game in this scene (buttons are reused). After
        a daily challenge PLAY AGAIN is practice on the same day's dice (never recorded)."""
        daily = self.session.daily
        if daily is not None and variant == self.game.difficulty.name:
            self._reset(Session.daily_challenge(daily, practice=True), variant)
        else:
            self.ctx.start_new_game(GAME_ID, variant)
            self._reset(None, variant)
        self._refresh_buttons()

    # --- lifecycle ------------------------------------------------------------------------
    def enter(self) -> None:
        L = self.layout
        dice.prewarm([(L.die, "die"), (L.cell - 16, "die"), (L.cell, "tile")], self.digits)
        self._build_buttons()
        self.ctx.audio.play_music("music_play")
        if self.control.phase == Phase.MAGDAGDON:
            self._slam_banner()
        self._refresh_buttons()

    def resume(self) -> None:
        self._refresh_buttons()

    def exit(self) -> None:
        self.hints.forget()
        super().exit()

    def _build_buttons(self) -> None:
        L, ui = self.layout, self.gui

        def button(rect: pygame.Rect, key: str, command: Any, object_id: str,
                   **params: object) -> Any:
            return buttons.button(ui, rect, key, self._after(command), object_id, texts=TEXTS,
                                  **params)

        # Commands go to ``self.control`` when pressed: PLAY AGAIN swaps the controller.
        self.b_roll = button(L.roll_rect, "play.roll", lambda: self.control.roll(), "#roll")
        self.b_confirm = button(L.confirm_rect, "play.confirm", lambda: self.control.confirm(),
                                "#confirm")
        self.b_accept = button(L.accept_rect, "play.accept", lambda: self.control.accept(),
                               "#danger")
        self.b_minus = button(L.power_button_rect(0), "power.minus",
                              lambda: self.control.adjust(-1), "#power")
        self.b_plus = button(L.power_button_rect(1), "power.plus",
                             lambda: self.control.adjust(1), "#power")
        self.b_reroll = button(L.power_button_rect(2), "power.reroll",
                               lambda: self.control.reroll_mode(), "#power")
        self.b_reroll_go = button(L.power_button_rect(0, 2), "power.reroll_go",
                                  lambda: self.control.reroll(), "#power", count=0)
        self.b_reroll_cancel = button(L.power_button_rect(1, 2), "power.cancel",
                                      lambda: self.control.cancel_reroll(), "#power")
        self.b_pause = button(L.pause_rect, "play.menu", self.pause_game, "#icon")
        self.b_hint = button(L.hint_rect, "play.hint", self.ask_hint, "#hint")
        self.b_coach = button(L.coach_button_rect, "coach.got_it", self.end_coaching,
                              "#confirm")

    def _after(self, command: Any) -> Any:
        """A command followed by what every command needs: effects, sounds, buttons."""

        def run() -> None:
            command()
            self._sync()

        return run

    # --- first-game coaching --------------------------------------------------------------
    @property
    def coaching(self) -> bool:
        return not self.settings["coached"] and not self.ctx.demo

    @property
    def digits(self) -> bool:
        return bool(self.settings["digits"])

    def coach_step(self) -> tuple[str, pygame.Rect] | None:
        """The hint for what to do next, and what it points at (roll → pick → place → confirm)."""
        if not self.coaching or self.busy:
            return None
        key = self.control.coach_step()
        return None if key is None else (key, self._coach_target(key))

    def _coach_target(self, key: str) -> pygame.Rect:
        """What the coach's step ``key`` rings."""
        L = self.layout
        return {"coach.roll": L.roll_rect, "coach.confirm": L.confirm_rect,
                "coach.pick": L.tray_rect, "coach.place": L.board_rect}[key]

    def end_coaching(self) -> None:
        """Never again after it is dismissed (or after the first finished game)."""
        if not self.settings["coached"]:
            self.settings["coached"] = True
            self.ctx.save_settings()

    # --- HINT: the advisor ------------------------------------------------------------------
    @property
    def hint_available(self) -> bool:
        """A turn is on the table (dice landed, not choosing dice to REROLL)."""
        c = self.control
        return (c.phase in (Phase.PLACING, Phase.MAGDAGDON, Phase.CHOOSE_RUIN)
                and c.marked is None and self.game.in_turn)

    @property
    def hint(self) -> Hint | None:
        """The advisor's answer shown now, if any."""
        return self.hints.showing(hints.state_key(self.game))

    @property
    def thinking(self) -> bool:
        """The advisor is working on the state on screen."""
        return self.hints.thinking(hints.state_key(self.game))

    def ask_hint(self) -> None:
        """HINT / H: ask the advisor about the state on screen (again: hide the hint)."""
        if self.hint_available:
            self.hints.press(hints.state_key(self.game), self.time)

    def _hint_counted(self) -> None:
        self.session.hinted()
        self._save()

    def _hint_failed(self) -> None:
        self.control.say("hint.failed")
        self._sync()

    def show_advice(self, advice: Advice) -> None:
        """Show an answer of the advisor for the state on screen without counting it as a
        hint (the kiosk's attract mode shows visitors what the demo is about to do)."""
        key = hints.state_key(self.game)
        self.hints.shown = Shown(key, Hint(key, advice, self.game))

    # --- navigation -------------------------------------------------------------------------
    def pause_game(self) -> None:
        self.app.nav.push("pause", game_id=GAME_ID, on_leave=self.autosave)

    def _show_game_over(self) -> None:
        self.ctx.audio.play("gameover")
        self.end_coaching()
        rank = None if self.session.practice else self.ctx.record(GAME_ID, self.session)
        if self.session.daily is not None:
            rank = None  # the day's table is on the DAILY screen, without initials
        variant = self.game.difficulty.name
        self.app.nav.push(f"{GAME_ID}.game_over", game=self.game, rank=rank,
                          session=self.session,
                          on_play_again=lambda: self.restart(variant),
                          on_menu=lambda: self.app.nav.clear_to("title", game_id=GAME_ID))

    # --- effects of the controller's events -------------------------------------------------
    def _sync(self) -> None:
        """Animate and sound what the controller did; refresh the buttons and the message."""
        for event in self.control.drain_events():
            self._note(event)
            self._effect(event)
        self.hints.poll(hints.state_key(self.game), self.hint_available)
        if self.control.message != self._shown_message:
            self._shown_message = self.control.message
            self.message_timer = 0.0
        self._refresh_buttons()

    def _note(self, event: Event) -> None:
        """The session's history: the game after each chance event and turn end."""
        if isinstance(event, Rolled):
            if event.reroll:
                self.session.note("reroll", event.dice)
            else:
                self.session.note("roll")
        elif isinstance(event, Adjusted):
            self.session.note("adjust")
        elif isinstance(event, (Confirmed, Ruined)):
            self.session.note("end")

    def _effect(self, event: Event) -> None:
        """The sound and the animation of one event of the controller."""
        sound = SOUNDS.get(type(event))
        if sound is not None:
            self.ctx.audio.play(sound)
        elif isinstance(event, Refused) and event.sound:
            self.ctx.audio.play("illegal")
        animate = _ANIMATIONS.get(type(event))
        if animate is not None:
            animate(self, event)

    def _placed(self, event: Placed) -> None:
        start = self._from_pos or self.layout.die_rect(event.die).center
        target = self.layout.cell_rect(event.cell).center
        self.fx.slide(event.cell, (start[0] - target[0], start[1] - target[1]))

    def _refused(self, event: Refused) -> None:
        if event.cell is not None:
            self.fx.shake(event.cell)
        if event.die is not None:
            self.tray.shake(self.tweens, event.die)
        if self._from_pos is not None and event.die is not None:
            self.tray.fly_home(self.tweens, event.die, self._from_pos)

    def _picked_up(self, event: PickedUp) -> None:
        for die, cell in zip(event.returned, event.cells):
            self.tray.fly_home(self.tweens, die, self.layout.cell_rect(cell).center)

    def _adjusted(self, event: Adjusted) -> None:
        self.tray.pop(self.tweens, event.die)
        self.particles.burst(self.layout.die_rect(event.die).center, 30,
                             [palette.GOLD, palette.SELECTED], speed=(150, 420),
                             gravity=300, life=(0.3, 0.7))

    def _turn_ended(self, event: TurnEnded) -> None:
        if event.over:
            self.tweens.add(Timer(0.5 if self.reduced_motion else 1.0, self._show_game_over))

    _from_pos: tuple[int, int] | None = None  # where a dragged die was let go

    def _tumble(self, event: Rolled) -> None:
        seconds = ROLL_SECONDS * (0.4 if self.reduced_motion else 1.0)
        self.ctx.audio.play("roll")
        if event.reroll:
            self.ctx.audio.play("power", 0.6)
            for die in event.dice:
                self.tray.tumble_die(self.tweens, die, seconds)
            self.tweens.add(Timer(seconds, self._landed))
        else:
            self.tray.tumble(self.tweens, len(event.dice), seconds, self._landed)

    def _landed(self) -> None:
        self.control.roll_landed()
        self._sync()

    def _slam_banner(self) -> None:
        self.ctx.audio.play("magdagdon")
        self.shake.kick(8 if self.reduced_motion else 24)
        self.banner_slam = True
        self.banner = 0.0

        def step(p: float) -> None:
            self.banner = p

        def done() -> None:
            self.banner_slam = False
            self.banner = 1.0

        self.tweens.add(Tween(0.3 if self.reduced_motion else 1.1, step, on_finish=done))

    def _crumble(self, cell: int) -> None:
        self.banner = 0.0
        self.shake.kick(10 if self.reduced_motion else 34)
        centre = self.layout.cell_rect(cell).center
        if not self.reduced_motion:
            self.particles.burst(centre, 90, [(120, 110, 120), (84, 76, 88), (160, 150, 150)],
                                 speed=(150, 650), size=(6, 18), life=(0.6, 1.4))
            self.particles.burst(centre, 40, [(60, 50, 60)], speed=(30, 140), size=(10, 22),
                                 gravity=900, life=(0.8, 1.6))
        self.fx.flash_cell(cell, 0.6)
        self.fx.drop_in(cell)

        def done() -> None:
            self.control.crumbled()
            self._sync()

        self.tweens.add(Timer(0.3 if self.reduced_motion else 0.9, done))

    def _celebrate(self, event: Combos) -> None:
        for index, combo in zip(event.lines, event.combos):
            for cell in line_cells(index):
                self.fx.flash_cell(cell, 0.8)
                if not self.reduced_motion:
                    self.particles.burst(self.layout.cell_rect(cell).center, 12,
                                         [palette.COMBO_COLOURS[combo], palette.GOLD],
                                         speed=(200, 600), life=(0.4, 0.9))
            self.fx.flash_line(index)

    # --- input ----------------------------------------------------------------------------
    @property
    def moving(self) -> bool:  # type: ignore[override]  # the engine's attribute, asked here
        """Dice roll or fly, a line flashes, particles fall, the board shakes: drawn at full
        rate even when nobody touches the screen (the attract mode's own moves)."""
        return self.tweens.active or self.particles.active or self.shake.strength > 0.5

    @property
    def busy(self) -> bool:
        """An animation that a tap skips is running (roll, banner slam, crumble)."""
        return self.control.phase in (Phase.ROLLING, Phase.CRUMBLING) or self.banner_slam

    def skip_animation(self) -> None:
        self.tweens.finish_all()
        self.banner_slam = False
        self.banner = 1.0 if self.control.phase == Phase.MAGDAGDON else self.banner

    def intercept(self, action: inp.Action) -> bool:
        """A press during an animation only finishes it (and nothing else happens)."""
        if self.busy:
            self.skip_animation()
            return True
        return False

    def handle(self, action: inp.Action) -> None:
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
        self._sync()

    def _press(self, pos: tuple[int, int]) -> None:
        c = self.control
        die = self.layout.die_at(pos)
        cell = self.layout.cell_at(pos)
        if die is not None and c.select(die):
            self.ctx.audio.play("click")
            if c.phase == Phase.PLACING and c.marked is None:
                self.drag = {"die": die, "start": pos, "pos": pos, "moved": False}
            return
        if cell is None:
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
        cell = self.layout.cell_at(pos)
        if cell is not None and self.control.phase == Phase.PLACING:
            self._from_pos = pos
            self.control.place(die, cell)
            self._sync()
            self._from_pos = None
        else:
            self.tray.fly_home(self.tweens, die, pos)

    def _cancel_drag(self) -> None:
        drag, self.drag = self.drag, None
        if drag is not None:
            self.tray.fly_home(self.tweens, drag["die"], drag["pos"])

    def _key(self, key: str | None) -> None:
        c = self.control
        if key == "pause":
            self.pause_game()
            return
        if self.busy:
            self.skip_animation()
            return
        if key is not None and key in "1234" and len(key) == 1:
            c.key_die(int(key) - 1)
        elif key in ("left", "right", "up", "down"):
            c.move_cursor(key)
        elif key == "next":
            c.select_next()
        elif key == "space":
            c.roll()
        elif key == "back":
            c.key_back()
        elif key == "accept":
            c.key_accept()
        elif key == "minus":
            c.adjust(-1)
        elif key == "plus":
            c.adjust(1)
        elif key == "h":
            self.ask_hint()
        elif key == "r" and c.marked is not None:
            c.reroll()
        elif key == "r":
            c.reroll_mode()

    def _hint_buttons(self) -> dict[str, pygame.Rect]:
        """The buttons a hint may point at, while they show."""
        named = {"minus": self.b_minus, "plus": self.b_plus, "reroll": self.b_reroll,
                 "accept": self.b_accept}
        return {name: b.rect for name, b in named.items() if b.visible}

    # --- buttons ----------------------------------------------------------------------------
    def _refresh_buttons(self) -> None:
        if self.ui is None:
            return
        state = self.control.buttons()
        pairs = ((self.b_roll, state.roll), (self.b_confirm, state.confirm),
                 (self.b_accept, state.accept), (self.b_minus, state.powers),
                 (self.b_plus, state.powers), (self.b_reroll, state.powers),
                 (self.b_reroll_go, state.reroll_go),
                 (self.b_reroll_cancel, state.reroll_cancel))
        for element, (shown, enabled) in pairs:
            buttons.set_shown(element, shown)
            buttons.set_enabled(element, enabled)
        key, params = state.confirm_label
        buttons.set_label(self.b_confirm, key, **params)
        if state.reroll_go[0]:
            buttons.set_label(self.b_reroll_go, "power.reroll_go", count=state.reroll_go_count)
        buttons.set_shown(self.b_coach, self.coaching)
        buttons.set_enabled(self.b_hint, self.hint_available)

    # --- per step -------------------------------------------------------------------------
    @property
    def reduced_motion(self) -> bool:
        return bool(self.ctx.settings.reduced_motion)

    def update(self, dt: float) -> None:
        self.time += dt
        self.message_timer += dt
        self.tweens.update(dt)
        self.hints.poll(hints.state_key(self.game), self.hint_available)
        self.particles.update(dt)
        self.shake.update(dt)
        if self.ui is not None:
            self.gui.update(dt)

    # --- drawing --------------------------------------------------------------------------
    def _static_key(self, size: tuple[int, int]
                    ) -> tuple[tuple[int, int], str, Difficulty, str | None]:
        return (size, i18n.current(), self.game.difficulty, self._header_label())

    def static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """What stays put during a game — the backdrop, the logo and labels of the header, the
        board's frame and slots, the tray's felt, the powers panel — composed once into one
        opaque layer: one plain blit a frame instead of a dozen, several of them with alpha.
        Made again when the language, the difficulty or the daily label (a new game)
        changes."""
        key = self._static_key(size)
        if self._static is None or self._static[0] != key:
            layer = background(size).copy()
            hud.draw_header_static(layer, self.layout, self.game, key[-1])
            self.board_view.draw_frame(layer)
            self.tray.draw_panel(layer)
            hud.draw_powers_static(layer, self.layout, self.game)
            self._static = (key, layer)
        return self._static[1]

    def _message(self) -> tuple[str, tuple[int, int, int], float, bool]:
        """The message line now: its text, colour, age (it rises in) and whether it sits on a
        hint's plate."""
        c = self.control
        hint = self.hint if not self.busy else None
        if hint is not None:
            return hint.text, palette.GOLD, 1.0, True
        if self.thinking:
            return t("hint.thinking") + self.hints.dots(self.time), palette.GOLD, 1.0, False
        colour = {BAD: palette.BAD, GOOD: palette.GOOD}.get(c.message.tone, palette.TEXT)
        return self.message, colour, self.message_timer, False

    @property
    def slamming(self) -> bool:
        """The MAGDAGDON banner slams in (or comes in again): over the picture, not in it."""
        return self.banner_slam or (self.control.in_magdagdon and self.banner < 1.0)

    def damage(self) -> list[pygame.Rect] | None:
        """Untouched, or between the demo's taps, only what moves by itself is redrawn, where
        it is and was: dice tumbling, flying or bobbing, pulsing, sliding or shaking cells, a
        flashing sum, a rising message, the coach's ring, the HINT spinner, sparks and a
        shaking board. Anything else that changes (a tap's answer), a drag, a HINT on the
        board or the banner's slam: everything."""
        c, L, g = self.control, self.layout, self.game
        if self.drag is not None or (self.hint is not None and not self.busy) or self.slamming:
            return self._damage.whole()
        tentative = tuple(sorted(g.placed.values()))
        legal = c.legal_now
        cells = set(tentative)  # dashed rings turn
        if self._stepped("glow", self._glow_step(legal)):  # glows pulse in steps
            cells |= set(legal)
        flash = _as_drawn(self.fx.flash, BoardView.flash_shade)  # flashes fade in steps
        if self._stepped("flash", flash):  # (the cells that stopped flashing are wiped too)
            cells |= {cell for cell, _ in (*flash, *self._last_steps["flash"])}
        moving = [self.board_view.cell_area(cell) for cell in sorted(cells)]
        if self.shake.reach:  # the board's cells shake, with their reach
            margin = 2 * (CELL_REACH + self.shake.reach)
            moving.append(L.board_rect.inflate(margin, margin))
        for cell, (dx, dy) in self.fx.offsets.items():  # a die sliding in, a shake, a ruin
            moving.append(L.cell_rect(cell).move(round(dx), round(dy)).inflate(60, 60))
        flags = _as_drawn(self.fx.lines, BoardView.flag_swell)  # flags swell a pixel at a time
        if self._stepped("flags", flags):
            moving += [self.board_view.sum_area(index)
                       for index, _ in (*flags, *self._last_steps["flags"])]
        for index in range(len(g.dice) if g.dice else 0):
            m = self.tray.motion[index]
            if m.dx or m.dy or m.angle or m.shake or m.scale != 1.0 or m.face is not None \
                    or index == c.selected:  # tumbling, flying home, shaking, popping, lifted
                moving.append(self.tray.die_area(index, c.selected))
        text_now, colour, age, plated = self._message()
        if age < 0.25:  # rising in
            message = pygame.Rect(0, 0, L.right_width + 60, 150)
            message.center = L.message_pos
            moving.append(message)
        coach = self.coach_step()
        if coach is not None:  # the ring round what to touch pulses
            moving.append(coach[1].inflate(60, 60))
        if self.thinking:
            moving.append(self.b_hint.rect.inflate(40, 40))
        moving += self.particles.areas()
        signature = (self._static_key(self.app.surface.get_size()), g.turns, c.card().lines,
                     g.view(), tentative, tuple(sorted(legal)), c.cursor, self.digits,
                     tuple(g.dice) if g.dice else (), tuple(sorted(g.unplaced)), c.selected,
                     tuple(c.marked or ()), g.in_turn, text_now, colour, age >= 0.25, plated,
                     g.powers_left, g.next_penalty, self.thinking, c.phase, c.in_magdagdon,
                     coach and coach[0], picture(self.ui))
        return self._damage.areas(signature, moving)

    def _stepped(self, name: str, drawn: Any) -> bool:
        """Whether what is drawn of a part that changes in steps (``drawn``, kept by ``name``;
        the last draw's then in ``_last_steps``) differs from the last draw's: only then is
        that part redrawn, not at every frame of its pulse or fade."""
        self._last_steps[name] = self._drawn_steps.get(name, ())
        self._drawn_steps[name] = drawn
        return bool(self._last_steps[name] != drawn)

    def _glow_step(self, legal: Collection[int]) -> int | None:
        """The opacity the glowing cells are drawn at now (None: no cell glows): the legal
        glow's, or the danger glow's while a ruin is chosen."""
        if not legal:
            return None
        legal_alpha, danger_alpha = BoardView.glow_alphas(self.time)
        return danger_alpha if self.control.phase == Phase.CHOOSE_RUIN else legal_alpha

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.static_layer(surface.get_size()), (0, 0))
        c, L, g = self.control, self.layout, self.game
        card = c.card()
        hud.draw_header(surface, L, g, card.total)
        choosing = c.phase == Phase.CHOOSE_RUIN
        legal = c.legal_now
        offsets = dict(self.fx.offsets)
        ox, oy = self.shake.offset
        if ox or oy:
            offsets = {i: (offsets.get(i, (0, 0))[0] + ox, offsets.get(i, (0, 0))[1] + oy)
                       for i in range(16)}
        self.board_view.draw(
            surface, g.view(), set(g.placed.values()), hidden=(),
            legal=() if choosing else legal, danger=legal if choosing else (),
            cursor=c.cursor, time=self.time, digits=self.digits, offsets=offsets,
            flash=self.fx.flash,
        )
        hint = self.hint if not self.busy else None
        if hint is not None:
            hint_view.draw_arrows(surface, L, hint.targets, self.time)
        self.board_view.draw_sums(surface, card, self.fx.lines)
        dragging = self.drag["die"] if self.drag and self.drag["moved"] else None
        self.tray.draw(surface, g.dice if g.dice else (), set(g.unplaced), selected=c.selected,
                       marked=c.marked or (), dragging=dragging, digits=self.digits,
                       time=self.time)
        if not g.in_turn:
            text.blit(surface, t("play.tray_empty"), "ui", 30, palette.TEXT_DIM, "center",
                      L.tray_rect.center)
        if hint is not None:
            hint_view.draw(surface, L, hint.targets, self.time, self._hint_buttons(),
                           g.unplaced)
        message, colour, age, _plated = self._message()
        if not c.in_magdagdon:  # the strip says it then
            if hint is not None:
                hint_view.plate(surface, L)
            hud.draw_message(surface, L, message, colour, age, 20 if hint is not None else 0)
        hud.draw_powers_panel(surface, L, g)
        if dragging is not None and self.drag is not None:
            TrayView.draw_die(surface, g.dice[dragging], self.drag["pos"], L.die, self.digits,
                              scale=1.08)
        coach = self.coach_step()
        if coach is not None:
            hud.draw_coach(surface, L, coach[0], coach[1], self.time)
        if self.ui is not None:
            self.gui.draw_ui(surface)
        if self.thinking:
            hint_view.spinner(surface, self.b_hint.rect, self.time)
        if c.in_magdagdon and not self.slamming:  # settled in the strip
            label = t("play.choose_ruin") if choosing else message
            hud.draw_banner(surface, L, self.banner, False, label)
        if self.slamming:
            hud.slam_banner(surface, L=L, progress=self.banner)
        self.particles.draw(surface)  # sparks over everything


def _as_drawn(values: Mapping[int, float], step: Callable[[float], int]
              ) -> tuple[tuple[int, int], ...]:
    """Each of ``values`` (a flashing cell, a swelling flag's line) with ``step`` of it: what
    is drawn of it, to compare with the last draw's."""
    return tuple(sorted((key, step(value)) for key, value in values.items()))


_ANIMATIONS: dict[type[Event], Callable[[PlayScene, Any], None]] = {
    Rolled: PlayScene._tumble, Placed: PlayScene._placed, Refused: PlayScene._refused,
    PickedUp: PlayScene._picked_up, Adjusted: PlayScene._adjusted,
    Slam: lambda scene, _event: scene._slam_banner(),
    Ruined: lambda scene, event: scene._crumble(event.cell),
    Combos: PlayScene._celebrate, Autosave: lambda scene, _event: scene._save(),
    TurnEnded: PlayScene._turn_ended}
"""What each event of the controller shows (sounds: ``SOUNDS``)."""
