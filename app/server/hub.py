"""The realtime hub: each room's open sockets, each with an outbox drained by its own writer."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import defaultdict, deque
from collections.abc import Coroutine, Generator
from functools import partial
from typing import Any

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
SEATS = range(7)  # seat numbers: the Creature (0) and up to six Hunted (schemas.py)


class Sending:
    """One frame's send, for a writer task to await: a coroutine not begun yet, or one begun
    outside any task (`started`) that waits on `waiting`. The task runs the rest of a begun
    one: what it waits on goes to the task, each result or exception (a cancellation) back."""

    __slots__ = ("coroutine", "size", "started", "waiting")

    def __init__(self, coroutine: Coroutine[Any, Any, None], size: int, waiting: Any = None,
                 *, started: bool = False) -> None:
        self.coroutine, self.size, self.waiting, self.started = coroutine, size, waiting, started

    def __await__(self) -> Generator[Any, Any, None]:
        if not self.started:
            return (yield from self.coroutine.__await__())
        waiting = self.waiting
        while True:
            try:
                result = yield waiting
            except BaseException as exc:  # the task's cancellation is the send's too
                step = partial(self.coroutine.throw, exc)
            else:
                step = partial(self.coroutine.send, result)
            try:
                waiting = step()
            except StopIteration:
                return


class Connection:
    """One open socket: who it is, and an outbox sent in order. What the outbox holds is
    written by one callback in the next turn of the loop, with no task; a writer task runs only
    while a send must wait (an idle socket holds no task and no queue object)."""

    def __init__(self, websocket: WebSocket, code: str) -> None:
        self.websocket = websocket
        self.code = code
        self.token: str | None = None  # kept to re-identify the seat after a renumbering
        self.seat: int | None = None  # None: a spectator (or not yet authenticated)
        self.game_id: int | None = None  # the game `seat` is this token's seat in
        self.name = ""
        self.authenticated = False
        self.synced = False  # its first sync is queued: room broadcasts may follow it
        self.outbox: deque[str | None] = deque()  # None: close once the rest is sent
        self.queued = 0  # characters waiting in the outbox or being sent
        self.closing = False  # once set, nothing more is queued
        self.flush: asyncio.Handle | None = None  # the outbox's write, due this turn
        self.writer: asyncio.Task[None] | None = None  # while a send waits, and after it
        self.closer: asyncio.Task[None] | None = None  # the immediate close, once started

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
        if self.writer is None and self.flush is None:
            self.flush = asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        """Write the outbox, without a task, while the socket takes each frame at once (in a
        flood every socket is idle between moves: a task was started per frame and socket for
        a write that never waited). A send that must wait (the transport's buffer is full),
        the close and a dead socket's go to a writer task, which sends the rest in order."""
        self.flush = None
        started = None
        while self.outbox and (text := self.outbox[0]) is not None:
            self.outbox.popleft()
            sending = self.websocket.send_text(text)
            try:
                waiting = sending.send(None)
            except StopIteration:
                self.queued -= len(text)
                continue
            except Exception:  # a closed socket raises RuntimeError subclasses
                self._dropped()
                break
            started = Sending(sending, len(text), waiting, started=True)
            break
        if started is not None or self.outbox or self.closing:
            self.writer = asyncio.get_running_loop().create_task(self._write(started))

    def _dropped(self) -> None:
        """The socket is dead: what waits is dropped, and the writer closes it."""
        self.closing = True
        self.outbox.clear()
        self.queued = 0

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
        if self.flush is not None:
            self.flush.cancel()
            self.flush = None
        if self.writer is not None:  # its send is cancelled, or closed unbegun with the task
            self.writer.cancel()
            self.writer = None  # a task cancelled before it began would never clear it
        self.closer = asyncio.get_running_loop().create_task(self._close_now(code))

    async def _close_now(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(code, CLOSE_REASONS.get(code, ""))

    async def _write(self, started: Sending | None = None) -> None:
        """Send the outbox in order until it is empty (after `started`, a send that had to
        wait), then close the socket if it is closing; a dead socket drops the rest."""
        try:
            sending = started or self._next()
            while sending is not None:
                try:
                    await sending
                except Exception:  # a closed socket raises RuntimeError subclasses
                    self._dropped()
                    break
                self.queued -= sending.size
                sending = self._next()
            if self.closing:
                with contextlib.suppress(Exception):
                    await self.websocket.close()
        finally:
            self.writer = None

    def _next(self) -> Sending | None:
        """The send of the outbox's next frame; None when it is empty or closes the socket."""
        text = self.outbox.popleft() if self.outbox else None
        return None if text is None else Sending(self.websocket.send_text(text), len(text))

    async def finished(self) -> None:
        """Wait until the outbox is sent, or dropped by an immediate close and that close sent
        (a socket whose handler returned first would be dropped without its close code)."""
        while self.flush is not None or self.writer is not None:
            if self.writer is None:
                await asyncio.sleep(0)  # the flush is due in this turn of the loop
            else:
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

    def presence(self, code: str, census: Census | None = None) -> Presence:
        """Who is connected, on any process: seat numbers, and how many spectators (the
        others' from `census` when given, else from the board)."""
        remote = self.board.remote(code) if census is None else census.remote
        return Presence(**(self.local_presence(code) | remote).to_json())
