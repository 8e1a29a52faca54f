"""A game's HOW TO PLAY page: the shell's scrolling page of text and drawn figures."""

from __future__ import annotations

from game.arcade.scenes.document import DocumentScene


class RulesPage(DocumentScene):
    """A game's page sets ``texts`` (its help catalogue), ``entries`` (the page top to bottom:
    (kind, help key), or (FIGURE, a name in ``figures``)) and ``figures``; ``digits_of``: the
    game whose ``digits`` setting its figures of dice follow."""

    title_key = "rules.title"
    digits_of: str | None = None

    @property
    def digits(self) -> bool:
        game_id = self.digits_of
        return game_id is not None and bool(self.ctx.game_settings(game_id)["digits"])
