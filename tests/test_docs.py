"""The engineering pages and the README say only what is there: every module, path and command
they name (in ``code spans``) exists in the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("README.md", "docs/architecture.md", "docs/development.md", "docs/benchmarks.md")
TOP = {path.name for path in ROOT.iterdir()} - {"__pycache__"}
"""What a named path may start with: the repository's own top-level entries (a path like
``DATA/games/`` names the player's data folder, not the repository)."""
PACKAGES = ("game", "tools", "benchmarks", "tests")
PLACEHOLDER = re.compile(r"<[^>]+>|\bN\b")


def spans(page: str) -> list[str]:
    text = (ROOT / page).read_text("utf-8")
    text = re.sub(r"```.*?```", lambda m: "`" + "` `".join(m.group(0).splitlines()[1:-1]) + "`",
                  text, flags=re.S)  # each line of a code block is a span too
    return re.findall(r"`([^`\n]+)`", text)


def module_exists(dotted: str) -> bool:
    """``a.b.c`` is a module or package of the repository, or ``c`` is a name ``a.b``
    defines."""
    path = ROOT.joinpath(*dotted.split("."))
    if path.with_suffix(".py").is_file() or (path / "__init__.py").is_file():
        return True
    parent, _, name = dotted.rpartition(".")
    source = ROOT.joinpath(*parent.split("."))
    for candidate in (source.with_suffix(".py"), source / "__init__.py"):
        if candidate.is_file() and re.search(rf"^\s*(def|class)\s+{name}\b|^\s*{name}\b\s*[:=]",
                                             candidate.read_text("utf-8"), re.M):
            return True
    return False


def path_exists(text: str) -> bool:
    pattern = PLACEHOLDER.sub("*", text.rstrip("/"))
    return any(ROOT.glob(pattern)) if "*" in pattern else (ROOT / pattern).exists()


def problems(span: str) -> list[str]:
    found = []
    for module in re.findall(r"(?:^|\s)-m\s+([\w.]+)", span):
        if module.split(".")[0] in PACKAGES and not module_exists(module):
            found.append(f"no module {module}")
    for word in span.split():
        word = word.strip("()[],;:'\"")
        ref = word.partition(":")[0]
        if "://" in word or word.startswith(("/", "$", "~", "-")):
            continue
        if "/" in word and word.split("/")[0] in TOP:
            if not path_exists(word):
                found.append(f"no path {word}")
        elif re.fullmatch(r"[\w-]+\.(py|md)", word):
            if not any(ROOT.rglob(word)):
                found.append(f"no file {word}")
        elif re.fullmatch(r"(game|tools|benchmarks|tests)(\.\w+)+", ref) and not module_exists(ref):
            found.append(f"no module {ref}")
    return sorted(set(found))


@pytest.mark.parametrize("page", PAGES)
def test_every_name_a_page_gives_exists(page: str) -> None:
    wrong = sorted({f"`{span}`: {problem}" for span in spans(page) for problem in problems(span)})
    assert wrong == []


def test_the_checker_catches_what_is_not_there() -> None:
    assert problems("game/engine/layers.py") == ["no path game/engine/layers.py"]
    assert problems("sprites.py") == ["no file sprites.py"]
    assert problems("tests/support.py") == ["no path tests/support.py"]
    assert problems("python -m benchmarks.nothing") == ["no module benchmarks.nothing"]
    assert problems("game.engine.nothing") == ["no module game.engine.nothing"]
    assert problems("python -m benchmarks.smooth --frames N") == []
    assert problems("assets/i18n/<namespace>.<lang>.json") == []
    assert problems("game.engine.testing.run_frames") == []
    assert problems("DATA/games/") == []
    assert problems("benchmarks.md") == [] and problems("nothing.md") == ["no file nothing.md"]
