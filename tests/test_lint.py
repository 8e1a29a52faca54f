"""Lint and types are part of the suite, so CI (which runs the suite) checks them: ruff over the
project (its complexity limit included) and ``mypy --strict`` over the whole of ``game/``."""

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


def test_mypy_strict_for_the_whole_game() -> None:
    """Every module of ``game/`` carries full types (``Any`` only where a library or JSON read
    from disk forces it); ``--strict`` checks everything plain ``mypy`` does, and more."""
    result = run("mypy", "--strict", "game")
    assert result.returncode == 0, result.stdout + result.stderr
