"""A join's read: the room, its seats with their tokens' hashes, its current game as stored
(snapshot and later actions), the recent chat and the recent actions' events, as of one moment.

On Postgres it is one statement, sent on the driver's connection (`JOIN`): one round trip, and
one snapshot of the database, so the seats belong to the game read with them. Elsewhere
(SQLite) the same parts come from the usual reads in one session, which holds the database's
lock (docs/performance.md, "Storms").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy.ext.asyncio import AsyncSession

from app.engine import GameStatus

from . import gamestore as store
from . import repository as repo
from .auth import is_room_code
from .db import UnitOfWork
from .errors import ErrorCode, ServiceError
from .frames import ChatLine
from .gamestore import LoggedAction, StoredGame
from .reads import (
    RECENT_ACTIONS,
    RECENT_CHAT,
    GameInfo,
    RoomInfo,
    SeatInfo,
    Seating,
    SyncParts,
    chat_line,
    room_info,
    room_row,
    utc_iso,
    visible,
)
from .settings import AutoPass

Logged = tuple[int, int, list[Any], str | None]  # (seq, seat, events, by) of a logged action

# One row: the room and, as JSON text, what hangs off it; the actions read are those after
# the snapshot or within the last RECENT_ACTIONS ($2), whichever starts first.
JOIN = """
SELECT r.id, r.options::text, r.host_seat, r.game_id,
  (SELECT coalesce(json_agg(json_build_array(s.token_hash, s.number, s.name, s.bot,
                                             s.auto_pass, s.away_since) ORDER BY s.number),
                   '[]') FROM seat s WHERE s.room_id = r.id)::text,
  g.config::text, g.version, g.status, g.snapshot::text, g.snapshot_version,
  (SELECT count(*) FROM game e WHERE e.room_id = r.id AND e.id <= r.game_id),
  (SELECT coalesce(json_agg(json_build_array(a.seq, a.seat, a.action, a.events, a.client_id,
                                             a.by) ORDER BY a.seq), '[]')
     FROM game_action a
    WHERE a.game_id = r.game_id AND a.seq > least(g.snapshot_version, g.version - $2))::text,
  (SELECT coalesce(json_agg(json_build_array(c.id, c.seat, c.name, c.text,
            to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))
            ORDER BY c.id), '[]')
     FROM (SELECT * FROM chat_message WHERE room_id = r.id ORDER BY id DESC LIMIT $3) c)::text
FROM room r LEFT JOIN game g ON g.id = r.game_id
WHERE r.code = $1
"""


@dataclass(frozen=True, slots=True)
class RoomRead:
    """What one read of a room gives a join: who sits where in which game, the lobby, the
    chat, the game as stored, and the logged actions' events after `logged_after`."""

    seating: Seating
    room: RoomInfo
    chat: list[ChatLine]
    game: StoredGame | None
    logged: list[Logged]
    logged_after: int
    generation: int = -1  # the room's syncs' generation before the read (syncs.py); -1: unknown

    def parts(self, seats: set[int | None], version: int) -> SyncParts | None:
        """The syncs' parts at `version` of the game read; None if the actions read do not
        reach back far enough (the game here is far behind the read: read them again)."""
        lowest = version - RECENT_ACTIONS
        if lowest < self.logged_after:
            return None
        rows = [row for row in self.logged if lowest < row[0] <= version]
        return SyncParts(self.room, self.chat, {seat: visible(rows, seat) for seat in seats})


async def read_room(uow: UnitOfWork, code: str) -> RoomRead:
    """The room as of one moment (one statement on Postgres), or `unknown_room`."""
    if not is_room_code(code):
        raise ServiceError(ErrorCode.UNKNOWN_ROOM)
    if not uow.postgres:
        async with uow.read(code) as session:
            return await in_session(session, code)
    async with uow.driver(code) as connection:
        row = await connection.fetchrow(JOIN, code, RECENT_ACTIONS, RECENT_CHAT)
    if row is None:
        raise ServiceError(ErrorCode.UNKNOWN_ROOM)
    return from_row(code, row)


def from_row(code: str, row: Any) -> RoomRead:
    """The read from the statement's row (asyncpg's Record)."""
    (room_id, options, host_seat, game_id, seats_json, config, version, status, snapshot,
     snapshot_version, number, actions_json, chat_json) = row
    seats = orjson.loads(seats_json)
    seating = Seating(game_id, {s[0]: (s[1], s[2]) for s in seats})
    infos = [SeatInfo(s[1], s[2], s[3], AutoPass(s[4]), s[5] is not None) for s in seats]
    actions = orjson.loads(actions_json) if actions_json is not None else []
    game, info, after = None, None, 0
    if game_id is not None:
        state = orjson.loads(snapshot)
        over = status == GameStatus.OVER
        outcome = ({"winner": state["winner"], "reason": state["reason"]}
                   if over and state.get("winner") else None)
        info = GameInfo(int(number), version, over, int(orjson.loads(config)["hunted"]),
                        outcome)
        later = [LoggedAction(a[0], a[1], a[2], a[4], a[5]) for a in actions
                 if a[0] > snapshot_version]
        game = StoredGame(room_id, game_id, int(number), version, over, state,
                          snapshot_version, later)
        after = min(snapshot_version, version - RECENT_ACTIONS)
    chat = [ChatLine(id=c[0], seat=c[1], name=c[2], text=c[3],
                     at=utc_iso(datetime.fromisoformat(c[4]).replace(tzinfo=UTC)))
            for c in orjson.loads(chat_json)]
    room = RoomInfo(code, orjson.loads(options), host_seat, infos, info)
    return RoomRead(seating, room, chat, game,
                    [(a[0], a[1], a[3], a[5]) for a in actions], after)


async def in_session(session: AsyncSession, code: str) -> RoomRead:
    """The same read made of the usual reads, in one session (SQLite)."""
    room = await room_row(session, code)
    info = await room_info(session, code, room)
    seats = await repo.seats_of(session, room.id)
    seating = Seating(room.game_id, {s.token_hash: (s.number, s.name) for s in seats})
    chat = [chat_line(c) for c in await repo.recent_chat(session, room.id, RECENT_CHAT)]
    game = await store.load(await session.connection(), code)
    if game is None:
        return RoomRead(seating, info, chat, None, [], 0)
    after = min(game.snapshot_version, game.version - RECENT_ACTIONS)
    logged = await repo.actions_between(session, game.game_id, after, game.version)
    return RoomRead(seating, info, chat, game, logged, after)
