"""Scenes by name, for the title menu and ``--scene``: imported only when opened."""

from __future__ import annotations

import importlib

SCENES = {
    "title": ("title", "TitleScene"),
    "play": ("play_magdagdon", "PlayScene"),
    "settings": ("settings", "SettingsScene"),
    "scores": ("scores", "ScoresScene"),
    "rules": ("rules", "RulesScene"),
    "about": ("about", "AboutScene"),
}


def make(name: str, app, **kwargs):
    """A new instance of the scene called ``name``."""
    module, cls = SCENES[name]
    scene_class = getattr(importlib.import_module(f"{__package__}.{module}"), cls)
    return scene_class(app, **kwargs)
