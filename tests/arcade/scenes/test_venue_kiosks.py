"""The operator's list of the venue's kiosks (VENUE LINK → KIOSKS, issue 47): read from the
venue's registry off the frame, each kiosk online or offline with its last heartbeat, games
waiting and lag; without a venue link the button is off."""

from __future__ import annotations

import pytest

from game.arcade.kiosk import Kiosk
from game.arcade.scenes.title import TitleScene
from game.arcade.scenes.venue_kiosks import VenueKiosksScene, age_text
from game.arcade.scenes.venue_link import VenueLinkScene
from game.engine.testing import post_tap
from tests.support import make_arcade, settle
from tests.support.fleet import GAME_DATA, link_to, run_until


@pytest.fixture
def kiosk_app(tmp_path):
    app = make_arcade(tmp_path / "data")
    Kiosk(app, pin="2468", idle_seconds=60.0, seed=3).install()
    app.stack.push(TitleScene(app))
    settle(app)
    yield app
    if app.ctx.fleet is not None:
        app.ctx.fleet.close()
    app.shutdown()


def test_ages_read_as_a_person_says_them() -> None:
    assert [age_text(s) for s in (None, 4.4, 119, 600, 7300, 200_000)] == [
        "-", "4 s", "119 s", "10 min", "2 h", "2 d"]


def test_without_a_venue_link_the_kiosks_button_is_off(kiosk_app) -> None:
    kiosk_app.nav.push("venue_link")
    settle(kiosk_app)
    scene = kiosk_app.stack.top
    assert isinstance(scene, VenueLinkScene) and not scene.b_kiosks.is_enabled


@pytest.mark.fleet
@pytest.mark.slow
def test_the_operator_sees_which_kiosks_are_online(kiosk_app, postgres, tmp_path,
                                                   monkeypatch) -> None:
    from game.arcade import fleet as registry
    from game.arcade.fleet import link as link_module
    from tests.support.venue import Venue

    monkeypatch.setattr(registry, "READ_SECONDS", 0.5)
    monkeypatch.setattr(link_module, "HEARTBEAT_SECONDS", 1.0)
    venue = Venue(postgres, GAME_DATA)
    here, other = venue.add_kiosk("Lobby"), venue.add_kiosk("Bar")
    link_to(kiosk_app, here.conninfo, here.name)
    kiosk_app.nav.push("venue_link")
    settle(kiosk_app)
    post_tap(kiosk_app.stack.top.b_kiosks.rect.center)
    settle(kiosk_app)
    scene = kiosk_app.stack.top
    assert isinstance(scene, VenueKiosksScene)

    def states() -> dict[str, str]:
        kiosks = scene.reader.view.kiosks if scene.reader is not None else None
        return {k.kiosk: k.state for k in kiosks or ()}

    run_until(kiosk_app, lambda: states() == {here.name: "online", other.name: "never"},
              what="the list")
    if shot := __import__("os").environ.get("VENUE_KIOSKS_SHOT"):  # for a look at it
        scene.draw(kiosk_app.surface)
        __import__("pygame").image.save(kiosk_app.surface, shot)
    reader = scene.reader
    post_tap(scene.b_back.rect.center)
    settle(kiosk_app)
    assert isinstance(kiosk_app.stack.top, VenueLinkScene)
    assert reader is not None and reader._stopping.is_set()  # the list is no longer read


def test_the_venue_boards_period_steps_through_all_time_this_week_and_today(kiosk_app,
                                                                           ) -> None:
    link_to(kiosk_app, "postgresql://kiosk@127.0.0.1:1/arcade", "Lobby")  # never answers
    kiosk_app.nav.push("scores")
    settle(kiosk_app)
    scene = kiosk_app.stack.top
    seen = []
    for _ in range(4):
        seen.append((scene.board.period, scene.b_period.translation_key))
        post_tap(scene.b_period.rect.center)
        settle(kiosk_app)
    assert seen == [("all", "scores.period_all"), ("week", "scores.period_week"),
                    ("today", "scores.period_today"), ("all", "scores.period_all")]
    post_tap(scene.b_here.rect.center)  # this machine's tables have no period
    settle(kiosk_app)
    assert scene.b_period is None
