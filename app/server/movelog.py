"""Committing one move: the version guard, the log row and the bus's notices, all or nothing.

On Postgres (`PostgresLog`) a move is one statement on a plain asyncpg connection, in its own
implicit transaction: the guarded UPDATE (it takes the game row's lock, and a racing move that
waited on that lock finds the version moved and changes nothing), the INSERT of the log row
fed by it, and the NOTIFY fed by that, so one round trip commits it and its announcement. On
SQLite (`CoreLog`) the same three steps run as SQLAlchemy Core statements in one transaction.
Either way the move is committed when `commit` returns True, before anything is published.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import asyncpg
import orjson
from sqlalchemy.exc import IntegrityError

from . import gamestore as store
from .bus import CHANNEL
from .db import UnitOfWork
from .errors import ErrorCode, ServiceError
from .notices import Before, Bus

MOVE_POOL = 10  # connections: a move holds one for a single round trip
# Built once: only the values change per move (asyncpg prepares each text once per connection).
_MOVE = """
WITH moved AS (
    UPDATE game SET version = $3, status = $4{snapshot} WHERE id = $1 AND version = $2
    RETURNING id),
logged AS (
    INSERT INTO game_action (game_id, seq, seat, action, events, client_id, created_at)
    SELECT id, $3, $5, $6::json, $7::json, $8, now() FROM moved RETURNING seq)
SELECT seq{notify} FROM logged"""
STATEMENTS = {
    (snapshot, notify): _MOVE.format(
        snapshot=", snapshot = $9::json, snapshot_version = $3" if snapshot else "",
        notify=(f", pg_notify(${9 + snapshot}, ${10 + snapshot})" if notify else ""))
    for snapshot in (False, True) for notify in (False, True)}


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


class MoveLog(Protocol):
    """Where moves are committed."""

    async def commit(self, move: Move) -> bool:
        """True once committed; False if the game is no longer at `move.version`.

        Raises Duplicate for a client id already logged, ServiceError(BUSY) when the database
        does not answer in time."""

    async def close(self) -> None:
        """Release the connections."""


class CoreLog:
    """SQLAlchemy Core statements in one transaction (SQLite, or any other backend)."""

    def __init__(self, uow: UnitOfWork, bus: Bus) -> None:
        self.uow, self.bus = uow, bus

    async def commit(self, move: Move) -> bool:
        """The guard, the log row and the bus's notices in one transaction."""
        try:
            async with self.uow.move() as connection:
                if not await store.advance(connection, move.game_id, move.version, move.over,
                                           move.snapshot):
                    return False
                await store.append(connection, move.game_id, move.version + 1, move.seat,
                                   move.action, move.events, move.client_id)
                await self.bus.moved(connection, move.code, move.version + 1, move.seat,
                                     move.client_id, move.before)
        except IntegrityError as exc:  # the (game, client id) key: this id was used already
            raise Duplicate from exc
        return True

    async def close(self) -> None:
        """Nothing of its own: the engine's pool is closed with the engine."""


class PostgresLog:
    """One statement per move on a small asyncpg pool of its own (opened on first use)."""

    def __init__(self, dsn: str, bus: Bus, timeout: float, size: int = MOVE_POOL) -> None:
        self.dsn, self.bus, self.timeout, self.size = dsn, bus, timeout, size
        self.pool: asyncpg.Pool | None = None
        self.held = 0  # moves holding or waiting for a connection

    async def commit(self, move: Move) -> bool:
        """Guard, log and announce in one statement (a timeout's notice first, if any)."""
        notices = self.bus.move_notices(move.code, move.version + 1, move.seat,
                                        move.client_id, move.before)
        values: list[Any] = [move.game_id, move.version, move.version + 1,
                             "over" if move.over else "active", move.seat,
                             _text(move.action), _text(move.events), move.client_id,
                             None if move.snapshot is None else _text(move.snapshot)]
        statement = STATEMENTS[(move.snapshot is not None, bool(notices))]
        if move.snapshot is None:
            values.pop()
        if notices:
            values += [CHANNEL, notices[-1]]
        pool = await self._pool()
        # A wait is bounded only when there may be one (every connection in use): the
        # time-out costs a timer per move.
        wait = self.timeout if self.held >= self.size else None
        self.held += 1
        try:
            async with pool.acquire(timeout=wait) as connection:
                if len(notices) < 2:
                    return await connection.fetchval(statement, *values) is not None
                return await _with_earlier(connection, statement, values, notices[:-1])
        except asyncpg.UniqueViolationError as exc:
            raise Duplicate from exc
        except (TimeoutError, OSError, asyncpg.PostgresConnectionError,
                asyncpg.InterfaceError) as exc:
            raise ServiceError(ErrorCode.BUSY, "The database is not answering.") from exc
        finally:
            self.held -= 1

    async def _pool(self) -> asyncpg.Pool:
        if self.pool is None:
            self.pool = await asyncpg.create_pool(self.dsn, min_size=1, max_size=self.size,
                                                  max_inactive_connection_lifetime=0,
                                                  reset=_kept)
        return self.pool

    async def close(self) -> None:
        """Close the pool."""
        if self.pool is not None:
            await self.pool.close()


def _text(value: Any) -> str:
    """JSON text for a `json` column."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


async def _kept(_connection: asyncpg.Connection) -> None:
    """A released connection needs no reset query (a round trip per move): the move path
    never listens, locks or sets anything beyond its statement (an open transaction is still
    rolled back by the pool)."""


class _Refused(Exception):
    """Rolls back the earlier notices of a move whose guard failed."""


async def _with_earlier(connection: asyncpg.Connection, statement: str, values: list[Any],
                        earlier: list[str]) -> bool:
    """The rare move with notices before its own: one transaction, the notices first."""
    try:
        async with connection.transaction():
            for payload in earlier:
                await connection.execute("SELECT pg_notify($1, $2)", CHANNEL, payload)
            if await connection.fetchval(statement, *values) is None:
                raise _Refused
    except _Refused:
        return False
    return True
