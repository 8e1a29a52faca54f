"""The venue database's tables, created and upgraded by the arcade itself, and what the server
holds every kiosk to.

Numbered :data:`MIGRATIONS` are applied in order, each recorded in ``arcade_migrations`` in the
transaction of its statements (a schema is always at one whole version), under an advisory lock
taken inside it: two kiosks starting at once on an empty database do not race. A role that may
not create tables (a kiosk's own) only reads the version: the owner makes the schema.

Tables: ``arcade_records`` (every kiosk's finished games by (game, id): the record's fields as
JSON, the score as a column), ``arcade_initials`` (initials put on a record after it was sent:
insert-only), ``arcade_documents`` (a game's replayable document), ``arcade_venue`` (a random id:
a kiosk keeps its acknowledgements per venue id, so a new or restored database gets everything
again). Migration 3 gives each kiosk a role of its own (``arcade_kiosks``) and makes the server
refuse, whatever a kiosk's program does: rows under another kiosk's name (row-level security),
dates more than an hour ahead or :data:`OLDEST_DAYS` behind, scores outside the game's range
(``arcade_score_bounds``, from the games' rules) or other than the fields' score, bad ids,
initials or variants, oversized fields or documents (``check_violation`` from a trigger); what
the owner removed (``arcade_removed``) is quietly not stored again. The owner (and a superuser)
is held to none of it. Functions pin their search path: a kiosk cannot shadow a table.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, LiteralString

if TYPE_CHECKING:
    import psycopg

    from game.arcade.storage import GameData
from game.arcade.storage import DOCUMENT_MAX_BYTES

OLDEST_DAYS = 400
DOCUMENT_MAX = DOCUMENT_MAX_BYTES
"""Bytes of a game document as JSON text: what a data folder keeps (a kiosk's own document is
never refused)."""

MIGRATION: tuple[LiteralString, ...] = (
    """CREATE TABLE arcade_kiosks (
        role name PRIMARY KEY,
        kiosk text NOT NULL UNIQUE
            CHECK (kiosk ~ '^[A-Za-z0-9][A-Za-z0-9 ._-]{0,23}$' AND kiosk = btrim(kiosk)),
        added_at timestamptz NOT NULL DEFAULT now(),
        retired_at timestamptz)""",
    """CREATE FUNCTION arcade_kiosk_name() RETURNS text LANGUAGE sql STABLE
        SET search_path = public, pg_temp
        AS $$ SELECT kiosk FROM arcade_kiosks
               WHERE role = current_user AND retired_at IS NULL $$""",
    """CREATE TABLE arcade_score_bounds (
        game text NOT NULL,
        variant text NOT NULL,
        low integer NOT NULL,
        high integer NOT NULL,
        PRIMARY KEY (game, variant))""",
    """CREATE TABLE arcade_removed (
        game text NOT NULL,
        id text NOT NULL,
        kiosk text NOT NULL,
        recorded_at timestamptz NOT NULL,
        variant text NOT NULL,
        initials text NOT NULL,
        score integer,
        fields jsonb NOT NULL,
        uploaded_at timestamptz NOT NULL,
        removed_at timestamptz NOT NULL DEFAULT now(),
        removed_by name NOT NULL DEFAULT current_user,
        reason text NOT NULL DEFAULT '',
        PRIMARY KEY (game, id))""",
    """CREATE TABLE arcade_heartbeats (
        role name PRIMARY KEY,
        kiosk text NOT NULL CHECK (char_length(kiosk) <= 24),
        version text NOT NULL CHECK (char_length(version) <= 32),
        waiting integer NOT NULL,
        lag_seconds integer NOT NULL,
        last_upload timestamptz,
        every_seconds integer NOT NULL CHECK (every_seconds BETWEEN 1 AND 3600),
        beat_at timestamptz NOT NULL)""",
    f"""CREATE FUNCTION arcade_records_guard() RETURNS trigger LANGUAGE plpgsql
        SET search_path = public, pg_temp AS $$
    DECLARE
        bound_low integer;
        bound_high integer;
    BEGIN
        IF EXISTS (SELECT 1 FROM arcade_removed r WHERE r.game = NEW.game AND r.id = NEW.id)
        THEN
            RETURN NULL;  -- removed by the owner: a kiosk sending it again stores nothing
        END IF;
        IF pg_has_role(current_user, (SELECT c.relowner FROM pg_class c
                                       WHERE c.oid = TG_RELID), 'MEMBER') THEN
            RETURN NEW;
        END IF;
        IF NEW.id !~ '^[0-9A-Za-z_-]{{1,64}}$' THEN
            RAISE EXCEPTION 'arcade: a record id of 1 to 64 letters, digits, _ or -'
                USING ERRCODE = 'check_violation';
        END IF;
        IF NEW.initials !~ '^[A-Z]{{0,3}}$' OR char_length(NEW.variant) NOT BETWEEN 1 AND 64
        THEN
            RAISE EXCEPTION 'arcade: bad initials or variant' USING ERRCODE = 'check_violation';
        END IF;
        IF jsonb_typeof(NEW.fields) <> 'object' OR octet_length(NEW.fields::text) > 8192 THEN
            RAISE EXCEPTION 'arcade: a record''s fields are an object of at most 8192 bytes'
                USING ERRCODE = 'check_violation';
        END IF;
        IF NEW.recorded_at > now() + interval '1 hour'
           OR NEW.recorded_at < now() - interval '{OLDEST_DAYS} days' THEN
            RAISE EXCEPTION 'arcade: a record dated % is too far from the server''s clock',
                NEW.recorded_at USING ERRCODE = 'check_violation';
        END IF;
        IF NEW.fields ? 'score' AND NEW.fields->'score' IS DISTINCT FROM to_jsonb(NEW.score)
        THEN
            RAISE EXCEPTION 'arcade: the score column is not the fields'' score'
                USING ERRCODE = 'check_violation';
        END IF;
        IF NEW.score IS NOT NULL THEN
            SELECT b.low, b.high INTO bound_low, bound_high FROM arcade_score_bounds b
             WHERE b.game = NEW.game AND b.variant = NEW.variant;
            IF NOT FOUND OR NEW.score NOT BETWEEN bound_low AND bound_high THEN
                RAISE EXCEPTION 'arcade: a score of % is not possible in %/%',
                    NEW.score, NEW.game, NEW.variant USING ERRCODE = 'check_violation';
            END IF;
        END IF;
        NEW.uploaded_at := now();
        RETURN NEW;
    END $$""",
    "CREATE TRIGGER arcade_records_guard BEFORE INSERT ON arcade_records "
    "FOR EACH ROW EXECUTE FUNCTION arcade_records_guard()",
    f"""CREATE FUNCTION arcade_documents_guard() RETURNS trigger LANGUAGE plpgsql
        SET search_path = public, pg_temp AS $$
    BEGIN
        IF pg_has_role(current_user, (SELECT c.relowner FROM pg_class c
                                       WHERE c.oid = TG_RELID), 'MEMBER') THEN
            RETURN NEW;
        END IF;
        IF TG_TABLE_NAME = 'arcade_documents' THEN  -- (NEW has only its own table's columns)
            IF octet_length(NEW.document::text) > {DOCUMENT_MAX} THEN
                RAISE EXCEPTION 'arcade: a game document of at most {DOCUMENT_MAX} bytes'
                    USING ERRCODE = 'check_violation';
            END IF;
        ELSIF NEW.initials !~ '^[A-Z]{{1,3}}$' THEN
            RAISE EXCEPTION 'arcade: initials are 1 to 3 letters A-Z'
                USING ERRCODE = 'check_violation';
        END IF;
        NEW.uploaded_at := now();
        RETURN NEW;
    END $$""",
    "CREATE TRIGGER arcade_documents_guard BEFORE INSERT ON arcade_documents "
    "FOR EACH ROW EXECUTE FUNCTION arcade_documents_guard()",
    "CREATE TRIGGER arcade_initials_guard BEFORE INSERT ON arcade_initials "
    "FOR EACH ROW EXECUTE FUNCTION arcade_documents_guard()",
    "ALTER TABLE arcade_records ENABLE ROW LEVEL SECURITY",
    "CREATE POLICY arcade_records_read ON arcade_records FOR SELECT USING (true)",
    "CREATE POLICY arcade_records_own ON arcade_records FOR INSERT "
    "WITH CHECK (kiosk = arcade_kiosk_name())",
    "ALTER TABLE arcade_documents ENABLE ROW LEVEL SECURITY",
    "CREATE POLICY arcade_documents_read ON arcade_documents FOR SELECT USING (true)",
    "CREATE POLICY arcade_documents_own ON arcade_documents FOR INSERT "
    "WITH CHECK (kiosk = arcade_kiosk_name())",
    "ALTER TABLE arcade_initials ENABLE ROW LEVEL SECURITY",
    "CREATE POLICY arcade_initials_read ON arcade_initials FOR SELECT USING (true)",
    """CREATE POLICY arcade_initials_own ON arcade_initials FOR INSERT
        WITH CHECK (EXISTS (SELECT 1 FROM arcade_records r
                             WHERE r.game = arcade_initials.game AND r.id = arcade_initials.id
                               AND r.kiosk = arcade_kiosk_name()))""",
    "ALTER TABLE arcade_heartbeats ENABLE ROW LEVEL SECURITY",
    # every kiosk's operator menu lists the venue's kiosks; each writes its own line only
    "CREATE POLICY arcade_heartbeats_read ON arcade_heartbeats FOR SELECT USING (true)",
    "CREATE POLICY arcade_heartbeats_own ON arcade_heartbeats FOR INSERT "
    "WITH CHECK (role = current_user AND kiosk = arcade_kiosk_name() "
    "AND beat_at BETWEEN now() - interval '1 minute' AND now() + interval '1 minute')",
    "CREATE POLICY arcade_heartbeats_beat ON arcade_heartbeats FOR UPDATE "
    "USING (role = current_user) "
    "WITH CHECK (role = current_user AND kiosk = arcade_kiosk_name() "
    "AND beat_at BETWEEN now() - interval '1 minute' AND now() + interval '1 minute')",
    # boards: newest first on an index of its own (the ranked one serves ranked boards)
    "DROP INDEX IF EXISTS arcade_records_recent",
    "CREATE INDEX arcade_records_newest ON arcade_records "
    "(game, variant, recorded_at DESC, id DESC)",
    # a day's standings read the fields' index: without a pending list of new entries, which
    # every read would scan whole (a few games a second are cheap to index at once)
    "ALTER INDEX arcade_records_fields SET (fastupdate = off)",
)
"""Migration 3's statements (see the module docstring)."""

KIOSK_GRANTS: tuple[LiteralString, ...] = (
    "GRANT USAGE ON SCHEMA public TO {role}",
    "GRANT SELECT ON arcade_records, arcade_initials, arcade_documents, arcade_venue, "
    "arcade_migrations, arcade_kiosks, arcade_score_bounds TO {role}",
    "GRANT SELECT (game, id) ON arcade_removed TO {role}",
    "GRANT INSERT ON arcade_records, arcade_initials, arcade_documents TO {role}",
    "GRANT SELECT, INSERT, UPDATE ON arcade_heartbeats TO {role}",
)
"""What one kiosk's role may do in the venue's tables (``{role}``: its quoted name); the
database's CONNECT is granted beside it."""

KIOSK_SETTINGS: tuple[LiteralString, ...] = (
    "ALTER ROLE {role} CONNECTION LIMIT 3",
    "ALTER ROLE {role} SET statement_timeout = '15s'",
    "ALTER ROLE {role} SET lock_timeout = '10s'",
    "ALTER ROLE {role} SET idle_in_transaction_session_timeout = '60s'",
)
"""A kiosk's role's limits: a few connections (the link holds one; ``--fleet-check`` another),
no statement or lock wait longer than the link's own, no transaction left open."""


log = logging.getLogger(__name__)

LOCK_KEY = 0x4152_4341_4445_0001
"""The advisory lock that serialises migrations (any bigint the venue's other users leave
alone)."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    statements: tuple[LiteralString, ...]


MIGRATIONS = (
    Migration(1, "records, initials, documents and the venue's id", (
        """CREATE TABLE arcade_records (
            game text NOT NULL,
            id text NOT NULL,
            kiosk text NOT NULL,
            recorded_at timestamptz NOT NULL,
            variant text NOT NULL,
            initials text NOT NULL DEFAULT '',
            score integer,
            fields jsonb NOT NULL,
            uploaded_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (game, id))""",
        "CREATE INDEX arcade_records_ranked ON arcade_records "
        "(game, variant, score DESC, recorded_at, id)",
        "CREATE INDEX arcade_records_recent ON arcade_records (game, variant, recorded_at DESC)",
        """CREATE TABLE arcade_initials (
            game text NOT NULL,
            id text NOT NULL,
            initials text NOT NULL,
            uploaded_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (game, id))""",
        """CREATE TABLE arcade_documents (
            game text NOT NULL,
            id text NOT NULL,
            kiosk text NOT NULL,
            document jsonb NOT NULL,
            uploaded_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (game, id))""",
        "CREATE TABLE arcade_venue (id text PRIMARY KEY)",
        "INSERT INTO arcade_venue (id) VALUES (gen_random_uuid()::text)",
    )),
    Migration(2, "an index for boards filtered by a record field (a day's standings)", (
        "CREATE INDEX arcade_records_fields ON arcade_records USING gin (fields jsonb_path_ops)",
    )),
    Migration(3, "one role per kiosk: its own rows only, checked scores and dates, removed "
                 "scores kept apart, heartbeats", MIGRATION),
)
LATEST = MIGRATIONS[-1].version


class SchemaError(RuntimeError):
    """The venue's schema cannot be used by this build (too old, and this role may not
    upgrade it)."""


def scalar(conn: psycopg.Connection[Any], query: LiteralString, params: Any = ()) -> Any:
    """The first value of ``query``'s first row (``None``: no row)."""
    row = conn.execute(query, params).fetchone()
    return row[0] if row else None


def version(conn: psycopg.Connection[Any]) -> int:
    """The schema version recorded in the database (0: none yet)."""
    if not scalar(conn, "SELECT to_regclass('arcade_migrations') IS NOT NULL"):
        return 0
    return int(scalar(conn, "SELECT coalesce(max(version), 0) FROM arcade_migrations") or 0)


def migrate(conn: psycopg.Connection[Any], games: Sequence[GameData] = ()) -> str:
    """Bring the schema to :data:`LATEST` and, for the owner, the score bounds up to ``games``'
    rules; the venue's id. A role that may not create tables never takes the lock: on an older
    schema it gets a :class:`SchemaError` saying the owner must upgrade it."""
    found = version(conn)
    if found < LATEST:
        if not scalar(conn, "SELECT has_schema_privilege(current_schema(), 'CREATE')"):
            raise SchemaError("the venue's tables need an upgrade by their owner "
                              f"(schema version {found}, this build needs {LATEST})")
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
            _apply(conn)
    elif found > LATEST:
        log.info("the venue's schema is at version %d, newer than this build's %d: using the "
                 "tables this build knows", found, LATEST)
    bounds = [(game.id, variant, low, high) for game in games
              for variant, (low, high) in game.score_ranges.items()]
    if bounds and version(conn) >= 3 and owns_tables(conn):  # what kiosks' scores are held to
        with conn.transaction(), conn.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO arcade_score_bounds (game, variant, low, high)"
                " VALUES (%s, %s, %s, %s) ON CONFLICT (game, variant) DO UPDATE"
                " SET low = excluded.low, high = excluded.high"
                " WHERE (arcade_score_bounds.low, arcade_score_bounds.high)"
                " IS DISTINCT FROM (excluded.low, excluded.high)", bounds)
    return venue_id(conn)


def venue_id(conn: psycopg.Connection[Any]) -> str:
    """The venue database's id (``SchemaError`` when it has none)."""
    found = scalar(conn, "SELECT id FROM arcade_venue ORDER BY id LIMIT 1")
    if not isinstance(found, str) or not found:
        raise SchemaError("the venue database has no id (arcade_venue is empty)")
    return found


def owns_tables(conn: psycopg.Connection[Any]) -> bool:
    """Whether this role owns the venue's records (the owner, or a superuser)."""
    return bool(scalar(conn, "SELECT pg_has_role(current_user, c.relowner, 'MEMBER') FROM "
                       "pg_class c WHERE c.oid = to_regclass('arcade_records')"))


def _apply(conn: psycopg.Connection[Any]) -> None:
    """The migrations not yet recorded, inside the caller's locked transaction."""
    conn.execute("""CREATE TABLE IF NOT EXISTS arcade_migrations (
                        version integer PRIMARY KEY,
                        name text NOT NULL,
                        applied_at timestamptz NOT NULL DEFAULT now())""")
    done = {int(row[0]) for row in conn.execute("SELECT version FROM arcade_migrations")}
    for migration in MIGRATIONS:
        if migration.version in done:
            continue
        for statement in migration.statements:
            conn.execute(statement)
        conn.execute("INSERT INTO arcade_migrations (version, name) VALUES (%s, %s)",
                     (migration.version, migration.name))
        log.info("venue schema: migration %d applied (%s)", migration.version, migration.name)
