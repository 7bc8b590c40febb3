"""The server names game vocabulary by its enums: no comparison in app/server pits a value
against a bare string that is one of the engine's or the server's enum values (a status, a
winner, an error code, a job's reason...). The wire's own words (frame and message types) are
compared by their models, never by string either."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from enum import StrEnum
from pathlib import Path

import app.server
from app.engine import vocab

from ..source import offences

SERVER = Path(app.server.__file__).parent


def enum_values() -> dict[str, str]:
    """Every value of a StrEnum of the engine's vocabulary or of a server module, with the
    enum that names it."""
    modules = [vocab] + [importlib.import_module(f"app.server.{info.name}")
                         for info in pkgutil.iter_modules([str(SERVER)])]
    values: dict[str, str] = {}
    for module in modules:
        for name, enum in inspect.getmembers(module, inspect.isclass):
            if issubclass(enum, StrEnum) and enum is not StrEnum:
                values.update({member.value: name for member in enum if member.value})
    return values


def test_the_server_compares_game_vocabulary_by_its_enums() -> None:
    values = enum_values()
    assert {"over", "creature", "illegal_action", "decided"} <= set(values)
    found = {path.name: offences(path.read_text(), values) for path in SERVER.glob("*.py")}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_guard_sees_a_bare_string() -> None:
    values = enum_values()
    source = 'if game.status == "over" or job.why in ("decided", "bot"):\n    pass\n'
    assert len(offences(source, values)) == 3
    assert offences("if game.status == GameStatus.OVER:\n    pass\n", values) == []
