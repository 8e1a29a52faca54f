"""The kiosk PIN's own file (issue 38, cases 5 and 7): a last-good copy when it is damaged, a
marker so a kiosk that had a PIN is never new again, the PIN of an older settings file moved
in, lockouts that double up to an hour and survive a restart, and the operator's reset."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.arcade.storage import SETTINGS_FILE, Notice, Settings, hash_pin
from game.arcade.storage.settings import (
    LAST_GOOD,
    LOST,
    MARKER_FILE,
    NONE,
    PIN_FILE,
    SET,
    PinStore,
    lock_seconds,
)
from tests.arcade.storage.support import make, read_json
from tests.support import WallClock

PIN = "4711"


def stored(folder: Path, clock: WallClock | None = None) -> PinStore:
    """The PIN store of a fresh storage on ``folder`` (as a restarted kiosk finds it)."""
    return make(folder, clock=clock or WallClock()).kiosk_pin


def with_a_pin(folder: Path) -> None:
    assert stored(folder).set_pin(PIN)


def test_a_pin_is_stored_hashed_twice_and_marked(tmp_path: Path) -> None:
    assert stored(tmp_path).status == NONE
    with_a_pin(tmp_path)
    main, copy = read_json(tmp_path / PIN_FILE), read_json(tmp_path / LAST_GOOD)
    assert main == copy and main["hash"].startswith("pbkdf2_sha256$") and PIN not in main["hash"]
    assert (tmp_path / MARKER_FILE).is_file()
    again = stored(tmp_path)
    assert again.status == SET and again.attempt(PIN) and not again.attempt("4712")


@pytest.mark.parametrize("pin", ["123", "123456789", "12a4", "١٢٣٤", "²³⁴⁵", " 1234", ""])
def test_only_four_to_eight_ascii_digits_are_a_pin(tmp_path: Path, pin: str) -> None:
    with pytest.raises(ValueError):
        stored(tmp_path).set_pin(pin)
    assert stored(tmp_path).status == NONE and not (tmp_path / PIN_FILE).exists()


@pytest.mark.parametrize("damage", [b"", b'{"version": 1, "hash": "', b"\xff\xfe",
                                    b'{"version": 1, "hash": "1234", "failures": 0, '
                                    b'"lockouts": 0, "locked_until": 0}'])
def test_a_damaged_pin_file_is_set_aside_and_the_last_good_copy_used(
        tmp_path: Path, damage: bytes) -> None:
    with_a_pin(tmp_path)
    (tmp_path / PIN_FILE).write_bytes(damage)
    storage = make(tmp_path)
    assert storage.kiosk_pin.status == SET and storage.kiosk_pin.attempt(PIN)
    assert Notice("notice.corrupt", {"file": PIN_FILE}) in storage.notices
    assert list(tmp_path.glob(f"{PIN_FILE}.corrupt-*"))
    assert read_json(tmp_path / PIN_FILE) == read_json(tmp_path / LAST_GOOD)  # written back


def test_a_missing_pin_file_comes_back_from_its_copy(tmp_path: Path) -> None:
    with_a_pin(tmp_path)
    (tmp_path / PIN_FILE).unlink()
    assert stored(tmp_path).attempt(PIN) and (tmp_path / PIN_FILE).is_file()


@pytest.mark.parametrize("how", ["damaged", "deleted"])
def test_a_kiosk_whose_both_copies_are_gone_is_lost_not_new(tmp_path: Path, how: str) -> None:
    """Case 5: never "Choose the operator PIN" again without the operator; no PIN works."""
    with_a_pin(tmp_path)
    for name in (PIN_FILE, LAST_GOOD):
        if how == "damaged":
            (tmp_path / name).write_bytes(b"{")
        else:
            (tmp_path / name).unlink()
    pins = stored(tmp_path)
    assert pins.status == LOST
    assert not pins.attempt(PIN) and not pins.attempt("0000")
    assert stored(tmp_path).status == LOST  # and stays so across restarts


def test_reset_forgets_the_pin_its_copies_its_marker_and_the_lockout(tmp_path: Path) -> None:
    with_a_pin(tmp_path)
    pins = stored(tmp_path)
    for wrong in ("0000", "0001", "0002"):
        pins.attempt(wrong)
    assert pins.locked_for() > 0
    (tmp_path / PIN_FILE).write_bytes(b"{")
    storage = make(tmp_path)
    assert storage.reset_kiosk_pin()
    assert storage.kiosk_pin.status == NONE and storage.kiosk_pin.locked_for() == 0
    assert not any((tmp_path / name).exists() for name in (PIN_FILE, LAST_GOOD, MARKER_FILE))
    assert stored(tmp_path).status == NONE


def test_an_older_settings_files_pin_moves_to_its_own_file(tmp_path: Path) -> None:
    older = hash_pin(PIN, iterations=10)
    storage = make(tmp_path)
    storage.save_settings(Settings.for_games(storage.games.values(), language="bg",
                                             kiosk_pin_hash=older))
    storage.settle()
    assert read_json(tmp_path / SETTINGS_FILE)["settings"]["kiosk_pin_hash"]
    again = make(tmp_path)
    settings = again.load_settings()
    assert settings.language == "bg" and settings.kiosk_pin_hash == ""
    again.settle()
    assert read_json(tmp_path / SETTINGS_FILE)["settings"]["kiosk_pin_hash"] == ""
    assert read_json(tmp_path / PIN_FILE)["hash"] == older
    assert stored(tmp_path).attempt(PIN)
    (tmp_path / SETTINGS_FILE).write_bytes(b"{")  # a damaged settings file loses nothing now
    assert stored(tmp_path).attempt(PIN)


def test_a_reset_also_forgets_an_older_settings_files_pin(tmp_path: Path) -> None:
    storage = make(tmp_path)
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(
        {"version": 2, "settings": {"kiosk_pin_hash": hash_pin(PIN, iterations=10)},
         "games": {}}), "utf-8")
    assert storage.reset_kiosk_pin()
    assert stored(tmp_path).status == NONE
    assert make(tmp_path).load_settings().kiosk_pin_hash == ""


# --- case 7: lockouts -------------------------------------------------------------------------
def test_lock_lengths_double_from_thirty_seconds_up_to_an_hour() -> None:
    assert [lock_seconds(n) for n in range(10)] == [
        0, 30, 60, 120, 240, 480, 960, 1920, 3600, 3600]
    assert lock_seconds(64) == 3600


@pytest.mark.slow
def test_three_wrong_pins_lock_and_each_lock_is_twice_the_last(tmp_path: Path) -> None:
    clock = WallClock()
    with_a_pin(tmp_path)
    pins = stored(tmp_path, clock)
    for length in (30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600):
        for wrong in ("0000", "0001"):
            assert not pins.attempt(wrong)
            assert pins.locked_for() == 0
        assert not pins.attempt("0002")
        assert pins.locked_for() == pytest.approx(length)
        assert not pins.attempt(PIN)  # refused while locked, however right
        clock.advance(length)
        assert pins.locked_for() == 0
    assert pins.attempt(PIN)
    assert read_json(tmp_path / PIN_FILE)["lockouts"] == 0  # the right PIN starts again
    for wrong in ("0000", "0001", "0002"):
        pins.attempt(wrong)
    assert pins.locked_for() == pytest.approx(30)


def test_a_lockout_survives_a_restart(tmp_path: Path) -> None:
    clock = WallClock()
    with_a_pin(tmp_path)
    pins = stored(tmp_path, clock)
    for wrong in ("0000", "0001", "0002"):
        pins.attempt(wrong)
    clock.advance(12)
    again = stored(tmp_path, clock)
    assert again.locked_for() == pytest.approx(18)
    assert not again.attempt(PIN)
    clock.advance(18)
    assert not again.attempt("0003")  # counted: two more make the second lock
    restarted = stored(tmp_path, clock)
    restarted.attempt("0004")
    restarted.attempt("0005")
    assert stored(tmp_path, clock).locked_for() == pytest.approx(60)


def test_a_clock_set_back_never_makes_a_lock_longer_than_its_length(tmp_path: Path) -> None:
    clock = WallClock()
    with_a_pin(tmp_path)
    pins = stored(tmp_path, clock)
    for wrong in ("0000", "0001", "0002"):
        pins.attempt(wrong)
    clock.advance(-86_400)  # the kiosk's clock went back a day (no network time yet)
    assert stored(tmp_path, clock).locked_for() == pytest.approx(30)
    clock.advance(30)
    assert stored(tmp_path, clock).attempt(PIN)


def test_the_lockout_counts_for_a_pin_given_for_the_run_too(tmp_path: Path) -> None:
    clock = WallClock()
    pins = stored(tmp_path, clock)
    for wrong in ("0000", "0001", "0002"):
        assert not pins.attempt(wrong, run_pin="2468")
    assert not pins.attempt("2468", run_pin="2468") and pins.locked_for() == pytest.approx(30)
    clock.advance(30)
    assert stored(tmp_path, clock).attempt("2468", run_pin="2468")
    assert stored(tmp_path).status == NONE  # a run's PIN is never stored


def test_without_a_data_folder_the_pin_and_its_lockout_live_in_memory() -> None:
    clock = WallClock()
    pins = PinStore(None, clock)
    assert pins.status == NONE
    pins.set_pin(PIN)
    for wrong in ("0000", "0001", "0002"):
        pins.attempt(wrong)
    assert pins.status == SET and pins.locked_for() == pytest.approx(30)
