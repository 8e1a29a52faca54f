"""The records' back end opens after the title's first frame (``game.arcade.opening``): the
title's CONTINUE is read from the save first and corrected once the records can say; the log
file gets the lines logged before it opened; a run over before its second frame never opens
the records."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

from game.ai import autoplay
from game.arcade.bootstrap import build
from game.arcade.cli import parser
from game.arcade.storage import DB_FILE, LOG_FILE, SAVES_DIR, Storage
from game.engine import i18n
from game.engine.testing import run_frames
from game.games.registry import GAMES
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.support import make_arcade, settle


@pytest.fixture
def fresh_log():
    """The root logger without the arcade's handlers of an earlier test (restored after)."""
    root = logging.getLogger()
    kept = list(root.handlers)
    level = root.level
    root.handlers = [h for h in kept if not getattr(h, "_arcade", False)]
    yield
    for handler in root.handlers:
        if handler not in kept:
            handler.close()
    root.handlers = kept
    root.setLevel(level)


def recorded_but_still_saved(data: Path) -> None:
    """A MAGDAGDON save whose game the records already hold: a kill between the record's
    commit and the save's removal."""
    storage = Storage(data, games=[spec.data for spec in GAMES])
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(4))
    game.roll()
    assert storage.save_game("magdagdon", game)
    save = data / SAVES_DIR / "magdagdon.json"
    kept = save.read_bytes()
    autoplay.finish(game)
    storage.record_game("magdagdon", game)
    storage.settle()
    storage.close()
    assert not save.exists()
    save.write_bytes(kept)  # the save as the kill left it


def test_continue_read_from_the_save_goes_once_the_records_say_its_game_was_recorded(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    recorded_but_still_saved(data)
    app = make_arcade(data)
    try:
        storage = app.ctx.storage
        assert storage is not None and not storage.records_open
        app.nav.push("title", game_id="magdagdon")
        settle(app, 1)
        tile = next(tile for tile in app.stack.top.tiles if tile.spec.id == "magdagdon")
        assert tile.cont is not None  # the save alone: a game to continue
        assert not storage.records_open  # the title opened nothing
        storage.check_files()  # the records open (and the recorded save is removed)
        settle(app, 1)
        tile = next(tile for tile in app.stack.top.tiles if tile.spec.id == "magdagdon")
        assert tile.cont is None
        assert not app.ctx.has_saved_game("magdagdon")
    finally:
        app.shutdown()


def test_an_unrecorded_save_keeps_its_continue_when_the_records_open(tmp_path: Path) -> None:
    data = tmp_path / "data"
    storage = Storage(data, games=[spec.data for spec in GAMES])
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(6))
    game.roll()
    assert storage.save_game("magdagdon", game)
    storage.close()
    app = make_arcade(data)
    try:
        app.nav.push("title", game_id="magdagdon")
        settle(app, 1)
        before = next(t for t in app.stack.top.tiles if t.spec.id == "magdagdon").cont
        assert before is not None
        app.ctx.storage.check_files()
        settle(app, 1)
        after = next(t for t in app.stack.top.tiles if t.spec.id == "magdagdon").cont
        assert after is before  # not rebuilt: the answer did not change
    finally:
        app.shutdown()


def start(data: Path, frames: int):
    return build(parser(GAMES).parse_args(["--data-dir", str(data), "--frames", str(frames)]),
                 GAMES)


def test_a_run_opens_its_records_and_log_at_its_second_frame(tmp_path: Path,
                                                              fresh_log: None) -> None:
    data = tmp_path / "data"
    recorded_but_still_saved(data)
    app = start(data, 5)
    try:
        storage = app.ctx.storage
        assert storage is not None and not storage.records_open
        assert not (data / LOG_FILE).exists() or "arcade starting" not in (
            data / LOG_FILE).read_text("utf-8")
        run_frames(app, 1)
        assert not storage.records_open  # the first frame waited for nothing of them
        run_frames(app, 1)
        assert storage.records_open  # a run to a frame count: at its second frame
        storage.settle()
        assert not (data / SAVES_DIR / "magdagdon.json").exists()  # every file checked
        for handler in logging.getLogger().handlers:
            handler.flush()
        assert "arcade starting" in (data / LOG_FILE).read_text("utf-8")
    finally:
        app.shutdown()
        i18n.set_locale("en")


def test_a_run_over_before_its_second_frame_keeps_its_log_and_opens_no_records(
        tmp_path: Path, fresh_log: None) -> None:
    data = tmp_path / "data"
    app = start(data, 1)
    assert app.run() == 0
    app.shutdown()
    i18n.set_locale("en")
    assert not (data / DB_FILE).exists()
    for handler in logging.getLogger().handlers:
        handler.flush()
    assert "arcade starting" in (data / LOG_FILE).read_text("utf-8")
