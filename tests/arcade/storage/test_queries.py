"""The questions storage answers with queries give what reading every record gave: for seeded
sets of records, the tables equal the old whole-file derivation (every record ranked in turn by
the game's own ``rank``, ties keeping the earlier), the lists of a variant and its last games
equal slices of the whole list, the tallies equal counting the whole list, and every record
can be walked in order without holding them all."""

from __future__ import annotations

import random
from collections import Counter as Count
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.arcade.storage import Record, Storage
from game.arcade.storage.fleetfile import LocalRecords
from tests.arcade.storage.support import (
    COUNTER,
    DIFFICULTIES,
    MAGDAGDON,
    Counter,
    N,
    P,
    S,
    finished,
    make,
    write_scores,
)


def old_table(records: Iterable[Record], variant: str,
              score_of: Callable[[dict[str, Any]], int],
              rank: Callable[[Sequence[int], int], int | None] | None,
              size: int) -> list[Record]:
    """The table as the JSON storage derived it from every record (its code, kept as the
    reference): each record in order, ranked by ``rank``, cut to ``size``."""
    rank = rank or (lambda scores, new: sum(1 for score in scores if score >= new))
    table: list[Record] = []
    scores: list[int] = []
    for record in records:
        if record.variant != variant:
            continue
        score = score_of(record.as_dict())
        position = rank(scores, score)
        if position is None or not 0 <= position < size:
            continue
        position = min(position, len(table))
        table.insert(position, record)
        scores.insert(position, score)
        del table[size:], scores[size:]
    return table


def magdagdon_rows(seed: int, count: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [{"id": f"m{seed}x{i:05d}",
             "date": f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T10:00:00Z",
             "variant": rng.choice(DIFFICULTIES), "initials": rng.choice(["", "AB", "XYZ"]),
             "score": rng.choice([rng.randint(-300, 544), 300, 416]),  # ties, and many of them
             "turns": 16, "powers": rng.randint(0, 1), "ruins": rng.randint(0, 5)}
            for i in range(count)]


def counter_rows(seed: int, count: int) -> list[dict[str, Any]]:
    rng = random.Random(seed + 1)
    return [{"id": f"c{seed}x{i:05d}", "date": "2026-03-03T03:03:03Z",
             "variant": rng.choice(["short", "long"]), "initials": "", "count": rng.randint(0, 99)}
            for i in range(count)]


GOLF = replace(COUNTER, id="golf", score_of=lambda r: r["count"],
               rank=lambda scores, new: sum(1 for s in scores if s <= new), table_size=3)
"""A game with its own ranking: lower is better, ties keep the earlier, a table of three."""


@pytest.fixture(params=[1, 2, 3], ids=lambda seed: f"seed{seed}")
def seeded(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Storage, int]:
    seed = request.param
    write_scores(tmp_path, {"magdagdon": {"records": magdagdon_rows(seed, 1500)},
                            "golf": {"records": counter_rows(seed, 300)}})
    s = make(tmp_path, games=(MAGDAGDON, GOLF))
    rng = random.Random(seed)
    for _ in range(40):  # and some recorded one by one, as games end
        s.record_game("magdagdon", finished(rng.choice([P, S, N]), rng.randint(1, 6),
                                            rng.randint(0, 4)))
        count = rng.randint(0, 9)
        s.record_game("golf", Counter(count, count, rng.choice(["short", "long"])))
    s.settle()  # the venue link's reader reads what is committed
    return s, seed


def test_tables_equal_ranking_every_record_in_turn(seeded: tuple[Storage, int]) -> None:
    s, _ = seeded
    every = s.records("magdagdon")
    assert len(every) == 1540
    for variant in DIFFICULTIES:
        expected = old_table(every, variant, MAGDAGDON.score_of, MAGDAGDON.rank, 10)
        assert s.table("magdagdon", variant) == expected
    golf = s.records("golf")
    for variant in ("short", "long"):
        assert s.table("golf", variant) == old_table(golf, variant, GOLF.score_of, GOLF.rank, 3)


def test_the_lists_of_a_variant_equal_slices_of_the_whole(seeded: tuple[Storage, int]) -> None:
    s, _ = seeded
    every = s.records("magdagdon")
    for variant in DIFFICULTIES:
        mine = [r for r in every if r.variant == variant]
        assert s.records("magdagdon", variant) == mine
        assert s.records("magdagdon", variant, last=50) == mine[-50:]
    assert s.records("magdagdon", last=7) == every[-7:]
    assert s.records("magdagdon", "NO_SUCH") == [] and s.records("magdagdon", last=0) == []
    assert s.record("magdagdon", every[3].id) == every[3] and s.record("golf", every[3].id) is None


def test_tallies_equal_counting_the_whole_list(seeded: tuple[Storage, int]) -> None:
    s, _ = seeded
    every = s.records("magdagdon")
    counted = Count((r.variant, r.score) for r in every)
    groups = s.tally("magdagdon", by=("variant", "score"))
    assert {g.key: g.games for g in groups} == counted
    assert {g.key: g.games for g in s.tally("magdagdon", by=("variant",))} == Count(
        (r.variant,) for r in every)
    [whole] = s.tally("magdagdon", by=())
    assert whole.games == len(every)
    one = s.tally("magdagdon", by=("score",), variant="SURVIVAL")
    assert {g.key[0]: g.games for g in one} == Count(r.score for r in every
                                                     if r.variant == "SURVIVAL")


def test_every_record_is_read_in_recording_order_by_the_venue_links_reader(
        seeded: tuple[Storage, int]) -> None:
    """(Reading only what is new since: tests/arcade/storage/test_fleetfile.py.)"""
    s, _ = seeded
    walked = LocalRecords(s.data_dir, (MAGDAGDON, GOLF)).records()
    ordered = [("magdagdon", r) for r in s.records("magdagdon")] + [
        ("golf", r) for r in s.records("golf")]
    assert sorted(walked, key=lambda pair: pair[1].id) == sorted(ordered,
                                                                 key=lambda pair: pair[1].id)
    assert [r for g, r in walked if g == "magdagdon"] == s.records("magdagdon")
    assert len({(g, r.id) for g, r in walked}) == len(walked) == 1540 + 340
