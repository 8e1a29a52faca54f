"""One-line notices at the bottom of the screen (e.g. "saving failed")."""

from __future__ import annotations

import pygame

from game.arcade.widgets import palette, text


def draw(surface: pygame.Surface, messages: list[str]) -> None:
    """Each message on its own line, newest at the bottom."""
    width = surface.get_width()
    bottom = surface.get_height() - 24
    for message in reversed(messages):
        size = text.fit_size(message, "bold", 30, width - 200)
        rendered = text.render(message, "bold", size, palette.TEXT)
        box = rendered.get_rect(midbottom=(width // 2, bottom)).inflate(48, 24)
        pygame.draw.rect(surface, palette.DANGER_DARK, box, border_radius=18)
        pygame.draw.rect(surface, palette.DANGER, box, 3, border_radius=18)
        surface.blit(rendered, rendered.get_rect(center=box.center))
        bottom = box.top - 10
