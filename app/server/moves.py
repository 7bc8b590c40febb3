"""The moves role: the room lock, the live game of each room, submitting, and syncs.

Each room's current GameState and version stay in memory, so a move neither loads nor parses
anything: it applies the engine, then commits in one transaction (the version-guarded UPDATE
that also takes the row lock, the log row, the bus announcement), then publishes, all under the
room's lock so that each socket gets its frames in version order. The database stays the truth:
a guard that fails (another process moved) or any refusal first catches the cache up from the
log, and a cache miss loads the last snapshot and replays the later actions.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from app.engine import (
    Action,
    EngineError,
    GameState,
    MalformedAction,
    action_from_json,
    apply_action,
    view_for,
)

from . import gamestore as store
from . import metrics
from .db import UnitOfWork, busy, unavailable
from .errors import ENGINE_ERRORS, ErrorCode, ServiceError
from .frames import ErrorFrame, Frame, SyncFrame, TimeoutFrame
from .holding import Releases
from .hub import Connection, Hub
from .live import LiveGame, load
from .movelog import Duplicate, Move, MoveLog
from .notices import Notice, Played
from .publish import Publisher, lobby_of
from .reads import Reads

RESYNCED = {ErrorCode.STALE_VERSION, ErrorCode.GAME_OVER}  # refusals followed by a sync


class Moves:
    """Submits moves and sends syncs, one room at a time under the room's lock."""

    def __init__(self, uow: UnitOfWork, log: MoveLog, reads: Reads, publisher: Publisher,
                 snapshot_every: int, in_flight: int) -> None:
        self.uow, self.log, self.reads, self.publisher = uow, log, reads, publisher
        self.hub: Hub = publisher.hub
        self.snapshot_every = snapshot_every
        self.limit, self.in_flight = in_flight, 0
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

    # --- moves ----------------------------------------------------------------------------

    async def submit(self, conn: Connection, raw_action: dict[str, Any], version: int,
                     client_id: str) -> None:
        """A socket's move: committed and published, or answered with an error (and a sync)."""
        if conn.seat is None:
            raise ServiceError(ErrorCode.NOT_YOUR_TURN, "Spectators only watch.")
        try:
            action = action_from_json(raw_action)
        except MalformedAction as exc:
            raise ServiceError(ErrorCode.BAD_MESSAGE, str(exc)) from exc
        await self.play(conn.code, conn.seat, action, version, client_id, reply=conn)

    async def play(self, code: str, seat: int, action: Action, version: int, client_id: str,
                   reply: Connection | None = None, first: Frame | None = None) -> bool:
        """Play `action` for `seat` at `version`; True if it was committed (and published).

        A refusal goes to `reply` (none: the server's own move, dropped silently); `first` is
        sent to the room after the commit, before the update (a clock's `timeout`).
        """
        if self.in_flight >= self.limit:
            raise ServiceError(ErrorCode.BUSY, "Too many moves at once.")
        started = time.perf_counter()
        self.in_flight += 1
        try:
            async with self.lock(code):
                played = await self._play(code, seat, action, version, client_id, reply, first)
            if played:
                metrics.move_committed()
                metrics.published(started)
            return played
        except SQLAlchemyError as exc:
            if not unavailable(exc):
                raise
            raise busy() from exc
        finally:
            self.in_flight -= 1

    async def _play(self, code: str, seat: int, action: Action, version: int, client_id: str,
                    reply: Connection | None, first: Frame | None) -> bool:
        live = await self._live(code)
        try:
            if version == live.version and not live.over:
                try:
                    state, events = apply_action(live.state, seat, action)
                except EngineError as exc:
                    live = await self._catch_up(live)  # refuse on the latest picture only
                    if live.version == version and not live.over:
                        raise ServiceError(ENGINE_ERRORS.get(exc.code, ErrorCode.ILLEGAL_ACTION),
                                           exc.reason) from exc
                else:
                    if await self._commit(live, seat, action, state, events, client_id, first):
                        if first is not None:
                            self.publisher.to_room(code, first)
                        self.publisher.update(code, live.version, state, events, client_id, seat)
                        return True
                    live = await self._catch_up(live)  # another process came first
            else:
                live = await self._catch_up(live)
            await self._refuse(live, version, client_id)
        except Duplicate:  # a retry of a move already made: just show where we are
            if reply is not None:
                await self._send_sync(reply, self.games.get(code))
            return False
        except ServiceError as error:
            if reply is None:
                return False
            self.publisher.send(reply, ErrorFrame.of(error))
            if error.code in RESYNCED:
                await self._send_sync(reply, self.games.get(code))
        return False

    async def _refuse(self, live: LiveGame, version: int, client_id: str) -> None:
        """Why a move at `version` cannot be played on `live`: always raises."""
        async with self.uow.move() as connection:
            # A retry of a committed move carries the version it was made at, now past.
            if await store.has_client_id(connection, live.game_id, client_id):
                raise Duplicate
        if live.over:
            raise ServiceError(ErrorCode.GAME_OVER)
        raise ServiceError(ErrorCode.STALE_VERSION,
                           f"You saw version {version}; it is now {live.version}.")

    async def _commit(self, live: LiveGame, seat: int, action: Action, state: GameState,
                      events: list[Any], client_id: str, first: Frame | None = None) -> bool:
        """Commit the move (guarded by the live version), announced after `first`, a clock's
        timeout, so that other processes send it first too; then advance the live game."""
        version = live.version + 1
        over = bool(state.winner)
        due = over or version - live.snapshot_version >= self.snapshot_every
        before = ([(Notice.TIMEOUT, first.model_dump(exclude={"type"}))]
                  if isinstance(first, TimeoutFrame) else [])
        move = Move(live.code, live.game_id, live.version, seat, action.to_json(),
                    [e.to_json() for e in events], client_id, over,
                    state.to_json() if due else None, before)
        if not await self.log.commit(move):
            return False
        live.version, live.state = version, state
        if due:
            live.snapshot_version = version
        return True

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
        self.releases.later(code)

    async def _live(self, code: str) -> LiveGame:
        live = self.games.get(code)
        if live is None:
            live = await self._load(code)
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

    async def _catch_up(self, live: LiveGame) -> LiveGame:
        """Bring the live game level with the database, publishing what this process missed
        (moves committed by another process); a new game means a resync of every socket."""
        async with self.uow.move() as connection:
            _, game_id, version = await store.current(connection, live.code)
            later = (await store.actions_after(connection, live.game_id, live.version)
                     if game_id == live.game_id and version > live.version else [])
        if game_id != live.game_id:
            self.games.pop(live.code, None)  # reloaded at once: the room stays held
            await self._resync_all(live.code)
            return await self._live(live.code)
        for row in later:
            self._advance(live, row.seq, row.seat, row.action, row.client_id)
        return live

    def _advance(self, live: LiveGame, version: int, seat: int, action: dict[str, Any],
                 client_id: str) -> None:
        """Apply a move another process committed and send it to our sockets."""
        state, events = apply_action(live.state, seat, action_from_json(action))
        live.version, live.state = version, state
        self.publisher.update(live.code, version, state, events, client_id, seat)

    async def caught_up(self, code: str, played: Played | None = None) -> None:
        """Another process committed a move (`played`, or unknown ones): pass it, and any
        before it, to our sockets. The next version is applied as announced; after a gap,
        or for another game, the log is read."""
        # Under the lock: a reload (gap, start, join) holds it from its read of the log until
        # the game is stored; looked up unlocked, the room seemed unheld meanwhile, and a move
        # committed after that read was dropped (its sockets stalled until the next move).
        async with self.lock(code):
            live = self.games.get(code)
            if live is None:
                return  # nobody here holds this room: the next load reads it whole
            if played is not None and played.game_id == live.game_id:
                if played.version <= live.version:
                    return  # already read from the log
                if played.version == live.version + 1:
                    self._advance(live, played.version, played.seat, played.action,
                                  played.client_id)
                    return
            await self._catch_up(live)

    # --- syncs ----------------------------------------------------------------------------

    async def join(self, conn: Connection) -> None:
        """An authenticated socket joins its room and gets its sync, in the room's order."""
        async with self.lock(conn.code):
            live = await self._live_or_none(conn.code)
            self.hub.join(conn)
            await self._send_sync(conn, live)

    async def resync(self, conn: Connection) -> None:
        """A fresh sync for one socket."""
        async with self.lock(conn.code):
            await self._send_sync(conn, await self._live_or_none(conn.code))

    async def resync_room(self, code: str) -> None:
        """After a start or rematch: reload, re-identify every socket (seats may have been
        renumbered) and resync them all, under the lock so no update overtakes a sync."""
        async with self.lock(code):
            self.games.pop(code, None)  # reloaded at once: the room stays held
            await self._resync_all(code)

    async def _resync_all(self, code: str) -> None:
        live = await self._live_or_none(code)
        for conn in self.hub.connections(code):
            if conn.token is not None:
                try:
                    who = await self.reads.identify(code, conn.token)
                except ServiceError:  # its seat was given back: the socket watches from now on
                    conn.token, conn.seat, conn.name = None, None, ""
                else:
                    conn.seat, conn.name = who.seat, who.name
            await self._send_sync(conn, live)

    async def _live_or_none(self, code: str) -> LiveGame | None:
        try:
            return await self._live(code)
        except ServiceError as error:
            if error.code is ErrorCode.NOT_STARTED:
                return None
            raise

    async def _send_sync(self, conn: Connection, live: LiveGame | None) -> None:
        """Build the socket's sync from the live game and one read (under the room's lock)."""
        version = live.version if live is not None else 0
        parts = await self.reads.sync_parts(conn.code, conn.seat, version)
        mode = next((s.auto_pass for s in parts.room.seats if s.number == conn.seat), None)
        frame = SyncFrame(seat=conn.seat, lobby=lobby_of(parts.room, self.hub.presence(conn.code)),
                          presence=self.hub.presence(conn.code), chat=parts.chat, version=version,
                          view=None if live is None else view_for(live.state, conn.seat),
                          events=parts.events, auto_pass=mode)
        self.publisher.send(conn, frame)
        conn.synced = True
