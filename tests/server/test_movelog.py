"""The move log, on both backends: a move is announced only once it committed, a racing move
and a reused client id change nothing; on Postgres a database that will not take another
connection is answered `busy` (never a dead socket handler), and the one rule that tells a
database that cannot take the work from a refused statement."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

import asyncpg
import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine

from app.server import gamestore, repository
from app.server.bus import listener_dsn
from app.server.db import make_engine, unavailable
from app.server.errors import ErrorCode, ServiceError
from app.server.movelog import CoreLog, Duplicate, Move
from app.server.notices import Before, LocalBus, Played

from .client import async_test
from .servers import BACKENDS, Database, ServerFactory, psql_value


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
        game_id = room.game_id = (await repository.add_game(session, room.id, {}, 1, {})).id
    await engine.dispose()
    return game_id


def move(game_id: int, version: int, client_id: str) -> Move:
    """A Pass by seat 1 made at `version`."""
    return Move("ROOM", game_id, version, 1, {"type": "pass"}, [], client_id, False, None)


@async_test
@pytest.mark.parametrize("backend", BACKENDS)
async def test_a_move_is_announced_only_once_committed(server: ServerFactory,
                                                       backend: str) -> None:
    database = server.database(backend)
    game_id = await a_game(database)
    bus, engine = Announced(), make_engine(database.url, 2, 5.0)
    log = CoreLog(engine, bus, owned=True)
    assert await log.commit(move(game_id, 0, "first"))
    assert not await log.commit(move(game_id, 0, "raced"))  # the version moved: nothing lands
    with pytest.raises(Duplicate):  # a retry of a logged move, at the version it has now
        await log.commit(move(game_id, 1, "first"))
    snapshot = {"round": 2}
    assert await log.commit(replace(move(game_id, 1, "last"), over=True, snapshot=snapshot))
    assert bus.moves == [("ROOM", Played(game_id, 1, 1, {"type": "pass"}, "first")),
                         ("ROOM", Played(game_id, 2, 1, {"type": "pass"}, "last"))]
    async with engine.connect() as connection:
        stored = await gamestore.load(connection, "ROOM")
    assert stored is not None
    assert (stored.version, stored.over, stored.snapshot, stored.snapshot_version) == (
        2, True, snapshot, 2)
    assert stored.later == []  # the snapshot holds every move
    await log.close()


@pytest.mark.postgres
@async_test
async def test_a_lost_connection_is_answered_busy_and_replaced(server: ServerFactory) -> None:
    database = server.database("postgres")
    game_id = await a_game(database)
    log = CoreLog(make_engine(database.url, 1, 5.0), Announced(), owned=True)
    assert await log.commit(move(game_id, 0, "first"))
    ended = psql_value("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                       f"WHERE datname = '{database.name}'")
    assert ended == "1"  # the pool's one connection, as a restart of the database would
    with pytest.raises(ServiceError) as lost:
        await log.commit(move(game_id, 1, "second"))
    assert lost.value.code == ErrorCode.BUSY
    assert await log.commit(move(game_id, 1, "second"))  # on a new connection
    await log.close()


@pytest.mark.postgres
@async_test
async def test_one_connection_of_its_own_engine_serves_move_after_move(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    game_id = await a_game(database)
    engine = make_engine(database.url, 2, 5.0)
    log = CoreLog(engine, Announced(), owned=True)
    for version in range(3):
        assert await log.commit(move(game_id, version, f"m{version}"))
        assert engine.pool.checkedout() == 1  # kept for the next move, not checked in
    with pytest.raises(Duplicate):  # refused in its own implicit transaction: still clean
        await log.commit(move(game_id, 3, "m0"))
    assert engine.pool.checkedout() == 1
    assert await log.commit(move(game_id, 3, "m3"))  # on that same connection
    assert engine.pool.checkedout() == 1
    await log.close()
    assert engine.pool.checkedout() == 0


@contextmanager
def refused_role() -> Iterator[str]:
    """A role Postgres always refuses as "too many connections" (its limit is 0)."""
    role = f"nao_full_{uuid.uuid4().hex[:8]}"
    psql_value(f"CREATE ROLE {role} LOGIN CONNECTION LIMIT 0")
    try:
        yield role
    finally:
        psql_value(f"DROP ROLE {role}")


@pytest.mark.postgres
@async_test
async def test_a_refused_connection_is_answered_busy_and_changes_nothing(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    game_id = await a_game(database)
    with refused_role() as role:
        full = make_url(database.url).set(username=role).render_as_string(hide_password=False)
        bus = Announced()
        log = CoreLog(make_engine(full, 2, 5.0), bus, owned=True)
        with pytest.raises(ServiceError) as refused:
            await log.commit(move(game_id, 0, "first"))
        assert refused.value.code == ErrorCode.BUSY
        assert bus.moves == []
        await log.close()
    log = CoreLog(make_engine(database.url, 2, 5.0), Announced(), owned=True)
    assert await log.commit(move(game_id, 0, "first"))  # the game was still at version 0
    await log.close()


@pytest.mark.postgres
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
