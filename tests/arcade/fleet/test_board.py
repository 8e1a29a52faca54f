"""What a screen is given of the venue board: the venue's rows ranked as the local tables are
(higher score first, ties the earlier record first: M-8.2), with this kiosk's own records that
the venue does not list yet merged in, each id once."""

from __future__ import annotations

from game.arcade.fleet.board import VenueEntry, VenueQuery, VenueTable, merged
from game.arcade.storage import Record


def entry(rid: str, score: int, date: str = "2026-12-01T10:00:00Z", kiosk: str = "Bar",
          initials: str = "", variant: str = "DAILY", day: str = "2026-12-01") -> VenueEntry:
    fields = {"score": score, "turns": 9, "powers": 0, "ruins": 0, "daily": day}
    return VenueEntry(Record(rid, date, variant, initials, fields), kiosk)


def score_of(fields: dict[str, object]) -> int:
    return int(fields["score"])  # type: ignore[call-overload]


QUERY = VenueQuery("magdagdon", "DAILY", (("daily", "2026-12-01"),), True, 30)


def test_ranked_best_first_ties_keep_the_earlier_record_first() -> None:
    table = VenueTable((entry("b", 200, "2026-12-01T11:00:00Z"), entry("a", 300),
                        entry("c", 200, "2026-12-01T09:00:00Z")), 3, 0.0)
    rows, total = merged(table, (), QUERY, score_of)
    assert [e.record.id for e in rows] == ["a", "c", "b"] and total == 3


def test_own_records_not_on_the_board_yet_are_merged_once() -> None:
    table = VenueTable((entry("a", 300), entry("b", 100)), 2, 0.0)
    own = [entry("b", 100, kiosk="Me", initials="ZED"), entry("mine", 250, kiosk="Me"),
           entry("other-day", 999, kiosk="Me", day="2026-11-30"),
           entry("other-variant", 999, kiosk="Me", variant="PEACEFUL")]
    rows, total = merged(table, own, QUERY, score_of)
    assert [(e.record.id, e.kiosk) for e in rows] == [("a", "Bar"), ("mine", "Me"), ("b", "Bar")]
    assert rows[2].record.initials == "ZED"  # initials put on after it was sent
    assert total == 3


def test_offline_before_any_read_the_own_records_are_the_board() -> None:
    rows, total = merged(None, [entry("mine", 50, kiosk="Me")], QUERY, score_of)
    assert [e.record.id for e in rows] == ["mine"] and total == 1


def test_unranked_boards_are_newest_first() -> None:
    query = VenueQuery("querni", "DAILY", (), False, 2)
    table = VenueTable((entry("old", 0, "2026-12-01T08:00:00Z"),
                        entry("new", 0, "2026-12-01T12:00:00Z")), 2, 0.0)
    rows, _ = merged(table, [entry("mid", 0, "2026-12-01T10:00:00Z")], query, None)
    assert [e.record.id for e in rows] == ["new", "mid"]  # at most the query's limit


def test_a_query_key_is_stable_and_tells_queries_apart() -> None:
    assert QUERY.key == VenueQuery("magdagdon", "DAILY", (("daily", "2026-12-01"),)).key
    assert QUERY.key != VenueQuery("magdagdon", "DAILY", (("daily", "2026-12-02"),)).key

