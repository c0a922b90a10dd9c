"""The floors of the house: the core never imports an interface, and the core's modules form no import cycle.

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
CORE = ("napoleon.engine", "napoleon.games", "napoleon.solver", "napoleon.grading", "napoleon.store", "napoleon.study",
        "napoleon.analysis",
        "napoleon.session", "napoleon.cards", "napoleon.shuffle", "napoleon.processes", "napoleon.voice",
        "napoleon.keymap")
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
    assert ("napoleon.solver._core", True) in imports_of("napoleon.solver.core")


def test_no_modules_import_each_other_at_run_time():
    assert cycles(runtime_graph()) == []


def test_game_and_state_import_each_other_only_for_type_checking():
    state_imports = {m: runtime for m, runtime in imports_of("napoleon.engine.state")}
    assert state_imports.get("napoleon.engine.game") is False
    assert ("napoleon.engine.state", True) in imports_of("napoleon.engine.game")
