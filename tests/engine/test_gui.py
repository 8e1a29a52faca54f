"""pygame-gui in the engine: large rounded buttons keep their drawn backgrounds, hover in
logical pixels, quiet updates of an untouched manager, and where buttons' pictures changed (for
partial redraws).

pygame-gui 0.6 caches a rounded shape's background only under 40,000 px; the engine's hook
(``engine.gui.keep_large_backgrounds``) caches larger ones too, so a screen that opens again,
a relabel or a press copies a large button's background instead of drawing it 4×
supersampled."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.engine import gui
from tests.support.surfaces import pixels

THEME = {"button": {"misc": {"shape": "rounded_rectangle", "shape_corner_radius": "20",
                             "border_width": "3", "shadow_width": "0"},
                    "colours": {"hovered_bg": "#A02030", "hovered_border": "#FFD040"}}}


def _button(manager: pygame_gui.UIManager, label: str, y: int = 0,
            size: tuple[int, int] = (700, 112)) -> pygame_gui.elements.UIButton:
    return pygame_gui.elements.UIButton(pygame.Rect((0, y), size), label, manager)


@pytest.fixture
def manager(screen: pygame.Surface) -> pygame_gui.UIManager:
    return gui.UIManager(screen.get_size(), THEME)


# --- large buttons keep their backgrounds -------------------------------------------------
def test_the_hook_is_installed_once_on_pygame_guis_rounded_shape() -> None:
    from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import (
        RoundedRectangleShape,
    )

    draw = RoundedRectangleShape.redraw_state
    gui.keep_large_backgrounds()
    assert RoundedRectangleShape.redraw_state is draw  # not wrapped twice
    assert getattr(RoundedRectangleShape, "_keeps_large", False)


def test_a_large_buttons_state_is_drawn_once_then_copied_with_any_label(
        manager: pygame_gui.UIManager, supersampled: list[tuple[int, int]]) -> None:
    accept = _button(manager, "ACCEPT THE RUIN")
    shape = accept.drawable_shape
    assert shape.containing_rect.width * shape.containing_rect.height \
        >= gui.CACHED_BY_PYGAME_GUI_BELOW  # pygame-gui alone would never cache it
    supersampled.clear()
    shape.redraw_state("hovered")
    assert supersampled == [(700, 112)]  # drawn from scratch the first time
    first = pixels(shape.states["hovered"].surface)

    supersampled.clear()
    shape.redraw_state("hovered")  # a press or a relabel draws the state again
    other = _button(manager, "ANOTHER LABEL", y=200)  # same size, border and colours
    other.drawable_shape.redraw_state("hovered")
    assert supersampled == []  # both from the cache
    assert pixels(shape.states["hovered"].surface) == first  # the same picture as drawn
    assert pixels(other.drawable_shape.states["hovered"].surface) != first  # its own label


def test_a_cached_background_is_the_background_without_the_label(
        manager: pygame_gui.UIManager, supersampled: list[tuple[int, int]]) -> None:
    """The cache holds the state's picture before its text goes on: a button that draws its
    state from it shows its own label only, never a ghost of the label that was cached."""
    first = _button(manager, "WWWWWWWWWWWWWWWWWWWW")  # a label across the whole middle
    first.drawable_shape.redraw_state("hovered")
    supersampled.clear()
    blank = _button(manager, "", y=200)
    blank.drawable_shape.redraw_state("hovered")
    assert supersampled == []  # from the cache
    middle = blank.drawable_shape.states["hovered"].surface
    assert all(middle.get_at((x, 56))[:3] == (0xA0, 0x20, 0x30) for x in range(40, 660, 10))
    labelled = first.drawable_shape.states["hovered"].surface
    assert any(labelled.get_at((x, 56))[:3] != (0xA0, 0x20, 0x30) for x in range(40, 660, 10))


def test_small_and_resized_shapes_are_left_to_pygame_gui(
        manager: pygame_gui.UIManager) -> None:
    small = _button(manager, "SMALL", size=(100, 50))
    small.drawable_shape.redraw_state("hovered")
    cache = small.drawable_shape.shape_cache
    before = set(cache.cache_short_term_lookup) | set(cache.cache_long_term_lookup)
    big = _button(manager, "BIG", y=300)
    big.set_dimensions((720, 112))  # resized: pygame-gui's own rule keeps it out
    big.drawable_shape.redraw_state("hovered")
    after = set(cache.cache_short_term_lookup) | set(cache.cache_long_term_lookup)
    assert not any("_720_112_" in key for key in after - before)



# --- a manager nobody touches is updated ten times a second, with all the time owed -------

STEP = 1 / 60


@pytest.fixture
def updates(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The time_delta of each update pygame-gui itself runs."""
    calls: list[float] = []
    update = pygame_gui.UIManager.update

    def counted(self: pygame_gui.UIManager, time_delta: float) -> None:
        calls.append(time_delta)
        update(self, time_delta)

    monkeypatch.setattr(pygame_gui.UIManager, "update", counted)
    return calls


@pytest.fixture
def pointer(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Where the pointer is (the dummy driver's mouse never moves by itself)."""
    where = [(1900, 1060)]
    monkeypatch.setattr(gui, "pointer_position", lambda: where[0])
    return where


def _steps(manager: pygame_gui.UIManager, n: int) -> None:
    for _ in range(n):
        manager.update(STEP)


def test_an_untouched_manager_updates_every_tenth_of_a_second_with_the_time_owed(
        manager: pygame_gui.UIManager, updates: list[float],
        pointer: list[tuple[int, int]]) -> None:
    _steps(manager, 2)  # a new manager starts busy
    updates.clear()
    _steps(manager, 60)  # one second untouched
    assert len(updates) == 10  # not 60
    assert all(dt >= gui.QUIET_UPDATE_EVERY - 1e-9 for dt in updates)
    manager.process_events(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(0, 0),
                                              buttons=(0, 0, 0), touch=False))
    _steps(manager, 1)  # touched: this update hands over all the time still owed
    assert sum(updates) == pytest.approx(61 * STEP)  # no time lost to its timers


def test_an_event_or_a_moving_pointer_updates_at_once(
        manager: pygame_gui.UIManager, updates: list[float],
        pointer: list[tuple[int, int]]) -> None:
    _steps(manager, 30)
    updates.clear()
    manager.process_events(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(0, 0),
                                              buttons=(0, 0, 0), touch=False))
    _steps(manager, 2)
    assert len(updates) == 2  # the step that handles it and the next (a press lasts a cycle)
    updates.clear()
    pointer[0] = (500, 500)
    _steps(manager, 1)
    assert len(updates) == 1  # hovering follows the pointer at full rate
    updates.clear()
    _steps(manager, 3)
    assert updates == []  # and it is quiet again


def test_a_held_key_keeps_the_manager_at_full_rate_until_released(
        manager: pygame_gui.UIManager, updates: list[float],
        pointer: list[tuple[int, int]]) -> None:
    _steps(manager, 30)
    updates.clear()
    manager.process_events(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                              unicode="", scancode=42))
    _steps(manager, 20)
    assert len(updates) == 20
    manager.process_events(pygame.event.Event(pygame.KEYUP, key=pygame.K_BACKSPACE, mod=0,
                                              unicode="", scancode=42))
    updates.clear()
    _steps(manager, 5)
    assert len(updates) == 2


def test_a_button_under_a_resting_pointer_still_lights_up(
        manager: pygame_gui.UIManager, pointer: list[tuple[int, int]]) -> None:
    """Hovering is what the skipped updates would have done: a pointer that comes to rest on
    a button lights it within the step, and it goes dark when the pointer leaves."""
    button = _button(manager, "PLAY", y=300)
    _steps(manager, 30)
    pointer[0] = (350, 356)
    _steps(manager, 1)
    assert button.hovered
    _steps(manager, 30)
    assert button.hovered
    pointer[0] = (1900, 1060)
    _steps(manager, 1)
    assert not button.hovered


@pytest.fixture
def redraws(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The states pygame-gui's rounded shapes draw from here on."""
    from pygame_gui.core.drawable_shapes.rounded_rect_drawable_shape import (
        RoundedRectangleShape,
    )

    calls: list[str] = []
    draw = RoundedRectangleShape.redraw_state

    def counted(self, state_str: str, add_text: bool = True) -> None:  # type: ignore[no-untyped-def]
        calls.append(state_str)
        draw(self, state_str, add_text)

    monkeypatch.setattr(RoundedRectangleShape, "redraw_state", counted)
    return calls


def _states_of(manager: pygame_gui.UIManager, label: str) -> dict[str, bytes]:
    """A fresh button with ``label``: its normal, hovered, active and disabled pictures."""
    fresh = _button(manager, label, y=400, size=(340, 112))
    shape = fresh.drawable_shape
    out = {}
    for state in ("normal", "hovered", "active", "disabled"):
        shape.redraw_state(state)
        out[state] = pixels(shape.states[state].surface)
    fresh.kill()
    return out


def test_a_shape_wider_than_the_caches_pages_is_left_to_pygame_gui(
        manager: pygame_gui.UIManager) -> None:
    """pygame-gui's cache pages are 1,024 px a side: a wider shape (the on-screen keyboard's
    panel) is never offered to it (it would only warn and drop it)."""
    wide = _button(manager, "WIDE", size=(1400, 90))
    wide.drawable_shape.redraw_state("hovered")
    cache = wide.drawable_shape.shape_cache
    assert not any("_1400_90_" in key for key in cache.cache_short_term_lookup)


def test_a_screen_opened_again_draws_none_of_its_buttons_anew(app, supersampled) -> None:
    """The title after a game is built again with the same buttons: their large backgrounds
    come from the shape cache (the first build drew them); pygame-gui keeps small ones
    itself."""
    from game.engine.testing import run_frames

    app.nav.push("title")
    run_frames(app, 2)
    assert any(w * h >= gui.CACHED_BY_PYGAME_GUI_BELOW for w, h in supersampled)
    supersampled.clear()
    app.nav.clear_to("settings")
    run_frames(app, 2)
    supersampled.clear()
    app.nav.clear_to("title")
    run_frames(app, 2)
    assert [(w, h) for w, h in supersampled if w * h >= gui.CACHED_BY_PYGAME_GUI_BELOW] == []
