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
