"""A screen that leaves holds nothing that keeps it alive: the collector frees it."""

from __future__ import annotations

import gc
import weakref

import pytest

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


def test_the_collection_after_scene_changes_waits_for_a_quiet_frame_but_not_forever(
        app, monkeypatch) -> None:
    """The shell collects a few frames after a scene leaves, never on the frame of a change
    (that frame builds the next screen); screens changing faster than that (taps racing
    through menus) do not put it off for ever."""
    from game.arcade.app import COLLECT_AFTER_FRAMES

    collected: list[int] = []
    real = gc.collect
    monkeypatch.setattr(gc, "collect", lambda *a: collected.append(app.frame) or real(*a))
    app.nav.push("title")
    run_frames(app, 2)
    changes = []
    for _ in range(8):  # a change every COLLECT_AFTER_FRAMES / 2 frames
        app.nav.replace("settings" if type(app.stack.top).__name__ == "TitleScene"
                        else "title")
        run_frames(app, 1)
        changes.append(app.frame - 1)
        run_frames(app, COLLECT_AFTER_FRAMES // 2 - 1)
    assert collected, "never collected while the screens kept changing"
    assert not set(collected) & set(changes)


@pytest.mark.slow
def test_the_collection_never_shares_the_first_frame_of_a_new_screen(app, monkeypatch) -> None:
    """The frame after a scene change draws the new screen whole for the first time: the
    collection due then waits one frame more (here a change comes every 20 frames, so the
    collection falls due exactly on a change, and the next frame is the new screen's)."""
    from game.arcade.app import COLLECT_AFTER_FRAMES

    collected: list[int] = []
    real = gc.collect
    monkeypatch.setattr(gc, "collect", lambda *a: collected.append(app.frame) or real(*a))
    app.nav.push("title")
    run_frames(app, 2)
    changes = []
    for _ in range(5):
        app.nav.replace("settings" if type(app.stack.top).__name__ == "TitleScene"
                        else "title")
        run_frames(app, 1)
        changes.append(app.frame)  # the frame count as the changing pass left it
        run_frames(app, COLLECT_AFTER_FRAMES - 1)
    assert collected, "never collected"
    assert not set(collected) & (set(changes) | {c + 1 for c in changes})
