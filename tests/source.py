"""Parsing the project's own source for the tests that read it (shape, imports, vocabulary)."""

from __future__ import annotations

import ast


def parse(source: str, filename: str = "<unknown>") -> ast.Module:
    """`ast.parse`, asked twice if CPython 3.11 trips over its own recursion counter.

    Before 3.12 that counter is shared by the interpreter's threads, so a module compiled by a
    server's thread in the same test process at the same moment can make one parse fail with
    "AST constructor recursion depth mismatch" (a SystemError that says nothing of the source).
    """
    try:
        return ast.parse(source, filename=filename)
    except SystemError:
        return ast.parse(source, filename=filename)


def bare_strings(node: ast.expr) -> list[str]:
    """The string constants `node` is, or holds (a tuple, list or set of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [s for element in node.elts for s in bare_strings(element)]
    return []


def offences(source: str, values: dict[str, str]) -> list[str]:
    """Each comparison (or match case) in `source` against a bare string of `values`."""
    found = []
    for node in ast.walk(parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
        elif isinstance(node, ast.MatchValue):
            sides = [node.value]
        else:
            continue
        for side in sides:
            found += [f"line {node.lineno}: {text!r} (use {values[text]})"
                      for text in bare_strings(side) if text in values]
    return found
