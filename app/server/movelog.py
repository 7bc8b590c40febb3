"""Committing one move: the version guard and the log row, all or nothing; then its notice.

On Postgres (`PostgresLog`) a move is one statement on a plain asyncpg connection, in its own
implicit transaction: the guarded UPDATE (it takes the game row's lock, and a racing move that
waited on that lock finds the version moved and changes nothing) and the INSERT of the log row
fed by it, so one round trip commits it. On SQLite (`CoreLog`) the same two steps run as
SQLAlchemy Core statements in one transaction. Either way the move is committed when `commit`
returns True, before anything is published; only then is it queued on the bus (whose sender
batches the notices of many moves into one NOTIFY statement: docs/cluster.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import asyncpg
import orjson
from sqlalchemy.exc import IntegrityError

from . import gamestore as store
from .db import UnitOfWork, busy, unavailable
from .notices import Before, Bus, Played

# Built once: only the values change per move (asyncpg prepares each text once per connection).
_MOVE = """
WITH moved AS (
    UPDATE game SET version = $3, status = $4{snapshot} WHERE id = $1 AND version = $2
    RETURNING id),
logged AS (
    INSERT INTO game_action (game_id, seq, seat, action, events, client_id, by, created_at)
    SELECT id, $3, $5, $6::json, $7::json, $8, $9, now() FROM moved RETURNING seq)
SELECT seq FROM logged"""
STATEMENTS = {snapshot: _MOVE.format(
    snapshot=", snapshot = $10::json, snapshot_version = $3" if snapshot else "")
    for snapshot in (False, True)}


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


class MoveLog(Protocol):
    """Where moves are committed."""

    async def commit(self, move: Move) -> bool:
        """True once committed (and queued on the bus); False if the game is no longer at
        `move.version`.

        Raises Duplicate for a client id already logged, ServiceError(BUSY) when the database
        does not answer in time."""

    async def close(self) -> None:
        """Release the connections."""


class CoreLog:
    """SQLAlchemy Core statements in one transaction (SQLite, or any other backend)."""

    def __init__(self, uow: UnitOfWork, bus: Bus) -> None:
        self.uow, self.bus = uow, bus

    async def commit(self, move: Move) -> bool:
        """The guard and the log row in one transaction; the notice once it committed."""
        try:
            async with self.uow.move(move.code) as connection:
                if not await store.advance(connection, move.game_id, move.version, move.over,
                                           move.snapshot):
                    return False
                await store.append(connection, move.game_id, move.version + 1, move.seat,
                                   move.action, move.events, move.client_id, move.by)
        except IntegrityError as exc:  # the (game, client id) key: this id was used already
            raise Duplicate from exc
        announce(self.bus, move)
        return True

    async def close(self) -> None:
        """Nothing of its own: the engine's pool is closed with the engine."""


class PostgresLog:
    """One statement per move on a small asyncpg pool of its own (opened on first use)."""

    def __init__(self, dsn: str, bus: Bus, timeout: float, size: int) -> None:
        self.dsn, self.bus, self.timeout, self.size = dsn, bus, timeout, size
        self.pool: asyncpg.Pool | None = None
        self.held = 0  # moves holding or waiting for a connection

    async def commit(self, move: Move) -> bool:
        """Guard and log in one statement; the notice once it committed."""
        values: list[Any] = [move.game_id, move.version, move.version + 1,
                             "over" if move.over else "active", move.seat,
                             _text(move.action), _text(move.events), move.client_id, move.by]
        if move.snapshot is not None:
            values.append(_text(move.snapshot))
        statement = STATEMENTS[move.snapshot is not None]
        # A wait is bounded only when there may be one (every connection in use): the
        # time-out costs a timer per move.
        wait = self.timeout if self.held >= self.size else None
        self.held += 1
        try:
            pool = self.pool or await self._pool()  # opening it may be refused too
            async with pool.acquire(timeout=wait) as connection:
                committed = await connection.fetchval(statement, *values) is not None
        except asyncpg.UniqueViolationError as exc:
            raise Duplicate from exc
        except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            if not unavailable(exc):
                raise
            raise busy() from exc
        finally:
            self.held -= 1
        if committed:
            announce(self.bus, move)
        return committed

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


def announce(bus: Bus, move: Move) -> None:
    """Queue a committed move's notices on the bus."""
    played = Played(move.game_id, move.version + 1, move.seat, move.action, move.client_id,
                    move.by)
    bus.moved(move.code, played, move.before)


def _text(value: Any) -> str:
    """JSON text for a `json` column."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


async def _kept(_connection: asyncpg.Connection) -> None:
    """A released connection needs no reset query (a round trip per move): the move path
    never listens, locks or sets anything beyond its statement (an open transaction is still
    rolled back by the pool)."""
