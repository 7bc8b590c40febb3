"""The answers to one census of a room (nats_bus.py): who is in a room this process does not
hold, as its holders see it, gathered until every holder known to have sockets there answered."""

from __future__ import annotations

import asyncio
from collections.abc import Collection

import orjson
from nats.aio.msg import Msg

from .presence import Census, Presence

STATUS, NO_RESPONDERS = "Status", "503"  # what NATS answers a request nobody subscribed to


class Tally:
    """Merges the holders' answers; `done` once no live origin that an answer names as having
    sockets in the room is still to answer.

    Each answer gives its sender's own sockets and the other origins' as it heard them; an
    origin's own word wins over another's report of it, so a slow holder is still counted.
    """

    def __init__(self, origin: str, alive: Collection[str]) -> None:
        self.origin, self.alive = origin, alive  # `alive`: the origins heard lately (live)
        self.answered: set[str] = set()
        self.seen: dict[str, Presence] = {}  # each origin's sockets in the room
        self.away: dict[int, float] = {}  # seat -> the shortest absence any holder saw
        self.done = asyncio.Event()

    async def heard(self, message: Msg) -> None:
        """One answer (or NATS's word that the room has no holder)."""
        if message.headers and message.headers.get(STATUS) == NO_RESPONDERS:
            self.done.set()
            return
        answer = orjson.loads(message.data)
        sender = answer["o"]
        self.answered.add(sender)
        for origin, presence in answer["p"].items():
            if origin == sender or origin not in self.answered:
                self.seen[origin] = Presence.from_json(presence)
        for seat, seconds in answer["a"].items():
            self.away[int(seat)] = min(float(seconds), self.away.get(int(seat), float(seconds)))
        named = {o for o, p in self.seen.items() if p and o in self.alive}
        if not named - self.answered - {self.origin}:
            self.done.set()

    def census(self) -> Census:
        """The room's sockets on every other process; the absence of the seats not among them."""
        remote = Presence()
        for origin, presence in self.seen.items():
            if origin != self.origin:
                remote = remote | presence
        return Census(remote, {s: t for s, t in self.away.items() if s not in remote.seats})
