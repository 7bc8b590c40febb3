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
from typing import TypeVar

from sqlalchemy.exc import SQLAlchemyError

from app.engine import may_whisper, seat_view

from . import metrics
from .db import UnitOfWork, busy, unavailable
from .errors import ErrorCode, ServiceError
from .frames import ErrorFrame, SyncFrame
from .holding import Releases
from .hub import Connection, Hub
from .live import LiveGame, load
from .publish import Publisher, lobby_of
from .reads import Reads
from .syncs import Stamp

Done = TypeVar("Done")
BIND_ATTEMPTS = 5  # reads of the seats racing new games before a socket is told `busy`


def seats_changing() -> ServiceError:
    """The seats changed each time they were read (new games in a quick row)."""
    return ServiceError(ErrorCode.BUSY, "The seats keep changing: try again.")


class LiveGames:
    """The rooms' live games here, the sockets' seats in them, and syncs, per room lock."""

    def __init__(self, uow: UnitOfWork, reads: Reads, publisher: Publisher) -> None:
        self.uow, self.reads, self.publisher = uow, reads, publisher
        self.hub: Hub = publisher.hub
        self.syncs = publisher.syncs
        self.games: dict[str, LiveGame] = {}
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = (
            weakref.WeakValueDictionary())
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

    async def join(self, conn: Connection) -> None:
        """An authenticated socket joins its room, bound to its token's seat in the game it
        is sent (or as a spectator), and gets its sync, in the room's order."""
        async with self.lock(conn.code):
            live = await self._bind(conn)
            conn.authenticated = True
            self.hub.join(conn)
            await self._send_sync(conn, live)

    async def resync(self, conn: Connection) -> None:
        """A fresh sync for one socket."""
        async with self.lock(conn.code):
            await self._send_sync(conn, await self._live_or_none(conn.code))

    async def new_game(self, code: str, command: Callable[[], Awaitable[Done]]) -> Done:
        """Run a command that starts a game (seats may be renumbered or rotated), then re-bind
        and resync every socket here, all under the room's lock: no move is checked, and no
        frame of the new game sent, against a seat number of the game before. Once the command
        has committed, a database too busy to re-bind fails no more than the sockets here:
        each is told `busy` and closed (it comes back to its new seat), the game is reloaded
        on its next use, and the command's result stands."""
        async with self.lock(code):
            done = await command()
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
            return done

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

    async def whisperer(self, conn: Connection, to: int) -> int:
        """The seat `conn` holds, if the engine lets it whisper to `to` now; else
        `not_your_turn`."""
        live, seat = await self.bound(conn)
        if live is None or seat is None or not may_whisper(live.state, seat, to):
            raise ServiceError(ErrorCode.NOT_YOUR_TURN, "You may not whisper to that seat now.")
        return seat

    async def _bind(self, conn: Connection) -> LiveGame | None:
        """Bind a joining socket to the seat its token holds in the game this process holds.

        The token's seat is read with the room's current game in one statement; the seat
        holds for that game only, so the live game must be that one: an older one held here
        is replaced (every socket here re-bound), and a newer one met while loading means
        the seats changed meanwhile: read again.
        """
        for _ in range(BIND_ATTEMPTS):
            seating = await self.reads.seating(conn.code)
            live = await self._live_of(conn.code, seating.game_id)
            if (live.game_id if live is not None else None) != seating.game_id:
                continue
            conn.game_id = seating.game_id
            if conn.token is not None:
                held = seating.of(conn.token)
                if held is None:
                    raise ServiceError(ErrorCode.BAD_TOKEN)
                conn.seat, conn.name = held
            return live
        raise seats_changing()

    async def _live_of(self, code: str, game_id: int | None) -> LiveGame | None:
        """The live game, if it is game `game_id`; otherwise the one loaded trying."""
        live = self.games.get(code)
        if live is not None and live.game_id != game_id and game_id is not None:
            return await self._new_game(code)  # this process held an older game: catch up
        return live if live is not None else await self._live_or_none(code)

    async def _new_game(self, code: str) -> LiveGame | None:
        """The room's game changed: load it, then re-bind every socket here to its token's
        seat in it (one read of every seat with the game's id) and send each its sync. When
        the seats cannot be read consistently, each socket is told `busy` and closed."""
        self.syncs.changed(code)  # each socket's sync is read afresh (notices may be lost)
        for _ in range(BIND_ATTEMPTS):
            self.games.pop(code, None)  # reloaded at once: the room stays held
            live = await self._load(code)
            seating = await self.reads.seating(code)
            if seating.game_id == (live.game_id if live is not None else None):
                break
        else:
            self._unbind_all(code, seats_changing())
            raise seats_changing()
        for conn in self.hub.connections(code):
            conn.game_id = seating.game_id
            if conn.token is not None:
                held = seating.of(conn.token)
                if held is None:  # its seat was given back: the socket watches from now on
                    conn.token, conn.seat, conn.name = None, None, ""
                else:
                    conn.seat, conn.name = held
            await self._send_sync(conn, live)
        return live

    async def _live_or_none(self, code: str) -> LiveGame | None:
        try:
            return await self._live(code)
        except ServiceError as error:
            if error.code is ErrorCode.NOT_STARTED:
                return None
            raise

    async def _send_sync(self, conn: Connection, live: LiveGame | None) -> None:
        """The socket's sync (under the room's lock): as kept if nothing it shows has changed
        since it was built (syncs.py), else built from the live game and one read."""
        text = self.syncs.get(conn.code, self._stamp(conn.code, live), conn.seat)
        if text is None:
            text = await self._build_sync(conn, live)
        conn.send(text)
        conn.synced = True

    def _stamp(self, code: str, live: LiveGame | None) -> Stamp:
        presence = self.hub.presence(code)
        return self.syncs.stamp(code, live.game_id if live is not None else None,
                                live.version if live is not None else 0, presence.seats,
                                presence.spectators)

    async def _build_sync(self, conn: Connection, live: LiveGame | None) -> str:
        version = live.version if live is not None else 0
        generation = self.syncs.generations.get(conn.code, 0)
        parts = await self.reads.sync_parts(conn.code, conn.seat, version)
        stamp = self._stamp(conn.code, live)  # the presence sent is the latest
        mode = next((s.auto_pass for s in parts.room.seats if s.number == conn.seat), None)
        presence = self.hub.presence(conn.code)
        text = SyncFrame(seat=conn.seat, lobby=lobby_of(parts.room, presence), presence=presence,
                         chat=parts.chat, version=version,
                         view=None if live is None else seat_view(live.state, conn.seat),
                         events=parts.events, auto_pass=mode).encode()
        metrics.sync_built()
        if stamp[-1] == generation:  # else the room changed during the read: not kept
            self.syncs.put(conn.code, stamp, conn.seat, text)
        return text
