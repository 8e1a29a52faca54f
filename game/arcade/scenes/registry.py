"""Scenes by name, for the title menu and ``--scene``: imported only when opened."""

from __future__ import annotations

import importlib

SCENES = {
    "title": ("game.arcade.scenes.title", "TitleScene"),
    "play": ("game.games.magdagdon.scenes.play", "PlayScene"),
    "settings": ("game.arcade.scenes.settings", "SettingsScene"),
    "scores": ("game.arcade.scenes.scores", "ScoresScene"),
    "rules": ("game.arcade.scenes.rules", "RulesScene"),
    "about": ("game.arcade.scenes.about", "AboutScene"),
}


def make(name: str, app, **kwargs):
    """A new instance of the scene called ``name``."""
    module, cls = SCENES[name]
    scene_class = getattr(importlib.import_module(module), cls)
    return scene_class(app, **kwargs)
