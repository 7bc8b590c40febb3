"""The move path's statements, in SQLAlchemy Core on one connection (no ORM on the hot path).

A move is the version guard (which also takes the game row's lock) and the log row, all or
nothing: one statement where the backend runs a CTE that writes (`MOVE`, Postgres), else the
two in one transaction (`advance_and_append`); either binds `move_values`. A game is loaded as
its last snapshot plus the later actions of the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    ARRAY,
    JSON,
    Insert,
    Integer,
    String,
    Text,
    Update,
    bindparam,
    case,
    cast,
    column,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncConnection

from app.engine import GameStatus

from .models import ACTION, GAME, ROOM


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


# Built once: the hot path only binds values (no statement is constructed per move). Every
# statement of a move binds the same names, from one dict (`move_values`).
_TO_VERSION = bindparam("to_version", type_=Integer)
_GUARD = ((GAME.c.id == bindparam("game_id", type_=Integer))
          & (GAME.c.version == bindparam("from_version", type_=Integer)))
ADVANCE = update(GAME).where(_GUARD).values(version=_TO_VERSION,
                                             status=bindparam("to_status", type_=String))
ADVANCE_AND_SNAPSHOT = ADVANCE.values(snapshot=bindparam("new_snapshot", type_=JSON),
                                      snapshot_version=_TO_VERSION)
# The log row's columns and the names they bind (created_at: the database's clock, or the
# column's default where the row is not fed by the guard).
_ROW = {"seq": _TO_VERSION, "seat": bindparam("seat", type_=Integer),
        "action": bindparam("action", type_=JSON), "events": bindparam("events", type_=JSON),
        "client_id": bindparam("client_id", type_=String), "by": bindparam("by", type_=String)}
APPEND = ACTION.insert().values(game_id=bindparam("game_id", type_=Integer), **_ROW)


def _fed_by(advance: Update) -> Insert:
    """The move as one statement: `advance`, returning the game's row only if the guard held,
    feeds the log row's INSERT (a data-modifying CTE, which Postgres runs in its own implicit
    transaction); no row back means stale, and nothing was written."""
    moved = advance.returning(GAME.c.id).cte("moved")
    row = select(moved.c.id, *_ROW.values(), func.now())
    return (insert(ACTION).from_select(["game_id", *_ROW, "created_at"], row)
            .returning(ACTION.c.seq).add_cte(moved))


# By whether a snapshot is stored with the move; where the backend runs a CTE that writes.
MOVE = {False: _fed_by(ADVANCE), True: _fed_by(ADVANCE_AND_SNAPSHOT)}


def _moves() -> Insert:
    """The moves of several games as one statement (Postgres): bound as one array per name of
    `move_values` (JSON as text; `new_snapshot` null where none is due), each game's guard
    feeds its own log row; the rows back are the games whose guard held."""
    names = {"game_id": Integer, "from_version": Integer, "to_version": Integer,
             "to_status": Text, "seat": Integer, "action": Text, "events": Text,
             "client_id": Text, "by": Text, "new_snapshot": Text}
    move = (func.unnest(*[bindparam(name, type_=ARRAY(kind)) for name, kind in names.items()])
            .table_valued(*[column(name, kind) for name, kind in names.items()])
            .render_derived("move"))
    kept = move.c.new_snapshot.is_(None)
    advance = (update(GAME)
               .where(GAME.c.id == move.c.game_id, GAME.c.version == move.c.from_version)
               .values(version=move.c.to_version, status=move.c.to_status,
                       snapshot=case((kept, GAME.c.snapshot),
                                     else_=cast(move.c.new_snapshot, JSON)),
                       snapshot_version=case((kept, GAME.c.snapshot_version),
                                             else_=move.c.to_version)))
    bound = {"game_id": False, **{param.key: isinstance(param.type, JSON)
                                  for param in _ROW.values()}}  # the log row's, JSON or not
    moved = advance.returning(*[move.c[name] for name in bound]).cte("moved")
    row = select(*[cast(moved.c[name], JSON) if is_json else moved.c[name]
                   for name, is_json in bound.items()], func.now())
    return (insert(ACTION).from_select(["game_id", *_ROW, "created_at"], row)
            .returning(ACTION.c.game_id).add_cte(moved))


MOVES = _moves()


def move_values(game_id: int, version: int, seat: int, action: dict[str, Any],
                events: list[dict[str, Any]], client_id: str, over: bool,
                snapshot: dict[str, Any] | None, by: str | None) -> dict[str, Any]:
    """What a move's statements bind: it takes the game from `version` to `version + 1`."""
    values: dict[str, Any] = {
        "game_id": game_id, "from_version": version, "to_version": version + 1,
        "to_status": GameStatus.OVER if over else GameStatus.ACTIVE, "seat": seat,
        "action": action, "events": events, "client_id": client_id, "by": by}
    if snapshot is not None:
        values["new_snapshot"] = snapshot
    return values


async def advance_and_append(connection: AsyncConnection, values: dict[str, Any]) -> bool:
    """The move as two statements in the connection's transaction: the guard (which takes the
    game row's lock), then, if it held, the log row. False when the row is no longer at the
    move's version: another move (or process) came first."""
    advance = ADVANCE if "new_snapshot" not in values else ADVANCE_AND_SNAPSHOT
    if (await connection.execute(advance, values)).rowcount != 1:
        return False
    await connection.execute(APPEND, values)
    return True


async def has_client_id(connection: AsyncConnection, game_id: int, seat: int,
                        client_id: str) -> bool:
    """True if `seat` has an action with this client id in the game's log (another seat's
    never counts: a stale act could otherwise ask about any seat's moves)."""
    query = select(ACTION.c.seq).where(ACTION.c.game_id == game_id, ACTION.c.seat == seat,
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
    return StoredGame(room_id, game_id, int(number), version, status == GameStatus.OVER, snapshot,
                      snapshot_version, later)
