"""Who is connected to a room, across processes, and presence frames at a bounded rate.

Each process knows its own sockets (the hub) and hears the other processes' announcements
(their own sockets per room, through the bus). `PresenceBoard` merges them per origin; an
origin that stops sending (its heartbeat included) for `ttl` seconds is dead, and its sockets
leave every room. `Coalescer` makes a room's presence frame at most once per interval, however
many sockets come and go meanwhile: 300 spectators joining one by one cost each socket a few
frames, not 300.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

PRESENCE_INTERVAL = 0.15  # seconds between two presence frames of one room, at least
SPECTATOR_INTERVAL = 1.0  # seconds between two frames that only change the spectator count
ORIGIN_TTL = 6.0  # seconds of silence after which another process counts as dead


@dataclass(frozen=True, slots=True)
class Presence:
    """Connected seats and the number of spectators (of one process, or merged)."""

    seats: frozenset[int] = frozenset()
    spectators: int = 0

    @classmethod
    def of(cls, seats: Iterable[int | None]) -> Presence:
        """Presence of sockets given by their seats (None: a spectator)."""
        listed = list(seats)
        return cls(frozenset(s for s in listed if s is not None),
                   sum(1 for s in listed if s is None))

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Presence:
        """Read an announcement's `{"seats": [...], "spectators": n}`."""
        return cls(frozenset(int(s) for s in raw["seats"]), int(raw["spectators"]))

    def to_json(self) -> dict[str, Any]:
        """The wire shape of `presence` (seats in order)."""
        return {"seats": sorted(self.seats), "spectators": self.spectators}

    def __or__(self, other: Presence) -> Presence:
        return Presence(self.seats | other.seats, self.spectators + other.spectators)

    def __bool__(self) -> bool:
        return bool(self.seats) or self.spectators > 0


@dataclass(frozen=True, slots=True)
class Census:
    """The other processes' sockets in a room, and for each seat missing from the room how
    long (seconds) its holders have seen it away, when they saw it go."""

    remote: Presence = Presence()
    away: Mapping[int, float] = field(default_factory=dict)


class PresenceBoard:
    """The other processes' presence per room, by origin, forgotten when an origin goes quiet."""

    def __init__(self, ttl: float = ORIGIN_TTL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl, self.clock = ttl, clock
        self.rooms: dict[str, dict[str, Presence]] = {}
        self.seen: dict[str, float] = {}  # origin -> when we last heard from it

    def alive(self, origin: str) -> None:
        """Any notice from an origin shows it is alive."""
        self.seen[origin] = self.clock()

    def heard(self, origin: str, code: str, presence: Presence) -> bool:
        """Record an origin's announcement for a room; True if the room's remote part changed."""
        self.alive(origin)
        room = self.rooms.setdefault(code, {})
        before = room.get(origin, Presence())
        if presence:
            room[origin] = presence
        else:
            room.pop(origin, None)
            if not room:
                del self.rooms[code]
        return before != presence

    def forget(self, code: str) -> None:
        """Drop a room's entries (this process stopped hearing its presence)."""
        self.rooms.pop(code, None)

    def remote(self, code: str) -> Presence:
        """The union of the other processes' sockets in a room."""
        merged = Presence()
        for presence in self.rooms.get(code, {}).values():
            merged = merged | presence
        return merged

    def expire(self) -> set[str]:
        """Forget origins silent for longer than the ttl; the rooms whose presence changed."""
        now = self.clock()
        dead = {origin for origin, seen in self.seen.items() if now - seen > self.ttl}
        changed: set[str] = set()
        for origin in dead:
            del self.seen[origin]
            for code, room in list(self.rooms.items()):
                if room.pop(origin, None) is not None:
                    changed.add(code)
                    if not room:
                        del self.rooms[code]
        return changed


class Coalescer:
    """Run `flush(key)` at most once per `interval` per key, soon after the key changes.

    The first change after a quiet interval flushes on the next turn of the event loop (so the
    changes of one turn go together); later ones wait for the interval to end. `trailing`: every
    flush waits a whole interval after the change that asked for it, gathering what follows.
    """

    def __init__(self, flush: Callable[[str], None], interval: float = PRESENCE_INTERVAL,
                 trailing: bool = False) -> None:
        self.flush, self.interval, self.trailing = flush, interval, trailing
        self.last: dict[str, float] = {}
        self.pending: dict[str, asyncio.TimerHandle | asyncio.Handle] = {}

    def changed(self, key: str) -> None:
        """Note a change; the flush that follows will see it (and any made before it runs)."""
        if key in self.pending:
            return
        loop = asyncio.get_running_loop()
        wait = self.last.get(key, -self.interval) + self.interval - loop.time()
        if self.trailing:
            wait = self.interval
        if wait <= 0:
            self.pending[key] = loop.call_soon(self._run, key)
        else:
            self.pending[key] = loop.call_later(wait, self._run, key)

    def _run(self, key: str) -> None:
        del self.pending[key]
        self.last[key] = asyncio.get_running_loop().time()
        self.flush(key)
        self._forget_old()

    def _forget_old(self) -> None:
        """Keep `last` small: a key quiet for an interval behaves as never seen."""
        if len(self.last) > 4 * len(self.pending) + 1024:
            now = asyncio.get_running_loop().time()
            self.last = {k: t for k, t in self.last.items() if now - t < self.interval}

    def cancel(self) -> None:
        """Drop every pending flush (at shutdown)."""
        for handle in self.pending.values():
            handle.cancel()
        self.pending.clear()


class RoomPresence:
    """A process's view of presence: its own sockets, merged with the other processes'.

    `changed(code)` after a socket comes or goes; at most once per interval it then hands
    `send` the merged `presence` (`send` gives it to each socket last shown another: a sync
    may have shown a socket a presence the room's frames never did), and an
    interval after the change it announces this process's own part to the others (only if that
    differs): the sockets of a room reconnecting together make one notice, not one each. A
    change of the spectator count alone reaches the room at most once per `spectator_interval`:
    a crowd of spectators arriving costs each socket about one frame a second, not one each.
    """

    def __init__(self, local: Callable[[str], Presence],
                 send: Callable[[str, Presence], None],
                 announce: Callable[[str, Presence], None] | None = None,
                 interval: float = PRESENCE_INTERVAL, board: PresenceBoard | None = None,
                 gone_since: dict[tuple[str, int], float] | None = None,
                 spectator_interval: float = SPECTATOR_INTERVAL,
                 seats_changed: Callable[[str], None] | None = None) -> None:
        self.local, self.send, self.announce = local, send, announce
        self.seats_changed = seats_changed  # told when a seat comes or goes (the take-over)
        self.board = board or PresenceBoard()
        self.coalescer = Coalescer(self._flush, interval)
        self.telling = Coalescer(self._tell, interval, trailing=True)
        self.spectator_interval = spectator_interval
        self.sent: dict[str, Presence] = {}  # the merged presence the room's sockets last got
        self.sent_at: dict[str, float] = {}  # when (event loop time)
        self.later: dict[str, asyncio.TimerHandle] = {}  # spectator counts held back
        self.told: dict[str, Presence] = {}  # our own part, as the other processes last heard it
        # When each seat left the merged presence (shared with the hub, for replacements).
        self.gone_since = {} if gone_since is None else gone_since

    def current(self, code: str) -> Presence:
        """Everyone connected to the room, on any live process."""
        return self.local(code) | self.board.remote(code)

    def changed(self, code: str) -> None:
        """Our sockets in the room changed: send and announce soon (coalesced)."""
        self.coalescer.changed(code)

    def _flush(self, code: str) -> None:
        mine = self.local(code)
        merged = mine | self.board.remote(code)
        if self.announce is not None and mine != self.told.get(code, Presence()):
            self.telling.changed(code)
        before = self.sent.get(code, Presence())
        for seat in before.seats - merged.seats:
            self.gone_since[(code, seat)] = time.monotonic()
        if merged.seats != before.seats and self.seats_changed is not None:
            self.seats_changed(code)
        if merged != before and merged.seats == before.seats and self._too_soon(code):
            return
        self.send(code, merged)  # even if unchanged: a socket's sync may show another one
        self.sent_at[code] = asyncio.get_running_loop().time()
        if merged:
            self.sent[code] = merged
        else:
            self.sent.pop(code, None)
            self.sent_at.pop(code, None)

    def _tell(self, code: str) -> None:
        """Announce our part of the room to the other processes, if it changed."""
        mine = self.local(code)
        if self.announce is not None and mine != self.told.get(code, Presence()):
            self.announce(code, mine)
        if mine:
            self.told[code] = mine
        else:
            self.told.pop(code, None)

    def _too_soon(self, code: str) -> bool:
        """Only the spectator count changed, and the room heard of it less than
        `spectator_interval` ago: look again when that has passed."""
        loop = asyncio.get_running_loop()
        due = self.sent_at.get(code, -self.spectator_interval) + self.spectator_interval
        if loop.time() >= due:
            return False
        if code not in self.later:
            self.later[code] = loop.call_later(due - loop.time(), self._look_again, code)
        return True

    def _look_again(self, code: str) -> None:
        del self.later[code]
        self.changed(code)
