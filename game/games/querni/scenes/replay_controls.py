"""The replay screen's buttons as media players have them: the transport (start, previous,
play / pause, next, end), each an icon over its label, then REVIEW, FLIP and EXIT. The icons are
drawn (no font needs media symbols); labels are fitted in the language shown at each frame.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from game.arcade.widgets import buttons, text
from game.arcade.widgets import palette as arcade_palette
from game.engine import i18n
from game.games.querni.texts import t
from game.games.querni.widgets.layout import QuerniLayout

TRANSPORT = ("to_start", "previous", "play", "next", "to_end")
"""The transport's buttons, left to right."""
LABELS = {"to_start": "replay.restart", "previous": "replay.previous", "next": "replay.next",
          "to_end": "replay.to_end", "review": "replay.review", "flip": "replay.flip",
          "exit": "replay.exit"}
"""Each button's label (PLAY / PAUSE: ``replay.play`` or ``replay.pause``)."""
WORDS = ("review", "flip", "exit")
"""The buttons that are a word alone."""
GAP = 12
LABEL_FLOOR = 18
"""The smallest label under a transport icon (logical px): still legible on a 1366×768
screen, where the picture is drawn at 0.71."""
DARK = (16, 12, 40)
"""The icon on the gold PLAY button (the theme's dark text)."""


def rects(L: QuerniLayout) -> dict[str, pygame.Rect]:
    """Every button of the replay screen by name: ``TRANSPORT``, ``review``, ``flip``, ``exit``."""
    out: dict[str, pygame.Rect] = {}
    if L.portrait:
        row = L.select_chain_rect.union(L.end_move_rect)
        names: tuple[str, ...] = TRANSPORT
    else:
        out["play"] = L.select_chain_rect
        row = L.end_move_rect
        names = ("to_start", "previous", "next", "to_end")
    width = (row.width - GAP * (len(names) - 1)) / len(names)
    for i, name in enumerate(names):
        left = round(row.left + i * (width + GAP))
        right = round(row.left + i * (width + GAP) + width)
        out[name] = pygame.Rect(left, row.top, right - left, row.height)
    out.update(review=L.undo_rect, flip=L.hint_rect, exit=L.leave_rect)
    return out


class ReplayControls:
    """The replay's buttons: made on ``enter``, their icons and labels drawn over pygame-gui's
    plates each frame (``draw``)."""

    def __init__(self, ui: pygame_gui.UIManager, layout: QuerniLayout,
                 commands: dict[str, Callable[[], None]], playing: Callable[[], bool]) -> None:
        """``commands``: what each button does, by name; ``playing``: whether the replay plays
        by itself (PAUSE then, else PLAY)."""
        where = rects(layout)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        for name in TRANSPORT:
            self.buttons[name] = _plate(ui, where[name], commands[name],
                                        "#roll" if name == "play" else "#choice")
        for name in WORDS:
            self.buttons[name] = _plate(ui, where[name], commands[name], "#choice")
        self.playing = playing
        self._tips: dict[str, str | None] = {}

    def __getitem__(self, name: str) -> pygame_gui.elements.UIButton:
        return self.buttons[name]

    def label(self, name: str) -> str:
        """The label drawn under ``name``'s icon, in the language shown."""
        if name == "play":
            return t("replay.pause" if self.playing() else "replay.play")
        return t(LABELS[name])

    def draw(self, surface: pygame.Surface) -> None:
        """Each button's icon and label (after pygame-gui has drawn the plates)."""
        for name in WORDS:
            rect, word = self.buttons[name].rect, self.label(name)
            text.blit(surface, word, "bold", 32, arcade_palette.TEXT, "center", rect.center,
                      fit=rect.width - 28)
        sizes = self._label_sizes()
        for name in TRANSPORT:
            button = self.buttons[name]
            rect = button.rect
            on = button.is_enabled
            colour = (DARK if name == "play" else arcade_palette.TEXT) if on else (119, 114, 154)
            icon_h = min(40, rect.height // 3)
            if name == "play" and rect.width > 2 * rect.height:  # landscape: beside its word
                word = self.label(name)
                drawn = text.blit(surface, word, "bold", 40, colour, "midleft",
                                  (rect.centerx - 12, rect.centery),
                                  fit=rect.width - 3 * icon_h - 48, minimum=20)
                icon(surface, self._shape(name), (drawn.left - 24 - icon_h // 2, rect.centery),
                     icon_h, colour)
                continue
            if sizes is None:  # a word too long for its button: icons alone, words as tooltips
                self._tooltip(name, self.label(name))
                icon(surface, self._shape(name), rect.center, icon_h, colour)
                continue
            self._tooltip(name, None)
            icon(surface, self._shape(name), (rect.centerx, round(rect.top + rect.height * 0.36)),
                 icon_h, colour)
            text.blit(surface, self.label(name), "bold", sizes[name], colour, "center",
                      (rect.centerx, round(rect.top + rect.height * 0.76)))

    def _label_sizes(self) -> dict[str, int] | None:
        """The size of each icon's label under it, or ``None`` when one of them would not fit
        its button at ``LABEL_FLOOR`` (then every icon stands alone, so the row stays alike,
        and each word is its button's tooltip)."""
        sizes: dict[str, int] = {}
        for name in TRANSPORT:
            rect, word = self.buttons[name].rect, self.label(name)
            if name == "play" and rect.width > 2 * rect.height:
                continue
            room = rect.width - 16
            big = rect.height >= 100 and rect.width >= 180
            size = text.fit_size(word, "bold", 26 if big else 22, room, LABEL_FLOOR)
            if i18n.font("bold", size).size(word)[0] > room:
                return None
            sizes[name] = size
        return sizes

    def _tooltip(self, name: str, word: str | None) -> None:
        if self._tips.get(name) != word:
            self._tips[name] = word
            self.buttons[name].set_tooltip(word)

    def _shape(self, name: str) -> str:
        return ("pause" if self.playing() else "play") if name == "play" else name


def _plate(ui: pygame_gui.UIManager, rect: pygame.Rect, command: Callable[[], None],
           object_id: str) -> pygame_gui.elements.UIButton:
    """A themed button with no text of its own (its icon and label are drawn over it)."""
    element = pygame_gui.elements.UIButton(
        relative_rect=rect, text="", manager=ui,
        object_id=pygame_gui.core.ObjectID(object_id=object_id, class_id="@arcade"),
        command=lambda _data: command())
    buttons.draw_other_states_when_shown(element)
    return element


def icon(surface: pygame.Surface, shape: str, centre: tuple[int, int], size: int,
         colour: tuple[int, int, int]) -> None:
    """A media icon ``size`` px tall: ``play`` ▶, ``pause`` ❚❚, ``next`` ▶, ``previous`` ◀,
    ``to_end`` ▶❙, ``to_start`` ❙◀."""
    cx, cy = centre
    half = size // 2
    bar = max(4, size // 6)

    def triangle(tip_x: int, back_x: int) -> None:
        pygame.draw.polygon(surface, colour, [(back_x, cy - half), (tip_x, cy),
                                              (back_x, cy + half)])

    if shape == "pause":
        for x in (cx - half // 2 - bar // 2 - 2, cx + half // 2 - bar // 2 + 2):
            pygame.draw.rect(surface, colour, (x, cy - half, bar + 2, size))
    elif shape in ("play", "next"):
        triangle(cx + half - 2, cx - half + 4)
    elif shape == "previous":
        triangle(cx - half + 2, cx + half - 4)
    elif shape == "to_end":
        triangle(cx + half // 2, cx - half)
        pygame.draw.rect(surface, colour, (cx + half // 2, cy - half, bar, size))
    elif shape == "to_start":
        triangle(cx - half // 2, cx + half)
        pygame.draw.rect(surface, colour, (cx - half // 2 - bar, cy - half, bar, size))
    else:
        raise ValueError(f"no icon {shape!r}")
