"""Help that teaches on the play screen (issue 48), through real taps and keys: HINT's ghost
dice are the advisor's play, dead cells are marked and explained the moment they appear, a
Majda Power that cannot save a MAGDAGDON roll asks before it is spent, and UNDO takes back
placements and −1/+1 exactly, never across a roll."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from game.ai.advisor import advise
from game.arcade.scenes.confirm import ConfirmScene
from game.engine.testing import post_key, post_tap, run_frames
from game.games.magdagdon import hints
from game.games.magdagdon.controller import Phase
from game.games.magdagdon.scenes.play import PlayScene
from game.rules.magdagdon import Difficulty, MagdagdonGame
from game.rules.magdagdon.questions import CLASH
from tests.rules.magdagdon_support import board_of, game_with, naive_is_legal_sequence
from tests.support import settle
from tests.support.magdagdon_screen import roll, start, tap_cell, tap_die

TIMEOUT = 60.0


def _hinted(app, scene: PlayScene) -> None:
    post_key("h")
    settle(app)
    assert scene.hints.asker.wait(TIMEOUT)
    run_frames(app, 2)
    assert scene.hint is not None


def test_turn_ones_hint_shows_the_advisors_play_as_numbered_ghost_dice(app):
    """A seeded first turn: the ghosts are advise()'s placements (die, cell and value), in its
    order, numbered exactly when some other order would be illegal (M-4.2, M-4.5); the
    advised dice are marked in the tray; the words are plain."""
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(20261207))
    scene = start(app, game)
    roll(app, scene, [3, 4, 5, 2])
    expected = advise(MagdagdonGame.from_dict(game.to_dict()))
    _hinted(app, scene)
    targets = scene.hint.targets
    places = [(s[1], s[2]) for s in expected.steps if s[0] == "place"]
    assert [(g.die, g.cell, g.value) for g in targets.ghosts] == [
        (d, c, game.dice[d]) for d, c in places]
    moves = [(game.dice[d], c) for d, c in places]
    ordered = not all(naive_is_legal_sequence(game.board, p) for p in permutations(moves))
    assert [g.order for g in targets.ghosts] == (
        list(range(1, len(places) + 1)) if ordered else [0] * len(places))
    assert targets.dice == {d for d, _ in places}
    assert "expected" not in scene.hint.text  # "Scores about N more than any other play"
    app.stack.draw(app.surface)


@pytest.mark.slow
def test_following_the_ghosts_in_their_order_plays_the_advice_and_the_hint_ends(app):
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(20261207))
    scene = start(app, game)
    roll(app, scene, [3, 4, 5, 2])
    _hinted(app, scene)
    advised = scene.hint.advice
    while scene.hint is not None and scene.hint.targets.ghosts:
        ghost = scene.hint.targets.ghosts[0]
        tap_die(app, scene, ghost.die)
        tap_cell(app, scene, ghost.cell)
    assert scene.hint is not None and scene.hint.targets.buttons == {"confirm"}
    post_tap(scene.b_confirm.rect.center)
    settle(app)
    assert scene.hint is None and game.turns == 1
    replayed = MagdagdonGame(Difficulty.PEACEFUL, random.Random(1))
    replayed.roll([3, 4, 5, 2])
    for step in advised.steps:
        hints.apply_step(replayed, step)
    assert game.board == replayed.board


def _dead_cell_turn() -> MagdagdonGame:
    """2 / 3 / 4 5 down the left: a 6 beside the 5, then a 6 above it, kills the cell between
    the 3 and the 6 (M-4.3)."""
    return game_with(Difficulty.PEACEFUL, board_of("2... / 3... / 45.. / ...."),
                     dice=(6, 6, 1, 1))


def test_a_dead_cell_is_marked_and_explained_the_moment_it_appears(app):
    scene = start(app, _dead_cell_turn())
    assert scene.turn_help.dead.cells == {}
    tap_die(app, scene, 0)
    tap_cell(app, scene, 10)
    assert scene.turn_help.dead.cells == {}
    tap_die(app, scene, 1)
    tap_cell(app, scene, 6)
    dead = scene.turn_help.dead.cells
    assert list(dead) == [5] and dead[5].reason == CLASH
    message = scene.control.message
    assert message.key == "dead.clash"
    assert message.params == {"row": 2, "column": 2, "low": 3, "high": 6}
    assert "Row 2, column 2" in scene.message and "3" in scene.message
    app.stack.draw(app.surface)
    tap_cell(app, scene, 0)  # (a committed number: nothing to say)
    scene.control.say()
    tap_cell(app, scene, 5)  # the crossed cell, tapped with no die picked: why, again
    assert scene.control.message == message
    post_key("u")  # taken back: the cell lives again
    settle(app)
    assert scene.turn_help.dead.cells == {} and scene.game.placed == {0: 10}


def _magdagdon_on_screen(app, game: MagdagdonGame) -> PlayScene:
    """``game`` (in a MAGDAGDON turn) on the play screen, its banner slammed in."""
    scene = start(app, game)
    post_tap((960, 1040))  # a tap during the banner's slam only finishes it
    settle(app)
    assert scene.control.phase == Phase.MAGDAGDON and not scene.busy
    return scene


def _hopeless() -> MagdagdonGame:
    """The last empty cell sits between a 2 and a 6 (M-4.3): no roll, changed or rerolled,
    can ever be placed (M-6.1)."""
    return game_with(Difficulty.SURVIVAL, board_of("2.65 / 3456 / 4566 / 5666"),
                     dice=(3, 4, 5, 6), turns=7)


@pytest.mark.slow
def test_a_power_that_cannot_help_is_crossed_out_and_asks_first(app):
    game = _hopeless()
    scene = _magdagdon_on_screen(app, game)
    assert scene.guard.hopeless() == {"minus", "plus", "reroll"}
    assert scene.control.message.key == "play.magdagdon_no_help"
    app.stack.draw(app.surface)
    tap_die(app, scene, 0)
    post_tap(scene.b_plus.rect.center)
    settle(app)
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and question.question_key == "power.ask_adjust"
    assert question.params == {"value": 3, "to": 4, "penalty": 70}
    assert game.powers_used == 0 and game.dice == (3, 4, 5, 6)
    app.stack.draw(app.surface)
    post_tap(question.b_no.rect.center)  # KEEP IT
    settle(app)
    assert app.stack.top is scene and game.powers_used == 0
    post_tap(scene.b_reroll.rect.center)  # the mode is free: every unplaced die is marked
    settle(app)
    post_tap(scene.b_reroll_go.rect.center)
    settle(app)
    question = app.stack.top
    assert isinstance(question, ConfirmScene) and question.question_key == "power.ask_reroll"
    post_tap(question.b_no.rect.center)
    settle(app)
    assert game.powers_used == 0 and app.stack.top is scene
    post_tap(scene.b_reroll_cancel.rect.center)
    settle(app)
    tap_die(app, scene, 0)
    post_tap(scene.b_plus.rect.center)
    settle(app)
    post_tap(app.stack.top.b_yes.rect.center)  # USE IT ANYWAY: the rules take it
    settle(app)
    assert game.powers_used == 1 and game.dice == (4, 4, 5, 6)
    assert scene.control.phase == Phase.MAGDAGDON


def test_a_power_that_can_help_is_used_without_a_question(app):
    """A lone 1 and a roll of 3, 3, 6, 6: −1 on a 3 brings a 2 beside the 1 (M-4.3); +1
    cannot help and is crossed out."""
    game = game_with(Difficulty.PEACEFUL, board_of("1... / .... / .... / ...."),
                     dice=(3, 3, 6, 6), turns=1)
    scene = _magdagdon_on_screen(app, game)
    assert scene.guard.hopeless() == {"plus"}
    assert scene.control.message.key == "play.magdagdon_hint"
    tap_die(app, scene, 0)
    post_tap(scene.b_minus.rect.center)
    settle(app)
    assert app.stack.top is scene and game.powers_used == 1 and game.dice[0] == 2
    assert scene.control.phase == Phase.PLACING and scene.guard.hopeless() == frozenset()


@pytest.mark.slow
def test_undo_restores_a_power_and_each_placement_exactly_and_never_crosses_a_roll(app):
    game = game_with(Difficulty.PEACEFUL, board_of("1... / .... / .... / ...."),
                     dice=(3, 3, 6, 6), turns=1)
    scene = _magdagdon_on_screen(app, game)
    assert not scene.b_undo.is_enabled
    before_power = (game.to_dict(), list(scene.session.history))
    tap_die(app, scene, 0)
    post_tap(scene.b_minus.rect.center)  # a rescue (no question)
    settle(app)
    assert game.powers_used == 1 and scene.session.history[-1]["at"] == "adjust"
    after_power = game.to_dict()
    tap_die(app, scene, 0)
    tap_cell(app, scene, 1)
    tap_die(app, scene, 1)
    tap_cell(app, scene, 2)
    after_two = game.to_dict()
    assert scene.b_undo.is_enabled
    post_tap(scene.b_undo.rect.center)
    settle(app)
    assert game.placed == {0: 1} and scene.control.message.key == "play.undone"
    post_key("z")
    settle(app)
    assert game.to_dict() == after_power
    post_tap(scene.b_undo.rect.center)  # the −1 itself: its use and penalty come back
    settle(app)
    assert (game.to_dict(), scene.session.history) == before_power
    assert scene.control.phase == Phase.MAGDAGDON and not scene.b_undo.is_enabled
    assert scene.control.message.key == "play.magdagdon_hint"  # what the strip said before
    tap_die(app, scene, 0)
    post_tap(scene.b_minus.rect.center)
    settle(app)
    tap_die(app, scene, 0)
    tap_cell(app, scene, 1)
    tap_die(app, scene, 1)
    tap_cell(app, scene, 2)
    assert game.to_dict() == after_two
    post_tap(scene.b_confirm.rect.center)
    settle(app)
    roll(app, scene, [6, 6, 6, 6])  # a new roll: nothing before it comes back
    assert not scene.b_undo.is_enabled
    post_key("u")
    settle(app)
    assert game.turns == 2 and game.board[1:3] == (2, 3)


def test_undo_never_takes_back_a_reroll(app):
    game = game_with(Difficulty.PEACEFUL, board_of("1... / .... / .... / ...."),
                     dice=(3, 3, 6, 6), turns=1)
    scene = _magdagdon_on_screen(app, game)
    tap_die(app, scene, 0)
    post_tap(scene.b_minus.rect.center)
    settle(app)
    tap_die(app, scene, 0)
    tap_cell(app, scene, 1)
    assert scene.b_undo.is_enabled
    game.rng = random.Random(3)
    post_tap(scene.b_reroll.rect.center)
    settle(app)
    tap_die(app, scene, 3)
    post_tap(scene.b_reroll_go.rect.center)
    settle(app)
    post_tap((960, 1040))  # the tumble, finished at once
    settle(app)
    assert game.powers_used == 2 and not scene.b_undo.is_enabled
    before = game.to_dict()
    post_key("u")
    settle(app)
    assert game.to_dict() == before


@pytest.mark.parametrize("locale", ["en", "th", "bg", "ko"])
def test_the_new_words_fit_their_boxes_in_every_language(app, locale):
    """The dead cells' reasons fit the message line (two lines, at least 24 px), the banner's
    "no power can save it" the MAGDAGDON strip, the powers' warning the panel, the power
    questions the dialog (four lines), UNDO its button, in landscape and portrait."""
    from game.arcade.widgets import text
    from game.engine import i18n
    from game.games.magdagdon.texts import t
    from game.games.magdagdon.widgets.hud import BANNER, SETTLED_LABEL, SETTLED_LOGO
    from game.games.magdagdon.widgets.layout import LANDSCAPE, PORTRAIT

    try:
        app.set_language(locale)
        lines = [t("dead.clash", row=4, column=4, low=6, high=3),
                 t("dead.cut_off", row=4, column=4), t("play.undone"), t("illegal.no_undo")]
        for L in (LANDSCAPE, PORTRAIT):
            for line in lines:
                assert len(text.fit_lines(line, "bold", 32, L.right_width, 2, 24)[1]) <= 2, line
            for line in (t("play.magdagdon_no_help"),):  # beside the banner's title, in the strip
                logo = text.render(BANNER, "logo", SETTLED_LOGO, (0, 0, 0)).get_width()
                width = L.strip_rect.width - 30 - 40 - logo - 40
                assert len(text.fit_lines(line, "bold", SETTLED_LABEL, width, 2)[1]) <= 2, line
            warning = t("power.cannot_help")
            assert text.fit_size(warning, "ui", 26, L.powers_rect.width - 48, 20) >= 20
            assert text.render(warning, "ui", text.fit_size(
                warning, "ui", 26, L.powers_rect.width - 48, 20), (0, 0, 0)).get_width() \
                <= L.powers_rect.width - 48
            assert text.render(t("play.undo"), "bold", 32, (0, 0, 0)).get_width() \
                <= L.undo_rect.width - 24
        for key, params in (("power.ask_adjust", {"value": 3, "to": 4, "penalty": 70}),
                            ("power.ask_reroll", {"penalty": 40})):
            question = t(key, **params)
            assert len(text.wrap(question, "bold", 36, min(1100, 1080 - 60) - 120)) <= 4
    finally:
        app.set_language("en")
        i18n.set_locale("en")


def test_a_power_taken_back_is_gone_from_the_save_and_its_history(saving_app):
    """The autosave after UNDO holds the game as it was before the −1, and the history REVIEW
    replays has no trace of it."""
    app = saving_app
    game = game_with(Difficulty.PEACEFUL, board_of("1... / .... / .... / ...."),
                     dice=(3, 3, 6, 6), turns=1)
    scene = _magdagdon_on_screen(app, game)
    before = game.to_dict()
    tap_die(app, scene, 0)
    post_tap(scene.b_minus.rect.center)
    settle(app)
    saved = app.ctx.storage.load_game("magdagdon")
    assert saved.game.powers_used == 1 and [e["at"] for e in saved.history] == ["adjust"]
    post_key("u")
    settle(app)
    saved = app.ctx.storage.load_game("magdagdon")
    assert _without_rng(saved.game.to_dict()) == _without_rng(before)
    assert saved.history == []


def _without_rng(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "rng"}
