"""The server's roles, wired together once per process (docs/architecture.md).

`rooms` (seats, bots, start, rematch), `moves` (the room lock, submit, the live games, syncs),
`reads` (plain data out), `publisher` (the one publish path, with its `bus`) and `autoplay`.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from .autoplay import Autoplay
from .db import UnitOfWork, make_engine, unavailable
from .errors import ErrorCode, ServiceError
from .frames import ChatLine, Presence, TimeoutFrame, WhisperLine
from .hub import Hub
from .leases import Leases, LocalLeases
from .live import NewGame
from .movelog import CoreLog, MoveLog
from .moves import Moves
from .notices import Bus, Notice, Played
from .presence import Presence as Sockets
from .publish import Publisher
from .reads import Reads, RoomInfo
from .rooms import Rooms
from .settings import AutoPass, Settings
from .sharded import ShardedLog
from .shards import share
from .syncs import Syncs

log = logging.getLogger(__name__)


def move_log(uow: UnitOfWork, bus: Bus, settings: Settings) -> MoveLog:
    """On Postgres, for the moves alone, an engine of `move_pool` connections per shard (one
    statement each), so that no move waits behind a read; elsewhere the one engine (SQLite has
    one writer at a time anyway). Moves queue for them, shed by `move_wait` (admission.py)."""
    patience = settings.move_wait
    limit = settings.move_wait + settings.pool_timeout  # an admitted move waits its turn
    if not uow.postgres:
        return CoreLog(uow.engine, bus, patience=patience, limit=limit)
    size = share(settings.move_pool, len(settings.shards))
    logs = [CoreLog(make_engine(url, size, settings.pool_timeout), bus, owned=True,
                    patience=patience, limit=limit) for url in settings.shards]
    return logs[0] if len(logs) == 1 else ShardedLog(logs)


# What another process changes that a sync shows (the lobby, chat, a seat's mode, the game).
SHOWN_IN_SYNC = frozenset({Notice.LOBBY, Notice.CHAT, Notice.AUTO_PASS, Notice.GAME,
                           Notice.RESYNC})


@dataclass(frozen=True)
class Roles:
    """Everything a request or a socket handler may call."""

    settings: Settings
    hub: Hub
    reads: Reads
    rooms: Rooms
    moves: Moves
    publisher: Publisher
    autoplay: Autoplay
    bus: Bus

    @classmethod
    def build(cls, settings: Settings, engine: AsyncEngine | Sequence[AsyncEngine], bus: Bus,
              leases: Leases | None = None) -> Roles:
        """Wire the roles over the shards' engines (or one), one bus and the room leases
        (leases.py)."""
        uow = UnitOfWork(engine)
        hub, reads = Hub(bus.board), Reads(uow)
        rooms = Rooms(uow, settings.auto_pass_default)
        syncs = Syncs(build_rate=settings.resync_builds_per_second,
                      build_burst=settings.resync_builds_burst)
        publisher = Publisher(hub, reads, bus, settings.presence_interval, syncs)
        moves = Moves(uow, move_log(uow, bus, settings), reads, publisher,
                      settings.snapshot_every, settings.submits_in_flight)
        autoplay = Autoplay(moves, rooms, reads, publisher, leases or LocalLeases(),
                            settings.grace_seconds)
        return cls(settings, hub, reads, rooms, moves, publisher, autoplay, bus)

    async def new_game(self, code: str, command: Callable[[], Awaitable[NewGame]]) -> RoomInfo:
        """Start a game or a rematch (`command`) under the room's lock, every socket here
        re-bound to its seat and resynced before the lock is let go; then the computer
        players look and the other processes are told (they re-bind theirs the same way).
        Returns the room as the command left it."""
        room = await self.moves.new_game(code, command)
        self.autoplay.replan(code, room)  # its plan as the command left it: no read
        await self.publisher.game(code)
        return room

    async def presence(self, code: str) -> Presence:
        """Who is connected to the room, on any process (asked of its holders when this
        process does not hear it)."""
        return self.hub.presence(code, await self.bus.census(code))

    async def lobby_changed(self, code: str, *, before_start: bool = False) -> None:
        """Seats or bots changed: the room's sockets get the lobby; the plan is read again
        (`before_start`: at the start, when there is something to play)."""
        await self.publisher.lobby(code)
        if before_start:
            self.autoplay.unplanned(code)
        else:
            self.autoplay.replan(code)


class Delivery:
    """What the bus hands this process, passed to the roles (the `Remote` of publish.py)."""

    def __init__(self, roles: Roles) -> None:
        self.roles = roles

    async def moved(self, code: str, played: Played) -> None:
        """Another process committed a move: our sockets of the room get it, in order."""
        await self.roles.moves.caught_up(code, played)

    async def notice(self, code: str, notice: Notice, data: dict[str, Any]) -> None:
        """Another process changed the room: the same frames reach our sockets."""
        publisher = self.roles.publisher
        if notice in SHOWN_IN_SYNC:  # even with no socket here: a joining one's sync shows it
            publisher.syncs.changed(code)
        if notice is Notice.AUTO_PASS:  # the process running the room's autoplay must know
            self.roles.autoplay.set_mode(code, data["seat"], AutoPass(data["mode"]))
            await publisher.auto_pass(code, data["seat"], AutoPass(data["mode"]),
                                      announce=False)
        if notice is Notice.PRESENCE:  # even with no socket here: the lobby shows presence
            publisher.presence(code)
        if notice is Notice.LOBBY:  # even with no socket here: this process may run its bots
            self.roles.autoplay.lobby_heard(code)
        if not self.roles.hub.connections(code):
            return
        if notice in (Notice.GAME, Notice.RESYNC):
            await self.roles.moves.resync_room(code)
            self.roles.autoplay.replan(code)
        elif notice is Notice.LOBBY:
            await publisher.lobby(code, announce=False)
        elif notice is Notice.CHAT:
            await publisher.chat(code, ChatLine.model_validate(data), announce=False)
        elif notice is Notice.WHISPER:
            await publisher.whisper(code, WhisperLine.model_validate(data), announce=False)
        elif notice is Notice.TIMEOUT:
            publisher.to_room(code, TimeoutFrame.model_validate(data))

    def away(self, code: str) -> dict[int, float]:
        """How long each seat missing from the room has been away, as this process saw it."""
        return self.roles.hub.away(code)

    def here(self, code: str) -> Sockets:
        """This process's own sockets in the room, now (not as last announced)."""
        return self.roles.hub.local_presence(code)

    async def stale(self) -> None:
        """A process died, perhaps between a move's commit and its notice: every room whose
        game this process holds catches up from the log (only what it missed is sent)."""
        await _each(list(self.roles.moves.games), self.roles.moves.caught_up)

    async def gap(self) -> None:
        """Announcements may be lost: every room with sockets here is resynced from the
        database, and every other room whose game this process holds (its computer players)
        caught up."""
        await _each(list(self.roles.hub.rooms), self.roles.moves.resync_room)
        await _each([code for code in self.roles.moves.games if code not in self.roles.hub.rooms],
                    self.roles.moves.caught_up)


async def _each(codes: list[str], work: Callable[[str], Awaitable[None]]) -> None:
    """`work` on each room in turn; a room whose shard does not answer is left for the next
    time (its sockets catch up when they next act or reconnect), the others go on."""
    for code in codes:
        try:
            await work(code)
        except ServiceError as exc:
            if exc.code is not ErrorCode.BUSY:
                raise
            log.warning("room %s: its database is not answering; not caught up", code)
        except (SQLAlchemyError, OSError) as exc:
            if not unavailable(exc):
                raise
            log.warning("room %s: its database is not answering; not caught up", code)
