"""Database engines (Postgres via asyncpg, or the embedded SQLite default) and units of work."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager, nullcontext
from pathlib import Path
from typing import Any

import asyncpg
from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from .errors import ErrorCode, ServiceError
from .shards import Placement, shard_of

# SQLSTATE classes of a database that cannot take the work now: a connection exception,
# insufficient resources (too many clients, a full disk), operator intervention (shutting down).
UNAVAILABLE_STATES = ("08", "53", "57P")
POOL_SIZE = 5  # for tools and tests; the server sizes its pool from Settings.pool_size
# A read waits for its turn at most this many times the pool's own timeout, then the client
# hears `busy`: long enough for a storm of joins to queue through, short enough that a
# database which answers nobody is reported as a pool time-out would be (docs/protocol.md).
READ_WAIT_POOL_TIMEOUTS = 4


def unavailable(exc: BaseException) -> bool:
    """True when `exc` (SQLAlchemy's or asyncpg's) says the database is slow, away or full,
    which the client hears as `busy`; False when it refused the statement itself."""
    if isinstance(exc, PoolTimeout | OperationalError | InterfaceError | asyncpg.InterfaceError
                  | TimeoutError | OSError):
        return True
    state = getattr(exc, "sqlstate", None) or getattr(getattr(exc, "orig", None), "sqlstate", None)
    return str(state or "").startswith(UNAVAILABLE_STATES)


def busy() -> ServiceError:
    """What a client hears when the database is `unavailable`."""
    return ServiceError(ErrorCode.BUSY, "The database is not answering.")


def make_engine(url: str, pool_size: int = POOL_SIZE, pool_timeout: float = 30.0) -> AsyncEngine:
    """An async engine for `url`; SQLite gets WAL, a busy timeout and BEGIN IMMEDIATE."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        # A steady pool and no pre-ping: a dead connection fails its statement, which answers
        # `busy`, and the pool replaces it; a ping per checkout was a round trip per move.
        return create_async_engine(url, pool_size=pool_size, max_overflow=0,
                                   pool_timeout=pool_timeout)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(url, connect_args={"timeout": 30}, pool_timeout=pool_timeout)
    _serialize_sqlite_writers(engine)
    return engine


def _serialize_sqlite_writers(engine: AsyncEngine) -> None:
    """SQLite ignores FOR UPDATE: take the write lock at BEGIN so racing moves queue up.

    On Python 3.11 the driver's own transaction handling must be turned off so that
    SQLAlchemy's `begin` event can issue the BEGIN (docs/architecture.md).
    """

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def make_sessions(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """The session factory; objects stay readable after commit."""
    return async_sessionmaker(engine, expire_on_commit=False)


@contextmanager
def _answering() -> Iterator[None]:
    """A database whose host refuses the connection (down, or cut off) fails with the driver's
    own OSError, which SQLAlchemy passes on as it is: `busy`, like a statement that fails."""
    try:
        yield
    except OSError as exc:
        raise busy() from exc


def _turns(engine: AsyncEngine) -> asyncio.Semaphore | None:
    """Reads take turns for all but a quarter of a shard's pool: in a storm of joins they queue
    here, in order, rather than time out waiting for a connection (`busy`), and the writes
    (start, seats, chat) still find one."""
    size = getattr(engine.pool, "size", None)
    return asyncio.Semaphore(max(1, size() * 3 // 4)) if callable(size) else None


def _pool_timeout(engine: AsyncEngine) -> float:
    """Seconds the engine's pool waits for a connection (30, SQLAlchemy's default, if unsaid)."""
    timeout = getattr(engine.pool, "timeout", None)
    return float(timeout()) if callable(timeout) else 30.0


class UnitOfWork:
    """Opens every unit of work: a read, a write (one transaction), or a move (Core, one
    transaction on one connection), each on the shard of the room it names (shards.py). A
    write commits when its block ends without an error."""

    def __init__(self, engines: AsyncEngine | Sequence[AsyncEngine]) -> None:
        self.engines = [engines] if isinstance(engines, AsyncEngine) else list(engines)
        self.engine = self.engines[0]  # shard 0: where rooms made before shards live
        self._sessions = [make_sessions(engine) for engine in self.engines]
        self.placement = Placement(len(self.engines))
        # A read on Postgres runs without BEGIN and ROLLBACK: each of its statements sees what
        # was committed when it began, as it would inside a READ COMMITTED transaction, and a
        # join's reads cost a round trip each instead of three (docs/performance.md, "Storms").
        self._readers = ([make_sessions(engine.execution_options(isolation_level="AUTOCOMMIT"))
                          for engine in self.engines] if self.postgres else self._sessions)
        self._turns = [_turns(engine) if self.postgres else None for engine in self.engines]
        self._read_waits = [READ_WAIT_POOL_TIMEOUTS * _pool_timeout(engine)
                            for engine in self.engines]

    @property
    def postgres(self) -> bool:
        """True on Postgres (NOTIFY, row locks), False on SQLite."""
        return self.engine.dialect.name == "postgresql"

    def shard(self, code: str) -> int:
        """The shard holding the room `code`; `unknown_room` for a shard this cluster lacks."""
        index = shard_of(code)
        if index >= len(self.engines):
            raise ServiceError(ErrorCode.UNKNOWN_ROOM)
        return index

    @asynccontextmanager
    async def _turn(self, index: int) -> AsyncIterator[None]:
        """A read's turn on shard `index` (none to wait for on SQLite); `busy` after a few
        pool time-outs."""
        turns = self._turns[index]
        with _answering():  # asyncio's TimeoutError is an OSError too
            if turns is None:
                yield
                return
            await asyncio.wait_for(turns.acquire(), self._read_waits[index])
            try:
                yield
            finally:
                turns.release()

    @asynccontextmanager
    async def read(self, code: str) -> AsyncIterator[AsyncSession]:
        """One session for one read of the room `code` (no transaction on Postgres: see
        `_readers`); `busy` after a few pool time-outs waiting for a turn on its shard."""
        index = self.shard(code)
        async with self._turn(index), self._readers[index]() as session:
            yield session

    @asynccontextmanager
    async def driver(self, code: str, *, write: bool = False) -> AsyncIterator[Any]:
        """The driver's own connection (asyncpg) from the room's shard's pool, in a read's
        turn (with `write`, none: a write never waits behind the reads, as in `write`), for
        statements sent as they are, each in its own implicit transaction unless the caller
        begins one (nothing else does, so its return to the pool sends nothing); `busy` when
        the database does not answer."""
        index = self.shard(code)
        turn: AbstractAsyncContextManager[None] = nullcontext() if write else self._turn(index)
        async with turn:
            try:
                connection = await self.engines[index].raw_connection()
            except Exception as exc:
                if not unavailable(exc):
                    raise
                raise busy() from exc
            try:
                yield connection.driver_connection
            except Exception as exc:
                if not unavailable(exc):
                    raise
                connection.invalidate(exc)  # lost or refused: the pool replaces it
                raise busy() from exc
            finally:
                connection.close()

    @asynccontextmanager
    async def write(self, code: str) -> AsyncIterator[AsyncSession]:
        """One session in one transaction on the room's shard: committed at the end, rolled
        back on an error."""
        with _answering():
            async with self._sessions[self.shard(code)]() as session, session.begin():
                yield session

    @asynccontextmanager
    async def move(self, code: str) -> AsyncIterator[AsyncConnection]:
        """One connection in one transaction on the room's shard, for the move path's Core
        statements."""
        with _answering():
            async with self.engines[self.shard(code)].begin() as connection:
                yield connection

    async def dispose(self) -> None:
        """Close every shard's pool."""
        for engine in self.engines:
            await engine.dispose()
