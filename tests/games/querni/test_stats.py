"""QUERNI's statistics against figures computed by hand on a small record set."""

from __future__ import annotations

import pytest

from game.arcade.storage import Record
from game.games.querni.stats import all_stats, human_colour

TWO = {"BLUE": "human", "RED": "human"}
VS_HARD_AS_RED = {"BLUE": "computer:hard", "RED": "human"}


def rec(i: int, variant: str, result: str, turns: int, players: dict[str, str]) -> Record:
    fields = {"result": result, "reason": "all_removed" if result != "DRAW" else "quiet_rounds",
              "turns": turns, "players": players}
    return Record(f"q{i}", f"2026-11-{1 + i:02d}T10:00:00Z", variant, "", fields)


RECORDS = [
    rec(0, "two_players", "BLUE", 40, TWO),
    rec(1, "two_players", "RED", 50, TWO),
    rec(2, "two_players", "BLUE", 30, TWO),
    rec(3, "vs_hard", "RED", 20, VS_HARD_AS_RED),  # the person (RED) won
    rec(4, "vs_hard", "BLUE", 24, VS_HARD_AS_RED),  # the computer won
    rec(5, "vs_hard", "DRAW", 60, VS_HARD_AS_RED),
]


def test_two_people_count_wins_by_colour() -> None:
    two = all_stats(["two_players"], RECORDS)["two_players"]
    assert (two.games, two.first, two.second, two.draws) == (3, 2, 1, 0)
    assert two.mean_turns == pytest.approx(40) and not two.versus_computer


def test_against_the_computer_wins_are_the_persons() -> None:
    hard = all_stats(["vs_hard"], RECORDS)["vs_hard"]
    assert (hard.games, hard.first, hard.second, hard.draws) == (3, 1, 1, 1)
    assert hard.mean_turns == pytest.approx((20 + 24 + 60) / 3) and hard.versus_computer


def test_an_unplayed_variant_and_who_is_human() -> None:
    empty = all_stats(["vs_easy"], RECORDS)["vs_easy"]
    assert empty.games == 0 and empty.mean_turns is None
    assert human_colour(VS_HARD_AS_RED) == "RED" and human_colour(TWO) is None


# --- per opponent level -----------------------------------------------------------------------
def vs(level: str, me: str) -> dict[str, str]:
    """Who played: the person as ``me`` against the computer at ``level``."""
    return {me: "human", ("RED" if me == "BLUE" else "BLUE"): f"computer:{level}"}


LEVELS = [
    rec(10, "vs_easy", "BLUE", 30, vs("easy", "BLUE")),  # won
    rec(11, "vs_easy", "RED", 18, vs("easy", "RED")),  # won (as RED)
    rec(12, "vs_easy", "DRAW", 90, vs("easy", "BLUE")),
    rec(13, "vs_easy", "BLUE", 22, vs("easy", "BLUE")),  # won
    rec(14, "vs_medium", "RED", 40, vs("medium", "BLUE")),  # lost
    rec(15, "vs_medium", "RED", 36, vs("medium", "RED")),  # won
    rec(16, "demo", "BLUE", 50, {"BLUE": "computer:medium", "RED": "computer:hard"}),
    rec(17, "vs_hard", "BLUE", 28, vs("hard", "RED")),  # lost
    rec(18, "two_players", "DRAW", 70, TWO),
    rec(19, "demo", "RED", 44, {"BLUE": "computer:medium", "RED": "computer:hard"}),
]


def test_every_level_by_hand_and_the_demo_left_out() -> None:
    from game.games.querni.spec import SPEC

    variants = [v.id for v in SPEC.variants]
    assert variants == ["two_players", "vs_easy", "vs_medium", "vs_hard"]  # no demo row
    stats = all_stats(variants, LEVELS)
    figures = {name: (s.games, s.first, s.second, s.draws, s.mean_turns, s.versus_computer)
               for name, s in stats.items()}
    assert figures == {
        "two_players": (1, 0, 0, 1, 70.0, False),
        "vs_easy": (4, 3, 0, 1, (30 + 18 + 90 + 22) / 4, True),  # 40
        "vs_medium": (2, 1, 1, 0, (40 + 36) / 2, True),  # 38
        "vs_hard": (1, 0, 1, 0, 28.0, True),
    }


# --- games that ended off the board -----------------------------------------------------------
def ended(i: int, variant: str, result: str, reason: str, turns: int,
          players: dict[str, str]) -> Record:
    fields = {"result": result, "reason": reason, "turns": turns, "players": players}
    return Record(f"e{i}", f"2026-12-{1 + i:02d}T10:00:00Z", variant, "", fields)


ENDED = [
    ended(0, "vs_hard", "BLUE", "resigned", 6, VS_HARD_AS_RED),  # the person (RED) resigned
    ended(1, "vs_hard", "RED", "all_removed", 30, VS_HARD_AS_RED),  # the person won
    ended(2, "two_players", "RED", "resigned", 8, TWO),  # BLUE resigned: RED's win
    ended(3, "two_players", "NONE", "abandoned", 4, TWO),  # left with EXIT: no result
    ended(4, "two_players", "BLUE", "all_removed", 40, TWO),
]


def test_a_resignation_is_a_loss_and_an_abandoned_game_is_neither() -> None:
    stats = all_stats(["two_players", "vs_hard"], ENDED)
    hard, two = stats["vs_hard"], stats["two_players"]
    assert (hard.games, hard.first, hard.second, hard.draws, hard.abandoned) == (2, 1, 1, 0, 0)
    assert (two.games, two.first, two.second, two.draws, two.abandoned) == (3, 1, 1, 0, 1)
    assert two.mean_turns == pytest.approx((8 + 4 + 40) / 3)


def test_the_scores_totals_count_a_resignation_as_the_persons_loss() -> None:
    from game.engine import i18n
    from game.games.querni.widgets.scores import outcome_for_person, summary, why_text

    i18n.setup("en")

    totals = summary([r for r in ENDED if r.variant == "vs_hard"])
    assert (totals["won"], totals["lost"], totals["games"]) == (1, 1, 2)
    assert outcome_for_person(ENDED[0].fields) == "lost"
    assert outcome_for_person(ENDED[3].fields) is None  # two people, no result
    assert why_text(ENDED[0].fields) == "you resigned"
    assert why_text(ENDED[2].fields) == "BLUE resigned"
    assert why_text(ENDED[3].fields) == "left unfinished"
    two = summary([r for r in ENDED if r.variant == "two_players"])
    assert (two["blue"], two["red"], two["draws"], two["games"]) == (1, 1, 0, 3)


# --- from the game-over screen ----------------------------------------------------------------
def last_turn_is_the_persons(seed: int):
    """A VS MEDIUM game (the person BLUE) one turn from its end, that turn the person's: the
    session and the turn (the demo's chooser plays every turn)."""
    import random

    from game.games.querni.demo import choose_turn
    from game.games.querni.session import QuerniSession
    from game.rules.querni import Color

    for attempt in range(seed, seed + 100):
        session = QuerniSession.new(random.Random(attempt), "vs_medium", vs("medium", "BLUE"))
        rng = random.Random(attempt)
        while True:
            turn = choose_turn(session.state, rng)
            if session.state.play(*turn).result is not None:
                break
            session.play(*turn)
        if session.state.to_move is Color.BLUE:
            return session, turn
    raise AssertionError("no game ends on BLUE's turn")


@pytest.mark.slow
def test_a_vs_computer_game_lands_under_its_level_and_statistics_opens_from_game_over(
        saving_app) -> None:
    """The person's last turn by taps ends a VS MEDIUM game: its record is VS MEDIUM's, on the
    scores screen and in the statistics; STATISTICS on the game-over panel (a tap) opens the
    statistics on QUERNI's tab, and BACK (Esc) returns to the game-over panel."""
    import pygame

    from game.arcade.scenes.scores import StatsScene
    from game.engine.testing import post_key, post_tap, run_frames
    from game.games.querni.gestures import GestureKind, gestures_for_turn
    from game.games.querni.scenes.game_over import GameOverScene
    from game.games.querni.scenes.play import PlayScene
    from game.games.querni.widgets.scores import ScoresView
    from tests.support import settle

    app = saving_app
    app.ctx.settings.last_game = "magdagdon"  # the tab follows the game just played
    session, turn = last_turn_is_the_persons(1)
    scene = PlayScene(app, saved=session)
    app.stack.push(scene)
    settle(app)
    assert scene.human_turn and scene.versus_computer
    for gesture in gestures_for_turn(session.state, *turn):
        run_frames(app, 90)
        if gesture.kind is GestureKind.TAP and gesture.square is not None:
            post_tap(scene.layout.square_centre(gesture.square))
        elif gesture.kind is GestureKind.SELECT_CHAIN:
            post_tap(scene.b_chain.rect.center)
        elif gesture.kind is GestureKind.END_MOVE:
            post_tap(scene.b_end.rect.center)
        settle(app)
    for _ in range(600):
        if isinstance(app.stack.top, GameOverScene):
            break
        run_frames(app, 1)
    over = app.stack.top
    assert isinstance(over, GameOverScene) and session.is_over
    won = session.outcome.result == "BLUE"
    (record,) = app.ctx.storage.records("querni")
    assert record.variant == "vs_medium" and record.fields["players"] == vs("medium", "BLUE")
    medium = all_stats(["vs_medium"], app.ctx.storage.records("querni"))["vs_medium"]
    assert (medium.games, medium.first, medium.second) == (1, int(won), int(not won))
    scores = ScoresView(app, pygame.Rect(0, 250, 1920, 830), "vs_medium")
    assert [r.id for r in scores.records()] == [record.id]
    assert ScoresView(app, pygame.Rect(0, 250, 1920, 830), "vs_hard").records() == []

    post_tap(over.b_stats.rect.center)
    settle(app, 3)
    stats = app.stack.top
    assert isinstance(stats, StatsScene) and stats.game.id == "querni"
    assert stats.view.stats["vs_medium"].games == 1
    assert stats.view.stats["two_players"].games == 0
    app.stack.draw(app.surface)
    post_key("escape")
    settle(app, 3)
    assert app.stack.top is over


def test_every_row_of_bars_and_legends_fits_its_box_in_both_orientations(app, tmp_path) -> None:
    """Four rows (every variant played) in landscape and portrait: each box on screen and
    apart from the next, its bar and legend line inside it."""
    import pygame

    from game.games.querni.widgets.stats import StatsView
    from tests.support.arcade import storage_holding

    app.ctx.storage = storage_holding(tmp_path, {"querni": LEVELS})
    for size in ((1920, 1080), (1080, 1920)):
        area = pygame.Rect(0, 250, size[0], size[1] - 250)
        view = StatsView(app, area)
        rows = view.rows()
        assert [stats.variant for stats, _box in rows] == [
            "two_players", "vs_easy", "vs_medium", "vs_hard"]
        for (_stats, box), (_next, below) in zip(rows, rows[1:]):
            assert box.bottom < below.top
        for _stats, box in rows:
            assert area.contains(box)
            bar, legend = view.parts(box)
            assert box.contains(bar) and box.contains(legend) and bar.height >= 40
        view.draw(pygame.Surface(size), 0.0)


# --- asked of storage: the same figures as the old whole-list computation ------------------------
def old_variant_stats(variant: str, records: list[Record]) -> tuple:
    """The figures as they were computed from every record before storage was asked for
    groups (that code, kept as the reference), as a plain tuple."""
    rows = [r for r in records if r.variant == variant]
    first = second = draws = turns = abandoned = 0
    versus = False
    for row in rows:
        result = row.get("result")
        turns += int(row.get("turns", 0))
        me = human_colour(dict(row.get("players", {})))
        versus = versus or me is not None
        if result == "DRAW":
            draws += 1
        elif result == "NONE":
            abandoned += 1
        elif me is not None:
            first, second = (first + 1, second) if result == me else (first, second + 1)
        elif result == "BLUE":
            first += 1
        else:
            second += 1
    return (variant, len(rows), first, second, draws, turns / len(rows) if rows else None,
            versus, abandoned)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_stored_figures_equal_the_old_figures_from_every_record(tmp_path, seed: int) -> None:
    """Issue 38, point 12: the statistics and scores screens ask storage for games counted by
    result and colour, never for every record; a seeded set gives exactly the old figures
    (and the old totals of the scores screen)."""
    import random

    from game.games.querni.stats import stored_groups, stored_stats
    from game.games.querni.widgets.scores import summary, totals_of
    from tests.support.arcade import storage_holding

    rng = random.Random(seed)
    variants = ["two_players", "vs_easy", "vs_medium", "vs_hard", "demo"]
    records = []
    for i in range(rng.randint(100, 400)):
        variant = rng.choice(variants)
        if variant == "two_players":
            players = TWO
        elif variant == "demo":
            players = {"BLUE": "computer:medium", "RED": "computer:hard"}
        else:
            players = vs(variant[3:], rng.choice(["BLUE", "RED"]))
        result = rng.choice(["BLUE", "RED", "DRAW", "NONE"])  # NONE: abandoned
        if result == "NONE" and variant != "two_players":
            result = "DRAW"  # only two people can abandon a game
        reason = ("abandoned" if result == "NONE" else "all_removed" if result == "DRAW"
                  else rng.choice(["all_removed", "resigned"]))
        records.append(Record(f"s{seed}q{i}", f"2026-11-{1 + i % 28:02d}T10:00:00Z", variant, "",
                              {"result": result, "reason": reason, "turns": rng.randint(1, 400),
                               "players": players}))
    storage = storage_holding(tmp_path, {"querni": records})
    stored = stored_stats(storage, variants)
    for variant in variants:
        assert tuple(vars(stored[variant]).values()) == old_variant_stats(variant, records)
        mine = [r for r in records if r.variant == variant]
        assert totals_of(stored_groups(storage, variant).get(variant, [])) == summary(mine)
    assert all_stats(variants, storage.records("querni")) == stored
