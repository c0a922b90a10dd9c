"""The floors of the house: the parts of the package stand in order, the core never imports an
interface, and no modules import each other.

Imports are read from the source (every ``import``, at module level or inside
a function); an import under ``if TYPE_CHECKING:`` is for type checkers only
and is not run, so it does not count as a dependency at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "napoleon"

# The parts of the package, lowest first: a part imports only parts below it, never one beside or
# above it, so no two parts import each other. A part is a subpackage or a module of the package's
# top level; ``napoleon`` itself is the package's front (it names the engine's and the games' pieces).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("napoleon.cards", "napoleon.shuffle", "napoleon.processes", "napoleon.rule_names"),
    ("napoleon.voice",),      # the words a player reads: below the engine, whose refusals it words
    ("napoleon.engine",),     # the rules: cards, piles, moves, safe auto-play, what a game declares
    ("napoleon.games",),      # the six games, as data and small rules over the engine
    ("napoleon.schemas",),    # the typed models of every input from outside, with their bounds
    ("napoleon",),
    ("napoleon.solver",),     # the searches, which read what the games declare
    ("napoleon.store",),      # the records: a grade reaches it as plain data
    ("napoleon.study",),      # many deals searched at once, kept in the store
    ("napoleon.grading",),    # grades, found by a study of the first deals of each game
    ("napoleon.analysis",),   # every question put to the solver about a game in play
    ("napoleon.session",),    # one game in play
    ("napoleon.keymap",),
    ("napoleon.interfaces",),
    ("napoleon.__main__",),
)
RANK = {part: rank for rank, layer in enumerate(LAYERS) for part in layer}
CORE = tuple(part for part in RANK if part != "napoleon" and RANK[part] < RANK["napoleon.interfaces"])
PRESENTATION = ("argparse", "rich", "matplotlib", "napoleon.interfaces")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def compiled_modules() -> set[str]:
    """The C extensions setup.py builds (``napoleon.solver._core``): modules
    too, though no ``.py`` file stands for them in a fresh clone."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    return {node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Extension"
            and node.args and isinstance(node.args[0], ast.Constant)}


COMPILED = compiled_modules()


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(name: str) -> list[tuple[str, bool]]:
    """(module imported, at run time?) for every import statement of module ``name``."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, runtime: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and is_type_checking(child):
                for stmt in child.body:
                    visit_one(stmt, False)
                for stmt in child.orelse:
                    visit_one(stmt, runtime)
            else:
                visit_one(child, runtime)

    def visit_one(node: ast.AST, runtime: bool) -> None:
        if isinstance(node, ast.Import):
            found.extend((alias.name, runtime) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            # ``from . import schema`` imports the submodule, not the package around it.
            subs = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in MODULES.keys() | COMPILED]
            found.extend((s, runtime) for s in subs)
            if len(subs) < len(node.names):
                found.append((target, runtime))
        visit(node, runtime)

    visit(ast.parse(path.read_text()), True)
    return found


def within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def part_of(name: str) -> str:
    """The part a module belongs to: ``napoleon.solver.core`` to ``napoleon.solver``."""
    return ".".join(name.split(".")[:2])


def part_imports() -> dict[tuple[str, str], list[str]]:
    """(importing part, imported part): the imports that make the one lean on the other, as
    "module -> module". Every import counts, at module level, inside a function or for type
    checkers only: each is a place where one part knows another."""
    found: dict[tuple[str, str], list[str]] = {}
    for name in sorted(MODULES):
        for imported, _ in imports_of(name):
            if imported in MODULES or imported in COMPILED or imported == "napoleon":
                a, b = part_of(name), part_of(imported)
                if a != b:
                    found.setdefault((a, b), []).append(f"{name} -> {imported}")
    return found


def out_of_order(edges: dict[tuple[str, str], list[str]], rank: dict[str, int]) -> list[str]:
    """The imports of a part from a part beside or above it, in the order ``rank`` gives."""
    return [line for (a, b), lines in sorted(edges.items()) if rank[b] >= rank[a] for line in lines]


def test_every_module_is_in_a_declared_part():
    stray = sorted({part_of(n) for n in MODULES} - RANK.keys())
    assert stray == [], f"place these in LAYERS, above every part they import: {stray}"


def test_the_parts_stand_in_order():
    assert out_of_order(part_imports(), RANK) == []


def test_a_part_leaning_on_one_beside_or_above_it_is_caught():
    rank = {"low": 0, "peer": 1, "also": 1, "high": 2}
    assert out_of_order({("high", "low"): ["high.a -> low.b"]}, rank) == []
    assert out_of_order({("low", "high"): ["low.a -> high.b"]}, rank) == ["low.a -> high.b"]
    assert out_of_order({("peer", "also"): ["peer.a -> also.b"]}, rank) == ["peer.a -> also.b"]


def test_imports_inside_functions_and_for_type_checkers_are_read(tmp_path, monkeypatch):
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..games import Werner\n"
              "def f():\n    from ..solver import core\n")
    path = tmp_path / "probe.py"
    path.write_text(source)
    monkeypatch.setitem(MODULES, "napoleon.engine.probe", path)
    assert set(imports_of("napoleon.engine.probe")) == {("typing", True), ("napoleon.games", False),
                                                         ("napoleon.solver.core", True)}


@pytest.mark.parametrize("name", sorted(n for n in MODULES if within(n, CORE)))
def test_the_core_imports_no_interface(name):
    bad = sorted({m for m, _ in imports_of(name) if within(m, PRESENTATION)})
    assert bad == [], f"{name} imports {', '.join(bad)}"


def test_the_store_does_not_reach_up_to_the_session():
    for name in (n for n in MODULES if within(n, ("napoleon.store",))):
        assert not [m for m, _ in imports_of(name) if within(m, ("napoleon.session",))], name


def runtime_graph() -> dict[str, set[str]]:
    return {n: {m for m, runtime in imports_of(n) if runtime and m in MODULES and m != n} for n in MODULES}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
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

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def test_cycles_are_found():
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_compiled_core_is_known_as_a_module():
    assert "napoleon.solver._core" in COMPILED
    assert ("napoleon.solver._core", True) in imports_of("napoleon.solver.compiled")


def test_no_modules_import_each_other_at_run_time():
    assert cycles(runtime_graph()) == []


def test_game_and_state_import_each_other_only_for_type_checking():
    state_imports = {m: runtime for m, runtime in imports_of("napoleon.engine.state")}
    assert state_imports.get("napoleon.engine.game") is False
    assert ("napoleon.engine.state", True) in imports_of("napoleon.engine.game")
