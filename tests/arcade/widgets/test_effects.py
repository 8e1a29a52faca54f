"""Particles and shake: the rects a partial redraw repaints cover every particle and stay few;
a shake's offset changes per update step, never per draw."""

from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.arcade.widgets.effects import Particles, Shake, cover


def _painted(particles: Particles) -> list[pygame.Rect]:
    """What ``draw`` can paint for each particle (its full size, before it shrinks)."""
    return [pygame.Rect(int(p.x), int(p.y), int(p.size) + 1, int(p.size) + 1)
            for p in particles.items]


@given(seed=st.integers(0, 10_000), bursts=st.integers(1, 6), steps=st.integers(0, 60))
def test_particle_areas_cover_every_particle(seed, bursts, steps):
    rng = random.Random(seed)
    particles = Particles(rng)
    for _ in range(bursts):
        particles.burst((rng.uniform(0, 1920), rng.uniform(0, 1080)), 40, [(200, 100, 50)])
    for _ in range(steps):
        particles.update(1 / 60)
    areas = particles.areas()
    for rect in _painted(particles):
        assert rect.collidelist(areas) != -1 and any(area.contains(rect) for area in areas)
    assert len(areas) <= len({(int(p.y) // 160, int(p.x) // 160) for p in particles.items})


def test_sparks_flying_apart_are_not_one_rect_round_the_screen():
    particles = Particles(random.Random(1))
    particles.burst((200, 200), 1, [(1, 1, 1)], speed=(0, 0), gravity=0)
    particles.burst((1700, 900), 1, [(1, 1, 1)], speed=(0, 0), gravity=0)
    areas = particles.areas()
    assert len(areas) == 2
    assert sum(a.width * a.height for a in areas) < 5_000
    assert Particles(random.Random(1)).areas() == []


def test_the_shake_offset_is_the_same_however_often_it_is_read():
    shake = Shake(random.Random(3))
    shake.kick(30)
    shake.update(1 / 60)
    first = shake.offset
    assert first == shake.offset == shake.offset
    assert max(abs(first[0]), abs(first[1])) <= shake.reach
    for _ in range(200):
        shake.update(1 / 60)
    assert shake.offset == (0, 0) and shake.reach == 0


@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40))
def test_particle_bounds_hold_every_particle_after_each_change(seed, steps):
    particles = Particles(random.Random(seed))
    assert particles.bounds() is None
    particles.burst((900, 500), 60, [(1, 2, 3)])
    for _ in range(steps):
        particles.update(1 / 60)
        bounds = particles.bounds()
        painted = _painted(particles)
        assert (bounds is None) == (not painted)
        assert all(bounds.contains(rect) for rect in painted)


def _painted_by_hand(particles: Particles, size: tuple[int, int]) -> bytes:
    """The particles painted one by one from their state: the fade and shrink ``draw``
    promises (half bright and 40 % big at the end of a life)."""
    surface = pygame.Surface(size)
    for p in particles.items:
        fade = 1.0 - p.age / p.life
        side = max(1, int(p.size * (0.4 + 0.6 * fade)))
        colour = tuple(int(c * (0.5 + 0.5 * fade)) for c in p.colour)
        surface.fill(colour, (int(p.x), int(p.y), side, side))
    return pygame.image.tobytes(surface, "RGB")


@given(seed=st.integers(0, 10_000), steps=st.integers(0, 50))
@pytest.mark.slow
def test_particles_are_drawn_as_their_state_says_after_every_step(seed, steps):
    """What ``draw`` paints, and the areas round it, are worked out once per change: after
    each burst and update step they are those of the particles as they are now, and a box
    drawn twice in a frame paints the same."""
    rng = random.Random(seed)
    particles = Particles(rng)
    particles.burst((300, 200), 30, [(200, 100, 50), (90, 200, 250)])
    for step in range(steps):
        if step == steps // 2:
            particles.burst((100, 300), 20, [(255, 255, 255)])
        particles.update(1 / 60)
        if step % 7 == 0:
            surface = pygame.Surface((640, 480))
            particles.draw(surface)
            particles.draw(surface)
            assert pygame.image.tobytes(surface, "RGB") == _painted_by_hand(particles, (640, 480))
            areas = particles.areas()
            assert all(any(area.contains(rect) for area in areas)
                       for rect in _painted(particles))


def test_the_areas_handed_out_are_copies():
    """The damage tracker keeps the areas it is given as last frame's: changing them must not
    change what the particles say next."""
    particles = Particles(random.Random(2))
    particles.burst((500, 500), 10, [(9, 9, 9)], speed=(0, 0), gravity=0)
    particles.areas()
    first = particles.areas()  # the second time: from what was worked out
    saved = [rect.copy() for rect in first]
    first[0].inflate_ip(400, 400)
    first.clear()
    assert particles.areas() == saved


def test_cover_gathers_far_apart_squares_apart_and_near_ones_together() -> None:
    near = [pygame.Rect(10, 10, 5, 5), pygame.Rect(30, 40, 5, 5)]
    far = [pygame.Rect(1500, 900, 5, 5)]
    out = cover(near + far)
    assert len(out) == 2
    assert out[0] == near[0].union(near[1]) and out[1] == far[0]
    rects = [pygame.Rect(x, 5, 4, 4) for x in range(0, 800, 100)]  # squares in one row
    assert cover(rects) == [rects[0].unionall(rects[1:])]
    assert cover([]) == []
