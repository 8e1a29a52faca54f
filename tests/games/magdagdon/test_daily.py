"""The daily challenge's dice come from the date alone (written here: they must never change,
or a day's players would no longer share their rolls)."""

from __future__ import annotations

import hashlib
from collections import Counter
from datetime import date

import pytest

from game.games.magdagdon.daily import DailyDice, die, parse_date
from game.rules.magdagdon import Difficulty, MagdagdonGame

FIXED = {
    "2026-12-01": [3, 4, 6, 5, 5, 6, 6, 1],
    "2027-01-01": [1, 4, 6, 3, 1, 6, 6, 5],
    "2026-02-28": [4, 5, 3, 3, 6, 2, 6, 4],
}


@pytest.mark.parametrize(("day", "dice"), FIXED.items())
def test_fixed_dates_give_fixed_dice(day: str, dice: list[int]) -> None:
    assert [die(parse_date(day), n) for n in range(8)] == dice


def test_the_derivation_is_sha256_of_the_date_and_the_count() -> None:
    digest = hashlib.sha256(b"MAGDAGDON daily 2026-12-01 #0").digest()
    first = next(b for b in digest if b < 252)
    assert die(date(2026, 12, 1), 0) == first % 6 + 1 == 3


def test_a_daily_game_rolls_the_days_dice_and_resumes_where_it_was() -> None:
    game = MagdagdonGame(Difficulty.SURVIVAL, DailyDice(date(2026, 12, 1)))
    assert game.roll() == (3, 4, 6, 5)
    for die_index, cell in game.hint() or []:
        game.place(die_index, cell)
    game.confirm()
    assert game.roll() == (5, 6, 6, 1)
    again = DailyDice(date(2026, 12, 1), drawn=8)
    assert [again.randint(1, 6) for _ in range(2)] == [die(date(2026, 12, 1), n) for n in (8, 9)]


def test_faces_are_evenly_likely() -> None:
    counts = Counter(die(date(2026, 1, 1 + n % 28), n) for n in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 <= c <= 1150 for c in counts.values())


@pytest.mark.parametrize("text", ["2026-1-1", "01.12.2026", "2026-13-01", "", "today"])
def test_bad_dates_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_date(text)


# --- one recorded attempt a day, the table and the streak -----------------------------------------
def daily_record(day: str, score: int, hints: int = 0):
    from game.arcade.storage import Record

    fields = {"score": score, "turns": 16, "powers": 0, "ruins": 0, "daily": day}
    if hints:
        fields["hints"] = hints
    return Record(f"d{day}", f"{day}T12:00:00Z", "DAILY", "", fields)


def test_the_table_and_the_streak_by_hand() -> None:
    from game.games.magdagdon.daily import last_days, streak

    records = [daily_record("2026-11-28", 100), daily_record("2026-11-29", 200, hints=1),
               daily_record("2026-11-30", 150)]
    today = date(2026, 12, 1)
    assert streak(records, today) == 3  # today still open: the streak runs to yesterday
    rows = last_days(records, today, count=5)
    assert [d for d, _ in rows] == ["2026-12-01", "2026-11-30", "2026-11-29", "2026-11-28",
                                    "2026-11-27"]
    assert [r.score if r else None for _, r in rows] == [None, 150, 200, 100, None]
    records.append(daily_record("2026-12-01", 90))
    assert streak(records, today) == 4
    assert streak(records, date(2026, 12, 3)) == 0  # a day was missed


@pytest.mark.slow
def test_one_recorded_attempt_per_day_then_practice(saving_app) -> None:
    """The first finished game of a day's challenge is recorded (variant DAILY); PLAY AGAIN on
    the same day is practice: never saved, never recorded."""
    from game.engine.testing import run_frames
    from game.games.magdagdon.scenes.game_over import GameOverScene
    from game.games.magdagdon.scenes.play import PlayScene
    from game.games.magdagdon.session import Session
    from tests.support import settle
    from tests.support.magdagdon_screen import finish_by_taps, play_turn_by_taps, roll

    app = saving_app
    scene = PlayScene(app, daily="2026-12-01")
    app.stack.push(scene)
    settle(app)
    assert scene.session.daily == "2026-12-01" and scene.game.difficulty is Difficulty.SURVIVAL
    roll(app, scene)
    assert scene.game.dice == (3, 4, 6, 5)  # the day's dice
    play_turn_by_taps(app, scene)
    finish_by_taps(app, scene)
    run_frames(app, 80)  # the game-over panel comes up
    assert isinstance(app.stack.top, GameOverScene)
    storage = app.ctx.storage
    (record,) = storage.records("magdagdon")
    assert record.variant == "DAILY" and record.get("daily") == "2026-12-01"
    app.stack.pop()
    settle(app)
    scene.restart("SURVIVAL")  # PLAY AGAIN
    assert scene.session.practice and scene.session.daily == "2026-12-01"
    roll(app, scene)
    assert scene.game.dice == (3, 4, 6, 5)  # the same dice again
    play_turn_by_taps(app, scene)
    finish_by_taps(app, scene)
    assert scene.autosave() is False and not storage.has_saved_game("magdagdon")
    run_frames(app, 80)
    assert isinstance(app.stack.top, GameOverScene)
    assert len(storage.records("magdagdon")) == 1  # practice is not recorded
    saved = Session.daily_challenge("2026-12-02")
    saved.game.roll()
    restored = Session.from_dict(saved.to_dict())
    assert restored.daily == "2026-12-02" and restored.game.rng.drawn == 4


# --- the DAILY button, the daily screen and --daily ---
def _tap(app, element) -> None:
    from game.engine.testing import post_tap
    from tests.support import settle

    post_tap(element.rect.center)
    settle(app, 3)


def _title(app):
    from game.arcade.scenes.title import TitleScene
    from tests.support import settle

    app.stack.push(TitleScene(app))
    settle(app)
    title = app.stack.top
    return next(t for t in title.tiles if t.spec.id == "magdagdon")


@pytest.mark.slow
def test_daily_button_opens_todays_challenge_then_practice(saving_app, monkeypatch) -> None:
    """DAILY on MAGDAGDON's tile → the daily screen → PLAY starts the day's recorded attempt;
    once it is recorded the same button is PRACTICE (never recorded)."""
    import game.games.magdagdon.scenes.daily as daily_scene
    from game.games.magdagdon.scenes.daily import DailyScene
    from game.games.magdagdon.scenes.play import PlayScene

    monkeypatch.setattr(daily_scene, "today", lambda: date(2026, 12, 1))
    app = saving_app
    (button,) = _title(app).actions
    assert button.translation_key == "tile.daily"
    _tap(app, button)
    screen = app.stack.top
    assert isinstance(screen, DailyScene) and not screen.played and screen.streak == 0
    assert screen.b_play.translation_key == "daily.play"
    labels = header_labels(monkeypatch)
    _tap(app, screen.b_play)
    play = app.stack.top
    assert isinstance(play, PlayScene)
    assert play.session.daily == "2026-12-01" and not play.session.practice
    assert labels and labels[-1].startswith("DAILY")  # its header says so
    assert app.ctx.storage.records("magdagdon") == []
    # the recorded attempt: the day's table has it, the button turns to PRACTICE
    app.ctx.storage.record_game("magdagdon", _finished(play.session))
    screen = DailyScene(app)
    app.stack.clear_to(screen)
    from tests.support import settle

    settle(app)
    assert screen.played and screen.streak == 1
    assert screen.b_play.translation_key == "daily.practice"
    assert screen.rows[0][0] == "2026-12-01" and screen.rows[0][1] is not None
    _tap(app, screen.b_play)
    play = app.stack.top
    assert isinstance(play, PlayScene) and play.session.practice


def header_labels(monkeypatch) -> list[str | None]:
    """The labels play screens draw in their header where the difficulty usually is (``None``:
    the difficulty), from now on."""
    from game.games.magdagdon.widgets import hud

    drawn: list[str | None] = []
    real = hud.draw_header_static

    def spy(surface, layout, game, label=None):
        drawn.append(label)
        real(surface, layout, game, label)

    monkeypatch.setattr(hud, "draw_header_static", spy)
    return drawn


def _finished(session):
    from game.ai import autoplay

    autoplay.finish(session.game)
    return session


def test_daily_asks_before_abandoning_a_game_in_progress(saving_app) -> None:
    from game.arcade.scenes.confirm import ConfirmScene
    from game.games.magdagdon.scenes.daily import DailyScene
    from game.games.magdagdon.session import Session
    from tests.support import settle

    app = saving_app
    normal = Session(MagdagdonGame(Difficulty.PEACEFUL))
    normal.game.roll()
    app.ctx.storage.save_game("magdagdon", normal)
    screen = DailyScene(app, day=date(2026, 12, 1))
    app.stack.push(screen)
    settle(app)
    _tap(app, screen.b_play)
    assert isinstance(app.stack.top, ConfirmScene)
    assert app.ctx.storage.has_saved_game("magdagdon")  # nothing lost before YES


def test_no_daily_button_on_a_kiosk(saving_app) -> None:
    from game.arcade.kiosk import Kiosk

    app = saving_app
    Kiosk(app, pin="2468", idle_seconds=1000.0, seed=3).install()
    assert _title(app).actions == []


def test_a_demo_play_of_the_day_is_never_recorded(tmp_path) -> None:
    from game.games.magdagdon.scenes.play import PlayScene
    from tests.support import make_arcade, settle

    app = make_arcade(tmp_path / "data", demo=True)
    try:
        scene = PlayScene(app, daily="2026-12-01")
        app.stack.push(scene)
        settle(app)
        assert scene.session.practice
    finally:
        app.shutdown()


@pytest.mark.slow
def test_cli_daily_demo_prints_the_same_game_whatever_the_seed(tmp_path, capsys) -> None:
    """``--daily D --demo``: the advisor plays the day's dice; two seeds, one GAME OVER line.
    (The frames while the demo waits for the advisor depend on how fast frames are: room for
    fast ones, which mostly redraw only what moves.)"""
    from game.arcade.cli import run
    from game.arcade.storage import Storage
    from game.games.registry import GAMES

    lines = []
    for seed in (1, 2):
        code = run(["--data-dir", str(tmp_path / str(seed)), "--daily", "2026-12-01", "--demo",
                    "--frames", "2000", "--seed", str(seed)], GAMES)
        assert code == 0
        out = capsys.readouterr().out
        lines.append(next(line for line in out.splitlines() if line.startswith("GAME OVER")))
    assert lines[0] == lines[1]
    assert lines[0].startswith("GAME OVER difficulty=survival score=")
    storage = Storage(tmp_path / "1", games=[spec.data for spec in GAMES])
    assert storage.records("magdagdon") == []  # the demo took nobody's attempt


@pytest.mark.parametrize("bad", ["2026-02-30", "yesterday"])
def test_cli_refuses_a_bad_daily_date(bad, capsys) -> None:
    from game.arcade.cli import run
    from game.games.registry import GAMES

    with pytest.raises(SystemExit) as stop:
        run(["--daily", bad], GAMES)
    assert stop.value.code == 2
    assert "--daily" in capsys.readouterr().err
