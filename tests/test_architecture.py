"""The layout holds (architecture.md): the engine knows no game, the shell knows no game but
through the specs, the rules are pure, and no module of ``game/`` is part of an import cycle —
counting every import: at the top, inside functions and under ``TYPE_CHECKING`` (a part typed
by the scene that owns it is tied to that scene as surely as one that imports it to run)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "game"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imports(name: str) -> set[str]:
    """Every ``game.*`` module ``name`` imports anywhere in its source. ``from pkg import x``
    imports the submodule ``pkg.x`` when there is one, else ``pkg`` itself (whose ``__init__``
    defines ``x``)."""
    found: set[str] = set()
    for base, names in import_statements(MODULES[name], name):
        if names is None:
            found.add(base)
            continue
        submodules = {f"{base}.{alias}" for alias in names} & set(MODULES)
        found.update(submodules)
        if len(submodules) < len(names):  # a name defined in the package itself
            found.add(base)
    return {m for m in found if m in MODULES and m != name}


def import_statements(path: Path, name: str) -> list[tuple[str, list[str] | None]]:
    """Each import of the module ``name`` at ``path``, wherever it stands: ``(module, None)`` for
    ``import module``, ``(package, names)`` for ``from package import names`` (relative
    imports resolved)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[tuple[str, list[str] | None]] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            out.extend((alias.name, None) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            out.append((base, [alias.name for alias in node.names]))
    return out


GRAPH = {name: imports(name) for name in MODULES}


def cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return found


def test_the_import_graph_sees_the_layout() -> None:
    assert "game.engine.app" in GRAPH and "game.arcade.app" in GRAPH
    assert "game.engine.scenes" in GRAPH["game.engine.app"]  # the walker finds real imports


def test_no_import_cycles_anywhere_in_game() -> None:
    assert cycles() == []


def test_imports_under_type_checking_count() -> None:
    """A part typed by what it really uses (a small protocol), never by the scene that owns
    it: the walker sees imports made only for the type checker."""
    assert "game.arcade.fleet.link" in GRAPH["game.arcade.context"]  # only under TYPE_CHECKING


@pytest.mark.parametrize(("layer", "forbidden"), [
    ("game.engine", ("game.arcade", "game.games", "game.rules", "game.ai")),
    ("game.arcade", ("game.games", "game.rules", "game.ai")),
    ("game.rules", ("game.engine", "game.arcade", "game.games", "game.ai")),
    ("game.ai", ("game.engine", "game.arcade", "game.games")),
])
def test_layers_import_only_downwards(layer: str, forbidden: tuple[str, ...]) -> None:
    """The engine knows no game; the shell reaches games only through their specs (handed in
    by ``main.py``); rules and bots never draw."""
    wrong = sorted(f"{name} -> {target}" for name, targets in GRAPH.items()
                   if name == layer or name.startswith(layer + ".")
                   for target in targets if target.startswith(forbidden))
    assert wrong == []


def test_games_register_in_one_place() -> None:
    """Only ``game/games/registry.py`` names a game's spec."""
    users = sorted(name for name, targets in GRAPH.items()
                   if any(t.endswith(".spec") and t.startswith("game.games.") for t in targets)
                   and name != "game.games.registry")
    assert users == []



GAME_PACKAGES = sorted(path.name for path in (PACKAGE / "games").iterdir()
                       if (path / "__init__.py").is_file())


def test_the_shell_and_the_engine_import_no_game() -> None:
    """``game/arcade`` and ``game/engine`` reach a game only through the specs ``main.py``
    hands in, never by importing one."""
    wrong = sorted(f"{name} -> {target}" for name, targets in GRAPH.items()
                   if name.split(".")[:2] in (["game", "arcade"], ["game", "engine"])
                   for target in targets if target.startswith("game.games"))
    assert wrong == []


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_no_game_imports_another_game(game: str) -> None:
    """A game's package stands on its own: taking another game out (its package and its
    registry line) must not break it."""
    others = tuple(f"game.games.{other}" for other in GAME_PACKAGES if other != game)
    wrong = sorted(f"{name} -> {target}" for name, targets in GRAPH.items()
                   if name.split(".")[:3] == ["game", "games", game]
                   for target in targets
                   if target in others or target.startswith(tuple(f"{o}." for o in others)))
    assert wrong == []


def code_strings(path: Path) -> list[tuple[int, str]]:
    """Every string constant of ``path``'s code as (line, text); docstrings (a string standing
    alone as a statement) are prose, not code, and left out."""
    tree = ast.parse(path.read_text("utf-8"))
    prose = {id(node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in prose]


def test_the_shell_names_no_game_in_its_code() -> None:
    """No string in the code of ``game/arcade`` or ``game/engine`` names a game (docstrings
    may, as examples): what differs between games comes from their specs."""
    assert len(GAME_PACKAGES) >= 2  # the walker sees the games
    found = sorted(f"{path.relative_to(ROOT)}:{line}: {text!r}"
                   for folder in ("arcade", "engine")
                   for path in sorted((PACKAGE / folder).rglob("*.py"))
                   for line, text in code_strings(path)
                   if any(game in text.lower() for game in GAME_PACKAGES))
    assert found == []


# --- the tests' own layout ---------------------------------------------------------------------
TESTS = ROOT / "tests"
TEST_SOURCES = sorted(TESTS.rglob("*.py"))


def imported_names(path: Path) -> set[str]:
    """Every module ``path`` imports anywhere in its source, and, for ``from pkg import x``,
    ``pkg.x`` too (``x`` may be a module)."""
    found: set[str] = set()
    for base, names in import_statements(path, module_name(path)):
        found.add(base)
        found.update(f"{base}.{alias}" for alias in names or ())
    return found


def is_test_module(name: str) -> bool:
    return name.split(".")[0] == "tests" and name.rpartition(".")[2].startswith("test_")


def test_the_test_import_walker_sees_imports() -> None:
    assert "tests.support" in imported_names(TESTS / "conftest.py")  # inside a fixture
    assert is_test_module("tests.rules.test_querni_rules") and not is_test_module("tests.support")


def test_no_test_module_imports_another() -> None:
    """Helpers two test modules share live in ``tests.support``: a test module is free to
    change (or go) without breaking another one."""
    wrong = sorted(f"{module_name(path)} -> {target}" for path in TEST_SOURCES
                   for target in imported_names(path) if is_test_module(target))
    assert wrong == []


# --- the benchmarks and tools stand beside the tests ----------------------------------------------
def test_the_benchmarks_and_tools_import_nothing_from_the_tests() -> None:
    """``benchmarks/`` and ``tools/`` run from a checkout without the test suite: helpers they
    share with the tests live in ``tools.testkit``, never in ``tests/``."""
    sources = sorted([*(ROOT / "benchmarks").rglob("*.py"), *(ROOT / "tools").rglob("*.py")])
    assert any(path.name == "fleet.py" for path in sources)  # the walker sees them
    wrong = sorted(f"{path.relative_to(ROOT)} -> {target}" for path in sources
                   for target in imported_names(path)
                   if target == "tests" or target.startswith("tests."))
    assert wrong == []
