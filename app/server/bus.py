"""Between server processes: what one process's sockets must hear of what another one did.

One process (SQLite, or a single worker) needs no bus: `LocalBus`. With several processes on
one Postgres, `PostgresBus` carries every notice on one NOTIFY channel, and `NatsBus`
(nats_bus.py, when BUS_URL names a NATS server) on one subject per room, heard only by the
processes that hold the room. Both are a `NoticeBus`: each notice names its origin (a process
ignores its own) and its room (the table is in docs/cluster.md):

- `move` (game, version, seat, action, client id): queued once the move committed, a clock's
  `timeout` just before it. The receiver applies it to its live game when it is the next
  version, and otherwise catches up from the log (a gap, or another game: a resync).
- `game`, `lobby`, `chat`, `whisper`, `auto_pass`, `presence`: after the fact, each sent
  before `announce` returns; `resync` replaces any notice too big for NOTIFY (8000 bytes).
- `alive` (a heartbeat; an origin silent for five is dead: it leaves every room's presence,
  and every room is caught up from the database, in case it died between a commit and its
  notice), `hello` (a process that starts listening asks everyone for their presence again)
  and `welcome` (the reply to a hello: its sender has heard the newcomer, which catches up).

One sender connection sends this process's notices in the order they were queued, as many as
are waiting in one statement: Postgres serializes the commits of every notifying transaction
of the server on one lock, so a NOTIFY per move capped the whole cluster at ~200 moves/s.
The notices of one room are handed to the app one at a time, in the order they arrived. The
listening and the sending connections are dedicated (not pooled); a listener that lost its
connection reconnects with backoff and reports a gap, since what was sent meanwhile is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import asyncpg
from sqlalchemy.engine import make_url

from .notice_bus import HEARTBEAT_SECONDS, NoticeBus, Outgoing

CHANNEL = "not_alone"
LISTENER_NAME = "not-alone-listener"  # shows in pg_stat_activity
SENDER_NAME = "not-alone-sender"
# One statement, one transaction, one turn of the notify lock for a whole batch; volatile
# functions run after the ORDER BY, so the notices leave in the batch's order.
SEND = ("SELECT pg_notify($1, payload) FROM unnest($2::text[]) WITH ORDINALITY AS b(payload, n)"
        " ORDER BY n")
log = logging.getLogger(__name__)


def listener_dsn(database_url: str) -> str | None:
    """asyncpg's DSN for a Postgres URL; None for SQLite (a single process needs no bus)."""
    url = make_url(database_url)
    if url.get_backend_name() != "postgresql":
        return None
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


class PostgresBus(NoticeBus):
    """LISTEN on one dedicated connection, send on another; both reconnect when lost."""

    def __init__(self, dsn: str, origin: str | None = None,
                 heartbeat: float = HEARTBEAT_SECONDS) -> None:
        super().__init__(origin, heartbeat)
        self.dsn = dsn

    async def _send(self) -> None:
        batch: list[Outgoing] = []  # kept across a reconnection: sent again, in order
        while True:
            try:
                connection = await asyncpg.connect(
                    self.dsn, server_settings={"application_name": SENDER_NAME})
            except (OSError, asyncpg.PostgresError):
                await asyncio.sleep(0.5)
                continue
            try:
                while True:
                    batch = batch or await self._next_batch()
                    await connection.execute(SEND, CHANNEL, [item.payload for item in batch])
                    self._done(batch)
                    batch = []
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                log.warning("bus sender lost its connection; reconnecting")
            finally:
                with contextlib.suppress(Exception):
                    await connection.close()

    async def _listen(self) -> None:
        delay, first = 0.1, True
        while True:
            try:
                connection = await asyncpg.connect(
                    self.dsn, server_settings={"application_name": LISTENER_NAME})
            except (OSError, asyncpg.PostgresError):
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
                continue
            lost = asyncio.Event()
            connection.add_termination_listener(_setter(lost))
            await connection.add_listener(CHANNEL, self._heard)
            delay = 0.1
            await self._listening(first)
            first = False
            await _watch(connection, lost)
            log.warning("bus listener lost its connection; reconnecting")
            self._deaf()

    def _heard(self, _connection: Any, _pid: int, _channel: str, payload: str) -> None:
        self._notified(payload)


def _setter(event: asyncio.Event) -> Callable[[Any], None]:
    """A termination callback that flags this connection's loss."""
    return lambda _connection: event.set()


async def _watch(connection: asyncpg.Connection, lost: asyncio.Event) -> None:
    """Wait until the connection drops (termination callback or a failed probe)."""
    while not lost.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(lost.wait(), 5.0)
        if connection.is_closed():
            break
        try:
            await connection.execute("SELECT 1")
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
            break
    with contextlib.suppress(Exception):
        await connection.close()
