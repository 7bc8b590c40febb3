"""The start's statements, in SQLAlchemy Core (no ORM), in one transaction: on Postgres sent as
they are on the driver's connection, elsewhere through SQLAlchemy's.

The room's row lock, then its seats (the host's among them: no read of its own); the first
game and the room's pointer to it in one statement where the backend runs a CTE that writes
(`FIRST_GAME`, Postgres), else in two (SQLite). With BEGIN and COMMIT, five round trips on
Postgres where the ORM's unit of work made seven, and nothing read back: the start answers,
and the live game is kept, from what it wrote (docs/performance.md, "Storms").
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple

from sqlalchemy import (
    Integer,
    String,
    bindparam,
    insert,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql import Executable

from app.engine import Config, GameState, GameStatus, new_game

from .auth import is_room_code, new_seed, token_matches
from .db import UnitOfWork
from .errors import ErrorCode, ServiceError
from .models import GAME, ROOM, SEAT, now
from .reads import SeatInfo
from .settings import AutoPass
from .statements import OneStatement

# The room, locked: a claim or a second start waits, then sees what this one did. Its seats
# are read by a second statement, which sees every claim committed while the lock was awaited
# (a statement that waited for a row lock sees the other tables as they were when it began).
LOCKED = (select(ROOM.c.id, ROOM.c.options, ROOM.c.host_seat, ROOM.c.game_id)
          .where(ROOM.c.code == bindparam("code", type_=String)).with_for_update())
SEATS = (select(SEAT.c.id, SEAT.c.number, SEAT.c.name, SEAT.c.token_hash, SEAT.c.bot,
                SEAT.c.auto_pass, SEAT.c.away_since)
         .where(SEAT.c.room_id == bindparam("room_id", type_=Integer)).order_by(SEAT.c.number))
RENUMBER = (update(SEAT).where(SEAT.c.id == bindparam("seat_id", type_=Integer))
            .values(number=bindparam("number", type_=Integer)))
_ROOM_ID = bindparam("room_id", type_=Integer)
# The new game's columns, each bound as `new_<column>` (a column's own name is SQLAlchemy's).
_GAME = {column: bindparam(f"new_{column}", type_=GAME.c[column].type)
         for column in ("room_id", "config", "seed", "version", "status", "snapshot",
                        "snapshot_version", "created_at")}
ADD_GAME = insert(GAME).values(_GAME).returning(GAME.c.id)
_HOST = bindparam("host_seat", type_=Integer)
POINT = (update(ROOM).where(ROOM.c.id == _ROOM_ID)
         .values(game_id=bindparam("game_id", type_=Integer), host_seat=_HOST))
_ADDED = ADD_GAME.cte("added")
# The game's row and the room's pointer to it, in one statement (Postgres).
FIRST_GAME = (update(ROOM).where(ROOM.c.id == _ROOM_ID)
              .values(game_id=select(_ADDED.c.id).scalar_subquery(), host_seat=_HOST)
              .returning(ROOM.c.game_id).add_cte(_ADDED))


# Runs one of the statements above with its values; returns the rows back (none: []).
Run = Callable[[Executable, dict[str, Any]], Awaitable[list[Sequence[Any]]]]


class SeatRow(NamedTuple):
    """A seat as the start reads it."""

    id: int
    number: int
    name: str
    token_hash: str
    bot: str | None
    auto_pass: str
    away_since: int | None


@dataclass(slots=True)
class Seated:
    """A locked room's row and seats, as the start read them."""

    room_id: int
    options: dict[str, Any]
    host_seat: int
    game_id: int | None
    seats: list[SeatRow]  # by number

    def infos(self) -> list[SeatInfo]:
        """The seats as plain data."""
        return [SeatInfo(s.number, s.name, s.bot, AutoPass(s.auto_pass), s.away_since is not None)
                for s in self.seats]


class Starts:
    """Runs the start's statements in one transaction on the room's shard: sent as they are on
    the driver's connection on Postgres, through SQLAlchemy's connection elsewhere."""

    def __init__(self, uow: UnitOfWork) -> None:
        self.uow = uow
        self.sent: dict[Executable, OneStatement] | None = (
            {statement: OneStatement(statement, uow.engine.dialect)
             for statement in (LOCKED, SEATS, RENUMBER, FIRST_GAME)} if uow.postgres else None)

    @asynccontextmanager
    async def transaction(self, code: str) -> AsyncIterator[Run]:
        """A transaction on the room's shard, committed when the block ends without an error;
        yields what runs a statement in it."""
        if self.sent is None:
            async with self.uow.move(code) as connection:
                yield partial(_execute, connection)
            return
        sent = self.sent
        async with self.uow.driver(code, write=True) as driver, driver.transaction():
            yield lambda statement, values: sent[statement].rows(driver, values)


async def _execute(connection: AsyncConnection, statement: Executable,
                   values: dict[str, Any]) -> list[Sequence[Any]]:
    result = await connection.execute(statement, values)
    return list(result.all()) if result.returns_rows else []


async def seated(run: Run, code: str, token: str) -> Seated:
    """The room `code`, locked, with its seats, if `token` holds its host's seat: else
    `unknown_room`, `bad_token` or `not_host`."""
    rows = await run(LOCKED, {"code": code}) if is_room_code(code) else []
    if not rows:
        raise ServiceError(ErrorCode.UNKNOWN_ROOM)
    room_id, options, host_seat, game_id = rows[0]
    seats = [SeatRow(*seat) for seat in await run(SEATS, {"room_id": room_id})]
    room = Seated(room_id, options, host_seat, game_id, seats)
    held = next((s for s in seats if token_matches(token, s.token_hash)), None)
    if held is None:
        raise ServiceError(ErrorCode.BAD_TOKEN)
    if held.number != host_seat:
        raise ServiceError(ErrorCode.NOT_HOST)
    return room


async def renumber(run: Run, room: Seated, numbers: list[int]) -> None:
    """Seat i of the room's seats takes `numbers[i]`, one UPDATE at a time in order (lowest
    first, so the number taken is always free under the (room, number) key); the host's
    seat number follows its seat."""
    for index, seat in enumerate(room.seats):
        if numbers[index] != seat.number:
            await run(RENUMBER, {"seat_id": seat.id, "number": numbers[index]})
            if seat.number == room.host_seat:
                room.host_seat = numbers[index]
            room.seats[index] = seat._replace(number=numbers[index])


async def first_game(run: Run, room: Seated, config: Config,
                     one_statement: bool) -> tuple[int, GameState]:
    """Write the room's game at version 0 (with its first snapshot) and point the room at
    it; returns the game's id and state."""
    seed = new_seed()
    state = new_game(config, seed)
    game = {"room_id": room.room_id, "config": config.to_json(), "seed": seed, "version": 0,
            "status": GameStatus.ACTIVE.value, "snapshot": state.to_json(),
            "snapshot_version": 0, "created_at": now()}
    values = {f"new_{column}": value for column, value in game.items()}
    values |= {"room_id": room.room_id, "host_seat": room.host_seat}
    if one_statement:
        game_id = (await run(FIRST_GAME, values))[0][0]
    else:
        game_id = (await run(ADD_GAME, values))[0][0]
        await run(POINT, values | {"game_id": game_id})
    return int(game_id), state
