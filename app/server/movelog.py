"""Committing one move: the version guard and the log row, all or nothing; then its notice.

One move log for every backend (`CoreLog`), on one engine's pool: the move's SQLAlchemy Core
statements (gamestore.py) bind the same values everywhere. On Postgres the guarded UPDATE (it
takes the game row's lock, and a racing move that waited on that lock finds the version moved
and changes nothing) feeds the INSERT of the log row in one statement, in its own implicit
transaction, so one round trip commits it, and the moves that wait while every connection has
a statement in flight go together in one such statement (group commit: groupcommit.py);
elsewhere (SQLite) the two run in one transaction.
Either way the move is committed when `commit` returns True, before anything is published;
only then is it queued on the bus (whose sender batches the notices of many moves into one
NOTIFY statement: docs/cluster.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import asyncpg
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from . import gamestore as store
from .admission import Queue, Turns
from .db import busy, unavailable
from .groupcommit import GroupCommit, Refused
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


class CoreLog:
    """The move log: on Postgres one statement per move, or per batch of the moves that waited
    for a writer (groupcommit.py); elsewhere the guard and the log row in one transaction.
    `owned`: the engine is the log's own, closed with it. Moves wait for the engine's
    connections (admission.py): `patience` is how long the oldest waiting may have waited
    before new moves are refused at once, `limit` how long an admitted one waits at most."""

    def __init__(self, engine: AsyncEngine, bus: Bus, *, owned: bool = False,
                 patience: float = 10.0, limit: float = 15.0) -> None:
        self.engine, self.bus, self.owned = engine, bus, owned
        size = getattr(engine.pool, "size", None)
        writers = size() if callable(size) else TURNS_UNSIZED
        postgres = engine.dialect.name == "postgresql"
        self.turns = None if postgres else Turns(writers, patience, limit)
        self.queue = self.turns.queue if self.turns is not None else Queue(patience)
        self.group = GroupCommit(engine, writers, self.queue, limit, owned) if postgres else None

    async def commit(self, move: Move) -> bool:
        """Guard and log row, all or nothing; the notice once they committed."""
        values = move.values()
        try:
            if self.group is None:
                committed = await self._in_transaction(values)
            else:
                committed = await self.group.commit(values)
        except Refused as refused:
            if isinstance(refused.cause, asyncpg.UniqueViolationError):
                raise Duplicate from refused.cause  # the (game, client id) key: used already
            raise refused.cause from None
        except IntegrityError as exc:
            raise Duplicate from exc
        except (*UNAVAILABLE, self.engine.dialect.loaded_dbapi.Error) as exc:
            if not unavailable(exc):
                raise
            raise busy() from exc
        if committed:
            announce(self.bus, move)
        return committed

    async def _in_transaction(self, values: dict[str, Any]) -> bool:
        """The guard and the log row in one transaction (SQLite: BEGIN IMMEDIATE, db.py)."""
        assert self.turns is not None
        async with self.turns.turn(), self.engine.connect() as connection, connection.begin():
            return await store.advance_and_append(connection, values)

    def admit(self, code: str) -> None:
        """MoveLog.admit: one queue, whatever the room."""
        self.queue.admit()

    def waiting(self) -> int:
        """MoveLog.waiting."""
        return len(self.queue)

    async def close(self) -> None:
        """Stop the writers, and close the engine if it is the log's own (the shared one is
        closed with the app)."""
        if self.group is not None:
            await self.group.close()
        if self.owned:
            await self.engine.dispose()


def announce(bus: Bus, move: Move) -> None:
    """Queue a committed move's notices on the bus."""
    played = Played(move.game_id, move.version + 1, move.seat, move.action, move.client_id,
                    move.by)
    bus.moved(move.code, played, move.before)


