"""Soak benchmark: the demo player plays game after game, headless, while RSS is watched.

    python -m tools.soak --games 2000 [--seed N] [--draw-every 10] [--interval 3]
                         [--late-share 0.25] [--late-seconds 0.3]

Not a test: it reports games per second and resident memory (RSS, MB) at the start, after
every 10 % of the games and at the end, with the growth, so a leak (scenes, surfaces, fonts,
pygame-gui managers, storage records kept alive) shows as RSS that keeps climbing.

How it runs: a headless ``ArcadeApp`` (dummy video/audio, fake clock: one fixed update per
frame, as at 60 Hz) with real storage in a fresh temporary folder (in memory under /dev/shm
where there is one), reduced motion on, and ``game.games.magdagdon.demo.DemoPlayer`` in
cycle mode (title → random difficulty → play → game over → menu → title …) posting real
events, as in ``--demo``.
Games are recorded in the high scores as a player's would be.

It is also the attract mode's watchdog: the advisor is made artificially slow for a seeded share
of its questions (``--late-share``, each answered ``--late-seconds`` late, well past the demo
player's patience), so the demo keeps falling back on its own moves mid-advice, the path that
once froze attract mode. No game finished in :data:`STALL_FRAMES` frames stops the soak with the
top scene named. The figures end with how many advices were followed and how many gestures the
player made without the advisor.

Speed: the scenes are drawn (and the frame presented) only on every ``--draw-every``-th frame
(default 10; 1 draws every frame). The tool does this without touching the engine: on the
other frames it shadows ``app.stack.draw``, ``app.draw_overlay``, ``app.display.present``
and ``pygame.display.flip`` with no-ops for that one frame (presenting a 1920×1080 frame was
a third of the soak's time). Events, updates and scene changes
run on every frame, so the game plays exactly as it would; only fewer pictures are painted.
A crash stops the soak with its traceback (the arcade's safety net is replaced by a re-raise).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.arcade.app import ArcadeApp  # noqa: E402
from game.arcade.context import GameContext, SilentAudio  # noqa: E402
from game.engine.app import AppConfig  # noqa: E402
from game.engine.loop import STEP, FakeClock  # noqa: E402
from game.engine.memory import peak_mb, status_mb  # noqa: E402
from tools.monkey import scratch_dir  # noqa: E402

STALL_FRAMES = 200_000  # no game finished in this many frames: the demo is stuck
LATE_SHARE = 0.25
"""The share of the advisor's questions answered late (the watchdog's slow advisor)."""
LATE_SECONDS = 0.3
"""How late: the demo player's patience runs out long before (about 0.2 s of frames here)."""


def rss_mb() -> float:
    """Current resident memory in MB (Linux: /proc/self/status VmRSS); elsewhere the peak."""
    now = status_mb("VmRSS")
    return now if now is not None else peak_mb()


def _nothing(*_args: object, **_kwargs: object) -> None:
    """Stands in for drawing on the frames that are not drawn."""


def _reraise() -> None:
    """Stands in for ``ArcadeApp.recover``: the soak stops at the first error."""
    raise  # called while the frame's exception is being handled: re-raise it


def build(data_dir: Path, seed: int, interval: int, game_id: str = "magdagdon") -> ArcadeApp:
    from game.arcade.demo import DemoDriver
    from game.arcade.storage import Storage
    from game.games.registry import GAMES

    storage = Storage(data_dir, games=[spec.data for spec in GAMES])
    settings = storage.load_settings()
    settings.reduced_motion = True
    ctx = GameContext(settings=settings, audio=SilentAudio(), storage=storage, seed=seed,
                      demo=True, notices=storage.notices)
    app = ArcadeApp(AppConfig(), ctx, GAMES, clock=FakeClock())
    if getattr(app, "recover", None) is not None:
        app.recover = _reraise  # type: ignore[method-assign]
    app.demo = DemoDriver(app, GAMES, game_id, seed=seed, interval=interval, report=_nothing,
                          cycle=True)
    app.nav.push("title")
    app.stack.apply_pending()
    app.loop.reset()
    return app


def run_frame(app: ArcadeApp, draw: bool) -> None:
    """One frame of the app; without drawing unless ``draw``."""
    app.clock.advance(STEP)
    if draw:
        app.run_frame()
        return
    stack, display, flip = app.stack, app.display, pygame.display.flip
    stack.draw = _nothing  # type: ignore[method-assign]
    app.draw_overlay = _nothing  # type: ignore[method-assign]
    display.present = _nothing  # type: ignore[method-assign]
    pygame.display.flip = _nothing
    try:
        app.run_frame()
    finally:
        pygame.display.flip = flip
        del app.draw_overlay
        del display.present
        if "draw" in vars(stack):
            del stack.draw


class LateAdvisor:
    """``hints.ask`` made slow for a seeded share of the questions (the watchdog's advisor)."""

    def __init__(self, ask: Callable[[Any], Any], seed: int, share: float,
                 seconds: float) -> None:
        self.ask = ask
        self.rng = random.Random(seed)
        self.share = share
        self.seconds = seconds
        self.late = 0

    def __call__(self, game: Any) -> Any:
        if self.share > 0 and self.rng.random() < self.share:
            self.late += 1
            time.sleep(self.seconds)
        return self.ask(game)


def soak(games: int, seed: int, draw_every: int = 10, interval: int = 3,
         out=print, late_share: float = LATE_SHARE, late_seconds: float = LATE_SECONDS,
         stall_frames: int = STALL_FRAMES) -> dict[str, float]:
    """Play ``games`` demo games; print figures through ``out``; return the final ones.
    ``RuntimeError`` when no game finished in ``stall_frames`` frames."""
    from game.games.magdagdon import hints

    data_dir = scratch_dir("soak")
    app = build(data_dir, seed, interval)
    demo = app.demo
    assert demo is not None
    advisor = LateAdvisor(hints.ask, seed, late_share, late_seconds)
    hints.ask = advisor  # type: ignore[assignment]
    start_rss = peak = rss_mb()
    out(f"soak: {games} games, seed={seed}, drawing every {draw_every} frame(s), "
        f"demo gesture every {interval} frames, advisor late ({late_seconds} s) on "
        f"{late_share:.0%} of its questions, data in {data_dir}")
    out(f"  start        games={0:>6}  frames={0:>9}  rss={start_rss:7.1f} MB")
    marks = sorted({max(1, round(games * k / 10)) for k in range(1, 11)})
    started = time.perf_counter()
    last_game_frame = 0
    try:
        while demo.games_finished < games:
            before = demo.games_finished
            run_frame(app, draw_every <= 1 or app.frame % draw_every == 0)
            if demo.games_finished != before:
                last_game_frame = app.frame
                if demo.games_finished in marks:
                    now = time.perf_counter() - started
                    rss = rss_mb()
                    peak = max(peak, rss)
                    share = 100 * demo.games_finished / games
                    out(f"  {share:3.0f}%  games={demo.games_finished:>6}  "
                        f"frames={app.frame:>9}  {now:7.1f} s  "
                        f"{demo.games_finished / now:6.2f} games/s  "
                        f"{app.frame / now:7.0f} frames/s  rss={rss:7.1f} MB  "
                        f"(+{rss - start_rss:.1f})")
            elif app.frame - last_game_frame > stall_frames:
                raise RuntimeError(f"no game finished in {stall_frames} frames; the top scene is "
                                   f"{type(app.stack.top).__name__}")
    except Exception:
        out(f"soak FAILED at frame {app.frame} after {demo.games_finished} games "
            f"(seed={seed}):\n{traceback.format_exc()}")
        raise
    finally:
        player = demo.player("magdagdon")
        app.shutdown()
        hints.ask = advisor.ask
        shutil.rmtree(data_dir, ignore_errors=True)
    seconds = time.perf_counter() - started
    end_rss = rss_mb()
    peak = max(peak, end_rss)
    figures = {"games": float(games), "seconds": seconds, "games_per_s": games / seconds,
               "frames": float(app.frame), "rss_start": start_rss, "rss_end": end_rss,
               "rss_peak": peak, "growth": end_rss - start_rss,
               "advised": float(player.advised), "fallbacks": float(player.fallbacks),
               "late": float(advisor.late)}
    out(f"  end: {games} games in {seconds:.1f} s = {games / seconds:.2f} games/s "
        f"({app.frame} frames, {app.frame / seconds:.0f} frames/s)")
    out(f"  RSS: start {start_rss:.1f} MB, end {end_rss:.1f} MB, peak {peak:.1f} MB, "
        f"growth {end_rss - start_rss:+.1f} MB "
        f"({(end_rss - start_rss) / max(start_rss, 1e-9) * 100:+.1f} %)")
    out(f"  advisor: {player.advised} advices followed, {advisor.late} answered late, "
        f"{player.fallbacks} gestures without it; no stall")
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.soak", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=None, help="default: random (printed)")
    parser.add_argument("--draw-every", type=int, default=10,
                        help="draw only every Nth frame (1 = every frame)")
    parser.add_argument("--interval", type=int, default=3,
                        help="frames between the demo player's gestures (the bench uses 3)")
    parser.add_argument("--late-share", type=float, default=LATE_SHARE,
                        help="share of the advisor's questions answered late (0: none)")
    parser.add_argument("--late-seconds", type=float, default=LATE_SECONDS,
                        help="how late those answers come")
    args = parser.parse_args(argv)
    # A plain ``kill`` ends a long run, cleaning up (SDL would otherwise turn SIGTERM into
    # a QUIT event, which the monkey survives by restarting the app).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    try:
        soak(args.games, seed, args.draw_every, args.interval,
             out=lambda line: print(line, flush=True), late_share=args.late_share,
             late_seconds=args.late_seconds)
    except Exception:  # noqa: BLE001 - already reported with its traceback
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
