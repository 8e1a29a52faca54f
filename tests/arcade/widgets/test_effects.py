"""Particles and shake: the rects a partial redraw repaints cover every particle and stay few;
a shake's offset changes per update step, never per draw."""

from __future__ import annotations

import random

import pygame
from hypothesis import given
from hypothesis import strategies as st

from game.arcade.widgets.effects import Particles, Shake


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
