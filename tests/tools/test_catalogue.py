"""The screen catalogue (``tools/catalogue.py``, states in ``tools/catalogue_states.py``): every
screen-state of the arcade and both games, in each language, checked by the geometry the text
layer reports (``game.engine.textlog``), never by pixels.

The pseudo-locale at 1920×1080 runs with the quick tests (it shows overflow and hard-coded
English at once); the other languages, portrait, 1366×768 (the landscape picture scaled, where
every text must stay legible) and the change of language on each screen run as ``slow``
(``test_catalogue_portrait.py`` holds the portrait half, so two workers share them). The
regressions of issue 44 (point 6) each open their one state.
"""

from __future__ import annotations

import pygame
import pytest

from game.engine import textlog
from game.engine.textlog import Drawn, TextLog
from tests.support.catalogue_run import failures
from tools import catalogue
from tools.catalogue_states import STATES

NAMES = [state.name for state in STATES]
def test_the_catalogue_lists_at_least_60_screen_states():
    assert len(NAMES) == len(set(NAMES)) >= 60, NAMES
    print(f"{len(NAMES)} screen-states:", *NAMES, sep="\n  ")


@pytest.mark.slow
def test_every_screen_state_in_the_pseudo_locale():
    """Every text in its box, none over another, no text key, no hard-coded English."""
    assert failures("qps", "1920x1080") == {}


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["en", "th", "bg", "ko"])
def test_every_screen_state_in_landscape_and_at_1366x768(locale):
    """Landscape once: the 1366×768 screen shows the same canvas scaled (its texts must
    stay legible there)."""
    assert failures(locale, "1366x768") == {}


# --- the checks themselves -----------------------------------------------------------------
def frame(*texts: Drawn, boxes: tuple[textlog.Box, ...] = ()) -> TextLog:
    log = TextLog()
    log.texts = list(texts)
    log.boxes = list(boxes)
    return log


CANVAS = pygame.Rect(0, 0, 1920, 1080)


def test_a_text_out_of_its_button_fails():
    button = pygame.Rect(100, 100, 200, 80)
    log = frame(Drawn("ПРОДЪЛЖИ", pygame.Rect(90, 120, 220, 40), button, textlog.BUTTON),
                boxes=(textlog.Box(button, textlog.BUTTON),))
    assert any("out of its box" in p for p in catalogue.problems(log, "bg", CANVAS))


def test_overlapping_texts_and_a_badge_over_a_text_fail():
    badge = pygame.Rect(180, 100, 28, 28)
    log = frame(Drawn("e7–e5–g6", pygame.Rect(100, 104, 100, 24), None),
                Drawn("NEW GAME", pygame.Rect(150, 110, 100, 24), None),
                boxes=(textlog.Box(badge, textlog.BADGE),))
    found = catalogue.problems(log, "en", CANVAS)
    assert any(p.startswith("overlaps") for p in found)
    assert any(p.startswith("crosses the badge") for p in found)


def test_a_banner_floating_over_a_screen_hides_what_it_crosses_only_when_it_says_so():
    """TOUCH TO PLAY drifts over the attract game: what it covers in part is hidden, not
    crossed; an opaque panel hides only what it covers whole."""
    canvas = pygame.Surface((1920, 1080))
    banner = pygame.Rect(600, 500, 700, 110)
    with TextLog() as log:
        for partly in (False, True):
            log.clear(canvas)
            textlog.box(canvas, pygame.Rect(1180, 470, 340, 112), textlog.BUTTON)
            textlog.text(canvas, "ROLL", pygame.Rect(1290, 496, 114, 60))
            textlog.covered(canvas, banner, partly=partly)
            textlog.text(canvas, "TOUCH TO PLAY", pygame.Rect(620, 520, 660, 70), box=banner)
            found = catalogue.problems(log, "en", CANVAS)
            assert bool(found) != partly, found


def test_lines_of_one_paragraph_may_share_a_band_of_accents():
    log = frame(Drawn("[Ðöţš:~~ šţéþ~~", pygame.Rect(100, 100, 300, 40), None),
                Drawn("Ŕîñĝš:~~ ĵûмþ~~]", pygame.Rect(100, 136, 300, 40), None))
    assert catalogue.problems(log, "qps", CANVAS) == []


@pytest.mark.parametrize("text, locale, bad", [
    ("querni.color.NONE won", "en", True),
    ("[querni.color.NONE ŵöñ~~]", "qps", True),
    ("Turn 8", "qps", True),             # hard-coded: it went round the translations
    ("[Ţûŕñ~~ 8]", "qps", False),
    ("MAGDAGDON 120", "ko", False),      # the game's name stays Latin everywhere
    ("ХВЪРЛИ PAK", "bg", True),
    ("postgresql://kiosk@venue-db/arcade", "th", False),  # an address, as typed
])
def test_text_keys_and_english_in_another_language_fail(text, locale, bad):
    log = frame(Drawn(text, pygame.Rect(100, 100, 300, 40), None))
    assert bool(catalogue.problems(log, locale, CANVAS)) is bad


def test_a_text_on_no_screen_and_a_line_scrolled_out_of_view():
    view = pygame.Rect(100, 100, 400, 300)
    log = frame(Drawn("gone", pygame.Rect(1900, 100, 60, 30), None),
                Drawn("scrolled away", pygame.Rect(120, 500, 200, 30), None, clip=view),
                Drawn("half in view", pygame.Rect(120, 390, 200, 30), None, clip=view))
    found = catalogue.problems(log, "en", CANVAS)
    assert len(found) == 1 and found[0].startswith("off the screen"), found


# --- issue 44, point 6: each was found by the catalogue before it was fixed ------------------
@pytest.mark.parametrize("locale, size, state", [
    ("bg", "1920x1080", "title.continue"),                # ПРОДЪЛЖИ ran out of CONTINUE
    ("en", "1920x1080", "querni.replay.start"),           # REVIEW crossed its button's border
    ("en", "1920x1080", "querni.replay.review"),          # the "?" badges covered move text
    ("en", "1920x1080", "magdagdon.play.straight"),       # STRAIGHT +60 swelled over the total
    ("th", "1920x1080", "title.first_start"),             # the Q's tail met the Thai tagline
    ("th", "1080x1920", "title.first_start"),
    ("qps", "1920x1080", "magdagdon.play.hint"),          # the hint's lines left its plate
    ("qps", "1080x1920", "settings"),                     # the title ran under BACK
    ("qps", "1080x1920", "scores.magdagdon.full"),        # headings ran into each other
    ("qps", "1920x1080", "stats.magdagdon.full"),         # a card's label into the next
    ("qps", "1080x1920", "crash.saved"),                  # the title ran off the screen
    ("en", "1080x1920", "magdagdon.play.daily"),          # PRACTICE and its date ran into SCORE
])
def test_texts_that_did_not_fit(locale, size, state):
    assert failures(locale, size, [state]) == {}


def test_the_game_over_breakdown_follows_a_change_of_language():
    """It stayed in the language the game ended in (a kiosk goes back to its language)."""
    assert failures("qps", "1920x1080", ["magdagdon.game_over.daily"], switch_from="en") == {}
