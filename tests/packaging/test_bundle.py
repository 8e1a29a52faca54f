"""The PyInstaller bundle: builds, carries its resources, runs the demo headless.

Builds the onedir bundle once (``packaging/build.py``, ~10-20 s) into a temporary folder, then
runs the frozen executable with the dummy SDL drivers. Slow and needs PyInstaller: deselect
with ``-m 'not bundle'``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "PyInstaller",
    reason="PyInstaller is not installed (pip install -r requirements-dev.txt)",
)

pytestmark = pytest.mark.bundle

ROOT = Path(__file__).resolve().parents[2]
EXE_NAME = "magdagdon" + (".exe" if sys.platform.startswith("win") else "")
BUILD_TIMEOUT = 300
RUN_TIMEOUT = 120


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The onedir bundle folder (``dist/magdagdon``), built once for this module."""
    base = tmp_path_factory.mktemp("bundle")
    dist = base / "dist"
    completed = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "build.py"), "--dist", str(dist), "--quiet"],
        cwd=ROOT, capture_output=True, text=True, timeout=BUILD_TIMEOUT, check=False,
    )
    assert completed.returncode == 0, (
        f"build failed ({completed.returncode}):\n{completed.stdout}\n{completed.stderr[-4000:]}"
    )
    folder = dist / "magdagdon"
    assert (folder / EXE_NAME).is_file(), completed.stdout
    return folder


def _contents(bundle: Path) -> Path:
    """Where PyInstaller 6 puts everything but the executable (``sys._MEIPASS``)."""
    internal = bundle / "_internal"
    return internal if internal.is_dir() else bundle


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def _run(bundle: Path, tmp_path: Path, *args: str, data_dir: bool = True,
         **env_extra: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **env_extra)
    env.pop("PYTHONPATH", None)  # the bundle must not lean on the source tree
    extra = ["--data-dir", str(tmp_path / "data")] if data_dir else []
    return subprocess.run(
        [str(bundle / EXE_NAME), *args, *extra],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT,
        check=False,
    )


def test_bundle_contains_fonts_sounds_and_translations(bundle: Path) -> None:
    inside = _files(_contents(bundle))
    expected = {
        *(f"fonts/{p.name}" for p in (ROOT / "fonts").glob("*.ttf")),
        "fonts/OFL.txt",
        *(f"assets/sounds/{p.name}" for p in (ROOT / "assets" / "sounds").glob("*.wav")),
        *(f"assets/i18n/{p.name}" for p in (ROOT / "assets" / "i18n").glob("*.json")),
        "pygame/freesansbold.ttf",  # pygame's default font: our fallback for a broken font
        # what pygame-gui loads when a UIManager starts (English / Korean)
        "pygame_gui/data/default_theme.json",
        "pygame_gui/data/NotoSans-Regular.ttf",
        "pygame_gui/data/FiraCode-Regular.ttf",
        "pygame_gui/data/NotoSansKR-Regular.ttf",
        "pygame_gui/data/translations/pygame-gui.en.json",
    }
    assert len(expected) > 20
    assert expected <= inside, sorted(expected - inside)


def test_bundle_leaves_out_unused_fonts_and_numpy(bundle: Path) -> None:
    inside = _files(_contents(bundle))
    unused = {"NotoSansJP-Regular.otf", "NotoSansSC-Regular.otf", "NotoSans-Bold.ttf",
              "NotoSansArabic-Regular.ttf"}
    assert not {f"pygame_gui/data/{name}" for name in unused} & inside
    assert not [name for name in inside if name.startswith("numpy")]
    korean = _contents(bundle) / "pygame_gui" / "data" / "NotoSansKR-Regular.ttf"
    assert korean.stat().st_size < 2_000_000  # our subset stands in for the 6 MB original


def test_bundle_plays_the_demo_headless(bundle: Path, tmp_path: Path) -> None:
    before = _files(bundle)
    run = _run(bundle, tmp_path, "--demo", "--frames", "600", "--seed", "1")
    assert run.returncode == 0, f"exit {run.returncode}\n{run.stdout}\n{run.stderr[-4000:]}"
    assert "Traceback" not in run.stderr, run.stderr[-4000:]
    assert _files(bundle) == before, "the frozen game wrote next to its executable"
    assert (tmp_path / "data").is_dir()


def test_bundle_starts_in_korean(bundle: Path, tmp_path: Path) -> None:
    """pygame-gui loads its Korean default face at start: the bundled stand-in must do."""
    run = _run(bundle, tmp_path, "--frames", "30", "--lang", "ko")
    assert run.returncode == 0, f"exit {run.returncode}\n{run.stdout}\n{run.stderr[-4000:]}"
    assert "Traceback" not in run.stderr, run.stderr[-4000:]


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="the per-user data folder is redirected through XDG_DATA_HOME")
def test_bundle_keeps_its_data_in_the_user_data_folder(bundle: Path, tmp_path: Path) -> None:
    """Without --data-dir the frozen game writes to the platformdirs folder, not beside itself."""
    before = _files(bundle)
    xdg = tmp_path / "xdg-data"
    run = _run(bundle, tmp_path, "--demo", "--frames", "120", "--seed", "1", data_dir=False,
               HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(xdg))
    assert run.returncode == 0, f"exit {run.returncode}\n{run.stdout}\n{run.stderr[-4000:]}"
    assert _files(bundle) == before, "the frozen game wrote next to its executable"
    written = _files(tmp_path)
    assert any(name.startswith("xdg-data/magdagdon/") for name in written), written


@pytest.mark.fleet
def test_the_bundle_shares_its_games_with_a_venue(bundle: Path, tmp_path: Path, postgres,
                                                  venue_db: str) -> None:
    """psycopg (binary) is in the bundle: a venue-linked kiosk sends its players' games to a
    real server (skipped, saying why, where none can be started). The games are recorded
    before it starts (a demo's games stay in memory)."""
    from tests.support.fleet import record_games

    made = record_games(tmp_path / "data", 4)
    url = postgres.url(venue_db)
    run = _run(bundle, tmp_path, "--frames", "2500", "--fleet", url, "--kiosk-name", "Bundle")
    assert run.returncode == 0, f"exit {run.returncode}\n{run.stdout}\n{run.stderr[-4000:]}"
    assert "Traceback" not in run.stderr, run.stderr[-4000:]
    rows = postgres.execute("SELECT DISTINCT kiosk FROM arcade_records", dbname=venue_db)
    assert rows == [("Bundle",)]
    sent = postgres.execute("SELECT game, id FROM arcade_records", dbname=venue_db)
    assert sorted(sent) == sorted(made)

