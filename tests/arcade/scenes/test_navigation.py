"""Every screen around the game, reached and left through injected events, with real storage."""

from __future__ import annotations

import random

import pytest

from game.arcade.scenes.confirm import ConfirmScene
from game.arcade.scenes.pause import PauseScene
from game.arcade.scenes.scores import ScoresScene
from game.arcade.scenes.settings import SettingsScene
from game.arcade.scenes.title import TitleScene
from game.engine.testing import post_key, post_tap, run_frames
from game.games.magdagdon.controller import Phase
from game.games.magdagdon.scenes.play import PlayScene
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.support import make_arcade, settle


def tap(app, element) -> None:
    post_tap(element.rect.center)
    settle(app)


def menu_button(scene, key):
    return next(b for b in scene.menu if b.translation_key == key)


def tile(title, game_id="magdagdon"):
    return next(t for t in title.tiles if t.spec.id == game_id)


def difficulty(app) -> str:
    return app.ctx.settings.game("magdagdon")["difficulty"]


@pytest.mark.slow
def test_title_menu_reaches_every_screen_and_back(saving_app):
    app = saving_app
    app.stack.push(TitleScene(app))
    settle(app)
    title = app.stack.top
    for key, scene_type in (("title.scores", "ScoresScene"), ("title.settings", "SettingsScene"),
                            ("title.about", "AboutScene")):
        tap(app, menu_button(title, key))
        assert type(app.stack.top).__name__ == scene_type
        post_key("escape")
        settle(app)
        assert app.stack.top is title, key
    tap(app, tile(title).rules)  # each game's tile has its RULES
    assert type(app.stack.top).__name__ == "RulesScene"
    tap(app, app.stack.top.back)  # the BACK button, not only Esc
    assert app.stack.top is title


def test_every_game_has_a_tile_with_new_game_and_rules(saving_app):
    from game.games.registry import GAMES

    app = saving_app
    app.stack.push(TitleScene(app))
    settle(app)
    title = app.stack.top
    assert [t.spec.id for t in title.tiles] == [spec.id for spec in GAMES]
    for t in title.tiles:
        assert t.new_game.visible and t.rules.visible and t.cont is None  # nothing saved yet


def test_new_game_asks_the_difficulty_then_plays_it(saving_app):
    app = saving_app
    app.stack.push(TitleScene(app))
    settle(app)
    title = app.stack.top
    tap(app, tile(title).new_game)
    assert title.choosing is not None and title.choosing.id == "magdagdon"
    tap(app, title.variant_buttons[2])  # NIGHTMARE
    play = app.stack.top
    assert isinstance(play, PlayScene) and play.game.difficulty is Difficulty.NIGHTMARE
    assert difficulty(app) == "NIGHTMARE"


def test_quit_button_ends_the_app(saving_app):
    app = saving_app
    app.stack.push(TitleScene(app))
    settle(app)
    tap(app, menu_button(app.stack.top, "title.quit"))
    assert not app.running


def _play_one_turn(app, play: PlayScene) -> None:
    tap(app, play.b_roll)
    post_tap((960, 1040))  # skip the tumble
    settle(app)
    if play.control.phase == Phase.MAGDAGDON:
        tap(app, play.b_accept)
        post_tap(play.layout.cell_rect(play.game.board.index(None)).center)
        settle(app)
        run_frames(app, 70)
        return
    for die, cell in play.game.hint():
        post_tap(play.layout.die_rect(die).center)
        settle(app)
        post_tap(play.layout.cell_rect(cell).center)
        settle(app)
    tap(app, play.b_confirm)


def test_pause_overlay_resume_rules_settings_and_quit_to_title(saving_app):
    app = saving_app
    app.stack.push(PlayScene(app, variant="PEACEFUL"))
    settle(app)
    play = app.stack.top
    tap(app, play.b_pause)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    tap(app, pause.buttons[1])  # RULES over the game
    assert type(app.stack.top).__name__ == "RulesScene"
    post_key("escape")
    settle(app)
    assert app.stack.top is pause
    tap(app, pause.buttons[2])  # SETTINGS
    assert isinstance(app.stack.top, SettingsScene)
    post_key("escape")
    settle(app)
    tap(app, pause.buttons[0])  # RESUME
    assert app.stack.top is play
    post_key("escape")
    settle(app)
    tap(app, app.stack.top.buttons[3])  # QUIT TO TITLE
    assert isinstance(app.stack.top, TitleScene)
    assert app.ctx.storage.has_saved_game("magdagdon")  # left, not abandoned: CONTINUE offers it
    assert tile(app.stack.top).cont is not None


@pytest.mark.slow
def test_settings_survive_a_restart(tmp_path):
    app = make_arcade(tmp_path / "data")
    app.stack.push(SettingsScene(app))
    settle(app)
    scene = app.stack.top
    tap(app, scene.b_motion)
    tap(app, scene.items[1][1])  # MAGDAGDON's dice look: DIGITS
    tap(app, app.stack.top.b_music_mute)
    post_tap(scene.language_rects["bg"].center)
    settle(app)
    post_key("escape")
    settle(app)
    app.shutdown()
    again = make_arcade(tmp_path / "data")
    s = again.ctx.settings
    assert (s.reduced_motion, s.game("magdagdon")["digits"], s.music_muted, s.language) == (
        True, True, True, "bg")
    again.shutdown()


@pytest.mark.slow
def test_language_switch_relabels_every_scene_on_the_stack(saving_app):
    app = saving_app
    app.stack.push(TitleScene(app))
    settle(app)
    title = app.stack.top
    tap(app, menu_button(title, "title.settings"))
    settings = app.stack.top
    post_tap(settings.language_rects["bg"].center)
    settle(app)
    assert settings.b_back.text == "НАЗАД" or settings.b_back.text != "BACK"
    post_key("escape")
    settle(app)
    assert tile(app.stack.top).new_game.text != "NEW GAME"


@pytest.mark.parametrize("answer", ["yes", "no"])
@pytest.mark.slow
def test_difficulty_change_during_a_game_asks_first_and_does_not_record(saving_app, answer):
    """M-2.2: a new game starts only after YES; the abandoned game is never recorded."""
    app = saving_app
    app.ctx.settings.game("magdagdon")["difficulty"] = "PEACEFUL"
    app.stack.push(PlayScene(app, saved=MagdagdonGame(Difficulty.PEACEFUL, random.Random(3))))
    settle(app)
    play = app.stack.top
    _play_one_turn(app, play)
    old_game = play.game
    assert old_game.turns == 1
    tap(app, play.b_pause)
    tap(app, app.stack.top.buttons[2])
    settings = app.stack.top
    tap(app, settings.items[0][1])  # SURVIVAL
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    tap(app, confirm.b_yes if answer == "yes" else confirm.b_no)
    assert app.stack.top is settings
    if answer == "yes":
        assert play.game is not old_game
        assert play.game.difficulty is Difficulty.SURVIVAL and play.game.turns == 0
        assert difficulty(app) == "SURVIVAL"
    else:
        assert play.game is old_game and difficulty(app) == "PEACEFUL"
    assert app.ctx.storage.records("magdagdon") == []


def test_difficulty_change_without_a_game_needs_no_question(saving_app):
    app = saving_app
    app.stack.push(SettingsScene(app))
    settle(app)
    tap(app, app.stack.top.items[0][2])
    assert isinstance(app.stack.top, SettingsScene)
    assert difficulty(app) == "NIGHTMARE"


@pytest.mark.slow
def test_resume_after_a_kill_continues_the_same_game_and_dice(tmp_path):
    """Autosave after every confirm: a new process offers CONTINUE with the same dice stream."""
    first = make_arcade(tmp_path / "data")
    first.stack.push(PlayScene(first, saved=MagdagdonGame(Difficulty.PEACEFUL, random.Random(5))))
    settle(first)
    play = first.stack.top
    for _ in range(2):
        _play_one_turn(first, play)
    saved = play.game.to_dict()
    expected_next_roll = MagdagdonGame.from_dict(saved).roll()
    first.ctx.storage.settle()  # the confirm's autosave is on disk (its writer thread: ~ms)
    # the process dies here: no shutdown, no save on quit
    second = make_arcade(tmp_path / "data")
    second.stack.push(TitleScene(second))
    settle(second)
    title = second.stack.top
    tap(second, tile(title).cont)
    resumed = second.stack.top
    assert isinstance(resumed, PlayScene)
    assert resumed.game.to_dict() == saved
    tap(second, resumed.b_roll)
    assert resumed.game.dice == expected_next_roll
    second.shutdown()


def _play_to_the_end(app, game: MagdagdonGame, frames_after: int) -> None:
    """Play ``game`` through taps until it is over, then let the game-over screens run."""
    app.stack.push(PlayScene(app, saved=game))
    settle(app)
    play = app.stack.top
    for _ in range(30):
        if game.is_over:
            break
        _play_one_turn(app, play)
    run_frames(app, frames_after)


@pytest.mark.slow
def test_a_finished_game_is_recorded_once_with_the_newest_highlighted(saving_app):
    app = saving_app
    game = MagdagdonGame(Difficulty.NIGHTMARE, random.Random(9))
    _play_to_the_end(app, game, 100)
    table = app.ctx.storage.table("magdagdon", "NIGHTMARE")
    assert [e.score for e in table] == [game.score().total]
    assert app.ctx.storage.last_recorded == table[0].id
    assert not app.ctx.storage.has_saved_game("magdagdon")
    assert len(app.ctx.storage.records("magdagdon")) == 1


@pytest.mark.slow
def test_initials_are_asked_for_a_top_ten_result_and_shown_in_the_table(saving_app):
    app = saving_app
    _play_to_the_end(app, MagdagdonGame(Difficulty.SURVIVAL, random.Random(4)), 200)
    initials = app.stack.top
    assert type(initials).__name__ == "InitialsScene"
    post_key("up")  # A → B
    post_key("right")
    post_key("down")  # A → Z
    post_key("return")
    settle(app)
    entry = app.ctx.storage.table("magdagdon", "SURVIVAL")[0]
    assert entry.initials == "BZA"
    app.stack.push(ScoresScene(app, game_id="magdagdon", variant="SURVIVAL"))
    settle(app)
    assert app.stack.top.view.entries()[0].initials == "BZA"


@pytest.mark.slow
def test_first_game_coaching_until_dismissed_never_again(tmp_path):
    app = make_arcade(tmp_path / "data")
    app.stack.push(PlayScene(app, variant="PEACEFUL"))
    settle(app)
    play = app.stack.top
    assert play.coach_step()[0] == "coach.roll"
    tap(app, play.b_roll)
    post_tap((960, 1040))
    settle(app)
    assert play.coach_step()[0] == "coach.pick"
    post_tap(play.layout.die_rect(0).center)
    settle(app)
    assert play.coach_step()[0] == "coach.place"
    tap(app, play.b_coach)
    assert play.coach_step() is None and not play.b_coach.visible
    app.shutdown()
    again = make_arcade(tmp_path / "data")
    again.stack.push(PlayScene(again, variant="PEACEFUL"))
    settle(again)
    assert again.stack.top.coach_step() is None
    again.shutdown()


def test_statistics_from_the_title_show_the_stored_records(saving_app):
    """STATISTICS is built from the records alone: a recorded game appears at once."""
    from game.ai import autoplay

    app = saving_app
    game = autoplay.finish(MagdagdonGame(Difficulty.SURVIVAL, random.Random(8)))
    app.ctx.storage.record_game("magdagdon", game)
    app.stack.push(TitleScene(app))
    settle(app)
    tap(app, menu_button(app.stack.top, "title.stats"))
    stats = app.stack.top
    assert type(stats).__name__ == "StatsScene"
    tap(app, stats.view.tabs[1])  # SURVIVAL
    figures = stats.view.current
    assert figures.games == 1 and figures.best == game.score().total
    post_key("escape")
    settle(app)
    assert isinstance(app.stack.top, TitleScene)
