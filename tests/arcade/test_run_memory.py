"""A screen that leaves holds nothing that keeps it alive: the collector frees it."""

from __future__ import annotations

import gc
import weakref

from game.arcade.bootstrap import build
from game.arcade.cli import parser
from game.engine.testing import run_frames
from game.games.registry import GAMES


def test_a_screen_that_leaves_is_freed(tmp_path) -> None:
    app = build(parser(GAMES).parse_args(["--data-dir", str(tmp_path), "--frames", "1",
                                          "--seed", "1"]), GAMES)
    try:
        app.stack.apply_pending()
        title = weakref.ref(app.stack.top)
        assert title() is not None
        app.nav.replace("settings")
        run_frames(app, 3)  # the title leaves
        assert type(app.stack.top).__name__ == "SettingsScene"
        gc.collect()
        assert title() is None
    finally:
        app.shutdown()
