"""Wires the arcade together from parsed options: context, audio, app, demo, first scene."""

from __future__ import annotations

import argparse
import logging

from .arcade import ArcadeApp
from .context import GameContext, Settings
from .engine import assets
from .engine.app import AppConfig
from .engine.audio import Audio
from .rules.magdagdon import Difficulty
from .scenes import registry

log = logging.getLogger(__name__)


def build(args: argparse.Namespace) -> ArcadeApp:
    settings = Settings()
    if args.difficulty:
        settings.difficulty = Difficulty.parse(args.difficulty).name
    if args.lang:
        settings.language = args.lang
    demo = bool(args.demo or args.bench)
    ctx = GameContext(settings=settings, seed=args.seed, demo=demo)
    config = AppConfig(
        fullscreen=bool(args.fullscreen or settings.fullscreen),
        frames=args.bench or args.frames,
        screenshot=args.screenshot,
        bench=bool(args.bench),
    )
    app = ArcadeApp(config, ctx)
    audio = Audio(assets.resource("assets", "sounds"))
    if audio.init():
        audio.load_all()
    audio.set_volumes(settings.music_volume, settings.effects_volume)
    audio.mute_music(settings.music_muted)
    audio.mute_effects(settings.effects_muted)
    ctx.audio = audio
    if demo:
        from .demo import DemoPlayer

        app.demo = DemoPlayer(app, seed=args.seed, interval=3 if args.bench else 6)
    first = args.scene or ("play" if demo else "title")
    app.stack.push(registry.make(first, app))
    return app
