"""A move's write on Postgres: the server's CPU per committed move, as shipped against the same
statement executed through SQLAlchemy, in one invocation.

All write the move as one statement (gamestore.MOVE: the guarded UPDATE feeding the log row's
INSERT). `ours` (movelog.CoreLog) sends the statement compiled once on the driver of a
connection from a SQLAlchemy engine of its own, kept out of the pool between moves (the group
commit's path, groupcommit.py, which writes a move alone when a connection is free, as always
here: the pool has a connection per game written at once). The
baselines: `checkout per move` takes the connection from the pool and gives it back for each
move (the log on an engine it shares); `through SQLAlchemy` has SQLAlchemy execute it on the
same engine (its connection, execution context, parameter processing and result); `own
asyncpg pool` sends the same text on an asyncpg pool of its own, without SQLAlchemy (the move
log's former Postgres path). Moves run one at a time (`--concurrent N`: N games at once, on a
pool of N) on a throw-away database on 127.0.0.1:5432, a few game-sized events each, rounds
alternating; the best round of each counts (the least disturbed by other work on the box). It
prints CPU microseconds per move of each and the ratios.

    .venv/bin/python bench/move_write.py [--moves 2000] [--rounds 3] [--concurrent 1]
"""

from __future__ import annotations

import argparse
import asyncio
import time
import uuid
from typing import Any

import asyncpg
from sqlalchemy.ext.asyncio import AsyncEngine

from app.engine import GameStatus
from app.server import gamestore as store
from app.server.db import make_engine
from app.server.models import Base
from app.server.movelog import CoreLog, Move
from app.server.notices import LocalBus
from app.server.statements import json_text

PG = "postgres@127.0.0.1:5432"
ACTION = {"type": "PlayPlaceCards", "cards": [3, 7]}
EVENTS: list[dict[str, Any]] = [
    {"kind": "place_cards_chosen", "data": {"hunted": 2, "count": 2}, "to": None},
    {"kind": "place_cards_chosen_by_you", "data": {"cards": [3, 7]}, "to": [2]}] * 3


class OwnAsyncpgPool(CoreLog):
    """The same statement text on an asyncpg pool of its own, no SQLAlchemy at all (how the
    move was written before the move log had one statement path)."""

    def __init__(self, engine: AsyncEngine, pool: asyncpg.Pool) -> None:
        super().__init__(engine, LocalBus())
        self.pool = pool

    async def commit(self, move: Move) -> bool:
        assert self.group is not None
        statement = self.group.one[move.snapshot is not None]
        values = move.values()
        async with self.pool.acquire() as connection:
            return await connection.fetchval(statement.sql, *[
                json_text(values[name]) if name in statement.json else values[name]
                for name in statement.names]) is not None


class ThroughSqlAlchemy(CoreLog):
    """The same statement, executed by SQLAlchemy on the same connection (autocommit)."""

    async def commit(self, move: Move) -> bool:
        values = move.values()
        statement = store.MOVE["new_snapshot" in values]
        async with self.engine.connect() as connection:
            autocommit = await connection.execution_options(isolation_level="AUTOCOMMIT")
            return (await autocommit.execute(statement, values)).first() is not None


async def admin(sql: str) -> None:
    connection = await asyncpg.connect(f"postgresql://{PG}/postgres")
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


async def games(engine: AsyncEngine, count: int) -> list[int]:
    """The schema, and `count` rooms each with its game at version 0: the games' ids."""
    ids = []
    async with engine.begin() as connection:
        await connection.run_sync(Base.metadata.create_all)
        for n in range(count):
            room = await connection.execute(store.ROOM.insert().values(
                code=f"BENCH{n}", options={}, host_seat=0).returning(store.ROOM.c.id))
            game = await connection.execute(store.GAME.insert().values(
                room_id=room.scalar_one(), config={}, seed=1, version=0,
                status=GameStatus.ACTIVE, snapshot={}, snapshot_version=0
            ).returning(store.GAME.c.id))
            ids.append(int(game.scalar_one()))
    return ids


async def one_game(log: CoreLog, game_id: int, version: int, moves: int) -> None:
    """`moves` moves of one game from `version` on, one after the other."""
    for n in range(version, version + moves):
        move = Move("BENCH", game_id, n, 1, ACTION, EVENTS, f"m{n}", False, None)
        if not await log.commit(move):
            raise RuntimeError(f"move {n} was not committed")


async def a_round(log: CoreLog, game_ids: list[int], version: int, moves: int) -> float:
    """CPU seconds for `moves` moves from `version` on in each game, the games at once."""
    started = time.process_time()
    await asyncio.gather(*(one_game(log, game_id, version, moves) for game_id in game_ids))
    return time.process_time() - started


async def run(moves: int, rounds: int, concurrent: int) -> None:
    database = f"bench_move_write_{uuid.uuid4().hex[:8]}"
    await admin(f'CREATE DATABASE "{database}"')
    size = max(2, concurrent)
    engine = make_engine(f"postgresql+asyncpg://{PG}/{database}", size, 5.0)
    try:
        game_ids = await games(engine, concurrent)
        pool = await asyncpg.create_pool(f"postgresql://{PG}/{database}", min_size=1,
                                         max_size=size)
        own = make_engine(f"postgresql+asyncpg://{PG}/{database}", size, 5.0)  # as served
        logs = {"ours": CoreLog(own, LocalBus(), owned=True),
                "checkout per move": CoreLog(engine, LocalBus()),  # a shared engine's way
                "through SQLAlchemy": ThroughSqlAlchemy(engine, LocalBus()),
                "own asyncpg pool": OwnAsyncpgPool(engine, pool)}
        best = dict.fromkeys(logs, float("inf"))
        version = 0
        for counted in [False] + [True] * rounds:  # a first round warms up (connections...)
            for name, log in logs.items():
                seconds = await a_round(log, game_ids, version, moves)
                version += moves
                if counted:
                    best[name] = min(best[name], seconds)
        for name, seconds in best.items():
            print(f"{name:>30}: {seconds / moves / concurrent * 1e6:5.0f} µs CPU per move")
        for name in ("checkout per move", "through SQLAlchemy", "own asyncpg pool"):
            print(f"{name + ' / ours':>30}: {best[name] / best['ours']:5.2f}")
        await pool.close()
        await logs["ours"].close()
    finally:
        await engine.dispose()
        await admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--concurrent", type=int, default=1,
                        help="games written at once, each its moves one after the other")
    arguments = parser.parse_args()
    asyncio.run(run(arguments.moves, arguments.rounds, arguments.concurrent))


if __name__ == "__main__":
    main()
