"""The command line's start options, run in this process (headless, no window)."""

from __future__ import annotations

import pygame
import pytest

from game.arcade.cli import run
from game.games.registry import GAMES


@pytest.mark.parametrize("game_id", [spec.id for spec in GAMES])
def test_scene_stats_starts_on_that_games_statistics(tmp_path, game_id) -> None:
    """``--scene stats`` works headless: the STATISTICS screen of ``--game``, drawn."""
    shot = tmp_path / "stats.png"
    code = run(["--data-dir", str(tmp_path / "data"), "--game", game_id, "--scene", "stats",
                "--frames", "5", "--screenshot", str(shot)], GAMES)
    assert code == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1920, 1080)
    # not a blank frame: the screen has its background, panels and text in many colours
    colours = {tuple(image.get_at((x, y))) for x in range(0, 1920, 40) for y in range(0, 1080, 40)}
    assert len(colours) > 8


def test_a_games_start_option_is_in_the_help(capsys) -> None:
    with pytest.raises(SystemExit):
        run(["--help"], GAMES)
    assert "--daily YYYY-MM-DD" in capsys.readouterr().out


def test_the_replay_help_names_the_games_that_keep_a_record(capsys) -> None:
    with pytest.raises(SystemExit):
        run(["--help"], GAMES)
    text = " ".join(capsys.readouterr().out.split())
    replay = text[text.rindex("--replay FILE"):].split(" --")[0]  # its line, not the usage
    for spec in GAMES:
        assert (spec.logo in replay) == (spec.replay_scene is not None), replay
