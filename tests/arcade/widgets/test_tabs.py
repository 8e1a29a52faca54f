"""Variant tabs: centred at the top of their area, in rows, the chosen one lit; a tap shows
that variant, the left/right keys step round."""

from __future__ import annotations

import pygame

from game.arcade.texts import ARCADE
from game.arcade.theme import theme
from game.arcade.widgets.tabs import VariantTabs


class View(VariantTabs):
    TAB_TEXTS = ARCADE

    def __init__(self, area: pygame.Rect, rows: int) -> None:
        self.area, self.variant, self.tabs, self.rows = area, "b", [], rows

    @property
    def tab_rows(self) -> int:
        return self.rows

    def tab_choices(self) -> list[tuple[str, str]]:
        return [("a", "title.new_game"), ("b", "title.scores"), ("c", "title.rules"),
                ("d", "title.quit")]


def test_tabs_are_centred_in_rows_and_a_tap_shows_the_variant(app):
    ui = app.new_ui_manager(theme())
    area = pygame.Rect(0, 0, 1920, 1080)
    view, rebuilt = View(area, rows=1), []
    view.build(ui, lambda: rebuilt.append(view.variant))
    assert [tab.rect.width for tab in view.tabs] == [420] * 4
    assert (view.tabs[0].rect.left + view.tabs[-1].rect.right) // 2 == area.centerx
    assert {tab.rect.centery for tab in view.tabs} == {42}
    centre = view.tabs[2].rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        ui.process_events(pygame.event.Event(kind, button=1, pos=centre, touch=False))
    ui.update(1 / 60)
    assert view.variant == "c" and rebuilt == ["c"]
    two = View(area, rows=2)
    two.build(ui, lambda: None)
    assert [tab.rect.centery for tab in two.tabs] == [42, 42, 142, 142]
    assert [tab.object_ids[-1] for tab in two.tabs].count("#choice_on") == 1


def test_the_keys_step_round_the_variants():
    view = View(pygame.Rect(0, 0, 1920, 1080), rows=1)
    view.step(1)
    assert view.variant == "c"
    view.step(1), view.step(1)
    assert view.variant == "a"
    view.step(-1)
    assert view.variant == "d"
