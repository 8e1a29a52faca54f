"""Resource paths and loading: the only engine module that touches files.

``ROOT`` is the repository root, or PyInstaller's unpack folder in a frozen build;
``MAGDAGDON_RESOURCES`` (read once, at import) overrides it with a folder of the same layout.
Loaders never raise on a missing or damaged file: a broken asset must not stop the game, so
they log the file and return a fallback.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

import pygame

from game.version import APP_NAME

log = logging.getLogger(__name__)

PathLike = str | Path
RESOURCES_ENV = f"{APP_NAME.upper()}_RESOURCES"


def _root() -> Path:
    override = os.environ.get(RESOURCES_ENV)
    if override:
        return Path(override).expanduser().resolve()
    meipass = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and meipass:
        return Path(meipass)
    return Path(__file__).resolve().parents[2]


ROOT: Path = _root()

_fonts: dict[tuple[str | None, int], pygame.font.Font] = {}


def resource(*parts: PathLike) -> Path:
    """Absolute path of a bundled resource, e.g. ``resource("assets", "theme.json")``."""
    return ROOT.joinpath(*parts)


def _resolve(path: PathLike) -> Path:
    """Relative paths are relative to ROOT, not to the (unpredictable) working directory."""
    p = Path(path)
    return p if p.is_absolute() else ROOT / p


def load_image(path: PathLike) -> pygame.Surface | None:
    """Load an image (converted for fast blits when a display exists) or None, logged."""
    full = _resolve(path)
    try:
        image = pygame.image.load(str(full))
    except (pygame.error, OSError, ValueError) as exc:
        log.warning("image %s could not be loaded (%s); drawing without it", full, exc)
        return None
    if pygame.display.get_surface() is not None:
        image = image.convert_alpha()
    return image


def save_image(surface: pygame.Surface, path: PathLike) -> bool:
    """Write ``surface`` (e.g. a screenshot); True on success, False (logged) otherwise."""
    full = Path(path)  # never makes folders: a mistyped path must not litter the disk
    try:
        pygame.image.save(surface, str(full))
    except (pygame.error, OSError) as exc:
        log.warning("could not save image %s (%s)", full, exc)
        return False
    return True


_bad_fonts: set[str] = set()


def font(path: PathLike | None, size: int, shared: bool = True) -> pygame.font.Font:
    """A cached font; pygame's default font (with a warning) if the file is missing/damaged.
    ``shared=False``: a private object, for callers that change its state (HarfBuzz script)."""
    if not pygame.font.get_init():
        _fonts.clear()  # fonts made before a pygame.quit() are dead
        pygame.font.init()
    key = (None if path is None else str(path), int(size))
    cached = _fonts.get(key) if shared else None
    if cached is not None:
        return cached
    loaded: pygame.font.Font | None = None
    if path is not None:
        full = _resolve(path)
        try:
            _check_font_file(full)
            loaded = pygame.font.Font(str(full), int(size))
        except (pygame.error, OSError, ValueError, RuntimeError) as exc:
            if str(full) not in _bad_fonts:  # once per file, not once per size
                _bad_fonts.add(str(full))
                log.warning("font %s could not be loaded (%s); using pygame's default font "
                            "instead", full, exc)
    if loaded is None:
        loaded = pygame.font.Font(None, int(size))
    if shared:
        _fonts[key] = loaded
    return loaded


def font_file_ok(path: PathLike) -> bool:
    """Whether a font file exists and parses; a bad one is named in a warning."""
    full = _resolve(path)
    try:
        _check_font_file(full)
    except (pygame.error, OSError, ValueError, RuntimeError) as exc:
        log.warning("font %s could not be loaded (%s); the default font is used instead",
                    full, exc)
        return False
    return True


def _check_font_file(full: Path) -> None:
    """Raise if FreeType cannot parse the file: pygame-ce 2.5's ``Font`` accepts a damaged
    file and crashes the process on first use (pygame-ce PR #3064)."""
    try:
        import pygame.freetype as freetype
    except ImportError:  # pragma: no cover - every pygame-ce wheel ships freetype
        return
    if not freetype.get_init():
        freetype.init()
    freetype.Font(str(full), 12)


def clear_font_cache() -> None:
    """Forget cached fonts (needed after pygame.quit, which invalidates them)."""
    _fonts.clear()


def list_files(folder: PathLike, suffix: str) -> list[Path]:
    """Files in ``folder`` ending in ``suffix`` (case-insensitive), sorted; [] if unreadable."""
    full = _resolve(folder)
    try:
        return sorted(p for p in full.iterdir() if p.is_file() and p.suffix.lower() == suffix)
    except OSError as exc:
        log.warning("folder %s could not be read (%s)", full, exc)
        return []


def find_file(folder: PathLike, stem: str, suffixes: tuple[str, ...]) -> Path | None:
    """The first existing ``folder/stem+suffix`` in ``suffixes`` order, or None."""
    full = _resolve(folder)
    for suffix in suffixes:
        candidate = full / f"{stem}{suffix}"
        if candidate.is_file():
            return candidate
    return None


def load_sound(path: PathLike) -> pygame.mixer.Sound | None:
    """Load a sound effect or None (logged); the mixer must already be initialised."""
    full = _resolve(path)
    try:
        return pygame.mixer.Sound(str(full))
    except (pygame.error, OSError, ValueError) as exc:
        log.warning("sound %s could not be loaded (%s); it will be silent", full, exc)
        return None


def load_music(path: PathLike) -> bool:
    """Queue a music file on pygame.mixer.music; False (logged) if it cannot be opened."""
    full = _resolve(path)
    try:
        pygame.mixer.music.load(str(full))
    except (pygame.error, OSError, ValueError) as exc:
        log.warning("music %s could not be loaded (%s); playing without music", full, exc)
        return False
    return True
