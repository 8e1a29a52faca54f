"""What the QUERNI play screen looks like: the static layer composed once, the board, the HUD
and the message strip drawn from the scene's state, and what a frame changes
(``engine.damage``'s short form)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.arcade.widgets import palette as arcade_palette
from game.arcade.widgets.background import background
from game.engine import i18n, textlog
from game.engine.damage import Tracker
from game.engine.gui import picture
from game.games.querni.controller import QUIET_ROUNDS_TO_DRAW
from game.games.querni.scenes.game_over import title_text
from game.games.querni.texts import color_name, t
from game.games.querni.widgets import hud, motion, palette
from game.games.querni.widgets.board import BoardView
from game.games.querni.widgets.coach import bubble_rect, draw_coach
from game.rules.querni import Color

if TYPE_CHECKING:
    import pygame_gui

    from game.arcade.app import ArcadeApp
    from game.arcade.context import GameContext
    from game.arcade.play.hints import HintFlow
    from game.arcade.widgets.message_line import MessageLine
    from game.games.querni.coach import Coach
    from game.games.querni.controller import TurnController
    from game.games.querni.players import Player
    from game.games.querni.scenes.animation import BoardAnimations
    from game.games.querni.scenes.hinting import Hint
    from game.games.querni.scenes.play_story import PlayStory
    from game.games.querni.session import QuerniSession
    from game.games.querni.widgets.layout import QuerniLayout
    from game.rules.querni import QuerniState, Square


class Owner(Protocol):
    """What the picture reads of the play screen that owns it (it writes nothing there)."""

    @property
    def app(self) -> ArcadeApp: ...
    @property
    def ui(self) -> pygame_gui.UIManager | None: ...
    @property
    def gui(self) -> pygame_gui.UIManager: ...
    @property
    def settings(self) -> dict[str, Any]: ...
    @property
    def control(self) -> TurnController: ...
    @property
    def session(self) -> QuerniSession: ...
    @property
    def layout(self) -> QuerniLayout: ...
    @property
    def board_view(self) -> BoardView: ...
    @property
    def anim(self) -> BoardAnimations: ...
    @property
    def story(self) -> PlayStory: ...
    @property
    def mover(self) -> Player: ...
    @property
    def message_line(self) -> MessageLine: ...
    @property
    def hints(self) -> HintFlow[QuerniState, Hint]: ...
    @property
    def hint(self) -> Hint | None: ...
    @property
    def b_chain(self) -> Any: ...
    @property
    def note(self) -> tuple[Callable[[], str], str] | None: ...
    @property
    def cursor_shown(self) -> bool: ...
    @property
    def ghosts(self) -> dict[Square, tuple[Color, int]]: ...
    @property
    def trail_path(self) -> tuple[Square, ...]: ...
    @property
    def trail_age(self) -> float: ...
    @property
    def time(self) -> float: ...
    @property
    def human_turn(self) -> bool: ...
    @property
    def thinking(self) -> bool: ...
    @property
    def hint_thinking(self) -> bool: ...
    @property
    def versus_computer(self) -> bool: ...
    @property
    def busy(self) -> bool: ...
    @property
    def ctx(self) -> GameContext: ...
    @property
    def coach(self) -> Coach: ...
    def dragged(self) -> tuple[Square, tuple[int, int]] | None: ...

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
    """The play screen's drawing: reads the scene's state, keeps only drawing caches."""

    def __init__(self, scene: Owner) -> None:
        self.scene = scene
        self._static: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._damage = Tracker()

    def line(self) -> tuple[str, str]:
        """The line the player reads now, and its tone: an explanation, else what to do."""
        scene = self.scene
        banner = scene.story.banner()
        if banner is not None:
            return banner, HINT_TONE
        if scene.note is not None:
            return scene.note[0](), scene.note[1]  # made in the language shown now
        c = scene.control
        hint = scene.hint
        if hint is not None:
            return hint.text, HINT_TONE
        if scene.hint_thinking:
            return t("hint.thinking") + scene.hints.dots(scene.time), HINT_TONE
        if c.is_over:
            return t("play.over"), INFO
        color = color_name(c.to_move)
        if not scene.mover.takes_input:  # thinking, then playing its decided turn
            if scene.thinking:
                key = "play.computer_thinking" if scene.versus_computer else "play.thinking"
            else:
                key = "play.computer_playing" if scene.versus_computer else "play.playing"
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

    def board_args(self) -> dict[str, Any]:
        """What the board shows now: ``BoardView.draw``'s arguments (a past position viewed
        from the move list shows only its pieces and the marks of its turn)."""
        scene = self.scene
        viewed = scene.story.board_args()
        if viewed is not None:
            return viewed
        c = scene.control
        dragged = scene.dragged()
        hidden = scene.anim.hidden
        if dragged is not None:
            hidden.add(dragged[0])
        chain_mode = c.chain_mode
        candidates = c.chain_candidates if c.chain is None else frozenset()
        trail = set(c.trail) | set(c.path[:-1])
        trail_path = c.path if c.path else (scene.trail_path if c.trail else ())
        show_chains = bool(scene.settings.get("show_chains", True))
        hint = scene.hint if scene.hint is not None and not scene.anim.busy else None
        return {
            "pieces": c.shown.pieces,
            "selected": c.chain_first if chain_mode else c.selected,
            "step_targets": c.lit_steps,
            "jump_targets": c.lit_jumps,
            "chain_candidates": candidates,
            "chain_selected": c.chain_squares,
            "chain_progress": scene.anim.chain_progress,
            "removable_marks": () if chain_mode or not scene.human_turn else c.chain_marks(
                show_chains),
            "trail": trail,
            "trail_path": trail_path if len(trail_path) > 1 else (),
            "trail_alpha": motion.trail_alpha(scene.trail_age) if c.trail else 1.0,
            "ghosts": scene.ghosts if c.trail else None,
            "cursor": c.cursor if scene.cursor_shown else None,
            "hidden": hidden,
            "offsets": scene.anim.offsets,
            "time": scene.time,
            "hint_path": hint.left(c) if hint is not None else (),
            "hint_chain": hint.chain_squares if hint is not None else (),
            **scene.story.last_move(),
        }

    def static_key(self, size: tuple[int, int]) -> tuple[object, ...]:
        return (size, i18n.current(), self.scene.layout.flipped)

    def static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """What never changes during a game — the backdrop, the board's frame with its squares
        and coordinates, the logo — composed once into one opaque layer."""
        scene = self.scene
        key = self.static_key(size)
        if self._static is None or self._static[0] != key:
            layer = background(size).copy()
            scene.board_view.draw_frame(layer)
            hud.draw_logo(layer, scene.layout)
            self._static = (key, layer)
        return self._static[1]

    def damage(self) -> list[pygame.Rect] | None:
        """Untouched, the turn token bobs (and the thinking dots bounce), a new message rises,
        and the board pulses while something on it is selected or lit: redrawn there alone.
        Pieces in flight, a popping chain or a drag: everything."""
        scene = self.scene
        if scene.anim.moving or scene.dragged() is not None:
            return self._damage.whole()
        args = self.board_args()
        moving = [scene.layout.turn_rect.inflate(8, 8)]
        if BoardView.animated(**args):
            moving.append(scene.layout.frame_rect.inflate(80, 80))
        if scene.message_line.rising:
            moving.append(scene.layout.message_rect.inflate(8, 24))
        if scene.story.moving:
            moving.append(scene.layout.moves_rect)
        coach = self.coach()
        if coach is not None:  # the ring pulses
            moving.append(bubble_rect(scene.layout))
            if coach[1] is not None:
                moving.append(coach[1].inflate(60, 60))
        board = {name: _frozen(value) for name, value in args.items() if name != "time"}
        signature = (self.static_key(scene.app.surface.get_size()),
                     tuple(sorted(board.items())), self.hud_state(), picture(scene.ui),
                     scene.story.signature())
        return self._damage.areas(signature, moving)

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        layer = self.static_layer(surface.get_size())
        surface.blit(layer, (0, 0))
        textlog.placed(surface, layer, (0, 0))
        c = scene.control
        dragged = scene.dragged()
        scene.board_view.draw(surface, **self.board_args(), frame=False)
        scene.anim.draw(surface)
        scene.story.draw(surface)
        if dragged is not None:
            piece = c.shown.pieces[dragged[0]]
            scene.board_view.draw_piece(surface, piece[0], piece[1], dragged[1],
                                       ground=(dragged[1][0], dragged[1][1] + 16),
                                       scale=(1.08, 1.08), state="selected")
        self.draw_hud(surface)
        if scene.ui is not None:
            scene.gui.draw_ui(surface)
        if c.chain_mode and scene.b_chain is not None:  # SELECT CHAIN is on: a gold frame
            pygame.draw.rect(surface, arcade_palette.GOLD, scene.b_chain.rect.inflate(14, 14), 5,
                             border_radius=26)

    def hud_state(self) -> tuple[Any, ...]:
        """What the HUD shows apart from its motion: mover, label, thinking, the counts, the
        quiet rounds, the message and its tone, the speaker, SELECT CHAIN's frame."""
        scene = self.scene
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
        return (mover, label, scene.thinking, counts, rounds, self.line(),
                hud.sound_state(scene.ctx), c.chain_mode, self.coach())

    def draw_hud(self, surface: pygame.Surface) -> None:
        scene = self.scene
        L = scene.layout
        mover, label, thinking, left, rounds, (text, tone), sound, _chain, coach = \
            self.hud_state()
        hud.draw_turn(surface, L, mover, label, scene.time, thinking=thinking)
        hud.draw_pieces_left(surface, L, dict(zip(Color, left)), t("play.left"))
        hud.draw_quiet_rounds(surface, L, t("play.quiet_rounds"), rounds, QUIET_ROUNDS_TO_DRAW)
        scene.message_line.show(text)
        hud.draw_message(surface, L, text, TONES.get(tone, palette.TEXT), scene.message_line.age)
        hud.draw_speaker(surface, L.speaker_rect, sound)
        if coach is not None:
            draw_coach(surface, L, t(coach[0]), t("play.coach_got_it"), coach[1], scene.time)

    def coach(self) -> tuple[str, pygame.Rect | None] | None:
        """The first-game coach's step now and what it rings (``coach.py``), or ``None``."""
        scene = self.scene
        c, L = scene.control, scene.layout
        key = scene.coach.step(c, scene.human_turn and not scene.busy)
        if key is None:
            return None
        targets = {"play.coach_chain": L.select_chain_rect,
                   "play.coach_end_move": L.end_move_rect, "play.coach_chain_ends": L.frame_rect}
        moving = ("play.coach_step", "play.coach_jump", "play.coach_jump_on")
        square = c.selected if key in moving else None
        return key, L.square_rect(square) if square is not None else targets.get(key)
