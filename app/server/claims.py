"""A seat claimed in one statement: the room's row lock and the seat's INSERT … SELECT, which
inserts only into a room that has not started, a seat it has and nobody holds.

On Postgres the statement is sent as it is on the driver's connection, in its own implicit
transaction: one round trip, where the ORM's unit of work made four (BEGIN, the room's lock,
the INSERT, COMMIT). Elsewhere (SQLite) it runs in a transaction, which holds the database's
write lock. Only a claim that inserted nothing reads why (`refusal`), so a refusal keeps its
code and message (docs/performance.md, "Storms").
"""

from __future__ import annotations

from typing import Any

import asyncpg
from sqlalchemy import (
    JSON,
    DateTime,
    Integer,
    String,
    bindparam,
    exists,
    insert,
    select,
)
from sqlalchemy.exc import IntegrityError

from .auth import hash_token, is_room_code
from .db import UnitOfWork
from .errors import ErrorCode, ServiceError
from .models import ROOM, SEAT, now
from .reads import room_row
from .statements import OneStatement

_NUMBER = bindparam("number", type_=Integer)
_COLUMNS = {"number": _NUMBER, "name": bindparam("name", type_=String),
            "token_hash": bindparam("token_hash", type_=String),
            "auto_pass": bindparam("auto_pass", type_=String),
            "created_at": bindparam("created_at", type_=DateTime(timezone=True))}
_TAKEN = exists().where(SEAT.c.room_id == ROOM.c.id, SEAT.c.number == _NUMBER)
# The room's row lock (FOR UPDATE, which SQLite leaves out) orders the claim with the start:
# a claim waiting for a start's lock finds the room started once it has it, and inserts nothing.
_CLAIMABLE = (select(ROOM.c.id, *_COLUMNS.values())
              .where(ROOM.c.code == bindparam("code", type_=String), ROOM.c.game_id.is_(None),
                     _NUMBER.between(0, ROOM.c.options["hunted"].as_integer()), ~_TAKEN)
              .with_for_update(of=ROOM))
CLAIM = (insert(SEAT).from_select(["room_id", *_COLUMNS], _CLAIMABLE)
         .returning(SEAT.c.id))
# A new room (its host's seat number bound as the seat's), and, in one statement where the
# backend runs a CTE that writes (Postgres), its host's seat; elsewhere the CLAIM follows it.
ADD_ROOM = insert(ROOM).values(
    code=bindparam("room_code", type_=String), options=bindparam("room_options", type_=JSON),
    host_seat=_NUMBER, created_at=bindparam("room_created_at", type_=DateTime(timezone=True)))
_ADDED = ADD_ROOM.returning(ROOM.c.id).cte("added")
OPEN = (insert(SEAT).from_select(["room_id", *_COLUMNS], select(_ADDED.c.id, *_COLUMNS.values()))
        .returning(SEAT.c.id).add_cte(_ADDED))


class Claims:
    """Seats claimed before the start, one statement each."""

    def __init__(self, uow: UnitOfWork) -> None:
        self.uow = uow
        dialect = uow.engine.dialect
        self.statement = OneStatement(CLAIM, dialect) if uow.postgres else None
        self.opening = OneStatement(OPEN, dialect) if uow.postgres else None
        # The literals SQLAlchemy binds itself (the lowest seat, the options' key).
        binds = CLAIM.compile(dialect=dialect).binds
        self.constants = {name: binds[name].value
                          for name in (self.statement.names if self.statement else ())
                          if binds[name].value is not None}

    async def open(self, code: str, options: dict[str, Any], seat: int, name: str, token: str,
                   auto_pass: str) -> None:
        """Make the room `code` with `options`, its host seated at `seat`."""
        values = _seat(code, seat, name, token, auto_pass) | {
            "room_code": code, "room_options": options, "room_created_at": now()}
        if self.opening is None:
            async with self.uow.move(code) as connection:
                await connection.execute(ADD_ROOM, values)
                await connection.execute(CLAIM, values)
            return
        async with self.uow.driver(code, write=True) as driver:
            await self.opening.fetch(driver, values)

    async def claim(self, code: str, seat: int, name: str, token: str, auto_pass: str) -> None:
        """Seat `token`'s holder at `seat` with `auto_pass`; refused (nothing written) with
        `unknown_room`, `already_started`, `no_such_seat` or `seat_taken`."""
        values = _seat(code, seat, name, token, auto_pass)
        try:
            inserted = is_room_code(code) and await self._insert(code, values)
        except (IntegrityError, asyncpg.UniqueViolationError) as exc:
            # A claim racing for the same seat: the (room, number) key lets one in.
            raise ServiceError(ErrorCode.SEAT_TAKEN) from exc
        if not inserted:
            raise await self.refusal(code, seat)

    async def _insert(self, code: str, values: dict[str, Any]) -> bool:
        """True if the statement inserted the seat."""
        if self.statement is None:
            async with self.uow.move(code) as connection:
                return (await connection.execute(CLAIM, values)).first() is not None
        async with self.uow.driver(code, write=True) as driver:
            return await self.statement.fetch(driver, self.constants | values) is not None

    async def refusal(self, code: str, seat: int) -> ServiceError:
        """Why a claim of `seat` inserted nothing, checked in the order a claim is refused."""
        async with self.uow.read(code) as session:
            room = await room_row(session, code)  # `unknown_room` if there is none
        if room.game_id is not None:
            return ServiceError(ErrorCode.ALREADY_STARTED)
        hunted = room.options["hunted"]
        if not 0 <= seat <= hunted:
            return ServiceError(ErrorCode.NO_SUCH_SEAT, f"Seats are 0 to {hunted}.")
        return ServiceError(ErrorCode.SEAT_TAKEN)


def _seat(code: str, seat: int, name: str, token: str, auto_pass: str) -> dict[str, Any]:
    """What the seat's statements bind."""
    return {"code": code, "number": seat, "name": name, "token_hash": hash_token(token),
            "auto_pass": auto_pass, "created_at": now()}
