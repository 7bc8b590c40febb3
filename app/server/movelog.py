"""Committing one move: the version guard and the log row, all or nothing; then its notice.

One move log for every backend (`CoreLog`), on one engine's pool: the move's SQLAlchemy Core
statements (gamestore.py) bind the same values everywhere. On Postgres the guarded UPDATE (it
takes the game row's lock, and a racing move that waited on that lock finds the version moved
and changes nothing) feeds the INSERT of the log row in one statement, in its own implicit
transaction, so one round trip commits it; elsewhere (SQLite) the two run in one transaction.
Either way the move is committed when `commit` returns True, before anything is published;
only then is it queued on the bus (whose sender batches the notices of many moves into one
NOTIFY statement: docs/cluster.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

import asyncpg
import orjson
from sqlalchemy import JSON
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

from . import gamestore as store
from .admission import Turns
from .db import busy, unavailable
from .notices import Before, Bus, Played

TURNS_UNSIZED = 5  # moves at once on a pool that does not say its size
# What a database that is slow, away or full may raise, through SQLAlchemy or the driver (and
# a checkout from the pool raises the driver's errors as the dialect's DBAPI `Error`).
UNAVAILABLE = (SQLAlchemyError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError,
               OSError)


class Duplicate(Exception):
    """The move's client id is already in the log: it was played before."""


@dataclass(frozen=True, slots=True)
class Move:
    """A move to commit: made at `version` of the game `game_id`, whose next version it is."""

    code: str
    game_id: int
    version: int
    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]
    client_id: str
    over: bool
    snapshot: dict[str, Any] | None  # the new state's, when one is due
    before: Before = ()  # notices the other processes get just before the move (a timeout)
    by: str | None = None  # a `By` when the server made the move for a person's seat

    def values(self) -> dict[str, Any]:
        """What the move's statements bind."""
        return store.move_values(self.game_id, self.version, self.seat, self.action,
                                 self.events, self.client_id, self.over, self.snapshot, self.by)


class MoveLog(Protocol):
    """Where moves are committed."""

    async def commit(self, move: Move) -> bool:
        """True once committed (and queued on the bus); False if the game is no longer at
        `move.version`.

        Raises Duplicate for a client id already logged, ServiceError(BUSY) when the database
        does not answer in time."""

    def admit(self, code: str) -> None:
        """Return at once, or raise ServiceError(BUSY) when the moves of the room's database
        have queued too long already (admission.py): before any work."""

    def waiting(self) -> int:
        """Moves waiting for a connection now."""

    async def close(self) -> None:
        """Release the connections."""


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
        self.json = {name for name in self.names if isinstance(compiled.binds[name].type, JSON)}

    async def fetch(self, driver: Any, values: dict[str, Any]) -> Any:
        """The first column of the first row back (None: no row), on an asyncpg connection."""
        return await driver.fetchval(self.sql, *self._arguments(values))

    async def rows(self, driver: Any, values: dict[str, Any]) -> list[Sequence[Any]]:
        """Every row back (JSON columns decoded), on an asyncpg connection."""
        return list(await driver.fetch(self.sql, *self._arguments(values)))

    def _arguments(self, values: dict[str, Any]) -> list[Any]:
        """`values` in the statement's order, JSON as text."""
        return [_text(values[name]) if name in self.json else values[name]
                for name in self.names]


class CoreLog:
    """The move log: one statement per move where the backend can (Postgres), else the guard
    and the log row in one transaction; `owned`: the engine is the log's own, closed with it.
    Moves take turns at the engine's connections (admission.py): `patience` is how long the
    oldest waiting may have waited before new moves are refused at once, `limit` how long an
    admitted one waits at most."""

    def __init__(self, engine: AsyncEngine, bus: Bus, *, owned: bool = False,
                 patience: float = 10.0, limit: float = 15.0) -> None:
        self.engine, self.bus, self.owned = engine, bus, owned
        size = getattr(engine.pool, "size", None)
        self.turns = Turns(size() if callable(size) else TURNS_UNSIZED, patience, limit)
        self._idle: list[PoolProxiedConnection] = []  # kept out of the pool, between moves
        self.statements = ({snapshot: OneStatement(statement, engine.dialect)
                            for snapshot, statement in store.MOVE.items()}
                           if engine.dialect.name == "postgresql" else None)

    async def commit(self, move: Move) -> bool:
        """Guard and log row, all or nothing; the notice once they committed."""
        values = move.values()
        try:
            if self.statements is None:
                committed = await self._in_transaction(values)
            else:
                committed = await self._one_statement(values)
        except (IntegrityError, asyncpg.UniqueViolationError) as exc:
            raise Duplicate from exc  # the (game, client id) key: this id was used already
        except (*UNAVAILABLE, self.engine.dialect.loaded_dbapi.Error) as exc:
            if not unavailable(exc):
                raise
            raise busy() from exc
        if committed:
            announce(self.bus, move)
        return committed

    async def _in_transaction(self, values: dict[str, Any]) -> bool:
        """The guard and the log row in one transaction (SQLite: BEGIN IMMEDIATE, db.py)."""
        async with self.turns.turn(), self.engine.connect() as connection, connection.begin():
            return await store.advance_and_append(connection, values)

    async def _one_statement(self, values: dict[str, Any]) -> bool:
        """The move in one statement, in its own implicit transaction, on a pooled connection
        (nothing begins a transaction on it, so it is clean once the statement returned)."""
        assert self.statements is not None
        statement = self.statements["new_snapshot" in values]
        async with self.turns.turn():
            connection = self._idle.pop() if self._idle else await self.engine.raw_connection()
            try:
                committed = await statement.fetch(connection.driver_connection, values)
            except BaseException as exc:  # refused, lost or cancelled: back to the pool
                if isinstance(exc, Exception) and unavailable(exc):
                    connection.invalidate(exc)  # the pool replaces it
                connection.close()
                raise
            self._keep(connection)
            return committed is not None

    def _keep(self, connection: PoolProxiedConnection) -> None:
        """An engine of the log's own: the connection stays out of its pool, for the next
        move (a checkout and a return cost a quarter or more of the write's CPU, in
        docs/performance.md); a shared one's pool gets it back."""
        if self.owned:
            self._idle.append(connection)
        else:
            connection.close()

    def admit(self, code: str) -> None:
        """MoveLog.admit: one queue, whatever the room."""
        self.turns.queue.admit()

    def waiting(self) -> int:
        """MoveLog.waiting."""
        return len(self.turns.queue)

    async def close(self) -> None:
        """Close the engine if it is the log's own (the shared one is closed with the app)."""
        while self._idle:
            self._idle.pop().close()
        if self.owned:
            await self.engine.dispose()


def announce(bus: Bus, move: Move) -> None:
    """Queue a committed move's notices on the bus."""
    played = Played(move.game_id, move.version + 1, move.seat, move.action, move.client_id,
                    move.by)
    bus.moved(move.code, played, move.before)


def _text(value: Any) -> str:
    """JSON text for a `json` column."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
