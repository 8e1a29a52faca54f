"""The rules and About pages: drawn headless, scrolled by wheel, drag, keys and scroll bar,
clamped at both ends, closed by BACK / Esc / Backspace, every shown text a real help key."""

from __future__ import annotations

import json

import pygame
import pytest

from game.arcade.scenes import document
from game.arcade.scenes.about import SHELL, AboutScene
from game.arcade.texts import HELP
from game.arcade.widgets import background, textflow
from game.engine import assets
from game.engine.scenes import Scene
from game.engine.testing import post_drag, post_key, post_tap, run_frames
from game.games.magdagdon import about as magdagdon_about
from game.games.magdagdon.scenes import rules
from game.games.magdagdon.scenes.rules import RulesScene
from game.rules.magdagdon import line_combo
from tests.support import make_arcade, settle

SCENES = [RulesScene, AboutScene]


class Below(Scene):
    """A stand-in for the title (or the pause overlay) under the page."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.resumed = 0

    def resume(self) -> None:
        self.resumed += 1


def open_page(app, scene_class):
    below = Below(app)
    app.stack.push(below)
    scene = scene_class(app)
    app.stack.push(scene)
    settle(app)
    assert app.stack.top is scene
    return below, scene


def wheel(notches: int) -> None:
    """Mouse wheel notches: positive scrolls up (towards the top), negative down."""
    step = 1 if notches > 0 else -1
    for _ in range(abs(notches)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=step, flipped=False,
                                             precise_x=0.0, precise_y=float(step), touch=False))


def glide(app) -> None:
    run_frames(app, 90)


# --- building and drawing ------------------------------------------------------------------
@pytest.mark.parametrize("scene_class", SCENES)
def test_page_builds_and_draws_opaque_over_the_scene_below(app, scene_class):
    _, scene = open_page(app, scene_class)
    assert not scene.transparent
    assert app.stack.visible() == (scene,)
    run_frames(app, 3)
    surface = app.surface
    panel_pixel = surface.get_at((scene.view.left + 4, scene.view.centery))[:3]
    assert panel_pixel == textflow.PageStyle().background
    assert surface.get_at((10, 600))[:3] == background.background(surface.get_size()).get_at(
        (10, 600))[:3]
    assert scene.doc.height > scene.view.height  # both pages are long enough to scroll
    assert scene.back.rect.height >= 48  # a touch target


def test_the_page_is_rendered_once_and_reused(app):
    _, first = open_page(app, RulesScene)
    post_key(pygame.K_ESCAPE)
    settle(app)
    second = RulesScene(app)
    app.stack.push(second)
    settle(app)
    assert second.doc is first.doc  # cached per language and width, not rebuilt


def test_a_frame_only_blits_the_visible_slice(app, monkeypatch):
    _, scene = open_page(app, RulesScene)
    calls = []
    monkeypatch.setattr(textflow, "render_document", lambda *a, **k: calls.append(a))
    wheel(-5)
    run_frames(app, 30)
    assert calls == []


def test_text_sizes_are_readable():
    page = document.DocumentScene.page
    assert page.body.size >= 24 and page.heading.size >= 40
    assert 1000 <= page.width <= 1200


# --- scrolling -----------------------------------------------------------------------------
@pytest.mark.parametrize("scene_class", SCENES)
@pytest.mark.slow
def test_wheel_scrolls_and_is_clamped_at_both_ends(app, scene_class):
    _, scene = open_page(app, scene_class)
    wheel(3)  # up at the top: nothing to do
    glide(app)
    assert scene.scroller.offset == 0
    wheel(-2)
    glide(app)
    assert scene.scroller.offset == pytest.approx(2 * scene.WHEEL_STEP)
    wheel(-200)
    glide(app)
    assert scene.scroller.offset == scene.scroller.max_offset > 0
    wheel(-3)
    glide(app)
    assert scene.scroller.offset == scene.scroller.max_offset
    wheel(400)
    glide(app)
    assert scene.scroller.offset == 0


def test_drag_scrolls_the_page_with_the_finger_and_is_clamped(app):
    _, scene = open_page(app, RulesScene)
    post_drag((960, 900), (960, 500))  # finger up: the page follows, the offset grows
    settle(app)
    assert scene.scroller.offset == pytest.approx(400)
    post_drag((960, 300), (960, 1000))
    settle(app)
    assert scene.scroller.offset == 0
    for _ in range(15):
        post_drag((960, 1000), (960, 200))
        settle(app)
    assert scene.scroller.offset == scene.scroller.max_offset


def test_drag_on_the_margin_beside_the_panel_scrolls_too(app):
    _, scene = open_page(app, RulesScene)
    post_drag((120, 900), (120, 700))
    settle(app)
    assert scene.scroller.offset == pytest.approx(200)


@pytest.mark.slow
def test_a_quick_swipe_flings_on_then_stops(app):
    _, scene = open_page(app, RulesScene)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(960, 900), button=1,
                                         touch=True))
    run_frames(app, 1)
    y = 900
    for _ in range(5):
        y -= 40
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(960, y), rel=(0, -40),
                                             buttons=(1, 0, 0), touch=True))
        run_frames(app, 1)
    at_release = scene.scroller.offset
    assert at_release == pytest.approx(200)  # the page followed the finger exactly
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(960, y), button=1,
                                         touch=True))
    run_frames(app, 240)
    assert scene.scroller.offset > at_release + 100  # inertia carried it on
    assert not scene.scroller.moving
    assert scene.scroller.offset <= scene.scroller.max_offset


@pytest.mark.slow
def test_keys_scroll_and_page(app):
    _, scene = open_page(app, RulesScene)
    post_key(pygame.K_DOWN)
    settle(app)
    glide(app)
    assert scene.scroller.offset == pytest.approx(scene.WHEEL_STEP)
    post_key(pygame.K_UP)
    glide(app)
    assert scene.scroller.offset == 0
    post_key(pygame.K_PAGEDOWN)
    glide(app)
    assert scene.scroller.offset > scene.view.height * 0.7
    post_key(pygame.K_END)
    glide(app)
    assert scene.scroller.offset == scene.scroller.max_offset
    post_key(pygame.K_DOWN)
    glide(app)
    assert scene.scroller.offset == scene.scroller.max_offset
    post_key(pygame.K_HOME)
    glide(app)
    assert scene.scroller.offset == 0


def test_scroll_bar_thumb_follows_and_can_be_dragged(app):
    _, scene = open_page(app, RulesScene)
    thumb = scene.thumb_rect()
    assert thumb.top == scene.track.top and thumb.height < scene.track.height
    post_drag(thumb.center, (thumb.centerx, scene.track.bottom + 200))
    settle(app)
    assert scene.scroller.offset == scene.scroller.max_offset
    assert scene.thumb_rect().bottom == scene.track.bottom
    post_tap((scene.track.centerx, scene.track.top + 5))  # a tap on the groove jumps there
    settle(app)
    assert scene.scroller.offset == 0


@pytest.mark.parametrize("scene_class", SCENES)
def test_portrait_page_fits_the_screen_and_still_scrolls(scene_class):
    app = make_arcade(size=(1080, 1920))
    try:
        _, scene = open_page(app, scene_class)
        screen = app.surface.get_rect()
        assert screen.contains(scene.panel) and screen.contains(scene.track)
        assert scene.doc.surface.get_width() == scene.panel.width
        assert scene.page.width >= 800  # a narrower column, still comfortable at 30 px
        if scene.scroller.max_offset:
            post_drag((540, 1700), (540, 900))
            settle(app)
            assert scene.scroller.offset == pytest.approx(min(800, scene.scroller.max_offset))
    finally:
        app.shutdown()


# --- leaving -------------------------------------------------------------------------------
@pytest.mark.parametrize("scene_class", SCENES)
def test_back_button_pops_to_the_scene_below(app, scene_class):
    below, scene = open_page(app, scene_class)
    post_tap(scene.back.rect.center)
    settle(app)
    assert app.stack.top is below and below.resumed == 1


@pytest.mark.parametrize("key", [pygame.K_ESCAPE, pygame.K_BACKSPACE])
@pytest.mark.parametrize("scene_class", SCENES)
def test_escape_and_backspace_pop(app, scene_class, key):
    below, _ = open_page(app, scene_class)
    post_key(key)
    settle(app)
    assert app.stack.top is below and len(app.stack) == 1


def test_over_the_pause_overlay_back_returns_to_the_pause_overlay(app):
    from game.arcade.scenes.pause import PauseScene

    play = Below(app)
    app.stack.push(play)
    pause = PauseScene(app, "magdagdon")
    app.stack.push(pause)
    settle(app)
    page = RulesScene(app)
    app.stack.push(page)
    settle(app)
    assert app.stack.visible() == (page,)  # opaque: the game is not drawn under the page
    post_key(pygame.K_ESCAPE)
    settle(app)
    assert app.stack.top is pause and app.stack.scenes == (play, pause)


# --- texts ---------------------------------------------------------------------------------
def _help_json(namespace: str) -> dict:
    path = assets.resource("assets", "i18n", f"{namespace}.en.json")
    return json.loads(path.read_text(encoding="utf-8"))["en"]


def _lookup(tree: dict, key: str):
    node = tree
    for part in key.split("."):
        node = node[part]
    return node


def page_keys(scene_class, entries, figures) -> list[tuple[str, object]]:
    """(key, catalogue) of every text a page shows: its title, blocks and figure labels."""
    keys = [(scene_class.title_key, scene_class.texts)]
    for kind, key, *rest in entries:
        catalogue = rest[0] if rest else scene_class.texts
        if kind == textflow.FIGURE:
            keys += [(k, catalogue) for k in figures[key].keys]
        else:
            keys.append((key, catalogue))
    return keys


ABOUT_ENTRIES = (*magdagdon_about.ABOUT, *SHELL)
PAGES = [
    (RulesScene, rules.RULES, rules.FIGURES),
    (AboutScene, ABOUT_ENTRIES, magdagdon_about.ABOUT_FIGURES),
]


@pytest.mark.parametrize(("scene_class", "entries", "figures"), PAGES)
def test_every_help_key_of_the_pages_exists_in_english(app, scene_class, entries, figures):
    for key, catalogue in page_keys(scene_class, entries, figures):
        value = _lookup(_help_json(catalogue.namespace), key)
        assert isinstance(value, str) and value.strip(), key
        assert catalogue.t(key) == value or "%{" in value, key


@pytest.mark.parametrize(("scene_class", "entries", "figures"), PAGES)
def test_pages_use_only_known_block_kinds_and_figures(scene_class, entries, figures):
    for kind, key, *_ in entries:
        assert kind in textflow.KINDS
        if kind == textflow.FIGURE:
            assert key in figures


def test_every_english_help_text_is_used():
    used: dict[str, set[str]] = {"help": set(), "magdagdon_help": set()}
    for scene_class, entries, figures in PAGES:
        for key, catalogue in page_keys(scene_class, entries, figures):
            used[catalogue.namespace].add(key)

    def leaves(node, prefix=""):
        for name, value in node.items():
            if isinstance(value, dict):
                yield from leaves(value, f"{prefix}{name}.")
            else:
                yield f"{prefix}{name}"

    for namespace, keys in used.items():
        assert set(leaves(_help_json(namespace))) == keys, namespace


def test_relabel_lays_the_page_out_again_and_keeps_the_place(app):
    _, scene = open_page(app, RulesScene)
    scene.scroller.scroll_to(scene.scroller.max_offset / 2, glide=False)
    scene.relabel()
    assert scene.scroller.fraction == pytest.approx(0.5, abs=0.01)
    run_frames(app, 2)


def test_rules_use_the_games_own_terms():
    tree = _help_json("magdagdon_help")["rules"]
    flat = json.dumps(tree, ensure_ascii=False)
    for term in ("ROLL", "CONFIRM", "RUIN", "MAGDAGDON", "Majda Power", "PEACEFUL", "SURVIVAL",
                 "NIGHTMARE", "REROLL", "STRAIGHT", "FOUR OF A KIND", "TWO PAIRS", "544"):
        assert term in flat, term


def test_figure_examples_agree_with_the_rules():
    names = {"rules.fig.straight": "STRAIGHT", "rules.fig.four": "FOUR_OF_A_KIND",
             "rules.fig.pairs": "TWO_PAIRS"}
    for values, key in rules.COMBO_ROWS:
        assert line_combo(values) == names[key]
    assert line_combo(rules.RUIN_ROW) is None


def test_about_shows_the_version_and_the_dedication(app):
    from game.version import VERSION

    _, scene = open_page(app, AboutScene)
    blocks = document.build_blocks(scene.entries, scene.figures, HELP, params=scene.params())
    texts = " ".join(block.text for block in blocks)
    assert VERSION in texts
    assert "Majduška" in texts and "CUBIRI ORIGINAL" in texts and "20th birthday" in texts
    assert "SIL Open Font License 1.1" in texts and "fonts/OFL.txt" in texts
