"""Rows read back from the venue database, checked like a file from a stranger.

Any kiosk of the venue (or anyone with a SQL prompt) may have written a row, so a row becomes a
:class:`~game.arcade.fleet.board.VenueEntry` only when every value is what this build would
have written: a record id, a kiosk name, a date, initials, the game's own record check, and for
a ranked game a score column equal to the game's score of the fields. The database sends every
value as bounded text (see :mod:`~game.arcade.fleet.reads`), so a huge string arrives cut short
and is refused here, never held whole. A refused row raises ``ValueError`` with the reason; the
reader skips it and logs it once.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from game.arcade.storage import GameData, Record, is_iso_date
from game.arcade.storage.gamedata import INITIALS_RE, RECORD_ID_RE
from game.arcade.storage.settings import KIOSK_NAME_RE

FIELDS_MAX = 8192
"""Bytes of a record's fields as JSON text (a real record is well under 300)."""
TEXT_MAX = 64
"""Characters of a variant (the local files' limit too)."""
RESERVED = frozenset({"id", "date", "variant", "initials", "kiosk"})
_CHECK_ERRORS = (ValueError, TypeError, KeyError, AttributeError, ArithmeticError,
                 RecursionError)


def entry_from_row(row: Sequence[Any], game: GameData, variant: str) -> tuple[Record, str]:
    """(record, kiosk) of one row ``(game, id, kiosk, date, variant, initials, score,
    fields)`` read for ``game``'s ``variant``; ``ValueError`` with the reason otherwise."""
    if len(row) != 8:
        raise ValueError(f"a row of {len(row)} columns")
    game_id, record_id, kiosk, date, row_variant, initials, score, fields_text = row
    if game_id != game.id or row_variant != variant:
        raise ValueError("a row of another game or variant")
    if not (isinstance(record_id, str) and RECORD_ID_RE.fullmatch(record_id)):
        raise ValueError("a bad record id")
    if not (isinstance(kiosk, str) and KIOSK_NAME_RE.fullmatch(kiosk)):
        raise ValueError("a bad kiosk name")
    if not is_iso_date(date):
        raise ValueError("a bad date")
    if not (isinstance(initials, str) and INITIALS_RE.fullmatch(initials)):
        raise ValueError("bad initials")
    fields = _fields(fields_text)
    try:
        game.check_record({"variant": variant, **fields})
        expected = None if game.score_of is None else game.score_of({"variant": variant,
                                                                      **fields})
    except _CHECK_ERRORS as error:
        raise ValueError(f"fields the game refuses ({str(error)[:120]})") from None
    if expected is not None and (type(score) is not int or score != expected):
        raise ValueError("a score column that is not the game's score of the fields")
    return Record(record_id, date, variant, initials, fields), kiosk


def _fields(text: Any) -> dict[str, Any]:
    if not isinstance(text, str):
        raise ValueError("fields too big or missing")
    if len(text.encode("utf-8", "surrogatepass")) > FIELDS_MAX:
        raise ValueError("fields too big")
    try:
        fields = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError("fields that are not JSON") from None
    if not isinstance(fields, dict):
        raise ValueError("fields that are not an object")
    if RESERVED & set(fields):
        raise ValueError("fields that name a reserved key")
    return fields

