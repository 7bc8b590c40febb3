"""The moves role: submitting a move on the room's live game (seating.py) and catching up.

Each room's current GameState and version stay in memory, so a move neither loads nor parses
anything: it applies the engine, then commits in one transaction (the version-guarded UPDATE
that also takes the row lock, the log row, the bus announcement), then publishes, all under the
room's lock so that each socket gets its frames in version order. The database stays the truth:
a guard that fails (another process moved) or any refusal first catches the cache up from the
log (seating.py loads a missed game: the last snapshot and the later actions).
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from app.engine import (
    Action,
    EngineError,
    GameState,
    MalformedAction,
    action_from_json,
    apply_action,
)

from . import gamestore as store
from . import metrics
from .db import UnitOfWork, busy, unavailable
from .errors import ENGINE_ERRORS, ErrorCode, ServiceError
from .frames import ErrorFrame, Frame, TimeoutFrame
from .hub import Connection
from .live import LiveGame
from .movelog import Duplicate, Move, MoveLog
from .notices import Notice, Played
from .publish import Publisher
from .reads import Reads
from .seating import LiveGames

RESYNCED = {ErrorCode.STALE_VERSION, ErrorCode.GAME_OVER}  # refusals followed by a sync
NEW_GAME = ServiceError(ErrorCode.STALE_VERSION, "A new game has started: here is your seat in it.")


class SeatsChanged(Exception):
    """A move met a new game this process had not bound its sockets to (now done)."""


class Moves(LiveGames):
    """Submits moves, one room at a time under the room's lock, on the live games."""

    def __init__(self, uow: UnitOfWork, log: MoveLog, reads: Reads, publisher: Publisher,
                 snapshot_every: int, in_flight: int) -> None:
        super().__init__(uow, reads, publisher)
        self.log = log
        self.snapshot_every = snapshot_every
        self.limit, self.in_flight = in_flight, 0

    # --- moves ----------------------------------------------------------------------------

    async def submit(self, conn: Connection, raw_action: dict[str, Any], version: int,
                     client_id: str) -> None:
        """A socket's move, as the seat the socket holds when the move is checked: committed
        and published, or answered with an error (and a sync)."""
        try:
            action = action_from_json(raw_action)
        except MalformedAction as exc:
            raise ServiceError(ErrorCode.BAD_MESSAGE, str(exc)) from exc
        await self.play(conn.code, None, action, version, client_id, reply=conn)

    async def play(self, code: str, seat: int | None, action: Action, version: int,
                   client_id: str, reply: Connection | None = None,
                   first: Frame | None = None, by: str | None = None) -> bool:
        """Play `action` for `seat` at `version`; True if it was committed (and published).

        `seat` None: the seat `reply` is bound to, read under the room's lock (a start or a
        rematch may renumber it until then). A refusal goes to `reply` (none: the server's own
        move, dropped silently); `first` is sent to the room after the commit, before the
        update (a clock's `timeout`); `by` is a `By` mark.
        """
        if self.in_flight >= self.limit:
            raise ServiceError(ErrorCode.BUSY, "Too many moves at once.")
        self.log.admit(code)  # before any work: a move that would wait too long is told now
        started = time.perf_counter()
        self.in_flight += 1
        try:
            async with self.lock(code):
                played = await self._play(code, seat, action, version, client_id, reply, first, by)
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

    async def _play(self, code: str, seat: int | None, action: Action, version: int,
                    client_id: str, reply: Connection | None, first: Frame | None,
                    by: str | None) -> bool:
        live = await self._live(code)
        try:
            if seat is None:
                seat = await self._seat_of(reply, live)
            if version == live.version and not live.over:
                try:
                    state, events = apply_action(live.state, seat, action)
                except EngineError as exc:
                    live = await self._catch_up(live, reply)  # refuse on the latest picture only
                    if live.version == version and not live.over:
                        raise ServiceError(ENGINE_ERRORS.get(type(exc), ErrorCode.ILLEGAL_ACTION),
                                           exc.reason) from exc
                else:
                    previous = live.state
                    if await self._commit(live, seat, action, state, events, client_id, first, by):
                        if first is not None:
                            self.publisher.to_room(code, first)
                        self.publisher.update(live, previous, events, client_id, seat, by)
                        return True
                    live = await self._catch_up(live, reply)  # another process came first
            else:
                live = await self._catch_up(live, reply)
            await self._refuse(live, seat, version, client_id)
        except Duplicate:  # a retry of a move already made: just show where we are
            if reply is not None:
                await self._send_sync(reply, self.games.get(code))
            return False
        except SeatsChanged:  # every socket here has its new seat and a sync of the new game
            return False
        except ServiceError as error:
            if reply is None:
                return False
            self.publisher.send(reply, ErrorFrame.of(error))
            if error.code in RESYNCED:
                await self._send_sync(reply, self.games.get(code))
        return False

    async def _seat_of(self, conn: Connection | None, live: LiveGame) -> int:
        """The seat a socket plays as: the one it is bound to for the live game. A binding
        made for another game (this process learnt of the new game from the move's own load)
        is never used: every socket is re-bound and resynced, and the move refused."""
        if conn is None:
            raise ServiceError(ErrorCode.NOT_YOUR_TURN, "Nobody plays this move.")
        if conn.game_id != live.game_id:
            self.publisher.send(conn, ErrorFrame.of(NEW_GAME))
            await self._new_game(live.code)
            raise SeatsChanged
        if conn.seat is None:
            raise ServiceError(ErrorCode.NOT_YOUR_TURN, "Spectators only watch.")
        return conn.seat

    async def _refuse(self, live: LiveGame, seat: int, version: int, client_id: str) -> None:
        """Why `seat`'s move at `version` cannot be played on `live`: always raises."""
        async with self.uow.move(live.code) as connection:
            # A retry of a committed move carries the version it was made at, now past; only
            # the seat's own moves count (a sync for another seat's id would tell it was used).
            if await store.has_client_id(connection, live.game_id, seat, client_id):
                raise Duplicate
        if live.over:
            raise ServiceError(ErrorCode.GAME_OVER)
        raise ServiceError(ErrorCode.STALE_VERSION,
                           f"You saw version {version}; it is now {live.version}.")

    async def _commit(self, live: LiveGame, seat: int, action: Action, state: GameState,
                      events: list[Any], client_id: str, first: Frame | None,
                      by: str | None) -> bool:
        """Commit the move (guarded by the live version), announced after `first`, a clock's
        timeout, so that other processes send it first too; then advance the live game."""
        version = live.version + 1
        over = bool(state.winner)
        due = over or version - live.snapshot_version >= self.snapshot_every
        before = ([(Notice.TIMEOUT, first.model_dump(exclude={"type"}))]
                  if isinstance(first, TimeoutFrame) else [])
        move = Move(live.code, live.game_id, live.version, seat, action.to_json(),
                    [e.to_json() for e in events], client_id, over,
                    state.to_json() if due else None, before, by)
        if not await self.log.commit(move):
            return False
        live.version, live.state = version, state
        if due:
            live.snapshot_version = version
        return True

    async def _catch_up(self, live: LiveGame, mover: Connection | None = None) -> LiveGame:
        """Bring the live game level with the database, publishing what this process missed
        (moves committed by another process); a new game means a resync of every socket, and
        the move being checked for `mover` (if any) is refused before that sync."""
        async with self.uow.move(live.code) as connection:
            _, game_id, version = await store.current(connection, live.code)
            later = (await store.actions_after(connection, live.game_id, live.version)
                     if game_id == live.game_id and version > live.version else [])
        if game_id != live.game_id:
            if mover is None:
                return await self._new_game(live.code) or live
            self.publisher.send(mover, ErrorFrame.of(NEW_GAME))
            await self._new_game(live.code)
            raise SeatsChanged
        for row in later:
            self._advance(live, row.seq, row.seat, row.action, row.client_id, row.by)
        return live

    def _advance(self, live: LiveGame, version: int, seat: int, action: dict[str, Any],
                 client_id: str, by: str | None) -> None:
        """Apply a move another process committed and send it to our sockets."""
        previous = live.state
        state, events = apply_action(previous, seat, action_from_json(action))
        live.version, live.state = version, state
        self.publisher.update(live, previous, events, client_id, seat, by)

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
                                  played.client_id, played.by)
                    return
            await self._catch_up(live)
