"""Surfaces compared pixel for pixel."""

from __future__ import annotations

import pygame


def pixels(surface: pygame.Surface) -> bytes:
    """``surface``'s pixels as RGBA bytes: equal bytes, equal pictures."""
    return pygame.image.tobytes(surface, "RGBA")
