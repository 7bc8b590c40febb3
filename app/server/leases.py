"""Which process runs a room's bots and clocks: exactly one at a time, and another when it dies.

On Postgres a room's lease is a session advisory lock (`pg_try_advisory_lock`) held on one
dedicated connection per process: Postgres releases it the moment that connection ends, so a
process killed with SIGKILL gives up its rooms at once, and a process that wants a room keeps
trying (one batched query per `retry_seconds` for all its waiting rooms) until it gets it.
One process (SQLite) needs no lease: `LocalLeases` holds every room.

The lease saves work and keeps a clock firing once; it is not what keeps moves correct: a move
made by a runner that has just lost its lease still needs the game's current version to land.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
from collections.abc import Callable
from typing import Any, Protocol

import asyncpg

LEASE_NAME = "not-alone-leases"  # application_name prefix in pg_stat_activity; then ":<pid>"
RETRY_SECONDS = 1.0
log = logging.getLogger(__name__)


def room_key(code: str) -> int:
    """The room's advisory-lock key: a signed 64-bit hash of its code (collisions ~2^-64)."""
    digest = hashlib.blake2b(f"not-alone-room:{code}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class Leases(Protocol):
    """The rooms this process may run bots and clocks for."""

    on_gained: Callable[[str], None] | None  # called when a wanted room's lease comes to us

    def held(self, code: str) -> bool:
        """True while this process holds the room's lease."""
        ...

    def want(self, code: str) -> None:
        """Try for the room's lease now and keep trying until it is held or dropped."""
        ...

    async def drop(self, code: str) -> None:
        """Stop wanting the room, and give its lease back if held."""
        ...

    async def close(self) -> None:
        """Give every lease back (at shutdown)."""
        ...


class LocalLeases:
    """A single process holds every lease."""

    def __init__(self) -> None:
        self.on_gained: Callable[[str], None] | None = None

    def held(self, code: str) -> bool:
        """Always: nobody else could run the room."""
        return True

    def want(self, code: str) -> None:
        """Nothing to wait for."""

    async def drop(self, code: str) -> None:
        """Nothing to give back."""

    async def close(self) -> None:
        """Nothing to give back."""


class PostgresLeases:
    """Advisory locks on a dedicated connection; a background task retries wanted rooms."""

    def __init__(self, dsn: str, retry_seconds: float = RETRY_SECONDS,
                 name: str | None = None) -> None:
        self.dsn, self.retry_seconds = dsn, retry_seconds
        self.name = name or f"{LEASE_NAME}:{os.getpid()}"
        self.on_gained: Callable[[str], None] | None = None
        self.wanted: set[str] = set()
        self._held: set[str] = set()
        self._wake = asyncio.Event()
        self._query = asyncio.Lock()  # one statement at a time on the one connection
        self._connection: asyncpg.Connection | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Connect and begin trying for wanted rooms in the background."""
        self._task = asyncio.create_task(self._run())

    def held(self, code: str) -> bool:
        """True while our connection holds the room's lock."""
        return code in self._held

    def want(self, code: str) -> None:
        """Queue the room for the next try (made at once)."""
        if code not in self.wanted:
            self.wanted.add(code)
            self._wake.set()

    async def drop(self, code: str) -> None:
        """Unlock the room if held; a lost connection has already released it."""
        self.wanted.discard(code)
        if code not in self._held:
            return
        self._held.discard(code)
        with contextlib.suppress(OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
            await self._fetch("SELECT pg_advisory_unlock($1)", room_key(code))

    async def close(self) -> None:
        """Stop trying and close the connection, which releases every lock."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._connection is not None:
            with contextlib.suppress(Exception):
                await self._connection.close()
        self._held.clear()

    async def _run(self) -> None:
        delay = 0.1
        while True:
            try:
                self._connection = await asyncpg.connect(self.dsn, server_settings={
                    "application_name": self.name})
            except (OSError, asyncpg.PostgresError):
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
                continue
            delay = 0.1
            self._connection.add_termination_listener(self._lost)
            try:
                await self._try_loop()
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                log.warning("lease connection lost; every room's lease is given up")
            self._lost(self._connection)
            with contextlib.suppress(Exception):
                await self._connection.close()

    def _lost(self, _connection: Any) -> None:
        """The connection is gone and with it every lock: stop believing we hold any."""
        self._held.clear()
        self._wake.set()

    async def _try_loop(self) -> None:
        """Try for every wanted room not held, then wait for a new want or the retry period."""
        assert self._connection is not None
        while not self._connection.is_closed():
            waiting = sorted(self.wanted - self._held)
            if waiting:
                await self._try(waiting)
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.retry_seconds)

    async def _try(self, codes: list[str]) -> None:
        rows = await self._fetch(
            "SELECT k, pg_try_advisory_lock(k) AS got FROM unnest($1::bigint[]) AS k",
            [room_key(code) for code in codes])
        got = {row["k"] for row in rows if row["got"]}
        for code in codes:
            if room_key(code) not in got:
                continue
            if code not in self.wanted:  # dropped while we asked: give it straight back
                await self._fetch("SELECT pg_advisory_unlock($1)", room_key(code))
                continue
            self._held.add(code)
            if self.on_gained is not None:
                self.on_gained(code)

    async def _fetch(self, sql: str, *args: Any) -> list[Any]:
        if self._connection is None or self._connection.is_closed():
            raise asyncpg.InterfaceError("the lease connection is closed")
        async with self._query:
            rows: list[Any] = await self._connection.fetch(sql, *args)
            return rows
