"""Encoded syncs kept for reuse, so that the cost of `resync` is bounded per room: asked again
while nothing it shows has changed, a seat's sync is sent as it was built (no database read,
no encoding), however many sockets ask.

A room's syncs hold for one stamp: its game, version and presence, and the room's generation,
moved on by everything else a sync shows (the lobby, the chat, a seat's auto-pass mode) as it
is published here or heard from another process. A sync built while the generation moved on is
not kept: it may show what was true before.

A `resync` that needs a build spends a token of its room's budget (`spend`): a room whose
sockets alternate a change (a chat line) and a resync cannot make this process build syncs
faster than the budget, however many sockets it has. Over it, the resync is refused
`rate_limited` with the wait in the message (never answered with an older sync).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from . import metrics
from .throttle import TokenBucket

# Characters of syncs a process keeps (a Frozen Lands table's sync is up to ~100 KB); beyond,
# the rooms least recently asked are forgotten.
SYNCS_CAPACITY = 8 << 20
Stamp = tuple[int | None, int, tuple[int, ...], int, int]


@dataclass(slots=True)
class RoomSyncs:
    """One room's syncs for one stamp, by seat (None: a spectator's)."""

    stamp: Stamp
    texts: dict[int | None, str] = field(default_factory=dict)
    size: int = 0


class Syncs:
    """The syncs of this process's rooms, the least recently used forgotten past `capacity`."""

    def __init__(self, capacity: int = SYNCS_CAPACITY, build_rate: float = 5.0,
                 build_burst: int = 20) -> None:
        self.capacity = capacity
        self.build_rate, self.build_burst = build_rate, build_burst
        self.budgets: dict[str, TokenBucket] = {}  # per room held here, for resyncs' builds
        self.rooms: dict[str, RoomSyncs] = {}  # least recently used first
        self.size = 0
        self.generations: dict[str, int] = {}
        self._next = itertools.count(1)  # never reused: a forgotten room starts afresh

    def stamp(self, code: str, game_id: int | None, version: int, seats: list[int],
              spectators: int) -> Stamp:
        """What a sync of the room built now depends on, besides the seat."""
        return (game_id, version, tuple(seats), spectators, self.generations.get(code, 0))

    def get(self, code: str, stamp: Stamp, seat: int | None) -> str | None:
        """The seat's sync for this stamp, if one was kept."""
        room = self.rooms.get(code)
        text = room.texts.get(seat) if room is not None and room.stamp == stamp else None
        if text is not None:
            self.rooms[code] = self.rooms.pop(code)  # the most recently used now
            metrics.sync_reused()
        return text

    def put(self, code: str, stamp: Stamp, seat: int | None, text: str) -> None:
        """Keep a sync just built for `stamp`, unless the room changed since."""
        if stamp[-1] != self.generations.get(code, 0):
            return
        room = self.rooms.pop(code, None)
        if room is None or room.stamp != stamp:  # what was kept is older: the latest only
            self.size -= room.size if room is not None else 0
            room = RoomSyncs(stamp)
        grown = len(text) - len(room.texts.get(seat, ""))
        room.texts[seat] = text
        room.size += grown
        self.size += grown
        self.rooms[code] = room
        while self.size > self.capacity and self.rooms:
            self.size -= self.rooms.pop(next(iter(self.rooms))).size

    def spend(self, code: str) -> float:
        """Spend one of the room's builds for a resync: 0.0, or the seconds until one is
        available (none spent)."""
        budget = self.budgets.get(code)
        if budget is None:
            budget = self.budgets[code] = TokenBucket(self.build_rate, self.build_burst)
        return budget.wait()

    def changed(self, code: str) -> None:
        """Something a sync of the room shows has changed: its kept syncs go."""
        self.generations[code] = next(self._next)
        self._drop(code)

    def forget(self, code: str) -> None:
        """Nobody here holds the room any more."""
        self.generations.pop(code, None)
        self.budgets.pop(code, None)
        self._drop(code)

    def _drop(self, code: str) -> None:
        room = self.rooms.pop(code, None)
        if room is not None:
            self.size -= room.size
