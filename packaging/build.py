"""Build the bundled game with PyInstaller and report how long it took and how big it is.

    python packaging/build.py                # onedir: DIST/magdagdon/magdagdon[.exe]
    python packaging/build.py --onefile      # one file: DIST/magdagdon[.exe]
    python packaging/build.py --dist out     # put the result in out/ (default: dist/)
    python packaging/build.py --console      # debug build that keeps a console (Windows)

Runs ``packaging/magdagdon.spec`` with the Python running this script (so PyInstaller must be
installed in that environment: ``pip install -r requirements-dev.txt``). PyInstaller's work
files go to ``build/`` next to the dist folder (``--work DIR`` to change). Prints the version
being built, the build time and the size of the result; exits with PyInstaller's non-zero
code (or 1) when the build fails or its output is missing. PyInstaller cannot cross-compile:
build on the operating system you ship for.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "magdagdon.spec"
NAME = "magdagdon"


def version() -> str:
    """``game.version.VERSION`` when that module exists, else pyproject.toml's version."""
    module = ROOT / "game" / "version.py"
    if module.is_file():
        match = re.search(r"""^VERSION\s*=\s*["']([^"']+)["']""", module.read_text("utf-8"),
                          re.MULTILINE)
        if match:
            return match.group(1)
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def size_of(path: Path) -> int:
    """Bytes of a file, or of every file below a folder (symlinks not followed)."""
    if path.is_file():
        return path.stat().st_size
    total = 0
    for dirpath, _dirnames, filenames in os.walk(path):
        for name in filenames:
            full = Path(dirpath, name)
            if not full.is_symlink():
                total += full.stat().st_size
    return total


def result_path(dist: Path, onefile: bool) -> Path:
    """The file or folder PyInstaller produced (macOS also gets a ``.app`` next to it)."""
    exe = NAME + (".exe" if sys.platform.startswith("win") else "")
    return dist / exe if onefile else dist / NAME


def executable(dist: Path, onefile: bool) -> Path:
    result = result_path(dist, onefile)
    if onefile:
        return result
    return result / (NAME + (".exe" if sys.platform.startswith("win") else ""))


def build(onefile: bool, dist: Path, work: Path, quiet: bool = False,
          console: bool = False) -> int:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print("PyInstaller is not installed here: pip install -r requirements-dev.txt",
              file=sys.stderr)
        return 1
    mode = ("onefile" if onefile else "onedir") + (", console" if console else "")
    print(f"building {NAME} {version()} ({mode}) into {dist}", flush=True)
    command = [
        sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
        "--distpath", str(dist), "--workpath", str(work),
        "--log-level", "WARN" if quiet else "INFO",
        str(SPEC),
    ]
    spec_options = (["--onefile"] if onefile else []) + (["--console"] if console else [])
    if spec_options:
        command += ["--", *spec_options]
    env = dict(os.environ)
    env.pop("MAGDAGDON_ONEFILE", None)  # the command line decides
    env.pop("MAGDAGDON_CONSOLE", None)
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the hooks import pygame
    started = time.perf_counter()
    completed = subprocess.run(command, cwd=ROOT, env=env, check=False)
    seconds = time.perf_counter() - started
    if completed.returncode != 0:
        print(f"BUILD FAILED (PyInstaller exit code {completed.returncode}) "
              f"after {seconds:.1f} s", file=sys.stderr)
        return completed.returncode
    exe = executable(dist, onefile)
    if not exe.is_file():
        print(f"BUILD FAILED: {exe} was not produced", file=sys.stderr)
        return 1
    result = result_path(dist, onefile)
    size = size_of(result)
    print(f"built {result} in {seconds:.1f} s: {size / 1_000_000:.1f} MB ({size:,} bytes)")
    app = dist / f"{NAME}.app"
    if sys.platform == "darwin" and not onefile and app.is_dir():
        print(f"macOS app bundle: {app} ({size_of(app) / 1_000_000:.1f} MB)")
    print(f"run: {exe}")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Build the MAGDAGDON executable with PyInstaller.")
    p.add_argument("--onefile", action="store_true",
                   help="one self-extracting executable instead of a folder")
    p.add_argument("--dist", type=Path, default=ROOT / "dist", metavar="DIR",
                   help="where the result goes (default: dist/ in the repository)")
    p.add_argument("--work", type=Path, metavar="DIR",
                   help="PyInstaller's work folder (default: build/ next to --dist)")
    p.add_argument("--console", action="store_true",
                   help="keep a console window (to see output and tracebacks on Windows)")
    p.add_argument("--quiet", action="store_true", help="only PyInstaller's warnings")
    args = p.parse_args(argv)
    dist = args.dist.resolve()
    work = (args.work or dist.parent / "build").resolve()
    return build(args.onefile, dist, work, quiet=args.quiet, console=args.console)


if __name__ == "__main__":
    sys.exit(main())
