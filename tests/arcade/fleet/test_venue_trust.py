"""A venue an operator can trust (issue 47), against a real server set up as docs/fleet.md
says: each kiosk its own role; every attack of the issue's items 1-4 fails with a permission
or check error and leaves every board as it was; a removed score leaves both kiosks' boards;
a retired kiosk can no longer write while the others do; the registry shows a stopped kiosk
offline within two heartbeats; a restore needs no restart."""

from __future__ import annotations

import json
import time
import uuid
from datetime import date

import psycopg
import pytest

from game.arcade import fleet
from game.arcade.fleet import admin
from game.arcade.fleet.board import VenueQuery
from game.arcade.fleet.config import FleetConfig
from game.arcade.fleet.remote import BoardReader
from game.arcade.venue import VenueBoard
from tests.support.fleet import GAME_DATA, RANKED, local_ids, record_games, storage, wait_for
from tests.support.venue import Venue

pytestmark = pytest.mark.fleet

GAMES = {game.id: game for game in GAME_DATA}
INSERT = ("INSERT INTO arcade_records (game, id, kiosk, recorded_at, variant, initials, score, "
          "fields) VALUES (%s, %s, %s, {when}, %s, %s, %s, %s)")


@pytest.fixture
def venue(postgres) -> Venue:
    return Venue(postgres, GAME_DATA)


def fields(score: int, **extra: object) -> str:
    return json.dumps({"score": score, "turns": 9, "powers": 0, "ruins": 0, **extra})


def put(conn: psycopg.Connection, kiosk: str, score: int, variant: str = "NIGHTMARE",
        when: str = "now()", body: str | None = None, initials: str = "") -> str:
    record_id = uuid.uuid4().hex
    conn.execute(INSERT.format(when=when), (RANKED, record_id, kiosk, variant, initials, score,
                                            body or fields(score, **daily(variant))))
    return record_id


def daily(variant: str) -> dict[str, str]:
    return {"daily": date.today().isoformat()} if variant == "DAILY" else {}


BOARDS = [VenueQuery(RANKED, "NIGHTMARE", (), True, 30, period)
          for period in ("all", "today", "week")] + [
    VenueQuery(RANKED, "DAILY", (("daily", date.today().isoformat()),), True, 500)]


def boards(venue: Venue) -> dict[str, list[tuple[str, str, int | None]]]:
    """Every board as a kiosk reads it: (id, kiosk, score) of its rows, and its total."""
    reader = BoardReader(GAMES)
    with venue.owner_conn() as conn:
        out = {}
        for query in BOARDS:
            table = reader.read(conn, query)
            out[query.key] = [(e.record.id, e.kiosk, e.record.get("score"))
                              for e in table.entries] + [("total", "", table.total)]
        return out


@pytest.mark.slow
def test_every_attack_of_the_issue_fails_and_leaves_the_boards_intact(venue) -> None:
    a, b = venue.add_kiosk("Lobby"), venue.add_kiosk("Bar")
    with psycopg.connect(b.conninfo, autocommit=True) as conn:
        for score in range(100, 135):
            put(conn, b.name, score)
        theirs = put(conn, b.name, 90)
        for score in (200, 210):
            put(conn, b.name, score, "DAILY")
    before = boards(venue)
    assert len(before[BOARDS[0].key]) == 31  # 30 rows and the total
    with psycopg.connect(a.conninfo, autocommit=True) as conn:
        refused = {
            # 1: another kiosk's name, impossible scores, dates far from the server's clock
            "forged under another kiosk's name": lambda: put(conn, b.name, 300),
            "9999 on NIGHTMARE": lambda: put(conn, a.name, 9999),
            "a daily score of 999": lambda: put(conn, a.name, 999, "DAILY"),
            "dated 2099": lambda: put(conn, a.name, 300, when="'2099-01-01'"),
            "dated 1900": lambda: put(conn, a.name, 300, when="'1900-01-01'"),
            "a variant without bounds": lambda: put(conn, a.name, 300, "GOD"),
            "a score column other than the fields'": lambda: put(
                conn, a.name, 544, body=fields(1)),
            "a 1 MB field": lambda: put(conn, a.name, 300, body=fields(300, x="y" * 2**20)),
            # 2: initials on another kiosk's record
            "initials hijack": lambda: conn.execute(
                "INSERT INTO arcade_initials (game, id, initials) VALUES (%s, %s, 'ZZZ')",
                (RANKED, theirs)),
            "a document under another kiosk's name": lambda: conn.execute(
                "INSERT INTO arcade_documents (game, id, kiosk, document) VALUES (%s, %s, %s, "
                "'{}')", (RANKED, theirs, b.name)),
            # 4: the migrations' lock, a 20 MB document, what a kiosk never does
            "the advisory lock": lambda: conn.execute("SELECT pg_advisory_lock(%s)",
                                                      (0x4152_4341_4445_0001,)),
            "a 20 MB document": lambda: conn.execute(
                "INSERT INTO arcade_documents (game, id, kiosk, document) VALUES (%s, %s, %s, "
                "%s)", (RANKED, uuid.uuid4().hex, a.name,
                        json.dumps({"moves": "m" * 20_000_000}))),
            "a delete": lambda: conn.execute("DELETE FROM arcade_records"),
            "an update": lambda: conn.execute("UPDATE arcade_records SET score = 544"),
            "the bounds": lambda: conn.execute("UPDATE arcade_score_bounds SET high = 99999"),
            "the registry": lambda: conn.execute(
                "UPDATE arcade_kiosks SET kiosk = 'x' WHERE kiosk = %s", (b.name,)),
            "another kiosk's heartbeat": lambda: conn.execute(
                "INSERT INTO arcade_heartbeats (role, kiosk, version, waiting, lag_seconds, "
                "every_seconds, beat_at) VALUES ('someone', %s, 'x', 0, 0, 30, now())",
                (b.name,)),
        }
        for what, attack in refused.items():
            with pytest.raises((psycopg.errors.InsufficientPrivilege,
                                psycopg.errors.CheckViolation)):
                attack()
            print(what, "refused")
        # 3: rows the server cannot tell from real ones (the game's own check refuses them
        # when read) fill no board: it reads on until it is full of valid rows
        for _ in range(40):
            put(conn, a.name, 544, body=fields(544, turns="eight"))
            put(conn, a.name, 544, "DAILY", body=fields(544, turns="eight", **daily("DAILY")))
        # 4: a statement timeout and a connection limit on the role itself
        with psycopg.connect(a.conninfo) as plain:
            assert plain.execute("SHOW statement_timeout").fetchone() == ("15s",)
    extra = [psycopg.connect(a.conninfo) for _ in range(3)]
    try:
        with pytest.raises(psycopg.OperationalError, match="too many connections"):
            psycopg.connect(a.conninfo)
    finally:
        for conn in extra:
            conn.close()
    assert boards(venue) == before


@pytest.mark.slow
def test_a_removed_score_leaves_both_kiosks_boards(venue, tmp_path, monkeypatch) -> None:
    from game.arcade.fleet import link as link_module

    monkeypatch.setattr(link_module, "READ_SECONDS", 1.0)  # "at the next refresh", sooner
    configs = [venue.add_kiosk("Lobby"), venue.add_kiosk("Bar")]
    folders = [tmp_path / "a", tmp_path / "b"]
    record_games(folders[0], 2, seed=3)
    record_games(folders[1], 2, seed=4)
    links = [fleet.start(config, storage(folder), GAME_DATA)
             for config, folder in zip(configs, folders)]
    try:
        for link in links:
            wait_for(lambda link=link: link.status.state == "online" and link.status.sent == 2,
                     what=f"the first games ({link.status})")
        cheat = next(record for record in storage(folders[0]).records(RANKED))
        views = [VenueBoard(link, storage(folder), GAMES)
                 for link, folder in zip(links, folders)]

        def listed() -> list[bool]:
            return [cheat.id in {r.id for r in view.table(RANKED, cheat.variant)}
                    for view in views]

        wait_for(lambda: listed() == [True, True], what="both boards to list the score")
        with venue.owner_conn() as conn:
            assert admin.remove_score(conn, cheat.id, "a test") == 1
        wait_for(lambda: listed() == [False, False],
                 what="both boards to drop the removed score")
        with venue.owner_conn() as conn:
            kept = conn.execute("SELECT kiosk, reason FROM arcade_removed WHERE id = %s",
                                (cheat.id,)).fetchall()
        assert kept == [(configs[0].name, "a test")]  # kept for audit, not deleted
    finally:
        for link in links:
            link.close()
    with psycopg.connect(configs[0].conninfo, autocommit=True) as conn:  # sent again: no-op
        conn.execute(INSERT.format(when="now()"), (
            RANKED, cheat.id, configs[0].name, cheat.variant, "", cheat.get("score"),
            json.dumps(dict(cheat.fields))))
        assert conn.execute("SELECT count(*) FROM arcade_records WHERE id = %s",
                            (cheat.id,)).fetchone() == (0,)


@pytest.mark.slow
def test_a_retired_kiosk_can_no_longer_write_while_the_others_do(venue, tmp_path) -> None:
    configs = [venue.add_kiosk("Lobby"), venue.add_kiosk("Bar")]
    folders = [tmp_path / "a", tmp_path / "b"]
    links = [fleet.start(config, storage(folder), GAME_DATA)
             for config, folder in zip(configs, folders)]
    try:
        for link in links:
            wait_for(lambda link=link: link.status.state == "online", what="online")
        with venue.owner_conn() as conn:
            admin.retire_kiosk(conn, configs[0].name)
        for index, folder in enumerate(folders):
            record_games(folder, 2, seed=10 + index)
            links[index].records_changed()
        wait_for(lambda: links[1].status.sent == 2 and links[1].status.pending == 0,
                 what="the other kiosk's games to arrive")
        wait_for(lambda: links[0].status.state == "offline"  # not "upgrade needed"
                 and links[0].status.problem in ("not_allowed", "refused"),
                 what=f"the retired kiosk refused ({links[0].status})")
        assert links[0].status.sent == 0
    finally:
        for link in links:
            link.close()
    with venue.owner_conn() as conn:
        kiosks = [row[0] for row in conn.execute("SELECT kiosk FROM arcade_records")]
    assert kiosks == [configs[1].name] * 2
    with pytest.raises(psycopg.OperationalError, match="not permitted to log in"):
        psycopg.connect(configs[0].conninfo)
    with venue.owner_conn() as conn:
        states = {k.kiosk: k.state for k in admin.kiosks(conn)}
    assert states[configs[0].name] == "retired"


@pytest.mark.slow
def test_the_registry_shows_a_stopped_kiosk_offline_within_two_heartbeats(
        venue, tmp_path, monkeypatch, capsys) -> None:
    from game.arcade import cli
    from game.arcade.fleet import link as link_module
    from game.games.registry import GAMES as SPECS

    monkeypatch.setattr(link_module, "HEARTBEAT_SECONDS", 1.0)
    config, idle = venue.add_kiosk("Lobby"), venue.add_kiosk("Idle")
    link = fleet.start(config, storage(tmp_path / "a"), GAME_DATA)

    def state() -> dict[str, str]:
        with venue.owner_conn() as conn:
            return {k.kiosk: k.state for k in admin.kiosks(conn)}

    try:
        wait_for(lambda: state()[config.name] == "online", what="the kiosk online")
    finally:
        link.close()
    stopped = time.monotonic()
    wait_for(lambda: state()[config.name] == "offline", timeout=10, what="offline")
    assert time.monotonic() - stopped <= 2 * 1.0 + 1.0  # two heartbeats (and a poll)
    assert state()[idle.name] == "never"
    monkeypatch.setenv("MAGDAGDON_FLEET_URL", venue.owner.conninfo)
    assert cli.run(["--fleet-kiosks"], SPECS) == 0
    out = capsys.readouterr().out
    line = next(row for row in out.splitlines() if row.startswith(config.name))
    assert " offline " in line and "owner-pw" not in out


@pytest.mark.slow
def test_a_restore_needs_no_restart(venue, tmp_path, monkeypatch) -> None:
    from game.arcade.fleet import link as link_module

    monkeypatch.setattr(link_module, "RESCAN_SECONDS", 1.0)
    config = venue.add_kiosk("Lobby")
    data = tmp_path / "a"
    record_games(data, 3, seed=7)
    link = fleet.start(config, storage(data), GAME_DATA)
    try:
        wait_for(lambda: link.status.sent == 3, what="the games sent")
        with venue.owner_conn() as conn:  # a backup older than the games, restored
            conn.execute("DELETE FROM arcade_records")
            conn.execute("UPDATE arcade_venue SET id = gen_random_uuid()::text")

        def on_server() -> set[tuple[str, str]]:
            with venue.owner_conn() as conn:
                return set(conn.execute("SELECT game, id FROM arcade_records").fetchall())

        wait_for(lambda: on_server() == local_ids(data), what="every game sent again")
    finally:
        link.close()


def test_the_check_connects_as_the_kiosk_and_tries_its_grants(venue, monkeypatch,
                                                             capsys) -> None:
    from game.arcade import cli
    from game.games.registry import GAMES as SPECS

    config = venue.add_kiosk("Lobby")
    monkeypatch.setenv("MAGDAGDON_FLEET_URL", config.conninfo)
    assert cli.run(["--fleet-check"], SPECS) == 0
    out = capsys.readouterr().out
    assert f"is kiosk {config.name!r}" in out and "rolled back" in out
    assert "last upload: none yet" in out and out.rstrip().endswith("can send its games")
    password = FleetConfig(config.conninfo, "", "flag").password
    assert password and password not in out
    with venue.owner_conn() as conn:  # nothing of the check was kept
        assert conn.execute("SELECT count(*) FROM arcade_records").fetchone() == (0,)
        admin.retire_kiosk(conn, config.name)
    assert cli.run(["--fleet-check"], SPECS) == 1
    assert "cannot connect" in capsys.readouterr().out


def test_today_this_week_and_all_time_boards_hold_their_games(venue) -> None:
    kiosk = venue.add_kiosk("Lobby")
    with venue.owner_conn() as conn:  # the owner may date a game in the past (a restore)
        old = put(conn, kiosk.name, 500, when="now() - interval '8 days'")
    with psycopg.connect(kiosk.conninfo, autocommit=True) as conn:
        new = put(conn, kiosk.name, 100)
    reader = BoardReader(GAMES)
    with venue.owner_conn() as conn:
        ids = {period: [e.record.id for e in reader.read(
            conn, VenueQuery(RANKED, "NIGHTMARE", (), True, 30, period)).entries]
            for period in ("all", "week", "today")}
    assert ids == {"all": [old, new], "week": [new], "today": [new]}


def test_the_documented_removal_sql_moves_a_kiosks_scores_to_the_audit_table(venue) -> None:
    from tests.support.venue import docs_sql

    bar, lobby = venue.add_kiosk("Bar"), venue.add_kiosk("Lobby")
    with psycopg.connect(bar.conninfo, autocommit=True) as conn:
        gone = put(conn, bar.name, 300)
    with psycopg.connect(lobby.conninfo, autocommit=True) as conn:
        kept = put(conn, lobby.name, 200)
    today = date.today()
    sql = docs_sql("fleet-remove-sql").replace("'Bar 2'", f"'{bar.name}'").replace(
        "'2026-12-01'", f"'{today}'::date - 1").replace("'2026-12-02'", f"'{today}'::date + 1")
    with venue.owner_conn() as conn:
        conn.execute(sql.encode())
        assert conn.execute("SELECT id FROM arcade_records").fetchall() == [(kept,)]
        assert conn.execute("SELECT id, reason FROM arcade_removed").fetchall() == [
            (gone, "a cheat")]


def test_a_record_the_server_refuses_is_logged_and_the_link_goes_on(venue, tmp_path,
                                                                     caplog) -> None:
    """A kiosk whose clock was wrong (a game dated 2020) sends it in vain: the server refuses
    it, the link says so once and sends the next games, alone or in a batch."""
    import logging
    import random
    from datetime import UTC, datetime

    from game.ai.autoplay import finish
    from game.arcade.storage import Storage
    from game.rules.magdagdon import Difficulty, MagdagdonGame

    config = venue.add_kiosk("Lobby")
    data = tmp_path / "a"
    past = Storage(data, games=GAME_DATA, clock=lambda: datetime(2020, 1, 1, tzinfo=UTC))
    past.record_game(RANKED, finish(MagdagdonGame(Difficulty.PEACEFUL, random.Random(1))))
    wrong = past.last_recorded
    past.close()
    with caplog.at_level(logging.WARNING, logger="game.arcade.fleet"):
        link = fleet.start(config, storage(data), GAME_DATA)
        try:
            wait_for(lambda: link.status.state == "online" and link.status.pending == 0,
                     what=f"the refused record noted ({link.status})")
            assert storage(data).set_initials(RANKED, wrong, "ZED")  # initials on it too
            record_games(data, 3, seed=5)
            link.records_changed()
            wait_for(lambda: link.status.pending == 0 and link.status.sent == 5,
                     what=f"the next games sent ({link.status})")
            assert link.status.state == "online"
        finally:
            link.close()
    assert any("refused record" in r.getMessage() and wrong in r.getMessage()
               for r in caplog.records)
    with venue.owner_conn() as conn:
        ids = {row[0] for row in conn.execute("SELECT id FROM arcade_records")}
    assert wrong not in ids and len(ids) == 3


def test_the_operators_commands_and_a_password_that_never_reaches_the_servers_log(
        venue, monkeypatch, capsys) -> None:
    from game.arcade import cli
    from game.games.registry import GAMES as SPECS

    venue.cluster.execute(f'ALTER DATABASE "{venue.db}" SET log_statement = \'all\'')
    monkeypatch.setenv("MAGDAGDON_FLEET_URL", venue.owner.conninfo)
    name = f"Hall {venue.tag}"
    assert cli.run(["--fleet-add-kiosk", name], SPECS) == 0
    out = capsys.readouterr().out
    pgpass = out.splitlines()[3].strip()
    role, password = pgpass.split(":")[3:5]
    assert role == admin.role_for(name) and len(password) >= 24
    log = venue.cluster.log.read_text(errors="replace")
    assert "SCRAM-SHA-256$" in log and password not in log  # the statement, not the secret
    kiosk = FleetConfig(venue.cluster.tcp_url(venue.db, role, password), name, "flag")
    with psycopg.connect(kiosk.conninfo, autocommit=True) as conn:
        one, two = put(conn, name, 10), put(conn, name, 20)
    assert cli.run(["--fleet-remove-score", one, "--reason", "test"], SPECS) == 0
    assert cli.run(["--fleet-remove-kiosk-scores", name, "--since", "2000-01-01"], SPECS) == 0
    assert "removed 1 score(s)" in capsys.readouterr().out
    assert cli.run(["--fleet-remove-score", one], SPECS) == 1  # gone already
    assert cli.run(["--fleet-retire-kiosk", name], SPECS) == 0
    assert cli.run(["--fleet-kiosks"], SPECS) == 0
    listed = capsys.readouterr().out
    assert any(line.startswith(name) and " retired " in line for line in listed.splitlines())
    with venue.owner_conn() as conn:
        assert conn.execute("SELECT count(*) FROM arcade_records").fetchone() == (0,)
        assert {row[0] for row in conn.execute("SELECT id FROM arcade_removed")} == {one, two}


def test_the_documented_rename_moves_a_kiosks_name_and_its_games(venue, tmp_path) -> None:
    from tests.support.venue import docs_sql, statements

    config = venue.add_kiosk("Lobby")
    record_games(tmp_path / "a", 2, seed=8)
    link = fleet.start(config, storage(tmp_path / "a"), GAME_DATA)
    try:
        wait_for(lambda: link.status.sent == 2, what="the games sent")
    finally:
        link.close()
    new_name = f"East {venue.tag}"
    sql = docs_sql("fleet-rename-sql").replace("'Lobby 1'", f"'{config.name}'").replace(
        "'Lobby East'", f"'{new_name}'")
    with venue.owner_conn() as conn:
        for statement in statements(sql):
            conn.execute(statement.encode())
        assert {row[0] for row in conn.execute("SELECT kiosk FROM arcade_records")} == {
            new_name}
    again = fleet.start(config, storage(tmp_path / "a"), GAME_DATA)
    try:
        record_games(tmp_path / "a", 1, seed=9)
        again.records_changed()
        wait_for(lambda: again.status.sent == 1 and again.kiosk_name == new_name,
                 what=f"a game sent under the new name ({again.status})")
    finally:
        again.close()
    with venue.owner_conn() as conn:
        assert [row[0] for row in conn.execute("SELECT DISTINCT kiosk FROM arcade_records")] \
            == [new_name]


def test_fleet_check_says_a_kiosk_whose_clock_is_hours_ahead_cannot_send(venue,
                                                                        monkeypatch) -> None:
    """``--fleet-check`` tries what the kiosk's games carry, its own clock's date included: a
    clock hours ahead of the server's (every game of it would be refused) is NOT ok, and the
    last line says why."""
    from datetime import UTC, datetime, timedelta

    config = venue.add_kiosk("Clock")
    assert admin.run_check(config, GAME_DATA).ok
    monkeypatch.setattr(admin, "utcnow", lambda: datetime.now(UTC) + timedelta(hours=3))
    report = admin.run_check(config, GAME_DATA)
    assert not report.ok and "too far from the server's clock" in report.lines[-1], report.lines
