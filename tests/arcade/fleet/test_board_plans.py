"""Every venue board is read on an index (issue 47, item 5: at a million rows the VENUE
board's query took 1.5 s as a sequential scan and sort): at 100,000 rows each board query of
the link — ALL TIME, TODAY and THIS WEEK of each variant, the unranked game's newest games and
the day's standings — plans on an index, as the custom plan of its parameters and as the
generic plan a prepared statement gets, and reads back what the board shows."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

import pytest
from psycopg.types.json import Jsonb

from game.arcade.fleet.board import PERIODS, VenueQuery, period_bounds
from game.arcade.fleet.remote import BoardReader, board_sql
from tests.support.fleet import GAME_DATA, RANKED, WITH_DOCUMENTS
from tests.support.venue import Venue, fill

pytestmark = [pytest.mark.fleet, pytest.mark.slow]

GAMES = {game.id: game for game in GAME_DATA}
NOW = datetime.now().astimezone() - timedelta(hours=12)
"""The boards' moment: half a day back, so TODAY holds a day's games even just after midnight."""


def queries() -> list[VenueQuery]:
    today = (("daily", NOW.date().isoformat()),)
    out = [VenueQuery(RANKED, variant, (), True, 30, period)
           for variant in ("PEACEFUL", "NIGHTMARE", "DAILY") for period in PERIODS]
    out += [VenueQuery(RANKED, "DAILY", today, True, 500),
            VenueQuery(WITH_DOCUMENTS, "vs_hard", (), False, 200)]
    return out


def plan_nodes(plan: dict[str, Any]) -> list[str]:
    return [plan["Node Type"]] + [n for child in plan.get("Plans", []) for n in
                                  plan_nodes(child)]


def explain(conn, query: VenueQuery, generic: bool) -> dict[str, Any]:
    since, until = period_bounds(query.period, NOW)
    params = {"game": query.game, "variant": query.variant, "match": Jsonb(dict(query.match)),
              "since": since, "until": until, "limit": query.limit, "offset": 0}
    sql = board_sql(query.ranked, bool(query.match), since is not None)
    conn.execute("SET plan_cache_mode = " + ("force_generic_plan" if generic else "auto"))
    row = conn.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, params).fetchone()
    document = row[0] if not isinstance(row[0], str) else json.loads(row[0])
    return document[0]


def test_every_board_query_plans_on_an_index_at_100k_rows(postgres) -> None:
    venue = Venue(postgres, GAME_DATA)
    with venue.owner_conn() as conn:
        fill(conn, 100_000)
        assert conn.execute("SELECT count(*) FROM arcade_records").fetchone() == (100_000,)
        reader = BoardReader(GAMES)
        for query in queries():
            for generic in (False, True):
                found = explain(conn, query, generic)
                nodes = plan_nodes(found["Plan"])
                assert "Seq Scan" not in nodes, (query, generic, nodes)
                assert any("Index" in node for node in nodes), (query, generic, nodes)
                print(query.variant, query.period, "generic" if generic else "custom",
                      f"{found['Execution Time']:.2f} ms", nodes)
            table = reader.read(conn, query, NOW)
            assert table.entries and reader.skipped == 0
            if query.ranked:
                scores = [e.record.get("score") for e in table.entries]
                assert scores == sorted(scores, reverse=True)
