"""The kiosk's operator PIN as a hostile tester tried it (issue 38): a damaged settings file
made the kiosk ask whoever stood there to choose the PIN (case 5), and wrong PINs locked the pad
for 30 s and then started again, so a scripted keyboard tried every 4-digit PIN in a day
(case 7). The PIN now lives in a file of its own with a last-good copy, and a kiosk that had a
PIN never asks for a new one without its operator; lockouts double up to an hour, also across
a restart. The storage's wall clock is a test's own (:class:`WallClock`): nothing sleeps."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.arcade.cli import run
from game.arcade.kiosk import Kiosk
from game.arcade.scenes.pin_pad import PinPadScene
from game.arcade.scenes.title import TitleScene
from game.arcade.storage import DataLock
from game.engine.testing import post_key, post_tap, run_frames
from game.games.registry import GAMES
from tests.support import WallClock, make_arcade, settle

PIN = "4711"


def kiosk_on(data: Path, clock: WallClock | None = None, pin: str | None = None):
    """A kiosk on ``data`` at its title, as ``main.py --kiosk`` starts it."""
    app = make_arcade(data, wall_clock=clock)
    kiosk = Kiosk(app, pin=pin, idle_seconds=1000.0, attract_seconds=1000.0, seed=3)
    kiosk.install()
    app.stack.push(TitleScene(app))
    if kiosk.needs_pin:
        kiosk.ask_for_pin()
    settle(app)
    return app


def open_pad(app) -> PinPadScene:
    for _ in range(5):
        post_tap((30, 30))
        run_frames(app, 10)
    pad = app.stack.top
    assert isinstance(pad, PinPadScene) and pad.mode == "exit"
    return pad


def type_pin(app, digits: str) -> None:
    """The digits on a keyboard (as a scripted attacker types them), then Enter."""
    for digit in digits:
        post_key(digit)
    post_key("return")
    settle(app)


def on_operator_menu(app) -> bool:
    return type(app.stack.top).__name__ == "OperatorScene"


def kiosk_with_a_pin(data: Path, clock: WallClock | None = None) -> None:
    """A kiosk whose operator chose ``PIN`` at its first start, then stopped."""
    app = kiosk_on(data, clock)
    try:
        app.ctx.save_settings()  # as main.py does at a first start
        app.kiosk.set_pin(PIN)
        app.nav.pop()
        settle(app)
    finally:
        app.shutdown()


# --- case 5: a damaged settings file never opens the kiosk ------------------------------------
DAMAGE = {
    "truncated": lambda path: path.write_bytes(path.read_bytes()[:40]),
    "not JSON": lambda path: path.write_bytes(b"\x00\xff garbage"),
    "emptied": lambda path: path.write_bytes(b""),
    "a folder": lambda path: (path.unlink(), path.mkdir()),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
@pytest.mark.slow
def test_a_damaged_settings_file_keeps_the_pin(tmp_path: Path, damage: str) -> None:
    data = tmp_path / "data"
    kiosk_with_a_pin(data)
    DAMAGE[damage](data / "settings.json")
    app = kiosk_on(data)
    try:
        assert not app.kiosk.needs_pin and not isinstance(app.stack.top, PinPadScene)
        open_pad(app)
        type_pin(app, PIN)
        assert on_operator_menu(app)
    finally:
        app.shutdown()


# --- case 7: lockouts escalate, and survive a restart ------------------------------------------
def wrong_three_times(app) -> PinPadScene:
    pad = open_pad(app) if not isinstance(app.stack.top, PinPadScene) else app.stack.top
    for wrong in ("0000", "0001", "0002"):
        type_pin(app, wrong)
    assert app.stack.top is pad
    return pad


@pytest.mark.slow
def test_each_lockout_doubles_up_to_an_hour(tmp_path: Path) -> None:
    data, clock = tmp_path / "data", WallClock()
    kiosk_with_a_pin(data, clock)
    app = kiosk_on(data, clock)
    try:
        for seconds in (30, 60, 120, 240, 480, 960, 1920, 3600, 3600):
            pad = wrong_three_times(app)
            assert pad.locked_for == pytest.approx(seconds)
            type_pin(app, PIN)  # refused while locked, and not counted either
            assert not on_operator_menu(app)
            clock.advance(seconds - 1)
            assert pad.locked_for == pytest.approx(1)
            clock.advance(1)
            assert pad.locked_for == 0
        type_pin(app, PIN)
        assert on_operator_menu(app)
        app.nav.pop()
        settle(app)
        pad = wrong_three_times(app)  # the right PIN started the count again
        assert pad.locked_for == pytest.approx(30)
    finally:
        app.shutdown()


@pytest.mark.slow
def test_a_restart_neither_ends_a_lockout_nor_forgets_the_count(tmp_path: Path) -> None:
    data, clock = tmp_path / "data", WallClock()
    kiosk_with_a_pin(data, clock)
    app = kiosk_on(data, clock)
    try:
        wrong_three_times(app)
        clock.advance(30)
        pad = wrong_three_times(app)
        assert pad.locked_for == pytest.approx(60)
        type_pin(app, "0003")  # one wrong PIN towards the next lockout, after it ends
        clock.advance(10)
    finally:
        app.shutdown()  # the kiosk is restarted (systemd, a power cut) during the lockout
    app = kiosk_on(data, clock)
    try:
        pad = open_pad(app)
        assert pad.locked_for == pytest.approx(50)
        type_pin(app, PIN)
        assert not on_operator_menu(app)
        clock.advance(50)
        for wrong in ("0004", "0005", "0006"):
            type_pin(app, wrong)
        assert pad.locked_for == pytest.approx(120)
    finally:
        app.shutdown()


@pytest.mark.slow
def test_the_same_holds_for_the_pin_given_on_the_command_line(tmp_path: Path) -> None:
    data, clock = tmp_path / "data", WallClock()
    app = kiosk_on(data, clock, pin="2468")
    try:
        wrong_three_times(app)
        clock.advance(30)
        assert wrong_three_times(app).locked_for == pytest.approx(60)
    finally:
        app.shutdown()
    app = kiosk_on(data, clock, pin="2468")
    try:
        assert open_pad(app).locked_for == pytest.approx(60)
    finally:
        app.shutdown()


# --- a lost PIN: the kiosk stays locked and says how the operator resets it -------------------
def lose_both_copies(data: Path) -> None:
    for name in ("kiosk-pin.json", "kiosk-pin.json.last-good"):
        (data / name).write_bytes(b"{")


@pytest.mark.slow
def test_a_kiosk_whose_pin_is_lost_stays_locked_and_says_how_to_reset_it(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    data = tmp_path / "data"
    kiosk_with_a_pin(data)
    lose_both_copies(data)
    app = kiosk_on(data)
    try:
        assert not app.kiosk.needs_pin and app.kiosk.pin_lost
        assert not isinstance(app.stack.top, PinPadScene)  # nobody is asked to choose one
        assert "--reset-pin" in caplog.text
        for _ in range(5):
            post_tap((30, 30))
            run_frames(app, 10)
        pad = app.stack.top
        assert isinstance(pad, PinPadScene) and pad.mode == "lost" and not pad.keys
        type_pin(app, PIN)
        assert app.stack.top is pad and not on_operator_menu(app)
        shown = pygame.Surface(app.surface.get_size())
        pad.draw(shown)  # the message and the command, in the pad's panel
        assert app.kiosk.reset_command().endswith(f"--reset-pin --data-dir {data}")
        post_key("escape")
        settle(app)
        assert isinstance(app.stack.top, TitleScene)
    finally:
        app.shutdown()


@pytest.mark.slow
def test_reset_pin_from_a_shell_lets_the_operator_choose_a_new_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    kiosk_with_a_pin(data)
    lose_both_copies(data)
    assert run(["--reset-pin", "--data-dir", str(data), "--lang", "en"], GAMES) == 0
    assert "The operator PIN was removed" in capsys.readouterr().out
    app = kiosk_on(data)
    try:
        pad = app.stack.top
        assert isinstance(pad, PinPadScene) and pad.mode == "set"
        for _ in range(2):
            type_pin(app, "8642")
        assert app.stack.top is not pad
        open_pad(app)
        type_pin(app, "8642")
        assert on_operator_menu(app)
    finally:
        app.shutdown()


@pytest.mark.slow
def test_reset_pin_is_refused_while_the_kiosk_runs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    kiosk_with_a_pin(data)
    running = DataLock(data)
    assert running.acquire()
    try:
        assert run(["--reset-pin", "--data-dir", str(data), "--lang", "en"], GAMES) == 3
        assert "stop it first" in capsys.readouterr().out
    finally:
        running.release()
    assert json.loads((data / "kiosk-pin.json").read_text())["hash"]  # untouched
