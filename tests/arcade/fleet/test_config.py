"""Which venue a run uses and under which kiosk name: the command line, then the environment
variable named after the app (``MAGDAGDON_FLEET_URL``), then the settings; no password on the
command line; no fleet at all by default."""

from __future__ import annotations

import pytest

from game.arcade.fleet.config import (
    FleetConfigError,
    default_kiosk_name,
    resolve,
    valid_kiosk_name,
)
from game.version import FLEET_ENV


def test_the_variable_is_named_after_the_app() -> None:
    assert FLEET_ENV == "MAGDAGDON_FLEET_URL"


def test_nothing_configured_means_no_fleet() -> None:
    assert resolve(None, None, "", "", environ={}) is None
    assert resolve(None, "Lobby 1", "", "", environ={}) is None


def test_the_command_line_wins_over_the_environment_and_the_settings() -> None:
    env = {FLEET_ENV: "postgresql://env@db/arcade"}
    config = resolve("postgresql://flag@db/arcade", None, "postgresql://settings@db/x", "",
                     environ=env)
    assert config is not None and config.source == "flag"
    assert config.conninfo == "postgresql://flag@db/arcade"
    from_env = resolve(None, None, "postgresql://settings@db/x", "", environ=env)
    assert from_env is not None and from_env.source == "environment"
    from_settings = resolve(None, None, "postgresql://settings@db/x", "", environ={})
    assert from_settings is not None and from_settings.source == "settings"


def test_a_password_on_the_command_line_is_refused_without_repeating_it() -> None:
    with pytest.raises(FleetConfigError) as refused:
        resolve("postgresql://arcade:hunter2@db/arcade", None, "", "", environ={})
    assert "hunter2" not in str(refused.value)
    assert "PGPASSWORD" in str(refused.value)


def test_the_environments_password_is_used_but_never_stored_or_shown() -> None:
    env = {FLEET_ENV: "postgresql://arcade:hunter2@db/arcade"}
    config = resolve(None, None, "", "", environ=env)
    assert config is not None
    assert config.password == "hunter2"  # libpq gets it for this run
    assert "hunter2" not in config.stored and "hunter2" not in config.summary
    assert "hunter2" not in repr(config.stored)


def test_a_password_in_the_settings_is_not_used() -> None:
    config = resolve(None, None, "postgresql://arcade:hunter2@db/arcade", "", environ={})
    assert config is not None and config.password is None


def test_a_settings_value_that_does_not_parse_is_ignored() -> None:
    assert resolve(None, None, "host='db", "", environ={}) is None


@pytest.mark.parametrize("bad", ["postgresql://db/x#f", "host='db", ""])
def test_a_bad_flag_or_variable_is_refused(bad: str) -> None:
    if bad:
        with pytest.raises(FleetConfigError):
            resolve(bad, None, "", "", environ={})
        with pytest.raises(FleetConfigError):
            resolve(None, None, "", "", environ={FLEET_ENV: bad})


def test_the_kiosk_name_comes_from_the_flag_then_the_settings_then_the_host() -> None:
    url = "postgresql://db/arcade"
    assert resolve(url, "Bar 3", "", "Lobby", environ={}).name == "Bar 3"  # type: ignore[union-attr]
    assert resolve(url, None, "", "Lobby", environ={}).name == "Lobby"  # type: ignore[union-attr]
    assert resolve(url, None, "", "", environ={}).name == default_kiosk_name()  # type: ignore[union-attr]
    assert valid_kiosk_name(default_kiosk_name())
    with pytest.raises(FleetConfigError):
        resolve(url, "no/slashes", "", "", environ={})


@pytest.mark.parametrize("name, ok", [("Lobby 2", True), ("K", True), ("a" * 24, True),
                                      ("a" * 25, False), (" lead", False), ("trail ", False),
                                      ("bar-3.x_y", True), ("ร้าน", False), ("", False),
                                      ("-dash", False)])
def test_kiosk_names_are_what_every_languages_face_draws(name: str, ok: bool) -> None:
    assert valid_kiosk_name(name) is ok
