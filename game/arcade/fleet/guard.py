"""What the venue's server itself holds every kiosk to (schema migration 3), and the grants of
one kiosk's own role.

Each kiosk logs in as a role of its own, registered in ``arcade_kiosks`` with its kiosk name
(``--fleet-add-kiosk``). The server then refuses, whatever a kiosk's program does:

* a row of records, documents or initials under another kiosk's name, or initials on another
  kiosk's record (row-level security: ``permission denied`` / ``violates row-level security``);
* a record dated more than an hour ahead of the server's clock or :data:`OLDEST_DAYS` behind
  it, a score outside its game's and variant's range (``arcade_score_bounds``, filled from the
  games' rules by the owner's migration) or other than the fields' ``score``, a bad id,
  initials or variant, fields over 8 KB, a document over :data:`DOCUMENT_MAX` bytes (a
  trigger: ``check_violation``);
* anything the owner removed (``arcade_removed``): sent again, it is quietly not stored.

The table's owner (and a superuser) is held to none of it: restoring a backup, the tests'
hostile rows and the moderation commands are the owner's. Functions pin their search path,
so a kiosk cannot shadow a table with one of its own.
"""

from __future__ import annotations

from typing import LiteralString

from game.arcade.storage import DOCUMENT_MAX_BYTES

OLDEST_DAYS = 400
"""A kiosk's record older than this is refused (a kiosk offline longer sends it in vain; the
link logs it and goes on)."""
DOCUMENT_MAX = DOCUMENT_MAX_BYTES
"""Bytes of a game document as JSON text: what a data folder keeps (a long game is a few dozen
KB), so a kiosk's own document is never refused."""

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
