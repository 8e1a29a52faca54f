"""Files that read as JSON but hold what their consumers cannot take (issue 38).

Case 1: a lone surrogate escape (``"\\udfff"``) in any JSON file was accepted on read, and from
then on every write of that file failed — every later game went unrecorded, settings never
saved again. Case 2: a MAGDAGDON save whose dice generator state holds 2**63 crashed every
start (OverflowError). Such files are now set aside when read, and the game goes on."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from game.arcade.storage import SCORES_FILE, SETTINGS_FILE, Settings
from game.rules.magdagdon import MagdagdonGame
from tests.arcade.storage.support import GAMES, finished, make, played, read_json, stored

SURROGATE = "\\udfff"  # as the bytes of the file hold it: JSON's escape, not a character


def test_scores_with_a_lone_surrogate_are_set_aside_and_the_next_game_is_recorded(
        tmp_path: Path) -> None:
    (tmp_path / SCORES_FILE).write_text(
        '{"version":2,"games":{"magdagdon":{"records":[],"recorded":[]},"' + SURROGATE
        + '":{}}}', encoding="utf-8")
    storage = make(tmp_path)
    storage.record_game("magdagdon", finished())
    storage.settle()
    assert [r.fields["score"] for r in storage.records("magdagdon")] == [finished().score().total]
    assert list(tmp_path.glob(f"{SCORES_FILE}.corrupt-*"))  # the bad file, kept aside
    assert len(stored(tmp_path, "magdagdon")) == 1


@pytest.mark.parametrize("where", ["a key", "a value", "a list"])
def test_settings_with_a_lone_surrogate_are_set_aside_and_save_again(
        tmp_path: Path, where: str) -> None:
    storage = make(tmp_path)
    storage.save_settings(Settings.for_games(GAMES, language="bg"))
    storage.settle()
    text = (tmp_path / SETTINGS_FILE).read_text("utf-8")
    bad = {"a key": text.replace('"language"', '"x' + SURROGATE + '": 1, "language"', 1),
           "a value": text.replace('"bg"', '"b' + SURROGATE + '"', 1),
           "a list": text.replace('"language"', '"extra": ["' + SURROGATE + '"], "language"',
                                  1)}[where]
    (tmp_path / SETTINGS_FILE).write_text(bad, encoding="utf-8")
    again = make(tmp_path)
    settings = again.load_settings()
    assert any(n.key == "notice.corrupt" for n in again.notices)
    settings.language = "th"
    again.save_settings(settings)
    again.settle()
    assert read_json(tmp_path / SETTINGS_FILE)["settings"]["language"] == "th"


def test_a_save_with_a_lone_surrogate_is_set_aside(tmp_path: Path) -> None:
    storage = make(tmp_path)
    storage.save_game("magdagdon", played())
    storage.settle()
    path = tmp_path / "saves" / "magdagdon.json"
    path.write_text(path.read_text("utf-8").replace('"PEACEFUL"', '"P' + SURROGATE + '"', 1),
                    encoding="utf-8")
    again = make(tmp_path)
    assert again.load_game("magdagdon") is None
    assert list((tmp_path / "saves").glob("magdagdon.json.corrupt-*"))
    again.save_game("magdagdon", played())
    again.settle()
    assert again.load_game("magdagdon") is not None


@pytest.mark.parametrize("position", [2**63, -1, 625])
def test_a_save_whose_dice_state_is_out_of_range_is_set_aside(tmp_path: Path,
                                                              position: int) -> None:
    storage = make(tmp_path)
    storage.save_game("magdagdon", played())
    storage.settle()
    path = tmp_path / "saves" / "magdagdon.json"
    data = read_json(path)
    data["state"]["rng"][1][624] = position
    path.write_text(json.dumps(data), encoding="utf-8")
    again = make(tmp_path)
    assert again.load_game("magdagdon") is None
    assert list((tmp_path / "saves").glob("magdagdon.json.corrupt-*"))


def test_the_rules_refuse_a_dice_state_out_of_range() -> None:
    """The save format's dice state (M-2.2's saved game) is refused as damaged."""
    data = played().to_dict()
    data["rng"][1][624] = 2**63
    with pytest.raises(ValueError, match="dice state"):
        MagdagdonGame.from_dict(data)


def test_a_data_folder_that_cannot_be_searched_gives_defaults_not_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 38, case 4: the folder exists but may not be searched (no x bit for this user):
    asking whether a file is in it raised PermissionError. The kernel's answer is simulated
    (the suite may run as root, whom permissions do not stop)."""
    make(tmp_path).save_game("magdagdon", played())
    real_stat = os.stat

    def searched(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        if str(path).startswith(str(tmp_path) + os.sep):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", searched)
    storage = make(tmp_path)
    assert storage.has_settings() is False  # what cannot be looked at is not there
    storage.load_settings()
    assert storage.has_saved_game("magdagdon") in (True, False)
    storage.load_game("magdagdon")
    storage.records("magdagdon")
