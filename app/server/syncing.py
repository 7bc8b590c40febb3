"""Sending syncs: each socket's is sent as kept (syncs.py) when nothing it shows has changed
since it was built; the seats that lack one are built together from the live game and one read
of the room (a storm brings every seat of a room back at once: docs/performance.md, "Storms").
"""

from __future__ import annotations

from collections.abc import Collection

from app.engine import seat_views

from . import metrics
from .errors import ErrorCode, ServiceError
from .hub import Connection, Hub
from .joinread import RoomRead
from .live import LiveGame
from .publish import lobby_of
from .reads import Reads
from .settings import AutoPass
from .syncs import Stamp, Syncs
from .texts import StateWire, encode_sync, sync_room


class Syncer:
    """Sends the syncs of a room's sockets, always under the room's lock (seating.py)."""

    def __init__(self, reads: Reads, hub: Hub, syncs: Syncs) -> None:
        self.reads, self.hub, self.syncs = reads, hub, syncs

    async def send(self, code: str, conns: Collection[Connection],
                   live: LiveGame | None, *, asked: bool = False,
                   read: RoomRead | None = None) -> None:
        """Send each socket its sync: as kept, or built with one read for all that lack one,
        or from `read` (a join's, made under the lock with nothing changed since) when it
        reaches back far enough (`asked`: a client's resync, whose build spends from the
        room's budget of builds and is refused `rate_limited`, nothing sent and nothing read,
        once it is spent)."""
        if not conns:
            return
        shown = self.hub.sockets(code)  # the presence a kept sync shows (its stamp's)
        stamp = self.stamp(code, live)
        wanted = {conn.seat for conn in conns}
        texts = {seat: text for seat in wanted
                 if (text := self.syncs.get(code, stamp, seat)) is not None}
        if missing := wanted - texts.keys():
            wait = self.syncs.spend(code) if asked else 0.0
            if wait > 0:
                raise ServiceError(ErrorCode.RATE_LIMITED, "This room's syncs are rebuilt too "
                                   f"often: ask again in {max(wait, 0.1):.1f} s.")
            texts |= await self._build(code, missing, live, read)
        built = self.hub.sockets(code)  # the presence the syncs just built show
        at = None if live is None else (live.game_id, live.version)  # the syncs' view's
        for conn in conns:
            conn.send(texts[conn.seat])
            conn.synced = True
            conn.shown = None if at is None else (*at, conn.seat)
            conn.told = built if conn.seat in missing else shown

    def stamp(self, code: str, live: LiveGame | None) -> Stamp:
        """What a sync of the room built now depends on, besides the seat."""
        presence = self.hub.presence(code)
        return self.syncs.stamp(code, live.game_id if live is not None else None,
                                live.version if live is not None else 0, presence.seats,
                                presence.spectators)

    async def _build(self, code: str, seats: set[int | None], live: LiveGame | None,
                     read: RoomRead | None) -> dict[int | None, str]:
        """The seats' syncs (None: a spectator's), kept unless the room changed since the
        read they come from."""
        version = live.version if live is not None else 0
        parts = None if read is None else read.parts(seats, version)
        generation = -1 if read is None else read.generation
        if parts is None:
            generation = self.syncs.generations.get(code, 0)
            parts = await self.reads.sync_parts(code, seats, version)
        stamp = self.stamp(code, live)  # the presence sent is the latest
        presence = self.hub.presence(code)
        room = sync_room(lobby_of(parts.room, presence), presence, parts.chat)
        modes: dict[int | None, AutoPass] = {s.number: s.auto_pass for s in parts.room.seats}
        texts: dict[int | None, str] = {}
        wire = StateWire()  # what the seats' views share is encoded once
        views = {} if live is None else seat_views(live.state, seats)
        for seat in seats:
            texts[seat] = encode_sync(seat, room, version, views.get(seat), parts.events[seat],
                                      modes.get(seat), wire)
            metrics.sync_built()
            if stamp[-1] == generation:  # else the room changed during the read: not kept
                self.syncs.put(code, stamp, seat, texts[seat])
        return texts
