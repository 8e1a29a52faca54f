"""Every scene in landscape (1920×1080) and portrait (1080×1920): drawn headless, every button on
screen and none overlapping another, and the play screen's board, tray and controls apart."""

from __future__ import annotations

import itertools

import pygame
import pytest

from tests.support import make_arcade
from tests.support.scenes import NAMES, build

SIZES = {"landscape": (1920, 1080), "portrait": (1080, 1920)}
EDGE = 12
"""Logical pixels a button keeps from the screen's edge (the crash screen's two buttons once
filled a portrait screen's width edge to edge)."""


def button_rects(scene) -> list[pygame.Rect]:
    manager = getattr(scene, "ui", None)
    if manager is None:
        return []
    root = manager.get_root_container()
    return [
        element.rect.copy()
        for element in manager.get_sprite_group().sprites()
        if element.visible and element.ui_container is root  # not a slider's own arrows
        and type(element).__name__ in ("UIButton", "UIHorizontalSlider")
    ]


@pytest.mark.parametrize("orientation", SIZES)
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.slow
def test_scene_buttons_are_on_screen_and_apart(name, orientation):
    app = make_arcade(size=SIZES[orientation])
    try:
        scene = build(app, name)
        screen = pygame.Rect((0, 0), SIZES[orientation])
        rects = button_rects(scene)
        assert rects, name
        panel = getattr(scene, "panel", None)
        if isinstance(panel, pygame.Rect):  # dialogs and text pages stay on screen too
            assert screen.contains(panel), (name, panel)
        inside = screen.inflate(-2 * EDGE, -2 * EDGE)
        for rect in rects:
            assert inside.contains(rect), (name, rect)
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), (name, a, b)
    finally:
        app.shutdown()


@pytest.mark.parametrize("orientation", SIZES)
def test_play_screen_parts_do_not_overlap(orientation):
    app = make_arcade(size=SIZES[orientation])
    try:
        scene = build(app, "magdagdon.play")
        L = scene.layout
        assert L.portrait == (orientation == "portrait")
        screen = pygame.Rect((0, 0), SIZES[orientation])
        board = L.board_rect.inflate(44, 44)
        parts = {"board": board, "tray": L.tray_rect, "powers": L.powers_rect,
                 "strip": L.strip_rect, "pause": L.pause_rect}
        for part, rect in parts.items():
            assert screen.contains(rect), part
        for (na, a), (nb, b) in itertools.combinations(parts.items(), 2):
            assert not a.colliderect(b), (na, nb)
        sums = [L.row_sum_pos(r) for r in range(4)] + [L.col_sum_pos(c) for c in range(4)]
        for x, y in sums:  # room for a combo flag (150 px wide) beside or below each sum
            assert 75 <= x <= screen.width - 75 and y + 60 <= L.strip_rect.top
            assert not board.collidepoint(x, y)
        for rect in button_rects(scene):
            assert not rect.colliderect(board) and not rect.colliderect(L.tray_rect)
    finally:
        app.shutdown()


@pytest.mark.parametrize("orientation", SIZES)
def test_querni_play_screen_parts_do_not_overlap(orientation):
    app = make_arcade(size=SIZES[orientation])
    try:
        scene = build(app, "querni.play")
        L = scene.layout
        screen = pygame.Rect((0, 0), SIZES[orientation])
        assert L.portrait == (orientation == "portrait")
        for rect in button_rects(scene):
            assert not rect.colliderect(L.frame_rect)
            for name, region in L.regions().items():
                if name in ("frame", "speaker") or name.startswith("label"):
                    continue
                if region.colliderect(rect):  # a button sits only in its own slot
                    slots = ("select_chain", "end_move", "undo", "hint", "leave", "exit")
                    assert name in slots, name
        assert screen.contains(L.speaker_rect) and screen.contains(L.frame_rect)
    finally:
        app.shutdown()
