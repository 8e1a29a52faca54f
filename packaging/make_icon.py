"""Draw the app icon with pygame: a golden die on the game's dark purple.

    python packaging/make_icon.py

writes, next to this script:

* ``icon.png``  256×256, for Linux desktop files and as the master image;
* ``icon.ico``  Windows: 16, 24, 32, 48, 64, 128 and 256 px, each stored as PNG (Windows
  Vista and later read PNG entries), so no Pillow is needed;
* ``icon.icns`` macOS: 16 to 1024 px (retina sizes included), PNG entries as well.

The die is ``game.games.magdagdon.widgets.dice.face(value, size, "tile")``, the same gold
tile with pips the board shows for a committed number, and the colours come from
``game.arcade.widgets.palette``. The drawing is deterministic, so running the script again
gives the same files for a given pygame version. No window is opened.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.arcade.widgets import palette  # noqa: E402
from game.games.magdagdon.widgets import dice  # noqa: E402

MASTER = 1024
"""Everything is drawn at this size and smooth-scaled down, for clean edges at every size."""
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
    (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
    (b"ic14", 512),
)
"""(OSType, pixels) of the PNG-based icns entries; ic11..ic14 and ic10 are the @2x ones."""


def _lerp(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, ...]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def draw(size: int = MASTER) -> pygame.Surface:
    """The icon at ``size`` pixels: a rounded dark-purple tile with a tilted golden die."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    icon.fill((0, 0, 0, 0))

    # Background: the game's vertical gradient, clipped to a rounded square.
    gradient = pygame.Surface((size, size), pygame.SRCALPHA)
    for y in range(size):
        colour = _lerp(palette.BACKGROUND_TOP, palette.BACKGROUND_BOTTOM, y / (size - 1))
        pygame.draw.line(gradient, colour, (0, y), (size - 1, y))
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    margin = size // 32
    plate = pygame.Rect(margin, margin, size - 2 * margin, size - 2 * margin)
    pygame.draw.rect(mask, (255, 255, 255, 255), plate, border_radius=size // 5)
    gradient.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    icon.blit(gradient, (0, 0))
    pygame.draw.rect(icon, palette.PANEL_EDGE, plate, width=max(1, size // 48),
                     border_radius=size // 5)

    # A soft gold glow behind the die.
    glow = pygame.Surface((size, size), pygame.SRCALPHA)
    glow.fill((0, 0, 0, 0))
    for step in range(12, 0, -1):
        radius = size * (0.22 + 0.02 * step)
        pygame.draw.circle(glow, (*palette.GOLD, 7), (size / 2, size / 2), radius)
    icon.blit(glow, (0, 0))

    # The die: the board's gold tile showing five pips, tilted a little, with a shadow.
    die_size = int(size * 0.56)
    die = dice.face(5, die_size, "tile")
    tilted = pygame.transform.rotozoom(die, 12, 1.0)
    shadow = pygame.Surface(tilted.get_size(), pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 0))
    shadow.blit(tilted, (0, 0))
    shadow.fill((0, 0, 0, 110), special_flags=pygame.BLEND_RGBA_MULT)
    centre = (size // 2, size // 2)
    offset = size // 40
    icon.blit(shadow, shadow.get_rect(center=(centre[0] + offset, centre[1] + 2 * offset)))
    icon.blit(tilted, tilted.get_rect(center=centre))
    return icon


def scaled(master: pygame.Surface, size: int) -> pygame.Surface:
    """``master`` reduced to ``size`` pixels (box-filtered by smoothscale, in steps of ≤ 2×)."""
    surface = master
    while surface.get_width() > size * 2:
        half = surface.get_width() // 2
        surface = pygame.transform.smoothscale(surface, (half, half))
    return pygame.transform.smoothscale(surface, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file whose entries are PNG images (sizes up to 256; 256 is written as 0)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    directory = b""
    data = b""
    for size in sizes:
        png = images[size]
        side = 0 if size >= 256 else size
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
        data += png
    return header + directory + data


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """An Apple icns file of PNG entries (see ``ICNS_TYPES``)."""
    body = b"".join(
        ostype + struct.pack(">I", 8 + len(images[size])) + images[size]
        for ostype, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    # No pygame.init(): drawing, scaling and PNG writing need neither a display nor audio.
    master = draw(MASTER)
    sizes = sorted({*ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    images = {size: png_bytes(scaled(master, size)) for size in sizes}
    outputs = {
        HERE / "icon.png": images[256],
        HERE / "icon.ico": ico_bytes({size: images[size] for size in ICO_SIZES}),
        HERE / "icon.icns": icns_bytes(images),
    }
    for path, data in outputs.items():
        path.write_bytes(data)
        print(f"wrote {path.relative_to(ROOT)} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
