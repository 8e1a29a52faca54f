"""PNGs of QUERNI's widgets, for judging the look before the play scene exists.

    python -m tools.querni_preview OUT_DIR [--bench]

Renders, in both orientations where it matters: the start position; a piece selected with its
steps and jumps lit; a jump in mid-air; a chain being chosen; a removal popping and its trail;
the HUD and the speaker's three states; the title tile through its loop; and grayscale copies
(colour-blind check). Positions and targets come from the rules, as the scene will pass them.
The button labels are stand-ins for the lead's translation keys. ``--bench`` also times a
full draw of a busy board (every mark lit) and of the HUD on the real display surface.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time as clock
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game.arcade import theme  # noqa: E402
from game.arcade.widgets.background import background  # noqa: E402
from game.arcade.widgets.effects import Particles  # noqa: E402
from game.engine import i18n  # noqa: E402
from game.games.querni.widgets import hud, layout, motion, tile  # noqa: E402
from game.games.querni.widgets.board import BoardView  # noqa: E402
from game.games.querni.widgets.layout import QuerniLayout  # noqa: E402
from game.rules.querni import Color, QuerniState, Square  # noqa: E402

# Stand-ins for the translated texts the scene will pass in.
LABELS = {
    "select_chain": "SELECT CHAIN", "end_move": "END MOVE", "undo": "UNDO", "hint": "HINT",
    "exit": "\u2630",
}
BUTTON_IDS = {
    "select_chain": "#roll", "end_move": "#confirm", "undo": "#choice", "hint": "#choice",
    "exit": "#icon",
}
TURN = {Color.BLUE: "BLUE to move", Color.RED: "RED to move"}

MIDGAME = {
    # BLUE: 3-4-5-6 is a chain; 9 can step or jump over RED 12 / BLUE 10
    (2, 1): (Color.BLUE, 3), (3, 2): (Color.BLUE, 4), (4, 2): (Color.BLUE, 5),
    (5, 3): (Color.BLUE, 6), (6, 1): (Color.BLUE, 1), (7, 0): (Color.BLUE, 14),
    (4, 4): (Color.BLUE, 9), (5, 5): (Color.BLUE, 10), (1, 0): (Color.BLUE, 16),
    (8, 1): (Color.BLUE, 11), (2, 4): (Color.BLUE, 13),
    (3, 4): (Color.RED, 12), (4, 5): (Color.RED, 7), (3, 6): (Color.RED, 2),
    (6, 5): (Color.RED, 8), (7, 6): (Color.RED, 15), (8, 5): (Color.RED, 16),
    (6, 3): (Color.RED, 3), (1, 5): (Color.RED, 1), (2, 6): (Color.RED, 11),
    (7, 4): (Color.RED, 9), (8, 4): (Color.RED, 10), (9, 3): (Color.RED, 5),
}


def buttons(size: tuple[int, int], L: QuerniLayout) -> pygame_gui.UIManager:
    """Real pygame-gui buttons with the arcade theme, where the layout puts them."""
    ui = pygame_gui.UIManager(size, theme_path=theme.theme(), starting_language="en",
                              translation_directory_paths=[str(i18n.TRANSLATIONS_DIR)])
    for name, label in LABELS.items():
        pygame_gui.elements.UIButton(
            relative_rect=L.button_rects()[name], text=label, manager=ui,
            object_id=pygame_gui.core.ObjectID(object_id=BUTTON_IDS[name], class_id="@arcade"))
    ui.update(0.0)
    return ui


def screen(L: QuerniLayout, view: BoardView, state: QuerniState, message: str,
           time: float = 0.0, sound: hud.Sound = hud.Sound.ALL_ON, thinking: bool = False,
           **board) -> pygame.Surface:
    """A whole play screen: backdrop, board (with ``board`` marks), HUD, buttons."""
    surface = pygame.Surface(L.size)
    surface.blit(background(L.size), (0, 0))
    view.draw(surface, state.pieces, time=time, **board)
    hud.draw_logo(surface, L)
    hud.draw_turn(surface, L, state.to_move, TURN[state.to_move], time, thinking=thinking)
    counts = {c: len(state.numbers(c)) for c in Color}
    hud.draw_pieces_left(surface, L, counts, "left")
    hud.draw_quiet_rounds(surface, L, "Quiet rounds", state.quiet_turns // 2)
    hud.draw_message(surface, L, message)
    hud.draw_speaker(surface, L.speaker_rect, sound)
    buttons(L.size, L).draw_ui(surface)
    return surface


def targets(state: QuerniState, square: Square) -> tuple[set[Square], set[Square]]:
    """Step squares and first jump landings of the piece on ``square`` (from the rules)."""
    col, row = square
    ends = state.destinations(square)
    steps = {s for s in ends if max(abs(s[0] - col), abs(s[1] - row)) == 1}
    jumps = {path[1] for path in state.jump_paths(square)}
    return steps, jumps


def chain_squares(state: QuerniState, color: Color, low: int, high: int) -> list[Square]:
    return [state.where(color, n) for n in range(low, high + 1)]  # type: ignore[misc]


def save(surface: pygame.Surface, out: Path, name: str, gray: bool = False) -> None:
    pygame.image.save(surface, str(out / f"{name}.png"))
    print(out / f"{name}.png")
    if gray:
        pygame.image.save(pygame.transform.grayscale(surface), str(out / f"{name}_gray.png"))
        print(out / f"{name}_gray.png")


def render_all(out: Path) -> None:
    start = QuerniState.new(random.Random(3))
    mid = QuerniState.from_pieces(MIDGAME, Color.BLUE, quiet_turns=25)
    for name, L in (("landscape", layout.LANDSCAPE), ("portrait", layout.PORTRAIT)):
        view = BoardView(L)
        view.prewarm()
        save(screen(L, view, start, "Tap one of your pieces to move it."), out,
             f"start_{name}")

        selected = (4, 4)
        steps, jumps = targets(mid, selected)
        save(screen(L, view, mid, "Tap a lit square: dots step, rings jump.", time=0.3,
                    selected=selected, step_targets=steps, jump_targets=jumps,
                    cursor=(6, 2)), out, f"select_{name}", gray=True)

        path = [selected, (4, 6)]  # BLUE 9 jumps over RED 7
        surface = screen(L, view, mid, "", time=0.5, hidden={selected}, trail=[selected])
        pose = motion.path_pose(motion.path_centres(L, path), 0.5, jump=True)
        view.draw_piece(surface, Color.BLUE, 9, pose.centre, ground=pose.ground,
                        scale=pose.scale)
        save(surface, out, f"jump_{name}")

        diagonal = [selected, (6, 2)]  # over BLUE 6, mid-air at 40 %
        surface = screen(L, view, mid, "", time=0.5, hidden={selected})
        pose = motion.path_pose(motion.path_centres(L, diagonal), 0.4, jump=True)
        view.draw_piece(surface, Color.BLUE, 9, pose.centre, ground=pose.ground,
                        scale=pose.scale)
        save(surface, out, f"jump_diagonal_{name}")

        chain = chain_squares(mid, Color.BLUE, 3, 6)
        candidates = {chain[0], chain[-1]}
        save(screen(L, view, mid, "Chain BLUE 3\u20136: tap END MOVE to remove it.",
                    time=1.0, chain_selected=chain, chain_progress=0.8,
                    chain_candidates=candidates), out, f"chain_{name}", gray=True)

        particles = Particles(random.Random(5))
        pop = motion.ChainPop(L, [(sq, Color.BLUE, 3 + i) for i, sq in enumerate(chain)],
                              particles)
        for k in range(1, 31):  # run the pop to 60 %, stepping the particles at 60 fps
            pop.update(0.6 * k / 30)
            particles.update(pop.seconds * 0.6 / 30)
        surface = screen(L, view, mid, "", time=2.0, hidden=set(chain))
        pop.draw(surface, view)
        particles.draw(surface)
        save(surface, out, f"pop_{name}")

        # BLUE jumped 9 from e5 over RED 7 to e7 and removed 3-6: the trail stays marked
        after = mid.play(path, (3, 6))
        red_chains = after.chains(Color.RED)
        marks = [sq for low, high in red_chains for sq in chain_squares(after, Color.RED,
                                                                        low, high)]
        save(screen(L, view, after, "BLUE removed 3–6.", time=2.5,
                    trail=motion.move_trail(path) + chain, trail_path=path,
                    ghosts={sq: (Color.BLUE, 3 + i) for i, sq in enumerate(chain)},
                    removable_marks=marks, sound=hud.Sound.MUSIC_OFF, thinking=True),
             out, f"removed_{name}", gray=True)
    render_hud(out)
    render_tile(out)


def render_hud(out: Path) -> None:
    """The HUD pieces at 1:1 on the backdrop: turn (thinking), counts, quiet rounds at three
    levels, the speaker in its three states."""
    L = layout.LANDSCAPE
    surface = pygame.Surface((1920, 1080))
    surface.blit(background((1920, 1080)), (0, 0))
    panel_x = L.turn_rect.left
    shift = panel_x - 40
    for i, (color, thinking) in enumerate(((Color.BLUE, False), (Color.RED, True))):
        moved = _shifted(L, -shift + i * 560)
        hud.draw_turn(surface, moved, color, TURN[color], 0.4, thinking=thinking)
        hud.draw_pieces_left(surface, moved, {Color.BLUE: 16 - 5 * i, Color.RED: 9 + i}, "left")
        hud.draw_quiet_rounds(surface, moved, "Quiet rounds", (12, 22)[i])
        hud.draw_message(surface, moved, ("One line.", "Two lines of message: a longer text "
                                                       "that has to wrap onto a second line.")[i])
    moved = _shifted(L, -shift + 1120)
    hud.draw_quiet_rounds(surface, moved, "Quiet rounds", 28)
    for i, state in enumerate(hud.Sound):
        rect = pygame.Rect(1160 + i * 140, 700, 96, 96)
        hud.draw_speaker(surface, rect, state)
        big = hud.speaker_icon(state, 200)
        pygame.draw.rect(surface, (92, 84, 190), (1100 + i * 260, 820, 220, 220),
                         border_radius=30)
        surface.blit(big, (1110 + i * 260, 830))
    save(surface, out, "hud", gray=True)


def _shifted(L: QuerniLayout, dx: int) -> QuerniLayout:
    """The landscape layout's HUD boxes moved sideways (to show two HUDs side by side)."""
    import dataclasses

    def move(box):
        return (box[0] + dx, box[1], box[2], box[3])

    return dataclasses.replace(
        L, turn=move(L.turn), blue_left=move(L.blue_left), red_left=move(L.red_left),
        quiet=move(L.quiet), message=move(L.message))


def render_tile(out: Path) -> None:
    """The title tile at six moments of its loop, and a mock title with both game tiles."""
    rect = pygame.Rect(0, 0, 560, 400)
    strip = pygame.Surface((3 * 600, 2 * 440))
    strip.blit(background(strip.get_size()), (0, 0))
    for i, time in enumerate((0.2, 1.05, 2.35, 3.9, 5.0, 6.5)):
        tile.draw_tile(strip, rect.move(20 + (i % 3) * 600, 20 + (i // 3) * 440), time)
    save(strip, out, "tile")


def bench(frames: int = 300) -> None:
    """Milliseconds per draw (median and best of ``frames``) of a busy board and of the HUD,
    on a display surface of each logical size (as the game draws)."""
    state = QuerniState.from_pieces(MIDGAME, Color.BLUE, quiet_turns=25)
    for L in (layout.LANDSCAPE, layout.PORTRAIT):
        _bench_layout(L, state, frames)


def _bench_layout(L: QuerniLayout, state: QuerniState, frames: int) -> None:
    surface = pygame.display.set_mode(L.size, pygame.SCALED)
    view = BoardView(L)
    view.prewarm()
    steps, jumps = targets(state, (4, 4))
    chain = chain_squares(state, Color.BLUE, 3, 6)
    marks = dict(selected=(4, 4), step_targets=steps, jump_targets=jumps,
                 chain_candidates={chain[0], chain[-1]}, chain_selected=chain,
                 chain_progress=0.7, removable_marks=chain, trail=[(0, 3), (1, 3)],
                 trail_path=[(0, 3), (2, 3)], ghosts={(0, 3): (Color.RED, 4)}, cursor=(6, 2))

    def board(t: float) -> None:
        view.draw(surface, state.pieces, time=t, **marks)

    def heads(t: float) -> None:
        hud.draw_logo(surface, L)
        hud.draw_turn(surface, L, Color.BLUE, TURN[Color.BLUE], t, thinking=True)
        hud.draw_pieces_left(surface, L, {Color.BLUE: 11, Color.RED: 12}, "left")
        hud.draw_quiet_rounds(surface, L, "Quiet rounds", 12)
        hud.draw_message(surface, L, "Tap a lit square.")
        hud.draw_speaker(surface, L.speaker_rect, hud.Sound.ALL_ON)

    for name, draw in (("busy board", board), ("HUD", heads)):
        times = []
        for i in range(frames):
            start = clock.perf_counter()
            draw(i / 60)
            times.append((clock.perf_counter() - start) * 1000)
        print(f"{L.size[0]}x{L.size[1]} {name}: median {statistics.median(times):.2f} ms, "
              f"best {min(times):.2f} ms over {frames} draws")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--bench", action="store_true", help="also time the board and HUD")
    args = parser.parse_args(argv)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    pygame.init()
    pygame.display.set_mode((1, 1))
    i18n.setup("en")
    render_all(args.out_dir)
    if args.bench:
        bench()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
