"""QUERNI's endings and REVIEW, for ``python -m tools.screenshots OUT --only endings``
(``e*.png``): a game against the computer as RED (the board turned round), the pause menu
against the computer and between two people (which choice keeps the game, FLIP BOARD), the
game-over panel lost by resigning and won on the board, VIEW BOARD (the HUD speaks to the
person too), the replay's REVIEW on a turn HARD marks, and the setup screen's question when a
NEW GAME would replace a kept game against the computer. Every shot is reached through real
taps and keys; each is saved at the logical size and, beside it, scaled to a common screen of
that shape (``*-small.png``: 1366×768 or 720×1280) to check what a small screen shows."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame

from game.ai.querni import choose_turn
from game.engine.synthetic import post_key, post_tap
from game.engine.testing import run_frames

SMALL = {(1920, 1080): (1366, 768), (1080, 1920): (720, 1280)}



def _save(app: Any, out: Path, name: str) -> None:
    path = out / f"{name}.png"
    pygame.image.save(app.surface, str(path))
    small = SMALL.get(app.surface.get_size())
    if small is not None:
        pygame.image.save(pygame.transform.smoothscale(app.surface, small),
                          str(out / f"{name}-small.png"))
    print(path)


def _tap(app: Any, pos: tuple[int, int], frames: int = 4) -> None:
    post_tap(pos)
    run_frames(app, frames)


def _choice(pause: Any, key: str) -> Any:
    return next(b for b in pause.buttons if b.translation_key == key)


def _opened(variant: str, players: dict[str, str], turns: int, seed: int = 5) -> Any:
    """A game of ``variant`` with ``turns`` turns played by MEDIUM on both sides."""
    from game.games.querni.session import QuerniSession

    session = QuerniSession.new(random.Random(seed), variant, players)
    for n in range(turns):
        session.play(*choose_turn(session.state, "medium", random.Random(n)))
    return session


def _won_on_the_board(seed: int = 0) -> Any:
    """A game against MEDIUM that the person (BLUE) won, played by the demo's chooser."""
    from game.games.querni.demo import choose_turn as demo_turn

    for attempt in range(seed, seed + 200):
        session = _opened("vs_medium", {"BLUE": "human", "RED": "computer:medium"}, 0,
                          seed=attempt)
        rng = random.Random(attempt)
        while not session.is_over:
            session.play(*demo_turn(session.state, rng))
        if session.outcome.result == "BLUE":
            return session
    raise AssertionError("no game won by BLUE")


def _reviewed_record() -> dict[str, Any]:
    """Seed 0's start, two MEDIUM turns, then BLUE passes although it could remove a chain
    (HARD marks it), and the demo's chooser plays on to the end."""
    from game.games.querni.demo import choose_turn as demo_turn
    from game.games.querni.record import to_record
    from game.games.querni.session import QuerniSession
    from game.rules.querni import QuerniState

    start = QuerniState.new(random.Random(0))
    session = QuerniSession(start, start)
    for n in range(2):
        session.play(*choose_turn(session.state, "medium", random.Random(n)))
    session.play(None, None)
    rng = random.Random(0)
    while not session.is_over:
        session.play(*demo_turn(session.state, rng))
    return to_record(session)


def endings_shots(app: Any, out: Path) -> None:
    """The ``e*.png`` shots (see the module)."""
    from game.games.querni.scenes.play import PlayScene

    vs_red = {"BLUE": "computer:hard", "RED": "human"}
    # RED against the computer: RED's pieces at the near edge
    play = PlayScene(app, saved=_opened("vs_hard", vs_red, 5))
    app.nav.clear_to("title")
    app.stack.push(play)
    run_frames(app, 30)
    _save(app, out, "e1-red-vs-computer-near-edge")
    _tap(app, play.b_menu.rect.center, 20)
    _save(app, out, "e2-pause-vs-computer")
    _tap(app, _choice(app.stack.top, "play.resign").rect.center, 10)
    _save(app, out, "e3-resign-question")
    _tap(app, app.stack.top.b_yes.rect.center, 30)
    _save(app, out, "e4-game-over-you-lost-resigned")
    _tap(app, app.stack.top.b_view.rect.center, 20)
    _save(app, out, "e5-game-over-view-board")

    won = _won_on_the_board()
    play = PlayScene(app, saved=won)
    app.nav.clear_to("title")
    app.stack.push(play)
    run_frames(app, 10)
    app.nav.push("querni.game_over", session=won)
    run_frames(app, 30)
    _save(app, out, "e6-game-over-you-won")

    two = PlayScene(app, saved=_opened("two_players", {"BLUE": "human", "RED": "human"}, 6))
    app.nav.clear_to("title")
    app.stack.push(two)
    run_frames(app, 20)
    _tap(app, two.b_menu.rect.center, 20)
    _save(app, out, "e7-pause-two-players")
    _tap(app, _choice(app.stack.top, "play.flip").rect.center, 30)
    _save(app, out, "e8-two-players-flipped")

    app.nav.clear_to("querni.replay", record=_reviewed_record())
    run_frames(app, 10)
    replay = app.stack.top
    _tap(app, replay.b_review.rect.center, 10)
    for _ in range(3):
        post_key(pygame.K_RIGHT)
        run_frames(app, 100)
    _save(app, out, "e9-review-marked-turn")
    post_key(pygame.K_RIGHT)
    run_frames(app, 100)
    _save(app, out, "e10-review-next-turn")
    _new_game_over_a_kept_game(app, out)


def _new_game_over_a_kept_game(app: Any, out: Path) -> None:
    """QUIT TO TITLE keeps a game against the computer; NEW GAME on the title, then on the
    setup screen, asks whether to count it as a resignation."""
    from game.games.querni.scenes.play import PlayScene

    play = PlayScene(app, saved=_opened("vs_hard", {"BLUE": "computer:hard", "RED": "human"}, 5))
    app.nav.clear_to("title")
    app.stack.push(play)
    run_frames(app, 20)
    _tap(app, play.b_menu.rect.center, 20)
    _tap(app, _choice(app.stack.top, "pause.quit_to_title").rect.center, 30)
    tile = next(tile for tile in app.stack.top.tiles if tile.spec.id == "querni")
    _tap(app, tile.new_game.rect.center, 30)
    _tap(app, app.stack.top.b_start.rect.center, 20)
    _save(app, out, "e11-new-game-over-a-kept-game")
