"""Command line: parse options, build the arcade, push the first scene, run."""

from __future__ import annotations

import argparse
import os
import sys

from game.rules.magdagdon import Difficulty

SCENE_NAMES = ("title", "play", "settings", "scores", "rules", "about")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="main.py",
        description="MAGDAGDON: a dice puzzle arcade. Roll four dice, build one connected field.",
    )
    p.add_argument("--fullscreen", action="store_true", help="start fullscreen (F11 toggles)")
    p.add_argument("--difficulty", choices=[d.name.lower() for d in Difficulty],
                   help="difficulty of new games (saved in the settings)")
    p.add_argument("--seed", type=int, help="reproducible dice (and demo moves)")
    p.add_argument("--demo", action="store_true",
                   help="the game plays itself; prints a GAME OVER line after each game")
    p.add_argument("--frames", type=_positive, metavar="N", help="exit 0 after N frames")
    p.add_argument("--screenshot", metavar="PATH",
                   help="with --frames: save the last frame as PNG")
    p.add_argument("--bench", type=_positive, metavar="N",
                   help="run N frames of --demo as fast as possible and print timings")
    p.add_argument("--scene", choices=SCENE_NAMES, help="start on this scene")
    p.add_argument("--data-dir", metavar="PATH", help="where settings, scores and saves live")
    p.add_argument("--lang", choices=("en", "th", "bg", "ko"), help="language of the game")
    p.add_argument("--kiosk", action="store_true",
                   help="public kiosk: fullscreen, touch-first, only the operator can quit")
    p.add_argument("--kiosk-pin", metavar="DIGITS", type=_pin,
                   help="the operator's PIN (default: from the settings)")
    p.add_argument("--portrait", action="store_true",
                   help="portrait layout (1080x1920), also chosen for a tall display")
    return p


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a number above 0, got {value}")
    return value


def _pin(text: str) -> str:
    if not (text.isdigit() and 4 <= len(text) <= 8):
        raise argparse.ArgumentTypeError("a PIN is 4 to 8 digits")
    return text


def run(argv: list[str], started: float | None = None) -> int:
    args = parser().parse_args(argv)
    if args.screenshot and not (args.frames or args.bench):
        parser().error("--screenshot needs --frames N (or --bench N)")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.arcade.bootstrap import build

    app = build(args)
    if started is not None:
        app.started_at = started  # count the imports too: the player waits for them
    code = app.run()
    if args.bench:
        print(app.bench_report(), flush=True)
    app.shutdown()
    return code


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
