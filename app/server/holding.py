"""Which rooms this process hears on the bus: the ones it holds (a socket, or a live game).

A room is held from the moment a load subscribes to it (`Bus.hold`, before the read) until
nobody here holds it any more: no socket in the hub and no live game. Then `Releases.later`
gives the room back to the bus, under the room's lock, as every load runs: a load that began
before it stored its game first (the room is held again, nothing is released), and a load
after it subscribes again before it reads. On Postgres every process hears every room anyway
(`hold` and `release` do nothing); on NATS a released room's notices stop reaching it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

from .hub import Hub
from .notices import Bus


class Releases:
    """Gives rooms back to the bus once nobody here holds them."""

    def __init__(self, bus: Bus, lock: Callable[[str], asyncio.Lock], games: Mapping[str, Any],
                 hub: Hub) -> None:
        self.bus, self.lock, self.games, self.hub = bus, lock, games, hub
        self._pending: set[asyncio.Task[None]] = set()

    def later(self, code: str) -> None:
        """Release the room soon, unless it is held again by then."""
        task = asyncio.create_task(self._release(code))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _release(self, code: str) -> None:
        async with self.lock(code):
            if code not in self.games and not self.hub.rooms.get(code):
                await self.bus.release(code)
