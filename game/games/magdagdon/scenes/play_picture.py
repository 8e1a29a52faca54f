"""What the MAGDAGDON play screen looks like: the static layer composed once, the picture
drawn from the scene's state, and what a frame changes (``engine.damage``'s short form: a
signature of everything that is not moving by itself, and the regions of what is)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.arcade.play.picture import Screen, StaticLayer
from game.arcade.widgets import palette, text
from game.arcade.widgets.message_line import RISE_SECONDS
from game.engine.damage import Tracker
from game.games.magdagdon.controller import Phase
from game.games.magdagdon.events import BAD, GOOD
from game.games.magdagdon.texts import t
from game.games.magdagdon.widgets import hint_view, hud, marks
from game.games.magdagdon.widgets.board import CELL_REACH, BoardView
from game.games.magdagdon.widgets.tray import TrayView

if TYPE_CHECKING:
    from game.arcade.widgets.effects import Particles, Shake
    from game.arcade.widgets.message_line import MessageLine
    from game.games.magdagdon.controller import PlayController
    from game.games.magdagdon.scenes.hinting import Hint
    from game.games.magdagdon.scenes.play_input import PlayGestures
    from game.games.magdagdon.widgets.cell_fx import CellEffects
    from game.games.magdagdon.widgets.layout import PlayLayout
    from game.rules.magdagdon.questions import DeadCell


@dataclass(frozen=True)
class Moment:
    """What the play screen is now, apart from its parts: read once a frame by the picture."""

    hint: Hint | None
    """The hint on the board: none while an animation a tap skips runs."""
    thinking: bool
    """The advisor is thinking about HINT (``dots``: its dots)."""
    dots: str
    message: str
    time: float
    digits: bool
    banner: float
    slamming: bool
    coach: tuple[str, pygame.Rect] | None
    header: str | None
    """The header's label instead of the difficulty (a daily challenge)."""
    dead: Mapping[int, DeadCell]
    hopeless: frozenset[str]
    buttons: Mapping[str, pygame.Rect]
    """The buttons a hint or a hopeless power may point at, while they show."""
    hint_button: pygame.Rect | None


class Owner(Screen, Protocol):
    """What the picture reads of the play screen: its parts and the moment (it writes
    nothing there)."""

    control: PlayController
    layout: PlayLayout
    board_view: BoardView
    tray: TrayView
    fx: CellEffects
    particles: Particles
    shake: Shake
    message_line: MessageLine
    gestures: PlayGestures
    def moment(self) -> Moment: ...


class PlayPicture:
    """The play screen's drawing: reads the scene's parts and moment, keeps only drawing
    caches."""

    def __init__(self, scene: Owner) -> None:
        self.scene = scene
        self._static = StaticLayer(self._compose)
        self._damage = Tracker()
        self._drawn_steps: dict[str, Any] = {}  # parts drawn in steps (_stepped)
        self._last_steps: dict[str, Any] = {}

    def _compose(self, layer: pygame.Surface, extra: tuple[object, str | None]) -> None:
        """The static layer: the logo and labels of the header, the board's frame and slots,
        the tray's felt, the powers panel (made again for a new difficulty or daily label)."""
        scene = self.scene
        game = scene.control.game
        hud.draw_header_static(layer, scene.layout, game, extra[1])
        scene.board_view.draw_frame(layer)
        scene.tray.draw_panel(layer)
        hud.draw_powers_static(layer, scene.layout, game)

    def line(self, now: Moment) -> tuple[str, tuple[int, int, int], float, bool]:
        """The message line now: its text, colour, age (it rises in) and whether it sits on a
        hint's plate."""
        if now.hint is not None:
            return now.hint.text, palette.GOLD, 1.0, True
        if now.thinking:
            return t("hint.thinking") + now.dots, palette.GOLD, 1.0, False
        tone = self.scene.control.message.tone
        colour = {BAD: palette.BAD, GOOD: palette.GOOD}.get(tone, palette.TEXT)
        return now.message, colour, self.scene.message_line.age, False

    def damage(self) -> list[pygame.Rect] | None:
        """Untouched, only what moves by itself is redrawn, where it is and was; anything else
        that changes (a tap's answer, a drag, a HINT, the banner's slam): everything."""
        scene = self.scene
        now = scene.moment()
        c, L, g = scene.control, scene.layout, scene.control.game
        if scene.gestures.drag is not None or now.hint is not None or now.slamming:
            return self._damage.whole()
        tentative = tuple(sorted(g.placed.values()))
        legal = c.legal_now
        cells = set(tentative)  # dashed rings turn
        if self._stepped("glow", self._glow_step(legal, now.time)):  # glows pulse in steps
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
        text_now, colour, age, plated = self.line(now)
        if age < RISE_SECONDS:  # rising in
            message = pygame.Rect(0, 0, L.right_width + 60, 150)
            message.center = L.message_pos
            moving.append(message)
        if now.coach is not None:  # the ring round what to touch pulses
            moving.append(now.coach[1].inflate(60, 60))
        if now.thinking and now.hint_button is not None:
            moving.append(now.hint_button.inflate(40, 40))
        moving += scene.particles.areas()
        signature = (StaticLayer.key(scene.canvas_size(), self._extra(now)), g.turns,
                     c.card().lines, g.view(), tentative, tuple(sorted(legal)), c.cursor,
                     now.digits, tuple(g.dice) if g.dice else (), tuple(sorted(g.unplaced)),
                     c.selected, tuple(c.marked or ()), g.in_turn, text_now, colour,
                     age >= RISE_SECONDS, plated, g.powers_left, g.next_penalty, now.thinking,
                     c.phase, c.in_magdagdon, now.coach and now.coach[0], tuple(now.dead),
                     now.hopeless, scene.gui_picture())
        return self._damage.areas(signature, moving)

    def _extra(self, now: Moment) -> tuple[object, str | None]:
        return (self.scene.control.game.difficulty, now.header)

    def _stepped(self, name: str, drawn: Any) -> bool:
        """Whether what is drawn of a part that changes in steps (``drawn``, kept by ``name``;
        the last draw's then in ``_last_steps``) differs from the last draw's: only then is
        that part redrawn, not at every frame of its pulse or fade."""
        self._last_steps[name] = self._drawn_steps.get(name, ())
        self._drawn_steps[name] = drawn
        return bool(self._last_steps[name] != drawn)

    def _glow_step(self, legal: Collection[int], time: float) -> int | None:
        """The opacity the glowing cells are drawn at now (None: no cell glows): the legal
        glow's, or the danger glow's while a ruin is chosen."""
        if not legal:
            return None
        legal_alpha, danger_alpha = BoardView.glow_alphas(time)
        return danger_alpha if self.scene.control.phase == Phase.CHOOSE_RUIN else legal_alpha

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        now = scene.moment()
        self._static.blit(surface, self._extra(now))
        c, L, g = scene.control, scene.layout, scene.control.game
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
            cursor=c.cursor, time=now.time, digits=now.digits, offsets=offsets,
            flash=scene.fx.flash,
        )
        marks.draw_dead(surface, L, now.dead)
        hint = now.hint
        if hint is not None:
            hint_view.draw_ghosts(surface, L, hint.targets, now.time, now.digits,
                                  {c for c, v in enumerate(g.view()) if v is not None})
        scene.board_view.draw_sums(surface, card, scene.fx.lines)
        drag = scene.gestures.drag
        dragging = drag["die"] if drag and drag["moved"] else None
        scene.tray.draw(surface, g.dice if g.dice else (), set(g.unplaced), selected=c.selected,
                       marked=c.marked or (), dragging=dragging, digits=now.digits,
                       time=now.time)
        if not g.in_turn:
            text.blit(surface, t("play.tray_empty"), "ui", 30, palette.TEXT_DIM, "center",
                      L.tray_rect.center)
        if hint is not None:
            hint_view.draw(surface, L, hint.targets, now.time, dict(now.buttons), g.unplaced)
        message, colour, age, _plated = self.line(now)
        if not c.in_magdagdon:  # the strip says it then
            if hint is not None:
                hint_view.plate(surface, L)
            hud.draw_message(surface, L, message, colour, age, 20 if hint is not None else 0)
        hud.draw_powers_panel(surface, L, g, t("power.cannot_help") if now.hopeless else None)
        if dragging is not None and drag is not None:
            TrayView.draw_die(surface, g.dice[dragging], drag["pos"], L.die, now.digits,
                              scale=1.08)
        if now.coach is not None:
            hud.draw_coach(surface, L, now.coach[0], now.coach[1], now.time)
        scene.draw_gui(surface)
        marks.draw_hopeless(surface, [rect for name, rect in now.buttons.items()
                                      if name in now.hopeless])
        if now.thinking and now.hint_button is not None:
            hint_view.spinner(surface, now.hint_button, now.time)
        if c.in_magdagdon and not now.slamming:  # settled in the strip
            label = t("play.choose_ruin") if choosing else message
            hud.draw_banner(surface, L, now.banner, False, label)
        if now.slamming:
            hud.slam_banner(surface, L=L, progress=now.banner)
        scene.particles.draw(surface)  # sparks over everything


def _as_drawn(values: Mapping[int, float], step: Callable[[float], int]
              ) -> tuple[tuple[int, int], ...]:
    """Each of ``values`` (a flashing cell, a swelling flag's line) with ``step`` of it: what
    is drawn of it, to compare with the last draw's."""
    return tuple(sorted((key, step(value)) for key, value in values.items()))
