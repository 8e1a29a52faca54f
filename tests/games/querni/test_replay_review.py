"""REVIEW tells HARD's better turn whole and shows what differs (issue 44): a turn that jumped
and removed a chain, judged against HARD's same jump that keeps the chain, reads "…and keep
12–15" and shows the kept pieces, not a ghost of the very jump played; another movement and
another chain are drawn as HARD's path and frames."""

from __future__ import annotations

import pytest

from game.ai.querni.review import Verdict
from game.engine import i18n
from game.engine.testing import run_frames
from game.games.querni.record import to_record
from game.games.querni.scenes.replay import ReplayScene
from game.games.querni.scenes.replay_review import better_text
from game.rules.querni import QuerniState, hops_jumped, name
from tests.support import settle
from tests.support.querni_games import YOU_BLUE, finished


def moved_and_removed(record) -> int:
    """The first turn (numbered from 1) that moved a piece and removed a chain."""
    return next(n for n, (path, chain) in enumerate(record.turns, 1)
                if path is not None and chain is not None)


def shown_with(app, verdict_of) -> tuple[ReplayScene, int]:
    """The replay of a seeded game on its first turn that moved and removed, REVIEW on, with
    ``verdict_of(state, path, chain)`` as HARD's verdict on it."""
    replay = ReplayScene(app, to_record(finished(3, "vs_hard", YOU_BLUE)), review=True)
    app.stack.push(replay)
    settle(app)
    number = moved_and_removed(replay.record)
    path, chain = replay.record.turns[number - 1]
    replay.review.review.verdicts[number] = verdict_of(replay.states[number - 1], path, chain)
    replay.show_turn(number)
    run_frames(app, 3)
    assert replay.index == number and replay.review.marked
    return replay, number


def worse(best) -> Verdict:
    return Verdict(best, 4.0, 0.0, False)


def test_hards_same_movement_keeping_the_chain_says_keep_and_shows_the_kept_pieces(app):
    replay, number = shown_with(app, lambda state, path, chain: worse((path, None)))
    before = replay.states[number - 1]
    path, chain = replay.record.turns[number - 1]
    line, _colour = replay.review.line()
    low_high = f"{chain[0]}–{chain[1]}"
    assert line.endswith(f" and keep {low_high}.")
    if hops_jumped(path):
        assert " → ".join(name(sq) for sq in path) in line
    args = replay.review.board_args()
    assert args["hint_path"] == () and args["hint_chain"] == ()  # not the very move played
    moved = before.moved(list(path))
    mover = before.to_move
    kept = {moved.where(mover, n): (mover, n) for n in range(chain[0], chain[1] + 1)}
    assert args["ghosts"] == kept
    assert not set(kept) & set(replay.shown.pieces)  # where the played turn emptied them


def test_another_movement_and_chain_are_drawn_as_hards_path_and_frames(app):
    def other(state: QuerniState, path, chain) -> Verdict:
        return worse(next(turn for turn in state.legal_turns()
                          if turn[0] and turn[0][-1] != path[-1] and turn[1] is not None
                          and turn[1] != chain))

    replay, number = shown_with(app, other)
    (best_path, best_chain), before = replay.review.verdict.best, replay.states[number - 1]
    args = replay.review.board_args()
    assert args["hint_path"] == tuple(best_path)
    moved = before.moved(list(best_path))
    assert set(args["hint_chain"]) == {moved.where(before.to_move, n)
                                       for n in range(best_chain[0], best_chain[1] + 1)}
    line = replay.review.line()[0]
    assert f"remove {best_chain[0]}–{best_chain[1]}" in line and "keep" not in line


@pytest.mark.parametrize("locale", ["en", "th", "bg", "ko"])
def test_the_keep_line_names_the_chain_in_every_language(locale):
    state = QuerniState.new(__import__("random").Random(1))
    path = next(p for p, _c in state.legal_turns() if p)
    i18n.setup(locale)
    try:
        line = better_text(state, path, None, (12, 15))
        assert "12–15" in line and "review." not in line
        assert line != better_text(state, path, None)
    finally:
        i18n.set_locale("en")
