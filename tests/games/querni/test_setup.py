"""QUERNI's setup screen when a new game would replace the saved one, driven by real events
(Q-6.6 and the fair endings): QUIT TO TITLE keeps a game against the computer, and a NEW GAME
from the setup screen must not erase it unrecorded. It asks once; START NEW records the saved
game as a resignation (a loss, with its document in ``games/``), CONTINUE IT resumes it. A
saved game between two people is recorded as abandoned; a game without a turn is only
dropped; the demo answers CONTINUE IT."""

from __future__ import annotations

import pygame
import pytest

from game.arcade.demo import DemoDriver
from game.arcade.scenes.confirm import ConfirmScene
from game.arcade.scenes.title import TitleScene
from game.engine.testing import post_key
from game.games.querni.record import check
from game.games.querni.scenes.play import PlayScene
from game.games.querni.scenes.setup import SetupScene
from game.games.querni.session import QuerniSession
from game.games.querni.widgets.scores import outcome_for_person
from game.games.registry import GAMES
from tests.support import settle
from tests.support.querni_screen import opened, show_game, tap

VS_HARD_AS_RED = {"BLUE": "computer:hard", "RED": "human"}
TWO = {"BLUE": "human", "RED": "human"}


def quit_to_title(app, scene: PlayScene) -> TitleScene:
    """The pause menu's QUIT TO TITLE: the game is kept (CONTINUE on the title)."""
    tap(app, scene.b_menu.rect.center)
    pause = app.stack.top
    quit_button = next(b for b in pause.buttons if b.translation_key == "pause.quit_to_title")
    tap(app, quit_button.rect.center, 3)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    return title


def new_game_from_the_title(app, title: TitleScene) -> object:
    """The tile's NEW GAME, then the setup screen's NEW GAME: what comes up."""
    tile = next(tile for tile in title.tiles if tile.spec.id == "querni")
    assert tile.cont is not None  # the game was kept: CONTINUE is offered
    tap(app, tile.new_game.rect.center, 3)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    tap(app, setup.b_start.rect.center, 3)
    return app.stack.top


def kept_and_left(app, session: QuerniSession) -> object:
    """Play ``session`` on the screen, QUIT TO TITLE, then NEW GAME: what comes up."""
    return new_game_from_the_title(app, quit_to_title(app, show_game(app, session)))


@pytest.mark.slow
def test_a_new_game_over_a_saved_game_against_the_computer_asks_then_records_a_resignation(
        saving_app):
    app = saving_app
    session = opened("vs_hard", VS_HARD_AS_RED, turns=3)  # the person (RED) played turn 2
    question = kept_and_left(app, session)
    assert isinstance(question, ConfirmScene)  # not a new game at once: the loophole
    assert question.question_key == "setup.replace_question"
    assert question.texts.t(question.question_key, **question.params) == (
        "Your saved game against the computer will count as a resignation: a loss for you.")
    assert (question.b_yes.text, question.b_no.text) == ("START NEW", "CONTINUE IT")
    assert app.ctx.storage.records("querni") == []  # asking changes nothing
    tap(app, question.b_yes.rect.center, 3)
    play = app.stack.top
    assert isinstance(play, PlayScene) and play.session.turn_count == 0  # a new game
    [record] = app.ctx.storage.records("querni")
    assert (record.variant, record.result, record.reason, record.turns) == \
        ("vs_hard", "BLUE", "resigned", 3)
    assert outcome_for_person(record.fields) == "lost"
    [(_name, document)] = app.ctx.storage.game_documents("querni")
    assert check(document).turns == tuple(session.turns)
    assert (document["result"], document["reason"]) == ("BLUE", "resigned")


@pytest.mark.slow
def test_continue_it_resumes_the_saved_game_and_records_nothing(saving_app):
    app = saving_app
    session = opened("vs_hard", VS_HARD_AS_RED, turns=3)
    question = kept_and_left(app, session)
    tap(app, question.b_no.rect.center, 3)
    play = app.stack.top
    assert isinstance(play, PlayScene)
    assert play.session.turns == session.turns and not play.session.is_over
    assert play.versus_computer and play.human_turn  # the person (RED) is to move
    assert app.ctx.storage.records("querni") == []
    assert app.ctx.has_saved_game("querni")


@pytest.mark.slow
def test_back_on_the_question_stays_on_the_setup_screen(saving_app):
    app = saving_app
    kept_and_left(app, opened("vs_hard", VS_HARD_AS_RED, turns=3))
    post_key(pygame.K_ESCAPE)
    settle(app, 3)
    assert isinstance(app.stack.top, SetupScene)
    assert app.ctx.storage.records("querni") == [] and app.ctx.has_saved_game("querni")


@pytest.mark.slow
def test_a_new_game_over_a_saved_two_player_game_records_it_as_abandoned(saving_app):
    app = saving_app
    session = opened("two_players", TWO, turns=4)
    play = kept_and_left(app, session)
    assert isinstance(play, PlayScene)  # nothing to ask: an abandoned game is no one's loss
    [record] = app.ctx.storage.records("querni")
    assert (record.variant, record.result, record.reason, record.turns) == \
        ("two_players", "NONE", "abandoned", 4)
    [(_name, document)] = app.ctx.storage.game_documents("querni")
    assert check(document).turns == tuple(session.turns)


@pytest.mark.slow
def test_a_saved_game_without_a_turn_played_is_only_dropped(saving_app):
    app = saving_app
    scene = show_game(app, opened("vs_hard", {"BLUE": "human", "RED": "computer:hard"},
                                  turns=0))
    scene.autosave()  # (a game is saved after each turn; this one had none yet)
    assert isinstance(new_game_from_the_title(app, quit_to_title(app, scene)), PlayScene)
    assert app.ctx.storage.records("querni") == []
    assert app.ctx.storage.game_documents("querni") == []


@pytest.mark.slow
def test_the_demo_answers_continue_it(saving_app):
    app = saving_app
    session = opened("vs_hard", VS_HARD_AS_RED, turns=3)
    title = quit_to_title(app, show_game(app, session))
    tile = next(tile for tile in title.tiles if tile.spec.id == "querni")
    tap(app, tile.new_game.rect.center, 3)
    app.ctx.demo = True
    app.demo = DemoDriver(app, GAMES, "querni", seed=5, interval=3, report=lambda line: None)
    settle(app, 12)  # the demo taps NEW GAME, then answers the question
    play = app.stack.top
    assert isinstance(play, PlayScene) and play.session.turns[:3] == session.turns
    assert app.ctx.storage.records("querni") == []


def test_the_colour_choice_shows_the_first_movers_balance_and_honest_levels(app, monkeypatch):
    """Issue 48: where the colour is chosen the screen says what moving first is worth (as
    ``benchmarks.querni_ai`` measured a level against itself), and each level says honestly
    how it plays."""
    from game.games.querni.scenes import setup as setup_module
    from game.games.querni.texts import t

    drawn: list[str] = []
    real = setup_module.text.blit_lines

    def spy(surface, lines, *args, **kwargs):
        drawn.append(" ".join(lines))
        return real(surface, lines, *args, **kwargs)

    monkeypatch.setattr(setup_module.text, "blit_lines", spy)
    setup = SetupScene(app)
    app.stack.push(setup)
    settle(app)
    setup.choose_versus()
    setup.choose_level("easy")
    setup.draw(app.surface)
    said = " ".join(drawn).replace("  ", " ")
    assert "50 games in 100" in said and "first" in said
    assert "beginner" in t("variant.vs_easy_line") and "beginner" in said
    assert "misses a move now and then" not in t("variant.vs_easy_line")


def test_the_setup_screen_new_game_opens_is_built_while_the_title_shows(app, monkeypatch):
    """A scene change built ahead, never in the frame that changes."""
    app.nav.clear_to("title", game_id="querni")
    settle(app)
    opened: list[tuple[object, bool]] = []  # each screen as it was asked to open: built?
    push = app.stack.push

    def spy(new):
        opened.append((new, getattr(new, "b_start", None) is not None))
        push(new)

    monkeypatch.setattr(app.stack, "push", spy)
    tile = next(tile for tile in app.stack.top.tiles if tile.spec.id == "querni")
    tap(app, tile.new_game.rect.center, 3)
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and opened == [(setup, True)]
    assert setup.b_start.visible and setup.b_back.visible
