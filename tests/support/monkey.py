"""Seeded monkey runs (``tools/monkey.py``) for the monkey tests: fixed seeds, so a failure in
CI replays exactly; ``MONKEY_SEED`` runs another seed."""

from __future__ import annotations

import os

from tools.monkey import Monkey

SEEDS = {"landscape": 1, "portrait": 20261202, "kiosk": 20261203}
"""Fixed seeds: a failure in CI replays exactly."""

EVERY_SCREEN = {"TitleScene", "SettingsScene", "ScoresScene", "StatsScene", "RulesScene",
                "AboutScene", "ConfirmScene", "magdagdon.PlayScene", "magdagdon.PauseScene",
                "magdagdon.GameOverScene", "magdagdon.InitialsScene", "querni.SetupScene",
                "querni.PlayScene", "querni.PauseScene", "querni.GamesScene"}
"""The screens a monkey run on a player's arcade must reach (scene names as the monkey
reports them: a game's screens carry its id)."""
KIOSK_SCREENS = {"TitleScene", "PlayScene[attract]", "PinPadScene", "OperatorScene",
                 "SettingsScene", "ScoresScene", "StatsScene", "RulesScene", "AboutScene",
                 "magdagdon.PlayScene", "magdagdon.GameOverScene", "querni.SetupScene",
                 "querni.PlayScene", "querni.GamesScene"}
"""The screens a monkey run on a kiosk must reach: attract mode, the PIN pad and the operator's
menu, and the games and screens a visitor is offered."""


def monkey_seed(run: str) -> int:
    raw = os.environ.get("MONKEY_SEED")
    seed = int(raw) if raw else SEEDS[run]
    print(f"monkey seed={seed}")
    return seed


def run_monkey(run: str, events: int, **options):
    """``events`` seeded random events into a fresh arcade; the monkey's report."""
    monkey = Monkey(monkey_seed(run), **options)
    try:
        monkey.start()
        report = monkey.run(events)
    finally:
        monkey.close()
    print(report.table())
    return report
