"""Core statements compiled once and sent as they are on an asyncpg connection (Postgres).

The hot paths (a move, a claim, a start) keep SQLAlchemy's statements and the engine's pool,
and skip only its execution layer: bench/move_write.py measures what that saves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import orjson
from sqlalchemy import JSON
from sqlalchemy.engine import Dialect
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler


class OneStatement:
    """A Core statement compiled once for a dialect, sent as is on a driver's connection.

    Executing it through SQLAlchemy cost 1.7 times the CPU of a move's write (its connection,
    execution context and result: bench/move_write.py): the statement is SQLAlchemy's, and the
    connection comes from the engine's pool, only the sending skips that layer. JSON values go
    as text, as the column's codec expects."""

    def __init__(self, statement: ClauseElement, dialect: Dialect) -> None:
        compiled = cast(SQLCompiler, statement.compile(dialect=dialect))
        self.sql = str(compiled)
        self.names = list(compiled.positiontup or ())
        self.json = {name for name in self.names
                     if isinstance(compiled.binds[name].type, JSON)}

    async def fetch(self, driver: Any, values: dict[str, Any]) -> Any:
        """The first column of the first row back (None: no row), on an asyncpg connection."""
        return await driver.fetchval(self.sql, *self._arguments(values))

    async def rows(self, driver: Any, values: dict[str, Any]) -> list[Sequence[Any]]:
        """Every row back (JSON columns decoded), on an asyncpg connection."""
        return list(await driver.fetch(self.sql, *self._arguments(values)))

    def _arguments(self, values: dict[str, Any]) -> list[Any]:
        """`values` in the statement's order, JSON as text."""
        return [json_text(values[name]) if name in self.json else values[name]
                for name in self.names]


def json_text(value: Any) -> str:
    """JSON text for a `json` column."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
