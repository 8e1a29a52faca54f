"""pygame-gui in the engine: large rounded buttons keep their drawn backgrounds.

pygame-gui 0.6 caches a rounded shape's background only under 40,000 px; the engine's hook
(``engine.gui.keep_large_backgrounds``) caches larger ones too, so relabelling or pressing
ACCEPT (700×112) copies a background instead of drawing it 4× supersampled (~24 ms).
"""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.engine import gui

THEME = {"button": {"misc": {"shape": "rounded_rectangle", "shape_corner_radius": "20",
                             "border_width": "3", "shadow_width": "0"},
                    "colours": {"hovered_bg": "#A02030", "hovered_border": "#FFD040"}}}


def _button(manager: pygame_gui.UIManager, label: str, y: int = 0,
            size: tuple[int, int] = (700, 112)) -> pygame_gui.elements.UIButton:
    return pygame_gui.elements.UIButton(pygame.Rect((0, y), size), label, manager)


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.fixture
def manager(screen: pygame.Surface) -> pygame_gui.UIManager:
    return gui.UIManager(screen.get_size(), THEME)


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
    first = _pixels(shape.states["hovered"].surface)

    supersampled.clear()
    shape.redraw_state("hovered")  # a press or a relabel draws the state again
    other = _button(manager, "ANOTHER LABEL", y=200)  # same size, border and colours
    other.drawable_shape.redraw_state("hovered")
    assert supersampled == []  # both from the cache
    assert _pixels(shape.states["hovered"].surface) == first  # the same picture as drawn
    assert _pixels(other.drawable_shape.states["hovered"].surface) != first  # its own label


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
    assert not any("(720, 112)" in key for key in after - before)


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
    owed = manager._owed  # noqa: SLF001 - the time not yet handed over
    assert sum(updates) + owed == pytest.approx(60 * STEP)  # no time lost to its timers


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
        out[state] = _pixels(shape.states[state].surface)
    fresh.kill()
    return out


def test_a_label_shown_before_gets_back_its_states_pictures_undrawn(
        manager: pygame_gui.UIManager, redraws: list[str]) -> None:
    """CONFIRM → PLACE 1 MORE → CONFIRM: the second CONFIRM draws nothing, and shows (and
    presses, and greys) what a button made with that label shows."""
    button = _button(manager, "CONFIRM", size=(340, 112))
    shape = button.drawable_shape
    for state in ("hovered", "active", "disabled"):
        shape.set_active_state(state)
    shape.set_active_state("normal")
    gui.set_button_text(button, "PLACE 1 MORE")
    assert button.text == "PLACE 1 MORE" and redraws  # a new label is drawn
    redraws.clear()
    gui.set_button_text(button, "CONFIRM")
    assert redraws == [] and button.text == "CONFIRM" and shape.theming["text"] == "CONFIRM"
    expected = _states_of(manager, "CONFIRM")
    redraws.clear()
    for state in ("normal", "hovered", "active", "disabled"):
        shape.set_active_state(state)
        assert _pixels(shape.get_fresh_surface()) == expected[state], state
    assert redraws == []
    shape.set_active_state("normal")
    button.disable()  # the element itself, as the play screen greys CONFIRM
    manager.update(0.016)
    assert _pixels(button.image) == expected["disabled"] and redraws == []


def test_a_state_not_drawn_for_that_label_is_drawn_when_shown(
        manager: pygame_gui.UIManager, redraws: list[str]) -> None:
    button = _button(manager, "CONFIRM", size=(340, 112))
    gui.set_button_text(button, "PLACE 2 MORE")
    gui.set_button_text(button, "CONFIRM")
    redraws.clear()
    button.drawable_shape.set_active_state("hovered")  # never shown with CONFIRM before
    assert redraws == ["hovered"]
    expected = _states_of(manager, "CONFIRM")["hovered"]
    assert _pixels(button.drawable_shape.states["hovered"].surface) == expected


def test_a_button_keeps_the_pictures_of_its_last_few_labels_only(
        manager: pygame_gui.UIManager, redraws: list[str]) -> None:
    button = _button(manager, "REROLL 0", size=(340, 112))
    labels = [f"REROLL {n}" for n in range(gui.LABELS_KEPT + 2)]
    for label in labels[1:]:
        gui.set_button_text(button, label)
    assert len(button.drawable_shape._kept_labels) == gui.LABELS_KEPT
    redraws.clear()
    gui.set_button_text(button, labels[-2])  # among the last few: nothing drawn
    assert redraws == []
    gui.set_button_text(button, labels[0])  # long gone: drawn again
    assert redraws == ["normal"]


def test_a_rebuilt_button_draws_its_labels_afresh(
        manager: pygame_gui.UIManager, redraws: list[str]) -> None:
    """A new shape (a theme change rebuilds the button) has pictures of its own to make."""
    button = _button(manager, "CONFIRM", size=(340, 112))
    gui.set_button_text(button, "PLACE 1 MORE")
    button.rebuild()
    redraws.clear()
    gui.set_button_text(button, "CONFIRM")
    assert redraws == ["normal"]


# --- a button's pressed state drawn ahead, once a run per shape ---------------------------


def test_a_buttons_pressed_state_is_drawn_ahead_once_a_run_per_shape(
        app, redraws: list[str]) -> None:
    from game.arcade.widgets import buttons

    manager = app.new_ui_manager(THEME)
    rect = pygame.Rect(0, 0, 340, 112)
    roll = buttons.button(manager, rect, "common.back", lambda: None)
    assert redraws == ["normal", "active"]  # shown, and pressed ahead: never cached yet
    assert roll.drawable_shape.states["active"].generated
    redraws.clear()
    again = buttons.button(app.new_ui_manager(THEME), rect.move(0, 200), "common.back",
                           lambda: None)
    assert redraws == ["normal"]  # its background is cached: pressed is drawn when shown
    assert not again.drawable_shape.states["active"].generated


def test_the_pressed_state_drawn_ahead_is_the_one_drawn_when_pressed(app) -> None:
    from game.arcade.widgets import buttons

    rect = pygame.Rect(0, 0, 340, 112)
    ahead = buttons.button(app.new_ui_manager(THEME), rect, "common.back", lambda: None)
    pressed = _pixels(ahead.drawable_shape.states["active"].surface)
    lazy = _button(gui.UIManager((1920, 1080), THEME), ahead.text, size=(340, 112))
    lazy.drawable_shape.redraw_state("active")  # a manager of its own: drawn from scratch
    assert _pixels(lazy.drawable_shape.states["active"].surface) == pressed


def test_the_first_tap_on_roll_draws_nothing_supersampled(app, supersampled) -> None:
    import random

    from game.engine.testing import post_tap, run_frames
    from game.games.magdagdon.scenes.play import PlayScene
    from game.rules.magdagdon import Difficulty, MagdagdonGame

    scene = PlayScene(app, saved=MagdagdonGame(Difficulty.PEACEFUL, random.Random(1)))
    app.stack.push(scene)
    run_frames(app, 2)
    supersampled.clear()
    post_tap(scene.b_roll.rect.center)
    run_frames(app, 2)
    assert scene.game.in_turn  # the tap rolled
    assert supersampled == []  # the pressed picture was ready


def test_changes_gives_where_buttons_changed_came_or_went() -> None:
    """``gui.changes`` (the buttons' part of a partial redraw): a relabelled button where it
    was and is; buttons that came or went (ACCEPT in place of ROLL and CONFIRM) where they
    are or were — never the whole screen."""
    from game.engine.gui import changes

    roll, confirm, accept, relabelled = (pygame.Surface((300, 100)) for _ in range(4))
    before = ((roll, (10, 10, 300, 100)), (confirm, (400, 10, 300, 100)))
    assert changes(before, before) == []
    assert changes(before, ((roll, (10, 10, 300, 100)), (relabelled, (400, 10, 300, 100)))) \
        == [pygame.Rect(399, 9, 302, 102)] * 2
    swapped = ((accept, (10, 200, 300, 100)),)
    assert changes(before, swapped) == [pygame.Rect(9, 9, 302, 102),
                                        pygame.Rect(399, 9, 302, 102),
                                        pygame.Rect(9, 199, 302, 102)]
    assert changes(swapped, ()) == [pygame.Rect(9, 199, 302, 102)]
