"""The kiosk PIN: 4-8 ASCII digits, stored hashed (PBKDF2-HMAC-SHA256, salted), checked safely."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.arcade.storage.settings import hash_pin, is_pin_hash, valid_pin, verify_pin


@pytest.mark.parametrize("pin", ["0000", "1234", "12345678", "0042"])
def test_valid_pins(pin: str) -> None:
    assert valid_pin(pin)


@pytest.mark.parametrize("pin", ["", "123", "123456789", "12 4", "12a4", "١٢٣٤", "²³⁴⁵",
                                 "１２３４", "1234\n", None, 1234, b"1234"])
def test_invalid_pins(pin: object) -> None:
    assert not valid_pin(pin)
    with pytest.raises(ValueError):
        hash_pin(pin)  # type: ignore[arg-type]


def test_hash_format_salt_and_verification() -> None:
    first, second = hash_pin("1234"), hash_pin("1234")
    assert first != second  # a random salt each time
    assert is_pin_hash(first) and first.startswith("pbkdf2_sha256$200000$")
    assert verify_pin("1234", first) and verify_pin("1234", second)
    assert not verify_pin("1235", first) and not verify_pin("١٢٣٤", first)
    salt = bytes(range(16))
    assert hash_pin("1234", iterations=1, salt=salt) == hash_pin("1234", iterations=1, salt=salt)


@pytest.mark.parametrize("stored", [
    "", "1234", "pbkdf2_sha256$0$" + "0" * 32 + "$" + "0" * 64,
    "pbkdf2_sha256$99999999$" + "0" * 32 + "$" + "0" * 64,  # would hang the PIN pad
    "pbkdf2_sha256$1000$" + "0" * 31 + "$" + "0" * 64, "md5$1$00$00", None, 5])
def test_malformed_stored_hashes_never_match(stored: object) -> None:
    assert not is_pin_hash(stored) and not verify_pin("1234", stored)


@settings(max_examples=25, deadline=None)
@given(st.text(alphabet="0123456789", min_size=4, max_size=8),
       st.text(alphabet="0123456789", min_size=4, max_size=8))
def test_any_pin_verifies_itself_and_no_other(pin: str, other: str) -> None:
    stored = hash_pin(pin, iterations=10)
    assert verify_pin(pin, stored) and verify_pin(other, stored) == (other == pin)
