"""What both buses between processes share (`NoticeBus`): the notices' payloads, their order,
the heartbeats, hello and welcome, presence with expiry. A transport sends and listens:
`PostgresBus` (bus.py, one NOTIFY channel) or `NatsBus` (nats_bus.py, a subject per room).
The moves of a room nobody else holds are kept back (sharing.py)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any

import orjson

from . import metrics
from .notices import NOTICES, Before, Control, Notice, Played, Remote
from .presence import Census, Presence, PresenceBoard
from .sharing import Sharing

MAX_PAYLOAD = 7900  # bytes; Postgres refuses 8000 and more
HEARTBEAT_SECONDS = 1.0
SEND_WAIT = 5.0  # seconds an announcement waits to be sent before its caller goes on
BATCH = 200  # notices at most per statement (each payload is under MAX_PAYLOAD)
ORIGIN_TTL_BEATS = 5  # heartbeats missed before another process counts as dead
log = logging.getLogger(__name__)


def encode(kind: str, origin: str, code: str = "", data: dict[str, Any] | None = None,
           **fields: Any) -> str:
    """A notice's payload; one too big for NOTIFY becomes a `resync` of its room."""
    payload = orjson.dumps({"k": kind, "o": origin, "r": code, "d": data or {},
                            "t": round(time.time(), 4), **fields},  # sent at, for the bus lag
                           option=orjson.OPT_NON_STR_KEYS)
    if len(payload) > MAX_PAYLOAD:
        return encode(Notice.RESYNC, origin, code)
    return payload.decode()


BEATS = frozenset({Control.ALIVE, Control.HELLO, Control.WELCOME})
# What every process hears, whichever rooms it holds: the processes' own notices. Presence is
# a room's like its other notices; a process asks a room it does not hold (`census`).
CLUSTER_WIDE = BEATS


@dataclass(frozen=True, slots=True)
class Outgoing:
    """A notice queued for sending: its room ("" for none), payload and who waits for it."""

    code: str
    kind: str
    payload: str
    sent: asyncio.Future[None] | None = None

    @property
    def cluster_wide(self) -> bool:
        """True for what every process hears (CLUSTER_WIDE), not only the room's holders."""
        return self.kind in CLUSTER_WIDE


class NoticeBus:
    """What both buses share: the notices, their order, heartbeats, hello and welcome.

    A transport subclass sends the outbox (`_send`) and listens (`_listen`), handing each
    payload heard to `_notified`. `board` holds the other processes' presence per room (heard
    here, expired here); the presence this process last announced per room is kept to tell a
    process that says hello.
    """

    every_room = True  # one channel for every room (a per-room transport says False)

    def __init__(self, origin: str | None = None, heartbeat: float = HEARTBEAT_SECONDS) -> None:
        self.heartbeat = heartbeat
        self.origin = origin or uuid.uuid4().hex
        self.board = PresenceBoard(ttl=ORIGIN_TTL_BEATS * heartbeat)
        self.connected = asyncio.Event()
        self._remote: Remote | None = None
        self._listening_since: float | None = None  # while the listener is connected
        self._heard_others = False  # any other process, ever
        self._mine: dict[str, dict[str, Any]] = {}  # our own presence per room, as announced
        self.sharing = Sharing()  # which held rooms another process holds too
        self._outbox: asyncio.Queue[Outgoing] = asyncio.Queue()
        self._tails: dict[str, asyncio.Task[None]] = {}  # each room's last queued handling
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self, remote: Remote) -> None:
        """Begin listening, sending and beating in the background."""
        self._remote = remote
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._send()),
                       asyncio.create_task(self._beat())]

    async def close(self) -> None:
        """Stop everything (what is still queued is not sent)."""
        tasks = [*self._tasks, *self._tails.values()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # --- sending --------------------------------------------------------------------------

    def moved(self, code: str, played: Played, before: Before = ()) -> None:
        """Queue a committed move's notices, `before` first; none while this process is alone
        (nobody would hear them, and each costs the listeners a wake-up), nor in a room held
        here that nobody else was heard holding: that room's last move is kept, and sent when
        someone is (sharing.py)."""
        if self.sharing.keep(code, played):
            return
        if self.alone():
            return
        for notice, data in before:
            self._put(code, notice, data)
        self._put(code, Control.MOVE, played.to_json())

    def alone(self) -> bool:
        """True once we have listened for a whole time-to-live without hearing any other
        process since we started (a process that starts later says hello; once we heard it,
        we announce every move and welcome it, and it catches up on what it missed)."""
        since = self._listening_since
        return (since is not None and not self._heard_others
                and time.monotonic() - since > self.board.ttl)

    async def announce(self, code: str, notice: Notice, data: dict[str, Any]) -> None:
        """Queue a notice; one sender sends this process's notices in the order announced."""
        if notice is Notice.PRESENCE:
            self._note_mine(code, data)
            return
        sent = asyncio.get_running_loop().create_future()
        self._put(code, notice, data, sent)
        try:  # sent when this returns, so that what the caller does next comes after it
            await asyncio.wait_for(asyncio.shield(sent), SEND_WAIT)
        except TimeoutError:
            log.warning("the bus could not send a %s notice in %s s; it stays queued",
                        notice, SEND_WAIT)

    def _note_mine(self, code: str, data: dict[str, Any]) -> None:
        """Keep our presence in the room and queue it, unwaited: nothing a caller does next
        depends on it. Alone, nothing is sent: a process that says hello gets `_mine`."""
        if data.get("seats") or data.get("spectators"):
            self._mine[code] = data
        else:
            self._mine.pop(code, None)
        if not self.alone():
            self._put(code, Notice.PRESENCE, data)

    def _put(self, code: str, kind: str, data: dict[str, Any] | None = None,
              sent: asyncio.Future[None] | None = None, **fields: Any) -> None:
        """Queue a notice for the sender, after every one queued before it."""
        self._outbox.put_nowait(
            Outgoing(code, kind, encode(kind, self.origin, code, data, **fields), sent))

    async def hold(self, code: str) -> None:
        """Hear the room's notices from now on, before this returns (here: always heard)."""
        if code not in self.sharing.held:  # deaf, our ask's answers would be missed
            self._holding(code, heard=self.connected.is_set())

    async def release(self, code: str) -> None:
        """Stop hearing the room's notices (here: always heard)."""
        self.sharing.release(code)

    def _holding(self, code: str, heard: bool = True) -> None:
        """The room is held here from now on; its holders are asked who they are when the
        transport hears the room (`heard`)."""
        self.sharing.hold(code, heard)
        if heard:
            self._put(code, Control.ASK)

    async def census(self, code: str) -> Census:
        """The other processes' sockets in the room (here: every room's presence is heard)."""
        return Census(self.board.remote(code))

    async def _send(self) -> None:
        """Send the outbox, in order, for as long as the bus runs."""
        raise NotImplementedError

    async def _listen(self) -> None:
        """Hand every payload heard to `_notified`, for as long as the bus runs."""
        raise NotImplementedError

    async def _next_batch(self) -> list[Outgoing]:
        """The next notice, and every one queued behind it (up to BATCH), in order."""
        batch = [await self._outbox.get()]
        while len(batch) < BATCH and not self._outbox.empty():
            batch.append(self._outbox.get_nowait())
        return batch

    @staticmethod
    def _done(batch: list[Outgoing]) -> None:
        """Tell whoever waits that their notices are sent."""
        for item in batch:
            if item.sent is not None and not item.sent.done():
                item.sent.set_result(None)

    async def _beat(self) -> None:
        """Show we are alive; forget the processes that stopped showing it and catch up every
        room (one may have died between a commit and its notice, in a room it had sockets in
        or only ran the computer players of)."""
        while True:
            self._put("", Control.ALIVE)
            known = len(self.board.seen)
            for code in self.board.expire():
                self._queue(code, Notice.PRESENCE, {})
            if len(self.board.seen) < known and self._remote is not None:
                log.warning("%d other process(es) silent for %d heartbeats, counted dead; "
                            "catching every room up", known - len(self.board.seen),
                            ORIGIN_TTL_BEATS)
                self._spawn(self._remote.stale())
            await asyncio.sleep(self.heartbeat)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` in the background, held (and cancelled by close) until it is done."""
        task = asyncio.create_task(work)
        self._tasks.append(task)
        task.add_done_callback(self._tasks.remove)

    # --- listening ------------------------------------------------------------------------

    async def _listening(self, first: bool) -> None:
        """The transport listens (again): say hello; after a loss, what was sent meanwhile is
        lost, so every room is resynced."""
        self.connected.set()
        self._listening_since = time.monotonic()
        self._put("", Control.HELLO)  # who is where?
        if not first and self._remote is not None:
            log.info("bus listener reconnected; resyncing every room")
            await self._remote.gap()

    def _deaf(self) -> None:
        """The transport lost its connection: nothing is heard until it is back, a new
        holder's `ask` among it, so every room held counts as shared from now on."""
        self.connected.clear()
        self._listening_since = None
        self.sharing.deaf()

    def _notified(self, payload: str | bytes) -> None:
        notice: dict[str, Any] = orjson.loads(payload)
        origin, kind, code = notice["o"], notice["k"], notice["r"]
        if origin == self.origin:
            return
        self.board.alive(origin)
        self._heard_others = True
        held = False
        if kind not in BEATS:  # what a room's sockets get, not the processes' own heartbeats
            metrics.bus_lag(time.time() - notice["t"])  # wall clocks: one machine, or NTP
            held, kept = self.sharing.heard(code)  # another holder: the room's moves go out
            if kept is not None:
                self.moved(code, kept)
        if kind == Control.MOVE:
            self._queue(code, Control.MOVE, notice["d"])
        elif kind == Control.HELLO:
            for room, data in self._mine.items():
                self._put(room, Notice.PRESENCE, data)
            # We announce every move from now on; one we kept quiet while alone is committed
            # before the newcomer hears this, and it catches up then (docs/cluster.md).
            self._put("", Control.WELCOME, to=origin)
        elif kind == Control.WELCOME and notice["to"] == self.origin and self._remote:
            log.info("bus welcomed by another process; resyncing every room")
            self._spawn(self._remote.gap())
        elif kind == Control.ASK and held:  # a new holder: tell it ours (`held`: no socket)
            self._put(code, *((Notice.PRESENCE, self._mine[code]) if code in self._mine
                              else (Control.HELD, None)))
        elif kind == Notice.PRESENCE:
            metrics.presence_heard()
            if self.board.heard(origin, code, Presence.from_json(notice["d"])):
                self._queue(code, Notice.PRESENCE, {})
        elif kind in NOTICES:
            self._queue(code, Notice(kind), notice["d"])

    def _queue(self, code: str, kind: str, data: dict[str, Any]) -> None:
        """Hand a notice to the app after the room's earlier ones, one at a time."""
        before, remote = self._tails.get(code), self._remote
        if remote is None:
            return
        if kind != Notice.PRESENCE:
            metrics.room_notice()

        async def run() -> None:
            if before is not None:
                with contextlib.suppress(Exception):
                    await before
            try:
                if kind == Control.MOVE:
                    await remote.moved(code, Played(**data))
                else:
                    await remote.notice(code, Notice(kind), data)
            except Exception:  # one bad delivery must not stop the room's next ones
                log.exception("could not hand on a %s notice of room %s", kind, code)

        task = asyncio.create_task(run())
        self._tails[code] = task
        task.add_done_callback(lambda done: self._forget(code, done))

    def _forget(self, code: str, done: asyncio.Task[None]) -> None:
        if self._tails.get(code) is done:
            del self._tails[code]
