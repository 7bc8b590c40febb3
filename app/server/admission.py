"""Admission of moves to the move pool: wait your turn while the wait is short, else `busy` at once.

Moves queue for the move pool's connections first come, first served (the pool's own queue).
A move is refused `busy` on arrival, before any work (no room lock, no engine, no connection),
only when the queue is standing: when the move at its head has already waited longer than
`patience` seconds, a new move would wait at least as long. A move admitted waits its turn;
the pool's own time-out then answers `busy` only for a database that answers nobody. The head's
wait measures the pool's service rate as it is now (a starved process, a slow database): no rate
is estimated and nothing is tuned per machine (docs/performance.md, "Load shedding").
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

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
        self._since[ticket] = self.clock()
        try:
            yield
        finally:
            del self._since[ticket]
