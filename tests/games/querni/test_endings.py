"""Fair endings of a QUERNI game, driven by real events: RESIGN (asks once) and EXIT against the
computer are a recorded loss with a document in ``games/`` (leaving never erases a loss), EXIT
between two people is recorded as abandoned (Q-6.6: it cannot be continued), the pause menu
says which choice keeps the game, and the game-over panel speaks to the person ("YOU LOST"),
puts itself aside to show the board and opens REVIEW."""

from __future__ import annotations

import random

import pygame
import pytest

from game.arcade.scenes.confirm import ConfirmScene
from game.arcade.scenes.pause import PauseScene
from game.engine.testing import post_key, run_frames
from game.games.querni.demo import choose_turn as demo_turn
from game.games.querni.notation import turn_line
from game.games.querni.record import ENDED_VERSION, VERSION, check, to_record
from game.games.querni.scenes.game_over import GameOverScene
from game.games.querni.scenes.play import PlayScene
from game.games.querni.scenes.replay import ReplayScene
from game.games.querni.session import QuerniSession
from game.games.querni.widgets.scores import outcome_for_person
from game.rules.querni import Color
from tests.support import settle
from tests.support.querni_screen import opened, show_game, tap

B, R = Color.BLUE, Color.RED
VS_HARD_AS_RED = {"BLUE": "computer:hard", "RED": "human"}
TWO = {"BLUE": "human", "RED": "human"}


def pause_menu(app, scene: PlayScene) -> PauseScene:
    tap(app, scene.b_menu.rect.center)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    return pause


def choice(pause: PauseScene, key: str):
    return next(b for b in pause.buttons if b.translation_key == key)


def note_under(pause: PauseScene, key: str) -> str | None:
    """The line drawn under the choice ``key``, if any."""
    button = choice(pause, key)
    return next((note() for note, rect in pause.notes if rect.top == button.rect.bottom),
                None)


def resign_through_the_menu(app, scene: PlayScene) -> ConfirmScene:
    tap(app, choice(pause_menu(app, scene), "play.resign").rect.center)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    return question


# --- RESIGN -----------------------------------------------------------------------------------
def test_resign_against_the_computer_asks_once_then_records_a_loss_and_a_document(saving_app):
    app = saving_app
    scene = show_game(app, opened("vs_hard", VS_HARD_AS_RED))  # the computer opened; RED to move
    question = resign_through_the_menu(app, scene)
    assert question.question_key == "play.resign_question"
    tap(app, question.b_no.rect.center)  # asked once: No changes nothing
    assert app.stack.top is scene and not scene.control.is_over
    assert app.ctx.storage.records("querni") == []
    tap(app, resign_through_the_menu(app, scene).b_yes.rect.center, 3)
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    assert (over.title, over.reason) == ("YOU LOST", "You resigned.")
    [record] = app.ctx.storage.records("querni")
    assert (record.variant, record.result, record.reason, record.turns) == \
        ("vs_hard", "BLUE", "resigned", 1)
    assert outcome_for_person(record.fields) == "lost"
    [(_name, document)] = app.ctx.storage.game_documents("querni")
    assert document["version"] == ENDED_VERSION
    assert check(document).outcome.winner is B
    assert not app.ctx.has_saved_game("querni")  # a resigned game cannot be continued
    assert scene.control.is_over and not scene.human_turn


def test_resign_between_two_people_is_the_side_to_moves_loss(saving_app):
    app = saving_app
    scene = show_game(app, opened("two_players", TWO))  # BLUE played: RED to move
    question = resign_through_the_menu(app, scene)
    assert question.question_key == "play.resign_question_color"
    assert question.params == {"color": "RED", "other": "BLUE"}
    tap(app, question.b_yes.rect.center, 3)
    over = app.stack.top
    assert (over.title, over.reason) == ("BLUE WINS", "RED resigned.")
    [record] = app.ctx.storage.records("querni")
    assert (record.result, record.reason) == ("BLUE", "resigned")


def test_resign_is_not_offered_before_a_turn_was_played(app):
    scene = show_game(app, opened("vs_hard", {"BLUE": "human", "RED": "computer:hard"}, turns=0))
    keys = [b.translation_key for b in pause_menu(app, scene).buttons]
    assert "play.resign" not in keys and "play.flip" not in keys


# --- EXIT -------------------------------------------------------------------------------------
def test_exit_against_the_computer_is_a_recorded_resignation(saving_app):
    app = saving_app
    scene = show_game(app, opened("vs_hard", VS_HARD_AS_RED, turns=3))  # RED to move after 3
    scene.autosave()
    assert app.ctx.has_saved_game("querni")
    tap(app, scene.b_exit.rect.center)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    assert question.question_key == "play.exit_resign_question"
    tap(app, question.b_yes.rect.center, 3)
    assert type(app.stack.top).__name__ == "TitleScene"
    [record] = app.ctx.storage.records("querni")
    assert (record.variant, record.reason, record.turns) == ("vs_hard", "resigned", 3)
    assert outcome_for_person(record.fields) == "lost"
    [(_name, document)] = app.ctx.storage.game_documents("querni")
    assert (document["result"], document["reason"]) == ("BLUE", "resigned")
    assert check(document).turns == tuple(scene.session.turns)
    assert not app.ctx.has_saved_game("querni")


def test_exit_before_any_turn_only_drops_the_game(saving_app):
    app = saving_app
    scene = show_game(app, opened("vs_hard", {"BLUE": "human", "RED": "computer:hard"}, turns=0))
    tap(app, scene.b_exit.rect.center)
    assert app.stack.top.question_key == "play.exit_question"
    tap(app, app.stack.top.b_yes.rect.center, 3)
    assert app.ctx.storage.records("querni") == []
    assert app.ctx.storage.game_documents("querni") == []


# --- the pause menu ---------------------------------------------------------------------------
def test_the_pause_menu_says_which_choice_keeps_the_game(saving_app):
    app = saving_app
    scene = show_game(app, opened("vs_hard", VS_HARD_AS_RED))
    pause = pause_menu(app, scene)
    assert note_under(pause, "pause.quit_to_title") == \
        "Keeps the game: CONTINUE it from the title."
    assert note_under(pause, "play.resign") == "Ends the game: a loss for you."
    assert note_under(pause, "pause.resume") is None
    post_key(pygame.K_ESCAPE)  # back to the game
    settle(app)
    two = show_game(app, opened("two_players", TWO))
    pause = pause_menu(app, two)
    assert note_under(pause, "play.resign") == "Ends the game: a loss for RED."
    assert note_under(pause, "play.flip") == "Turns the board round; the game goes on."
    run_frames(app, 2)
    # every choice and line fits inside the panel
    assert all(pause.panel.contains(b.rect) for b in pause.buttons)
    assert all(pause.panel.contains(rect) for _note, rect in pause.notes)
    assert app.surface.get_rect().contains(pause.panel)


# --- the game-over panel ----------------------------------------------------------------------
def finished(person: str, person_wins: bool) -> QuerniSession:
    """A game against the computer played to its end by the demo's chooser, won or lost by
    the person (``person``'s colour), found among seeded games."""
    other = "RED" if person == "BLUE" else "BLUE"
    for seed in range(200):
        session = opened("vs_medium", {person: "human", other: "computer:medium"}, turns=0,
                         seed=seed)
        rng = random.Random(seed)
        while not session.is_over:
            session.play(*demo_turn(session.state, rng))
        if session.outcome.result == (person if person_wins else other):
            return session
    raise AssertionError("no such game")


@pytest.mark.parametrize(("person", "wins", "title"), [
    ("BLUE", True, "YOU WON"), ("BLUE", False, "YOU LOST"), ("RED", False, "YOU LOST"),
])
def test_the_game_over_panel_speaks_to_the_person(app, person, wins, title):
    session = finished(person, wins)
    app.nav.push("querni.game_over", session=session)
    settle(app)
    assert app.stack.top.title == title


def test_view_board_puts_the_panel_aside_and_show_result_brings_it_back(app):
    session = finished("BLUE", False)
    scene = show_game(app, session)
    app.nav.push("querni.game_over", session=session)
    run_frames(app, 4)
    over = app.stack.top
    corner = scene.layout.square_centre((0, 0))  # a square outside the panel
    assert not over.panel.collidepoint(corner)
    dimmed = sum(app.surface.get_at(corner)[:3])
    tap(app, over.b_view.rect.center, 4)
    assert over.viewing and over.b_result.visible and not over.b_again.visible
    assert sum(app.surface.get_at(corner)[:3]) > dimmed  # the board is no longer veiled
    tap(app, over.b_result.rect.center, 4)
    assert not over.viewing and over.b_again.visible and not over.b_result.visible


@pytest.mark.parametrize(("person", "wins", "label"), [
    ("BLUE", False, "YOU LOST"), ("RED", True, "YOU WON"),
])
def test_under_view_board_the_hud_speaks_to_the_person_too(app, person, wins, label):
    session = finished(person, wins)
    scene = show_game(app, session)
    app.nav.push("querni.game_over", session=session)
    settle(app)
    tap(app, app.stack.top.b_view.rect.center, 3)
    _mover, hud_label, *_rest = scene.picture.hud_state()
    assert hud_label == label == app.stack.top.title


@pytest.mark.slow
def test_under_view_board_after_resigning_the_hud_says_you_lost(saving_app):
    app = saving_app
    scene = show_game(app, opened("vs_hard", VS_HARD_AS_RED))
    tap(app, resign_through_the_menu(app, scene).b_yes.rect.center, 3)
    tap(app, app.stack.top.b_view.rect.center, 3)
    mover, hud_label, *_rest = scene.picture.hud_state()
    assert (mover, hud_label) == (R, "YOU LOST")  # the person's token, as on the panel


def test_between_two_people_the_hud_names_the_winner(saving_app):
    app = saving_app
    scene = show_game(app, opened("two_players", TWO))
    tap(app, resign_through_the_menu(app, scene).b_yes.rect.center, 3)
    _mover, hud_label, *_rest = scene.picture.hud_state()
    assert hud_label == "BLUE WINS"


def test_review_opens_the_replay_of_this_game_and_exit_comes_back(app):
    session = finished("RED", False)
    app.nav.push("querni.game_over", session=session)
    settle(app)
    over = app.stack.top
    tap(app, over.b_review.rect.center, 3)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    assert replay.review.on and not replay.playing
    assert replay.record.turns == tuple(session.turns)
    assert replay.layout.flipped  # the person played RED: the board as they saw it
    tap(app, replay.b_exit.rect.center, 3)
    assert app.stack.top is over


# --- compatibility ----------------------------------------------------------------------------
def test_a_game_ended_on_the_board_keeps_the_version_1_document():
    document = to_record(finished("BLUE", True))
    assert document["version"] == VERSION and check(document).reason in (
        "all_removed", "no_chain_left", "quiet_rounds")


def test_an_ended_session_saves_and_loads_and_an_older_save_still_loads():
    session = opened("vs_hard", VS_HARD_AS_RED, turns=2)
    data = session.to_dict()
    assert "ending" not in data  # a game under way saves as before
    assert QuerniSession.from_dict(data).ending is None
    session.resign(R)
    again = QuerniSession.from_dict(session.to_dict())
    assert again.is_over and again.outcome.winner is B and again.outcome.reason == "resigned"


@pytest.mark.parametrize("bad", [
    {"result": "RED", "reason": "abandoned"},  # an abandoned game has no result
    {"result": "NONE", "reason": "resigned"},  # a resignation has a winner
    {"version": VERSION},  # version 1 knows no resignation
])
def test_a_document_that_misstates_its_ending_is_refused(bad):
    session = opened("vs_hard", VS_HARD_AS_RED, turns=2)
    session.resign(R)
    document = {**to_record(session), **bad}
    with pytest.raises(ValueError):
        check(document)


def viewing_the_board(app):
    """A finished game on the play screen under its game-over panel, put aside (VIEW BOARD)."""
    session = finished("BLUE", True)
    scene = show_game(app, session)
    app.nav.push("querni.game_over", session=session)
    run_frames(app, 4)
    over = app.stack.top
    tap(app, over.b_view.rect.center, 4)
    return scene, over


def test_a_language_switch_under_view_board_tells_the_move_list_anew(app):
    """The play screen under the game-over panel does not step; the move list VIEW BOARD
    shows of it follows a switch of language all the same (every entry, its colour words
    and its "removes" too)."""
    scene, over = viewing_the_board(app)
    traces = scene.story.history.traces
    english = scene.story.list.entries
    assert english[-1][1] == turn_line(len(traces), traces[-1])
    app.set_language("bg")
    run_frames(app, 2)
    shown = scene.story.list.entries
    assert [line for _color, line in shown] == [
        turn_line(number, trace) for number, trace in enumerate(traces, 1)]
    assert shown[-1][1] != english[-1][1]


def test_a_game_left_between_two_people_is_titled_unfinished_not_draw(app):
    session = opened("two_players", TWO, turns=3)
    session.abandon()
    app.nav.push("querni.game_over", session=session)
    settle(app)
    over = app.stack.top
    assert (over.title, over.reason) == ("UNFINISHED", "The game was left unfinished.")


def test_a_language_switch_under_view_board_redraws_the_greyed_buttons_too(app):
    """The play screen under the panel is not updated; its greyed END MOVE, UNDO, HINT and
    EXIT showed their English pictures over Bulgarian words until the panel went."""
    scene, over = viewing_the_board(app)
    shown = [b for s in (scene, over) for b in s.gui.get_sprite_group().sprites()
             if getattr(b, "translation_key", None) and b.visible]
    before = {id(b): (b.text, pygame.image.tobytes(b.image, "RGBA")) for b in shown}
    assert not scene.b_end.is_enabled
    app.set_language("bg")
    run_frames(app, 2)
    changed = [b for b in shown if b.text != before[id(b)][0]]
    assert scene.b_end in changed and over.b_result in changed
    stale = [b.text for b in changed
             if pygame.image.tobytes(b.image, "RGBA") == before[id(b)][1]]
    assert stale == []
