"""The screen catalogue in portrait (1080×1920) in every language, and each screen-state
switched from English to the pseudo-locale in place, as SETTINGS does it: a text still in
English did not follow the change (``test_catalogue.py`` holds the rest)."""

from __future__ import annotations

import pytest

from tests.support.catalogue_run import failures


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["en", "th", "bg", "ko", "qps"])
def test_every_screen_state_in_portrait(locale):
    assert failures(locale, "1080x1920") == {}


@pytest.mark.slow
def test_every_screen_state_follows_a_change_of_language():
    assert failures("qps", "1920x1080", switch_from="en") == {}
