"""``benchmarks.fleet``'s harness on a tiny run (one fleet kiosk, a few seconds): every line
it promises comes out. The figures are never asserted."""

from __future__ import annotations

import re

import pytest

from benchmarks import fleet

pytestmark = [pytest.mark.fleet, pytest.mark.slow]


def test_a_tiny_venue_prints_every_figure(postgres, capsys: pytest.CaptureFixture[str]) -> None:
    """(``postgres``: skipped, saying why, where no server can be started; the benchmark
    starts a cluster of its own.)"""
    assert fleet.main(["--seconds", "6", "--kiosks", "1", "--backlog", "3"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^fleet-1 +\d+ +\d+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.-]+$", out, re.M)
    assert re.search(r"^plain +\d+ +0 ", out, re.M)
    assert re.search(r"^uploaded: \d+ records in \d+ s = [\d.]+ records/s$", out, re.M)
    assert re.search(r"^backlog of 1 x 3 games: ", out, re.M)
    assert re.search(r"^fleet-1: p99 [+-][\d.]+ % beside", out, re.M)


def test_a_tiny_board_load_prints_every_figure(postgres, capsys: pytest.CaptureFixture[str],
                                               ) -> None:
    assert fleet.main(["--boards", "--seconds", "6", "--rows", "2000", "--readers", "2"]) == 0
    out = capsys.readouterr().out
    for board in ("all", "all\\+match", "today", "week"):
        assert re.search(rf"^{board} +\d+ +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+/[\d.]+$", out, re.M)
    assert re.search(r"^all boards: \d+ reads, .* server p99 [\d.]+ ms", out, re.M)
    assert re.search(r"^uploads: \d+; statement timeouts: 0; other errors: 0$", out, re.M)
    assert re.search(r"^kiosk frame work p99: [\d.]+ ms with the link", out, re.M)
