"""What the QUERNI play screen looks like: the static layer composed once, the board, the HUD
and the message strip drawn from the scene's state, and what a frame changes
(``engine.damage``'s short form)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.arcade.play.picture import Screen, StaticLayer
from game.arcade.widgets import palette as arcade_palette
from game.engine.damage import Tracker
from game.games.querni import GAME_ID
from game.games.querni.controller import QUIET_ROUNDS_TO_DRAW
from game.games.querni.events import TurnEnded
from game.games.querni.scenes.game_over import title_text
from game.games.querni.texts import color_name, t
from game.games.querni.widgets import hud, motion, palette
from game.games.querni.widgets.board import BoardView
from game.games.querni.widgets.coach import bubble_rect, draw_coach
from game.rules.querni import Color, Square

if TYPE_CHECKING:
    from game.arcade.context import GameContext
    from game.arcade.widgets.message_line import MessageLine
    from game.games.querni.coach import Coach
    from game.games.querni.controller import TurnController
    from game.games.querni.scenes.animation import BoardAnimations
    from game.games.querni.scenes.play_input import PlayGestures
    from game.games.querni.scenes.play_moment import Moment
    from game.games.querni.scenes.play_story import PlayStory
    from game.games.querni.session import QuerniSession
    from game.games.querni.widgets.layout import QuerniLayout


class Owner(Screen, Protocol):
    """What the picture reads of the play screen: its parts and the moment (it writes
    nothing there)."""

    @property
    def ctx(self) -> GameContext: ...
    session: QuerniSession
    control: TurnController
    layout: QuerniLayout
    board_view: BoardView
    anim: BoardAnimations
    gestures: PlayGestures
    story: PlayStory
    coach: Coach
    message_line: MessageLine
    def moment(self) -> Moment: ...


BAD, GOOD, INFO, HINT_TONE = "bad", "good", "info", "hint"
TONES = {BAD: arcade_palette.BAD, GOOD: arcade_palette.GOOD, INFO: palette.TEXT,
         HINT_TONE: palette.HINT}


def _frozen(value: Any) -> Any:
    """A value to compare: mappings and sets as sorted tuples (``PlayPicture.damage``)."""
    if isinstance(value, Mapping):
        return tuple(sorted(value.items()))
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(value))
    if isinstance(value, list):
        return tuple(value)
    return value


class PlayPicture:
    """The play screen's drawing: reads the scene's parts and moment; keeps the drawing caches
    and the marks the last turn left (its jumps' arcs, fading in, and its removed pieces)."""

    def __init__(self, scene: Owner) -> None:
        self.scene = scene
        self._static = StaticLayer(self._compose)
        self._damage = Tracker()
        self.forget_trail()

    def forget_trail(self) -> None:
        self.trail_path: tuple[Square, ...] = ()
        self.ghosts: dict[Square, tuple[Color, int]] = {}
        self.trail_age = 1.0

    def turn_ended(self, event: TurnEnded) -> None:
        self.trail_path = event.path or ()
        self.trail_age = 0.0
        self.ghosts = {}
        if event.removed and event.chain is not None:
            numbers = range(event.chain[0], event.chain[1] + 1)
            self.ghosts = dict(zip(event.removed, ((event.mover, n) for n in numbers)))

    def update(self, dt: float) -> None:
        self.trail_age += dt
        if not self.scene.control.trail:  # the next tap on the board wipes the marks
            self.forget_trail()

    def line(self, moment: Moment | None = None) -> tuple[str, str]:
        """The line the player reads now, and its tone: an explanation, else what to do."""
        scene = self.scene
        now = moment or scene.moment()
        banner = scene.story.banner()
        if banner is not None:
            return banner, HINT_TONE
        if now.note is not None:
            return now.note[0](), now.note[1]  # made in the language shown now
        c = scene.control
        if now.hint is not None:
            return now.hint.text, HINT_TONE
        if now.hint_thinking:
            return t("hint.thinking") + now.dots, HINT_TONE
        if c.is_over:
            return t("play.over"), INFO
        color = color_name(c.to_move)
        if now.computer_moves:  # thinking, then playing its decided turn
            if now.thinking:
                key = "play.computer_thinking" if now.versus_computer else "play.thinking"
            else:
                key = "play.computer_playing" if now.versus_computer else "play.playing"
            return t(key, color=color), INFO
        if c.chain_mode:
            if c.chain is not None:
                return t("play.prompt_chain_chosen", color=color, low=c.chain[0],
                         high=c.chain[1]), GOOD
            if c.chain_first is not None:
                return t("play.prompt_chain_second"), INFO
            return t("play.prompt_chain_first"), INFO
        if c.movement_open:
            return t("play.prompt_jump_on"), INFO
        if c.has_moved:
            return t("play.prompt_moved"), INFO
        if c.selected is not None:
            return t("play.prompt_selected"), INFO
        return t("play.prompt_start", color=color), INFO

    def board_args(self, moment: Moment | None = None) -> dict[str, Any]:
        """What the board shows now: ``BoardView.draw``'s arguments (a past position viewed
        from the move list shows only its pieces and the marks of its turn)."""
        scene = self.scene
        viewed = scene.story.board_args()
        if viewed is not None:
            return viewed
        now = moment or scene.moment()
        c, anim = scene.control, scene.anim
        dragged = scene.gestures.dragged()
        hidden = anim.hidden
        if dragged is not None:
            hidden.add(dragged[0])
        chain_mode = c.chain_mode
        candidates = c.chain_candidates if c.chain is None else frozenset()
        trail = set(c.trail) | set(c.path[:-1])
        trail_path = c.path if c.path else (self.trail_path if c.trail else ())
        show_chains = bool(scene.ctx.game_settings(GAME_ID).get("show_chains", True))
        hint = now.hint if not anim.busy else None
        return {
            "pieces": c.shown.pieces,
            "selected": c.chain_first if chain_mode else c.selected,
            "step_targets": c.lit_steps,
            "jump_targets": c.lit_jumps,
            "chain_candidates": candidates,
            "chain_selected": c.chain_squares,
            "chain_progress": anim.chain_progress,
            "removable_marks": () if chain_mode or not now.human_turn else c.chain_marks(
                show_chains),
            "trail": trail,
            "trail_path": trail_path if len(trail_path) > 1 else (),
            "trail_alpha": motion.trail_alpha(self.trail_age) if c.trail else 1.0,
            "ghosts": self.ghosts if c.trail else None,
            "cursor": c.cursor if scene.gestures.cursor_shown else None,
            "hidden": hidden,
            "offsets": anim.offsets,
            "time": now.time,
            "hint_path": hint.left(c) if hint is not None else (),
            "hint_chain": hint.chain_squares if hint is not None else (),
            **scene.story.last_move(),
        }

    def _compose(self, layer: pygame.Surface, _flipped: bool) -> None:
        """The static layer: the board's frame with its squares and coordinates, the logo."""
        self.scene.board_view.draw_frame(layer)
        hud.draw_logo(layer, self.scene.layout)

    def damage(self) -> list[pygame.Rect] | None:
        """Untouched, the turn token bobs (and the thinking dots bounce), a new message rises,
        and the board pulses while something on it is selected or lit: redrawn there alone.
        Pieces in flight, a popping chain or a drag: everything."""
        scene = self.scene
        if scene.anim.moving or scene.gestures.dragged() is not None:
            return self._damage.whole()
        now = scene.moment()
        args = self.board_args(now)
        L = scene.layout
        moving = [L.turn_rect.inflate(8, 8)]
        if BoardView.animated(**args):
            moving.append(L.frame_rect.inflate(80, 80))
        if scene.message_line.rising:
            moving.append(L.message_rect.inflate(8, 24))
        if scene.story.moving:
            moving.append(L.moves_rect)
        coach = self.coach(now)
        if coach is not None:  # the ring pulses
            moving.append(bubble_rect(L))
            if coach[1] is not None:
                moving.append(coach[1].inflate(60, 60))
        board = {name: _frozen(value) for name, value in args.items() if name != "time"}
        signature = (StaticLayer.key(scene.canvas_size(), L.flipped),
                     tuple(sorted(board.items())), self.hud_state(now), scene.gui_picture(),
                     scene.story.signature())
        return self._damage.areas(signature, moving)

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        self._static.blit(surface, scene.layout.flipped)
        now = scene.moment()
        c = scene.control
        dragged = scene.gestures.dragged()
        scene.board_view.draw(surface, **self.board_args(now), frame=False)
        scene.anim.draw(surface)
        scene.story.draw(surface)
        if dragged is not None:
            piece = c.shown.pieces[dragged[0]]
            scene.board_view.draw_piece(surface, piece[0], piece[1], dragged[1],
                                       ground=(dragged[1][0], dragged[1][1] + 16),
                                       scale=(1.08, 1.08), state="selected")
        self.draw_hud(surface, now)
        scene.draw_gui(surface)
        if c.chain_mode and now.chain_button is not None:  # SELECT CHAIN is on: a gold frame
            pygame.draw.rect(surface, arcade_palette.GOLD, now.chain_button.inflate(14, 14), 5,
                             border_radius=26)

    def hud_state(self, moment: Moment | None = None) -> tuple[Any, ...]:
        """What the HUD shows apart from its motion: mover, label, thinking, the counts, the
        quiet rounds, the message and its tone, the speaker, SELECT CHAIN's frame."""
        scene = self.scene
        now = moment or scene.moment()
        c = scene.control
        mover = c.to_move
        if c.is_over:
            outcome = c.outcome
            label = t("play.over")
            if outcome is not None and outcome.winner is not None:
                person = scene.session.person  # against the computer: "YOU LOST", as the panel
                mover = person or outcome.winner
                label = title_text(outcome.winner, person)
        else:
            label = t("play.to_move", color=color_name(mover))
        viewed = scene.story.position  # a past turn looked at: its counts, not the present's
        if viewed is not None:
            counts = tuple(len(viewed.numbers(color)) for color in Color)
            rounds = viewed.quiet_turns // 2
        else:
            counts = tuple(c.pieces_left(color) for color in Color)
            rounds = c.quiet_rounds
        return (mover, label, now.thinking, counts, rounds, self.line(now),
                hud.sound_state(scene.ctx), c.chain_mode, self.coach(now))

    def draw_hud(self, surface: pygame.Surface, moment: Moment) -> None:
        scene = self.scene
        L = scene.layout
        mover, label, thinking, left, rounds, (text, tone), sound, _chain, coach = \
            self.hud_state(moment)
        hud.draw_turn(surface, L, mover, label, moment.time, thinking=thinking)
        hud.draw_pieces_left(surface, L, dict(zip(Color, left)), t("play.left"))
        hud.draw_quiet_rounds(surface, L, t("play.quiet_rounds"), rounds, QUIET_ROUNDS_TO_DRAW)
        scene.message_line.show(text)
        hud.draw_message(surface, L, text, TONES.get(tone, palette.TEXT), scene.message_line.age)
        hud.draw_speaker(surface, L.speaker_rect, sound)
        if coach is not None:
            draw_coach(surface, L, t(coach[0]), t("play.coach_got_it"), coach[1], moment.time)

    def coach(self, moment: Moment | None = None) -> tuple[str, pygame.Rect | None] | None:
        """The first-game coach's step now and what it rings (``coach.py``), or ``None``."""
        scene = self.scene
        now = moment or scene.moment()
        c, L = scene.control, scene.layout
        key = scene.coach.step(c, now.human_turn and not now.busy)
        if key is None:
            return None
        targets = {"play.coach_chain": L.select_chain_rect,
                   "play.coach_end_move": L.end_move_rect, "play.coach_chain_ends": L.frame_rect}
        moving = ("play.coach_step", "play.coach_jump", "play.coach_jump_on")
        square = c.selected if key in moving else None
        return key, L.square_rect(square) if square is not None else targets.get(key)
