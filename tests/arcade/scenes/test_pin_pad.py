"""The kiosk's PIN pad as an operator meets it (issue 44): a wrong PIN says so and how many
tries are left before the pad locks; the lock says how long; CANCEL closes the pad (also when
the stored PIN is lost), but never the pad that asks for a first PIN."""

from __future__ import annotations

import pygame
import pytest

from game.arcade.kiosk import Kiosk
from game.arcade.scenes.pin_pad import PinPadScene
from game.arcade.scenes.title import TitleScene
from game.arcade.texts import t
from game.engine import i18n
from game.engine.testing import post_key, post_tap
from tests.support import WallClock, make_arcade, settle
from tests.support.drawn import words_drawn
from tests.support.kiosk_screen import enter_pin, open_pad


@pytest.mark.slow
def test_a_wrong_pin_says_how_many_tries_are_left_before_the_lock(kiosk_app, monkeypatch):
    app = kiosk_app
    pad = open_pad(app)
    assert not any(words.startswith("Wrong PIN") for words in words_drawn(app, monkeypatch))
    enter_pin(app, pad, "1111")
    assert "Wrong PIN. 2 more tries before the pad locks." in words_drawn(app, monkeypatch)
    post_tap(pad.keys["1"].rect.center)  # typing again puts the warning away
    settle(app)
    assert not any(words.startswith("Wrong PIN") for words in words_drawn(app, monkeypatch))
    post_tap(pad.keys["clear"].rect.center)
    settle(app)
    enter_pin(app, pad, "9999")
    assert "Wrong PIN. 1 more try before the pad locks." in words_drawn(app, monkeypatch)
    enter_pin(app, pad, "1234")  # the third: locked, and the lock says for how long
    drawn = words_drawn(app, monkeypatch)
    assert pad.locked_for > 0 and t("pin.locked", time="0:30") in drawn
    assert not any(words.startswith("Wrong PIN") for words in drawn)
    app.ctx.storage.clock.advance(30)  # the lock runs out: a fresh count, no stale warning
    drawn = words_drawn(app, monkeypatch)
    assert pad.locked_for == 0 and not any(words.startswith("Wrong PIN") for words in drawn)


@pytest.mark.parametrize("locale", ["th", "bg", "ko"])
@pytest.mark.slow
def test_the_tries_left_are_said_in_every_language(kiosk_app, monkeypatch, locale):
    app = kiosk_app
    pad = open_pad(app)
    app.set_language(locale)
    try:
        enter_pin(app, pad, "1111")
        line = t("pin.wrong", count=2)
        assert "2" in line and line.replace("\u200b", "") in words_drawn(app, monkeypatch)
    finally:
        i18n.set_locale("en")


@pytest.mark.slow
def test_cancel_closes_the_pad_and_counts_nothing(kiosk_app):
    app = kiosk_app
    pad = open_pad(app)
    assert pad.b_cancel.visible and pad.b_cancel.rect.colliderect(pad.panel)
    keys = [button.rect for button in pad.keys.values()]
    assert not any(pad.b_cancel.rect.colliderect(key) for key in keys)
    assert pad.panel.contains(pad.b_cancel.rect)
    post_tap(pad.keys["1"].rect.center)
    settle(app)
    post_tap(pad.b_cancel.rect.center)
    settle(app)
    assert isinstance(app.stack.top, TitleScene)
    assert app.kiosk.pins.tries_left() == 3


def test_the_pad_that_asks_for_a_first_pin_has_no_cancel(tmp_path):
    app = make_arcade(tmp_path / "data", wall_clock=WallClock())
    try:
        kiosk = Kiosk(app, pin=None, idle_seconds=1000.0, attract_seconds=1000.0, seed=3)
        kiosk.install()
        app.stack.push(TitleScene(app))
        kiosk.ask_for_pin()
        settle(app)
        pad = app.stack.top
        assert isinstance(pad, PinPadScene) and pad.mode == "set"
        assert not hasattr(pad, "b_cancel")
        post_key(pygame.K_ESCAPE)
        settle(app)
        assert app.stack.top is pad
    finally:
        app.shutdown()


def test_a_lost_pin_s_pad_can_be_cancelled(kiosk_app):
    app = kiosk_app
    app.nav.push("pin_pad", kiosk=app.kiosk, mode="lost")
    settle(app)
    pad = app.stack.top
    post_tap(pad.b_cancel.rect.center)
    settle(app)
    assert isinstance(app.stack.top, TitleScene)
