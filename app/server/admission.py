"""Admission of moves to the move pool: wait your turn while the wait is short, else `busy` at once.

Moves take turns at the move pool's connections, first come, first served: in one `Queue`,
oldest first, which on Postgres the group commit empties a batch at a time (groupcommit.py),
and on SQLite through `Turns` (a released connection goes to the move that waited longest; in
the pool's own queue a newcomer could take it first, and at 200 rooms of a flood the oldest
waiters were passed over until their time-out while the average wait was under a second). A
move is refused `busy` on arrival, before any work (no room lock, no engine, no connection),
only when the queue is standing: when the move at its head has already waited longer than
`patience` seconds, a new one would wait at least as long. A move admitted waits its turn, at
most `limit` seconds, so that only a database that answers nobody fails it. The head's wait
measures the pool's service as it is now (a starved process, a slow database): no rate is
estimated, nothing is tuned per machine (docs/performance.md, "Load shedding").
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import islice

from . import metrics
from .errors import ErrorCode, ServiceError


def overloaded() -> ServiceError:
    """What a move refused at admission hears."""
    return ServiceError(ErrorCode.BUSY, "Too many moves are waiting: try again.")


class Queue:
    """The moves waiting for a connection of one pool, oldest first."""

    def __init__(self, patience: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.patience, self.clock = patience, clock
        self._since: dict[object, float] = {}  # in arrival order: the first is the oldest

    def __len__(self) -> int:
        return len(self._since)

    def admit(self) -> None:
        """Raise `busy` (and count it) when the oldest waiting move has waited longer than
        `patience`; otherwise return at once. Touches nothing else."""
        if self._since and self.clock() - next(iter(self._since.values())) > self.patience:
            metrics.move_shed()
            raise overloaded()

    @contextmanager
    def waiting(self) -> Iterator[None]:
        """Count the block as one move waiting (for its connection)."""
        ticket = object()
        self.join(ticket)
        try:
            yield
        finally:
            self.leave(ticket)

    def join(self, ticket: object) -> None:
        """`ticket` waits from now, behind every ticket already waiting."""
        self._since[ticket] = self.clock()

    def leave(self, ticket: object) -> bool:
        """`ticket` waits no more: True if it was waiting."""
        return self._since.pop(ticket, None) is not None

    def take(self, most: int) -> list[object]:
        """The oldest `most` tickets (fewer if fewer wait), which wait no more."""
        tickets = list(islice(self._since, most))
        for ticket in tickets:
            del self._since[ticket]
        return tickets


class Turns:
    """Turns at a pool of `size` connections, first come, first served; a move waits for its
    turn at most `limit` seconds, then hears `busy` (a database that answers nobody). `queue`
    counts who waits, and admits newcomers."""

    def __init__(self, size: int, patience: float, limit: float) -> None:
        self.queue = Queue(patience)
        self.free = asyncio.Semaphore(size)  # FIFO: a released turn goes to the first waiting
        self.limit = limit

    def turn(self) -> Turns:
        """Hold one of the pool's connections for an `async with` block (taking it is the
        block's part). The turns are their own context manager: a generator-based one cost
        more than the semaphore it guards, on every move."""
        return self

    async def __aenter__(self) -> None:
        if self.free.locked():  # a turn is taken at once when one is free and nobody waits
            with self.queue.waiting():
                try:
                    async with asyncio.timeout(self.limit):
                        await self.free.acquire()
                except TimeoutError as exc:
                    raise ServiceError(ErrorCode.BUSY, "The database is not answering.") from exc
        else:
            await self.free.acquire()

    async def __aexit__(self, *_: object) -> None:
        self.free.release()
