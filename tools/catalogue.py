"""The screen catalogue: every screen-state (``tools/catalogue_states.py``) in every language and
screen size, checked by geometry, and contact sheets to look at.

    python -m tools.catalogue OUT [--lang en th …] [--size 1920x1080 …] [--only NAME …]

Each state is reached in a fresh headless arcade and drawn whole while the text log
(``game.engine.textlog``) records where every text went. A state fails when a text is drawn
outside the canvas or its box (a button's face, a badge, a clipped view), overlaps another text,
crosses a button, badge or panel it does not belong to, is a text key (``querni.color.NONE``),
or is English on a screen in another language: any word of plain ASCII letters in Thai,
Bulgarian, Korean or the pseudo-locale ``qps`` that is not a name on ``ALLOWED_WORDS`` (the
pseudo-locale accents every text that went through the translations, so a hard-coded string
stands out). Each state is also opened in English and switched to the pseudo-locale in place
(as SETTINGS does): what still shows English did not follow the language change.

The canvas is logical (1920×1080 or 1080×1920, ``docs/rendering.md``): a 1366×768 screen
shows the 1920×1080 picture scaled by 0.71, so its geometry is that of 1920×1080; there the
catalogue checks that every text stays legible (``MIN_PIXELS`` tall) and draws its sheet
from the scaled picture.

OUT gets one contact sheet per language and size (``sheet-<lang>-<size>.png``): every state a
thumbnail with its name, a red frame and a number where it failed; ``failures.txt`` lists the
failures. The exit status is 1 when any state failed.
"""

from __future__ import annotations

import argparse
import atexit
import os
import re
import shutil
import socket
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.engine import i18n, textlog  # noqa: E402
from game.engine.textlog import Drawn, TextLog  # noqa: E402
from tools.catalogue_states import EMPTY, STATES, Stage, State, fill  # noqa: E402

LANGUAGES = ("en", "th", "bg", "ko", "qps")
SIZES = {"1920x1080": (1920, 1080), "1366x768": (1920, 1080), "1080x1920": (1080, 1920)}
"""Each screen size and the logical canvas it shows (``docs/rendering.md``)."""
SCALE = {"1366x768": 1366 / 1920}
MIN_PIXELS = 9
"""The least height, in screen pixels, of a text's ink on a scaled-down screen."""
ALLOWED_WORDS = frozenset({
    # the games' own names, kept in Latin letters in every language (rules M-10)
    "MAGDAGDON", "QUERNI", "Majda", "PEACEFUL", "SURVIVAL", "NIGHTMARE",
    # kept in Latin by the translators: the operator's PIN, the daily's clock, the name of
    # the variable the venue's password may be given in
    "PIN", "UTC", "Power", "Powers", "PGPASSWORD",
    # the fonts' names and licence on the About page
    "Noto", "Sans", "Thai", "CJK", "KR", "Display", "Symbols", "Symbols2", "SIL", "Open",
    "Font", "License", "Google", "OFL", "txt",
    # the maker's name and the dedication on the About page (kept so by every translator)
    "CUBIRI", "ORIGINAL", "Majduška",
    # players' initials in the records shown, this computer's name (the kiosk's default name)
    "ABC", "AB", socket.gethostname(),
    # the on-screen keyboard's case key (it types a server's address: Latin letters)
    "abc",
})
"""Words of plain ASCII letters a screen in another language may show."""
_WORD = re.compile(r"[A-Za-z\u00C0-\u017F]{2,}")
_ASCII = re.compile(r"[A-Za-z]")
_KEY = re.compile(r"(?<![A-Za-z0-9_/.])[a-z][a-z0-9_]+(\.[A-Za-z0-9_]{2,})+(?![A-Za-z0-9_/])")
"""A translation key (``querni.color.NONE``) anywhere in a text."""
_MACHINE = re.compile(r"://|--|\.py\b|/")
"""Text a machine reads (an address, a command line, a path) is written as it is."""
OVERLAP = 2
"""Pixels two texts' inks may share (anti-aliased edges of neighbouring glyphs)."""
LINE_OVERLAP = 0.2
"""The share of its height a line's ink may reach into the next line's of the same size: an
accent over a capital and a descender under the line above share a band, never a glyph."""


# --- checks -------------------------------------------------------------------------------
def foreign_words(drawn: Drawn, locale: str) -> list[str]:
    """The English words in ``drawn`` on a screen in ``locale`` (none in English)."""
    if locale == "en" or drawn.kind == textlog.CHIP or _MACHINE.search(drawn.text):
        return []
    return [word for word in _WORD.findall(drawn.text)
            if _ASCII.search(word) and word not in ALLOWED_WORDS]


def _visible(drawn: Drawn) -> Drawn:
    """``drawn`` as far as it is seen: a line half scrolled out of its view is cut there."""
    if drawn.clip is None:
        return drawn
    return Drawn(drawn.text, drawn.rect.clip(drawn.clip), drawn.box, drawn.kind, drawn.clip)


def _hidden(drawn: Drawn) -> bool:
    """Clipped away whole (a row scrolled out of its list)."""
    return not drawn.seen


def problems(log: TextLog, locale: str, canvas: pygame.Rect) -> list[str]:
    """Every rule of the module's description that the frame in ``log`` breaks."""
    found: list[str] = []
    texts = [d for d in log.texts if not _hidden(d)]
    for drawn in texts:
        where = textlog.describe(drawn)
        if not canvas.contains(drawn.rect):
            found.append(f"off the screen: {where}")
        elif drawn.box is not None and not drawn.box.contains(drawn.rect):
            found.append(f"out of its box {tuple(drawn.box)}: {where}")
        if _KEY.search(drawn.text) and not _MACHINE.search(drawn.text):
            found.append(f"a text key: {where}")
        words = foreign_words(drawn, locale)
        if words:
            found.append(f"English in {locale} ({' '.join(words)}): {where}")
    shown = [_visible(d) for d in texts]
    for i, first in enumerate(shown):
        for second in shown[i + 1:]:
            shared = first.rect.clip(second.rect)
            low, high = sorted((first.rect.height, second.rect.height))
            lines = LINE_OVERLAP * low if low > 0.7 * high else 0  # lines of one paragraph
            if shared.width > OVERLAP and shared.height > max(OVERLAP, lines) and not (
                    first.text == second.text and first.rect == second.rect):
                found.append(f"overlaps {textlog.describe(second)}: {textlog.describe(first)}")
    for box in log.boxes:
        for drawn in shown:
            if drawn.box == box.rect or (drawn.box is not None and box.rect.contains(drawn.box)):
                continue  # the box's own text
            if box.rect.colliderect(drawn.rect) and not box.rect.contains(drawn.rect):
                found.append(f"crosses the {box.kind} {tuple(box.rect)}: "
                             f"{textlog.describe(drawn)}")
    return found


# --- running ------------------------------------------------------------------------------
@dataclass
class Shot:
    """One state as drawn: its picture and what was wrong with it."""

    state: str
    picture: pygame.Surface
    """The frame at half its size (enough for a thumbnail; 77 whole frames are 640 MB)."""
    problems: list[str] = field(default_factory=list)
    texts: list[Drawn] = field(default_factory=list)


def _arcade(data: Path, size: tuple[int, int], locale: str) -> Any:
    from game.arcade.app import ArcadeApp
    from game.arcade.context import GameContext
    from game.arcade.storage import Storage
    from game.engine.app import AppConfig
    from game.engine.loop import FakeClock
    from game.games.registry import GAMES

    storage = Storage(data, games=[spec.data for spec in GAMES])
    settings = storage.load_settings()
    settings.language = locale
    for game_id in ("magdagdon", "querni"):
        settings.game(game_id)["coached"] = True
    ctx = GameContext(settings=settings, storage=storage, seed=1, notices=storage.notices)
    app = ArcadeApp(AppConfig(size=size), ctx, GAMES, clock=FakeClock())
    app.fixed_steps_per_frame = True
    return app


def _reset(app: Any) -> None:
    """No kiosk, as a fresh arcade (each state opens its scenes with ``clear_to``)."""
    if app.kiosk is not None:
        app.kiosk.stop_attract()
        app.kiosk = None


def _draw(app: Any, log: TextLog) -> None:
    """The whole frame, as a scene change draws it, with the text log recording."""
    log.clear(app.surface)
    app.surface.set_clip(None)
    app.stack.draw(app.surface)
    app.draw_overlay(app.surface)


@dataclass
class Run:
    """The catalogue in one language and logical size (a fresh arcade, states in order)."""

    locale: str
    size: tuple[int, int]
    states: Sequence[State] = tuple(STATES)
    switch_from: str | None = None
    """Open each state in this language, then switch to ``locale`` in place."""

    def shots(self) -> Iterator[Shot]:
        from game.arcade.storage import Storage
        from game.games.registry import GAMES

        with tempfile.TemporaryDirectory() as folder:
            empty, full = Path(folder, "empty"), Path(folder, "full")
            _filled(full)
            app = _arcade(empty, self.size, self.switch_from or self.locale)
            canvas = app.surface.get_rect()
            full_storage: Any = None
            try:
                with TextLog() as log:
                    for state in sorted(self.states, key=lambda s: s.records != EMPTY):
                        if state.records != EMPTY and full_storage is None:
                            full_storage = Storage(full, games=[s.data for s in GAMES])
                            app.ctx.storage = full_storage
                        _reset(app)
                        if self.switch_from:
                            app.set_language(self.switch_from)
                        state.reach(Stage(app))
                        if self.switch_from:
                            app.set_language(self.locale)
                            Stage(app).settle(2)
                        _draw(app, log)
                        picture = pygame.transform.smoothscale_by(app.surface, 0.5)
                        yield Shot(state.name, picture,
                                   problems(log, self.locale, canvas), list(log.texts))
            finally:
                app.shutdown()
                if full_storage is not None:
                    full_storage.close()
                i18n.set_locale("en")


_FILLED: dict[str, Path] = {}


def _filled(folder: Path) -> None:
    """``folder`` holding the records of ``catalogue_states.fill`` (made once, then copied)."""
    if "template" not in _FILLED:
        from game.arcade.storage import Storage
        from game.games.registry import GAMES

        template = Path(tempfile.mkdtemp(prefix="catalogue-records-"))
        atexit.register(shutil.rmtree, template, True)
        storage = Storage(template, games=[spec.data for spec in GAMES])
        fill(storage)
        storage.close()
        _FILLED["template"] = template
    shutil.copytree(_FILLED["template"], folder)


# --- contact sheets -----------------------------------------------------------------------
THUMB_WIDTH = {(1920, 1080): 480, (1080, 1920): 270}
COLUMNS = {(1920, 1080): 6, (1080, 1920): 10}


def contact_sheet(shots: Sequence[Shot], size_name: str, locale: str) -> pygame.Surface:
    """Every shot a thumbnail with its name under it; a failed one framed in red with the
    number of its problems."""
    size = SIZES[size_name]
    scale = SCALE.get(size_name, 1.0)
    width = THUMB_WIDTH[size]
    height = round(width * size[1] / size[0])
    columns = COLUMNS[size]
    label = 30
    rows = (len(shots) + columns - 1) // columns
    sheet = pygame.Surface((columns * (width + 12) + 12, 60 + rows * (height + label + 12)))
    sheet.fill((24, 24, 30))
    pygame.font.init()  # the run's arcade has shut pygame down
    font = pygame.font.Font(str(i18n.font_path("ui", "en")), 18)
    title = f"{locale} {size_name}: {len(shots)} screen-states, " \
            f"{sum(bool(s.problems) for s in shots)} failed"
    sheet.blit(font.render(title, True, (255, 255, 255)), (12, 18))
    for index, shot in enumerate(shots):
        row, column = divmod(index, columns)
        x, y = 12 + column * (width + 12), 60 + row * (height + label + 12)
        picture = shot.picture
        if scale < 1.0:  # what the smaller screen shows, then the thumbnail of it
            picture = pygame.transform.smoothscale(
                picture, (round(picture.get_width() * scale), round(picture.get_height() * scale)))
        sheet.blit(pygame.transform.smoothscale(picture, (width, height)), (x, y))
        colour = (255, 70, 70) if shot.problems else (90, 90, 110)
        pygame.draw.rect(sheet, colour, (x - 2, y - 2, width + 4, height + 4), 2)
        name = shot.state + (f"  ✗{len(shot.problems)}" if shot.problems else "")
        label_image = font.render(name, True, colour if shot.problems else (220, 220, 230))
        if label_image.get_width() > width:  # a long name in a portrait thumbnail's width
            label_image = pygame.transform.smoothscale(
                label_image, (width, label_image.get_height()))
        sheet.blit(label_image, (x, y + height + 4))
    return sheet


def catalogue(locales: Iterable[str], sizes: Iterable[str], states: Sequence[State],
              out: Path | None = None, switch: bool = True) -> dict[tuple[str, str], list[Shot]]:
    """Every state in every language and size (and switched from English to ``qps``); the
    shots by (language, size), each sheet written into ``out`` as soon as it is drawn."""
    results: dict[tuple[str, str], list[Shot]] = {}
    lines: list[str] = []

    def keep(locale: str, size_name: str, shots: list[Shot]) -> None:
        results[(locale, size_name)] = shots
        lines.extend(f"{locale} {size_name} {shot.state}: {p}"
                     for shot in shots for p in shot.problems)
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            name = locale.replace("→", "-to-")
            pygame.image.save(contact_sheet(shots, size_name, locale),
                              str(out / f"sheet-{name}-{size_name}.png"))
            (out / "failures.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")

    for locale in locales:
        drawn: dict[tuple[int, int], list[Shot]] = {}
        for size_name in sizes:
            size = SIZES[size_name]
            scale = SCALE.get(size_name, 1.0)
            if size not in drawn:
                drawn[size] = list(Run(locale, size, states).shots())
            shots = drawn[size]
            if scale < 1.0:
                shots = [Shot(s.state, s.picture, s.problems + _small(s, scale), s.texts)
                         for s in shots]
            keep(locale, size_name, shots)
    if switch:
        keep("en→qps", "1920x1080",
             list(Run("qps", SIZES["1920x1080"], states, switch_from="en").shots()))
    return results


def _small(shot: Shot, scale: float) -> list[str]:
    """The legibility of ``shot``'s texts on a screen ``scale`` times the canvas (the other
    rules were checked on the canvas): texts of more than one letter whose ink would be
    less than ``MIN_PIXELS`` tall there."""
    return [f"too small at {scale:.2f} ({drawn.rect.height * scale:.0f} px): "
            f"{textlog.describe(drawn)}" for drawn in shot.texts
            if drawn.rect.height * scale < MIN_PIXELS and len(drawn.text.strip()) > 1
            and not _hidden(drawn)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", nargs="+", choices=LANGUAGES, default=list(LANGUAGES))
    parser.add_argument("--size", nargs="+", choices=list(SIZES), default=list(SIZES))
    parser.add_argument("--only", nargs="+", metavar="NAME",
                        help="only the states whose names start with these")
    args = parser.parse_args(argv)
    states = [s for s in STATES if not args.only or s.name.startswith(tuple(args.only))]
    started = time.perf_counter()
    results = catalogue(args.lang, args.size, states, args.out)
    failed = sum(bool(shot.problems) for shots in results.values() for shot in shots)
    total = sum(len(shots) for shots in results.values())
    print(f"{len(states)} screen-states × {len(args.lang)} languages × {len(args.size)} "
          f"sizes (+ a language change each): {total} shots, {failed} failed, "
          f"{time.perf_counter() - started:.0f} s; sheets in {args.out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
