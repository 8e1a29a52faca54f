"""TEXT SIZE (issue 48): on a 1366×768 window no body text is drawn under 16 real pixels at
NORMAL and 20 at LARGE, on both games' screens and the arcade's, the move list and the help
pages included. Measured: every face the screens load while drawing, at the window's scale."""

from __future__ import annotations

import random

import pytest

from game.arcade import textsize
from game.engine import caches, i18n
from game.engine.testing import run_frames
from game.games.querni.demo import choose_turn
from game.games.querni.session import QuerniSession
from tests.support import make_arcade

WINDOW = (1366, 768)
LOGICAL = (1920, 1080)
SCALE = WINDOW[1] / LOGICAL[1]  # the letterbox: 1365×768, the canvas drawn at 0.711


def querni_with_moves() -> QuerniSession:
    session = QuerniSession.new(random.Random(3))
    rng = random.Random(3)
    for _ in range(14):
        session.play(*choose_turn(session.state, rng))
    return session


SCREENS = [
    ("title", {}),
    ("settings", {}),
    ("querni.play", {"saved": "moves"}),
    ("querni.rules", {}),
    ("magdagdon.rules", {}),
    ("magdagdon.play", {}),
    ("about", {}),
]


@pytest.mark.parametrize(("size", "smallest"), [("normal", 16), ("large", 20)])
@pytest.mark.slow
def test_no_body_text_under_the_floor_at_1366x768(monkeypatch, size, smallest) -> None:
    app = make_arcade()
    try:
        app.ctx.settings.text_size = size
        app.display.box = (0, 0, round(LOGICAL[0] * SCALE), WINDOW[1])  # a 1366×768 window
        loaded: dict[str, int] = {}
        real = i18n.font
        screen = [""]

        def spy(role, requested, locale=None):
            face = real(role, requested, locale)
            loaded[screen[0]] = min(loaded.get(screen[0], 999), face.point_size)
            return face

        monkeypatch.setattr(i18n, "font", spy)
        for name, kwargs in SCREENS:
            if kwargs.get("saved") == "moves":
                kwargs = {"saved": querni_with_moves()}
            screen[0] = name
            caches.reset_all()  # every label rendered anew on this screen, measured
            app.nav.clear_to(name, **kwargs)
            run_frames(app, 20)
        assert i18n.text_floor() == textsize.floor_for(size, WINDOW[1], LOGICAL[1])
        assert set(loaded) == {name for name, _kwargs in SCREENS}
        real_px = {where: round(points * SCALE, 1) for where, points in loaded.items()}
        assert min(real_px.values()) >= smallest, real_px
    finally:
        app.shutdown()
        i18n.set_text_floor(0)


def test_the_floor_follows_the_window_and_the_setting() -> None:
    assert textsize.floor_for("normal", 768, 1080) == 23  # 16 px at 0.711
    assert textsize.floor_for("large", 768, 1080) == 29  # 20 px
    assert textsize.floor_for("normal", 1080, 1080) == 16  # full size: 16 logical px
    assert textsize.floor_for("large", 2160, 1080) == 10  # 4K: doubled
    assert textsize.floor_for("nonsense", 1080, 1080) == 16


def test_the_move_list_grows_its_lines_with_the_text() -> None:
    from game.games.querni.widgets import move_list

    try:
        i18n.set_text_floor(0)
        normal = move_list.line_height()
        i18n.set_text_floor(29)
        assert move_list.line_height() >= 29 + 8 > normal
    finally:
        i18n.set_text_floor(0)


def test_text_size_is_chosen_on_settings_saved_and_applied_next_frame(tmp_path) -> None:
    from game.arcade.scenes.settings import SettingsScene
    from game.engine.testing import post_tap
    from tests.support import settle

    app = make_arcade(tmp_path / "data")
    try:
        app.stack.push(SettingsScene(app))
        settle(app)
        scene = app.stack.top
        assert i18n.text_floor() == 16  # the dummy window shows the canvas at its own size
        post_tap(scene.b_text_sizes["large"].rect.center)
        settle(app, 3)
        assert app.ctx.settings.text_size == "large" and i18n.text_floor() == 20
        assert app.stack.top.b_text_sizes["large"].object_ids[-1] == "#choice_on"
    finally:
        app.shutdown()
        i18n.set_text_floor(0)
    again = make_arcade(tmp_path / "data")
    try:
        assert again.ctx.settings.text_size == "large"
    finally:
        again.shutdown()
        i18n.set_text_floor(0)


def test_an_unknown_text_size_in_the_file_reads_as_normal() -> None:
    from game.arcade.storage.settings import parse_settings
    from game.games.registry import GAMES

    games = {spec.id: spec.data for spec in GAMES}
    settings = parse_settings({"settings": {"text_size": "huge"}, "games": {}}, games)
    assert settings.text_size == "normal"
    assert parse_settings({"settings": {"text_size": "large"}, "games": {}},
                          games).text_size == "large"


@pytest.mark.parametrize("size", textsize.SIZES)
def test_a_window_squeezed_to_a_sliver_asks_for_no_giant_faces(size) -> None:
    """``xdotool windowsize 1 1`` on a kiosk: the floor for a 1 px high window stays at a size
    a frame can load (it once asked for 17,280 px faces and the kiosk's picture never came
    back); a 1366×768 window keeps its floor."""
    assert textsize.floor_for(size, 1, 1080) <= textsize.HIGHEST_FLOOR
    assert textsize.floor_for(size, 768, 1080) == {"normal": 23, "large": 29}[size]
