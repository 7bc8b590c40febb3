"""One per shard, seen as one: the move logs, the room leases and the Postgres bus of a process
whose rooms are spread over several databases (the rule is in shards.py).

Each hands a room's work to the part of its room's shard, so a shard that is down stops only
its own rooms: their moves answer `busy`, their leases wait, their notices wait for its bus to
reconnect, while the other shards' rooms play on.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from .bus import PostgresBus, listener_dsn
from .db import make_engine
from .leases import Leases, LocalLeases, PostgresLeases
from .movelog import Move, MoveLog
from .nats_bus import NatsBus
from .notice_bus import HEARTBEAT_SECONDS, ORIGIN_TTL_BEATS
from .notices import Before, Bus, LocalBus, Notice, Played, Remote
from .presence import Census, PresenceBoard
from .settings import Settings
from .shards import shard_of, share


def engines(settings: Settings) -> list[AsyncEngine]:
    """An engine per shard, the process's `pool_size` shared among them; several shards
    must all be Postgres (ValueError otherwise: SQLite is one process on one file)."""
    urls = settings.shards
    if len(urls) > 1 and None in (listener_dsn(url) for url in urls):
        raise ValueError("DATABASE_URLS: every shard must be a Postgres database")
    size = share(settings.pool_size, len(urls))
    return [make_engine(url, size, settings.pool_timeout) for url in urls]


def bus_and_leases(settings: Settings) -> tuple[Bus, Leases]:
    """On Postgres, the processes talk through the shards' NOTIFY channels, a room's on its
    shard (or through NATS, with BUS_URL) and take turns running each room's computer players
    (a room's lease on its shard); SQLite is one process."""
    dsns = [listener_dsn(url) for url in settings.shards]
    if dsns[0] is None:
        return LocalBus(), LocalLeases()
    postgres = [dsn for dsn in dsns if dsn is not None]
    leases: Leases = (PostgresLeases(postgres[0]) if len(postgres) == 1
                      else ShardedLeases([PostgresLeases(dsn) for dsn in postgres]))
    if settings.bus_url:
        return NatsBus(settings.bus_url, settings.shards[0]), leases
    if len(postgres) == 1:
        return PostgresBus(postgres[0]), leases
    return ShardedBus([PostgresBus(dsn) for dsn in postgres]), leases


class ShardedLog:
    """Each move committed on its room's shard's log."""

    def __init__(self, logs: Sequence[MoveLog]) -> None:
        self.logs = list(logs)

    async def commit(self, move: Move) -> bool:
        """The room's shard's `commit` (MoveLog)."""
        return await self.logs[shard_of(move.code)].commit(move)

    def admit(self, code: str) -> None:
        """The room's shard's `admit`: a slow shard refuses only its own rooms' moves."""
        self.logs[shard_of(code)].admit(code)

    def waiting(self) -> int:
        """Moves waiting, over every shard."""
        return sum(log.waiting() for log in self.logs)

    async def close(self) -> None:
        """Close every shard's log."""
        for log in self.logs:
            await log.close()


class ShardedLeases:
    """Each room's lease taken on its shard (an advisory lock there)."""

    def __init__(self, parts: Sequence[PostgresLeases]) -> None:
        self.parts = list(parts)
        self._on_gained: Callable[[str], None] | None = None

    @property
    def on_gained(self) -> Callable[[str], None] | None:
        """Called when a wanted room's lease comes to this process, from any shard."""
        return self._on_gained

    @on_gained.setter
    def on_gained(self, call: Callable[[str], None] | None) -> None:
        self._on_gained = call
        for part in self.parts:
            part.on_gained = call

    def start(self) -> None:
        """Connect to every shard and try for the wanted rooms there."""
        for part in self.parts:
            part.start()

    def held(self, code: str) -> bool:
        """True while this process holds the room's lease."""
        return self.parts[shard_of(code)].held(code)

    def want(self, code: str) -> None:
        """Try for the room's lease on its shard."""
        self.parts[shard_of(code)].want(code)

    async def drop(self, code: str) -> None:
        """Give the room's lease back."""
        await self.parts[shard_of(code)].drop(code)

    async def close(self) -> None:
        """Give every lease back."""
        for part in self.parts:
            await part.close()


class ShardedBus:
    """A NOTIFY channel per shard, a room's notices on its shard's: one origin, one presence
    board, and each shard's heartbeats (a process is alive while any shard hears it)."""

    every_room = True  # each shard's NOTIFY channel carries all its rooms

    def __init__(self, parts: Sequence[PostgresBus],
                 heartbeat: float = HEARTBEAT_SECONDS) -> None:
        self.parts = list(parts)
        self.board = PresenceBoard(ttl=ORIGIN_TTL_BEATS * heartbeat)
        origin = uuid.uuid4().hex
        for part in self.parts:
            part.origin, part.board = origin, self.board

    def _of(self, code: str) -> PostgresBus:
        return self.parts[shard_of(code)]

    def moved(self, code: str, played: Played, before: Before = ()) -> None:
        """Queue the move's notices on the room's shard."""
        self._of(code).moved(code, played, before)

    async def announce(self, code: str, notice: Notice, data: dict[str, Any]) -> None:
        """Send a room's notice on its shard."""
        await self._of(code).announce(code, notice, data)

    async def hold(self, code: str) -> None:
        """Every process hears every room of a NOTIFY channel."""
        await self._of(code).hold(code)

    async def release(self, code: str) -> None:
        """As `hold`."""
        await self._of(code).release(code)

    async def census(self, code: str) -> Census:
        """Every shard's channel carries its rooms' presence to every process."""
        return Census(self.board.remote(code))

    async def start(self, remote: Remote) -> None:
        """Listen on every shard."""
        for part in self.parts:
            await part.start(remote)

    async def close(self) -> None:
        """Stop listening everywhere."""
        for part in self.parts:
            await part.close()
