"""QUERNI's HINT line follows the language (issue 44): a hint still showing after a language
change in the pause menu reads in the new language."""

from __future__ import annotations

import random

from game.engine import i18n
from game.games.querni.scenes.hinting import Hint, hint_text
from game.rules.querni import QuerniState


def test_a_shown_hint_speaks_the_language_switched_to():
    state = QuerniState.new(random.Random(3))
    path, chain = next(turn for turn in state.legal_turns() if turn[0])
    i18n.setup("en")
    hint = Hint(state, (path, chain))
    english = hint.text
    try:
        i18n.set_locale("ko")
        assert hint.text == hint_text(state, path, chain) != english
    finally:
        i18n.set_locale("en")
