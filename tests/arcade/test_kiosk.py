"""Kiosk mode with a fake clock: nobody quits but the operator (PIN → operator menu → EXIT);
idle → countdown → title → attract → touch → title; attract games never recorded or saved;
initials time out; every operator action through injected events, saved at once."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ai import autoplay
from game.arcade.kiosk import BANNER_EDGE, BANNER_PAD, Kiosk, attract_banner
from game.arcade.scenes import initials as initials_module
from game.arcade.scenes.pin_pad import PinPadScene
from game.arcade.scenes.scores import ScoresScene
from game.arcade.scenes.still_playing import StillPlayingScene
from game.arcade.scenes.title import TitleScene
from game.engine.testing import post_key, post_tap, post_touch_tap, run_frames
from game.games.magdagdon.scenes.play import PlayScene
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.support import WallClock, make_arcade, settle

PIN = "2468"


@pytest.fixture
def kiosk_app(tmp_path):
    app = make_arcade(tmp_path / "data", wall_clock=WallClock())
    kiosk = Kiosk(app, pin=PIN, idle_seconds=2.0, attract_seconds=1.0, seed=3)
    kiosk.install()
    app.stack.push(TitleScene(app))
    settle(app)
    yield app
    app.shutdown()


def test_window_close_and_alt_f4_never_quit(kiosk_app):
    app = kiosk_app
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE))
    settle(app)
    assert app.running
    titles = [b.translation_key for b in app.stack.top.menu]
    assert "title.quit" not in titles  # no QUIT button on a kiosk


def tap_corner(app, times: int, frames_between: int = 10) -> None:
    for _ in range(times):
        post_tap((30, 30))
        run_frames(app, frames_between)


def enter_pin(app, digits: str) -> None:
    pad = app.stack.top
    for digit in digits:
        post_tap(pad.keys[digit].rect.center)
        settle(app)
    post_tap(pad.keys["ok"].rect.center)
    settle(app)


def open_operator_menu(app):
    tap_corner(app, 5)
    assert isinstance(app.stack.top, PinPadScene)
    enter_pin(app, PIN)
    menu = app.stack.top
    assert type(menu).__name__ == "OperatorScene"
    return menu


@pytest.mark.slow
def test_five_corner_taps_and_the_right_pin_open_the_operator_menu_whose_exit_quits(kiosk_app):
    app = kiosk_app
    menu = open_operator_menu(app)
    assert app.running
    post_tap(menu.actions[3].rect.center)  # EXIT TO DESKTOP
    settle(app)
    assert app.running  # asked first
    post_tap(app.stack.top.b_yes.rect.center)
    settle(app)
    assert not app.running


@pytest.mark.slow
def test_slow_corner_taps_do_nothing(kiosk_app):
    app = kiosk_app
    tap_corner(app, 5, frames_between=50)  # 5 taps over ~4 s: more than the 3 s window
    assert not isinstance(app.stack.top, PinPadScene)


@pytest.mark.slow
def test_wrong_pins_lock_the_pad_for_a_while(kiosk_app):
    app = kiosk_app
    app.kiosk.attract_seconds = 1000  # stay on the title while the lock runs out
    tap_corner(app, 5)
    for _ in range(3):
        enter_pin(app, "1111")
    pad = app.stack.top
    assert isinstance(pad, PinPadScene) and pad.locked_for > 0
    enter_pin(app, PIN)  # refused while locked
    assert app.running
    app.ctx.storage.clock.advance(30)  # the lock (30 s) runs out
    run_frames(app, int(21 * 60))  # the idle pad closed itself
    tap_corner(app, 5)
    enter_pin(app, PIN)
    assert type(app.stack.top).__name__ == "OperatorScene"


@pytest.mark.slow
def test_idle_countdown_abandons_the_game_then_attract_then_touch_returns(kiosk_app):
    app = kiosk_app
    storage = app.ctx.storage
    app.stack.clear_to(PlayScene(app, saved=MagdagdonGame(Difficulty.PEACEFUL, random.Random(1))))
    settle(app)
    play = app.stack.top
    post_tap(play.b_roll.rect.center)
    settle(app)
    storage.save_game("magdagdon", play.game)
    run_frames(app, int(2.2 * 60))  # idle past 2 s
    assert isinstance(app.stack.top, StillPlayingScene)
    post_tap((500, 500))  # still here
    settle(app)
    assert app.stack.top is play
    run_frames(app, int(2.1 * 60) + 10 * 60 + 10)  # idle again, nobody answers the countdown
    assert isinstance(app.stack.top, TitleScene)
    assert not storage.has_saved_game("magdagdon")  # abandoned
    assert storage.records("magdagdon") == []  # and not recorded
    run_frames(app, 70)  # more idle time at the title
    kiosk = app.kiosk
    assert kiosk.attract and app.ctx.demo_is_attract and app.demo is not None
    assert isinstance(app.stack.top, PlayScene)
    run_frames(app, 120)
    assert app.stack.top.game.turns + len(app.stack.top.game.placed) + int(
        app.stack.top.game.in_turn) > 0  # the demo is really playing
    post_tap((700, 700))  # a real touch
    settle(app)
    assert isinstance(app.stack.top, TitleScene)
    assert not kiosk.attract and app.demo is None and not app.ctx.demo_is_attract


def test_the_touch_that_wakes_an_attract_kiosk_does_nothing_else(kiosk_app):
    """A touch as SDL2 delivers it (the emulated mouse first, then the finger): every event of
    it stops at the kiosk, none reaches a screen as a press or a release."""
    app = kiosk_app
    app.kiosk.start_attract()
    settle(app)
    pygame.event.clear()
    post_touch_tap((700, 700))
    events = pygame.event.get()
    assert [app.kiosk.filter(event) for event in events] == [False] + [True] * 4
    assert not app.kiosk.attract
    post_touch_tap((700, 700))  # the next touch is a player's again
    assert [app.kiosk.filter(event) for event in pygame.event.get()] == [False] * 5


@pytest.mark.slow
def test_attract_games_are_never_recorded_or_saved_and_cycle_with_the_tables(kiosk_app):
    app = kiosk_app
    storage = app.ctx.storage
    mine = MagdagdonGame(Difficulty.SURVIVAL, random.Random(2))
    mine.roll([3, 3, 4, 4])
    storage.save_game("magdagdon", mine)
    before = storage.load_game("magdagdon").to_dict()
    app.kiosk.start_attract()
    settle(app)
    seen_scores = False
    for _ in range(60):  # up to ~60 s of attract mode
        run_frames(app, 60)
        if isinstance(app.stack.top, ScoresScene):
            seen_scores = True
            break
    assert seen_scores
    assert storage.records("magdagdon") == []
    assert storage.load_game("magdagdon").to_dict() == before


@pytest.mark.slow
def test_initials_time_out_in_kiosk_mode(kiosk_app, monkeypatch):
    app = kiosk_app
    monkeypatch.setattr(initials_module, "KIOSK_TIMEOUT", 1.0)
    game = autoplay.finish(MagdagdonGame(Difficulty.NIGHTMARE, random.Random(5)))
    rank = app.ctx.storage.record_game("magdagdon", game)
    assert rank == 0
    app.stack.push(initials_module.InitialsScene(app, "magdagdon",
                                                 app.ctx.storage.record_id(game)))
    settle(app)
    run_frames(app, 70)
    assert not isinstance(app.stack.top, initials_module.InitialsScene)
    assert app.ctx.storage.table("magdagdon", "NIGHTMARE")[0].initials == ""


def test_escape_never_quits_a_kiosk(kiosk_app):
    app = kiosk_app
    post_key("escape")
    settle(app)
    assert app.running


# --- the operator's menu ------------------------------------------------------------------------
def saved_settings(app):
    from game.arcade.storage import Storage
    from game.games.registry import GAMES

    return Storage(app.ctx.storage.data_dir, games=[spec.data for spec in GAMES]).load_settings()


def saved_pin(app):
    from game.arcade.storage import Storage

    return Storage(app.ctx.storage.data_dir).kiosk_pin


@pytest.mark.slow
def test_operator_idle_time_and_attract_mode_take_effect_and_persist(kiosk_app):
    app = kiosk_app
    menu = open_operator_menu(app)
    post_tap(menu.idle_chips[4].rect.center)  # 300 s
    settle(app)
    assert app.kiosk.idle_seconds == 300 and saved_settings(app).idle_seconds == 300
    menu = app.stack.top
    post_tap(menu.b_attract.rect.center)  # OFF
    settle(app)
    assert saved_settings(app).kiosk_attract is False
    post_tap(app.stack.top.actions[0].rect.center)  # RESUME KIOSK
    settle(app)
    assert isinstance(app.stack.top, TitleScene)
    run_frames(app, 200)  # idle at the title: no attract mode any more
    assert not app.kiosk.attract and isinstance(app.stack.top, TitleScene)


@pytest.mark.slow
def test_operator_default_language_and_volumes(kiosk_app):
    app = kiosk_app
    menu = open_operator_menu(app)
    post_tap(menu.language_rects["th"].center)
    settle(app)
    stored = saved_settings(app)
    assert stored.kiosk_language == "th" and stored.language == "th"
    menu = app.stack.top
    menu.music.on_change(20)  # a slider moved (pygame-gui reports it this way)
    settle(app)
    assert saved_settings(app).music_volume == pytest.approx(0.2)
    app.set_language("en")
    app.ctx.settings.language = "en"  # a visitor switched to English
    app.kiosk.abandon()  # and walked away
    settle(app)
    from game.engine import i18n

    assert i18n.current() == "th"  # the next visitor finds the kiosk's own language
    i18n.set_locale("en")


@pytest.mark.slow
def test_operator_resets_the_scores_after_asking_twice_and_keeps_a_backup(kiosk_app):
    app = kiosk_app
    storage = app.ctx.storage
    game = autoplay.finish(MagdagdonGame(Difficulty.NIGHTMARE, random.Random(5)))
    storage.record_game("magdagdon", game)
    assert len(storage.records("magdagdon")) == 1
    menu = open_operator_menu(app)
    post_tap(menu.actions[2].rect.center)  # RESET SCORES
    settle(app)
    post_tap(app.stack.top.b_yes.rect.center)  # asked once
    settle(app)
    assert len(storage.records("magdagdon")) == 1
    post_tap(app.stack.top.b_yes.rect.center)  # asked twice
    settle(app)
    assert storage.records("magdagdon") == []
    backups = list(storage.data_dir.glob("arcade.db.backup-*"))
    assert len(backups) == 1 and game.score().total is not None
    assert type(app.stack.top).__name__ == "OperatorScene"


@pytest.mark.slow
def test_operator_changes_the_pin(tmp_path, caplog):
    caplog.set_level("INFO")
    app = make_arcade(tmp_path / "data")
    try:
        app.ctx.storage.kiosk_pin.set_pin("1357")
        kiosk = Kiosk(app, idle_seconds=1000.0, seed=3)
        kiosk.install()
        app.stack.push(TitleScene(app))
        settle(app)
        tap_corner(app, 5)
        enter_pin(app, "1357")
        menu = app.stack.top
        post_tap(menu.actions[1].rect.center)  # CHANGE PIN
        settle(app)
        for _ in range(2):
            enter_pin(app, "86420")
        assert type(app.stack.top).__name__ == "OperatorScene"
        assert kiosk.check_pin("86420") and not kiosk.check_pin("1357")
        assert saved_pin(app).attempt("86420")
        logged = caplog.text
        assert "86420" not in logged and "1357" not in logged and "PIN was set" in logged
    finally:
        app.shutdown()


@pytest.mark.slow
def test_the_operator_chooses_the_games_a_kiosk_offers(kiosk_app):
    from game.games.registry import GAMES

    app = kiosk_app
    menu = open_operator_menu(app)
    first = GAMES[0].id
    post_tap(menu.game_chips[0].rect.center)
    settle(app)
    if len(GAMES) == 1:  # the last game offered cannot be withdrawn
        assert app.kiosk.offered_ids() == [first]
        return
    assert first not in app.kiosk.offered_ids()
    assert saved_settings(app).kiosk_games == app.kiosk.offered_ids()
    post_tap(app.stack.top.actions[0].rect.center)
    settle(app)
    assert [t.spec.id for t in app.stack.top.tiles] == app.kiosk.offered_ids()


@pytest.mark.parametrize("screen", [(1920, 1080), (1366, 768), (1080, 1920), (720, 1280)])
@pytest.mark.parametrize("label", [(700, 130), (1100, 130)])
def test_the_attract_banner_stays_inside_the_screen_wherever_it_drifts(screen, label):
    """A long TOUCH TO PLAY (the pseudo-locale's, fitted to a portrait screen) drifted off
    both edges; every moment of ten minutes keeps it ``BANNER_EDGE`` inside."""
    inside = pygame.Rect((0, 0), screen).inflate(-2 * BANNER_EDGE, -2 * BANNER_EDGE)
    width = min(label[0], screen[0] - 2 * BANNER_EDGE - BANNER_PAD[0])  # as fit_size makes it
    boxes = [attract_banner(screen, (width, label[1]), step / 10) for step in range(6000)]
    assert all(inside.contains(box) for box in boxes)
    assert max(b.centery for b in boxes) - min(b.centery for b in boxes) > 100  # it drifts
