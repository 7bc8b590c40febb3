"""The move log on Postgres: a move is announced only once it committed, and a database that
will not take another connection is answered `busy` (never a dead socket handler)."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine

from app.server import repository
from app.server.bus import listener_dsn
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


@async_test
async def test_a_refused_connection_is_answered_busy_and_changes_nothing(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    game_id = await a_game(database)
    role = f"nao_full_{uuid.uuid4().hex[:8]}"  # Postgres refuses it as "too many connections"
    psql_value(f"CREATE ROLE {role} LOGIN CONNECTION LIMIT 0")
    dsn = listener_dsn(database.url)
    assert dsn is not None
    try:
        full = make_url(dsn).set(username=role).render_as_string(hide_password=False)
        bus = Announced()
        log = PostgresLog(full, bus, timeout=5.0, size=2)
        with pytest.raises(ServiceError) as refused:
            await log.commit(move(game_id, 0, "first"))
        assert refused.value.code == ErrorCode.BUSY
        assert bus.moves == []
        await log.close()
    finally:
        psql_value(f"DROP ROLE {role}")
    log = PostgresLog(dsn, Announced(), timeout=5.0, size=2)
    assert await log.commit(move(game_id, 0, "first"))  # the game was still at version 0
    await log.close()
