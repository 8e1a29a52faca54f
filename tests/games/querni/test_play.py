"""QUERNI's play screen driven by real pygame events (mouse, touch, drags, keys): each Q-6
interaction, the automatic pass, the pass question, EXIT, resume after a kill, the speaker, a
whole game to its end, the replay and the demo. The truth is always the rules' state."""

from __future__ import annotations

import json
import random

import pygame
import pytest

from game.arcade.demo import DemoDriver
from game.arcade.storage import Storage
from game.engine.testing import post_drag, post_key, post_tap, post_touch_tap, run_frames
from game.games.querni.demo import choose_turn
from game.games.querni.gestures import GestureKind, gestures_for_turn
from game.games.querni.players import HumanPlayer
from game.games.querni.record import check, to_record
from game.games.querni.scenes.game_over import GameOverScene
from game.games.querni.scenes.play import PlayScene
from game.games.querni.session import QuerniSession, replay
from game.games.querni.texts import t
from game.games.querni.widgets.hud import Sound
from game.games.registry import GAMES
from game.rules.querni import Color, QuerniState
from tests.support import make_arcade, settle
from tests.support.querni_screen import JUMPS, tap_square

B, R = Color.BLUE, Color.RED

CHAIN = {(0, 0): (B, 4), (1, 0): (B, 5), (2, 0): (B, 6), (5, 3): (B, 1), (7, 3): (B, 2),
         (9, 3): (B, 3), (5, 5): (B, 7),
         (0, 6): (R, 1), (2, 6): (R, 2), (4, 6): (R, 3), (6, 6): (R, 4), (8, 6): (R, 5)}
"""BLUE 4–6 is a chain on a1–c1; its other pieces are apart."""
STUCK = {(0, 0): (R, 1), (1, 0): (B, 1), (0, 1): (B, 3), (1, 1): (B, 5), (2, 0): (B, 7),
         (0, 2): (B, 9), (2, 2): (B, 11), (9, 6): (B, 13)}
"""RED's only piece sits in the corner, walled in with nothing to jump onto: RED is stuck."""


def hud_sound(scene: PlayScene) -> Sound:
    from game.games.querni.widgets.hud import sound_state

    return sound_state(scene.ctx)


def session_of(pieces, to_move=B) -> QuerniSession:
    """A two-player game from ``pieces``."""
    state = QuerniState.from_pieces(pieces, to_move)
    return QuerniSession(state, state)


def start(app, session: QuerniSession, **kwargs) -> PlayScene:
    scene = PlayScene(app, saved=session, **kwargs)
    app.stack.push(scene)
    settle(app)
    return scene


def tap_button(app, button, frames: int = 2) -> None:
    post_tap(button.rect.center)
    settle(app, frames)


def finish_animations(app, scene: PlayScene) -> None:
    run_frames(app, 90)
    assert not scene.anim.busy


def drawn_matches_rules(scene: PlayScene) -> bool:
    expected = {sq: (str(c), n) for sq, (c, n) in scene.control.shown.pieces.items()}
    return {**scene.board_view.drawn, **scene.board_view.withheld} == expected


# --- movement --------------------------------------------------------------------------
def test_tapping_a_piece_lights_its_steps_and_first_jumps_as_the_rules_say(app):
    scene = start(app, session_of(JUMPS))
    tap_square(app, scene, (0, 0))
    state = scene.control.state
    assert scene.control.selected == (0, 0)
    assert scene.control.lit_steps == {(1, 0), (0, 1)}
    assert scene.control.lit_jumps == {(2, 2)}
    assert scene.control.lit_steps | {(2, 2)} <= state.destinations((0, 0))
    assert "querni_select" in app.ctx.audio.played
    assert drawn_matches_rules(scene)


def test_a_jump_sequence_tap_by_tap_arcs_and_then_the_trail_stays_until_the_next_tap(app):
    scene = start(app, session_of(JUMPS))
    tap_square(app, scene, (0, 0))
    tap_square(app, scene, (2, 2))
    assert scene.anim.flight is not None and scene.anim.flight.jump  # arcing over RED 3
    assert scene.control.movement_open and scene.control.lit_jumps == {(4, 2)}
    tap_square(app, scene, (4, 2))  # a tap mid-flight finishes the flight and counts
    tap_square(app, scene, (6, 0))
    assert scene.control.path == ((0, 0), (2, 2), (4, 2), (6, 0))
    assert not scene.control.movement_open  # nowhere left to land
    finish_animations(app, scene)
    assert drawn_matches_rules(scene)
    tap_button(app, scene.b_end)
    assert scene.session.turns == [(((0, 0), (2, 2), (4, 2), (6, 0)), None)]
    assert scene.control.trail == {(0, 0), (2, 2), (4, 2)}
    assert scene.control.to_move is R
    tap_square(app, scene, (9, 6))  # RED's next tap on the board clears the marks
    assert scene.control.trail == frozenset()


def test_a_step_ends_the_movement_and_a_jump_can_stop_on_the_piece(app):
    scene = start(app, session_of(JUMPS))
    tap_square(app, scene, (0, 0))
    tap_square(app, scene, (2, 2))
    tap_square(app, scene, (2, 2))  # the jumping piece itself: stop here
    assert not scene.control.movement_open and scene.control.path == ((0, 0), (2, 2))


def test_dragging_a_piece_onto_a_lit_square_moves_it(app):
    scene = start(app, session_of(JUMPS))
    L = scene.layout
    post_drag(L.square_centre((0, 0)), L.square_centre((2, 2)), steps=6)
    settle(app, 3)
    assert scene.control.path == ((0, 0), (2, 2))
    finish_animations(app, scene)
    assert drawn_matches_rules(scene)


def test_a_touch_tap_selects_once(app):
    scene = start(app, session_of(JUMPS))
    post_touch_tap(scene.layout.square_centre((0, 0)))
    settle(app)
    assert scene.control.selected == (0, 0)


def test_a_tap_on_anything_not_lit_explains_why_in_the_players_language(app):
    scene = start(app, session_of(JUMPS))
    tap_square(app, scene, (1, 1))  # RED's piece
    assert scene.message()[0] == "That is RED's 3 on b2: tap one of your own pieces."
    assert "querni_illegal" in app.ctx.audio.played
    tap_square(app, scene, (0, 0))
    tap_square(app, scene, (4, 4))
    assert scene.control.path == ()
    assert "d5" not in scene.message()[0] and "e5" in scene.message()[0]
    app.set_language("bg")
    tap_square(app, scene, (1, 1))
    text = scene.message()[0]
    assert "ЧЕРВЕНИТЕ" in text or "ЧЕРВЕН" in text, text


def test_a_shown_refusal_follows_a_switch_of_language_without_a_new_tap(app):
    """The line keeps what it says, not its English words: a language switch (SETTINGS over
    the game) says the same refusal in the new language, colour names too."""
    scene = start(app, session_of(JUMPS))
    tap_square(app, scene, (1, 1))  # RED's piece
    english = scene.message()
    assert english == ("That is RED's 3 on b2: tap one of your own pieces.", "bad")
    app.set_language("bg")
    text, tone = scene.message()
    assert tone == "bad" and text != english[0]
    assert "ЧЕРВЕН" in text, text


def test_the_removal_note_follows_a_switch_of_language(app):
    scene = start(app, session_of(CHAIN))
    tap_button(app, scene.b_chain)
    tap_square(app, scene, (0, 0))
    tap_square(app, scene, (2, 0))
    tap_button(app, scene.b_end)
    english, tone = scene.message()
    assert "BLUE" in english and "4" in english and "6" in english
    app.set_language("bg")
    assert scene.message() == (t("play.removed", color=t("color.BLUE"), low=4, high=6), tone)
    assert scene.message()[0] != english


# --- chains, Q-6.3 END MOVE and UNDO ------------------------------------------------------
@pytest.mark.slow
def test_select_chain_lights_the_ends_then_the_chosen_chain_pops_at_end_move(app):
    scene = start(app, session_of(CHAIN))
    assert scene.control.chain_marks() == {(0, 0), (1, 0), (2, 0)}  # shown without selecting
    tap_button(app, scene.b_chain)
    assert scene.control.chain_mode
    assert scene.control.chain_candidates == {(0, 0), (2, 0)}
    tap_square(app, scene, (0, 0))
    assert scene.control.chain_candidates == {(2, 0)}
    tap_square(app, scene, (2, 0))
    assert scene.control.chain == (4, 6)
    assert scene.anim.chain_progress < 1.0  # lit piece by piece
    tap_button(app, scene.b_end)
    assert scene.anim.pop is not None and "querni_pop" in app.ctx.audio.played
    assert scene.control.state.numbers(B) == {1, 2, 3, 7}
    assert scene.control.trail == {(0, 0), (1, 0), (2, 0)}
    assert scene.control.quiet_rounds == 0
    finish_animations(app, scene)
    assert drawn_matches_rules(scene)


def test_a_removal_leaves_its_ghosts_fading_in_until_the_next_tap_on_the_board(app):
    """The marks a turn leaves (Q-6.4): the removed pieces drawn as ghosts on their squares,
    fading in with the trail; the next tap on the board takes them away."""
    scene = start(app, session_of(CHAIN))
    tap_button(app, scene.b_chain)
    tap_square(app, scene, (0, 0))
    tap_square(app, scene, (2, 0))
    tap_button(app, scene.b_end)
    args = scene.picture.board_args()
    assert args["ghosts"] == {(0, 0): (B, 4), (1, 0): (B, 5), (2, 0): (B, 6)}
    assert args["trail"] == {(0, 0), (1, 0), (2, 0)} and 0.0 < args["trail_alpha"] < 1.0
    finish_animations(app, scene)
    assert scene.picture.board_args()["trail_alpha"] == 1.0
    tap_square(app, scene, (0, 6))  # RED's first tap on the board
    args = scene.picture.board_args()
    assert args["ghosts"] is None and not args["trail"] and not args["trail_path"]
    assert not scene.picture.ghosts  # forgotten, not only hidden


def test_undo_restores_the_turn_and_nothing_is_undone_after_end_move(app):
    scene = start(app, session_of(JUMPS))
    before = scene.control.state
    tap_square(app, scene, (0, 0))
    tap_square(app, scene, (2, 2))
    post_key(pygame.K_u)
    settle(app)
    assert scene.control.path == () and scene.control.shown == before
    assert scene.control.selected == (0, 0)  # one step back: the piece is still in hand
    tap_square(app, scene, (1, 0))
    tap_button(app, scene.b_end)
    assert not scene.b_undo.is_enabled
    post_key(pygame.K_BACKSPACE)
    settle(app)
    assert scene.control.to_move is R and scene.session.turn_count == 1
    assert "nothing to take back" in scene.message()[0]


def test_keyboard_plays_a_turn(app):
    scene = start(app, session_of(JUMPS))
    for key in (pygame.K_LEFT,) * 4 + (pygame.K_DOWN,) * 3:  # from e4 to a1
        post_key(key)
    settle(app)
    assert scene.control.cursor == (0, 0) and scene.gestures.cursor_shown
    post_key(pygame.K_RETURN)
    post_key(pygame.K_UP)
    post_key(pygame.K_RETURN)
    settle(app)
    assert scene.control.path == ((0, 0), (0, 1))
    post_key(pygame.K_e)
    settle(app)
    assert scene.session.turns == [(((0, 0), (0, 1)), None)]


def test_portrait_arrows_follow_the_turned_board(app):
    portrait = make_arcade(size=(1080, 1920))
    try:
        scene = start(portrait, session_of(JUMPS))
        post_key(pygame.K_DOWN)  # down the screen: towards j
        post_key(pygame.K_LEFT)  # left: towards BLUE's edge, row 1
        settle(portrait)
        assert scene.control.cursor == (5, 2)
    finally:
        portrait.shutdown()


# --- passes -------------------------------------------------------------------
def test_a_player_who_can_do_nothing_passes_automatically_with_a_message(app):
    scene = start(app, session_of(STUCK, to_move=R))
    assert scene.pending_pass is not None
    assert "RED cannot move or remove a chain" in scene.message()[0]
    tap_square(app, scene, (0, 0))  # a tap meanwhile only brings the pass on
    assert scene.session.turns == [(None, None)] and scene.control.to_move is B
    assert "querni_pass" in app.ctx.audio.played


def test_the_automatic_pass_also_comes_by_itself(app):
    scene = start(app, session_of(STUCK, to_move=R))
    run_frames(app, 200)
    assert scene.session.turn_count == 1 and scene.control.to_move is B


def test_a_voluntary_pass_asks_first(app):
    scene = start(app, session_of(JUMPS))
    tap_button(app, scene.b_end)
    question = app.stack.top
    assert type(question).__name__ == "ConfirmScene"
    tap_button(app, question.b_no)
    assert app.stack.top is scene and scene.session.turn_count == 0
    tap_button(app, scene.b_end)
    tap_button(app, app.stack.top.b_yes)
    assert scene.session.turns == [(None, None)] and scene.control.to_move is R


# --- speaker, Q-6.6 EXIT, the autosave ----------------------------------------------------
def test_the_speaker_logo_cycles_the_arcades_own_mutes_and_they_persist(saving_app, tmp_path):
    """Q-6.5: music off, all off, all on — the very settings SETTINGS shows, one truth."""
    scene = start(saving_app, QuerniSession.new(random.Random(1)))
    rect = scene.layout.speaker_rect
    states = []
    for _ in range(3):
        post_tap(rect.center)
        settle(saving_app)
        shell = saving_app.ctx.settings
        states.append((shell.music_muted, shell.effects_muted))
        stored = Storage(tmp_path / "data", games=[s.data for s in GAMES]).load_settings()
        assert (stored.music_muted, stored.effects_muted) == states[-1]
        assert (saving_app.ctx.audio.music_muted, saving_app.ctx.audio.effects_muted) \
            == states[-1]
    assert states == [(True, False), (True, True), (False, False)]
    assert scene.session.turn_count == 0 and scene.control.selected is None


def test_the_speaker_shows_what_settings_muted(app):
    """Muting the effects in SETTINGS mutes everything the speaker knows: it reads all off."""
    scene = start(app, QuerniSession.new(random.Random(1)))
    app.ctx.settings.music_muted = True
    assert hud_sound(scene) is Sound.MUSIC_OFF
    app.ctx.settings.effects_muted = True
    assert hud_sound(scene) is Sound.ALL_OFF
    app.ctx.settings.music_muted = app.ctx.settings.effects_muted = False
    assert hud_sound(scene) is Sound.ALL_ON


def play_a_turn(app, scene: PlayScene) -> None:
    path, chain = choose_turn(scene.control.state, random.Random(scene.session.turn_count))
    play_gestures(app, scene, gestures_for_turn(scene.control.state, path, chain))


def play_gestures(app, scene: PlayScene, gestures) -> None:
    for gesture in gestures:
        if gesture.kind is GestureKind.TAP:
            tap_square(app, scene, gesture.square)
        elif gesture.kind is GestureKind.SELECT_CHAIN:
            tap_button(app, scene.b_chain)
        elif gesture.kind is GestureKind.END_MOVE:
            tap_button(app, scene.b_end)
            if gesture.confirm_pass:
                tap_button(app, app.stack.top.b_yes)
        elif gesture.kind is GestureKind.AUTO_PASS:
            post_tap((5, 5))  # brings the pending automatic pass on
            settle(app)


@pytest.mark.slow
def test_exit_asks_then_the_game_is_gone_and_recorded_as_abandoned(saving_app):
    """Q-6.6 between two people: the game cannot be continued, and it is recorded (no
    result) with its document, so a game left half-way is not lost from the records."""
    saving_app.nav.push("querni.play")
    settle(saving_app)
    scene = saving_app.stack.top
    play_a_turn(saving_app, scene)
    assert saving_app.ctx.has_saved_game("querni")  # autosaved at END MOVE
    tap_button(saving_app, scene.b_exit)
    question = saving_app.stack.top
    assert type(question).__name__ == "ConfirmScene"
    tap_button(saving_app, question.b_yes, frames=3)
    title = saving_app.stack.top
    assert type(title).__name__ == "TitleScene"
    assert not saving_app.ctx.has_saved_game("querni")
    tile = next(tile for tile in title.tiles if tile.spec.id == "querni")
    assert tile.cont is None
    [record] = saving_app.ctx.storage.records("querni")
    assert (record.result, record.reason, record.turns) == ("NONE", "abandoned", 1)
    [(_name, document)] = saving_app.ctx.storage.game_documents("querni")
    assert (document["result"], document["reason"], len(document["turns"])) == \
        ("NONE", "abandoned", 1)


@pytest.mark.slow
def test_a_killed_game_resumes_at_the_last_end_move(tmp_path):
    first = make_arcade(tmp_path / "data")
    first.nav.push("querni.play")
    settle(first)
    scene = first.stack.top
    for _ in range(2):
        play_a_turn(first, scene)
    tap_square(first, scene, next(iter(scene.control.state.pieces)))  # half a turn: not saved
    saved_state, saved_turns = scene.control.state, list(scene.session.turns)
    first.ctx.storage.settle()  # the last END MOVE's autosave is on disk (its writer thread: ~ms;
    # under a loaded CI the second app once read the folder before it got there)
    # killed: no shutdown, no save on the way out; a new app starts on the same folder
    second = make_arcade(tmp_path / "data")
    try:
        second.nav.push("title")
        settle(second)
        title = second.stack.top
        tile = next(tile for tile in title.tiles if tile.spec.id == "querni")
        assert tile.cont is not None
        tap_button(second, tile.cont, frames=3)
        resumed = second.stack.top
        assert isinstance(resumed, PlayScene)
        assert resumed.control.state == saved_state and resumed.session.turns == saved_turns
        assert resumed.control.selected is None
    finally:
        second.shutdown()
        first.shutdown()


# --- a whole game ---------------------------------------------------------------------------
@pytest.mark.slow
def test_a_whole_game_through_events_ends_as_the_rules_say_and_is_recorded(saving_app,
                                                                            tmp_path):
    session = QuerniSession.new(random.Random(6))  # 23 turns
    scene = start(saving_app, session)
    for _ in range(400):
        if scene.session.is_over:
            break
        play_a_turn(saving_app, scene)
        assert drawn_matches_rules(scene) or scene.anim.busy
    assert scene.session.is_over
    assert replay(session.start, session.turns) == scene.control.state
    run_frames(saving_app, 200)
    over = saving_app.stack.top
    assert isinstance(over, GameOverScene)
    records = saving_app.ctx.storage.records("querni")
    assert len(records) == 1
    fields = records[0].fields
    outcome = scene.session.outcome
    assert (fields["result"], fields["reason"], fields["turns"]) == (
        outcome.result, outcome.reason, scene.session.turn_count)
    assert fields["players"] == {"BLUE": "human", "RED": "human"}
    documents = sorted((tmp_path / "data" / "games").glob("querni-*.json"))
    assert len(documents) == 1 and records[0].id in documents[0].name
    record = json.loads(documents[0].read_text())
    assert record == to_record(scene.session)
    assert check(record).result == outcome.result
    assert not saving_app.ctx.has_saved_game("querni")
    tap_button(saving_app, over.b_again, frames=3)
    assert saving_app.stack.top is scene and scene.session.turn_count == 0


# --- the seam for a computer opponent --------------------------------------------------------
class FirstTurnBot:
    """A stand-in bot: plays the rules' first non-pass turn."""

    kind = "test_bot"
    takes_input = False

    def choose(self, state):
        turns = state.legal_turns()
        return next((t for t in turns if t != (None, None)), (None, None))


@pytest.mark.slow
def test_a_bot_player_plays_through_the_same_gestures_and_taps_are_ignored(app):
    scene = start(app, session_of(JUMPS), players={B: FirstTurnBot(), R: HumanPlayer()})
    assert scene.computer.thinking or scene.computer.plan
    tap_square(app, scene, (0, 0))  # a person's tap on the bot's turn does nothing
    assert scene.control.selected is None or scene.computer.plan
    for _ in range(300):
        run_frames(app, 1)
        if scene.control.to_move is R:
            break
    assert scene.session.turn_count == 1 and scene.session.turns[0][0] is not None


# --- replay and demo --------------------------------------------------------------------------
def finished_session(seed: int = 3) -> QuerniSession:
    session = QuerniSession.new(random.Random(seed))
    rng = random.Random(seed)
    while not session.is_over:
        session.play(*choose_turn(session.state, rng))
    return session


@pytest.mark.slow
def test_the_replay_steps_through_a_record_to_its_end(app):
    session = finished_session()
    app.nav.push("querni.replay", record=to_record(session))
    settle(app)
    scene = app.stack.top
    for _ in range(session.turn_count):
        post_key(pygame.K_RIGHT)
        settle(app, 2)
    run_frames(app, 120)
    assert scene.index == session.turn_count
    assert scene.shown == session.state
    post_key(pygame.K_LEFT)
    settle(app)
    assert scene.index == session.turn_count - 1


@pytest.mark.slow
def test_the_demo_prints_one_line_per_game(app):
    lines: list[str] = []
    app.demo = DemoDriver(app, GAMES, "querni", seed=5, interval=3, report=lines.append)
    near_end = finished_session(4)
    start_state = near_end.start
    # replay all but the last turn: the demo finishes the game
    session = QuerniSession(start_state, start_state)
    for path, chain in near_end.turns[:-1]:
        session.play(path, chain)
    start(app, session)
    for _ in range(1500):
        run_frames(app, 1)
        if lines:
            break
    outcome = session.outcome
    assert outcome is not None
    assert lines == [f"QUERNI OVER result={outcome.result} reason={outcome.reason} "
                     f"turns={session.turn_count}"]


@pytest.mark.parametrize("bad", ["result", "turn"])
def test_a_damaged_record_is_refused_by_the_check(bad):
    record = to_record(finished_session())
    if bad == "result":
        record["result"] = "DRAW" if record["result"] != "DRAW" else "BLUE"
    else:
        record["turns"][0] = {"path": [[0, 0], [5, 5]], "chain": None}
    with pytest.raises(ValueError):
        check(record)


def test_replay_option_plays_a_record_from_the_data_folder(tmp_path, capsys):
    from game.arcade.cli import run

    data = tmp_path / "data"
    store = Storage(data, games=[spec.data for spec in GAMES])
    session = finished_session()
    store.record_game("querni", session)
    store.settle()  # the document is written off the frame
    (record,) = (data / "games").iterdir()
    assert run(["--replay", str(record), "--frames", "20", "--data-dir", str(data)], GAMES) == 0
    damaged = data / "games" / "querni-20261201T000000Z-damaged.json"
    damaged.write_text(json.dumps({**to_record(session), "result": "nobody"}))
    status = run(["--replay", str(damaged), "--frames", "5", "--data-dir", str(data)], GAMES)
    assert status == 1  # one clear line, no traceback
    assert "cannot replay" in capsys.readouterr().err
    assert not damaged.exists()  # set aside like any damaged data file


