"""The daily challenge screen with a venue link: today's standings of every kiosk (rank,
initials, kiosk, score), the player's own attempt lit with their rank after a daily game played
by taps, and how fresh the board is (issue 39)."""

from __future__ import annotations

import json
from datetime import date

import pytest

from game.arcade.widgets import standings
from game.engine.testing import run_frames
from game.games.magdagdon.scenes.daily import DailyScene
from game.games.magdagdon.scenes.play import PlayScene
from tests.support import settle
from tests.support.fleet import insert_row, link_to, run_until
from tests.support.magdagdon_screen import finish_by_taps, play_turn_by_taps, roll

pytestmark = pytest.mark.fleet
DAY = "2026-12-01"


def daily(score: int, day: str = DAY) -> str:
    return json.dumps({"score": score, "turns": 9, "powers": 0, "ruins": 1, "daily": day})


@pytest.mark.slow
def test_the_days_standings_show_every_kiosk_and_the_players_rank(saving_app, postgres,
                                                                  venue_db) -> None:
    app = saving_app
    link = link_to(app, postgres.url(venue_db), "Lobby 1")
    scene = PlayScene(app, daily=DAY)  # the day's one recorded attempt, played by taps
    app.stack.push(scene)
    settle(app)
    roll(app, scene)
    play_turn_by_taps(app, scene)
    finish_by_taps(app, scene)
    run_frames(app, 80)
    (mine,) = app.ctx.storage.records("magdagdon")
    run_until(app, lambda: link.status.sent == 1 and link.status.pending == 0, what="sent")
    score = int(mine.get("score"))
    above = insert_row(postgres, venue_db, "magdagdon", "DAILY", "Bar 2", daily(score + 50),
                       score + 50, "ANN")
    insert_row(postgres, venue_db, "magdagdon", "DAILY", "Bar 2", daily(score - 500),
               score - 500, "BOB")
    insert_row(postgres, venue_db, "magdagdon", "DAILY", "Bar 2", daily(999, "2026-11-30"), 999)
    insert_row(postgres, venue_db, "magdagdon", "DAILY", "Bar 2", daily(score + 1), 7)  # forged
    app.nav.clear_to("magdagdon.daily", day=date(2026, 12, 1))
    settle(app)
    screen = app.stack.top
    assert isinstance(screen, DailyScene)
    assert screen.played and screen.mine == mine.id

    def shown() -> tuple[list[str], int]:
        entries, total = screen.board.standings("magdagdon", "DAILY", (("daily", DAY),))
        return [e.record.id for e in entries], total

    run_until(app, lambda: screen.board.state().kind == "live" and len(shown()[0]) == 3,
              what="the day's standings")
    ids, total = shown()
    assert ids[:2] == [above, mine.id] and total == 3  # the forged row is neither shown nor counted
    entries, _ = screen.board.standings("magdagdon", "DAILY", (("daily", DAY),))
    assert standings.player_rank(entries, mine.id) == 2
    assert [e.kiosk for e in entries] == ["Bar 2", "Lobby 1", "Bar 2"]
    run_frames(app, 4)  # the panel draws
