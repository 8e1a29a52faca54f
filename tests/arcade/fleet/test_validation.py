"""Rows read back from the venue are checked like a stranger's file: a row any kiosk (or anyone
with a SQL prompt) wrote becomes a board entry only when every value is one this build would
have written; otherwise it is refused with a reason (the reader skips and logs it)."""

from __future__ import annotations

import json

import pytest

from game.arcade.fleet.board import FIELDS_MAX, entry_from_row
from game.games.registry import GAMES

RANKED = next(spec.data for spec in GAMES if spec.data.score_of is not None)
UNRANKED = next(spec.data for spec in GAMES if spec.data.score_of is None)
FIELDS = {"score": 310, "turns": 9, "powers": 1, "ruins": 1, "daily": "2026-12-01"}


def row(**changes: object) -> list[object]:
    base: dict[str, object] = {
        "game": RANKED.id, "id": "3f2a9c", "kiosk": "Lobby 2", "date": "2026-12-01T10:00:00Z",
        "variant": "DAILY", "initials": "ANN", "score": 310, "fields": json.dumps(FIELDS)}
    base.update(changes)
    return list(base.values())


def test_a_row_as_a_kiosk_wrote_it_is_taken() -> None:
    record, kiosk = entry_from_row(row(), RANKED, "DAILY")
    assert (record.id, record.initials, record.get("score"), kiosk) == ("3f2a9c", "ANN", 310,
                                                                        "Lobby 2")


@pytest.mark.parametrize("change", [
    {"score": 99_999},                                     # the column is not the fields' score
    {"score": "310"},                                      # a wrong type
    {"fields": json.dumps({**FIELDS, "score": 99_999}), "score": 99_999},  # out of the game's range
    {"fields": json.dumps({**FIELDS, "turns": "nine"})},   # a wrong type inside the fields
    {"fields": json.dumps([1, 2, 3])},                     # not an object
    {"fields": "{not json"},
    {"fields": None},                                      # too big: the server sent NULL
    {"fields": json.dumps({**FIELDS, "note": "x" * FIELDS_MAX})},
    {"fields": json.dumps({**FIELDS, "kiosk": "Bar"})},    # a reserved key
    {"fields": "[" * 5000 + "]" * 5000},                   # nested too deep for json
    {"kiosk": "x" * 25},                                   # a huge name arrives cut to 25
    {"kiosk": "Lobby\n2"},
    {"kiosk": 7},
    {"initials": "ANNA"},
    {"initials": "an"},
    {"id": "no spaces"},
    {"id": "x" * 65},
    {"date": "2026-13-01T10:00:00Z"},
    {"date": None},
    {"variant": "PEACEFUL"},                               # not the variant asked for
    {"game": UNRANKED.id},
])
def test_a_malformed_row_is_refused_with_a_reason(change: dict[str, object]) -> None:
    with pytest.raises(ValueError) as refused:
        entry_from_row(row(**change), RANKED, "DAILY")
    assert str(refused.value)


def test_a_row_of_the_wrong_length_is_refused() -> None:
    with pytest.raises(ValueError):
        entry_from_row(row()[:7], RANKED, "DAILY")


@pytest.mark.slow
def test_an_unranked_games_row_needs_no_score() -> None:
    fields = {"result": "BLUE", "reason": "all_removed", "turns": 40,
              "players": {"BLUE": "human", "RED": "computer:hard"}}
    record, kiosk = entry_from_row(
        [UNRANKED.id, "9b1c", "Bar-3", "2026-12-01T10:00:00Z", "vs_hard", "", None,
         json.dumps(fields)], UNRANKED, "vs_hard")
    assert record.get("result") == "BLUE" and kiosk == "Bar-3"
    with pytest.raises(ValueError):
        entry_from_row([UNRANKED.id, "9b1c", "Bar-3", "2026-12-01T10:00:00Z", "vs_hard", "",
                        None, json.dumps({**fields, "result": "GREEN"})], UNRANKED, "vs_hard")
