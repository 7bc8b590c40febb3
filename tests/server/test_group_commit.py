"""Group commit (groupcommit.py): the moves that wait while the writers are busy are written in
one statement, one transaction, and each hears its own answer: a stale move does not land, a
reused client id is that move's refusal alone, and the others land; a move that waits past
its limit hears `busy` and is never written."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from app.server import gamestore
from app.server.db import make_engine
from app.server.errors import ErrorCode, ServiceError
from app.server.movelog import CoreLog, Duplicate, Move

from .client import async_test, until
from .servers import Database, ServerFactory
from .test_admission import (
    connected,
    games,
    one_connection_log,
    pass_at,
    row_locked,
    versions,
    waiting_on_a_lock,
)
from .test_movelog import Announced


async def transactions(database: Database, *ids: int) -> int:
    """How many transactions wrote the log rows of these games."""
    async with connected(database) as connection:
        return int(await connection.fetchval(
            "SELECT count(DISTINCT xmin::text) FROM game_action WHERE game_id = any($1)", ids))


async def behind_a_held_move(database: Database, log: CoreLog, held: int,
                             moves: list[Move]) -> list[bool | BaseException]:
    """Commit `moves` while the log's one writer waits on the row of the game `held` (its move
    made at version 0): they queue, then go together once the row is let go."""
    async with row_locked(database, held):
        first = asyncio.create_task(log.commit(pass_at(held, f"held{len(moves)}")))
        await until(lambda: waiting_on_a_lock(database))
        waiting = [asyncio.create_task(log.commit(move)) for move in moves]
        await until(lambda: log.waiting() == len(moves))
    await first
    return list(await asyncio.gather(*waiting, return_exceptions=True))


@pytest.mark.postgres
@async_test
async def test_the_moves_that_waited_go_in_one_statement_each_with_its_own_answer(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    ids = await games(database, 7)  # the last holds the writer the second time
    bus = Announced()
    log = one_connection_log(database, bus)
    fresh = [pass_at(game_id, f"b{game_id}") for game_id in ids[1:4]]
    fresh[1] = replace(fresh[1], over=True, snapshot={"round": 3})  # a last move, stored whole
    stale = Move(f"ROOM{ids[4]}", ids[4], 7, 1, {"type": "pass"}, [], "late", False, None)
    answers = await behind_a_held_move(database, log, ids[0], [*fresh, stale])
    assert answers == [True, True, True, False]  # the stale one's guard did not hold
    assert await versions(database, *ids) == [1, 1, 1, 1, 0, 0, 0]
    assert await transactions(database, *ids[1:4]) == 1  # one statement wrote the three
    assert sorted(played.client_id for _, played in bus.moves) == sorted(
        ["held4", *(move.client_id for move in fresh)])
    reader = make_engine(database.url)  # the log's one connection stays with its writer
    async with reader.connect() as connection:
        stored = [await gamestore.load(connection, f"ROOM{n}") for n in (1, 2, 3)]
    await reader.dispose()
    assert [(game.over, game.snapshot, game.snapshot_version, [a.client_id for a in game.later])
            for game in stored if game is not None] == [
        (False, {}, 0, [f"b{ids[1]}"]), (True, {"round": 3}, 1, []), (False, {}, 0, [f"b{ids[3]}"])]

    # A batch with a reused client id: that move alone is refused, the others land.
    again = Move(f"ROOM{ids[1]}", ids[1], 1, 1, {"type": "pass"}, [], f"b{ids[1]}", False,
                 None)
    others = [pass_at(ids[4], "c4"), pass_at(ids[5], "c5")]
    answers = await behind_a_held_move(database, log, ids[6], [again, *others])
    assert isinstance(answers[0], Duplicate) and answers[1:] == [True, True]
    assert await versions(database, *ids) == [1, 1, 1, 1, 1, 1, 1]
    await log.close()


@pytest.mark.postgres
@async_test
async def test_a_move_that_waited_past_the_limit_hears_busy_and_is_never_written(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    held, late = await games(database, 2)
    log = one_connection_log(database, Announced())
    assert log.group is not None
    async with row_locked(database, held):
        first = asyncio.create_task(log.commit(pass_at(held, "held")))
        await until(lambda: waiting_on_a_lock(database))
        log.group.limit = 0.0  # the one writer is busy: the next move waits past its limit
        with pytest.raises(ServiceError) as refused:
            await log.commit(pass_at(late, "late"))
        assert refused.value.code is ErrorCode.BUSY and log.waiting() == 0
    assert await first
    assert await versions(database, held, late) == [1, 0]  # the late move was never written
    await log.close()
