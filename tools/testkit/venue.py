"""A venue's tables filled as after a long season, for the venue tests and
``benchmarks.fleet_boards`` alike."""

from __future__ import annotations

import psycopg

from tools.testkit.records import RANKED, WITH_DOCUMENTS

FILL = """
INSERT INTO arcade_records (game, id, kiosk, recorded_at, variant, initials, score, fields)
SELECT g.game, md5(%(seed)s || ':' || i), 'Kiosk ' || (i %% %(kiosks)s), g.at, g.variant,
       (ARRAY['', 'ANN', 'BO', 'CAT'])[1 + i %% 4], g.score,
       CASE WHEN g.game = %(ranked)s
            THEN jsonb_build_object('score', g.score, 'turns', 16, 'powers', 0, 'ruins', 0)
                 || CASE WHEN g.variant = 'DAILY' THEN jsonb_build_object(
                        'daily', to_char(g.at AT TIME ZONE 'UTC', 'YYYY-MM-DD')) ELSE '{}' END
            ELSE jsonb_build_object('result', 'BLUE', 'reason', 'all_removed', 'turns', 40,
                                    'players', jsonb_build_object('BLUE', 'human',
                                                                  'RED', 'computer:easy'))
       END
  FROM generate_series(1, %(rows)s) AS i,
       LATERAL (SELECT CASE WHEN i %% 10 = 0 THEN %(unranked)s ELSE %(ranked)s END AS game,
                       now() - ((hashint4(i) & 2147483647) %% %(days)s) * interval '1 day'
                             - ((hashint4(-i) & 2147483647) %% 86400) * interval '1 second'
                         AS at,
                       CASE WHEN i %% 10 = 0
                            THEN (ARRAY['vs_easy', 'vs_medium', 'vs_hard'])[1 + i %% 3]
                            ELSE (ARRAY['PEACEFUL', 'SURVIVAL', 'NIGHTMARE', 'DAILY'])[1 + i %% 4]
                       END AS variant,
                       CASE WHEN i %% 10 = 0 THEN NULL
                            ELSE (i::bigint * 7919) %% 600 - 56 END AS score
       ) AS g
 ORDER BY g.at
"""
"""``rows`` finished games of ``kiosks`` kiosks over the last ``days`` days (one in ten of the
unranked game), as the venue's tables hold them after a long season: stored in the order they
were played, as kiosks send them."""


def fill(conn: psycopg.Connection, rows: int, kiosks: int = 50, days: int = 365,
         seed: str = "s") -> None:
    """Put ``rows`` games straight into the venue's records (as its owner: no trigger), the
    fields' index filled in bulk, then ANALYZE them, as autovacuum would."""
    conn.execute("ALTER TABLE arcade_records DISABLE TRIGGER arcade_records_guard")
    conn.execute("ALTER INDEX arcade_records_fields SET (fastupdate = on)")  # in bulk, then
    try:
        conn.execute(FILL, {"rows": rows, "kiosks": kiosks, "days": days, "seed": seed,
                            "ranked": RANKED, "unranked": WITH_DOCUMENTS})
    finally:
        conn.execute("ALTER TABLE arcade_records ENABLE TRIGGER arcade_records_guard")
        conn.execute("SELECT gin_clean_pending_list('arcade_records_fields'::regclass)")
        conn.execute("ALTER INDEX arcade_records_fields SET (fastupdate = off)")
    conn.execute("ANALYZE arcade_records")
