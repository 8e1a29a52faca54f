"""``python -m benchmarks.records`` at a tiny size, so that it cannot rot: every phase runs
(the folder taken in from scores.json, start-ups in turns, a recorded game, each screen opened,
peak RSS) and prints its figures. The figures themselves are never asserted."""

from __future__ import annotations

import re

import pytest

from benchmarks import records


@pytest.mark.slow
def test_the_records_benchmark_runs_every_phase_at_a_tiny_size(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert records.main(["--records", "300", "--repeats", "1", "--magdagdon-games", "1",
                         "--querni-games", "0"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^300 records \(MAGDAGDON 150, QUERNI 150\): scores\.json taken into "
                     r"arcade\.db in [\d.]+ s", out, re.M)
    assert re.search(r"^  with the records +[\d.]+ ms", out, re.M)
    assert re.search(r"^  ratio +[\d.]+x", out, re.M)
    assert re.search(r"^  magdagdon  frame median +[\d.]+ ms \([\d.]+\), max +[\d.]+ ms "
                     r"\([\d.]+\); record_game", out, re.M)
    assert re.search(r"^  all +frame p99 +[\d.]+ ms", out, re.M)
    for screen in ("magdagdon:scores", "magdagdon:stats", "querni:scores", "querni:stats"):
        assert re.search(rf"^  {screen} +[\d.]+ ms +\([\d.]+\)", out, re.M), screen
    assert re.search(r"^peak RSS: [\d.]+ MB after start-up and the screens", out, re.M)
