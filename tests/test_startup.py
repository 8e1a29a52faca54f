"""The command line as a player, an operator or CI runs it: a demo keeps out of the player's
data, garbage survives, first start speaks the system's language, bad arguments are refused
clearly."""

from __future__ import annotations

import locale
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.arcade.storage import Storage
from game.engine import i18n
from game.games.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, env: dict[str, str] | None = None, timeout: float = 120):
    full_env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                    PYGAME_HIDE_SUPPORT_PROMPT="1")
    full_env.update(env or {})
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=full_env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def players_data(data: Path) -> tuple[list, list, bytes | None]:
    """The player's records of both games and their MAGDAGDON save, as a start would find them."""
    storage = Storage(data, games=[spec.data for spec in GAMES])
    try:
        save = data / "saves" / "magdagdon.json"
        return (storage.records("magdagdon"), storage.records("querni"),
                save.read_bytes() if save.exists() else None)
    finally:
        storage.close()


@pytest.mark.slow
@pytest.mark.parametrize("mode", [["--demo", "--frames", "1500"], ["--bench", "1500"]])
def test_a_demo_or_bench_with_a_data_dir_never_touches_the_players_tables(tmp_path, mode):
    """Issue 38, point 10: ``--bench`` (and ``--demo``) with ``--data-dir`` put their games
    into the player's tables and replaced their saved game. They record and save in memory."""
    import random

    from game.ai import autoplay
    from game.rules.magdagdon import Difficulty, MagdagdonGame

    data = tmp_path / "data"
    player = Storage(data, games=[spec.data for spec in GAMES])
    player.record_game("magdagdon", autoplay.finish(MagdagdonGame(Difficulty.SURVIVAL,
                                                                  random.Random(2))))
    in_progress = MagdagdonGame(Difficulty.NIGHTMARE, random.Random(3))
    in_progress.roll()
    player.save_game("magdagdon", in_progress)
    player.close()
    before = players_data(data)
    result = run(*mode, "--seed", "1", "--data-dir", str(data))
    assert result.returncode == 0, result.stderr[-2000:]
    finished = [line for line in result.stdout.splitlines() if line.startswith("GAME OVER ")]
    assert finished, result.stdout  # games were played to their end, and recorded...
    assert players_data(data) == before  # ...but not into the player's data
    assert not (data / "games").exists() or not list((data / "games").iterdir())


@pytest.mark.slow
def test_garbage_in_every_file_is_set_aside_and_the_game_starts(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    for name in ("settings.json", "scores.json", "savegame.json"):
        (data / name).write_bytes(b"\x00\xffnot json at all{{{" * 7)
    result = run("--data-dir", str(data), "--frames", "30")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    for name in ("settings.json", "scores.json", "savegame.json"):
        assert list(data.glob(f"{name}.corrupt-*")), name


@pytest.mark.parametrize("args", [["--frames", "abc"], ["--difficulty", "easy"],
                                  ["--lang", "fr"], ["--kiosk-pin", "12"],
                                  ["--screenshot", "x.png"]])
def test_bad_arguments_exit_2_with_a_clear_message(args):
    result = run(*args, timeout=60)
    assert result.returncode == 2
    assert "error:" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(("lang", "expected"), [("th_TH.UTF-8", "th"), ("bg_BG.UTF-8", "bg"),
                                                ("ko_KR.UTF-8", "ko"), ("de_DE.UTF-8", "en"),
                                                ("C", "en")])
def test_first_start_follows_the_system_language(monkeypatch, lang, expected):
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)
    monkeypatch.setattr(locale, "getlocale", lambda: (None, None))  # only the environment
    assert i18n.system_locale() == expected


def test_first_start_language_is_saved_and_kept(tmp_path, monkeypatch):
    """The system language is chosen once; a later start keeps the player's own choice."""
    from game.arcade.bootstrap import build
    from game.arcade.cli import parser

    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    data = tmp_path / "data"
    app = build(parser(GAMES).parse_args(["--data-dir", str(data), "--frames", "1"]), GAMES)
    assert app.ctx.settings.language == "ko" and i18n.current() == "ko"
    app.ctx.settings.language = "bg"
    app.ctx.storage.save_settings(app.ctx.settings)
    app.shutdown()
    assert Storage(data, games=[spec.data for spec in GAMES]).load_settings().language == "bg"
    again = build(parser(GAMES).parse_args(["--data-dir", str(data), "--frames", "1"]), GAMES)
    assert again.ctx.settings.language == "bg"
    again.shutdown()
    i18n.set_locale("en")
