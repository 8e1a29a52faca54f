"""Reliability: the game starts and plays in a bad environment instead of crashing.

Most cases run ``main.py ... --frames 60`` in a subprocess (dummy video; exit code 0 and no
Python traceback on stderr); what the player sees (a notice) and what can only be faked in
this process (a read-only disk, since the tests may run as root) is checked in-process.

* no audio device: silent, with a warning;
* a missing and a damaged sound file, a missing and a damaged font file, through
  ``MAGDAGDON_RESOURCES`` (a copy of ``assets/`` and ``fonts/``): each bad file is named, the
  damaged font falls back to pygame's default font, the damaged sound to silence;
* a data folder that cannot be created: the game plays without saving and says so;
* a read-only data folder: the demo plays a whole game on, ``notice.save_failed`` comes once.

A damaged theme font and a missing sound file were bugs once; their tests stay.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.arcade import app as arcade_module
from game.arcade.app import ArcadeApp
from game.arcade.context import GameContext
from game.arcade.demo import DemoDriver
from game.arcade.storage import SCORES_FILE, Notice, Storage, save_name
from game.arcade.texts import t
from game.engine.app import AppConfig
from game.engine.loop import FakeClock
from game.engine.testing import run_frames
from game.games.magdagdon.scenes.play import PlayScene
from game.games.registry import GAMES

SAVE_FILE = save_name("magdagdon")
DATA = [spec.data for spec in GAMES]

ROOT = Path(__file__).resolve().parents[1]
RUN_TIMEOUT = 60
GARBAGE = b"\x00\xffthis is not a font and not a sound\x7f" * 128  # deterministic junk

MISSING_SOUND, DAMAGED_SOUND = "click.wav", "roll.wav"
MISSING_FONT, DAMAGED_FONT = "ui-latin-cyrillic.ttf", "display.ttf"
THEME_FONT = "ui-latin-cyrillic-bold.ttf"  # also named in the pygame-gui theme
SAVE_FAILED = Notice("notice.save_failed", {})


def run_game(tmp: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``main.py args --frames 60`` with dummy video/audio and a fresh data folder in ``tmp``;
    the data folder's log file (if any) is appended to ``stderr`` for the checks."""
    full_env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                    PYGAME_HIDE_SUPPORT_PROMPT="1")
    full_env.pop("MAGDAGDON_RESOURCES", None)
    full_env.update(env)
    if "--data-dir" not in args:
        args = ("--data-dir", str(tmp / "data"), *args)
    result = subprocess.run(
        [sys.executable, "main.py", *args, "--frames", "60"], cwd=ROOT, env=full_env,
        capture_output=True, text=True, encoding="utf-8", errors="replace",
        timeout=RUN_TIMEOUT, check=False,
    )
    data_dir = tmp / "data"
    for log_file in sorted(data_dir.glob("*.log")) if data_dir.is_dir() else ():
        result.stderr += f"\n--- {log_file.name} ---\n" + log_file.read_text("utf-8", "replace")
    return result


def assert_clean_exit(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stderr[-3000:]}"
    assert "Traceback" not in result.stderr, result.stderr


def make_app(storage: Storage, demo: bool = False) -> ArcadeApp:
    """An arcade on a fake clock with real storage, like ``bootstrap.build`` wires it."""
    ctx = GameContext(settings=storage.load_settings(), storage=storage, seed=3, demo=demo,
                      notices=storage.notices)
    app = ArcadeApp(AppConfig(), ctx, GAMES, clock=FakeClock())
    app.fixed_steps_per_frame = True
    return app


@pytest.fixture
def toasts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every notice text drawn on screen."""
    shown: list[str] = []
    draw = arcade_module.toast.draw

    def spy(surface, messages):
        shown.extend(messages)
        draw(surface, messages)

    monkeypatch.setattr(arcade_module.toast, "draw", spy)
    return shown


def assert_no_crash(app: ArcadeApp) -> None:
    """The frame safety net (when present) must not have caught anything."""
    assert getattr(app, "crashes", 0) == 0
    assert not any(type(s).__name__ == "CrashScene" for s in app.stack.scenes)


# --- no audio device ------------------------------------------------------------------------------


@pytest.mark.slow
def test_no_audio_device_plays_silently_and_says_so(tmp_path: Path) -> None:
    result = run_game(tmp_path, "--demo", "--seed", "1", SDL_AUDIODRIVER="nonexistent_driver")
    assert_clean_exit(result)
    assert "no audio device" in result.stderr and "silent" in result.stderr, result.stderr


# --- missing and damaged sounds and fonts ---------------------------------------------------------


@pytest.fixture(scope="module")
def bad_resources(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the resources with one sound and one font missing, one of each damaged."""
    root = tmp_path_factory.mktemp("resources")
    shutil.copytree(ROOT / "assets", root / "assets")
    shutil.copytree(ROOT / "fonts", root / "fonts")
    (root / "assets" / "sounds" / MISSING_SOUND).unlink()
    (root / "assets" / "sounds" / DAMAGED_SOUND).write_bytes(GARBAGE)
    (root / "fonts" / MISSING_FONT).unlink()
    (root / "fonts" / DAMAGED_FONT).write_bytes(GARBAGE)
    return root


@pytest.fixture(scope="module")
def bad_resource_runs(bad_resources: Path, tmp_path_factory: pytest.TempPathFactory
                      ) -> dict[str, subprocess.CompletedProcess[str]]:
    """The demo for 60 frames from the title and from the play scene on those resources."""
    return {
        scene: run_game(tmp_path_factory.mktemp(scene), "--scene", scene, "--demo", "--seed",
                        "2", MAGDAGDON_RESOURCES=str(bad_resources))
        for scene in ("title", "play")
    }


@pytest.mark.parametrize("scene", ["title", "play"])
@pytest.mark.slow
def test_bad_sounds_and_fonts_are_named_and_replaced(bad_resource_runs, bad_resources: Path,
                                                     scene: str) -> None:
    result = bad_resource_runs[scene]
    assert_clean_exit(result)
    lines = result.stderr.splitlines()

    def said(name: str, *words: str) -> bool:
        return any(name in line and all(w in line for w in words) for line in lines)

    assert said(str(bad_resources / "assets" / "sounds" / DAMAGED_SOUND), "silent"), lines
    assert said(str(bad_resources / "fonts" / DAMAGED_FONT), "default font"), lines
    assert said(str(bad_resources / "fonts" / MISSING_FONT), "default font"), lines


def test_a_missing_sound_file_is_named(bad_resource_runs) -> None:
    assert all(r.returncode == 0 for r in bad_resource_runs.values())
    assert any(MISSING_SOUND in r.stderr or "'click'" in r.stderr
               for r in bad_resource_runs.values())


@pytest.mark.slow
def test_a_damaged_theme_font_falls_back_too(tmp_path: Path) -> None:
    root = tmp_path / "resources"
    shutil.copytree(ROOT / "assets", root / "assets")
    shutil.copytree(ROOT / "fonts", root / "fonts")
    (root / "fonts" / THEME_FONT).write_bytes(GARBAGE)
    result = run_game(tmp_path, "--scene", "title", MAGDAGDON_RESOURCES=str(root))
    assert_clean_exit(result)
    assert str(root / "fonts" / THEME_FONT) in result.stderr


# --- a data folder that cannot be created ---------------------------------------------------------


@pytest.mark.slow
def test_an_uncreatable_default_data_dir_runs_and_says_so(tmp_path: Path) -> None:
    """The platform's data folder cannot be made (its parent is a file): the game plays from
    memory and says so. (A ``--data-dir`` the player names must work, or the start exits 2.)"""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", XDG_DATA_HOME=str(blocker))
    result = subprocess.run([sys.executable, "main.py", "--demo", "--seed", "4", "--frames",
                             "60"], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=RUN_TIMEOUT, check=False)
    assert_clean_exit(result)
    assert any("no data folder" in line and str(blocker) in line
               for line in result.stderr.splitlines()), result.stderr
    assert blocker.read_text() == "not a folder"


def test_a_named_data_dir_that_cannot_be_made_exits_2(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = run_game(tmp_path, "--data-dir", str(blocker / "data"))
    assert result.returncode == 2 and "--data-dir" in result.stderr
    assert blocker.read_text() == "not a folder"


@pytest.mark.slow
def test_uncreatable_data_dir_shows_the_notice_and_plays_from_memory(
        tmp_path: Path, toasts: list[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    storage = Storage(blocker / "data", games=DATA)
    assert not storage.writable
    assert storage.notices == [Notice("notice.no_data_dir", {"path": str(blocker / "data")})]
    app = make_app(storage, demo=True)
    try:
        app.demo = DemoDriver(app, GAMES, "magdagdon", seed=4, report=lambda line: None)
        app.nav.push("magdagdon.play", variant="PEACEFUL")
        run_frames(app, 400)  # a few turns: every autosave goes to memory
        play = app.stack.top
        assert isinstance(play, PlayScene) and play.game.turns >= 1
        assert storage.has_saved_game("magdagdon")  # kept in memory for the session
        assert_no_crash(app)
    finally:
        app.shutdown()
    expected = t("notice.no_data_dir", path=str(blocker / "data"))
    assert expected != "notice.no_data_dir" and expected in toasts
    assert storage.notices == [Notice("notice.no_data_dir", {"path": str(blocker / "data")})]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


# --- a read-only data folder ----------------------------------------------------------------------


@pytest.mark.slow
def test_read_only_data_dir_plays_on_and_warns_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, toasts: list[str]) -> None:
    data = tmp_path / "data"
    storage = Storage(data, games=DATA)

    def read_only(src, dst, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(dst))

    monkeypatch.setattr(os, "replace", read_only)
    app = make_app(storage, demo=True)
    reports: list[str] = []
    try:
        app.demo = DemoDriver(app, GAMES, "magdagdon", seed=3, report=reports.append)
        app.nav.push("magdagdon.play", variant="PEACEFUL")
        for _ in range(3000):  # a whole game: autosaves, then recording, all failing
            run_frames(app, 1)
            if reports:
                break
        assert reports, "the demo never finished its game"
        for _ in range(600):  # PLAY AGAIN: the next game starts and saves (failing) again
            run_frames(app, 1)
            top = app.stack.top
            if isinstance(top, PlayScene) and top.game.turns >= 1 and not top.game.is_over:
                break
        top = app.stack.top
        assert isinstance(top, PlayScene) and top.game.turns >= 1, top
        assert_no_crash(app)
    finally:
        app.shutdown()
    assert storage.notices == [SAVE_FAILED]
    assert toasts.count(t("notice.save_failed")) >= 1
    assert len(storage.records("magdagdon")) == 1  # the database took the record
    assert not (data / SAVE_FILE).exists() and not (data / SCORES_FILE).exists()
    assert list(data.glob("**/.*.tmp")) == []  # failed writes leave no temporary files
