"""Rate limits: token buckets, per socket (ws.py) and per client address for the REST API,
where a request over its allowance is answered `rate_limited` (429, with Retry-After) before
any work is done for it (web.py; docs/protocol.md, Limits).

The address buckets live in the process's memory: behind several processes an address may get
up to that many times the allowance, and a restart forgets them. That is what they are for:
each bucket bounds what one address costs the process it reaches, with no shared store to
reach (or to fail) before every request.
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass
from enum import StrEnum

from .settings import Settings

# Addresses remembered per kind of request; beyond, the least recently seen is forgotten (it
# starts again with a full bucket), so that many addresses cannot fill the memory.
MAX_ADDRESSES = 20_000
# The reads of finished games: rebuilt from their actions, the dearest answers of the API.
FINISHED_READS = re.compile(r"^/api/rooms/[^/]+/(games/[^/]+/replay|results|log)/?$")
READ_METHODS = frozenset({"GET", "HEAD"})


class TokenBucket:
    """`rate` a second with bursts up to `burst`."""

    def __init__(self, rate: float, burst: int, now: float | None = None) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic() if now is None else now

    def allow(self) -> bool:
        """Spend one token if there is one."""
        return self.wait() == 0.0

    def wait(self, now: float | None = None) -> float:
        """Spend one token and answer 0.0, or the seconds until there is one (none spent)."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate if self.rate > 0 else math.inf


class Limited(StrEnum):
    """The kinds of REST requests, each with its own allowance per address."""

    ROOMS = "rooms"  # opening a room (rows written, a game to referee later)
    FINISHED = "finished"  # replay pages, a room's results, a game's log
    REQUESTS = "requests"  # every other call under /api


@dataclass(frozen=True)
class Allowance:
    """Requests per second, with bursts up to `burst`."""

    rate: float
    burst: int

    def said(self, kind: Limited) -> str:
        """The allowance in words, for the refusal's message."""
        return f"At most {self.burst} {kind.value} at once, then {self.rate:g} a second."


def limited(method: str, path: str) -> Limited | None:
    """The kind of a request, or None for what is not limited (the client's files, health)."""
    if not path.startswith("/api/") or path == "/api/health":
        return None
    if method == "POST" and path.rstrip("/") == "/api/rooms":
        return Limited.ROOMS
    if method in READ_METHODS and FINISHED_READS.match(path):
        return Limited.FINISHED
    return Limited.REQUESTS


def allowances(settings: Settings) -> dict[Limited, Allowance]:
    """Each kind's allowance per address, from the settings."""
    return {Limited.ROOMS: Allowance(settings.rooms_per_minute / 60, settings.rooms_burst),
            Limited.FINISHED: Allowance(settings.finished_per_minute / 60,
                                        settings.finished_burst),
            Limited.REQUESTS: Allowance(settings.requests_per_second, settings.requests_burst)}


class AddressBuckets:
    """One bucket per address for one kind of request, the least recently seen forgotten
    beyond `MAX_ADDRESSES`."""

    def __init__(self, allowance: Allowance) -> None:
        self.allowance = allowance
        self.buckets: dict[str, TokenBucket] = {}

    def wait(self, address: str) -> float:
        """Spend one of `address`'s tokens (0.0), or the seconds until it has one."""
        bucket = self.buckets.pop(address, None)  # put back last: the order is recency
        if bucket is None:
            bucket = TokenBucket(self.allowance.rate, self.allowance.burst)
        self.buckets[address] = bucket
        if len(self.buckets) > MAX_ADDRESSES:
            del self.buckets[next(iter(self.buckets))]
        return bucket.wait()
