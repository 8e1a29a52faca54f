"""QUERNI's finished-game documents at scale, the part of ``python -m benchmarks.records`` that
``--documents N`` (100,000 by default) adds: GAMES, both HIGH SCORES, scrolling GAMES and a tap
on a game, on a folder of N documents with their records and on one with the documents alone
(the records reset: each row is then summed up from its document when first shown).

The documents are one real game's, played to its end by the demo's chooser, under N names
(hard links where the file system has them: the index and the screens only see names, and
each document opened is read and checked whole). The folder's index is built before anything
is timed, as a player's folder has it (each document is indexed when it is written).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import time
from pathlib import Path
from typing import Any

SCROLL_FLINGS = 6
"""Flings up the GAMES list, each a drag of ``DRAG_FRAMES`` frames then its glide."""
DRAG_FRAMES, DRAG_STEP, GLIDE_FRAMES = 8, 80, 50


def document_bytes(seed: int) -> bytes:
    """One finished QUERNI game's document, as storage writes it."""
    from game.games.querni.demo import choose_turn
    from game.games.querni.record import to_record
    from game.games.querni.session import QuerniSession

    session = QuerniSession.new(random.Random(seed), "two_players",
                                {"BLUE": "human", "RED": "human"})
    rng = random.Random(seed)
    while not session.is_over:
        session.play(*choose_turn(session.state, rng))
    return json.dumps(to_record(session), separators=(",", ":")).encode("utf-8")


def build(folder: Path, count: int, with_records: bool, seed: int) -> dict[str, Any]:
    """``count`` QUERNI documents in ``folder/games`` (with their records in ``arcade.db``
    when ``with_records``), indexed; what was made."""
    from benchmarks.records import querni_row
    from game.arcade.storage import Storage
    from game.games.registry import GAMES

    games = folder / "games"
    games.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    rows = [querni_row(rng, i) for i in range(count)]
    if with_records:
        (folder / "scores.json").write_text(json.dumps(
            {"version": 2, "games": {"querni": {"records": rows, "recorded": []}}},
            separators=(",", ":")), "utf-8")
    first = games / ".document"
    first.write_bytes(document_bytes(seed))
    started = time.perf_counter()
    for row in rows:
        date = row["date"]
        stamp = f"{date[0:4]}{date[5:7]}{date[8:10]}T{date[11:13]}{date[14:16]}{date[17:19]}Z"
        name = games / f"querni-{stamp}-{row['id']}.json"
        try:
            os.link(first, name)
        except OSError:
            shutil.copyfile(first, name)
    first.unlink()
    made = time.perf_counter() - started
    started = time.perf_counter()
    storage = Storage(folder, games=[spec.data for spec in GAMES])
    storage.check_files()
    storage.documents("querni")  # the folder listed, its index made on the database's thread
    storage.settle()
    storage.close()
    storage = Storage(folder, games=[spec.data for spec in GAMES])  # the index, as kept
    listed = len(storage.documents("querni"))
    storage.settle()
    storage.close()
    return {"documents": listed, "records": count if with_records else 0,
            "files_s": made, "index_s": time.perf_counter() - started}


def measure(folder: str, seed: int) -> dict[str, Any]:
    """A child: from the title, GAMES opened (twice), both HIGH SCORES, GAMES scrolled by
    flings, and a tap on a game to its replay's first frame."""
    from benchmarks.records import make_app, open_screen
    from game.engine.testing import run_frames

    app = make_app(folder, "querni", seed, None)
    out: dict[str, Any] = {}
    try:
        run_frames(app, 30)  # the title, settled
        out["games_ms"] = open_screen(app, "querni.games", None)
        out["games again_ms"] = open_screen(app, "querni.games", None)
        for game_id in ("magdagdon", "querni"):
            out[f"{game_id}:scores_ms"] = open_screen(app, "scores", game_id)
        out["scroll_ms"], out["rows_shown"] = scroll(app)
        out["tap_ms"] = tap(app)
    finally:
        app.ctx.storage.close()
        app.shutdown()
    return out


def _open_games(app: Any) -> Any:
    """GAMES opened and left half a second, as a player looks before touching it (past the
    shell's garbage collection after a scene change: not the list's own cost)."""
    from game.engine.testing import run_frames

    started = time.perf_counter()
    app.nav.push("querni.games")
    app.stack.apply_pending()
    for frame in range(30):  # paced as the player's frames are: half a second in real time
        run_frames(app, 1)
        time.sleep(max(0.0, started + (frame + 1) / 60 - time.perf_counter()))
    while app.stack.top.reading:
        time.sleep(0.001)
        run_frames(app, 1)
    return app.stack.top


def scroll(app: Any) -> tuple[list[float], int]:
    """The wall time (ms) of every frame while GAMES is flung up ``SCROLL_FLINGS`` times by a
    finger (drags frame by frame, then the glide); and how far down the list it got (rows)."""
    import pygame

    from game.engine.testing import run_frames

    scene = _open_games(app)
    frames: list[float] = []
    x, bottom = scene.view.centerx, scene.view.bottom - 20

    def frame() -> None:
        started = time.perf_counter()
        run_frames(app, 1)
        frames.append((time.perf_counter() - started) * 1000)

    def post(kind: int, pos: tuple[int, int], **extra: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, pos=pos, logical=True, touch=False, **extra))

    for _ in range(SCROLL_FLINGS):
        post(pygame.MOUSEBUTTONDOWN, (x, bottom), button=1)
        frame()
        y = bottom
        for _ in range(DRAG_FRAMES):
            y -= DRAG_STEP
            post(pygame.MOUSEMOTION, (x, y), rel=(0, -DRAG_STEP), buttons=(1, 0, 0))
            frame()
        post(pygame.MOUSEBUTTONUP, (x, y), button=1)
        for _ in range(GLIDE_FRAMES):
            frame()
    shown = int(scene.scroller.offset // scene.row_h)
    app.nav.pop()
    run_frames(app, 10)
    return frames, shown


def tap(app: Any) -> float:
    """Milliseconds from a tap on GAMES' third row to the end of its replay's first frame."""
    from game.engine.synthetic import post_tap
    from game.engine.testing import run_frames

    scene = _open_games(app)
    pos = (scene.view.centerx, scene.view.top + 2 * scene.row_h + scene.row_h // 2 - 4)
    started = time.perf_counter()
    post_tap(pos)
    for _ in range(30):
        run_frames(app, 1)
        if app.stack.top is not scene:
            break
    spent = (time.perf_counter() - started) * 1000
    if type(app.stack.top).__name__ != "ReplayScene":
        raise SystemExit(f"the tap opened {type(app.stack.top).__name__}, not the replay")
    return spent


def report(base: Path, count: int, seed: int) -> None:
    """Both folders built and measured, each in fresh processes; the figures printed."""
    from benchmarks.records import TARGETS, child, nearest_rank

    print(f"{count} QUERNI documents (one game's, {len(document_bytes(seed))} bytes, under "
          f"{count} names):")
    for label, with_records in (("with their records", True), ("without records", False)):
        folder = base / f"documents-{'records' if with_records else 'alone'}"
        made = child("documents-build", str(folder), str(count), str(int(with_records)),
                     str(seed))
        found = child("documents-measure", str(folder), str(seed))
        frames = found["scroll_ms"]
        print(f"  {label} ({made['documents']} listed, {made['records']} records; files "
              f"{made['files_s']:.1f} s, indexed in {made['index_s']:.1f} s):")
        print(f"    GAMES open           {found['games_ms']:8.1f} ms  (again "
              f"{found['games again_ms']:.1f} ms; target <= {TARGETS['screen_ms']:.0f} ms)")
        for game_id in ("magdagdon", "querni"):
            print(f"    {game_id.upper():10s} HIGH SCORES open {found[f'{game_id}:scores_ms']:8.1f}"
                  f" ms  (target <= {TARGETS['screen_ms']:.0f} ms)")
        print(f"    scroll frames p99    {nearest_rank(frames, 0.99):8.1f} ms  (median "
              f"{nearest_rank(frames, 0.5):.1f}, max {max(frames, default=0):.1f}, "
              f"{len(frames)} frames, {found['rows_shown']} rows down; target <= "
              f"{TARGETS['scroll_frame_ms']} ms)")
        print(f"    tap to the replay    {found['tap_ms']:8.1f} ms  (target <= "
              f"{TARGETS['tap_ms']:.0f} ms)")
