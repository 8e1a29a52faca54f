"""The tray of four dice: tumbling on a roll, selection and REROLL marks, dice flying home.
View state only: the values come from the rules; a tumble shows faces from its own visual RNG.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection

import pygame

from game.arcade.widgets import palette
from game.engine.tween import Tween, Tweens, ease_out_bounce, ease_out_cubic, lerp
from game.games.magdagdon.widgets import dice
from game.games.magdagdon.widgets.layout import PlayLayout

ROLL_SECONDS = 0.7
SMOOTH_BELOW = 20.0
"""Degrees: a die tilted less than this (settling, slow) is rotated with anti-aliasing."""


class DieMotion:
    """Per-die animation state: offset from the tray slot, angle, shown face, scale."""

    __slots__ = ("dx", "dy", "angle", "face", "scale", "shake")

    def __init__(self) -> None:
        self.dx = self.dy = self.angle = self.shake = 0.0
        self.face: int | None = None
        self.scale = 1.0


class TrayView:
    def __init__(self, layout: PlayLayout, rng: random.Random) -> None:
        self.layout = layout
        self.rng = rng
        self.motion = [DieMotion() for _ in range(4)]
        self._panel = self._render_panel()

    def _render_panel(self) -> pygame.Surface:
        rect = self.layout.tray_rect
        surface = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (10, 40, 34), surface.get_rect(), border_radius=26)
        felt = surface.get_rect().inflate(-14, -14)
        pygame.draw.rect(surface, (18, 96, 72), felt, border_radius=20)
        pygame.draw.rect(surface, (40, 150, 110), felt, 3, border_radius=20)
        return surface

    # --- animations -----------------------------------------------------------------------
    def tumble(self, tweens: Tweens, dice_count: int, seconds: float,
               on_finish: Callable[[], None]) -> None:
        """Dice drop in from above, spinning and cycling faces, and bounce to rest."""
        for die in range(dice_count):
            self.tumble_die(tweens, die, seconds * self.rng.uniform(0.85, 1.0))
        tweens.add(Tween(seconds, None, on_finish=on_finish))

    def tumble_die(self, tweens: Tweens, die: int, seconds: float) -> None:
        m = self.motion[die]
        spin = self.rng.choice((-1, 1)) * self.rng.uniform(540, 900)
        height = self.rng.uniform(160, 260)
        drift = self.rng.uniform(-60, 60)
        state = {"next_face": 0.0}

        def step(p: float) -> None:
            bounce = ease_out_bounce(p)
            m.dy = -height * (1.0 - bounce)
            m.dx = drift * (1.0 - ease_out_cubic(p))
            m.angle = spin * (1.0 - ease_out_cubic(p))
            if p >= 1.0:
                m.face, m.angle, m.dx, m.dy = None, 0.0, 0.0, 0.0
            elif p >= state["next_face"]:
                m.face = self.rng.randint(1, 6)
                state["next_face"] = p + 0.06 + 0.2 * p * p  # faces slow down as it settles

        tweens.add(Tween(seconds, step))

    def fly_home(self, tweens: Tweens, die: int, start: tuple[float, float]) -> None:
        """Animate ``die`` from ``start`` (a centre in logical px) back to its tray slot."""
        m = self.motion[die]
        home = self.layout.die_rect(die).center
        ox, oy = start[0] - home[0], start[1] - home[1]

        def step(p: float) -> None:
            if p >= 1.0:
                m.dx = m.dy = 0.0
            else:
                m.dx, m.dy = lerp(ox, 0, p), lerp(oy, 0, p) - math.sin(p * math.pi) * 60

        tweens.add(Tween(0.28, step, ease_out_cubic))

    def shake(self, tweens: Tweens, die: int) -> None:
        m = self.motion[die]

        def step(p: float) -> None:
            m.shake = math.sin(p * math.pi * 6) * 14 * (1 - p)

        tweens.add(Tween(0.35, step))

    def pop(self, tweens: Tweens, die: int) -> None:
        """A quick squash-and-grow when a power changes a die."""
        m = self.motion[die]

        def step(p: float) -> None:
            m.scale = 1.0 + 0.25 * math.sin(p * math.pi)

        tweens.add(Tween(0.3, step))

    # --- drawing --------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        values: tuple[int, ...],
        in_tray: Collection[int],
        *,
        selected: int | None,
        marked: Collection[int],
        dragging: int | None,
        digits: bool,
        time: float,
    ) -> None:
        """The dice in the tray, on its felt (already there: :meth:`draw_panel`)."""
        for die in range(len(values)):
            if die not in in_tray or die == dragging:
                continue
            m = self.motion[die]
            rect = self.layout.die_rect(die).move(round(m.dx + m.shake), round(m.dy))
            if die == selected:
                rect = rect.move(0, -14 + round(3 * math.sin(time * 5)))
            self.draw_die(surface, values[die] if m.face is None else m.face, rect.center,
                          self.layout.die, digits, m.angle, m.scale)
            if die == selected:
                pygame.draw.rect(surface, palette.SELECTED, rect.inflate(18, 18), 6,
                                 border_radius=28)
            if die in marked:
                pygame.draw.rect(surface, palette.TENTATIVE_RING, rect.inflate(26, 26), 5,
                                 border_radius=32)
                pygame.draw.circle(surface, palette.TENTATIVE_RING, rect.topright, 18)
                pygame.draw.circle(surface, (10, 10, 30), rect.topright, 9)

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The tray's felt and its four slots (they never change)."""
        surface.blit(self._panel, self.layout.tray_rect)
        for die in range(4):
            slot = self.layout.die_rect(die)
            pygame.draw.rect(surface, (14, 70, 54), slot.inflate(-10, -10), 3, border_radius=22)

    def die_area(self, die: int, selected: int | None) -> pygame.Rect:
        """Where :meth:`draw` paints ``die`` now: turned, scaled, lifted and ringed, with its
        shadow (what a partial redraw must repaint where it is and was)."""
        m = self.motion[die]
        rect = self.layout.die_rect(die).move(round(m.dx + m.shake), round(m.dy))
        area = self.die_reach(rect.center, self.layout.die, m.scale)
        if die == selected:  # lifted 14 px and bobbing 3 px, in its ring
            area = area.union(rect.move(0, -17).inflate(20, 26))
        return area.union(rect.inflate(44, 44))  # the REROLL mark's ring and dot

    @staticmethod
    def die_reach(centre: tuple[float, float], size: int, scale: float = 1.0) -> pygame.Rect:
        """All a die drawn at ``centre`` can cover, turned any way, scaled, with its shadow."""
        reach = round(size * 0.75 * max(1.0, scale)) + 16
        return pygame.Rect(round(centre[0]) - reach, round(centre[1]) - reach,
                           2 * reach + 8, 2 * reach + 12)

    @staticmethod
    def draw_die(surface: pygame.Surface, value: int, centre: tuple[float, float], size: int,
                 digits: bool, angle: float = 0.0, scale: float = 1.0) -> None:
        """A raised die with its shadow, optionally spun and scaled (tumbling, popping); not
        at all when it is wholly outside the surface's clip (a partial redraw: no rotation
        for nothing)."""
        if not surface.get_clip().colliderect(TrayView.die_reach(centre, size, scale)):
            return
        shadow = dice.shadow(size)
        surface.blit(shadow, shadow.get_rect(center=(centre[0] + 8, centre[1] + 12)))
        image = dice.face(value, size, "die", digits)
        if scale != 1.0 or 0 < abs(angle) <= SMOOTH_BELOW:
            image = pygame.transform.rotozoom(image, angle, scale)
        elif angle:  # spinning fast: a plain rotation (a fifth of the cost) looks the same
            image = pygame.transform.rotate(image, angle)
        surface.blit(image, image.get_rect(center=centre))
