"""Connection strings as the fleet reads them: both libpq forms, and the password kept out of
everything stored, logged or shown (issue 39: "the password never appears in logs, screens or
ps")."""

from __future__ import annotations

import pytest

from game.arcade.fleet import config as conninfo


@pytest.mark.parametrize("text, stored, had_one", [
    ("postgresql://arcade:s3cret@venue-db:5432/arcade?sslmode=require",
     "postgresql://arcade@venue-db:5432/arcade?sslmode=require", True),
    ("postgres://arcade:p%40ss@db/arcade", "postgres://arcade@db/arcade", True),
    ("postgresql://arcade@db/arcade?password=s3cret&connect_timeout=3",
     "postgresql://arcade@db/arcade?connect_timeout=3", True),
    ("postgresql:///arcade?host=/run/postgresql", "postgresql:///arcade?host=%2Frun%2Fpostgresql",
     False),
    ("host=db dbname=arcade user=arcade password=s3cret", "host=db dbname=arcade user=arcade",
     True),
    ("host=db password = 'it''s' dbname=arcade", None, True),
    ("host=db password='a b\\'c' dbname=arcade", "host=db dbname=arcade", True),
])
def test_the_stored_form_has_no_password(text: str, stored: str | None, had_one: bool) -> None:
    if stored is None:  # '' inside quotes is not libpq's escape: that string does not parse
        with pytest.raises(conninfo.ConnInfoError):
            conninfo.without_password(text)
        return
    assert conninfo.without_password(text) == stored
    assert not conninfo.has_password(stored)
    assert conninfo.has_password(text) is had_one


@pytest.mark.parametrize("text, password", [
    ("postgresql://arcade:p%40ss@db/arcade", "p@ss"),
    ("postgresql://arcade@db/arcade", None),
    ("postgresql://arcade@db/arcade?password=x%20y", "x y"),
    ("host=db password='a b\\'c'", "a b'c"),
    ("host=db user=arcade", None),
])
def test_the_password_is_found_to_be_scrubbed(text: str, password: str | None) -> None:
    assert conninfo.password_of(text) == password
    if password:
        assert password not in conninfo.scrub(f"login for {password} failed", password)


@pytest.mark.parametrize("text, summary", [
    ("postgresql://arcade:s3cret@venue-db:5432/arcade", "arcade@venue-db:5432/arcade"),
    ("host=venue-db port=5433 dbname=arcade user=kiosk password=s3cret",
     "kiosk@venue-db:5433/arcade"),
    ("dbname=arcade", "localhost/arcade"),
])
def test_the_summary_shown_names_user_host_and_database_only(text: str, summary: str) -> None:
    assert conninfo.describe(text) == summary
    assert "s3cret" not in conninfo.describe(text)


@pytest.mark.parametrize("text", ["", "   ", "host", "host=db 'x'", "host='db", "x" * 1025,
                                  "host=db\ndbname=x", "postgresql://db/x#frag", "=db"])
def test_what_is_not_a_connection_string_is_refused(text: str) -> None:
    with pytest.raises(conninfo.ConnInfoError):
        conninfo.check(text)


@pytest.mark.parametrize("text", ["bogus=1", "host=db sslmod=require",
                                  "postgresql://db/arcade?sslmod=require",
                                  "postgresql://db/arcade?connect_timeout"])
def test_what_libpq_itself_refuses_is_refused(text: str) -> None:
    """An unknown keyword (a typo the operator would otherwise find only when the link fails)
    is refused where it is typed: libpq reads the string, not a parser beside it."""
    with pytest.raises(conninfo.ConnInfoError):
        conninfo.check(text)


@pytest.mark.parametrize("text", ["host=db Sup3r-secret", "host=db password=Sup3r-secret x"])
def test_a_refusal_never_repeats_the_text(text: str) -> None:
    with pytest.raises(conninfo.ConnInfoError) as refused:
        conninfo.check(text)
    assert "Sup3r-secret" not in str(refused.value)


@pytest.mark.parametrize("text, summary", [
    ("host=::1 port=5433 dbname=arcade", "[::1]:5433/arcade"),
    ("postgresql://kiosk@[::1]:5433/arcade", "kiosk@[::1]:5433/arcade"),
    ("hostaddr=127.0.0.1 user=kiosk", "kiosk@127.0.0.1"),
    ("postgresql://k%40venue@db/arc%20ade", "k@venue@db/arc ade"),
])
def test_the_summary_is_what_libpq_reads(text: str, summary: str) -> None:
    assert conninfo.describe(text) == summary


def test_a_drivers_error_is_shown_by_its_first_line_with_the_password_masked() -> None:
    """What the link's log, ``--fleet-check`` and ``--fleet-migrate`` say of a driver's error
    (one helper for all three)."""
    error = RuntimeError('FATAL:  password authentication failed for "s3cret"\nDETAIL: s3cret')
    assert conninfo.reason(error, "s3cret") == 'FATAL:  password authentication failed for "***"'
    assert conninfo.reason(RuntimeError(""), None) == "RuntimeError"
    assert len(conninfo.reason(RuntimeError("x" * 1000), None)) == 300
