"""Recorded QUERNI games reached from inside the arcade (issue 37): GAMES lists them newest first
(date, who played, result, turns) from QUERNI's tile and from STATISTICS, and opens one in the
replay; a HIGH SCORES row opens its game's replay when it has a document (and only then shows a
play mark); the replay shows the move list, and at its end NEXT and PLAY are off; the scores'
empty picture is a chain the rules call one."""

from __future__ import annotations

import shutil
import time

import pygame
import pytest

from game.engine import textlog
from game.engine.testing import post_key, post_tap, run_frames
from game.games.querni.games_list import outcome, players_text
from game.games.querni.record import to_record
from game.games.querni.scenes.games import GamesScene
from game.games.querni.scenes.replay import ReplayScene
from game.games.querni.widgets import palette, pieces
from game.games.querni.widgets.layout import for_size
from game.games.querni.widgets.scores import ScoresView, example_chain
from game.rules.querni import Color, QuerniState
from tests.support import make_arcade, settle
from tests.support.querni_games import TWO, YOU_BLUE, YOU_RED, finished, open_games, recorded

B, R = Color.BLUE, Color.RED
@pytest.fixture
def three(tmp_path):
    games = (finished(3, "vs_hard", YOU_BLUE), finished(8, "two_players", TWO),
             finished(5, "vs_easy", YOU_RED))
    return games, recorded(tmp_path, *games)


def until_still(app, scene: GamesScene) -> None:
    """Frames until nothing on the list moves or is read (reads are in the background)."""
    deadline = time.monotonic() + 10
    while not scene.still and time.monotonic() < deadline:
        run_frames(app, 1)
        time.sleep(0.002)


def row_centre(scene: GamesScene, index: int) -> tuple[int, int]:
    return (scene.view.centerx, scene.view.top + index * scene.row_h + scene.row_h // 2 - 4)


# --- GAMES ----------------------------------------------------------------------------------------
def test_games_lists_the_recorded_games_newest_first_with_who_played(tmp_path, three):
    games, ids = three
    app = make_arcade(tmp_path / "data")
    try:
        scene = open_games(app)
        assert [row.record_id for row in scene.rows] == ids[::-1]
        assert [row.turns for row in scene.rows] == [g.turn_count for g in games[::-1]]
        assert [row.result for row in scene.rows] == [g.outcome.result for g in games[::-1]]
        assert players_text(scene.rows[2].players) == "You (BLUE) vs HARD"
        assert players_text(scene.rows[1].players) == "Two players"
        assert players_text(scene.rows[0].players) == "You (RED) vs EASY"
        assert outcome(scene.rows[1]) == games[1].outcome.result  # between two people: a colour
        assert outcome(scene.rows[0]) == "won"  # RED won the game the person played as RED
        assert outcome(scene.rows[2]) == "lost"  # and the one played as BLUE
        assert scene.rows[0].date > scene.rows[2].date
    finally:
        app.shutdown()


def test_a_tapped_game_opens_its_replay_and_exit_comes_back(tmp_path, three):
    games, _ids = three
    app = make_arcade(tmp_path / "data")
    try:
        scene = open_games(app)
        post_tap(row_centre(scene, 1))
        settle(app, 3)
        replay = app.stack.top
        assert isinstance(replay, ReplayScene)
        assert replay.record.turns == tuple(games[1].turns)
        post_tap(replay.b_exit.rect.center)
        settle(app, 3)
        assert app.stack.top is scene
    finally:
        app.shutdown()


def test_a_still_list_draws_ahead_what_its_replay_draws(tmp_path, three, monkeypatch):
    """The pieces of the replay's board are drawn while GAMES is still, a few a frame, so a tap
    opens the replay without drawing them (issue 46: a tap to the replay within 300 ms; the
    HUD's small tokens are left to the replay)."""
    pieces.clear()
    drawn = []
    real = pieces._draw_piece
    monkeypatch.setattr(pieces, "_draw_piece", lambda *a: drawn.append(a) or real(*a))
    app = make_arcade(tmp_path / "data")
    try:
        scene = open_games(app)
        first = len(drawn)
        assert first < 128  # a few a frame, not all in the frames that opened it
        run_frames(app, 60)
        assert len(drawn) > first
        warmed = len(drawn)
        post_tap(row_centre(scene, 1))
        settle(app, 3)
        assert isinstance(app.stack.top, ReplayScene)
        board = for_size(app.surface.get_size()).piece_size
        assert warmed >= 128  # 16 pieces a colour in 4 states
        assert [d for d in drawn[warmed:] if d[2] == board] == []  # none on the replay's board
    finally:
        app.shutdown()
        pieces.clear()


def test_a_list_read_slowly_says_it_is_reading_and_no_frame_waits(tmp_path, three,
                                                                   monkeypatch):
    """A folder of documents never indexed (a recovered database, a restored backup) is listed
    before it is read: seconds for tens of thousands. GAMES asks in the background, says it is
    reading, and shows every game once the answer is in; no frame waits for it."""
    from game.arcade.storage import Storage

    real = Storage.documents_page

    def slow(self, *args):
        time.sleep(1.5)
        return real(self, *args)

    monkeypatch.setattr(Storage, "documents_page", slow)
    app = make_arcade(tmp_path / "data")
    try:
        started = time.perf_counter()
        app.nav.push("querni.games")
        run_frames(app, 1)
        scene = app.stack.top
        assert isinstance(scene, GamesScene)
        assert time.perf_counter() - started < 1.0
        assert len(scene.rows) == 0 and not scene.still
        with textlog.TextLog() as log:
            log.clear(app.surface)
            run_frames(app, 1)
        assert "Reading the recorded games…" in [drawn.text for drawn in log.texts]
        for _ in range(500):
            run_frames(app, 1)
            time.sleep(0.01)
            if not scene.reading:
                break
        assert [row.record_id for row in scene.rows] == three[1][::-1]
    finally:
        app.shutdown()


def test_games_opens_from_querni_s_tile_and_from_statistics(tmp_path, three):
    app = make_arcade(tmp_path / "data")
    try:
        app.nav.push("title")
        settle(app)
        tile = next(tile for tile in app.stack.top.tiles if tile.spec.id == "querni")
        (games_button,) = tile.actions
        post_tap(games_button.rect.center)
        settle(app, 3)
        assert isinstance(app.stack.top, GamesScene)
        app.nav.clear_to("stats", game_id="querni")
        settle(app, 3)
        button = next(b for b in app.stack.top.ui.get_sprite_group().sprites()
                      if getattr(b, "translation_key", None) == "tile.games")
        post_tap(button.rect.center)
        settle(app, 3)
        assert isinstance(app.stack.top, GamesScene)
        post_key(pygame.K_ESCAPE)
        settle(app, 3)
        assert type(app.stack.top).__name__ == "StatsScene"
    finally:
        app.shutdown()


def test_the_arrows_and_enter_open_a_game(tmp_path, three):
    app = make_arcade(tmp_path / "data")
    try:
        open_games(app)
        for key in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN):
            post_key(key)
            settle(app)
        settle(app, 2)
        replay = app.stack.top
        assert isinstance(replay, ReplayScene)
        assert replay.record.turns == tuple(three[0][1].turns)  # the second newest
    finally:
        app.shutdown()


def test_a_game_whose_record_is_gone_is_summed_up_from_its_document(tmp_path, three):
    games, _ids = three
    app = make_arcade(tmp_path / "data")
    try:
        app.ctx.storage.reset_records()  # the operator reset the scores: the documents stay
        scene = open_games(app)
        until_still(app, scene)  # summed up in the background, the list at rest
        assert [row.turns for row in scene.rows] == [g.turn_count for g in games[::-1]]
        assert all(row.players is None for row in scene.rows)
        assert players_text(None) == "—"
    finally:
        app.shutdown()


def test_a_damaged_document_leaves_the_list(tmp_path, three):
    app = make_arcade(tmp_path / "data")
    try:
        scene = open_games(app)
        (newest,) = (tmp_path / "data" / "games").glob(f"*-{scene.rows[0].record_id}.json")
        newest.write_text("{broken")
        post_tap(row_centre(scene, 0))
        settle(app, 3)
        assert app.stack.top is scene and len(scene.rows) == 2
        assert app.ctx.storage.notices[-1].key == "notice.corrupt"
    finally:
        app.shutdown()


def test_no_recorded_game_says_so(app):
    scene = open_games(app)
    app.stack.draw(app.surface)
    assert list(scene.rows) == []


# --- HIGH SCORES ------------------------------------------------------------------------------
def test_a_scores_row_opens_its_replay_only_when_its_game_has_a_document(tmp_path):
    kept, lost = finished(3, "vs_hard", YOU_BLUE), finished(6, "vs_hard", YOU_BLUE)
    kept_id, lost_id = recorded(tmp_path, kept, lost)
    (gone,) = (tmp_path / "data" / "games").glob(f"*-{lost_id}.json")
    gone.unlink()
    app = make_arcade(tmp_path / "data")
    listed: list[str] = []
    every = app.ctx.storage.documents
    app.ctx.storage.documents = lambda game_id: listed.append(game_id) or every(game_id)
    try:
        app.nav.push("scores", game_id="querni", variant="vs_hard")
        settle(app, 3)
        scores = app.stack.top
        view = scores.view
        assert isinstance(view, ScoresView)
        rows = dict((record.id, band) for record, band in view.rows())
        app.stack.draw(app.surface)

        def marked(band: pygame.Rect) -> bool:  # the play mark's ring beside the row
            return tuple(app.surface.get_at((band.right + 42 + 22, band.centery)))[:3] == \
                palette.ACCENT

        assert marked(rows[kept_id]) and not marked(rows[lost_id])
        assert listed == []  # asked by record id: no list of every document (issue 46)
        post_tap(rows[lost_id].center)  # no document: nothing happens
        settle(app, 3)
        assert app.stack.top is scores
        post_tap(rows[kept_id].center)
        settle(app, 3)
        replay = app.stack.top
        assert isinstance(replay, ReplayScene) and replay.record.turns == tuple(kept.turns)
        post_key(pygame.K_ESCAPE)
        settle(app, 3)
        assert app.stack.top is scores
    finally:
        app.shutdown()


def test_the_empty_scores_picture_is_a_chain_of_the_rules():
    chain = example_chain()
    (colour,) = {c for c, _n in chain}
    numbers = [n for _c, n in chain]
    assert len(numbers) >= 3 and numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    # those numbers side by side are a chain
    placed = {(i, 0): (colour, n) for i, n in enumerate(numbers)}
    assert (numbers[0], numbers[-1]) in QuerniState.from_pieces(placed, colour).chains(colour)


# --- the replay ----------------------------------------------------------------------------------
def test_the_replay_lists_every_turn_and_a_tapped_entry_shows_it(app):
    session = finished(3, "vs_hard", YOU_BLUE)
    app.nav.push("querni.replay", record=to_record(session))
    settle(app, 3)
    scene = app.stack.top
    assert len(scene.moves.entries) == session.turn_count
    post_tap(scene.moves.box_of(2).center)
    settle(app, 3)
    assert scene.index == 2 and not scene.playing
    assert scene.shown == scene.states[2]


@pytest.mark.slow
def test_at_the_end_of_a_replay_next_and_play_are_off(app):
    session = finished(3, "vs_hard", YOU_BLUE)
    app.nav.push("querni.replay", record=to_record(session))
    settle(app, 3)
    scene = app.stack.top
    assert scene.b_next.is_enabled and scene.b_play.is_enabled
    for _ in range(session.turn_count):
        post_key(pygame.K_RIGHT)
        settle(app)
    run_frames(app, 120)
    assert scene.index == scene.total
    assert not scene.b_next.is_enabled and not scene.b_play.is_enabled
    post_key(pygame.K_HOME)  # back to the start: there is something to play again
    settle(app)
    assert scene.b_next.is_enabled and scene.b_play.is_enabled


def test_a_damaged_document_of_a_game_without_record_is_read_once(tmp_path, three):
    """Issue 46: a row summed up from its document reads it once; a damaged one is set aside
    and never read again on the frames after (each frame re-read it)."""
    app = make_arcade(tmp_path / "data")
    try:
        storage = app.ctx.storage
        storage.reset_records()
        for path in (tmp_path / "data" / "games").glob("*.json"):
            path.write_text("{broken")
        reads = []
        real = storage.document
        storage.document = lambda *args: reads.append(args) or real(*args)
        scene = open_games(app)
        until_still(app, scene)
        for _ in range(10):
            app.stack.draw(app.surface)
            run_frames(app, 1)
        assert len(reads) <= len(scene.rows) + 3  # each row at most once
        assert all(row.turns is None for row in scene.rows)
    finally:
        app.shutdown()


def shown_rows(scene: GamesScene) -> range:
    top = int(scene.scroller.offset // scene.row_h)
    return range(top, min(len(scene.rows),
                          int((scene.scroller.offset + scene.view.height) // scene.row_h) + 1))


def test_a_flung_list_reads_no_document_until_it_is_still(tmp_path, three):
    """Issue 46 (GAMES at scale): the rows of games whose record is gone are summed up from
    their documents once the list is still, not on the frames of a fling (each such row read
    its document and checked every turn on the frame that first showed it)."""
    app = make_arcade(tmp_path / "data")
    try:
        storage = app.ctx.storage
        storage.reset_records()
        folder = tmp_path / "data" / "games"
        first = sorted(folder.glob("*.json"))[0]
        for i in range(60):  # the same game under more names: a longer list
            shutil.copyfile(first, folder / f"querni-20261201T00{i:02d}00Z-more{i:04d}.json")
        reads: list[tuple[str, str]] = []
        real = storage.document
        storage.document = lambda *args: reads.append(args) or real(*args)
        scene = open_games(app)
        assert len(scene.rows) == 63
        until_still(app, scene)
        assert all(scene.rows[index].known for index in shown_rows(scene))  # read while still
        reads.clear()
        scene.scroller.scroll_to(scene.scroller.max_offset)  # a fling to the end
        frames = 0
        while frames < 300:
            run_frames(app, 1)
            frames += 1
            if not scene.scroller.moving:
                break  # arrived: this frame may read
            assert reads == [], f"a document read on frame {frames} of the fling"
        assert frames > 5  # it glided
        until_still(app, scene)
        assert scene.still and all(scene.rows[index].known for index in shown_rows(scene))
    finally:
        app.shutdown()


def test_games_reads_a_page_of_what_it_shows_never_every_game(tmp_path, three):
    """Issue 46 (GAMES at scale): the list asks how many games there are and reads the rows
    it shows a page at a time (documents and records by id), never every document and every
    record (100,000 of them took GAMES 10 s to open)."""
    _games, ids = three
    app = make_arcade(tmp_path / "data")
    storage = app.ctx.storage
    whole: list[str] = []
    for name in ("documents", "records", "game_documents"):
        real = getattr(storage, name)
        setattr(storage, name, lambda *args, real=real, name=name, **kw:
                whole.append(name) or real(*args, **kw))
    try:
        scene = open_games(app)
        run_frames(app, 5)
        assert [row.record_id for row in scene.rows] == ids[::-1]
        assert whole == []
    finally:
        app.shutdown()
