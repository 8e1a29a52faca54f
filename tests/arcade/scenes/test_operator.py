"""The kiosk operator's EXIT TO DESKTOP asks first (issue 44): CANCEL keeps the kiosk running on
the operator's menu; EXIT TO DESKTOP in the question quits."""

from __future__ import annotations

import pygame
import pytest

from game.arcade.scenes.confirm import ConfirmScene
from game.engine.testing import post_key, post_tap
from tests.support import settle
from tests.support.kiosk_screen import PIN, enter_pin, open_pad


def operator_menu(app):
    enter_pin(app, open_pad(app), PIN)
    menu = app.stack.top
    assert type(menu).__name__ == "OperatorScene"
    return menu


@pytest.mark.slow
def test_exit_to_desktop_asks_and_cancel_keeps_the_kiosk(kiosk_app):
    app = kiosk_app
    menu = operator_menu(app)
    exit_button = next(b for b in menu.actions if b.translation_key == "operator.exit")
    post_tap(exit_button.rect.center)
    settle(app)
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and app.running
    assert question.b_no.text == "CANCEL" and question.b_yes.text == "EXIT TO DESKTOP"
    post_tap(question.b_no.rect.center)
    settle(app)
    assert app.running and app.stack.top is menu
    post_tap(exit_button.rect.center)
    settle(app)
    post_key(pygame.K_ESCAPE)  # Esc is "no" as well
    settle(app)
    assert app.running and app.stack.top is menu
    post_tap(exit_button.rect.center)
    settle(app)
    post_tap(app.stack.top.b_yes.rect.center)
    settle(app)
    assert not app.running
