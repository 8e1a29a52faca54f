"""The play scene driven by real pygame events (mouse, touch, keys); truth is the rules' state."""

from __future__ import annotations

import random

import pytest

from game.engine.testing import post_drag, post_key, post_tap, post_touch_tap, run_frames
from game.games.magdagdon.controller import Phase
from game.games.magdagdon.scenes.game_over import GameOverScene
from game.games.magdagdon.scenes.play import PlayScene
from game.rules.magdagdon import RUIN, Difficulty, MagdagdonGame, score
from tests.support import settle
from tests.support.magdagdon_screen import (
    Forced,
    finish_by_taps,
    magdagdon_game,
    roll,
    start,
    tap_cell,
    tap_die,
)

# tests/arcade/scenes/test_partial_redraw.py (being changed elsewhere) imports these two from
# here; drop them once it imports them from tests.support.magdagdon_screen.


def centre(rect):
    return rect.center


def test_roll_tap_starts_a_turn_and_tumbles_then_lands_on_the_rules_dice(app):
    scene = start(app, MagdagdonGame(Difficulty.PEACEFUL, random.Random(1)))
    post_tap(centre(scene.b_roll.rect))
    settle(app)
    assert scene.control.phase == Phase.ROLLING and scene.game.in_turn
    assert "roll" in app.ctx.audio.played
    run_frames(app, 60)  # 0.7 s of tumbling at 60 Hz
    assert scene.control.phase == Phase.PLACING
    assert all(m.face is None for m in scene.tray.motion)  # showing the rules' values


def test_tap_during_roll_skips_the_animation_and_is_not_applied_as_a_move(app):
    scene = start(app, MagdagdonGame(Difficulty.PEACEFUL, random.Random(1)))
    post_tap(centre(scene.b_roll.rect))
    settle(app)
    post_tap(scene.layout.die_rect(0).center)  # would select die 0 if applied
    settle(app)
    assert scene.control.phase == Phase.PLACING
    assert scene.control.selected is None


def _a_4_picked_beside_two_3s(app) -> tuple[MagdagdonGame, PlayScene]:
    """Two 3s on the board (cells 5 and 6), then a roll of 4, 2, 6, 1 and the 4 picked up."""
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(2))
    game.roll([3, 3, 4, 6])
    game.place(0, 5)
    game.place(1, 6)
    game.confirm()
    scene = start(app, game)
    roll(app, scene, [4, 2, 6, 1])
    tap_die(app, scene, 0)
    return game, scene


@pytest.mark.slow
def test_selecting_a_die_lights_exactly_the_rules_legal_cells(app):
    game, scene = _a_4_picked_beside_two_3s(app)
    assert scene.control.selected == 0
    assert scene.control.legal_now == game.legal_cells_for(0) == frozenset({1, 2, 4, 7, 9, 10})
    tap_die(app, scene, 2)  # a 6 cannot touch a 3 anywhere
    assert scene.control.legal_now == frozenset()


def test_mouse_tap_tap_places_a_die_tentatively(app):
    scene = start(app, MagdagdonGame(Difficulty.PEACEFUL, random.Random(3)))
    roll(app, scene, [2, 3, 4, 5])
    tap_die(app, scene, 1)
    tap_cell(app, scene, 10)
    assert scene.game.placed == {1: 10}
    assert scene.game.view()[10] == 3
    assert scene.game.board[10] is None  # tentative, not committed


def test_touch_tap_places_a_die_once(app):
    scene = start(app, MagdagdonGame(Difficulty.PEACEFUL, random.Random(3)))
    roll(app, scene, [2, 3, 4, 5])
    post_touch_tap(scene.layout.die_rect(2).center)
    settle(app)
    post_touch_tap(scene.layout.cell_rect(0).center)
    settle(app)
    assert scene.game.placed == {2: 0}
    assert app.ctx.audio.played.count("place") == 1


def test_drag_and_drop_places_a_die(app):
    scene = start(app, MagdagdonGame(Difficulty.PEACEFUL, random.Random(3)))
    roll(app, scene, [2, 3, 4, 5])
    post_drag(scene.layout.die_rect(3).center, scene.layout.cell_rect(15).center)
    settle(app)
    assert scene.game.placed == {3: 15}


def test_illegal_tap_gives_feedback_and_changes_nothing(app):
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(2))
    game.roll([1, 1, 1, 1])
    game.place(0, 0)
    game.place(1, 4)
    game.confirm()
    scene = start(app, game)
    roll(app, scene, [6, 2, 2, 2])
    tap_die(app, scene, 0)
    tap_cell(app, scene, 1)  # a 6 next to a 1 (M-4.3)
    assert scene.game.placed == {}
    assert scene.message == "A 6 cannot go next to a 1."
    assert "illegal" in app.ctx.audio.played
    assert 1 in scene.fx.offsets  # the cell shakes


def test_confirm_button_reflects_the_required_count_and_commits(app):
    scene = start(app, MagdagdonGame(Difficulty.PEACEFUL, random.Random(4)))
    roll(app, scene, [2, 3, 4, 5])
    assert scene.b_confirm.text == "PLACE 2 MORE" and not scene.b_confirm.is_enabled
    tap_die(app, scene, 0)
    tap_cell(app, scene, 5)
    assert scene.b_confirm.text == "PLACE 1 MORE"
    tap_die(app, scene, 1)
    tap_cell(app, scene, 6)
    assert scene.b_confirm.is_enabled and scene.b_confirm.text == "CONFIRM"
    post_tap(centre(scene.b_confirm.rect))
    settle(app)
    assert scene.game.board[5] == 2 and scene.game.board[6] == 3
    assert scene.game.turns == 1 and scene.control.phase == Phase.IDLE


def _three_dice_in_a_row(app):
    """2 2 committed in the corner; a 3, 4 and 5 placed after them, each leaning on the last."""
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(5))
    game.roll([2, 2, 1, 1])
    game.place(0, 0)
    game.place(1, 1)
    game.confirm()
    scene = start(app, game)
    roll(app, scene, [3, 4, 5, 1])
    for die, cell in ((0, 2), (1, 3), (2, 7)):
        tap_die(app, scene, die)
        tap_cell(app, scene, cell)
    return scene, game


def test_tapping_a_tentative_die_picks_it_up_and_the_cascade_flies_home(app):
    """M-3.5 through taps: picking up the die that connects later ones returns them all."""
    scene, game = _three_dice_in_a_row(app)
    assert game.placed == {0: 2, 1: 3, 2: 7}
    tap_cell(app, scene, 3)  # the 4: the 5 below it loses its only connection
    assert game.placed == {0: 2}
    assert scene.control.selected == 1
    tap_cell(app, scene, 2)  # the 3 itself
    assert game.placed == {}
    assert app.ctx.audio.played.count("pickup") == 2
    moving = [m for m in scene.tray.motion if m.dx or m.dy]
    assert moving  # flying home to the tray
    run_frames(app, 30)
    assert not any(m.dx or m.dy for m in scene.tray.motion)


def test_picking_up_the_first_die_cascades_every_later_one(app):
    scene, game = _three_dice_in_a_row(app)
    tap_cell(app, scene, 2)
    assert game.placed == {}
    assert "2" in scene.message  # "2 more dice no longer fitted …"


@pytest.mark.slow
def test_powers_plus_minus_and_reroll_through_buttons(app):
    scene = start(app, MagdagdonGame(Difficulty.PEACEFUL, random.Random(6)))
    roll(app, scene, [2, 3, 4, 5])
    tap_die(app, scene, 0)
    post_tap(centre(scene.b_plus.rect))
    settle(app)
    assert scene.game.dice[0] == 3 and scene.game.powers_used == 1
    tap_die(app, scene, 3)
    post_tap(centre(scene.b_minus.rect))
    settle(app)
    assert scene.game.dice[3] == 4 and scene.game.powers_used == 2
    post_tap(centre(scene.b_reroll.rect))
    settle(app)
    assert scene.control.marked == {3}
    tap_die(app, scene, 1)
    assert scene.control.marked == {1, 3}
    scene.game.rng = Forced([6, 6])
    post_tap(centre(scene.b_reroll_go.rect))
    settle(app)
    run_frames(app, 60)
    assert scene.game.dice == (3, 6, 4, 6)
    assert scene.game.powers_used == 3 and scene.game.powers_left == 0
    assert not scene.b_plus.is_enabled


def test_nightmare_hides_the_powers(app):
    scene = start(app, MagdagdonGame(Difficulty.NIGHTMARE, random.Random(6)))
    assert not scene.b_minus.visible and not scene.b_reroll.visible


@pytest.mark.slow
def test_magdagdon_banner_then_accept_then_any_empty_cell_becomes_a_ruin(app):
    scene = start(app, magdagdon_game())
    roll(app, scene, [6, 6, 6, 6])
    assert scene.control.phase == Phase.MAGDAGDON and scene.game.is_magdagdon
    assert "magdagdon" in app.ctx.audio.played
    assert scene.b_accept.visible
    post_tap(centre(scene.b_accept.rect))
    settle(app)
    assert scene.control.phase == Phase.CHOOSE_RUIN
    assert scene.control.legal_now == frozenset(range(2, 16))  # any empty cell, reachable or not
    tap_cell(app, scene, 15)
    assert scene.game.board[15] is RUIN
    assert scene.game.turns == 2
    assert "ruin" in app.ctx.audio.played
    assert scene.control.phase == Phase.CRUMBLING
    run_frames(app, 70)
    assert scene.control.phase == Phase.IDLE


@pytest.mark.slow
def test_magdagdon_rescued_by_a_power(app):
    scene = start(app, magdagdon_game())
    roll(app, scene, [6, 6, 6, 6])
    post_tap(centre(scene.b_reroll.rect))
    settle(app)
    assert scene.control.marked == {0, 1, 2, 3}
    scene.game.rng = Forced([1, 2, 3, 4])
    post_tap(centre(scene.b_reroll_go.rect))
    settle(app)
    run_frames(app, 60)
    assert scene.control.phase == Phase.PLACING and not scene.game.is_magdagdon
    assert scene.message == "Rescued! The dice can be placed."


def test_accept_is_never_offered_when_a_legal_sequence_exists(app):
    scene = start(app, MagdagdonGame(Difficulty.SURVIVAL, random.Random(9)))
    roll(app, scene, [1, 2, 3, 4])
    assert not scene.b_accept.visible
    scene.control.accept()
    assert scene.control.phase == Phase.PLACING


def test_keyboard_plays_a_turn(app):
    scene = start(app, MagdagdonGame(Difficulty.PEACEFUL, random.Random(10)))
    scene.game.rng = Forced([2, 2, 3, 3])
    post_key("space")
    settle(app)
    post_key("space")  # skips the tumble
    settle(app)
    post_key("1")
    settle(app)
    assert scene.control.selected == 0 and scene.control.cursor is not None
    post_key("return")
    settle(app)
    assert len(scene.game.placed) == 1
    post_key("2")
    post_key("right")
    settle(app)
    cell = scene.control.cursor
    post_key("return")
    settle(app)
    if len(scene.game.placed) < 2:  # the cursor cell was not legal: try the cells the rules give
        target = sorted(scene.game.legal_cells_for(1))[0]
        scene.control.cursor = target
        post_key("return")
        settle(app)
    assert len(scene.game.placed) == 2, cell
    post_key("backspace")
    settle(app)
    assert len(scene.game.placed) == 1
    post_key("2")
    settle(app)
    scene.control.cursor = sorted(scene.game.legal_cells_for(1))[0]
    post_key("return")
    settle(app)
    post_key("return")  # nothing selected: CONFIRM
    settle(app)
    assert scene.game.turns == 1


def test_escape_opens_the_pause_overlay_over_the_board(app):
    scene = start(app, MagdagdonGame(Difficulty.PEACEFUL, random.Random(11)))
    post_key("escape")
    settle(app)
    top = app.stack.top
    assert top is not scene and top.transparent
    post_key("escape")
    settle(app)
    assert app.stack.top is scene


@pytest.mark.parametrize("difficulty", list(Difficulty))
@pytest.mark.slow
def test_whole_game_through_events_ends_with_the_rules_score(app, difficulty):
    game = MagdagdonGame(difficulty, random.Random(12))
    scene = start(app, game)
    finish_by_taps(app, scene)
    assert game.is_over
    run_frames(app, 80)
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    expected = score(game.board, difficulty, game.powers_used)
    assert over.card == expected == game.score()
    run_frames(app, 200)
    assert over.counted
    post_tap(centre(over.b_again.rect))
    settle(app)
    assert isinstance(app.stack.top, PlayScene) and app.stack.top.game is not game


def test_a_tap_on_roll_during_the_crumble_only_skips_it_never_rolls(app):
    """Issue rule: a tap during an animation finishes it and is not applied as a move."""
    scene = start(app, magdagdon_game())
    roll(app, scene, [6, 6, 6, 6])
    post_tap(centre(scene.b_accept.rect))
    settle(app)
    tap_cell(app, scene, 15)
    assert scene.control.phase == Phase.CRUMBLING
    post_tap(centre(scene.b_roll.rect))  # during the crumble
    settle(app)
    assert scene.control.phase == Phase.IDLE and not scene.game.in_turn  # skipped, not rolled
    assert scene.game.board.count(RUIN) == 1
    post_tap(centre(scene.b_roll.rect))  # the next tap is a real ROLL
    settle(app)
    assert scene.game.in_turn


def test_a_tap_on_a_cell_during_the_crumble_makes_no_second_ruin(app):
    scene = start(app, magdagdon_game())
    roll(app, scene, [6, 6, 6, 6])
    post_tap(centre(scene.b_accept.rect))
    settle(app)
    tap_cell(app, scene, 15)
    tap_cell(app, scene, 14)
    assert scene.game.board.count(RUIN) == 1 and scene.game.turns == 2


def test_confirm_tapped_while_rerolled_dice_tumble_is_not_applied(app):
    scene = start(app, MagdagdonGame(Difficulty.PEACEFUL, random.Random(6)))
    roll(app, scene, [2, 3, 4, 5])
    for die, cell in ((0, 5), (1, 6)):
        tap_die(app, scene, die)
        tap_cell(app, scene, cell)
    post_tap(centre(scene.b_reroll.rect))
    settle(app)
    tap_die(app, scene, 2)
    post_tap(centre(scene.b_reroll_go.rect))
    settle(app)
    assert scene.control.phase == Phase.ROLLING
    post_tap(centre(scene.b_confirm.rect))  # skips the tumble only
    settle(app)
    assert scene.game.turns == 0 and scene.game.in_turn
    post_tap(centre(scene.b_confirm.rect))
    settle(app)
    assert scene.game.turns == 1


def test_keyboard_powers_minus_plus_and_reroll(app):
    scene = start(app, MagdagdonGame(Difficulty.PEACEFUL, random.Random(6)))
    roll(app, scene, [2, 3, 4, 5])
    post_key("1")
    post_key("=")  # + without Shift
    settle(app)
    assert scene.game.dice[0] == 3
    post_key("4")
    post_key("-")
    settle(app)
    assert scene.game.dice[3] == 4
    post_key("r")  # REROLL mode starts with the selected die (4) marked; 2 marks die 2
    settle(app)
    post_key("2")
    settle(app)
    assert scene.control.marked == {1, 3}
    scene.game.rng = Forced([6, 1])
    post_key("r")
    settle(app)
    run_frames(app, 60)
    assert scene.game.dice == (3, 6, 4, 1) and scene.game.powers_used == 3


def test_the_demo_reports_every_game_even_when_python_reuses_an_id(app, monkeypatch):
    """Regression: the demo once kept ids of reported games; a new game at a freed game's
    address was never reported (the soak counted fewer and fewer games). Every game here
    is given the same id, as the allocator may."""
    from game.ai import autoplay
    from game.games.magdagdon import demo as demo_module
    from game.games.magdagdon.demo import DemoPlayer

    monkeypatch.setattr(demo_module, "id", lambda obj: 1, raising=False)
    lines: list[str] = []
    demo = DemoPlayer(app, rng=random.Random(1), report=lines.append)
    for seed in range(3):
        game = autoplay.finish(MagdagdonGame(Difficulty.NIGHTMARE, random.Random(seed)))
        app.stack.push(GameOverScene(app, game))
        settle(app)
        demo.step(app.stack.top)
        del game
        app.stack.pop()
        settle(app)
    assert len(lines) == 3 and all(line.startswith("GAME OVER ") for line in lines)


@pytest.mark.slow
def test_play_again_starts_a_new_game_whose_buttons_work(app):
    """PLAY AGAIN reuses the scene and its buttons with a new game: ROLL must roll the new one
    (a bug once: the buttons still called the finished game's controller)."""
    from game.ai import autoplay

    game = MagdagdonGame(Difficulty.NIGHTMARE, random.Random(6))
    while sum(cell is None for cell in game.board) > 4:  # a turn or two before its end
        autoplay.play_turn(game)
    assert not game.is_over
    scene = start(app, game)
    finish_by_taps(app, scene)  # the game ends on this screen
    run_frames(app, 120)
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    post_tap(centre(over.b_again.rect))
    settle(app)
    assert app.stack.top is scene and scene.game is not game and scene.game.turns == 0
    post_tap(centre(scene.b_roll.rect))
    settle(app)
    assert scene.game.in_turn and scene.control.phase == Phase.ROLLING


def _moments(changes: int, stays: int) -> tuple[float, float]:
    """Two moments of the glows' pulse: one in which glow ``changes`` (0 legal, 1 danger) has
    stepped and glow ``stays`` has not."""
    from game.games.magdagdon.widgets.board import BoardView

    for frame in range(600):
        a, b = BoardView.glow_alphas(frame / 60), BoardView.glow_alphas((frame + 1) / 60)
        if a[changes] != b[changes] and a[stays] == b[stays]:
            return frame / 60, (frame + 1) / 60
    raise AssertionError("the pulse never steps one glow alone")


def _glowing_cells_redrawn(scene, legal, before: float, after: float) -> set[int]:
    """Which of ``legal`` the scene's partial redraw repaints when time goes from ``before`` to
    ``after`` with nothing else changed."""
    scene.time = before
    scene.damage()
    scene.damage()  # the regions of the draw before go (a thing that moved is erased)
    scene.time = after
    areas = scene.damage()
    assert areas is not None
    return {cell for cell in legal if scene.board_view.cell_area(cell) in areas}


def test_glowing_cells_are_repainted_when_their_own_glow_steps_only(app):
    _game, scene = _a_4_picked_beside_two_3s(app)
    legal = scene.control.legal_now
    assert legal == frozenset({1, 2, 4, 7, 9, 10})  # lit in the legal glow (M-4.2)
    assert _glowing_cells_redrawn(scene, legal, *_moments(1, 0)) == set()
    assert _glowing_cells_redrawn(scene, legal, *_moments(0, 1)) == legal


def test_a_ruin_to_choose_glows_in_the_danger_glow_whose_steps_repaint_it(app):
    scene = start(app, magdagdon_game())
    roll(app, scene, [6, 6, 6, 6])
    post_tap(centre(scene.b_accept.rect))
    settle(app)
    assert scene.control.phase == Phase.CHOOSE_RUIN
    legal = scene.control.legal_now
    assert _glowing_cells_redrawn(scene, legal, *_moments(0, 1)) == set()
    assert _glowing_cells_redrawn(scene, legal, *_moments(1, 0)) == legal


def test_a_flashing_cell_and_a_swelling_flag_are_repainted_only_when_their_step_changes(app):
    """A scored line's cells fade and its flag swells in steps (``BoardView.flash_shade``,
    ``flag_swell``): the partial redraw repaints them when the drawn step changes, not every
    frame of the 0.8 s flash."""
    from game.games.magdagdon.widgets.board import FLAG_SWELL, FLASH_STEP, BoardView

    scene = start(app, MagdagdonGame(Difficulty.PEACEFUL, random.Random(3)))
    cell, line = 5, 1
    cell_area, flag_area = scene.board_view.cell_area(cell), scene.board_view.sum_area(line)

    def repainted(flash_before, flash_after, flag_before, flag_after) -> tuple[bool, bool]:
        scene.fx.flash[cell], scene.fx.lines[line] = flash_before, flag_before
        scene.damage()
        scene.damage()  # the regions of the draw before go
        scene.fx.flash[cell], scene.fx.lines[line] = flash_after, flag_after
        areas = scene.damage()
        assert areas is not None
        return cell_area in areas, flag_area in areas

    same_step = (0.90, 0.89)  # 180 and 178 → both drawn as 176
    assert BoardView.flash_shade(same_step[0]) == BoardView.flash_shade(same_step[1]) == 176
    assert BoardView.flag_swell(0.51) == BoardView.flag_swell(0.55) == 6
    assert repainted(*same_step, 0.51, 0.55) == (False, False)
    assert repainted(0.90, 0.70, 0.51, 0.55) == (True, False)
    assert repainted(0.90, 0.89, 0.51, 0.60) == (False, True)
    scene.damage()
    scene.fx.flash.pop(cell)  # the flash is over: its last step is wiped
    scene.fx.lines.pop(line)
    areas = scene.damage()
    assert areas is not None and cell_area in areas and flag_area in areas
    assert all(BoardView.flash_shade(k / 100) % FLASH_STEP == 0 for k in range(101))
    assert BoardView.flash_shade(1.0) <= 200 and BoardView.flag_swell(1.0) == FLAG_SWELL


