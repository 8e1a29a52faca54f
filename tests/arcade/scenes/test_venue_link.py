"""The operator's VENUE LINK screen, through injected taps and keys: the server typed on the
on-screen keyboard (or a real one) is stored without its password and the link starts at once;
the kiosk's name likewise; a string that is not a connection string is refused with a message;
DISCONNECT turns the link off (issue 39)."""

from __future__ import annotations

import json
import logging

import pygame
import pytest

from game.arcade.kiosk import Kiosk
from game.arcade.scenes.text_entry import TextEntryScene
from game.arcade.scenes.title import TitleScene
from game.arcade.scenes.venue_link import VenueLinkScene
from game.engine.testing import post_key, post_tap
from tests.support import make_arcade, settle
from tests.support.fleet import run_until


@pytest.fixture
def kiosk_app(tmp_path):
    app = make_arcade(tmp_path / "data")
    Kiosk(app, pin="2468", idle_seconds=60.0, seed=3).install()
    app.stack.push(TitleScene(app))
    settle(app)
    yield app
    app.shutdown()


def open_venue_link(app) -> VenueLinkScene:
    app.nav.push("operator", kiosk=app.kiosk)
    settle(app)
    menu = app.stack.top
    button = next(b for b in menu.actions if b.translation_key == "operator.venue")
    post_tap(button.rect.center)
    settle(app)
    assert isinstance(app.stack.top, VenueLinkScene)
    return app.stack.top


def tap_keys(app, text: str) -> None:
    """Type ``text`` on the on-screen keyboard, a tap per key."""
    entry = app.stack.top
    assert isinstance(entry, TextEntryScene)
    for char in text:
        if char.isupper() != entry.upper and char.isalpha():
            tap_label(app, entry, "keyboard.lower" if entry.upper else "keyboard.upper")
        if char == " ":
            tap_label(app, entry, "keyboard.space")
            continue
        key = next(b for b in entry.gui.get_sprite_group().sprites()
                   if getattr(b, "translation_key", "") == "keyboard.key"
                   and b.translation_params["char"] == char)
        post_tap(key.rect.center)
        settle(app, 1)


def tap_label(app, scene, key: str) -> None:
    button = next(b for b in scene.gui.get_sprite_group().sprites()
                  if getattr(b, "translation_key", "") == key)
    post_tap(button.rect.center)
    settle(app)


def type_keys(app, text: str) -> None:
    """Type ``text`` on a real keyboard (text input events)."""
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    settle(app)


def settings_file(app) -> dict:
    return json.loads((app.ctx.storage.data_dir / "settings.json").read_text("utf-8"))


@pytest.mark.fleet
@pytest.mark.slow
def test_the_operator_types_the_server_and_the_link_starts(kiosk_app, postgres, venue_db,
                                                           caplog) -> None:
    app = kiosk_app
    screen = open_venue_link(app)
    assert app.ctx.fleet is None and not screen.b_disconnect.is_enabled
    post_tap(screen.b_server.rect.center)
    settle(app)
    entry = app.stack.top
    for _ in range(len(entry.text)):  # clear what it offers
        post_key("backspace")
    settle(app)
    assert entry.text == ""
    host = str(postgres.socket_dir)
    typed = f"host={host} port={postgres.port} dbname={venue_db} user={postgres.superuser}"
    tap_keys(app, typed[:20])
    type_keys(app, typed[20:] + " password=Hunter2")
    assert entry.text == typed + " password=Hunter2"
    with caplog.at_level(logging.INFO):
        post_key("return")
        settle(app)
    assert app.stack.top is screen
    link = app.ctx.fleet
    assert link is not None and link.config.password == "Hunter2"  # this run only
    run_until(app, lambda: link.status.state == "online", what="the link")
    stored = settings_file(app)["settings"]["fleet_url"]
    assert stored == typed and "Hunter2" not in json.dumps(settings_file(app))
    assert "Hunter2" not in caplog.text
    assert screen.password_kept
    app.run_frame()  # the screen draws the link's state


@pytest.mark.fleet
@pytest.mark.slow
def test_the_kiosks_name_is_typed_and_kept(kiosk_app, postgres, venue_db) -> None:
    app = kiosk_app
    screen = open_venue_link(app)
    screen.set_server(postgres.url(venue_db))
    post_tap(screen.b_name.rect.center)
    settle(app)
    entry = app.stack.top
    entry.text = ""
    type_keys(app, "Bar/3")
    post_key("return")
    settle(app)
    assert app.stack.top is entry and entry.error_key == "venue.bad_name"
    post_key("backspace")
    post_key("backspace")
    type_keys(app, " 3")
    tap_label(app, entry, "common.ok")
    assert app.stack.top is screen
    assert settings_file(app)["settings"]["kiosk_name"] == "Bar 3"
    assert app.ctx.fleet is not None and app.ctx.fleet.config.name == "Bar 3"


@pytest.mark.slow
def test_a_string_that_is_no_connection_string_is_refused(kiosk_app) -> None:
    app = kiosk_app
    screen = open_venue_link(app)
    post_tap(screen.b_server.rect.center)
    settle(app)
    entry = app.stack.top
    entry.text = ""
    type_keys(app, "host='venue")
    tap_label(app, entry, "common.ok")
    assert app.stack.top is entry and entry.error_key == "venue.bad_server"
    app.run_frame()  # the message is drawn
    post_key("escape")
    settle(app)
    assert app.stack.top is screen and app.ctx.fleet is None
    assert app.ctx.settings.fleet_url == ""


@pytest.mark.slow
def test_disconnect_turns_the_link_off(kiosk_app, tmp_path) -> None:
    app = kiosk_app
    screen = open_venue_link(app)
    assert screen.set_server(f"postgresql://nobody@/x?host={tmp_path}") is None
    assert app.ctx.fleet is not None and screen.b_disconnect.is_enabled
    post_tap(screen.b_disconnect.rect.center)
    settle(app)
    assert app.ctx.fleet is None
    assert settings_file(app)["settings"]["fleet_url"] == ""
