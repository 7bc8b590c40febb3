"""The engine is pure: it imports only the standard library and itself."""

import ast
import sys
from pathlib import Path

import pytest

from .source import parse

ENGINE = Path(__file__).resolve().parent.parent / "app" / "engine"

# Standard-library modules the engine must not use: the global RNG, the clock, I/O, concurrency.
# `argparse` belongs to the command line, not to the rules.
FORBIDDEN = frozenset(
    {
        *("random", "time", "datetime", "os", "sys", "socket", "asyncio", "threading"),
        *("subprocess", "pathlib", "io", "argparse"),
    }
)
# No file is exempt: the simulate command lives in app.bots (it seats bots and measures time).
ALLOWED_IN_FILE: dict[str, frozenset[str]] = {}


def _package_of(relative: Path) -> list[str]:
    """Dotted package parts of a module path relative to the repository root."""
    return list(relative.parent.parts)


def violations(source: str, relative: Path) -> list[str]:
    """Every import in `source` (the file at `relative`, under app/engine) that breaks a rule."""
    allowed = ALLOWED_IN_FILE.get(relative.as_posix(), frozenset())
    found: list[str] = []
    for node in ast.walk(parse(source, filename=str(relative))):
        modules: list[tuple[str, list[str] | None]]
        if isinstance(node, ast.Import):
            modules = [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = _package_of(relative)
                base = package[: len(package) - (node.level - 1)]
                if base[:2] != ["app", "engine"]:
                    found.append(f"{relative}:{node.lineno}: relative import leaves app.engine")
                continue
            modules = [(node.module or "", [alias.name for alias in node.names])]
        else:
            continue
        for module, names in modules:
            problem = _check(module, names, allowed)
            if problem:
                found.append(f"{relative}:{node.lineno}: {problem}")
    return found


def _check(module: str, names: list[str] | None, allowed: frozenset[str]) -> str | None:
    top = module.split(".")[0]
    if top == "app":
        if module == "app.engine" or module.startswith("app.engine."):
            return None
        if any(module == a or module.startswith(a + ".") for a in allowed if "." in a):
            return None
        return f"imports {module} (the engine may only import app.engine)"
    if top == "random" and names is not None and set(names) == {"Random"}:
        return None  # a seeded Random instance kept in the state is the one allowed RNG
    if top in FORBIDDEN and top not in allowed:
        return f"imports {module} (forbidden in the engine)"
    if top not in sys.stdlib_module_names:
        return f"imports {module} (not in the standard library)"
    return None


def test_engine_imports_only_stdlib_and_itself() -> None:
    files = sorted(ENGINE.rglob("*.py"))
    assert files, f"no Python files under {ENGINE}"
    root = ENGINE.parent.parent
    found = [
        problem
        for path in files
        for problem in violations(path.read_text(encoding="utf-8"), path.relative_to(root))
    ]
    assert not found, "engine boundary broken:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("source", "name"),
    [
        ("import random", "rules.py"),
        ("from random import shuffle", "rules.py"),
        ("from random import Random, choice", "rules.py"),
        ("import time", "rules.py"),
        ("from datetime import datetime", "rules.py"),
        ("import os.path", "rules.py"),
        ("def f():\n    import asyncio", "rules.py"),
        ("import pydantic", "rules.py"),
        ("from sqlalchemy.orm import Session", "rules.py"),
        ("from app.server import hub", "rules.py"),
        ("from ..server import hub", "rules.py"),
        ("import os", "simulate.py"),
        ("import time", "flow/simulate.py"),
        ("from app.bots.play import play_game", "rules.py"),
        ("from app.server import hub", "simulate.py"),
        ("import argparse", "simulate.py"),
        ("from app.bots.play import bots_for, play_game", "simulate.py"),
    ],
)
def test_checker_catches(source: str, name: str) -> None:
    assert violations(source, Path("app/engine") / name)


@pytest.mark.parametrize(
    ("source", "name"),
    [
        ("from random import Random", "rules.py"),
        ("import json\nfrom dataclasses import dataclass\nfrom enum import Enum", "rules.py"),
        ("from __future__ import annotations", "rules.py"),
        ("from app.engine.cards import Card\nfrom .state import GameState", "rules.py"),
        ("from . import cards\nfrom ..engine import state", "flow/turns.py"),
    ],
)
def test_checker_allows(source: str, name: str) -> None:
    assert violations(source, Path("app/engine") / name) == []
