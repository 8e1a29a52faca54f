"""The rules package is pure Python: it never imports pygame (rules-api.md, architecture)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "game" / "rules"


@pytest.mark.slow
def test_importing_the_rules_does_not_import_pygame() -> None:
    code = (
        "import sys\n"
        "import game.rules.magdagdon as m\n"
        "assert m.MagdagdonGame and m.legal_cells\n"
        "bad = sorted(n for n in sys.modules if n == 'pygame' or n.startswith('pygame.')\n"
        "             or n.startswith('pygame_gui'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"rules import pulled in: {result.stdout.strip()}"


def _imported_modules(source: str) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_no_file_under_game_rules_imports_pygame() -> None:
    files = sorted(RULES.rglob("*.py"))
    assert files, "no rules sources found"
    offenders = []
    for path in files:
        source = path.read_text(encoding="utf-8")
        imports_pygame = any(
            m.split(".")[0] in ("pygame", "pygame_gui") for m in _imported_modules(source)
        )
        dynamic = re.search(r"""(__import__|import_module)\(\s*['"]pygame""", source)
        if imports_pygame or dynamic:
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_rules_do_not_import_the_rest_of_game() -> None:
    """rules-api.md: the rules import nothing from the rest of ``game/``."""
    offenders = []
    for path in sorted(RULES.rglob("*.py")):
        for module in _imported_modules(path.read_text(encoding="utf-8")):
            if module.startswith("game.") and not module.startswith("game.rules"):
                offenders.append(f"{path.relative_to(ROOT)}: {module}")
    assert offenders == []
