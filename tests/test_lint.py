"""Lint and types are part of the suite, so CI (which runs the suite) checks them: ruff over the
project, mypy over ``game/`` and ``mypy --strict`` over the pure rules and the engine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, check=False)


def test_ruff_is_clean() -> None:
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean_for_the_whole_game() -> None:
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_for_the_rules_and_the_engine() -> None:
    result = run("mypy", "--strict", "game/rules", "game/engine")
    assert result.returncode == 0, result.stdout + result.stderr
