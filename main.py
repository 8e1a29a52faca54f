"""Start the arcade: parse options, build the app, run it."""

import sys


def main(argv: list[str] | None = None) -> int:
    from game.cli import run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
