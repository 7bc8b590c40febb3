"""Reads for the table beside the game itself: the seat's history, paged newest first
(`GET /api/rooms/{code}/log`), and how long until an absent player may be replaced
(`GET /api/rooms/{code}/away`)."""

from __future__ import annotations

import math
from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import BaseModel

from .deps import OptionalTokenDep, RolesDep
from .routes import ERRORS

MAX_PAGE = 1000  # actions per page: a long Frozen Lands game holds about this many
router = APIRouter(prefix="/api", responses=ERRORS)  # the one error shape, documented


class LogPage(BaseModel):
    """The events of up to `limit` actions before `before` that the asking seat may see."""

    version: int
    events: list[dict[str, Any]]
    before: int | None  # ask `?before=` this for the older page; None: this page starts at 1


class Away(BaseModel):
    """Seconds until each absent player's seat may be handed to a computer (0: now)."""

    grace_seconds: float
    replaceable_in: dict[str, float]


@router.get("/rooms/{code}/log")
async def read_log(code: str, roles: RolesDep, token: OptionalTokenDep = None,
                   before: Annotated[int | None, Query(ge=1)] = None,
                   limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = MAX_PAGE) -> LogPage:
    """The current game's events that the bearer's seat may see (no token: a spectator's),
    newest page first; each page is oldest first."""
    seat = None if token is None else (await roles.reads.identify(code, token)).seat
    version, after, events = await roles.reads.log_page(code, seat, before, limit)
    return LogPage(version=version, events=[e.model_dump() for e in events],
                   before=after + 1 if after else None)


@router.get("/rooms/{code}/away")
async def read_away(code: str, roles: RolesDep) -> Away:
    """For each seated player who is not connected: how long until the host may let a
    computer play for them (the replace route refuses before that)."""
    room, census = await roles.reads.room(code), await roles.bus.census(code)
    grace = roles.settings.grace_seconds
    wait: dict[str, float] = {}
    for seat in room.seats:
        absent = (None if seat.bot or not seat.name
                  else roles.hub.absent_for(code, seat.number, census))
        if absent is not None:
            # Rounded up: 0 only once the replace route accepts.
            wait[str(seat.number)] = math.ceil(max(0.0, grace - absent) * 10) / 10
    return Away(grace_seconds=grace, replaceable_in=wait)
