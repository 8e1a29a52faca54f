"""``python -m benchmarks.records`` at a tiny size, so that it cannot rot: every phase runs
(the folder taken in from scores.json, start-ups in turns, a recorded game, each screen opened,
peak RSS; QUERNI's documents with and without their records) and prints its figures. The
figures themselves are never asserted."""

from __future__ import annotations

import re

import pytest

from benchmarks import records


@pytest.mark.slow
def test_the_records_benchmark_runs_every_phase_at_a_tiny_size(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert records.main(["--records", "300", "--repeats", "1", "--magdagdon-games", "1",
                         "--querni-games", "0", "--documents", "0"]) == 0
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


@pytest.mark.slow
def test_the_documents_part_runs_at_a_tiny_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert records.main(["--only", "documents", "--documents", "40"]) == 0
    out = capsys.readouterr().out
    assert "records (MAGDAGDON" not in out  # --only documents: the records' part left out
    assert re.search(r"^40 QUERNI documents \(one game's, \d+ bytes", out, re.M)
    for label, listed, kept in (("with their records", 40, 40), ("without records", 40, 0)):
        assert re.search(rf"^  {label} \({listed} listed, {kept} records", out, re.M), label
    for figure in ("GAMES open", "MAGDAGDON  HIGH SCORES open", "QUERNI     HIGH SCORES open",
                   "scroll frames p99", "tap to the replay"):
        assert len(re.findall(rf"^    {figure} +[\d.]+ ms", out, re.M)) == 2, figure
