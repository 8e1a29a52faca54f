"""MAGDAGDON's HINT line follows the language (issue 44): a hint still showing after a language
change in the pause menu reads in the new language."""

from __future__ import annotations

import random

from game.ai.advisor import advise
from game.engine import i18n
from game.games.magdagdon import hints
from game.games.magdagdon.scenes.hinting import Hint, advice_text
from game.rules.magdagdon import Difficulty, MagdagdonGame


def test_a_shown_hint_speaks_the_language_switched_to():
    game = MagdagdonGame(Difficulty.SURVIVAL, random.Random(5))
    game.roll()
    advice = advise(game)
    i18n.setup("en")
    hint = Hint(hints.state_key(game), advice, game)
    english = hint.text
    try:
        i18n.set_locale("bg")
        assert hint.text == advice_text(advice) != english
    finally:
        i18n.set_locale("en")
