"""The side-by-side benchmark's before/after mode (``--against``): the two checkouts' benches
run in turns, whichever went first going second next time, and both are reported with their
ratios to the one floor. Tiny runs: the figures are never asserted, only what is printed."""

from __future__ import annotations

import re

import pytest

from benchmarks import display_floor


def _bench_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if re.match(r"run \d: bench", line)]


@pytest.mark.slow
def test_against_runs_both_benches_in_turns_and_reports_both(
        capsys: pytest.CaptureFixture[str]) -> None:
    here = str(display_floor.HERE)
    display_floor.main(["--frames", "20", "--bench-frames", "30", "--repeats", "2",
                        "--side-by-side", "--against", here])
    out = capsys.readouterr().out
    runs = _bench_lines(out)
    assert [line.split(" frames=")[0] for line in runs] == [
        "run 1: bench", f"run 1: bench of {here}", f"run 2: bench of {here}", "run 2: bench"]
    assert all("median_ms=" in line and "p99_ms=" in line for line in runs)
    assert re.search(r"^ratio: median [\d.]+x .* p99 [\d.]+x", out, re.M)
    assert re.search(rf"^ratio of {re.escape(here)}: median [\d.]+x", out, re.M)


def test_the_floor_alone_runs_no_bench(capsys: pytest.CaptureFixture[str]) -> None:
    display_floor.main(["--frames", "20", "--repeats", "1"])
    out = capsys.readouterr().out
    assert _bench_lines(out) == [] and "floor: median_ms=" in out and "ratio" not in out
