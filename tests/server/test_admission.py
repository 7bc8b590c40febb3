"""Admission of moves (admission.py): a move waits its turn for a connection while the queue
moves, and is refused `busy` on arrival, touching nothing, once the oldest waiting move has
waited longer than the patience; a move that waited its turn lands."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
import pytest
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine

from app.server import repository
from app.server.admission import Queue, Turns
from app.server.bus import listener_dsn
from app.server.db import make_engine
from app.server.errors import ErrorCode, ServiceError
from app.server.movelog import CoreLog, Move

from .client import async_test, until
from .servers import Database, ServerFactory, psql_value
from .test_movelog import Announced


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def refused(queue: Queue) -> bool:
    """True when `admit` says `busy`."""
    try:
        queue.admit()
    except ServiceError as error:
        assert error.code is ErrorCode.BUSY
        return True
    return False


def test_the_oldest_waiting_move_decides() -> None:
    clock = Clock()
    queue = Queue(patience=5.0, clock=clock)
    assert not refused(queue)  # nobody waits
    with queue.waiting():
        clock.now += 1.0
        with queue.waiting():  # a second one, younger
            clock.now += 4.0
            assert not refused(queue)  # the oldest waited 5 s: not longer than the patience
            clock.now += 0.5
            assert refused(queue)
            assert len(queue) == 2  # a refusal queues nothing
        assert refused(queue)  # the oldest is still there
    assert not refused(queue) and len(queue) == 0
    with queue.waiting():  # the queue moved: a new move is measured from its own arrival
        assert not refused(queue)


@async_test
async def test_turns_go_in_arrival_order_and_a_stuck_pool_answers_busy() -> None:
    turns = Turns(1, patience=60.0, limit=60.0)
    order: list[int] = []
    entered = asyncio.Event()

    async def move(n: int) -> None:
        async with turns.turn():
            order.append(n)
            if n == 0:
                entered.set()
                await until(lambda: len(turns.queue) == 3)  # the others queued behind it

    first = asyncio.create_task(move(0))
    await entered.wait()
    others = [asyncio.create_task(move(n)) for n in (1, 2, 3)]
    await asyncio.gather(first, *others)
    assert order == [0, 1, 2, 3] and len(turns.queue) == 0
    stuck = Turns(1, patience=60.0, limit=0.0)
    async with stuck.turn():
        with pytest.raises(ServiceError) as late:
            async with stuck.turn():
                pass
    assert late.value.code is ErrorCode.BUSY and len(stuck.queue) == 0


async def games(database: Database, count: int) -> list[int]:
    """`count` rooms, each with a game at version 0: the games' ids."""
    engine = create_async_engine(database.url)
    ids = []
    async with AsyncSession(engine) as session, session.begin():
        for n in range(count):
            room = await repository.add_room(session, f"ROOM{n}", {}, 0)
            room.game_id = (await repository.add_game(session, room.id, {}, 1, {})).id
            ids.append(room.game_id)
    await engine.dispose()
    return ids


def pass_at(game_id: int, client_id: str) -> Move:
    """A Pass by seat 1 at version 0 of the game."""
    return Move(f"ROOM{game_id}", game_id, 0, 1, {"type": "pass"}, [], client_id, False, None)


async def versions(database: Database, *ids: int) -> list[int]:
    """The games' versions, in the order asked."""
    async with connected(database) as connection:
        rows = await connection.fetch("SELECT id, version FROM game WHERE id = any($1)", ids)
    found = {row["id"]: row["version"] for row in rows}
    return [found[i] for i in ids]


def one_connection_log(database: Database, bus: Announced) -> CoreLog:
    """A move log on one connection of its own, patient for a minute."""
    return CoreLog(make_engine(database.url, 1, 60.0), bus, owned=True, patience=60.0,
                   limit=60.0)


@asynccontextmanager
async def connected(database: Database) -> AsyncIterator[asyncpg.Connection]:
    """A connection of asyncpg's own to the database, for the block."""
    dsn = listener_dsn(database.url)
    assert dsn is not None
    connection = await asyncpg.connect(dsn)
    try:
        yield connection
    finally:
        await connection.close()


@asynccontextmanager
async def row_locked(database: Database, game_id: int) -> AsyncIterator[None]:
    """Another transaction holds the game's row until the block ends."""
    async with connected(database) as connection, connection.transaction():
        await connection.execute(f"SELECT 1 FROM game WHERE id = {game_id} FOR UPDATE")
        yield


def waiting_on_a_lock(database: Database) -> bool:
    """True when one statement on the database waits for a lock."""
    return psql_value("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                      f"'{database.name}' AND wait_event_type = 'Lock'") == "1"


@pytest.mark.postgres
@async_test
async def test_a_move_waits_its_turn_and_a_late_one_is_refused(server: ServerFactory) -> None:
    """One connection, held by a move whose row another transaction locks: the next move
    waits for it; with the patience spent a third is refused at once and changes nothing;
    once the lock goes both waiting moves land, in order."""
    database = server.database("postgres")
    first, second, third = await games(database, 3)
    bus = Announced()
    log = one_connection_log(database, bus)
    async with row_locked(database, first):
        held = asyncio.create_task(log.commit(pass_at(first, "a")))
        await until(lambda: waiting_on_a_lock(database))
        waiting = asyncio.create_task(log.commit(pass_at(second, "b")))
        await until(lambda: log.waiting() == 1)
        log.admit("ROOM2")  # the queue moves within the patience: admitted, would wait
        log.queue.patience = 0.0  # now the oldest has waited longer than the patience
        with pytest.raises(ServiceError) as late:
            log.admit("ROOM2")
        assert late.value.code is ErrorCode.BUSY
        assert log.waiting() == 1 and bus.moves == []
        assert await versions(database, first, second, third) == [0, 0, 0]
    assert await held and await waiting  # both committed, the waiting one on its turn
    assert await versions(database, first, second, third) == [1, 1, 0]
    assert [played.client_id for _, played in bus.moves] == ["a", "b"]
    await log.close()
