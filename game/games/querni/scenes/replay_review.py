"""REVIEW in the replay screen: HARD's verdict on the turn shown as a line of text and, when the
played turn was clearly worse, what HARD's own turn does differently drawn in violet on the
position after the played turn (a ghost path, dashed chain frames, dashed outlines of pieces
HARD would keep) with a "?" badge where the played turn ended.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.ai.querni.review import Verdict
from game.arcade.widgets import palette as arcade_palette
from game.arcade.widgets import text
from game.engine import textlog
from game.games.querni.review import GameReview
from game.games.querni.scenes.hinting import turn_text
from game.games.querni.texts import t
from game.games.querni.widgets import palette as qpalette
from game.rules.querni import Chain, Color, Path, QuerniState, Square

if TYPE_CHECKING:
    from game.games.querni.record import GameRecord
    from game.games.querni.scenes.animation import BoardAnimations
    from game.games.querni.widgets.layout import QuerniLayout


class Owner(Protocol):
    """What REVIEW reads of the replay screen that owns it."""

    @property
    def record(self) -> GameRecord: ...
    @property
    def states(self) -> list[QuerniState]: ...
    @property
    def index(self) -> int: ...
    @property
    def shown(self) -> QuerniState: ...
    @property
    def layout(self) -> QuerniLayout: ...
    @property
    def anim(self) -> BoardAnimations: ...

BADGE = 44
"""The "?" badge's diameter on the board, in logical px."""
SUMMARY_ROOM = 60
"""A strip taller than twice this gives the turn's summary two lines (landscape)."""


def better_text(state: QuerniState, path: Path | None, chain: Chain | None,
                played_chain: Chain | None = None) -> str:
    """HARD's turn in words, whole: which piece it would have moved where, what it would have
    removed, or that it keeps ``played_chain`` (the chain the played turn removed) when it
    removes none (``state``: the position the turn was played from)."""
    return turn_text(state, path, chain, "review.better_", played_chain)


def _ends(path: Path | tuple[Square, ...] | None) -> tuple[Square, Square] | None:
    """Where a movement started and ended (None: no movement): two routes of one jump are
    the same movement."""
    return (path[0], path[-1]) if path else None


class ReviewView:
    """The replay screen's REVIEW: on or off, the verdicts and how they are shown."""

    def __init__(self, scene: Owner, deterministic: bool) -> None:
        self.scene = scene
        self.review = GameReview(scene.record, deterministic=deterministic)
        self.on = False

    @property
    def verdicts(self) -> dict[int, Verdict]:
        """Turn number (1 = the first) → HARD's verdict (``GameReview.verdicts``)."""
        return self.review.verdicts

    @property
    def verdict(self) -> Verdict | None:
        """The verdict on the last turn shown, once worked out."""
        return self.review.verdicts.get(self.scene.index) if self.on else None

    @property
    def marked_turns(self) -> frozenset[int]:
        """The turns judged clearly worse so far, for the move list (none while REVIEW is off)."""
        if not self.on:
            return frozenset()
        return frozenset(n for n, verdict in self.review.verdicts.items() if verdict.clearly_worse)

    @property
    def marked(self) -> bool:
        """The turn shown was clearly worse than HARD's own (``CLEARLY_WORSE``)."""
        verdict = self.verdict
        return verdict is not None and verdict.clearly_worse

    def toggle(self) -> None:
        self.on = not self.on

    def step(self) -> None:
        """Once a frame while REVIEW is on: the worker's next verdict (never waits, but in a
        reproducible run)."""
        if self.on:
            self.review.step(self.scene.index)

    def cancel(self) -> None:
        self.review.cancel()

    # --- what it shows ------------------------------------------------------------------------
    def line(self) -> tuple[str, arcade_palette.Rgb]:
        """The verdict in words and its colour."""
        index = self.scene.index
        verdict = self.verdict
        if index == 0:
            return t("review.start"), qpalette.HINT
        if verdict is None:
            key = "review.failed" if index in self.review.failed else "review.thinking"
            return t(key), arcade_palette.TEXT_DIM
        if verdict.same:
            return t("review.agrees"), arcade_palette.GOOD
        if not verdict.clearly_worse:
            return t("review.fine"), arcade_palette.TEXT
        path, chain = verdict.best
        played_chain = self.scene.record.turns[index - 1][1]
        return (better_text(self.scene.states[index - 1], path, chain, played_chain),
                qpalette.HINT)

    def board_args(self) -> dict[str, Any]:
        """``BoardView.draw``'s arguments for what HARD's turn does differently (nothing
        unless the turn shown is marked and no animation plays): its movement as a ghost
        path, its chain framed, the pieces it keeps as ghosts (see the module)."""
        verdict = self.verdict
        if verdict is None or not verdict.clearly_worse or self.scene.anim.busy:
            return {}
        before = self.scene.states[self.scene.index - 1]
        played_path, played_chain = self.scene.record.turns[self.scene.index - 1]
        path, chain = verdict.best
        mover = before.to_move
        shown = self.scene.shown.pieces
        ghosts = {}
        hint_path: tuple[Square, ...] = ()
        if path and _ends(path) != _ends(played_path):
            hint_path = tuple(path)
            if path[-1] not in shown and path[0] in before.pieces:
                ghosts[path[-1]] = before.pieces[path[0]]
        squares = []
        if chain is not None and chain != played_chain:
            moved = before.moved(list(path)) if path else before
            squares = [moved.where(mover, n) for n in range(chain[0], chain[1] + 1)]
        ghosts.update(self.kept())
        return {"hint_path": hint_path,
                "hint_chain": tuple(sq for sq in squares if sq is not None),
                "ghosts": ghosts}

    def kept(self) -> dict[Square, tuple[Color, int]]:
        """The pieces the marked turn removed and HARD's turn keeps, where they stood (empty
        squares of the position shown)."""
        verdict = self.verdict
        index = self.scene.index
        if verdict is None or not verdict.clearly_worse or self.scene.anim.busy:
            return {}
        played_path, played_chain = self.scene.record.turns[index - 1]
        if played_chain is None:
            return {}
        chain = verdict.best[1]
        before = self.scene.states[index - 1]
        removed = before.moved(list(played_path)) if played_path else before
        numbers = set(range(played_chain[0], played_chain[1] + 1))
        if chain is not None:
            numbers -= set(range(chain[0], chain[1] + 1))
        out = {}
        for number in sorted(numbers):
            square = removed.where(before.to_move, number)
            if square is not None and square not in self.scene.shown.pieces:
                out[square] = (before.to_move, number)
        return out

    def played_square(self) -> Square | None:
        """Where the marked turn's piece ended (its "?" badge), if it moved."""
        if not self.marked or self.scene.anim.busy:
            return None
        path = self.scene.record.turns[self.scene.index - 1][0]
        return path[-1] if path else None

    def draw(self, surface: pygame.Surface, area: pygame.Rect, summary: str) -> None:
        """The review strip in ``area``: what the turn was (``summary``, dim, on top) and the
        verdict under it, with a "?" before it when the turn is marked; the board's badge."""
        pygame.draw.rect(surface, (20, 18, 50), area, border_radius=20)
        inner = area.inflate(-32, -16)
        tall = inner.height > 2 * SUMMARY_ROOM
        size, lines = text.fit_lines(summary, "ui", 28, inner.width, 2 if tall else 1,
                                     minimum=20)
        top_h = len(lines) * (size + 6)
        text.blit_lines(surface, lines, "ui", size, arcade_palette.TEXT_DIM, "center",
                        (inner.centerx, inner.top + top_h // 2))
        body = pygame.Rect(inner.left, inner.top + top_h, inner.width, inner.height - top_h)
        if self.marked:
            badge(surface, (body.left + BADGE // 2, body.centery))
            body.width -= BADGE + 12
            body.left += BADGE + 12
        verdict, colour = self.line()
        fitted, lines = text.fit_lines(verdict, "bold", 30, body.width,
                                       max(1, body.height // 34), minimum=20)
        text.blit_lines(surface, lines, "bold", fitted, colour, "center", body.center)
        layout = self.scene.layout
        for kept in self.kept():  # HARD keeps it: a violet ring round its ghost
            centre = layout.square_rect(kept).center
            radius = layout.piece_size // 2 + 4
            pygame.draw.circle(surface, (40, 20, 90), centre, radius + 2, 9)
            pygame.draw.circle(surface, qpalette.HINT, centre, radius, 5)
        square = self.played_square()
        if square is not None:
            rect = self.scene.layout.square_rect(square)
            badge(surface, (rect.right - BADGE // 2 + 4, rect.top + BADGE // 2 - 4))


def badge(surface: pygame.Surface, centre: tuple[int, int]) -> None:
    """A red "?" disc: a turn HARD judged clearly worse than its own."""
    pygame.draw.circle(surface, (0, 0, 0), (centre[0], centre[1] + 3), BADGE // 2)
    pygame.draw.circle(surface, arcade_palette.BAD, centre, BADGE // 2)
    pygame.draw.circle(surface, qpalette.TEXT, centre, BADGE // 2, 3)
    textlog.box(surface, pygame.Rect(centre[0] - BADGE // 2, centre[1] - BADGE // 2, BADGE,
                                     BADGE + 3))
    text.blit(surface, t("review.mark"), "numbers", 30, qpalette.TEXT, "center", centre)
