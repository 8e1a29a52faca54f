"""A kiosk at its title with a known PIN and a wall clock of the test's own (the PIN pad, the
operator's menu and the kiosk's SETTINGS)."""

from __future__ import annotations

import pytest

from game.arcade.kiosk import Kiosk
from game.arcade.scenes.title import TitleScene
from tests.support import WallClock, make_arcade, settle
from tests.support.kiosk_screen import PIN


@pytest.fixture
def kiosk_app(tmp_path):
    app = make_arcade(tmp_path / "data", wall_clock=WallClock())
    kiosk = Kiosk(app, pin=PIN, idle_seconds=1000.0, attract_seconds=1000.0, seed=3)
    kiosk.install()
    app.stack.push(TitleScene(app))
    settle(app)
    yield app
    app.shutdown()
