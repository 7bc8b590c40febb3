"""No import cycle in app/: every module can be read knowing only what it imports.

Source: docs/architecture.md (no import cycle in app/). Imports inside
functions count too: hiding an import in a function hides the cycle, it does not remove it.
"""

from __future__ import annotations

import ast
from pathlib import Path

from .source import parse

ROOT = Path(__file__).resolve().parents[1]

Graph = dict[str, set[str]]


def module_name(path: Path) -> str:
    """`app/engine/game.py` -> `app.engine.game`; a package's __init__ is the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool,
             known: set[str]) -> set[str]:
    """The modules of `known` an import statement in `module` reaches."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names} & known
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, *([node.module] if node.module else [])])
    # `from x import y` reaches the submodule x.y if there is one, else the module x.
    return {f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
            for a in node.names} & known


def import_graph() -> Graph:
    """Each module of app/ and the modules of app/ it imports (at any depth of its code)."""
    paths = {module_name(p): p for p in (ROOT / "app").rglob("*.py")}
    graph: Graph = {}
    for name, path in paths.items():
        tree = parse(path.read_text(), filename=str(path))
        graph[name] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                graph[name] |= imported(node, name, path.name == "__init__.py", set(paths))
        graph[name].discard(name)
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_app_has_no_import_cycle() -> None:
    graph = import_graph()
    assert graph.get("app.engine.game")
    assert cycles(graph) == []


def test_a_cycle_is_found_however_long() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]


def test_an_import_hidden_in_a_function_counts() -> None:
    tree = parse("def f():\n    from .places import resolve_copy\n")
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom))
    known = {"app.engine.places", "app.engine.frozen_places"}
    assert imported(node, "app.engine.frozen_places", False, known) == {"app.engine.places"}
