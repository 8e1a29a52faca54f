"""What the MAGDAGDON play screen looks like: the static layer composed once, the picture
drawn from the scene's state, and what a frame changes (``engine.damage``'s short form: a
signature of everything that is not moving by itself, and the regions of what is)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.arcade.widgets import palette, text
from game.arcade.widgets.background import background
from game.arcade.widgets.message_line import RISE_SECONDS
from game.engine import i18n, textlog
from game.engine.damage import Tracker
from game.engine.gui import picture
from game.games.magdagdon.controller import Phase
from game.games.magdagdon.events import BAD, GOOD
from game.games.magdagdon.texts import t
from game.games.magdagdon.widgets import hint_view, hud, marks
from game.games.magdagdon.widgets.board import CELL_REACH, BoardView
from game.games.magdagdon.widgets.tray import TrayView
from game.rules.magdagdon import Difficulty

if TYPE_CHECKING:
    import pygame_gui

    from game.arcade.app import ArcadeApp
    from game.arcade.play.hints import HintFlow
    from game.arcade.widgets.effects import Particles, Shake
    from game.arcade.widgets.message_line import MessageLine
    from game.games.magdagdon.controller import PlayController
    from game.games.magdagdon.hints import StateKey
    from game.games.magdagdon.power_guard import PowerGuard
    from game.games.magdagdon.scenes.hinting import Hint
    from game.games.magdagdon.scenes.play_help import TurnHelp
    from game.games.magdagdon.scenes.play_hints import PlayHints
    from game.games.magdagdon.widgets.cell_fx import CellEffects
    from game.games.magdagdon.widgets.layout import PlayLayout
    from game.rules.magdagdon import MagdagdonGame


class Owner(Protocol):
    """What the picture reads of the play screen that owns it (it writes nothing there)."""

    @property
    def app(self) -> ArcadeApp: ...
    @property
    def ui(self) -> pygame_gui.UIManager | None: ...
    @property
    def gui(self) -> pygame_gui.UIManager: ...
    @property
    def control(self) -> PlayController: ...
    @property
    def game(self) -> MagdagdonGame: ...
    @property
    def layout(self) -> PlayLayout: ...
    @property
    def board_view(self) -> BoardView: ...
    @property
    def tray(self) -> TrayView: ...
    @property
    def fx(self) -> CellEffects: ...
    @property
    def particles(self) -> Particles: ...
    @property
    def shake(self) -> Shake: ...
    @property
    def message_line(self) -> MessageLine: ...
    @property
    def hints(self) -> HintFlow[StateKey, Hint]: ...
    @property
    def hint(self) -> Hint | None: ...
    @property
    def help(self) -> PlayHints: ...
    @property
    def turn_help(self) -> TurnHelp: ...
    @property
    def guard(self) -> PowerGuard: ...
    @property
    def b_accept(self) -> Any: ...
    @property
    def b_confirm(self) -> Any: ...
    @property
    def b_hint(self) -> Any: ...
    @property
    def b_minus(self) -> Any: ...
    @property
    def b_plus(self) -> Any: ...
    @property
    def b_reroll(self) -> Any: ...
    @property
    def banner(self) -> float: ...
    @property
    def time(self) -> float: ...
    @property
    def busy(self) -> bool: ...
    @property
    def digits(self) -> bool: ...
    @property
    def drag(self) -> dict[str, Any] | None: ...
    @property
    def message(self) -> str: ...
    @property
    def slamming(self) -> bool: ...
    def coach_step(self) -> tuple[str, pygame.Rect] | None: ...
    def header_label(self) -> str | None: ...


class PlayPicture:
    """The play screen's drawing: reads the scene's state, keeps only drawing caches."""

    def __init__(self, scene: Owner) -> None:
        self.scene = scene
        self._static: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._damage = Tracker()
        self._drawn_steps: dict[str, Any] = {}  # parts drawn in steps (_stepped)
        self._last_steps: dict[str, Any] = {}

    def static_key(self, size: tuple[int, int]
                    ) -> tuple[tuple[int, int], str, Difficulty, str | None]:
        scene = self.scene
        return (size, i18n.current(), scene.game.difficulty, scene.header_label())

    def static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """What stays put during a game — the backdrop, the logo and labels of the header, the
        board's frame and slots, the tray's felt, the powers panel — composed once into one
        opaque layer: one plain blit a frame instead of a dozen, several of them with alpha.
        Made again when the language, the difficulty or the daily label (a new game)
        changes."""
        scene = self.scene
        key = self.static_key(size)
        if self._static is None or self._static[0] != key:
            layer = background(size).copy()
            hud.draw_header_static(layer, scene.layout, scene.game, key[-1])
            scene.board_view.draw_frame(layer)
            scene.tray.draw_panel(layer)
            hud.draw_powers_static(layer, scene.layout, scene.game)
            self._static = (key, layer)
        return self._static[1]

    def line(self) -> tuple[str, tuple[int, int, int], float, bool]:
        """The message line now: its text, colour, age (it rises in) and whether it sits on a
        hint's plate."""
        scene = self.scene
        c = scene.control
        hint = scene.hint if not scene.busy else None
        if hint is not None:
            return hint.text, palette.GOLD, 1.0, True
        if scene.help.thinking:
            return t("hint.thinking") + scene.hints.dots(scene.time), palette.GOLD, 1.0, False
        colour = {BAD: palette.BAD, GOOD: palette.GOOD}.get(c.message.tone, palette.TEXT)
        return scene.message, colour, scene.message_line.age, False

    def damage(self) -> list[pygame.Rect] | None:
        """Untouched, or between the demo's taps, only what moves by itself is redrawn, where
        it is and was: dice tumbling, flying or bobbing, pulsing, sliding or shaking cells, a
        flashing sum, a rising message, the coach's ring, the HINT spinner, sparks and a
        shaking board. Anything else that changes (a tap's answer), a drag, a HINT on the
        board or the banner's slam: everything."""
        scene = self.scene
        c, L, g = scene.control, scene.layout, scene.game
        if scene.drag is not None or (scene.hint is not None and not scene.busy) or scene.slamming:
            return self._damage.whole()
        tentative = tuple(sorted(g.placed.values()))
        legal = c.legal_now
        cells = set(tentative)  # dashed rings turn
        if self._stepped("glow", self._glow_step(legal)):  # glows pulse in steps
            cells |= set(legal)
        flash = _as_drawn(scene.fx.flash, BoardView.flash_shade)  # flashes fade in steps
        if self._stepped("flash", flash):  # (the cells that stopped flashing are wiped too)
            cells |= {cell for cell, _ in (*flash, *self._last_steps["flash"])}
        moving = [scene.board_view.cell_area(cell) for cell in sorted(cells)]
        if scene.shake.reach:  # the board's cells shake, with their reach
            margin = 2 * (CELL_REACH + scene.shake.reach)
            moving.append(L.board_rect.inflate(margin, margin))
        for cell, (dx, dy) in scene.fx.offsets.items():  # a die sliding in, a shake, a ruin
            moving.append(L.cell_rect(cell).move(round(dx), round(dy)).inflate(60, 60))
        flags = _as_drawn(scene.fx.lines, BoardView.flag_swell)  # flags swell a pixel at a time
        if self._stepped("flags", flags):
            moving += [scene.board_view.sum_area(index)
                       for index, _ in (*flags, *self._last_steps["flags"])]
        for index in range(len(g.dice) if g.dice else 0):
            m = scene.tray.motion[index]
            if m.dx or m.dy or m.angle or m.shake or m.scale != 1.0 or m.face is not None \
                    or index == c.selected:  # tumbling, flying home, shaking, popping, lifted
                moving.append(scene.tray.die_area(index, c.selected))
        text_now, colour, age, plated = self.line()
        if age < RISE_SECONDS:  # rising in
            message = pygame.Rect(0, 0, L.right_width + 60, 150)
            message.center = L.message_pos
            moving.append(message)
        coach = scene.coach_step()
        if coach is not None:  # the ring round what to touch pulses
            moving.append(coach[1].inflate(60, 60))
        if scene.help.thinking:
            moving.append(scene.b_hint.rect.inflate(40, 40))
        moving += scene.particles.areas()
        signature = (self.static_key(scene.app.surface.get_size()), g.turns, c.card().lines,
                     g.view(), tentative, tuple(sorted(legal)), c.cursor, scene.digits,
                     tuple(g.dice) if g.dice else (), tuple(sorted(g.unplaced)), c.selected,
                     tuple(c.marked or ()), g.in_turn, text_now, colour,
                     age >= RISE_SECONDS, plated, g.powers_left, g.next_penalty,
                     scene.help.thinking, c.phase, c.in_magdagdon, coach and coach[0],
                     tuple(scene.turn_help.dead.cells), scene.guard.hopeless(),
                     picture(scene.ui))
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
        scene = self.scene
        if not legal:
            return None
        legal_alpha, danger_alpha = BoardView.glow_alphas(scene.time)
        return danger_alpha if scene.control.phase == Phase.CHOOSE_RUIN else legal_alpha

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        layer = self.static_layer(surface.get_size())
        surface.blit(layer, (0, 0))
        textlog.placed(surface, layer, (0, 0))
        c, L, g = scene.control, scene.layout, scene.game
        card = c.card()
        hud.draw_header(surface, L, g, card.total)
        choosing = c.phase == Phase.CHOOSE_RUIN
        legal = c.legal_now
        offsets = dict(scene.fx.offsets)
        ox, oy = scene.shake.offset
        if ox or oy:
            offsets = {i: (offsets.get(i, (0, 0))[0] + ox, offsets.get(i, (0, 0))[1] + oy)
                       for i in range(16)}
        scene.board_view.draw(
            surface, g.view(), set(g.placed.values()), hidden=(),
            legal=() if choosing else legal, danger=legal if choosing else (),
            cursor=c.cursor, time=scene.time, digits=scene.digits, offsets=offsets,
            flash=scene.fx.flash,
        )
        marks.draw_dead(surface, L, scene.turn_help.dead.cells)
        hint = scene.hint if not scene.busy else None
        if hint is not None:
            hint_view.draw_ghosts(surface, L, hint.targets, scene.time, scene.digits,
                                  {c for c, v in enumerate(g.view()) if v is not None})
        scene.board_view.draw_sums(surface, card, scene.fx.lines)
        dragging = scene.drag["die"] if scene.drag and scene.drag["moved"] else None
        scene.tray.draw(surface, g.dice if g.dice else (), set(g.unplaced), selected=c.selected,
                       marked=c.marked or (), dragging=dragging, digits=scene.digits,
                       time=scene.time)
        if not g.in_turn:
            text.blit(surface, t("play.tray_empty"), "ui", 30, palette.TEXT_DIM, "center",
                      L.tray_rect.center)
        if hint is not None:
            hint_view.draw(surface, L, hint.targets, scene.time, self.hint_buttons(),
                           g.unplaced)
        message, colour, age, _plated = self.line()
        if not c.in_magdagdon:  # the strip says it then
            if hint is not None:
                hint_view.plate(surface, L)
            hud.draw_message(surface, L, message, colour, age, 20 if hint is not None else 0)
        hopeless = scene.guard.hopeless()
        hud.draw_powers_panel(surface, L, g, t("power.cannot_help") if hopeless else None)
        if dragging is not None and scene.drag is not None:
            TrayView.draw_die(surface, g.dice[dragging], scene.drag["pos"], L.die, scene.digits,
                              scale=1.08)
        coach = scene.coach_step()
        if coach is not None:
            hud.draw_coach(surface, L, coach[0], coach[1], scene.time)
        if scene.ui is not None:
            scene.gui.draw_ui(surface)
            marks.draw_hopeless(surface, [rect for name, rect in self.hint_buttons().items()
                                          if name in hopeless])
        if scene.help.thinking:
            hint_view.spinner(surface, scene.b_hint.rect, scene.time)
        if c.in_magdagdon and not scene.slamming:  # settled in the strip
            label = t("play.choose_ruin") if choosing else message
            hud.draw_banner(surface, L, scene.banner, False, label)
        if scene.slamming:
            hud.slam_banner(surface, L=L, progress=scene.banner)
        scene.particles.draw(surface)  # sparks over everything

    def hint_buttons(self) -> dict[str, pygame.Rect]:
        """The buttons a hint may point at, while they show."""
        scene = self.scene
        named = {"minus": scene.b_minus, "plus": scene.b_plus, "reroll": scene.b_reroll,
                 "accept": scene.b_accept, "confirm": scene.b_confirm}
        return {name: b.rect for name, b in named.items() if b.visible}


def _as_drawn(values: Mapping[int, float], step: Callable[[float], int]
              ) -> tuple[tuple[int, int], ...]:
    """Each of ``values`` (a flashing cell, a swelling flag's line) with ``step`` of it: what
    is drawn of it, to compare with the last draw's."""
    return tuple(sorted((key, step(value)) for key, value in values.items()))
