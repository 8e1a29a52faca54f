"""A run keeps its start-up objects out of the collector's sight (``engine.memory``), so the
collection when a screen leaves walks only what screens made: the screens themselves are
still freed, and a finished run gives everything back."""

from __future__ import annotations

import gc
import weakref

from game.arcade.bootstrap import build
from game.arcade.cli import parser
from game.engine.testing import run_frames
from game.games.registry import GAMES


def test_a_screen_that_leaves_is_freed_and_the_run_gives_back_what_it_kept(tmp_path) -> None:
    app = build(parser(GAMES).parse_args(["--data-dir", str(tmp_path), "--frames", "1",
                                          "--seed", "1"]), GAMES)
    try:
        assert gc.get_freeze_count() > 0  # start-up objects: kept for the run
        app.stack.apply_pending()
        title = weakref.ref(app.stack.top)
        assert title() is not None
        app.nav.replace("settings")
        run_frames(app, 3)  # the title leaves; its frame collects what it held
        assert type(app.stack.top).__name__ == "SettingsScene"
        assert title() is None
    finally:
        app.shutdown()
    assert gc.get_freeze_count() == 0
