"""The header's turn at game over agrees with the record and the scores table (issue 44): the
last turn played, not one more; during a game, the turn being played."""

from __future__ import annotations

import random

import pygame

from game.engine import i18n
from game.games.magdagdon.spec import SPEC
from game.games.magdagdon.texts import t
from game.games.magdagdon.widgets import hud
from game.games.magdagdon.widgets.layout import PlayLayout
from game.rules.magdagdon import Difficulty, MagdagdonGame


def header_words(game: MagdagdonGame, monkeypatch) -> list[str]:
    """Every text the header draws for ``game``."""
    drawn: list[str] = []

    def blit(surface, words, *args, **kwargs):  # only what is asked for: no font needed
        drawn.append(words)
        return pygame.Rect(0, 0, 0, 0)

    monkeypatch.setattr(hud.text, "blit", blit)
    layout = PlayLayout()
    hud.draw_header(pygame.Surface(layout.size), layout, game, 0)
    monkeypatch.undo()
    return drawn


def test_the_header_names_the_turn_in_play_and_at_game_over_the_last_one(monkeypatch):
    i18n.setup("en")
    for seed in range(3):
        game = MagdagdonGame(Difficulty.SURVIVAL, random.Random(seed))
        while not game.is_over:
            game.roll()
            if game.is_over:
                break
            assert t("play.turn", turn=game.turns + 1) in header_words(game, monkeypatch)
            if game.is_magdagdon:  # M-6: a ruin in place of the turn
                game.accept_magdagdon(min(game.legal_ruin_cells))
                continue
            for die, cell in game.hint() or []:
                game.place(die, cell)
            game.confirm()
        record = SPEC.data.make_record(game)
        assert t("play.turn", turn=record["turns"]) in header_words(game, monkeypatch)
