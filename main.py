"""Start the arcade: parse options, build the app, run it."""

import os
import sys
import time

STARTED = time.perf_counter()  # startup is measured from here, not from the window
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before anything imports pygame


def main(argv: list[str] | None = None) -> int:
    from game.engine.dpi import declare_dpi_awareness

    declare_dpi_awareness()  # Windows: before pygame makes any window, or it is too late
    from game.arcade.cli import run
    from game.games.registry import GAMES

    return run(sys.argv[1:] if argv is None else argv, GAMES, started=STARTED)


if __name__ == "__main__":
    sys.exit(main())
