"""The pygame-gui theme, built as a dict so font paths resolve in the source tree and the
bundle; each element type gets a font block per locale."""

from __future__ import annotations

from functools import cache
from typing import TypedDict

from game.arcade.widgets import palette
from game.engine import assets, i18n
from game.engine.locales import ALL_LOCALES


class ThemeBlock(TypedDict, total=False):
    """One element type's entry in the theme (pygame-gui's theme file format)."""

    colours: dict[str, str]
    font: list[dict[str, str]]
    misc: dict[str, str]


Theme = dict[str, ThemeBlock]
"""The whole theme: an entry per element type, class or object id."""

@cache
def _usable(path: str) -> bool:
    """Each font file is vetted once per run (a damaged one is named in a warning)."""
    return assets.font_file_ok(path)


def _hex(colour: tuple[int, ...]) -> str:
    return "#" + "".join(f"{c:02X}" for c in colour[:3])


def _fonts(size: int, bold: bool = True, sizes: dict[str, int] | None = None
           ) -> list[dict[str, str]]:
    """One font block per locale; ``sizes`` overrides the size for some locales (long words)."""
    blocks = []
    for locale in ALL_LOCALES:
        regular, strong = str(i18n.font_path("ui", locale)), str(i18n.font_path("bold", locale))
        block = {"locale": locale, "name": "noto_sans", "bold": "1" if bold else "0",
                 "size": str((sizes or {}).get(locale, size))}
        # pygame-gui would hand a damaged file to pygame unchecked, which crashes the process:
        # then pygame-gui's own default face (noto_sans) for this language
        if _usable(regular) and _usable(strong):
            block.update(name=f"arcade-{locale}", regular_path=regular, bold_path=strong,
                         script=i18n.SCRIPTS[locale])
        blocks.append(block)
    return blocks


def _button(normal: tuple[int, ...], text: tuple[int, ...] = (16, 12, 40), size: int = 38,
            hover: tuple[int, ...] | None = None, sizes: dict[str, int] | None = None
            ) -> ThemeBlock:
    hover = hover or tuple(min(255, c + 30) for c in normal)
    return {
        "colours": {
            "normal_bg": _hex(normal),
            "hovered_bg": _hex(hover),
            "active_bg": _hex(tuple(max(0, c - 40) for c in normal)),
            "disabled_bg": "#2A2850",
            "normal_text": _hex(text),
            "hovered_text": _hex(text),
            "active_text": _hex(text),
            "disabled_text": "#77729A",
            "normal_border": "#FFFFFF",
            "hovered_border": "#FFFFFF",
            "active_border": "#FFFFFF",
            "disabled_border": "#4A4680",
        },
        "font": _fonts(size, sizes=sizes),
        "misc": {
            "shape": "rounded_rectangle",
            "shape_corner_radius": "22",
            "border_width": "4",
            "shadow_width": "3",
            "text_horiz_alignment": "center",
        },
    }


def theme() -> Theme:
    """The whole theme; pass it to ``UIManager(theme_path=...)``."""
    return {
        "defaults": {
            "colours": {
                "normal_text": _hex(palette.TEXT),
                "dark_bg": _hex(palette.PANEL),
                "normal_border": _hex(palette.PANEL_EDGE),
            },
            "font": _fonts(30, bold=False),
        },
        "button": _button(palette.GOLD),
        "@arcade": _button(palette.GOLD),
        "#roll": _button(palette.GOLD, size=44),
        "#confirm": _button(palette.GOOD, size=40),
        "#danger": _button(palette.DANGER, text=(255, 255, 255), size=40),
        # the glossary's Bulgarian power words (УВЕЛИЧИ +1, ХВЪРЛИ ПАК) need a smaller size
        "#power": _button(palette.TENTATIVE_RING, size=34, sizes={"bg": 26}),
        "#icon": _button(palette.PANEL_EDGE, text=(255, 255, 255), size=44),
        "#hint": _button((196, 176, 255), size=36),  # a game's HINT (advisor) button
        "#menu_item": _button((120, 100, 255), text=(255, 255, 255), size=38),
        "#choice": _button((60, 56, 130), text=(255, 255, 255), size=32),
        "#choice_on": _button(palette.GOLD, size=32),
        "label": {"colours": {"normal_text": _hex(palette.TEXT)}, "font": _fonts(30, False)},
        "text_box": {
            "colours": {"dark_bg": "#1E1C48", "normal_border": _hex(palette.PANEL_EDGE)},
            "font": _fonts(30, False),
            "misc": {"border_width": "3", "padding": "24,16"},
        },
        "window": {"colours": {"dark_bg": "#1E1C48"}, "font": _fonts(30, False)},
        # no tiny arrow buttons: the thumb is dragged or the track tapped (touch-first)
        "horizontal_slider": {
            "colours": {"dark_bg": "#2A2850"},
            "misc": {"enable_arrow_buttons": "0", "sliding_button_width": "56",
                     "border_width": "3", "shape": "rounded_rectangle",
                     "shape_corner_radius": "18"},
        },
        "horizontal_slider.#sliding_button": _button(palette.GOLD, size=24),
    }
