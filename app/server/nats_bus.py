"""The per-room bus: the same notices as bus.py's, carried by a NATS server (BUS_URL).

Each room has its own subject, and a process subscribes to the rooms it holds (their sockets,
or their computer players: `hold`, before it reads the room) and to nothing else, so a process
does no work for the notices of a room it does not hold, its presence included. A new holder
asks the room's holders for their presence (`ask`); a process asked about a room it does not
hold (a REST lobby, a seat's absence, the spectator cap) sends a `census` request on the
room's subject and merges the holders' answers (`Tally`). Only the heartbeats (`alive`,
`hello`, `welcome`) go on one subject for the whole cluster. Both subjects are named after the
database, so several clusters may share one NATS server.

One connection sends and listens; notices leave in the order queued (one connection keeps the
order), a batch at a time, and `announce` returns once the server has them (a flush). NATS
drops what is sent to a subject nobody listens to, and what a process misses while its
connection is down: once it is back, every room it holds is resynced from the database, as on
the Postgres bus.

A room's moves go out only once another process was heard holding it (sharing.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import re

import nats
import orjson
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from sqlalchemy.engine import make_url

from . import metrics
from .notice_bus import HEARTBEAT_SECONDS, NoticeBus, Outgoing, encode
from .notices import Control
from .presence import Census, Presence
from .tally import Tally

FLUSH_SECONDS = 5.0  # how long a subscription or an announcement waits for the server
# The client's own flush must not time out: a timed-out flush leaves its cancelled PONG waiter
# queued, and the PONG that comes later fails on it inside the client's reader (nats-py 2.16:
# InvalidStateError, reproduced by cancelling one waiter by hand), which breaks the
# connection. So the client waits this long, and the bus's wait on it is bounded apart.
PONG_PATIENCE = 24 * 3600
ASK_SECONDS = 1.0  # how long a census waits for a holder known to have sockets in the room
SUBJECT_TOKEN = re.compile(r"[A-Za-z0-9_-]+")  # a room code as made (token_urlsafe)
log = logging.getLogger(__name__)


def namespace(database_url: str) -> str:
    """The subjects' prefix: one per database, whatever the URL's driver or password."""
    url = make_url(database_url)
    where = f"{url.host}:{url.port}/{url.database}".encode()
    return "not_alone." + hashlib.blake2b(where, digest_size=6).hexdigest()


def room_token(code: str) -> str:
    """The room's code as one subject token: as it is when made by the server, else in hex
    (a code from a URL must never be a wildcard or span several tokens)."""
    return code if SUBJECT_TOKEN.fullmatch(code) else "x" + code.encode().hex()


class NatsBus(NoticeBus):
    """One NATS connection: the cluster's subject always, each held room's while held."""

    every_room = False  # a room's subject is heard only while the room is held here

    def __init__(self, url: str, database_url: str, origin: str | None = None,
                 heartbeat: float = HEARTBEAT_SECONDS) -> None:
        super().__init__(origin, heartbeat)
        self.url = url
        self.prefix = namespace(database_url)
        self.cluster = f"{self.prefix}.cluster"
        # The rooms held: their subscriptions (None: held before the first connection, and
        # subscribed once it is made).
        self.rooms: dict[str, Subscription | None] = {}
        self._client: Client | None = None
        self._ready = asyncio.Event()  # set once connected the first time
        self._closing = False

    def subject(self, code: str) -> str:
        """The room's subject."""
        return f"{self.prefix}.room.{room_token(code)}"

    async def hold(self, code: str) -> None:
        """Subscribe to the room (once), and wait until the server has the subscription;
        before the first connection, only note it (subscribed and resynced once connected)."""
        if code in self.rooms:
            return
        client = self._client if self._ready.is_set() else None
        self.rooms[code] = None
        metrics.rooms_subscribed(len(self.rooms))
        if client is None:
            self._holding(code, heard=False)
            return
        self.rooms[code] = await client.subscribe(self.subject(code), cb=self._message)
        heard = await flushed(client)
        if not heard:  # down: the reconnection resyncs the room
            log.warning("the bus could not confirm its subscription to room %s", code)
        self._holding(code, heard)  # heard from now on: the holders' presence, told again

    async def release(self, code: str) -> None:
        """Unsubscribe from the room: its notices no longer reach this process."""
        await super().release(code)
        subscription = self.rooms.pop(code, None)
        metrics.rooms_subscribed(len(self.rooms))
        self.board.forget(code)  # no longer heard: a census asks the holders instead
        if subscription is not None and self._client is not None:
            with contextlib.suppress(nats.errors.Error):
                await subscription.unsubscribe()
                await flushed(self._client)  # the server has it: nothing follows

    async def census(self, code: str) -> Census:
        """The board's for a room held here; otherwise the room's holders answer a request on
        its subject (nobody holds it: NATS says so at once; a holder known to have sockets
        there is waited for up to ASK_SECONDS)."""
        client = self._client
        if code in self.rooms or client is None or not self._ready.is_set():
            return await super().census(code)
        tally = Tally(self.origin, self.board.seen.keys())
        inbox = client.new_inbox()
        subscription = await client.subscribe(inbox, cb=tally.heard)
        try:
            await client.publish(self.subject(code),
                                 encode(Control.CENSUS, self.origin, code).encode(), reply=inbox)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(tally.done.wait(), ASK_SECONDS)
        except nats.errors.Error as exc:
            log.warning("the bus could not ask who is in room %s: %s", code, exc)
        finally:
            with contextlib.suppress(nats.errors.Error):
                await subscription.unsubscribe()
        return tally.census()

    async def _answer(self, client: Client, message: Msg) -> None:
        """A census of a room held here: our view of it, and who else has sockets there."""
        code = orjson.loads(message.data)["r"]
        seen = {origin: p.to_json() for origin, p in self.board.rooms.get(code, {}).items()}
        # Our sockets as they are, not as last announced: that lags a departure by an interval.
        remote = self._remote
        seen[self.origin] = (remote.here(code) if remote is not None else Presence()).to_json()
        away = remote.away(code) if remote is not None else {}
        answer = {"o": self.origin, "p": seen, "a": away}
        with contextlib.suppress(nats.errors.Error):
            await client.publish(message.reply,
                                 orjson.dumps(answer, option=orjson.OPT_NON_STR_KEYS))

    async def close(self) -> None:
        """Stop beating and sending, then close the connection."""
        self._closing = True
        await super().close()
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.close()

    async def _connected(self) -> Client:
        await self._ready.wait()
        assert self._client is not None
        return self._client

    # --- the transport ----------------------------------------------------------------------

    async def _listen(self) -> None:
        """Connect (retrying until the server answers), then listen to the cluster's subject;
        the client reconnects by itself and re-subscribes to every subject."""
        delay = 0.1
        while self._client is None:
            try:
                self._client = await nats.connect(
                    # no_echo: the server does not send this connection its own notices back
                    self.url, name=f"not-alone-{self.origin[:8]}", no_echo=True,
                    max_reconnect_attempts=-1,
                    reconnect_time_wait=0.5, disconnected_cb=self._disconnected,
                    reconnected_cb=self._reconnected, error_cb=self._error)
            except (OSError, nats.errors.Error, TimeoutError) as exc:
                log.warning("bus cannot reach NATS at %s (%s); retrying", self.url, exc)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
        await self._client.subscribe(self.cluster, cb=self._message)
        early = False  # rooms held while NATS was out of reach (more may come meanwhile)
        while waiting := [code for code, held in self.rooms.items() if held is None]:
            early = True
            for code in waiting:
                subscription = await self._client.subscribe(self.subject(code),
                                                            cb=self._message)
                if code in self.rooms:
                    self.rooms[code] = subscription
                else:  # released meanwhile
                    await subscription.unsubscribe()
        self._ready.set()
        await flushed(self._client)
        await self._listening(first=not early)  # a room held before this is resynced

    async def _disconnected(self) -> None:
        if not self._closing:
            log.warning("bus lost its NATS connection; reconnecting")
        self._deaf()

    async def _reconnected(self) -> None:
        await self._listening(first=False)  # what was sent while we were away is lost

    async def _error(self, exc: Exception) -> None:
        log.warning("bus: NATS error: %s", exc)

    async def _message(self, message: Msg) -> None:
        if message.reply and self._client is not None:  # only a census asks for an answer
            await self._answer(self._client, message)
            return
        self._notified(message.data)

    async def _send(self) -> None:
        """Publish what is queued, in order, each notice on its room's subject or the
        cluster's; then flush once for the batch if anyone waits for it."""
        client = await self._connected()
        while True:
            batch = await self._next_batch()
            try:
                for item in batch:
                    await client.publish(self._subject_of(item), item.payload.encode())
                if any(item.sent is not None for item in batch):
                    await flushed(client)
            except nats.errors.Error as exc:
                # Away from the server, the client keeps what is published and sends it once
                # reconnected; past its buffer (2 MB) it refuses: those are lost, and a
                # receiver reads the moves from the log at the room's next notice (a gap).
                log.warning("the bus could not send %d notice(s): %s", len(batch), exc)
            self._done(batch)

    def _subject_of(self, item: Outgoing) -> str:
        return self.cluster if item.cluster_wide or not item.code else self.subject(item.code)


async def flushed(client: Client) -> bool:
    """Wait up to FLUSH_SECONDS for the server to have all that was sent; False if it did not
    answer by then (the client's flush goes on: see PONG_PATIENCE)."""
    flush = asyncio.ensure_future(client.flush(PONG_PATIENCE))
    flush.add_done_callback(_retrieved)
    try:
        await asyncio.wait_for(asyncio.shield(flush), FLUSH_SECONDS)
    except (TimeoutError, nats.errors.Error):
        return False
    return True


def _retrieved(flush: asyncio.Future[None]) -> None:
    """A flush nobody waits for any more may still fail (the connection closed): said here."""
    if not flush.cancelled() and flush.exception() is not None:
        log.debug("a NATS flush failed: %s", flush.exception())
