"""Why HINT's turn is good (issue 48: HINT says why in a few words): ``explain.reason`` on
hand-made positions, one per reason, and on seeded games (always a reason the screen has words
for, for a legal turn)."""

from __future__ import annotations

import random

import pytest

from game.ai.querni import choose_turn
from game.ai.querni.explain import reason
from game.rules.querni import Color, QuerniState

B, R = Color.BLUE, Color.RED
FAR_RED = {(9, 6): (R, 1), (8, 6): (R, 2), (7, 6): (R, 3)}


def at(pieces, to_move=B) -> QuerniState:
    return QuerniState.from_pieces({**FAR_RED, **pieces}, to_move)


def test_a_turn_that_removes_the_last_pieces_wins() -> None:
    state = at({(0, 0): (B, 1), (1, 0): (B, 2), (2, 0): (B, 3)})
    assert reason(state, None, (1, 3)) == ("wins", {})


def test_part_of_a_longer_chain_keeps_the_next_number() -> None:
    # 1–4 in a row and 5–7 apart: removing 1–3 keeps 4 for 4–7 later
    state = at({(0, 0): (B, 1), (1, 0): (B, 2), (2, 0): (B, 3), (3, 0): (B, 4),
                (5, 3): (B, 5), (6, 3): (B, 6), (7, 3): (B, 7)})
    assert reason(state, None, (1, 3)) == ("keeps", {"number": 4})
    assert reason(state, None, (2, 4)) == ("keeps", {"number": 1})


def test_a_step_that_completes_a_chain_prepares_it() -> None:
    state = at({(0, 0): (B, 1), (1, 0): (B, 2), (3, 0): (B, 3), (6, 3): (B, 4)})
    assert reason(state, [(3, 0), (2, 1)], None) == ("prepares", {"low": 1, "high": 3})


def test_a_step_into_the_last_way_between_two_numbers_blocks() -> None:
    # RED 5 and 6 two apart; BLUE already stands on two of the three squares between them
    state = at({(5, 5): (R, 5), (7, 5): (R, 6), (6, 4): (B, 1), (6, 6): (B, 9),
                (7, 4): (B, 5), (0, 0): (B, 12)})
    assert reason(state, [(7, 4), (6, 5)], None) == ("blocks", {"low": 5, "high": 6})


def test_a_step_beside_the_next_number_links_them() -> None:
    state = at({(3, 2): (B, 5), (5, 3): (B, 6), (0, 6): (B, 10)})
    assert reason(state, [(3, 2), (4, 2)], None) == ("links", {"number": 5, "other": 6})
    assert reason(state, [(3, 2), (2, 2)], None) is None  # further away: no reason


def test_a_pass_has_no_reason() -> None:
    state = at({(0, 0): (B, 1), (5, 3): (B, 6)})
    assert reason(state, None, None) is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hards_turns_in_seeded_games_get_a_reason_with_words(seed: int) -> None:
    from game.games.querni.texts import TEXTS

    rng = random.Random(seed)
    state = QuerniState.new(rng)
    named = 0
    for _ in range(16):
        if state.result is not None:
            break
        path, chain = choose_turn(state, "hard", rng, max_nodes=3000)
        why = reason(state, path, chain)
        if why is not None:
            named += 1
            assert TEXTS.t(f"hint.why_{why[0]}", **why[1], color="RED") != f"hint.why_{why[0]}"
        state = state.play(path, chain)
    assert named >= 8  # most of HARD's turns have a reason a newcomer can act on


def test_hints_line_says_what_and_why() -> None:
    from game.engine import i18n
    from game.games.querni.scenes.hinting import Hint

    i18n.setup("en")  # the catalogues read, whatever ran before on this worker
    state = at({(3, 2): (B, 5), (5, 3): (B, 6), (0, 6): (B, 10)})
    hint = Hint(state, ([(3, 2), (4, 2)], None))
    assert hint.text == "Hint: step your 5 from d3 to e3. It puts your 5 beside your 6."
    blocked = at({(5, 5): (R, 5), (7, 5): (R, 6), (6, 4): (B, 1), (6, 6): (B, 9),
                  (7, 4): (B, 5), (0, 0): (B, 12)})
    assert Hint(blocked, ([(7, 4), (6, 5)], None)).text.endswith(
        "It stands between RED's 5 and 6.")
