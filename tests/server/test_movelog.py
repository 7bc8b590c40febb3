"""The move log on Postgres: a move is announced only once it committed, and a database that
will not take another connection is answered `busy` (never a dead socket handler); the one rule
that tells a database that cannot take the work from a refused statement."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import asyncpg
import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine

from app.server import repository
from app.server.bus import listener_dsn
from app.server.db import unavailable
from app.server.errors import ErrorCode, ServiceError
from app.server.movelog import Move, PostgresLog
from app.server.notices import Before, LocalBus, Played

from .client import async_test
from .servers import Database, ServerFactory, psql_value

pytestmark = pytest.mark.postgres


class Announced(LocalBus):
    """A bus that records what the move log asks it to announce."""

    def __init__(self) -> None:
        super().__init__()
        self.moves: list[tuple[str, Played]] = []

    def moved(self, code: str, played: Played, before: Before = ()) -> None:
        self.moves.append((code, played))


async def a_game(database: Database) -> int:
    """A room with a game at version 0: the game's id."""
    engine = create_async_engine(database.url)
    async with AsyncSession(engine) as session, session.begin():
        room = await repository.add_room(session, "ROOM", {}, 0)
        game_id = (await repository.add_game(session, room.id, {}, 1, {})).id
    await engine.dispose()
    return game_id


def move(game_id: int, version: int, client_id: str) -> Move:
    """A Pass by seat 1 made at `version`."""
    return Move("ROOM", game_id, version, 1, {"type": "pass"}, [], client_id, False, None)


@async_test
async def test_a_move_is_announced_only_once_committed(server: ServerFactory) -> None:
    database = server.database("postgres")
    game_id = await a_game(database)
    bus, dsn = Announced(), listener_dsn(database.url)
    assert dsn is not None
    log = PostgresLog(dsn, bus, timeout=5.0, size=2)
    assert await log.commit(move(game_id, 0, "first"))
    assert not await log.commit(move(game_id, 0, "raced"))  # the version moved: nothing lands
    assert bus.moves == [("ROOM", Played(game_id, 1, 1, {"type": "pass"}, "first"))]
    await log.close()


@contextmanager
def refused_role() -> Iterator[str]:
    """A role Postgres always refuses as "too many connections" (its limit is 0)."""
    role = f"nao_full_{uuid.uuid4().hex[:8]}"
    psql_value(f"CREATE ROLE {role} LOGIN CONNECTION LIMIT 0")
    try:
        yield role
    finally:
        psql_value(f"DROP ROLE {role}")


@async_test
async def test_a_refused_connection_is_answered_busy_and_changes_nothing(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    game_id = await a_game(database)
    dsn = listener_dsn(database.url)
    assert dsn is not None
    with refused_role() as role:
        full = make_url(dsn).set(username=role).render_as_string(hide_password=False)
        bus = Announced()
        log = PostgresLog(full, bus, timeout=5.0, size=2)
        with pytest.raises(ServiceError) as refused:
            await log.commit(move(game_id, 0, "first"))
        assert refused.value.code == ErrorCode.BUSY
        assert bus.moves == []
        await log.close()
    log = PostgresLog(dsn, Announced(), timeout=5.0, size=2)
    assert await log.commit(move(game_id, 0, "first"))  # the game was still at version 0
    await log.close()


@async_test
async def test_a_full_database_is_unavailable_and_a_refused_statement_is_not(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    with refused_role() as role:  # through SQLAlchemy, as every other database access goes
        engine = create_async_engine(make_url(database.url).set(username=role))
        with pytest.raises(DBAPIError) as full:
            async with engine.connect():
                pass
        await engine.dispose()
    assert unavailable(full.value)

    engine = create_async_engine(database.url)
    with pytest.raises(DBAPIError) as refused:
        async with engine.connect() as connection:
            await connection.execute(text("SELECT * FROM no_such_table"))
    await engine.dispose()
    assert not unavailable(refused.value)

    dsn = listener_dsn(database.url)
    assert dsn is not None
    connection = await asyncpg.connect(dsn)
    with pytest.raises(asyncpg.PostgresError) as bad:
        await connection.execute("SELEC 1")
    await connection.close()
    assert not unavailable(bad.value)
