"""The MAGDAGDON play screen: board, tray, ROLL/CONFIRM, Majda Powers, MAGDAGDON and ruins.

The scene turns taps and keys into ``PlayController`` commands and animates, sounds and draws
what it answers. Its parts: HINT (``play_hints``), dead cells, the power guard and UNDO
(``play_help``), drawing (``play_picture``), gestures (``play_input``). A tap while dice
tumble, the banner slams in or a ruin crumbles only finishes that animation (``intercept``
takes the whole gesture); nothing is queued.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.ai.advisor import Advice
from game.arcade.play.screen import PlayScreen
from game.arcade.widgets import buttons, palette
from game.arcade.widgets.effects import Particles, Shake
from game.arcade.widgets.message_line import MessageLine
from game.engine import input as inp
from game.engine.tween import Timer, Tween, Tweens
from game.games.magdagdon import GAME_ID
from game.games.magdagdon.controller import Phase, PlayController
from game.games.magdagdon.daily import DAILY, recorded_days
from game.games.magdagdon.events import (
    Adjusted,
    Autosave,
    Combos,
    Confirmed,
    Event,
    PickedUp,
    Placed,
    Refused,
    Rolled,
    Ruined,
    Slam,
    TurnEnded,
)
from game.games.magdagdon.scenes.hinting import Hint, message_text
from game.games.magdagdon.scenes.play_help import TurnHelp
from game.games.magdagdon.scenes.play_hints import PlayHints
from game.games.magdagdon.scenes.play_input import PlayGestures
from game.games.magdagdon.scenes.play_picture import Moment, PlayPicture
from game.games.magdagdon.session import Session, session_of
from game.games.magdagdon.texts import TEXTS, game_label
from game.games.magdagdon.widgets import dice
from game.games.magdagdon.widgets.board import BoardView
from game.games.magdagdon.widgets.cell_fx import CellEffects
from game.games.magdagdon.widgets.layout import PlayLayout, for_size
from game.games.magdagdon.widgets.tray import ROLL_SECONDS, TrayView
from game.rules.magdagdon import LINES, Difficulty, MagdagdonGame

SOUNDS = {Placed: "place", PickedUp: "pickup", Adjusted: "power", Ruined: "ruin",
          Combos: "combo", Confirmed: "confirm"}
"""The sound of each controller event (rolls, slams and turn ends are handled below)."""


class PlayScene(PlayScreen):
    """One game of MAGDAGDON, from the first ROLL to the score breakdown."""

    game_id = GAME_ID

    def __init__(self, app: Any, variant: str | None = None,
                 saved: Session | MagdagdonGame | None = None,
                 layout: PlayLayout | None = None, daily: str | None = None,
                 practice: bool = False) -> None:
        super().__init__(app)
        self.help = PlayHints(lambda: self.control, counted=self._hint_counted,
                              failed=self._hint_failed,
                              shown=lambda: self.ctx.audio.play("click", 0.5))
        self.hints = self.help.flow
        self.turn_help = TurnHelp(lambda: self.control, lambda: self.session, self._save,
                                  self._ask)
        self.guard = self.turn_help.guard
        self.layout = layout or for_size(app.surface.get_size())
        self.rng = app.ctx.visual_rng()
        self.board_view = BoardView(self.layout)
        self.tray = TrayView(self.layout, self.rng)
        self.particles = Particles(self.rng)
        self.shake = Shake(self.rng)
        self.time = 0.0
        self.picture = PlayPicture(self)
        if saved is None and daily is not None:
            saved = Session.daily_challenge(daily, practice or not self._may_record(daily))
        self._reset(saved, variant)

    def _may_record(self, day: str) -> bool:
        """Only the day's first attempt is recorded; a demo's play of it never is (it would
        take the player's attempt)."""
        storage = self.ctx.storage
        if self.ctx.demo or storage is None:
            return False
        return day not in recorded_days(storage.records(GAME_ID, DAILY))

    def _reset(self, saved: Session | MagdagdonGame | None, variant: str | None) -> None:
        """Start showing ``saved`` (or a new game of ``variant``) with fresh view state."""
        if saved is None:
            difficulty = Difficulty.parse(variant or self.settings["difficulty"])
            saved = MagdagdonGame(difficulty, self.ctx.game_rng(GAME_ID))
        self.session = session_of(saved)
        self.tweens = Tweens()
        self.fx = CellEffects(self.tweens)
        self.control = PlayController(self.session.game)
        self.help.forget()
        self.turn_help.reset()
        self.gestures = PlayGestures(self)
        self.banner = 1.0 if self.control.phase == Phase.MAGDAGDON else 0.0
        self.banner_slam = False
        self.message_line = MessageLine()
        self.message_line.show(self.control.message)
        self.control.drain_events()  # a resumed MAGDAGDON turn shows its banner without a slam

    @property
    def game(self) -> MagdagdonGame:
        return self.control.game

    @property
    def message(self) -> str:
        """The line the player reads now, in their language."""
        return message_text(self.control.message)

    # --- GameScene protocol -----------------------------------------------------------------
    def autosave(self) -> bool:
        if self.game.is_over or self.session.practice:
            return False  # a practice run of the day's challenge is neither saved nor recorded
        return self.ctx.autosave(GAME_ID, self.session)

    def _save(self) -> None:
        """The autosave points (and a hint counted); a finished game too, so a kill before
        its recording still records it at the next start. Practice runs are never saved."""
        if not self.session.practice:
            self.save_soon(self.session)

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
            self.slam_banner()
        self._refresh_buttons()

    def resume(self) -> None:
        self._refresh_buttons()

    def exit(self) -> None:
        self.help.forget()
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
                              lambda: self.guard.adjust(-1), "#power")
        self.b_plus = button(L.power_button_rect(1), "power.plus",
                             lambda: self.guard.adjust(1), "#power")
        self.b_reroll = button(L.power_button_rect(2), "power.reroll",
                               lambda: self.control.reroll_mode(), "#power")
        self.b_reroll_go = button(L.power_button_rect(0, 2), "power.reroll_go",
                                  self.guard.reroll, "#power", count=0)
        self.b_reroll_cancel = button(L.power_button_rect(1, 2), "power.cancel",
                                      lambda: self.control.cancel_reroll(), "#power")
        self.b_pause = button(L.pause_rect, "play.menu", self.pause_game, "#icon")
        self.b_hint = button(L.hint_rect, "play.hint", self.ask_hint, "#hint")
        self.b_undo = button(L.undo_rect, "play.undo", self.turn_help.undo, "#power")
        self.b_coach = button(L.coach_button_rect, "coach.got_it", self.end_coaching,
                              "#confirm")

    def _after(self, command: Any) -> Any:
        """A command followed by what every command needs: effects, sounds, buttons."""

        def run() -> None:
            command()
            self.sync()

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

    # --- HINT (``play_hints``), UNDO and the power guard's question ---------------------------
    @property
    def hint(self) -> Hint | None:
        """The hint shown now, if any (the advisor's answer, or what is left of it)."""
        return self.help.hint

    def ask_hint(self) -> None:
        self.help.press(self.time)

    def _ask(self, key: str, on_yes: Callable[[], None], **params: object) -> None:
        self.app.nav.push("confirm", question_key=key, on_yes=self._after(on_yes), texts=TEXTS,
                          answers=TEXTS, yes_key="power.use_anyway", no_key="power.keep",
                          **params)

    def _hint_counted(self) -> None:
        self.session.hinted()
        self._save()

    def _hint_failed(self) -> None:
        self.control.say("hint.failed")
        self.sync()

    def show_advice(self, advice: Advice) -> None:
        """The advisor's answer shown, not counted (the attract mode's coming move)."""
        self.help.show(advice)

    # --- navigation -------------------------------------------------------------------------
    def _show_game_over(self, rank: int | None) -> None:
        self.ctx.audio.play("gameover")
        self.end_coaching()
        self.open_game_over(self.game.difficulty.name, game=self.game, rank=rank,
                            session=self.session)

    # --- effects of the controller's events -------------------------------------------------
    def sync(self) -> None:
        """Animate and sound what the controller did; refresh the buttons and the message."""
        for event in self.control.drain_events():
            self._note(event)
            self._effect(event)
        self.turn_help.observe()
        self.help.poll()
        self.message_line.show(self.control.message)
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
        start = self.gestures.from_pos or self.layout.die_rect(event.die).center
        target = self.layout.cell_rect(event.cell).center
        self.fx.slide(event.cell, (start[0] - target[0], start[1] - target[1]))

    def _refused(self, event: Refused) -> None:
        if event.cell is not None:
            self.fx.shake(event.cell)
        if event.die is not None:
            self.tray.shake(self.tweens, event.die)
        released = self.gestures.from_pos
        if released is not None and event.die is not None:
            self.tray.fly_home(self.tweens, event.die, released)

    def _picked_up(self, event: PickedUp) -> None:
        for die, cell in zip(event.returned, event.cells):
            self.tray.fly_home(self.tweens, die, self.layout.cell_rect(cell).center)

    def _adjusted(self, event: Adjusted) -> None:
        self.tray.pop(self.tweens, event.die)
        self.particles.burst(self.layout.die_rect(event.die).center, 30,
                             [palette.GOLD, palette.SELECTED], speed=(150, 420),
                             gravity=300, life=(0.3, 0.7))

    def _turn_ended(self, event: TurnEnded) -> None:
        if event.over:  # recorded now; the game-over screen opens on a frame of its own
            rank = None if self.session.practice else self.ctx.record(GAME_ID, self.session)
            rank = None if self.session.daily is not None else rank  # (the day's: on DAILY)
            self.prepare_game_over(self.game.difficulty.name, game=self.game, rank=rank,
                                   session=self.session)
            self.tweens.add(Timer(0.5 if self.reduced_motion else 1.0,
                                  lambda: self._show_game_over(rank)))

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
        self.sync()

    def slam_banner(self) -> None:
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
            self.sync()

        self.tweens.add(Timer(0.3 if self.reduced_motion else 0.9, done))

    def _celebrate(self, event: Combos) -> None:
        for index, combo in zip(event.lines, event.combos):
            for cell in LINES[index]:
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
        self.gestures.handle(action)
        self.sync()

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
        buttons.set_enabled(self.b_hint, self.help.available)
        buttons.set_enabled(self.b_undo, self.turn_help.can_undo)

    # --- per step -------------------------------------------------------------------------
    @property
    def reduced_motion(self) -> bool:
        return bool(self.ctx.settings.reduced_motion)

    def update(self, dt: float) -> None:
        self.time += dt
        self.message_line.update(dt)
        self.tweens.update(dt)
        self.help.poll()
        self.particles.update(dt)
        self.shake.update(dt)
        if self.ui is not None:
            self.gui.update(dt)

    # --- drawing (play_picture) ------------------------------------------------------------
    @property
    def slamming(self) -> bool:
        """The MAGDAGDON banner slams in (or comes in again): over the picture, not in it."""
        return self.banner_slam or (self.control.in_magdagdon and self.banner < 1.0)

    def moment(self) -> Moment:
        """What the screen is now, for the picture (``play_picture.Moment``)."""
        thinking = self.help.thinking
        named = {} if self.ui is None else {
            "minus": self.b_minus, "plus": self.b_plus, "reroll": self.b_reroll,
            "accept": self.b_accept, "confirm": self.b_confirm}
        return Moment(
            hint=self.hint if not self.busy else None, thinking=thinking,
            dots=self.hints.dots(self.time) if thinking else "", message=self.message,
            time=self.time, digits=self.digits, banner=self.banner, slamming=self.slamming,
            coach=self.coach_step(), dead=self.turn_help.dead.cells, hopeless=self.guard.hopeless(),
            header=None if self.session.daily is None else game_label(self.session),
            buttons={name: b.rect for name, b in named.items() if b.visible},
            hint_button=self.b_hint.rect if self.ui is not None else None)

    def damage(self) -> list[pygame.Rect] | None:
        return self.picture.damage()

    def draw(self, surface: pygame.Surface) -> None:
        self.picture.draw(surface)


_ANIMATIONS: dict[type[Event], Callable[[PlayScene, Any], None]] = {
    Rolled: PlayScene._tumble, Placed: PlayScene._placed, Refused: PlayScene._refused,
    PickedUp: PlayScene._picked_up, Adjusted: PlayScene._adjusted,
    Slam: lambda scene, _event: scene.slam_banner(),
    Ruined: lambda scene, event: scene._crumble(event.cell),
    Combos: PlayScene._celebrate, Autosave: lambda scene, _event: scene._save(),
    TurnEnded: PlayScene._turn_ended}
"""What each event of the controller shows (sounds: ``SOUNDS``)."""
