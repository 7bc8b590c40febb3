"""The move path's statements, in SQLAlchemy Core on one connection (no ORM on the hot path).

A move is `advance` (the version guard, which also takes the game row's lock) and `append`
in one transaction; a game is loaded as its last snapshot plus the later actions of the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, bindparam, func, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from .models import Game, GameAction, Room, now

GAME = cast(Table, Game.__table__)
ACTION = cast(Table, GameAction.__table__)
ROOM = cast(Table, Room.__table__)


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A room's current game as stored: its last snapshot and the actions after it
    (`version` is the last of them, the snapshot's without any)."""

    room_id: int
    game_id: int
    number: int
    version: int
    over: bool
    snapshot: dict[str, Any]
    snapshot_version: int
    later: list[LoggedAction]


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """One row of the action log."""

    seq: int
    seat: int
    action: dict[str, Any]
    client_id: str
    by: str | None = None  # a `By` when the server made the move for a person's seat


# Built once: the hot path only binds values (no statement is constructed per move).
_GUARD = (GAME.c.id == bindparam("game_id")) & (GAME.c.version == bindparam("from_version"))
ADVANCE = update(GAME).where(_GUARD).values(version=bindparam("to_version"),
                                             status=bindparam("to_status"))
ADVANCE_AND_SNAPSHOT = ADVANCE.values(snapshot=bindparam("new_snapshot"),
                                      snapshot_version=bindparam("to_version"))
APPEND = ACTION.insert()


async def advance(connection: AsyncConnection, game_id: int, version: int, over: bool,
                  snapshot: dict[str, Any] | None) -> bool:
    """Bump the game from `version` to `version + 1` (and store `snapshot` at it, if given).

    False when the row is no longer at `version`: another move (or process) came first.
    """
    values: dict[str, Any] = {"game_id": game_id, "from_version": version,
                              "to_version": version + 1,
                              "to_status": "over" if over else "active"}
    statement = ADVANCE
    if snapshot is not None:
        statement, values["new_snapshot"] = ADVANCE_AND_SNAPSHOT, snapshot
    result = await connection.execute(statement, values)
    return bool(result.rowcount == 1)


async def append(connection: AsyncConnection, game_id: int, seq: int, seat: int,
                 action: dict[str, Any], events: list[dict[str, Any]], client_id: str,
                 by: str | None = None) -> None:
    """Append to the log; (game, seq) and (game, client id) are unique keys."""
    await connection.execute(APPEND, {"game_id": game_id, "seq": seq, "seat": seat,
                                      "action": action, "events": events,
                                      "client_id": client_id, "by": by, "created_at": now()})


async def has_client_id(connection: AsyncConnection, game_id: int, client_id: str) -> bool:
    """True if an action with this client id is in the game's log."""
    query = select(ACTION.c.seq).where(ACTION.c.game_id == game_id,
                                       ACTION.c.client_id == client_id)
    return (await connection.execute(query)).first() is not None


async def current(connection: AsyncConnection, code: str) -> tuple[int, int | None, int]:
    """(room id, current game id, its version) of the room `code`; KeyError if there is none."""
    query = (select(ROOM.c.id, ROOM.c.game_id, GAME.c.version)
             .select_from(ROOM.outerjoin(GAME, GAME.c.id == ROOM.c.game_id))
             .where(ROOM.c.code == code))
    row = (await connection.execute(query)).first()
    if row is None:
        raise KeyError(code)
    return int(row[0]), row[1], int(row[2] or 0)


async def actions_after(connection: AsyncConnection, game_id: int,
                        version: int) -> list[LoggedAction]:
    """The logged actions after `version`, in order."""
    query = (select(ACTION.c.seq, ACTION.c.seat, ACTION.c.action, ACTION.c.client_id,
                    ACTION.c.by)
             .where(ACTION.c.game_id == game_id, ACTION.c.seq > version)
             .order_by(ACTION.c.seq))
    return [LoggedAction(*row) for row in (await connection.execute(query)).all()]


async def load(connection: AsyncConnection, code: str) -> StoredGame | None:
    """The room's current game (None before the start); KeyError for an unknown room."""
    room_id, game_id, _ = await current(connection, code)
    if game_id is None:
        return None
    earlier = GAME.alias("earlier")
    number = (select(func.count()).select_from(earlier)
              .where(earlier.c.room_id == room_id, earlier.c.id <= game_id).scalar_subquery())
    query = select(GAME.c.version, GAME.c.status, GAME.c.snapshot, GAME.c.snapshot_version,
                   number).where(GAME.c.id == game_id)
    version, status, snapshot, snapshot_version, number = (
        await connection.execute(query)).one()
    later = await actions_after(connection, game_id, snapshot_version)
    if later:  # a move committed between the two reads (read committed) is in `later` only:
        version = later[-1].seq  # the game is the actions read, and so is its version
    return StoredGame(room_id, game_id, int(number), version, status == "over", snapshot,
                      snapshot_version, later)
