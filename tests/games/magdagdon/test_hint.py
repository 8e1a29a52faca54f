"""HINT on the play screen, through injected events: the advisor's answer for the state on
screen, what it points at, when it goes away, and how hints are counted, saved, resumed,
recorded and marked in the high-score table."""

from __future__ import annotations

import random
import threading

import pytest

from game.ai.advisor import advise
from game.engine.testing import post_key, post_tap, run_frames
from game.games.magdagdon import hints
from game.games.magdagdon.controller import Phase
from game.games.magdagdon.scenes.game_over import GameOverScene
from game.games.magdagdon.scenes.play import PlayScene
from game.games.magdagdon.session import Session
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.support import settle
from tests.support.magdagdon_screen import Forced, play_turn_by_taps, roll, start

TIMEOUT = 60.0


def answered(app, scene: PlayScene) -> None:
    """Let the worker finish (the test may wait; frames never do), then run a frame."""
    assert scene.hints.asker.wait(TIMEOUT)
    run_frames(app, 2)


def near_full(difficulty: Difficulty = Difficulty.NIGHTMARE, seed: int = 4) -> MagdagdonGame:
    """A game a few turns from its end (the advisor answers at once there)."""
    game = MagdagdonGame(difficulty, random.Random(seed))
    while sum(c is None for c in game.board) > 6:
        game.roll()
        while game.in_turn:  # played by the advisor: the board stays playable
            for step in advise(game).steps:
                hints.apply_step(game, step)
    assert not game.is_over
    return game


def placeable(app, scene: PlayScene) -> None:
    """ROLL dice that fit (found on a copy), so the turn is PLACING, not MAGDAGDON."""
    rng = random.Random(scene.game.turns)
    for _ in range(200):
        values = [rng.randint(1, 6) for _ in range(4)]
        copy = MagdagdonGame.from_dict(scene.game.to_dict())
        copy.roll(values)
        if not copy.is_magdagdon:
            roll(app, scene, values)
            assert scene.control.phase == Phase.PLACING
            return
    raise AssertionError("no roll fits this board")


def replay(game: MagdagdonGame, steps) -> MagdagdonGame:
    """The steps applied to a copy (raises if one is illegal)."""
    copy = MagdagdonGame.from_dict(game.to_dict())
    for step in steps:
        hints.apply_step(copy, step)
    return copy


class Held:
    """Stands in for ``hints.ask``: waits until released, then asks the real advisor."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()

    def __call__(self, game: MagdagdonGame):
        self.started.set()
        assert self.release.wait(TIMEOUT)
        return advise(game)


@pytest.mark.slow
def test_the_hint_button_shows_legal_advice_for_the_state_on_screen(app):
    game = near_full()
    scene = start(app, game)
    placeable(app, scene)
    assert scene.b_hint.is_enabled
    before = game.to_dict()
    post_tap(scene.b_hint.rect.center)
    settle(app)
    answered(app, scene)
    hint = scene.hint
    assert hint is not None and hint.key == hints.state_key(game)
    assert game.to_dict() == before  # the advisor never touched the game or its dice
    expected = advise(MagdagdonGame.from_dict(game.to_dict()))
    assert hint.advice.steps == expected.steps
    done = replay(game, hint.advice.steps)  # legal from this very state
    assert not done.in_turn or done.is_over or done.powers_used > game.powers_used
    places = tuple((s[1], s[2]) for s in hint.advice.steps if s[0] == "place")
    assert tuple((g.die, g.cell) for g in hint.targets.ghosts) == places
    assert hint.targets.dice >= {die for die, _ in places}
    assert hint.text and scene.session.hints == 1
    app.stack.draw(app.surface)  # ghosts and rings draw


def test_the_h_key_asks_too_and_a_second_press_hides_without_counting(app):
    scene = start(app, near_full(seed=5))
    placeable(app, scene)
    post_key("h")
    settle(app)
    answered(app, scene)
    assert scene.hint is not None and scene.session.hints == 1
    post_key("h")
    settle(app)
    assert scene.hint is None
    post_key("h")  # the same state: shown again from memory, counted once
    settle(app)
    assert scene.hint is not None and scene.session.hints == 1


def test_a_followed_hint_stays_shrinking_and_a_departure_clears_it(app):
    """Issue 48: placing an advised die keeps the hint, with the rest of its ghosts; taking
    the die back shows it whole again; a die elsewhere clears it, and the new position's hint
    counts again."""
    game = near_full(seed=6)
    scene = start(app, game)
    placeable(app, scene)
    post_key("h")
    settle(app)
    answered(app, scene)
    hint = scene.hint
    assert hint is not None
    ghosts = [(g.die, g.cell) for g in hint.targets.ghosts]
    assert ghosts, hint.advice.steps
    die, cell = ghosts[0]
    post_tap(scene.layout.die_rect(die).center)
    settle(app)
    assert scene.hint is hint  # selecting a die changes nothing of the game
    post_tap(scene.layout.cell_rect(cell).center)
    settle(app)
    assert game.placed.get(die) == cell
    left = scene.hint
    assert left is not None and left.text == hint.text and scene.session.hints == 1
    assert [(g.die, g.cell) for g in left.targets.ghosts] == ghosts[1:]
    if not ghosts[1:]:
        assert left.targets.buttons == {"confirm"}  # only CONFIRM is left: it is ringed
    app.stack.draw(app.surface)
    post_tap(scene.layout.cell_rect(cell).center)  # picked back up: the whole hint again
    settle(app)
    assert game.placed == {} and scene.hint is hint
    advised = {(game.dice[d], c) for d, c in ghosts}
    elsewhere = next((d, c) for d in game.unplaced for c in sorted(game.legal_cells_for(d))
                     if (game.dice[d], c) not in advised)
    post_tap(scene.layout.die_rect(elsewhere[0]).center)
    settle(app)
    post_tap(scene.layout.cell_rect(elsewhere[1]).center)
    settle(app)
    assert game.placed.get(elsewhere[0]) == elsewhere[1] and scene.hint is None
    post_key("h")
    settle(app)
    answered(app, scene)
    assert scene.hint is not None and scene.session.hints == 2


def test_thinking_never_holds_a_frame_and_a_stale_answer_is_dropped(app, monkeypatch):
    held = Held()
    monkeypatch.setattr(hints, "ask", held)
    game = near_full(seed=7)
    scene = start(app, game)
    placeable(app, scene)
    post_tap(scene.b_hint.rect.center)
    settle(app)
    assert held.started.wait(TIMEOUT)
    frame = app.frame
    run_frames(app, 30)  # the advisor is held: frames go on, the cue shows
    assert app.frame == frame + 30 and scene.help.thinking and scene.hint is None
    app.stack.draw(app.surface)
    die, cell = game.hint()[0]
    post_tap(scene.layout.die_rect(die).center)
    settle(app)
    post_tap(scene.layout.cell_rect(cell).center)
    settle(app)  # a move while it thinks: the question no longer applies
    assert not scene.help.thinking
    held.release.set()
    run_frames(app, 5)
    assert scene.hint is None and scene.session.hints == 0


def test_an_advisor_error_is_said_not_raised_and_not_counted(app, monkeypatch):
    def broken(game):
        raise RuntimeError("advisor down")

    monkeypatch.setattr(hints, "ask", broken)
    scene = start(app, near_full(seed=8))
    placeable(app, scene)
    post_key("h")
    settle(app)
    answered(app, scene)
    assert scene.hint is None and scene.session.hints == 0
    assert scene.control.message.key == "hint.failed"


def test_no_hint_between_turns(app):
    scene = start(app, near_full(seed=9))
    assert scene.control.phase == Phase.IDLE and not scene.b_hint.is_enabled
    post_key("h")
    settle(app)
    assert not scene.hints.asker.busy and scene.hint is None


def _magdagdon() -> MagdagdonGame:
    game = MagdagdonGame(Difficulty.SURVIVAL, Forced([]))
    for values in ([3, 3, 4, 4], [4, 3, 3, 4]):
        game.roll(values)
        for die, cell in game.hint():
            game.place(die, cell)
        game.confirm()
    return game


def test_in_magdagdon_the_hint_points_at_a_power_or_accept_and_its_cell(app):
    game = _magdagdon()
    scene = start(app, game)
    roll(app, scene, [6, 6, 1, 1])
    assert scene.control.phase == Phase.MAGDAGDON
    post_key("h")
    settle(app)
    answered(app, scene)
    hint = scene.hint
    assert hint is not None
    kinds = [s[0] for s in hint.advice.steps]
    if "accept" in kinds:
        assert hint.targets.buttons == {"accept"}
        assert hint.targets.ruin == hint.advice.steps[-1][1]
        assert hint.targets.ruin in game.legal_ruin_cells
    else:
        power = {"adjust": None, "reroll": "reroll"}[kinds[0]]
        assert power is None or power in hint.targets.buttons
    app.stack.draw(app.surface)


@pytest.mark.slow
def test_hints_are_saved_resumed_recorded_and_marked(saving_app, monkeypatch):
    app = saving_app
    storage = app.ctx.storage
    game = near_full(Difficulty.NIGHTMARE, seed=10)
    scene = start(app, game)
    placeable(app, scene)
    post_key("h")
    settle(app)
    answered(app, scene)
    assert scene.session.hints == 1
    resumed = storage.load_game("magdagdon")  # saved when the hint was shown
    assert isinstance(resumed, Session) and resumed.hints == 1
    assert resumed.game.to_dict() == game.to_dict()
    assert [e["at"] for e in resumed.history] == ["roll"]
    app.stack.clear_to(PlayScene(app, saved=resumed))
    settle(app)
    scene = app.stack.top
    assert scene.session is resumed and scene.session.hints == 1
    while not scene.game.is_over:  # finish through the screen; one more hint on the way
        if scene.control.phase == Phase.IDLE:
            roll(app, scene)
        if scene.control.phase == Phase.PLACING and scene.session.hints == 1:
            post_key("h")
            settle(app)
            answered(app, scene)
        play_turn_by_taps(app, scene)
        run_frames(app, 80)
    run_frames(app, 80)
    assert any(isinstance(s, GameOverScene) for s in app.stack.scenes)
    [record] = storage.records("magdagdon")
    assert record.fields["hints"] == 2
    assert app.stack.top.record_id == record.id  # the initials go on this very record
    assert not storage.has_saved_game("magdagdon")  # the session's save went with the record

    from game.games.magdagdon.widgets import scores as scores_view

    marks: list[tuple[float, float]] = []
    monkeypatch.setattr(scores_view, "bulb", lambda surface, centre, size: marks.append(centre))
    app.nav.clear_to("scores", game_id="magdagdon", variant="NIGHTMARE")
    settle(app, 3)
    assert len(set(marks)) == 2  # the entry's bulb and the legend's, each frame
    app.set_language("th")
    settle(app, 2)  # the legend in another script draws too
    app.set_language("en")


def test_an_older_save_without_hints_loads_with_none(saving_app):
    from game.games.registry import GAMES

    spec = GAMES[0].data
    game = near_full(seed=11)
    session = spec.decode(game.to_dict())  # a save written before sessions existed
    assert isinstance(session, Session) and session.hints == 0 and session.history == []
    assert session.game.to_dict() == game.to_dict()
    assert spec.decode(spec.encode(session)).game.to_dict() == game.to_dict()
    assert "hints" not in spec.make_record(Session(near_full(seed=12)))


@pytest.mark.parametrize("bad", [{"hints": -1}, {"hints": "2"}, {"hints": True}, {"x": 1}])
def test_a_bad_session_is_refused_but_a_bad_history_only_dropped(bad):
    game = near_full(seed=13)
    data = {"game": game.to_dict(), "hints": 0, "history": []}
    with pytest.raises(ValueError):
        Session.from_dict({**data, **bad})
    damaged = Session.from_dict({**data, "history": [{"at": "roll", "state": {"board": 1}}]})
    assert damaged.history == [] and damaged.game.to_dict() == game.to_dict()


@pytest.mark.parametrize("locale", ["en", "th", "bg", "ko"])
def test_every_hint_line_fits_its_plate_in_two_lines(app, locale):
    """Each reason with the longest gain sentence wraps into the hint plate (two lines, at
    least 22 px) and into the MAGDAGDON strip, in every language."""
    import re as regex

    from game.ai.advisor import REASONS, Advice, Option
    from game.arcade.widgets import text
    from game.engine import i18n
    from game.games.magdagdon.scenes.hinting import advice_text
    from game.games.magdagdon.widgets.layout import LANDSCAPE

    values = {"line": 3, "combo": "FOUR_OF_A_KIND", "count": 3, "placed": 2, "points": 148,
              "value": 5, "to": 6, "penalty": 70, "row": 3, "column": 4}
    try:
        app.set_language(locale)
        for reason, template in REASONS.items():
            params = {k: values[k] for k in regex.findall(r"\{(\w+)\}", template)}
            for gain in (12.4, 0.2):
                line = advice_text(Advice((), 0.0, (Option((), 0.0),), reason, params, gain))
                _, lines = text.fit_lines(line, "bold", 30, LANDSCAPE.right_width - 40, 2, 22)
                assert len(lines) <= 2, (reason, line)
                _, lines = text.fit_lines(line, "bold", 34, 1920 - 490, 2)
                assert len(lines) <= 2, (reason, line)
    finally:
        app.set_language("en")
        i18n.set_locale("en")
