"""Group commit on Postgres: the moves that wait while every writer is busy go in one statement.

A move is written at once when one of the engine's `writers` (its connections) is free. A move
that arrives while every writer has a statement in flight waits, and the next writer to come
back takes every move waiting, oldest first (at most `BATCH`), and writes them together
(gamestore.MOVES: each game's version guard feeds its own log row, all in one implicit
transaction). One round trip, one commit and one wake-up then serve many moves where each used
to pay its own: the database's CPU and the process's fall as the load grows, and no delay is
ever added on purpose (docs/performance.md, "Group commit"). Each move still lands only if its
own guard held. A batch refused as a whole for one move's sake (a reused client id, a deadlock
with another process's batch) is written again move by move, so each hears its own answer.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any, cast

import asyncpg
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import PoolProxiedConnection

from . import gamestore as store
from .admission import Queue
from .db import busy, unavailable
from .statements import OneStatement, json_text

BATCH = 64  # moves in one statement at most: a bound on its size, far above what queues


class Refused(Exception):
    """The move's statement was refused for the move's own sake; `cause` says why."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.cause = cause


@dataclass(eq=False, slots=True)
class Waiting:
    """A move waiting to be written, and where its answer goes."""

    values: dict[str, Any]
    answer: asyncio.Future[bool] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future())


class GroupCommit:
    """The moves of one engine on Postgres, written by at most `writers` statements at once;
    `queue` holds the moves waiting (admission.py reads its oldest), `limit` is how long one
    may wait for a writer before it hears `busy`; `owned`: the engine is ours alone, and a
    writer keeps its connection between statements."""

    def __init__(self, engine: AsyncEngine, writers: int, queue: Queue, limit: float,
                 owned: bool) -> None:
        self.engine, self.queue, self.limit, self.owned = engine, queue, limit, owned
        self.one = {snapshot: OneStatement(statement, engine.dialect)
                    for snapshot, statement in store.MOVE.items()}
        self.many = OneStatement(store.MOVES, engine.dialect)
        self.json = self.one[True].json
        self.free = writers
        self._idle: list[PoolProxiedConnection] = []
        self._writers: set[asyncio.Task[None]] = set()  # held: the loop keeps weak references

    async def commit(self, values: dict[str, Any]) -> bool:
        """True once the move committed, False if its guard did not hold. Raises Refused for a
        statement refused for the move's sake, ServiceError(BUSY) when the database is away."""
        waiting = Waiting(values)
        self.queue.join(waiting)
        try:
            if self.free:
                self.free -= 1
                writer = asyncio.get_running_loop().create_task(self._write_while_waiting())
                self._writers.add(writer)
                writer.add_done_callback(self._writers.discard)
                return await waiting.answer
            return await self._answer_within_limit(waiting)
        finally:
            self.queue.leave(waiting)  # cancelled before a writer took it: never written

    async def _answer_within_limit(self, waiting: Waiting) -> bool:
        """Wait for a writer at most `limit` seconds; a move already taken is answered however
        long its statement takes (it may have landed)."""
        try:
            async with asyncio.timeout(self.limit):
                return await asyncio.shield(waiting.answer)
        except TimeoutError:
            if self.queue.leave(waiting):
                raise busy() from None
        return await waiting.answer

    async def _write_while_waiting(self) -> None:
        """One writer: batch after batch while moves wait, then free again."""
        try:
            while batch := cast(list[Waiting], self.queue.take(BATCH)):
                await self._write(batch)
        finally:
            self.free += 1

    async def _write(self, batch: list[Waiting]) -> None:
        """Write `batch` and answer each of its moves (an exception for all when the database
        is away)."""
        batch = [waiting for waiting in batch if not waiting.answer.done()]  # not cancelled
        try:
            connection = self._idle.pop() if self._idle else await self.engine.raw_connection()
        except Exception as exc:
            return _answer_all(batch, busy() if unavailable(exc) else exc)
        try:
            if len(batch) == 1:
                await self._one(connection, batch[0])
            else:
                await self._many(connection, batch)
        except BaseException as exc:  # the connection failed, or the writer was cancelled
            lost = not isinstance(exc, Exception) or unavailable(exc)
            if isinstance(exc, Exception) and lost:
                connection.invalidate(exc)  # the pool replaces it
            connection.close()
            _answer_all(batch, busy() if lost else exc)  # a move cut short may have landed:
            if not isinstance(exc, Exception):  # its retry finds its client id in the log
                raise
            return
        self._keep(connection)

    async def _one(self, connection: PoolProxiedConnection, waiting: Waiting) -> None:
        """One move, in the single-move statement; refused for its own sake: answered so."""
        statement = self.one["new_snapshot" in waiting.values]
        try:
            committed = await statement.fetch(connection.driver_connection, waiting.values)
        except asyncpg.PostgresError as exc:
            if unavailable(exc):
                raise
            return _answer(waiting, Refused(exc))
        _answer(waiting, committed is not None)

    async def _many(self, connection: PoolProxiedConnection, batch: list[Waiting]) -> None:
        """Several moves in one statement, in their games' order (two processes' batches then
        lock the rows they share in one order); refused as a whole, written one by one."""
        batch.sort(key=lambda waiting: int(waiting.values["game_id"]))
        # Two moves of one game (never under the room's lock) need a guarded row each.
        if len({waiting.values["game_id"] for waiting in batch}) == len(batch):
            try:
                rows = await self.many.rows(connection.driver_connection, self._columns(batch))
            except asyncpg.PostgresError as exc:
                if unavailable(exc):
                    raise
            else:
                landed = {row[0] for row in rows}
                for waiting in batch:
                    _answer(waiting, waiting.values["game_id"] in landed)
                return
        for waiting in batch:
            await self._one(connection, waiting)

    def _columns(self, batch: list[Waiting]) -> dict[str, list[Any]]:
        """The batch's values as one array per name (JSON as text, no snapshot as null)."""
        return {name: [_json_or(waiting.values.get(name), name in self.json) for waiting in batch]
                for name in self.many.names}

    def _keep(self, connection: PoolProxiedConnection) -> None:
        """An engine of our own: the connection stays out of its pool for the next statement
        (a checkout and a return cost a quarter or more of a move's write); a shared one's pool
        gets it back."""
        if self.owned:
            self._idle.append(connection)
        else:
            connection.close()

    async def close(self) -> None:
        """Stop the writers (a move cut short hears `busy`) and give back the connections
        kept between statements."""
        for writer in list(self._writers):
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer
        _answer_all(cast(list[Waiting], self.queue.take(len(self.queue))), busy())
        while self._idle:
            self._idle.pop().close()


def _json_or(value: Any, is_json: bool) -> Any:
    """`value` as bound in an array: JSON as text, and None (no snapshot) as null."""
    return json_text(value) if is_json and value is not None else value


def _answer(waiting: Waiting, result: bool | BaseException) -> None:
    """Tell one move its fate, unless it stopped waiting (cancelled)."""
    if waiting.answer.done():
        return
    if isinstance(result, BaseException):
        waiting.answer.set_exception(result)
    else:
        waiting.answer.set_result(result)


def _answer_all(batch: list[Waiting], error: BaseException) -> None:
    """Tell every move of a batch the same failure."""
    for waiting in batch:
        _answer(waiting, error)

