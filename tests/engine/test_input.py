"""Event translation: one tap is one press whatever the device; keys map to names."""

from __future__ import annotations

import pygame
import pytest

from game.engine.input import KEY_NAMES, Action, InputMapper, ensure_touch_mouse_hints
from game.engine.testing import post_drag, post_key, post_tap, post_touch_tap

Event = pygame.event.Event


def translate_all(mapper: InputMapper, events: list[pygame.event.Event]) -> list[Action]:
    return [action for event in events for action in mapper.translate(event)]


def kinds(actions: list[Action]) -> list[str]:
    return [a.kind for a in actions]


def finger(kind: int, x: float = 0.5, y: float = 0.5, finger_id: int = 0) -> pygame.event.Event:
    return Event(kind, touch_id=1, finger_id=finger_id, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0)


def test_mouse_tap_is_one_press_and_one_release() -> None:
    actions = translate_all(
        InputMapper(),
        [
            Event(pygame.MOUSEMOTION, pos=(10, 20), rel=(1, 1), buttons=(0, 0, 0), touch=False),
            Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1, touch=False),
            Event(pygame.MOUSEBUTTONUP, pos=(10, 20), button=1, touch=False),
        ],
    )
    assert actions == [Action("press", pos=(10, 20)), Action("release", pos=(10, 20))]


def test_touch_tap_as_sdl_delivers_it_is_one_press_and_one_release() -> None:
    actions = translate_all(
        InputMapper(),
        [
            finger(pygame.FINGERDOWN),
            Event(pygame.MOUSEBUTTONDOWN, pos=(960, 540), button=1, touch=True),
            finger(pygame.FINGERUP),
            Event(pygame.MOUSEBUTTONUP, pos=(960, 540), button=1, touch=True),
        ],
    )
    assert actions == [Action("press", pos=(960, 540)), Action("release", pos=(960, 540))]


def test_touch_tap_in_sdl_native_order_is_also_one_tap() -> None:
    """SDL actually sends the synthetic mouse (motion, button) before the finger event."""
    actions = translate_all(
        InputMapper(),
        [
            Event(pygame.MOUSEMOTION, pos=(5, 6), rel=(5, 6), buttons=(0, 0, 0), touch=True),
            Event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1, touch=True),
            finger(pygame.FINGERDOWN),
            Event(pygame.MOUSEBUTTONUP, pos=(5, 6), button=1, touch=True),
            finger(pygame.FINGERUP),
        ],
    )
    assert kinds(actions) == ["press", "release"]


def test_touch_synthesised_mouse_event_alone_gives_one_press() -> None:
    actions = InputMapper().translate(
        Event(pygame.MOUSEBUTTONDOWN, pos=(100, 200), button=1, touch=True)
    )
    assert actions == [Action("press", pos=(100, 200))]


def test_finger_events_alone_give_no_pointer_action() -> None:
    mapper = InputMapper()
    events = [
        finger(pygame.FINGERDOWN),
        finger(pygame.FINGERMOTION, 0.6, 0.6),
        finger(pygame.FINGERUP, 0.6, 0.6),
    ]
    assert translate_all(mapper, events) == []


def test_second_finger_does_not_add_a_tap() -> None:
    """SDL synthesises the mouse for the first finger only; finger 1 must stay silent."""
    actions = translate_all(
        InputMapper(),
        [
            finger(pygame.FINGERDOWN),
            Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1, touch=True),
            finger(pygame.FINGERDOWN, 0.7, 0.7, finger_id=1),
            finger(pygame.FINGERUP, 0.7, 0.7, finger_id=1),
            finger(pygame.FINGERUP),
            Event(pygame.MOUSEBUTTONUP, pos=(1, 1), button=1, touch=True),
        ],
    )
    assert kinds(actions) == ["press", "release"]


@pytest.mark.parametrize("button", [2, 3, 4, 5])
def test_only_the_left_button_presses(button: int) -> None:
    mapper = InputMapper()
    events = [
        Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=button, touch=False),
        Event(pygame.MOUSEBUTTONUP, pos=(1, 1), button=button, touch=False),
    ]
    assert translate_all(mapper, events) == []


def test_motion_is_a_move_only_while_held() -> None:
    mapper = InputMapper()
    motion = Event(pygame.MOUSEMOTION, pos=(30, 40), rel=(1, 0), buttons=(1, 0, 0), touch=False)
    assert mapper.translate(motion) == []
    mapper.translate(Event(pygame.MOUSEBUTTONDOWN, pos=(29, 40), button=1, touch=False))
    assert mapper.translate(motion) == [Action("move", pos=(30, 40))]
    mapper.translate(Event(pygame.MOUSEBUTTONUP, pos=(30, 40), button=1, touch=False))
    assert mapper.translate(motion) == []


def test_focus_loss_ends_a_drag() -> None:
    mapper = InputMapper()
    mapper.translate(Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1, touch=False))
    assert mapper.translate(Event(pygame.WINDOWFOCUSLOST)) == [Action("focus_lost")]
    motion = Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(1, 1), buttons=(0, 0, 0), touch=False)
    assert mapper.translate(motion) == []


def test_wheel_scrolls_at_the_pointer(screen: pygame.Surface) -> None:
    mapper = InputMapper()
    pos = pygame.mouse.get_pos()
    up = mapper.translate(Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, touch=False))
    down = mapper.translate(Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, touch=False))
    sideways = mapper.translate(Event(pygame.MOUSEWHEEL, x=1, y=0, flipped=False, touch=False))
    assert up == [Action("scroll", pos=pos, key="up")]
    assert down == [Action("scroll", pos=pos, key="down")]
    assert sideways == []


KEY_CASES = [
    *[(getattr(pygame, f"K_{d}"), str(d)) for d in range(10)],
    *[(getattr(pygame, f"K_KP{d}"), str(d)) for d in range(10)],
    *[(getattr(pygame, f"K_{c}"), c) for c in "abcdefghijklmnopqrstuvwxyz"],
    (pygame.K_LEFT, "left"),
    (pygame.K_RIGHT, "right"),
    (pygame.K_UP, "up"),
    (pygame.K_DOWN, "down"),
    (pygame.K_RETURN, "accept"),
    (pygame.K_KP_ENTER, "accept"),
    (pygame.K_SPACE, "space"),
    (pygame.K_BACKSPACE, "back"),
    (pygame.K_DELETE, "back"),
    (pygame.K_ESCAPE, "pause"),
    (pygame.K_F11, "fullscreen"),
    (pygame.K_TAB, "next"),
    (pygame.K_MINUS, "minus"),
    (pygame.K_KP_MINUS, "minus"),
    (pygame.K_PLUS, "plus"),
    (pygame.K_EQUALS, "plus"),
    (pygame.K_KP_PLUS, "plus"),
    (pygame.K_PAGEUP, "page_up"),
    (pygame.K_PAGEDOWN, "page_down"),
    (pygame.K_HOME, "home"),
    (pygame.K_END, "end"),
]


@pytest.mark.parametrize(("key", "name"), KEY_CASES)
def test_key_mapping(key: int, name: str) -> None:
    event = Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
    assert InputMapper().translate(event) == [Action("key", key=name)]


def test_every_mapped_key_is_tested() -> None:
    assert {k for k, _ in KEY_CASES} == set(KEY_NAMES)


def test_key_names_are_game_neutral() -> None:
    """The engine knows no game: no key is named after a game's command."""
    assert not set(KEY_NAMES.values()) & {"roll", "reroll", "die1", "confirm", "chain"}


@pytest.mark.parametrize("key", [pygame.K_F1, pygame.K_LSHIFT, pygame.K_CAPSLOCK])
def test_other_keys_give_nothing(key: int) -> None:
    assert InputMapper().translate(Event(pygame.KEYDOWN, key=key, mod=0, unicode="")) == []


def test_key_up_gives_nothing() -> None:
    assert InputMapper().translate(Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0)) == []


def test_text_input() -> None:
    mapper = InputMapper()
    assert mapper.translate(Event(pygame.TEXTINPUT, text="ก")) == [Action("text", text="ก")]
    assert mapper.translate(Event(pygame.TEXTINPUT, text="")) == []


def test_window_close_then_quit_is_one_quit() -> None:
    mapper = InputMapper()
    actions = translate_all(mapper, [Event(pygame.WINDOWCLOSE), Event(pygame.QUIT)])
    assert actions == [Action("quit")]
    # A later close (e.g. after the player cancelled a confirm dialog) is reported again.
    assert mapper.translate(Event(pygame.QUIT)) == [Action("quit")]


def test_quit_alone_is_a_quit() -> None:
    assert InputMapper().translate(Event(pygame.QUIT)) == [Action("quit")]


@pytest.mark.parametrize("kind", [pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED])
def test_focus_lost(kind: int) -> None:
    assert InputMapper().translate(Event(kind)) == [Action("focus_lost")]


def test_unrelated_events_give_nothing() -> None:
    mapper = InputMapper()
    for kind in (pygame.USEREVENT, pygame.WINDOWFOCUSGAINED, pygame.VIDEORESIZE):
        assert mapper.translate(Event(kind)) == []


def test_action_is_a_hashable_value() -> None:
    assert Action("press", pos=(1, 2)) == Action("press", pos=(1, 2), button=1)
    assert len({Action("quit"), Action("quit")}) == 1
    with pytest.raises(AttributeError):
        Action("quit").kind = "press"  # type: ignore[misc]


def test_touch_mouse_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_TOUCH_MOUSE_EVENTS", raising=False)
    monkeypatch.setenv("SDL_MOUSE_TOUCH_EVENTS", "1")
    ensure_touch_mouse_hints()
    import os

    assert os.environ["SDL_TOUCH_MOUSE_EVENTS"] == "1"
    assert os.environ["SDL_MOUSE_TOUCH_EVENTS"] == "0"


def test_scaled_display_reports_logical_coordinates(screen: pygame.Surface) -> None:
    """Under SCALED the surface and the pointer both use the 1920×1080 logical space."""
    assert screen.get_size() == (1920, 1080)
    logical = (1700, 1000)
    pygame.event.post(Event(pygame.MOUSEBUTTONDOWN, pos=logical, button=1, touch=False))
    events = [e for e in pygame.event.get() if e.type == pygame.MOUSEBUTTONDOWN]
    assert len(events) == 1
    assert InputMapper().translate(events[0]) == [Action("press", pos=logical)]


def pumped(mapper: InputMapper) -> list[Action]:
    return translate_all(mapper, pygame.event.get())


def test_helpers_through_the_real_queue(screen: pygame.Surface) -> None:
    mapper = InputMapper()
    post_tap((100, 200))
    assert kinds(pumped(mapper)) == ["press", "release"]
    post_touch_tap((1800, 50))
    actions = pumped(mapper)
    assert actions == [Action("press", pos=(1800, 50)), Action("release", pos=(1800, 50))]
    post_drag((0, 0), (100, 50), steps=5)
    actions = pumped(mapper)
    assert kinds(actions) == ["press"] + ["move"] * 5 + ["release"]
    assert actions[-2].pos == (100, 50)
    post_key("space")
    post_key(pygame.K_ESCAPE)
    assert pumped(mapper) == [Action("key", key="space"), Action("key", key="pause")]


def test_a_touch_tap_posts_the_emulated_mouse_before_each_finger_event(
        screen: pygame.Surface) -> None:
    """SDL2's order (SDL_SendTouch sends the emulated mouse event, then the finger event):
    the tests tap as a real touchscreen does."""
    pygame.event.clear()
    post_touch_tap((960, 540))
    events = pygame.event.get()
    assert [event.type for event in events] == [
        pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.MOUSEBUTTONUP,
        pygame.FINGERUP]
    assert all(event.touch for event in events if event.type in (
        pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP))
    assert kinds(translate_all(InputMapper(), events)) == ["press", "release"]
