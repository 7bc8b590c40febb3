"""The reads role: one session per read, plain data out (no ORM row leaves this module)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.engine import Event, GameStatus, action_from_json
from app.engine.offers import action_fields

from . import repository as repo
from .auth import hash_token, is_room_code
from .automatic import By, seen_by
from .db import UnitOfWork
from .errors import ErrorCode, ServiceError
from .frames import ChatLine, EventOut, PlayedMove
from .models import ChatMessage, Room, Seat
from .settings import AutoPass

RECENT_ACTIONS = 30  # a sync carries the visible events of the last actions
RECENT_CHAT = 50  # and the last chat lines
KNOWN_ROOMS = 100_000  # room codes remembered as existing (`Reads.room_exists`)
ROOM_EXISTS = "SELECT 1 FROM room WHERE code = $1"


@dataclass(frozen=True, slots=True)
class SeatIdentity:
    """Who is speaking: a seat of a room (after its token was checked)."""

    room_code: str
    seat: int
    name: str
    host: bool


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where in a room's current game: seat numbers change only with the game
    (renumbered at the start, rotated at a rematch), so they are read with its id."""

    game_id: int | None
    seats: dict[str, tuple[int, str]]  # by token hash: (number, name)

    def of(self, token: str) -> tuple[int, str] | None:
        """The (number, name) of the seat `token` holds in this game, if any."""
        return self.seats.get(hash_token(token))


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A claimed seat as the lobby and the computer players see it."""

    number: int
    name: str
    bot: str | None
    auto_pass: AutoPass
    away: bool = False  # a computer plays the seat until its player returns


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The room's current game: its number (1, 2… across rematches) and public status."""

    number: int
    version: int
    over: bool
    hunted: int
    outcome: dict[str, str] | None


@dataclass(frozen=True, slots=True)
class RoomInfo:
    """A room, its claimed seats and its current game."""

    code: str
    options: dict[str, Any]
    host_seat: int
    seats: list[SeatInfo]
    game: GameInfo | None


@dataclass(frozen=True, slots=True)
class SyncParts:
    """What a `sync` reads from the database, in one session."""

    room: RoomInfo
    chat: list[ChatLine]
    events: dict[int | None, list[EventOut]]  # by seat (None: a spectator)


def utc_iso(moment: datetime) -> str:
    """ISO 8601 with its UTC offset; SQLite hands back stored UTC times without one."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()


def chat_line(row: ChatMessage) -> ChatLine:
    """A stored chat row as sent."""
    return ChatLine(id=row.id, seat=row.seat, name=row.name, text=row.text,
                    at=utc_iso(row.created_at))


def seat_info(row: Seat) -> SeatInfo:
    """A seat row as plain data."""
    return SeatInfo(row.number, row.name, row.bot, AutoPass(row.auto_pass),
                    row.away_since is not None)


async def room_row(session: AsyncSession, code: str, *, lock: bool = False) -> Room:
    """The room with this code, or `unknown_room`; `lock` takes its row lock for the rest of
    the transaction (Postgres), which serializes the room's commands."""
    room = await repo.room_by_code(session, code, lock=lock)
    if room is None:
        raise ServiceError(ErrorCode.UNKNOWN_ROOM)
    return room


async def seat_row(session: AsyncSession, room: Room, token: str) -> Seat:
    """The seat this token holds in the room, or `bad_token`."""
    seat = await repo.seat_by_token(session, room.id, token)
    if seat is None:
        raise ServiceError(ErrorCode.BAD_TOKEN)
    return seat


class Reads:
    """Queries for lobbies, syncs, logs and identities; each one session, plain data out."""

    def __init__(self, uow: UnitOfWork) -> None:
        self.uow = uow
        # Codes of rooms known to exist: a room is never deleted, so every socket of a room
        # after its first skips the read (a reconnect storm opens four per room at once).
        self.known: set[str] = set()
        self.checking: dict[str, asyncio.Future[None]] = {}  # one read per code at a time

    async def room_exists(self, code: str) -> None:
        """Nothing, or `unknown_room`."""
        if code in self.known:
            return
        check = self.checking.get(code)
        if check is None:
            check = self.checking[code] = asyncio.ensure_future(self._check(code))
            check.add_done_callback(lambda done: self._checked(code, done))
        await asyncio.shield(check)  # a socket that goes away leaves the read to the others

    def _checked(self, code: str, done: asyncio.Future[None]) -> None:
        self.checking.pop(code, None)
        if not done.cancelled():
            done.exception()  # retrieved, even when every waiting socket went away

    async def _check(self, code: str) -> None:
        if not self.uow.postgres:
            async with self.uow.read(code) as session:
                await room_row(session, code)
        elif not is_room_code(code):
            raise ServiceError(ErrorCode.UNKNOWN_ROOM)
        else:  # sent as it is: a restart's storm checks every room once
            async with self.uow.driver(code) as connection:
                if await connection.fetchval(ROOM_EXISTS, code) is None:
                    raise ServiceError(ErrorCode.UNKNOWN_ROOM)
        if len(self.known) >= KNOWN_ROOMS:  # bounded: forgetting costs one read, no more
            self.known.clear()
        self.known.add(code)

    async def identify(self, code: str, token: str) -> SeatIdentity:
        """Check a token against a room: who holds it."""
        async with self.uow.read(code) as session:
            room = await room_row(session, code)
            seat = await seat_row(session, room, token)
            return SeatIdentity(code, seat.number, seat.name, seat.number == room.host_seat)

    async def room(self, code: str) -> RoomInfo:
        """A room, its seats and its current game."""
        async with self.uow.read(code) as session:
            return await self._room(session, code)

    async def played_for(self, code: str, seat: int, since: int) -> list[PlayedMove]:
        """The moves a computer made for `seat` after version `since` of the current game
        (what a returning player is told)."""
        async with self.uow.read(code) as session:
            room = await room_row(session, code)
            if room.game_id is None:
                return []
            rows = await repo.actions_of(session, room.game_id, since)
        return [PlayedMove(seq=row.seq, action=action_fields(action_from_json(row.action)))
                for row in rows if row.seat == seat and row.by == By.COMPUTER]

    async def sync_parts(self, code: str, seats: Iterable[int | None],
                         version: int) -> SyncParts:
        """The lobby, the recent chat and, for each of `seats` (None: a spectator), the
        events it may see up to `version`, in one session."""
        async with self.uow.read(code) as session:
            room = await room_row(session, code)
            info = await self._room(session, code, room)
            chat = [chat_line(c) for c in await repo.recent_chat(session, room.id, RECENT_CHAT)]
            rows = [] if room.game_id is None else await repo.actions_between(
                session, room.game_id, version - RECENT_ACTIONS, version)
            return SyncParts(info, chat, {seat: visible(rows, seat) for seat in seats})

    async def visible_events(self, code: str, seat: int | None) -> tuple[int, list[EventOut]]:
        """The current game's version and the events `seat` may see (None = spectator)."""
        async with self.uow.read(code) as session:
            room = await room_row(session, code)
            if room.game_id is None:
                return 0, []
            game = await repo.game_by_id(session, room.game_id)
            rows = await repo.actions_between(session, game.id, 0, game.version)
            return game.version, visible(rows, seat)

    async def log_page(self, code: str, seat: int | None, before: int | None,
                       limit: int) -> tuple[int, int, list[EventOut]]:
        """(the current game's version, the version the page starts after, the events `seat`
        may see of the up to `limit` actions before `before`, or the last ones); (0, 0, [])
        before the first game."""
        async with self.uow.read(code) as session:
            room = await room_row(session, code)
            if room.game_id is None:
                return 0, 0, []
            game = await repo.game_by_id(session, room.game_id)
            upto = game.version if before is None else min(game.version, before - 1)
            after = max(0, upto - limit)
            rows = await repo.actions_between(session, game.id, after, upto)
        return game.version, after, visible(rows, seat)

    async def _room(self, session: AsyncSession, code: str, room: Room | None = None
                    ) -> RoomInfo:
        return await room_info(session, code, room)


async def room_info(session: AsyncSession, code: str, room: Room | None = None) -> RoomInfo:
    """A room, its seats and its current game, read in `session` (a command's transaction
    reads what it has just changed)."""
    room = room or await room_row(session, code)
    seats = [seat_info(s) for s in await repo.seats_of(session, room.id)]
    game_info = None
    if room.game_id is not None:
        game, number = await repo.game_and_number(session, room.id, room.game_id)
        snap = game.snapshot  # written at the end, so an over game's outcome is in it
        over = game.status == GameStatus.OVER
        outcome = ({"winner": snap["winner"], "reason": snap["reason"]}
                   if over and snap.get("winner") else None)
        game_info = GameInfo(number, game.version, over,
                             int(game.config["hunted"]), outcome)
    return RoomInfo(room.code, dict(room.options), room.host_seat, seats, game_info)


def visible(rows: list[tuple[int, int, list[Any], str | None]],
            seat: int | None) -> list[EventOut]:
    """The logged events `seat` may see, as sent (with the marks it may see)."""
    out = []
    for seq, actor, events, by in rows:
        shown = seen_by(by, actor, seat)
        for raw in events:
            event = Event.from_json(raw)
            if event.visible_to(seat):
                out.append(EventOut(seq=seq, kind=event.kind, data=event.data, by=shown))
    return out
