"""The move list's notation (docs/querni-notation.md) and the game told turn by turn
(``record.History``): the lines match a seeded game's record turn for turn, in every language."""

from __future__ import annotations

import random

import pytest

from game.engine import i18n
from game.games.querni.demo import choose_turn
from game.games.querni.notation import MoveLines, movement, turn_line
from game.games.querni.record import History, check, to_record
from game.games.querni.session import QuerniSession
from game.games.querni.texts import t
from game.rules.querni import Color, IllegalMove, QuerniState, trace_turn

B, R = Color.BLUE, Color.RED


@pytest.fixture(autouse=True)
def english():
    i18n.setup("en")
    yield
    i18n.set_locale("en")


def seeded_game(seed: int) -> QuerniSession:
    session = QuerniSession.new(random.Random(seed))
    rng = random.Random(seed)
    while not session.is_over:
        session.play(*choose_turn(session.state, rng))
    return session


def square(item: list[int]) -> str:
    """A square of the document as the board names it (Q-1.1), written out independently."""
    return "abcdefghij"[item[0]] + str(item[1] + 1)


def expected_line(number: int, turn: dict) -> str:
    """The line of a document's turn in English, written from its JSON as
    docs/querni-notation.md says."""
    colour = "BLUE" if number % 2 else "RED"  # BLUE opens, then they alternate
    parts = []
    if turn["path"] is not None:
        parts.append("–".join(square(sq) for sq in turn["path"]))
    if turn["chain"] is not None:
        parts.append(f"removes {turn['chain'][0]}–{turn['chain'][1]}")
    return f"{number}. {colour} {', '.join(parts) if parts else 'pass'}"


def test_the_move_list_matches_the_record_of_a_seeded_game():
    session = seeded_game(3)
    document = to_record(session)
    history = check(document).history()
    lines = [line for _colour, line in MoveLines().of(history.traces)]
    assert len(lines) == len(document["turns"]) == session.turn_count
    assert lines == [expected_line(n, turn) for n, turn in enumerate(document["turns"], 1)]
    assert any(", removes " in line for line in lines)  # the game removed chains after moving


def test_the_notation_of_each_kind_of_turn():
    state = QuerniState.from_pieces({(0, 0): (B, 5), (1, 1): (R, 3), (3, 2): (B, 9),
                                     (5, 1): (R, 12), (9, 6): (R, 1)}, B)
    jump = trace_turn(state, [(0, 0), (2, 2), (4, 2), (6, 0)], None)
    assert turn_line(12, jump) == "12. BLUE a1–c3–e3–g1"
    assert turn_line(13, trace_turn(state.play([(3, 2), (4, 3)]), None, None)) == "13. RED pass"
    chain = QuerniState.from_pieces({(2, 0): (B, 5), (3, 0): (B, 6), (4, 0): (B, 7),
                                     (9, 6): (R, 1)}, B)
    assert turn_line(1, trace_turn(chain, None, (5, 7))) == "1. BLUE removes 5–7"
    both = trace_turn(chain, [(4, 0), (4, 1)], (5, 7))
    assert turn_line(2, both) == "2. BLUE e1–e2, removes 5–7"
    assert movement([(2, 0), (2, 2), (0, 0)]) == "c1–c3–a1"


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_colours_and_words_are_the_players_language(locale):
    i18n.set_locale(locale)
    state = QuerniState.from_pieces({(2, 0): (B, 5), (3, 0): (B, 6), (4, 0): (B, 7),
                                     (9, 6): (R, 1)}, B)
    removal = turn_line(1, trace_turn(state, [(4, 0), (4, 1)], (5, 7)))
    assert t("color.BLUE") in removal and "e1–e2" in removal
    assert t("moves.removes", low=5, high=7) in removal
    passed = turn_line(2, trace_turn(state.play(), None, None))
    assert t("color.RED") in passed and passed.endswith(t("moves.pass"))
    if locale != "en":
        assert "removes" not in removal and "BLUE" not in removal


def test_the_lines_are_made_again_in_a_new_language():
    session = seeded_game(3)
    history = History(session.start, session.turns[:4])
    lines = MoveLines()
    english = lines.of(history.traces)
    i18n.set_locale("bg")
    bulgarian = lines.of(history.traces)
    assert len(english) == len(bulgarian) == 4
    assert english[0][1].startswith("1. BLUE") and bulgarian[0][1].startswith("1. СИНИТЕ")


def test_a_history_grows_turn_by_turn_and_knows_its_last_move():
    session = seeded_game(5)
    history = History(session.start)
    assert history.last is None and history.trace(0) is None and len(history) == 0
    history.catch_up(session.turns[:3])
    history.catch_up(session.turns[:3])  # nothing new: nothing told twice
    assert len(history) == 3 and history.states[3] == History(session.start,
                                                              session.turns[:3]).states[3]
    history.catch_up(session.turns)
    assert history.states == check(to_record(session)).states()
    assert history.states[-1] == session.state
    last = history.last
    assert last is not None and last is history.trace(len(history))
    path, chain = session.turns[-1]
    assert last.path == (path or ()) and last.chain == chain
    assert [trace.mover for trace in history.traces[:2]] == [B, R]


def test_a_history_refuses_an_illegal_turn():
    history = History(QuerniState.new(random.Random(1)))
    with pytest.raises(IllegalMove):
        history.add([(0, 0), (5, 5)], None)
    assert len(history) == 0 and len(history.states) == 1

