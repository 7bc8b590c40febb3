"""Each room's live game on this process, and which seat each of its sockets plays.

The live game is loaded from the database on a miss (the last snapshot and the later actions)
and kept under the room's lock. A socket's seat is read from its token together with the room's
current game, and holds for that game only: when a start or a rematch changes the seats, every
socket here is re-bound and resynced under the lock before any move is checked or frame of the
new game sent (docs/architecture.md, "Seats that change under a socket").
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from sqlalchemy.exc import SQLAlchemyError

from .db import UnitOfWork, busy, unavailable
from .errors import ErrorCode, ServiceError
from .frames import ErrorFrame
from .holding import Releases
from .hub import Connection, Hub
from .joinread import RoomRead, read_room
from .live import LiveGame, NewGame, from_stored, load
from .publish import Publisher
from .reads import Reads, RoomInfo
from .syncing import Syncer

# Sockets between their `auth` and their sync at once (ws.py); the others wait their turn.
# Enough for the four seats of several rooms to be bound together (`LiveGames.join`).
JOINS_AT_ONCE = 32


@dataclass(eq=False)
class Joining:
    """A socket waiting to join its room: done once bound and synced, or refused (`error`)."""

    conn: Connection
    error: BaseException | None = None
    done: bool = False
    returning: bool = False  # a computer plays its token's seat: given back first (ws.py)


class LiveGames:
    """The rooms' live games here, the sockets' seats in them, and syncs, per room lock."""

    def __init__(self, uow: UnitOfWork, reads: Reads, publisher: Publisher) -> None:
        self.uow, self.reads, self.publisher = uow, reads, publisher
        self.hub: Hub = publisher.hub
        self.syncs = publisher.syncs
        self.syncer = Syncer(reads, self.hub, self.syncs)
        self.games: dict[str, LiveGame] = {}
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = (
            weakref.WeakValueDictionary())
        self._joining: dict[str, list[Joining]] = {}  # by room: sockets waiting to join
        self.admitting = asyncio.Semaphore(JOINS_AT_ONCE)  # sockets authenticating at once
        # Told each room read whole with nothing changed since (the computer players' plan).
        self.rooms_read: list[Callable[[str, RoomInfo], None]] = []
        self.releases = Releases(publisher.bus, self.lock, self.games, self.hub)

    def lock(self, code: str) -> asyncio.Lock:
        """The room's lock: moves, syncs and joins of one room happen one at a time."""
        lock = self._locks.get(code)
        if lock is None:
            lock = self._locks[code] = asyncio.Lock()
        return lock

    # --- the live game --------------------------------------------------------------------

    async def live(self, code: str) -> LiveGame | None:
        """The room's live game (loaded if need be); None before the start."""
        async with self.lock(code):
            try:
                return await self._live(code)
            except ServiceError:
                return None

    def peek(self, code: str) -> LiveGame | None:
        """The live game if this process holds it (no database)."""
        return self.games.get(code)

    def forget(self, code: str) -> None:
        """Nobody here holds the room: drop its live game and, soon, its notices (holding.py)."""
        self.games.pop(code, None)
        self.syncs.forget(code)
        self.releases.later(code)

    async def _live(self, code: str) -> LiveGame:
        live = self.games.get(code)
        if live is None:
            live = await self._load(code)
            if live is None:
                raise ServiceError(ErrorCode.NOT_STARTED)
            if any(conn.game_id != live.game_id for conn in self.hub.connections(code)):
                # Sockets here were bound for the game before (the cache was dropped
                # meanwhile): they follow before anything of this game is checked or sent.
                live = await self._new_game(code)
                if live is None:
                    raise ServiceError(ErrorCode.NOT_STARTED)
        return live

    async def _load(self, code: str) -> LiveGame | None:
        """The live game rebuilt from the database, kept here; heard from before the read."""
        await self.publisher.bus.hold(code)  # so no move committed after the read is missed
        live = await load(self.uow, code)
        if live is not None:
            self.games[code] = live
        return live

    # --- syncs ----------------------------------------------------------------------------

    async def join(self, conn: Connection) -> bool:
        """An authenticated socket joins its room, bound to its token's seat in the game it
        is sent (or as a spectator), and gets its sync, in the room's order; True instead
        (nothing bound, nothing sent) when a computer plays its token's seat: the seat is
        given back to its player (`Rooms.take_back`) before it joins again.

        The sockets of a room that wait for its lock join together, the first to take it
        binding them all with one read of the seats and syncing them with one read of the
        room (a restart's storm brings every seat of a room back at once)."""
        mine = Joining(conn)
        while not mine.done:  # not done: the socket that took it was cancelled; take it again
            waiting = self._joining.setdefault(conn.code, [])
            if mine not in waiting:
                waiting.append(mine)
            try:
                async with self.lock(conn.code):
                    await self._join_all(conn.code, self._joining.pop(conn.code, []))
            except BaseException:
                if mine in self._joining.get(conn.code, []):
                    self._joining[conn.code].remove(mine)
                raise
        if mine.error is not None:
            raise mine.error
        return mine.returning

    async def _join_all(self, code: str, batch: list[Joining]) -> None:
        """Bind, admit and sync the joining sockets of a room (under its lock); each one that
        fails keeps its own error."""
        if not batch:
            return
        try:
            live, read, others = await self._bind(code, batch)
            ready = [j.conn for j in batch if j.error is None and not j.returning]
            for conn in ready:
                conn.authenticated = True
                self.hub.join(conn)
            await self.syncer.send(code, [*others, *ready], live, read=read)
        except Exception as exc:
            for joining in batch:
                joining.error = joining.error or exc
        for joining in batch:
            joining.done = True

    async def resync(self, conn: Connection) -> None:
        """A fresh sync for one socket; one that must be built spends from the room's budget
        of builds, refused `rate_limited` (nothing sent, nothing read) once it is spent."""
        async with self.lock(conn.code):
            await self._send_sync(conn, await self._live_or_none(conn.code), asked=True)

    async def new_game(self, code: str, command: Callable[[], Awaitable[NewGame]]) -> RoomInfo:
        """Run a command that makes a game (seats may be renumbered or rotated), then re-bind
        and resync every socket here under the room's lock, before any move is checked or
        frame of the new game sent; with none here, hold the game as the command wrote it (no
        read). Once the command has committed, a database too busy to re-bind only closes the
        sockets here with `busy` (they come back to their new seats): its result stands."""
        async with self.lock(code):
            await self.publisher.bus.hold(code)  # before the commit: no later move is missed
            try:
                made = await command()
            except BaseException:
                self.releases.later(code)  # nothing made: let go, unless held already
                raise
            if not self.hub.connections(code):
                self.syncs.changed(code)
                self.games[code] = made.live
                return made.room
            try:
                await self._new_game(code)
            except SQLAlchemyError as exc:
                if not unavailable(exc):
                    raise
                self._unbind_all(code, busy())
            except ServiceError as error:
                if error.code is not ErrorCode.BUSY:
                    raise
                self._unbind_all(code, error)
            return made.room

    def _unbind_all(self, code: str, error: ServiceError) -> None:
        """The sockets here cannot be re-bound now: each is told why and closed."""
        self.games.pop(code, None)
        for conn in self.hub.connections(code):
            self.publisher.send(conn, ErrorFrame.of(error))
            conn.close()

    async def resync_room(self, code: str) -> None:
        """Another process started a game, or notices were lost: reload, re-bind and resync
        every socket, under the lock so no update overtakes a sync."""
        async with self.lock(code):
            await self._new_game(code)

    async def bound(self, conn: Connection) -> tuple[LiveGame | None, int | None]:
        """The live game and the socket's seat in it, read together under the room's lock."""
        async with self.lock(conn.code):
            live = await self._live_or_none(conn.code)
            if live is not None and conn.game_id != live.game_id:
                return live, None
            return live, conn.seat

    async def read_room(self, code: str) -> RoomRead:
        """The room as of one moment, its notices heard from before the read (so that no
        move committed after it is missed): seats, game, lobby, chat, one round trip."""
        await self.publisher.bus.hold(code)
        generation = self.syncs.generations.get(code, 0)  # syncs built from it are kept
        read = replace(await read_room(self.uow, code), generation=generation)
        if generation == self.syncs.generations.get(code, 0):  # nothing changed meanwhile
            for seen in self.rooms_read:
                seen(code, read.room)
        return read

    async def _bind(self, code: str, batch: list[Joining]
                    ) -> tuple[LiveGame | None, RoomRead, list[Connection]]:
        """Bind joining sockets to the seat each token holds in the room's current game; a
        token without a seat is `bad_token`. The seats are read with the game in one
        statement, and a seat holds for that game only: an older game held here is replaced
        by the one read, and every socket here re-bound to it (returned: each needs a sync).
        """
        read = await self.read_room(code)
        live, others = self.games.get(code), []
        if live is None or live.game_id != read.seating.game_id:
            live = self._hold(code, read)
            if any(conn.game_id != read.seating.game_id for conn in self.hub.connections(code)):
                self.syncs.changed(code)  # bound for the game before (the cache was dropped)
                others = self._rebind(code, read)
        away = {seat.number for seat in read.room.seats if seat.bot is not None}
        for joining in batch:
            conn = joining.conn
            conn.game_id = read.seating.game_id
            held = None if conn.token is None else read.seating.of(conn.token)
            if held is not None:
                conn.seat, conn.name = held
                joining.returning = held[0] in away  # a bot seat's token is never handed out
            elif conn.token is not None:
                joining.error = ServiceError(ErrorCode.BAD_TOKEN)
        return live, read, others

    def _hold(self, code: str, read: RoomRead) -> LiveGame | None:
        """Keep the game read as this room's live game (none before the start)."""
        live = None if read.game is None else from_stored(code, read.game)
        if live is None:
            self.games.pop(code, None)
        else:
            self.games[code] = live
        return live

    def _rebind(self, code: str, read: RoomRead) -> list[Connection]:
        """Every socket here bound to its token's seat in the game read (a seat given back:
        the socket watches from now on); returns them."""
        connections = self.hub.connections(code)
        for conn in connections:
            conn.game_id = read.seating.game_id
            if conn.token is not None:
                held = read.seating.of(conn.token)
                if held is None:
                    conn.token, conn.seat, conn.name = None, None, ""
                else:
                    conn.seat, conn.name = held
        return list(connections)

    async def _new_game(self, code: str) -> LiveGame | None:
        """The room's game changed: read it with its seats (one statement), re-bind every
        socket here to its token's seat in it and send each its sync."""
        self.syncs.changed(code)  # each socket's sync is read afresh (notices may be lost)
        self.games.pop(code, None)
        read = await self.read_room(code)
        live = self._hold(code, read)
        await self.syncer.send(code, self._rebind(code, read), live, read=read)
        return live

    async def _live_or_none(self, code: str) -> LiveGame | None:
        try:
            return await self._live(code)
        except ServiceError as error:
            if error.code is ErrorCode.NOT_STARTED:
                return None
            raise

    async def _send_sync(self, conn: Connection, live: LiveGame | None, *,
                         asked: bool = False) -> None:
        """Send one socket its sync (under the room's lock; `asked`: by the client, a build
        spends from the room's budget)."""
        await self.syncer.send(conn.code, [conn], live, asked=asked)
