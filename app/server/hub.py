"""The realtime hub: each room's open sockets, each with an outbox drained by its own writer."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import defaultdict, deque

from fastapi import WebSocket

from .caps import Admissions
from .frames import Presence
from .presence import Census, PresenceBoard
from .presence import Presence as Sockets
from .throttle import TokenBucket as TokenBucket  # the per-socket limit (ws.py)

QUEUE_LIMIT = 256  # a socket this far behind is closed; its client reconnects and resyncs
# ...or this many bytes behind: 256 syncs of a big table would hold tens of megabytes for a
# socket that never reads (a sync of a Frozen Lands table is about 100 KB).
QUEUE_BYTES = 1 << 20
NORMAL_CLOSURE = 1000
TOO_FAR_BEHIND = 1013  # RFC 6455 "try again later": reconnect, authenticate, get a fresh sync
CLOSE_REASONS = {TOO_FAR_BEHIND: "too far behind: reconnect"}
CLOSE_PATIENCE = 10.0  # seconds a handler waits for its immediate close to be written
Shown = tuple[int, int, int | None]  # a view sent: its game's id, its version, its seat
SEATS = range(7)  # seat numbers: the Creature (0) and up to six Hunted (schemas.py)


class Connection:
    """One open socket: who it is, and an outbox sent in order by a writer task that runs
    only while frames wait (an idle socket holds no task and no queue object)."""

    def __init__(self, websocket: WebSocket, code: str) -> None:
        self.websocket = websocket
        self.code = code
        self.token: str | None = None  # kept to re-identify the seat after a renumbering
        self.seat: int | None = None  # None: a spectator (or not yet authenticated)
        self.game_id: int | None = None  # the game `seat` is this token's seat in
        self.name = ""
        self.authenticated = False
        self.synced = False  # its first sync is queued: room broadcasts may follow it
        self.told = Sockets()  # the presence its latest sync or presence frame showed
        self.patches = False  # its client merges an update's view over the one before
        self.shown: Shown | None = None  # the view its latest sync or update carried
        self.outbox: deque[str | None] = deque()  # None: close once the rest is sent
        self.queued = 0  # characters waiting in the outbox
        self.closing = False  # once set, nothing more is queued
        self.writer: asyncio.Task[None] | None = None  # while the outbox is being sent
        self.closer: asyncio.Task[None] | None = None  # the immediate close, once started

    def takes_patch(self, game_id: int, version: int) -> bool:
        """Whether the socket asked for patches and holds its seat's view of `version` of that
        game (what a patch of the next version is applied to)."""
        return self.patches and self.shown == (game_id, version, self.seat)

    def send(self, text: str) -> None:
        """Queue an encoded frame; a socket that cannot keep up is closed, never waited for."""
        if self.closing:
            return
        if len(self.outbox) >= QUEUE_LIMIT or self.queued + len(text) > QUEUE_BYTES:
            self.close(TOO_FAR_BEHIND)
            return
        self._queue(text)

    def _queue(self, item: str | None) -> None:
        self.outbox.append(item)
        self.queued += len(item or "")
        if self.writer is None:
            self.writer = asyncio.get_running_loop().create_task(self._write())

    def close(self, code: int = NORMAL_CLOSURE) -> None:
        """Close the socket: after what is queued normally; at once, with `code`, when the
        outbox is full (its frames could not all be delivered: the client must resync)."""
        if self.closing:
            return
        self.closing = True
        if code == NORMAL_CLOSURE and len(self.outbox) < QUEUE_LIMIT:
            self._queue(None)
            return
        self.outbox.clear()  # its frames are dropped: the close code says so
        self.queued = 0
        if self.writer is not None:
            self.writer.cancel()
            self.writer = None  # a task cancelled before it began would never clear it
        self.closer = asyncio.get_running_loop().create_task(self._close_now(code))

    async def _close_now(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(code, CLOSE_REASONS.get(code, ""))

    async def _write(self) -> None:
        """Send the outbox in order until it is empty; a dead socket drops the rest."""
        try:
            while self.outbox:
                text = self.outbox.popleft()
                if text is None:
                    break
                self.queued -= len(text)
                try:
                    await self.websocket.send_text(text)
                except Exception:  # a closed socket raises RuntimeError subclasses
                    self.closing = True
                    self.outbox.clear()
                    self.queued = 0
                    text = None
                    break
            if text is None:
                with contextlib.suppress(Exception):
                    await self.websocket.close()
        finally:
            self.writer = None

    async def finished(self) -> None:
        """Wait until the outbox is sent, or dropped by an immediate close and that close sent
        (a socket whose handler returned first would be dropped without its close code)."""
        while self.writer is not None:
            await asyncio.wait({self.writer})
        if self.closer is not None:  # a peer that never reads never takes it: not for ever
            await asyncio.wait({self.closer}, timeout=CLOSE_PATIENCE)


class Hub:
    """In-memory hub for one process: each room's open sockets (and the others' presence)."""

    def __init__(self, board: PresenceBoard | None = None) -> None:
        self.rooms: dict[str, set[Connection]] = defaultdict(set)
        self.board = board or PresenceBoard()  # the other processes' sockets (bus.py)
        self.gone_since: dict[tuple[str, int], float] = {}
        self.admissions = Admissions()  # open sockets by address and room, for the caps

    def join(self, conn: Connection) -> None:
        """Add an authenticated connection to its room."""
        self.rooms[conn.code].add(conn)

    def leave(self, conn: Connection) -> None:
        """Remove a connection, noting when its seat went away; forget an emptied room."""
        room = self.rooms.get(conn.code)
        if room is not None:
            room.discard(conn)
            if conn.seat is not None and conn.authenticated:
                self.gone_since[(conn.code, conn.seat)] = time.monotonic()
            if not room:
                del self.rooms[conn.code]

    def absent_for(self, code: str, seat: int, census: Census | None = None) -> float | None:
        """Seconds since the seat's last socket closed, or since this process first looked
        (after a restart nobody is taken for long gone); None while it is connected (here or
        on another process). `census`: the other processes' part when this process does not
        hear the room's presence (what its holders saw comes first)."""
        if seat in self.presence(code, census).seats:
            return None
        if census is not None and seat in census.away:
            return census.away[seat]
        now = time.monotonic()
        return now - self.gone_since.setdefault((code, seat), now)

    def away(self, code: str) -> dict[int, float]:
        """Seconds each seat missing from the room has been away, for the seats seen go."""
        now, present = time.monotonic(), self.presence(code).seats
        return {seat: now - since for seat in SEATS if seat not in present
                and (since := self.gone_since.get((code, seat))) is not None}

    def connections(self, code: str) -> list[Connection]:
        """The room's open, authenticated connections."""
        return [c for c in self.rooms.get(code, ()) if c.authenticated]

    def seated(self, code: str) -> set[int]:
        """The seats connected to the room on any process (`presence`'s seats, no frame)."""
        seats = {c.seat for c in self.rooms.get(code, ()) if c.authenticated and c.seat is not None}
        for remote in self.board.rooms.get(code, {}).values():
            seats |= remote.seats
        return seats

    def local_presence(self, code: str) -> Sockets:
        """This process's sockets in the room."""
        return Sockets.of(c.seat for c in self.connections(code))

    def sockets(self, code: str, census: Census | None = None) -> Sockets:
        """Who is connected, on any process (the others' from `census` when given, else
        from the board)."""
        remote = self.board.remote(code) if census is None else census.remote
        return self.local_presence(code) | remote

    def presence(self, code: str, census: Census | None = None) -> Presence:
        """`sockets` as the wire shows it: seat numbers, and how many spectators."""
        return Presence(**self.sockets(code, census).to_json())
