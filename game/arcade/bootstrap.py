"""Wires the arcade together from parsed options: context, audio, app, demo, first scene."""

from __future__ import annotations

import argparse
import logging

from game.arcade.app import ArcadeApp
from game.arcade.context import GameContext
from game.arcade.scenes import registry
from game.engine import assets, i18n
from game.engine.app import AppConfig
from game.engine.audio import Audio
from game.rules.magdagdon import Difficulty

log = logging.getLogger(__name__)

SOUNDS = ("roll", "place", "pickup", "confirm", "illegal", "click", "power", "combo",
          "magdagdon", "ruin", "gameover", "tick", "music_menu", "music_play")
"""Every sound the scenes play (tools/make_sounds.py makes them); a missing one is named."""


def build(args: argparse.Namespace) -> ArcadeApp:
    from game.arcade.storage import Storage

    storage = Storage(args.data_dir)
    setup_logging(storage)
    settings = storage.load_settings()
    storage.scores("PEACEFUL")  # read every file now: a damaged one is set aside at start
    first_start = not storage.has_settings()
    if first_start:  # the system's language once; from then on the player's own choice
        settings.language = i18n.system_locale()
        storage.save_settings(settings)
    if args.difficulty:
        settings.difficulty = Difficulty.parse(args.difficulty).name
    if args.lang:
        settings.language = args.lang
    demo = bool(args.demo or args.bench)
    ctx = GameContext(settings=settings, storage=storage, seed=args.seed, demo=demo,
                      notices=storage.notices)
    config = AppConfig(
        fullscreen=bool(args.fullscreen or settings.fullscreen or args.kiosk),
        frames=args.bench or args.frames,
        screenshot=args.screenshot,
        bench=bool(args.bench),
        size=(1080, 1920) if args.portrait or display_is_tall() else (1920, 1080),
    )
    app = ArcadeApp(config, ctx)
    audio = Audio(assets.resource("assets", "sounds"))
    if audio.init():
        audio.load_all(expected=SOUNDS)
    audio.set_volumes(settings.music_volume, settings.effects_volume)
    audio.mute_music(settings.music_muted)
    audio.mute_effects(settings.effects_muted)
    ctx.audio = audio
    if demo:
        from game.games.magdagdon.demo import DemoPlayer

        app.demo = DemoPlayer(app, seed=args.seed, interval=3 if args.bench else 6,
                              cycle=args.difficulty is None and not args.bench)
    if args.kiosk:
        from game.arcade.kiosk import Kiosk

        Kiosk(app, pin=args.kiosk_pin or settings.kiosk_pin,
              idle_seconds=settings.idle_seconds, seed=args.seed).install()
    app.stack.push(first_scene(app, args.scene, demo, resume=not args.bench))
    return app


def setup_logging(storage) -> None:
    """Warnings and errors to stderr; everything from INFO up to the rotating log file."""
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    if not any(getattr(h, "_magdagdon", False) for h in root.handlers):
        console = logging.StreamHandler()
        console.setLevel(logging.WARNING)
        console.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        console._magdagdon = True  # type: ignore[attr-defined]
        root.addHandler(console)
        handler = storage.log_handler()
        if handler is not None:
            handler._magdagdon = True  # type: ignore[attr-defined]
            root.addHandler(handler)
    logging.getLogger(__name__).info("MAGDAGDON starting; data in %s", storage.data_dir)


def display_is_tall() -> bool:
    """A portrait screen (e.g. a kiosk pillar) gets the portrait layout automatically."""
    import pygame

    try:
        pygame.display.init()
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return False
    return bool(sizes) and sizes[0][1] > sizes[0][0]


def first_scene(app: ArcadeApp, name: str | None, demo: bool, resume: bool = True):
    """``--scene`` wins; a demo plays at once; else the title.

    ``play`` (and the demo) resume the saved game when there is one, so a killed demo goes on
    where it was; a benchmark (``resume=False``) always starts a fresh, reproducible game.
    """
    if name == "play" or (name is None and demo):
        game = app.ctx.load_saved_game() if resume else None
        return registry.make("play", app, game=game)
    return registry.make(name or "title", app)
