"""Prometheus metrics at GET /metrics: what a host watches.

Each server process keeps and serves its own figures (no shared multi-process store): behind a
load balancer, scrape every process, not the balanced address (docs/performance.md). The
gauges that describe the process's state (rooms live, pool use) are read when scraped.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, Request, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

# From a few ms (a move on an idle server) to seconds (an overloaded one).
LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

MOVES_COMMITTED = Counter("nao_moves_committed", "Moves committed by this process.")
ACT_TO_PUBLISH = Histogram(
    "nao_act_to_publish_seconds",
    "From a move's arrival to its frames being queued for every local socket of the room.",
    buckets=LATENCY_BUCKETS)
OPEN_SOCKETS = Gauge("nao_open_sockets", "Websockets open on this process.")
ROOMS_LIVE = Gauge("nao_rooms_live", "Rooms with at least one socket joined on this process.")
BUS_LAG = Histogram(
    "nao_bus_lag_seconds",
    "From a frame's publication on the bus by one process to its arrival at another.",
    buckets=LATENCY_BUCKETS)
ROOM_NOTICES = Counter(
    "nao_bus_room_notices",
    "Notices of rooms heard from other processes (moves, chat, lobby...; not presence).")
PRESENCE_HEARD = Counter(
    "nao_bus_presence_notices",
    "Presence notices heard from other processes (a per-room bus: of the rooms held here).")
ROOMS_HEARD = Gauge("nao_bus_rooms_subscribed",
                    "Rooms whose notices this process hears on a per-room bus (NATS).")
SYNCS = Counter("nao_syncs", "Syncs sent: built (a database read and an encoding) or "
                "reused (kept from one built at the same version, syncs.py).", ["how"])
MOVES_WAITING = Gauge("nao_moves_waiting",
                      "Moves waiting for a connection of the move pool (admission.py).")
MOVES_SHED = Counter("nao_moves_shed",
                     "Moves refused `busy` on arrival: the oldest waiting had waited too long.")
POOL = Gauge("nao_db_pool_connections",
             "Database pool connections: size (configured), in_use (checked out), idle, "
             "overflow (opened beyond the size).", ["state"])


def move_committed() -> None:
    """Count one committed move (call once per move, in the process that committed it)."""
    MOVES_COMMITTED.inc()


def move_shed() -> None:
    """Count one move refused at admission."""
    MOVES_SHED.inc()


def published(started: float) -> None:
    """A move's frames are queued: `started` is the `time.perf_counter()` of its arrival."""
    ACT_TO_PUBLISH.observe(time.perf_counter() - started)


def bus_lag(seconds: float) -> None:
    """How long a frame took to cross the bus between processes."""
    BUS_LAG.observe(max(0.0, seconds))


def room_notice() -> None:
    """Count one notice of a room heard from another process."""
    ROOM_NOTICES.inc()


def presence_heard() -> None:
    """Count one presence notice heard from another process."""
    PRESENCE_HEARD.inc()


def rooms_subscribed(count: int) -> None:
    """How many rooms this process hears now."""
    ROOMS_HEARD.set(count)


def sync_built() -> None:
    """Count one sync built from the database."""
    SYNCS.labels("built").inc()


def sync_reused() -> None:
    """Count one sync sent as it was kept."""
    SYNCS.labels("reused").inc()


def socket_opened() -> None:
    OPEN_SOCKETS.inc()


def socket_closed() -> None:
    OPEN_SOCKETS.dec()


def read_pool(*pools: Any) -> None:
    """Set the pool gauges from SQLAlchemy pools, summed over the shards (a pool without a
    size reports in_use only)."""
    POOL.labels("in_use").set(_count(pools, "checkedout"))
    POOL.labels("idle").set(_count(pools, "checkedin"))
    POOL.labels("size").set(_count(pools, "size"))
    POOL.labels("overflow").set(max(0, _count(pools, "overflow")))


def _count(pools: Sequence[Any], name: str) -> int:
    methods = [getattr(pool, name, None) for pool in pools]
    return sum(int(method()) for method in methods if callable(method))


router = APIRouter()


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    """The Prometheus text exposition of this process's metrics."""
    state = request.app.state
    hub = getattr(state, "hub", None)
    if hub is not None:
        ROOMS_LIVE.set(sum(1 for conns in hub.rooms.values() if conns))
    read_pool(*(engine.sync_engine.pool for engine in getattr(state, "engines", ())))
    roles = getattr(state, "roles", None)
    if roles is not None:
        MOVES_WAITING.set(roles.moves.log.waiting())
    return Response(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)
