"""Command line: parse options, build the arcade, push the first scene, run."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from game.arcade.spec import GAME_START_SCENES, SHELL_START_SCENES, GameSpec, load
from game.engine.locales import ALL_LOCALES, DEV_LOCALES_ENV, PSEUDO_LOCALE
from game.version import FLEET_ENV


def parser(games: tuple[GameSpec, ...]) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="main.py",
        description=f"An arcade of number games: {', '.join(s.logo for s in games)}.",
    )
    p.add_argument("--game", choices=[spec.id for spec in games],
                   help="the game to start on (title, --scene, --demo, --bench)")
    p.add_argument("--fullscreen", action="store_true", help="start fullscreen (F11 toggles)")
    for spec in games:
        if spec.variant_flag:
            p.add_argument(f"--{spec.variant_flag}",
                           choices=[v.id.lower() for v in spec.variants],
                           help=f"{spec.logo}: the {spec.variant_flag} of new games "
                                "(saved in the settings)")
    for spec in games:
        for option in spec.start_options:
            p.add_argument(f"--{option.flag}", metavar=option.metavar,
                           type=_parser_of(option.parse),
                           help=f"{spec.logo}: {option.help} (with --demo: the demo plays it)")
    p.add_argument("--seed", type=int, help="reproducible dice (and demo moves)")
    p.add_argument("--demo", action="store_true",
                   help="the game plays itself; prints a GAME OVER line after each game")
    p.add_argument("--frames", type=_positive, metavar="N", help="exit 0 after N frames")
    p.add_argument("--screenshot", metavar="PATH",
                   help="with --frames: save the last frame as PNG")
    p.add_argument("--bench", type=_positive, metavar="N",
                   help="run N frames of --demo as fast as possible and print timings")
    replayable = ", ".join(spec.logo for spec in games if spec.replay_scene) or "none"
    p.add_argument("--replay", metavar="FILE", type=_file_name,
                   help=f"play back a game's record from DATA/games/ (games that keep one: "
                        f"{replayable})")
    p.add_argument("--scene", choices=SHELL_START_SCENES + GAME_START_SCENES,
                   help="start on this scene (play and rules: of --game)")
    p.add_argument("--data-dir", metavar="PATH", help="where settings, scores and saves live")
    p.add_argument("--lang", choices=ALL_LOCALES,
                   help=f"language of the game ({PSEUDO_LOCALE}: the developers' pseudo-locale)")
    p.add_argument("--dev-locales", action="store_true",
                   help=f"offer the pseudo-locale {PSEUDO_LOCALE} in the settings (for "
                        f"developers; also ${DEV_LOCALES_ENV}=1)")
    p.add_argument("--kiosk", action="store_true",
                   help="public kiosk: fullscreen, touch-first, only the operator can quit")
    p.add_argument("--kiosk-pin", metavar="DIGITS", type=_pin,
                   help="the operator's PIN for this run, 4-8 digits (visible to other users "
                        "in the process list: prefer the PIN the kiosk asks for at its first "
                        "start, stored hashed in the data folder)")
    p.add_argument("--reset-pin", action="store_true",
                   help="forget the kiosk operator's stored PIN and its lockout, then exit "
                        "(with the kiosk stopped); the kiosk asks for a new PIN at its next "
                        "start")
    p.add_argument("--portrait", action="store_true",
                   help="portrait layout (1080x1920), also chosen for a tall display")
    p.add_argument("--fleet", metavar="URL",
                   help=f"share finished games with the venue's PostgreSQL server: a libpq "
                        f"connection string or postgresql:// URL, without a password (use a "
                        f"password file or PGPASSWORD); also ${FLEET_ENV}")
    p.add_argument("--fleet-migrate", action="store_true",
                   help="create or upgrade the venue's tables on the --fleet server (with a "
                        "role allowed to: docs/fleet.md), print the schema version and exit")
    p.add_argument("--kiosk-name", metavar="NAME",
                   help="this kiosk's name on the venue board (default: the settings', else "
                        "the host name)")
    _venue_options(p)
    return p


VENUE_COMMANDS = ("fleet_check", "fleet_add_kiosk", "fleet_retire_kiosk", "fleet_kiosks",
                  "fleet_remove_score", "fleet_remove_kiosk_scores")
"""The venue operator's options that run a command and exit (game.arcade.fleet.admin)."""


def _venue_options(p: argparse.ArgumentParser) -> None:
    """The operator's options (all need ``--fleet``, or the environment's URL)."""
    g = p.add_argument_group("venue operator (docs/fleet.md)")
    g.add_argument("--fleet-check", action="store_true",
                   help="connect as this kiosk would, check TLS, the schema and that it may "
                        "send (a test insert rolled back), print its last upload, and exit")
    g.add_argument("--fleet-add-kiosk", metavar="NAME",
                   help="as the owner: make kiosk NAME its own role and password, print its "
                        "connection settings, and exit")
    g.add_argument("--fleet-retire-kiosk", metavar="NAME",
                   help="as the owner: kiosk NAME may no longer log in or write (its scores "
                        "stay), and exit")
    g.add_argument("--fleet-kiosks", action="store_true",
                   help="as the owner: list the venue's kiosks, online or offline, with their "
                        "lag, and exit")
    g.add_argument("--fleet-remove-score", metavar="RECORD_ID",
                   help="as the owner: remove one score from every board (kept for audit in "
                        "arcade_removed), and exit")
    g.add_argument("--fleet-remove-kiosk-scores", metavar="NAME",
                   help="as the owner: remove every score of kiosk NAME played from --since to "
                        "before --until, and exit")
    g.add_argument("--since", metavar="DATE", type=_moment,
                   help="with --fleet-remove-kiosk-scores: from this date or ISO time (UTC)")
    g.add_argument("--until", metavar="DATE", type=_moment,
                   help="with --fleet-remove-kiosk-scores: before this date or ISO time (UTC; "
                        "default: now)")
    g.add_argument("--reason", metavar="TEXT", default="",
                   help="with --fleet-remove-…: why, kept with the removed rows")


def _moment(text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a date (2026-12-01) or ISO time, got {text!r}") from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a number above 0, got {value}")
    return value


def _parser_of(ref: str) -> Callable[[str], Any]:
    """An argparse ``type`` from a start option's ``"module:function"`` (its ``ValueError``
    becomes the usage error's reason)."""

    def parse(text: str) -> Any:
        try:
            return load(ref)(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse


def _file_name(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a file name, got an empty one")
    return text


def _pin(text: str) -> str:
    from game.arcade.storage.settings import valid_pin  # not the whole storage to parse options

    if not valid_pin(text):
        raise argparse.ArgumentTypeError("a PIN is 4 to 8 digits 0-9")
    return text


def run(argv: list[str], games: tuple[GameSpec, ...], started: float | None = None) -> int:
    """The whole program for ``argv``, with the registered ``games``; its exit status."""
    args = parser(games).parse_args(argv)
    if args.screenshot and not (args.frames or args.bench):
        parser(games).error("--screenshot needs --frames N (or --bench N)")
    if args.fleet_migrate:
        return migrate_venue(parser(games), args.fleet, games)
    if any(getattr(args, name) for name in VENUE_COMMANDS):
        from game.arcade.fleet import admin as commands

        return commands.run(parser(games), args, [spec.data for spec in games])
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.dev_locales:
        os.environ[DEV_LOCALES_ENV] = "1"
    from game.arcade.bootstrap import StartupError, build, reset_pin

    try:
        if args.reset_pin:
            return reset_pin(args, games)
        app = build(args, games)
    except StartupError as error:
        print(f"{parser(games).prog}: {error}", file=sys.stderr)
        return error.status
    except KeyboardInterrupt:  # Ctrl+C while starting: nothing to save yet
        return 0
    if started is not None:
        app.started_at = started  # count the imports too: the player waits for them
    try:
        code = app.run()
    except KeyboardInterrupt:  # a Ctrl+C that beat the signal handler: save and stop
        app.on_stop_signal()
        code = 0
    if args.screenshot and code:
        print(f"{parser(games).prog}: could not write the screenshot {args.screenshot}",
              file=sys.stderr)
    if args.bench:
        print(app.bench_report(), flush=True)
    app.shutdown()
    return code


def migrate_venue(p: argparse.ArgumentParser, url: str | None,
                  games: tuple[GameSpec, ...] = ()) -> int:
    """``--fleet-migrate``: the venue's schema brought up to date; 0, or 1 with the reason."""
    from game.arcade.fleet import migrate_now
    from game.arcade.fleet.config import FleetConfigError, resolve

    try:
        config = resolve(url, None, "", "")
    except FleetConfigError as error:
        p.error(str(error))
    if config is None:
        p.error(f"--fleet-migrate needs --fleet URL (or ${FLEET_ENV})")
    try:
        version, venue = migrate_now(config, [spec.data for spec in games])
    except (RuntimeError, ImportError) as error:
        print(f"{p.prog}: cannot migrate the venue's tables on {config.summary}: {error}",
              file=sys.stderr)
        return 1
    print(f"venue schema version {version} on {config.summary} (venue id {venue})")
    return 0

