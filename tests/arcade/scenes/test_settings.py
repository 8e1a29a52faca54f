"""SETTINGS tells the truth about fullscreen on a kiosk (issue 44): a kiosk runs fullscreen
whatever the setting says, so the row shows ON, locked (it cannot be changed there)."""

from __future__ import annotations

from game.arcade.texts import t
from game.engine.testing import post_tap
from tests.support import make_arcade, settle


def test_a_kiosk_s_settings_show_fullscreen_on_and_locked(kiosk_app):
    app = kiosk_app
    app.ctx.settings.fullscreen = False  # the setting of the machine's windowed runs
    app.nav.push("settings")
    settle(app, 3)
    scene = app.stack.top
    switch = scene.b_fullscreen
    assert switch.text == t("settings.on_locked") == "ON (KIOSK)"
    assert not switch.is_enabled
    post_tap(switch.rect.center)
    settle(app)
    assert app.ctx.settings.fullscreen is False and scene.b_fullscreen.text == "ON (KIOSK)"


def test_outside_a_kiosk_the_switch_shows_and_changes_the_setting(tmp_path):
    app = make_arcade(tmp_path / "data")
    try:
        app.ctx.settings.fullscreen = False
        app.nav.push("settings")
        settle(app, 3)
        switch = app.stack.top.b_fullscreen
        assert switch.text == t("settings.off") and switch.is_enabled
    finally:
        app.shutdown()
