"""Moves between server processes: Postgres NOTIFY in the move's transaction, LISTEN here.

One process needs no bus (SQLite, or a single uvicorn worker: `publish.LocalBus`). With several
processes on one Postgres, each process sends its own sockets the moves the others commit
(`PostgresBus`, the `Bus` of publish.py). The listening connection is dedicated (not pooled),
NOTIFY is delivered on commit and in commit order, and a listener that lost its connection
reconnects and then tells every room to resync (docs/architecture.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncConnection

from .publish import Notice, Remote

CHANNEL = "not_alone_moves"
LISTENER_NAME = "not-alone-listener"  # shows in pg_stat_activity
ORIGIN = uuid.uuid4().hex  # this process: its own moves are already published locally
log = logging.getLogger(__name__)

Move = dict[str, Any]


def move_payload(code: str, version: int, seat: int, client_id: str) -> str:
    """The NOTIFY payload of a committed move (well under Postgres' 8000-byte limit)."""
    return json.dumps({"room": code, "version": version, "seat": seat, "client_id": client_id,
                       "origin": ORIGIN})


def listener_dsn(database_url: str) -> str | None:
    """asyncpg's DSN for a Postgres URL; None for SQLite (a single process needs no bus)."""
    url = make_url(database_url)
    if url.get_backend_name() != "postgresql":
        return None
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


NOTIFY = text("SELECT pg_notify(:channel, :payload)")


class PostgresBus:
    """The `Bus` of several processes on one Postgres: moves by NOTIFY, heard by a Listener.

    Only moves travel for now; other notices are not yet announced.
    """

    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        self.listener: Listener | None = None

    async def moved(self, connection: AsyncConnection, code: str, version: int, seat: int,
                    client_id: str) -> None:
        """NOTIFY inside the move's transaction: sent on commit, never on rollback."""
        await connection.execute(NOTIFY, {"channel": CHANNEL,
                                          "payload": move_payload(code, version, seat, client_id)})

    async def announce(self, code: str, notice: Notice, data: dict[str, Any]) -> None:
        """Not carried yet."""

    async def start(self, remote: Remote) -> None:
        """LISTEN, handing other processes' moves to `remote`."""

        async def on_move(move: Move) -> None:
            await remote.moved(move["room"], move["version"])

        self.listener = Listener(self.dsn, on_move, remote.gap)
        self.listener.start()

    async def close(self) -> None:
        """Stop listening."""
        if self.listener is not None:
            await self.listener.close()


def _setter(event: asyncio.Event) -> Callable[[Any], None]:
    """A termination callback that flags this connection's loss."""
    return lambda _connection: event.set()


class Listener:
    """LISTEN on a dedicated connection; reconnect with backoff; resync everyone after a gap."""

    def __init__(self, dsn: str, on_move: Callable[[Move], Awaitable[None]],
                 on_gap: Callable[[], Awaitable[None]]) -> None:
        self.dsn, self.on_move, self.on_gap = dsn, on_move, on_gap
        self.task: asyncio.Task[None] | None = None
        self.connected = asyncio.Event()

    def start(self) -> None:
        """Begin listening in the background."""
        self.task = asyncio.create_task(self._run())

    async def close(self) -> None:
        """Stop listening."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def _run(self) -> None:
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
            await connection.add_listener(CHANNEL, self._notified)
            self.connected.set()
            delay = 0.1
            if not first:
                await self.on_gap()  # what was sent while we were deaf is lost: resync
            first = False
            await self._watch(connection, lost)
            self.connected.clear()

    async def _watch(self, connection: asyncpg.Connection, lost: asyncio.Event) -> None:
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

    def _notified(self, _connection: Any, _pid: int, _channel: str, payload: str) -> None:
        move: Move = json.loads(payload)
        if move.get("origin") != ORIGIN:
            asyncio.get_running_loop().create_task(self._deliver(move))

    async def _deliver(self, move: Move) -> None:
        try:
            await self.on_move(move)
        except Exception:  # one bad delivery must not stop the listener
            log.exception("could not deliver move %s", move)
