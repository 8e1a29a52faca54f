"""The monkey's knowledge of MAGDAGDON: what its play screen must show (the rules' board and
invariants) and where a sensible player taps, so random games still reach their end."""

from __future__ import annotations

import json
from typing import Any

from game.games.magdagdon.controller import Phase
from game.rules.magdagdon import (
    RUIN,
    Difficulty,
    MagdagdonGame,
    is_connected,
    is_legal_sequence,
    is_number,
)

Pos = tuple[int, int]

def expected_board(game: MagdagdonGame) -> tuple[tuple[str, object], ...]:
    """What the board must show for ``game``: (kind, value) per cell, like ``BoardView.drawn``."""
    tentative = {cell: game.dice[die] for die, cell in game.placed.items()}
    cells: list[tuple[str, object]] = []
    for cell, value in enumerate(game.board):
        if cell in tentative:
            cells.append(("tentative", tentative[cell]))
        elif value is None:
            cells.append(("empty", None))
        elif value is RUIN:
            cells.append(("ruin", None))
        else:
            cells.append(("tile", value))
    return tuple(cells)


def game_problems(game: MagdagdonGame, round_trip: bool = True) -> list[str]:
    """The rules' invariants that do not hold for ``game`` (empty when all is well).

    ``round_trip=False`` skips the ``to_dict``/``from_dict`` check (for a state just checked).
    """
    problems: list[str] = []
    board, dice, placed = game.board, game.dice, game.placed
    if len(dice) not in (0, 4) or not all(is_number(v) for v in dice):
        problems.append(f"dice {dice!r}")
    cells = list(placed.values())
    if len(set(cells)) != len(cells):
        problems.append(f"two tentative dice on one cell: {placed!r}")
    if any(not (type(d) is int and 0 <= d < len(dice)) for d in placed):
        problems.append(f"placed dice that do not exist: {placed!r} dice={dice!r}")
    if set(game.unplaced) & set(placed) or (
            set(game.unplaced) | set(placed)) != set(range(len(dice))):
        problems.append(f"unplaced {game.unplaced!r} vs placed {placed!r}")
    if any(board[c] is not None for c in cells if 0 <= c < 16):
        problems.append(f"a tentative die on a committed cell: {placed!r}")
    if not problems and not is_legal_sequence(board, [(dice[d], c) for d, c in placed.items()]):
        problems.append(f"placements {placed!r} of dice {dice!r} are not a legal sequence")
    if not problems and not is_connected(game.view()):
        problems.append(f"view {game.view()!r} is not one connected field")
    if not 0 <= game.powers_used <= game.difficulty.powers:
        problems.append(f"powers_used={game.powers_used} for {game.difficulty.name}")
    if not 0 <= game.turns <= 16:
        problems.append(f"turns={game.turns}")
    if game.is_over != (sum(1 for c in board if c is None) == 0):
        problems.append(f"is_over={game.is_over} for board {board!r}")
    if game.is_over and dice:
        problems.append("dice in play after the game is over")
    if round_trip:
        data = game.to_dict()
        try:
            again = MagdagdonGame.from_dict(json.loads(json.dumps(data))).to_dict()
        except (TypeError, ValueError) as error:
            problems.append(f"from_dict refuses to_dict's data ({error}): {data!r}")
        else:
            if again != data:
                problems.append(f"to_dict/from_dict round trip differs: {data!r} != {again!r}")
    return problems


def play_problems(scene: Any, round_trip: bool = True) -> list[str]:
    """Rules invariants, phase vs rules and — when it drew this frame — the board on screen."""
    game = scene.game
    problems = game_problems(game, round_trip)
    phase = scene.control.phase
    if phase == Phase.IDLE and game.in_turn:
        problems.append("phase IDLE while the dice are in play")
    if phase in (Phase.PLACING, Phase.MAGDAGDON, Phase.CHOOSE_RUIN) and not game.in_turn:
        problems.append(f"phase {phase} without dice in play")
    if phase == Phase.OVER and not game.is_over:
        problems.append("phase OVER but the game is not over")
    drawn = scene.board_view.drawn
    if drawn is not None and not problems:
        expected = expected_board(game)
        for cell, (shown, wanted) in enumerate(zip(drawn, expected)):
            if shown == wanted:
                continue
            if shown[0] == "hidden" and wanted[0] != "empty":
                continue  # a die animating onto its cell
            problems.append(f"cell {cell} drawn as {shown!r}, the rules say {wanted!r}")
    return problems


class MagdagdonMonkey:
    """Plugged into ``tools.monkey`` for scenes whose ``game_id`` is ``"magdagdon"``."""

    rare_buttons = {"play.menu": 0.15, "over.menu": 0.5, "play.hint": 0.2, "over.review": 0.4,
                    **{f"difficulty.{d.name.lower()}": 0.3 for d in Difficulty}}
    """Buttons pressed less often: they leave the game (or restart it, from the settings), or
    start the advisor in the background (HINT, REVIEW: real work, not worth doing each time)."""

    def is_play(self, scene: Any) -> bool:
        return type(scene).__name__ == "PlayScene"

    def state(self, scene: Any) -> tuple[Any, ...]:
        game = scene.game
        return (id(game), game.board, game.dice, tuple(game.placed.items()), game.powers_used,
                game.turns)

    def problems(self, scene: Any, round_trip: bool) -> list[str]:
        return play_problems(scene, round_trip)

    def clear_drawn(self, scene: Any) -> None:
        scene.board_view.drawn = None

    def drew(self, scene: Any) -> bool:
        return scene.board_view.drawn is not None

    def finished(self, scene: Any) -> Any:
        """The finished game shown, or None."""
        return scene.game if scene.game.is_over else None

    def describe(self, scene: Any) -> str:
        game = scene.game
        return (f"phase={scene.control.phase} board={game.board!r} dice={game.dice!r} "
                f"placed={game.placed!r} powers_used={game.powers_used} turns={game.turns} "
                f"drawn={scene.board_view.drawn!r}")

    def state_name(self, scene: Any) -> str:
        name = type(scene).__name__
        if self.is_play(scene) and scene.control.phase in (Phase.MAGDAGDON, Phase.CHOOSE_RUIN):
            return f"PlayScene[{scene.control.phase.value}]"
        return name

    def target(self, monkey: Any, scene: Any) -> tuple[str, Pos] | None:
        """Mostly a sensible move, so games really end; sometimes any cell or die."""
        rng, game, layout = monkey.rng, scene.game, scene.layout
        phase = scene.control.phase
        if rng.random() < 0.12:
            if rng.random() < 0.5:
                cell = rng.randrange(16)
                return f"cell {cell}", monkey._point_in(layout.cell_rect(cell))
            die = rng.randrange(4)
            return f"die {die}", monkey._point_in(layout.die_rect(die))
        if scene.busy or phase == Phase.OVER:
            return "skip", monkey._anywhere(0.0)
        if phase == Phase.IDLE:
            return "ROLL", monkey._point_in(scene.b_roll.rect)
        if phase == Phase.CHOOSE_RUIN:
            empty = sorted(game.legal_ruin_cells)
            cell = rng.choice(empty) if empty else rng.randrange(16)
            return f"ruin cell {cell}", monkey._point_in(layout.cell_rect(cell))
        if phase == Phase.MAGDAGDON:
            if rng.random() < 0.6:
                return "ACCEPT", monkey._point_in(scene.b_accept.rect)
            die = rng.randrange(4)
            return f"die {die}", monkey._point_in(layout.die_rect(die))
        if scene.control.marked is not None:  # REROLL mode: mark dice, then go or cancel
            if rng.random() < 0.5 and game.unplaced:
                die = rng.choice(game.unplaced)
                return f"mark die {die}", monkey._point_in(layout.die_rect(die))
            button = scene.b_reroll_go if rng.random() < 0.6 else scene.b_reroll_cancel
            return "reroll go/cancel", monkey._point_in(button.rect)
        if game.can_confirm and (rng.random() < 0.45 or not game.unplaced):
            return "CONFIRM", monkey._point_in(scene.b_confirm.rect)
        if game.placed and rng.random() < 0.04:
            cell = rng.choice(list(game.placed.values()))
            return f"pick up cell {cell}", monkey._point_in(layout.cell_rect(cell))
        if game.powers_left and rng.random() < 0.04:
            button = rng.choice([scene.b_minus, scene.b_plus, scene.b_reroll])
            return f"power {button.translation_key}", monkey._point_in(button.rect)
        hint = game.hint() if rng.random() < 0.7 else None
        movable = [d for d in game.unplaced if game.legal_cells_for(d)]
        selected = scene.control.selected if scene.control.selected in game.unplaced else None
        if hint:  # the rules' own way through: select its die, then its cell
            die, cell = hint[0]
            if selected == die:
                return f"hint cell {cell}", monkey._point_in(layout.cell_rect(cell))
            return f"hint die {die}", monkey._point_in(layout.die_rect(die))
        if selected in movable and rng.random() < 0.85:
            cell = rng.choice(sorted(game.legal_cells_for(selected)))
            return f"legal cell {cell}", monkey._point_in(layout.cell_rect(cell))
        if movable and rng.random() < 0.85:
            die = rng.choice(movable)
            return f"select die {die}", monkey._point_in(layout.die_rect(die))
        if game.can_confirm:
            return "CONFIRM", monkey._point_in(scene.b_confirm.rect)
        if game.placed:  # a dead end: pick a die up again (M-3.4)
            cell = rng.choice(list(game.placed.values()))
            return f"pick up cell {cell}", monkey._point_in(layout.cell_rect(cell))
        cell = rng.randrange(16)
        return f"cell {cell}", monkey._point_in(layout.cell_rect(cell))

    def drag(self, monkey: Any, scene: Any) -> tuple[str, Pos, Pos] | None:
        """A die onto a cell (mostly a legal one), or a placed die moved elsewhere."""
        rng, game, layout = monkey.rng, scene.game, scene.layout
        if game.unplaced and rng.random() < 0.7:
            die = rng.choice(game.unplaced)
            legal = sorted(game.legal_cells_for(die)) if (
                game.in_turn and not game.is_over) else []
            cell = rng.choice(legal) if legal and rng.random() < 0.8 else rng.randrange(16)
            return (f"die {die} -> cell {cell}", monkey._point_in(layout.die_rect(die)),
                    monkey._point_in(layout.cell_rect(cell)))
        if game.placed and rng.random() < 0.6:
            cell = rng.choice(list(game.placed.values()))
            end = monkey._point_in(layout.cell_rect(rng.randrange(16))) if rng.random() < 0.6 \
                else monkey._anywhere()
            return (f"placed die at cell {cell}", monkey._point_in(layout.cell_rect(cell)), end)
        return None


PLAYER = MagdagdonMonkey()
