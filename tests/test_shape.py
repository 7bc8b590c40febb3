"""Small pieces: no module of app/ over 300 lines and no function over 40.

Source: docs/architecture.md. A long module or function is split along a seam the
rules name, so that each piece can be read whole; this test names every offender.
"""

from __future__ import annotations

import ast
from pathlib import Path

from .source import parse

ROOT = Path(__file__).resolve().parents[1]
MAX_MODULE_LINES = 300
MAX_FUNCTION_LINES = 40


def modules() -> list[Path]:
    """Every Python module of app/, in a stable order."""
    return sorted((ROOT / "app").rglob("*.py"))


def long_functions(path: Path, root: Path = ROOT) -> list[str]:
    """`path:line name (N lines)` for each function or method of `path` over the limit."""
    tree = parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                found.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_module_is_over_300_lines() -> None:
    too_long = [f"{p.relative_to(ROOT)} ({n} lines)" for p in modules()
                if (n := len(p.read_text().splitlines())) > MAX_MODULE_LINES]
    assert not too_long, f"modules over {MAX_MODULE_LINES} lines: {too_long}"


def test_no_function_is_over_40_lines() -> None:
    too_long = [entry for p in modules() for entry in long_functions(p)]
    assert not too_long, f"functions over {MAX_FUNCTION_LINES} lines: {too_long}"


def test_the_check_sees_an_offender(tmp_path: Path) -> None:
    """The function check can fail: a 41-line function is named."""
    body = "\n".join(f"    x{i} = {i}" for i in range(40))
    source = tmp_path / "long.py"
    source.write_text(f"def too_long() -> None:\n{body}\n")
    assert long_functions(source, tmp_path) == ["long.py:1 too_long (41 lines)"]
