"""HIGH SCORES with a venue link: THIS MACHINE and VENUE tabs; the venue's board lists every
kiosk's games (this one's at once, before the server has them); a row put in by hand that this
build would never write is skipped and the board still opens; the line under the tabs says when
the board is stale or offline. Without a link the screen is as it always was (issue 39)."""

from __future__ import annotations

import json

import pytest

from game.arcade.scenes.scores import ScoresScene
from game.arcade.texts import t
from game.arcade.widgets import standings
from game.engine.testing import post_tap
from tests.support import make_arcade, settle
from tests.support.fleet import (
    RANKED,
    WITH_DOCUMENTS,
    insert_row,
    link_to,
    record_games,
    run_until,
)


@pytest.fixture
def app(tmp_path):
    application = make_arcade(tmp_path / "data")
    yield application
    application.shutdown()


def test_without_a_venue_link_there_are_no_venue_tabs(app) -> None:
    app.stack.push(ScoresScene(app, game_id=RANKED))
    settle(app)
    scene = app.stack.top
    assert scene.board is None and not scene.at_venue
    labels = [b.translation_key for b in scene.gui.get_sprite_group().sprites()
              if hasattr(b, "translation_key")]
    assert "scores.venue" not in labels and "scores.here" not in labels


def fields(score: int) -> str:
    return json.dumps({"score": score, "turns": 8, "powers": 0, "ruins": 0})


@pytest.mark.fleet
@pytest.mark.slow
def test_the_venue_tab_lists_every_kiosk_and_this_machine_its_own(app, postgres, venue_db,
                                                                  tmp_path) -> None:
    record_games(tmp_path / "data", 1)  # a PEACEFUL game of this kiosk
    link = link_to(app, postgres.url(venue_db))
    run_until(app, lambda: link.status.state == "online" and link.status.pending == 0,
              what="the link to send")
    other = insert_row(postgres, venue_db, RANKED, "PEACEFUL", "Bar 2", fields(999), 999, "ANN")
    insert_row(postgres, venue_db, RANKED, "PEACEFUL", "Bar 2", fields(100), 99_999)  # forged
    app.stack.push(ScoresScene(app, game_id=RANKED, variant="PEACEFUL"))
    settle(app)
    scene = app.stack.top
    assert scene.at_venue  # a venue kiosk opens on the venue's board
    own = app.ctx.storage.records(RANKED)[0].id
    run_until(app, lambda: other in [r.id for r in scene.view.entries()], what="the board")
    entries = scene.view.entries()
    assert [r.id for r in entries] == [other, own]  # best first; the forged row is skipped
    assert [scene.source.kiosk(r) for r in entries] == ["Bar 2", "Here"]
    assert scene.board.state().kind == "live"
    post_tap(scene.b_here.rect.center)
    settle(app)
    scene = app.stack.top
    assert not scene.at_venue and [r.id for r in scene.view.entries()] == [own]
    post_tap(scene.b_venue.rect.center)
    settle(app)
    assert app.stack.top.at_venue


@pytest.mark.fleet
def test_the_unranked_games_venue_tab_lists_the_venues_games(app, postgres, venue_db,
                                                             tmp_path) -> None:
    record_games(tmp_path / "data", 2)  # the second is a game against the computer
    link = link_to(app, postgres.url(venue_db))
    run_until(app, lambda: link.status.pending == 0 and link.status.sent == 2, what="sending")
    app.stack.push(ScoresScene(app, game_id=WITH_DOCUMENTS, variant="vs_easy"))
    settle(app)
    scene = app.stack.top
    own = app.ctx.storage.records(WITH_DOCUMENTS)[0].id
    run_until(app, lambda: scene.board.state().kind == "live", what="a read")
    assert [r.id for r in scene.view.records()] == [own]


def test_an_unreachable_venue_says_it_is_offline(app, tmp_path) -> None:
    record_games(tmp_path / "data", 1)
    link = link_to(app, f"postgresql://nobody@/nowhere?host={tmp_path}&port=1")
    app.stack.push(ScoresScene(app, game_id=RANKED, variant="PEACEFUL"))
    settle(app)
    scene = app.stack.top
    run_until(app, lambda: link.status.state == "offline", what="offline")
    state = scene.board.state()
    assert state.kind == "offline" and state.read_at is None
    assert standings.venue_line(state) == t("venue.offline_empty")
    assert len(scene.view.entries()) == 1  # this kiosk's own game, kept to be sent later
