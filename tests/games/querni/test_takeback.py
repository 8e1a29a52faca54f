"""TAKE BACK against EASY and MEDIUM (issue 48): at the start of the person's turn UNDO takes
back their last turn and the computer's reply, restoring the position exactly; never against
HARD or between two people. A game with take-backs says so in its save, its record, its
document (version 3), the GAMES list and the replay."""

from __future__ import annotations

import random

import pytest

from game.engine.testing import run_frames
from game.games.querni import GAME_ID
from game.games.querni.computer import ComputerPlayer
from game.games.querni.demo import choose_turn as demo_turn
from game.games.querni.games_list import from_document, rows, who_text
from game.games.querni.players import HumanPlayer
from game.games.querni.record import (
    TAKEBACK_VERSION,
    check,
    check_record_fields,
    record_fields,
    to_record,
)
from game.games.querni.scenes.replay import ReplayScene
from game.games.querni.session import QuerniSession, replay
from game.rules.querni import Color
from tests.support import settle
from tests.support.querni_screen import start_vs, tap

B, R = Color.BLUE, Color.RED


def versus(level: str, person: Color = B, turns: int = 4, seed: int = 3) -> QuerniSession:
    """A game of the person (``person``) against ``level`` with ``turns`` turns played."""
    players = {person.name: "human", person.opponent.name: f"computer:{level}"}
    session = QuerniSession.new(random.Random(seed), f"vs_{level}", players)
    rng = random.Random(seed)
    for _ in range(turns):
        session.play(*demo_turn(session.state, rng))
    return session


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_take_back_drops_the_last_pair_of_turns_and_restores_the_position(level):
    session = versus(level, turns=4)
    before = list(session.turns)
    assert session.can_take_back
    assert session.take_back()
    assert session.turns == before[:2] and session.takebacks == 1
    assert session.state == replay(session.start, before[:2])
    assert session.state.to_move is B
    assert session.take_back() and session.turns == [] and session.state == session.start
    assert not session.can_take_back and not session.take_back()  # nothing left to take
    assert session.takebacks == 2


def test_no_take_back_against_hard_between_people_or_on_the_computers_turn():
    assert not versus("hard").can_take_back
    people = versus("easy")
    people.players = {"BLUE": "human", "RED": "human"}
    assert not people.can_take_back
    red = versus("easy", person=R, turns=2)  # RED's first turn and EASY's reply... not yet:
    assert red.state.to_move is B and not red.can_take_back  # it is EASY's turn
    red.play(*demo_turn(red.state, random.Random(1)))
    assert red.can_take_back  # RED's turn 2 and EASY's turn 3 can go; EASY's opening stays
    assert red.take_back() and len(red.turns) == 1
    over = versus("easy")
    over.resign(B)
    assert not over.can_take_back


def test_take_backs_are_saved_recorded_and_in_the_document():
    session = versus("easy", turns=6)
    session.take_back()
    session.play(*demo_turn(session.state, random.Random(2)))
    loaded = QuerniSession.from_dict(session.to_dict())
    assert loaded.takebacks == 1 and loaded.state == session.state
    session.resign(B)
    fields = record_fields(session)
    assert fields["takebacks"] == 1
    check_record_fields(fields)
    with pytest.raises(ValueError):
        check_record_fields({**fields, "takebacks": -1})
    document = to_record(session)
    assert document["version"] == TAKEBACK_VERSION and document["takebacks"] == 1
    assert check(document).takebacks == 1
    for bad in ({**document, "takebacks": 0}, {**document, "version": 2},
                {k: v for k, v in document.items() if k != "takebacks"}):
        with pytest.raises(ValueError):
            check(bad)
    plain = versus("easy")
    plain.resign(B)
    assert "takebacks" not in to_record(plain) and to_record(plain)["version"] == 2
    assert "takebacks" not in record_fields(plain)


def test_take_back_on_the_screen_restores_the_position_and_the_game_says_so(saving_app):
    app = saving_app
    session = versus("easy", turns=4)
    before = session.state
    played = list(session.turns)
    scene = start_vs(app, session, HumanPlayer(), ComputerPlayer("easy", deterministic=True,
                                                                 seed=1))
    assert scene.human_turn and scene.b_undo.is_enabled  # nothing in this turn: TAKE BACK
    tap(app, scene.b_undo.rect.center, 3)
    assert scene.session is session and session.turns == played[:2]
    assert scene.control.state == replay(session.start, played[:2]) == session.state
    assert scene.control.state != before and scene.human_turn
    assert scene.story.history.states[-1] == session.state  # the move list told anew
    assert len(scene.story.history) == 2
    assert "Taken back" in scene.message()[0] and "EASY" in scene.message()[0]
    # the game goes on, then ends: its record, document, GAMES row and replay say so
    scene.session.resign(B)
    app.ctx.record(GAME_ID, scene.session)
    storage = app.ctx.storage
    storage.settle()
    (record,) = storage.records(GAME_ID)
    assert record.fields["takebacks"] == 1
    (row,) = rows(storage.documents(GAME_ID), storage.records(GAME_ID))
    assert row.takebacks == 1 and who_text(row).endswith("1 take-back")
    document = storage.document(GAME_ID, row.record_id)
    assert document is not None and from_document(row, document).takebacks == 1
    replay_scene = ReplayScene(app, document)
    app.stack.push(replay_scene)
    settle(app)
    assert replay_scene.describe() == "Start position · 1 take-back"


def test_against_hard_undo_after_end_move_takes_nothing_back(app):
    session = versus("hard", turns=2)
    scene = start_vs(app, session, HumanPlayer(), ComputerPlayer("hard", deterministic=True))
    assert not scene.b_undo.is_enabled
    scene.undo()
    run_frames(app, 2)
    assert session.turn_count == 2 and session.takebacks == 0
