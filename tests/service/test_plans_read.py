"""The computer players' plan of a room comes from what the start wrote and from a join's read
of the room, not from a read of its own; a lease gained on a bus that hears every room keeps
the plan, one gained on a per-room bus reads it again (a change may have gone unheard).

Source: docs/performance.md, "Storms" (the open path and the join read the room once)."""

from __future__ import annotations

import asyncio
from functools import partial
from pathlib import Path

import pytest

from app.server.plans import Plan
from app.server.reads import RoomInfo
from app.server.schemas import RoomOptions

from .harness import Service, frames


async def no_read(code: str) -> RoomInfo:
    raise AssertionError(f"the plan of room {code} was read")


def test_the_start_and_a_join_give_the_plan_without_a_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> None:
        async with Service(tmp_path) as service:
            roles = service.roles
            code, host = await roles.rooms.create_room(RoomOptions(variant="base", hunted=2),
                                                       "Morgan", 0)
            await roles.rooms.add_bot(code, host, 1, "heuristic")
            token = await roles.rooms.claim_seat(code, 2, "Ada")
            monkeypatch.setattr(roles.reads, "room", no_read)
            await roles.new_game(code, partial(roles.rooms.start, code, host))
            plan = roles.autoplay.plans[code]
            assert plan.bots == {1: "heuristic"} and set(plan.modes) == {0, 2}
            await roles.autoplay.close()  # as after a restart: the join's read gives it
            roles.autoplay.plans.clear()
            conn = await service.connect(code, token)
            assert [f["type"] for f in await frames(conn)] == ["sync"]
            assert roles.autoplay.plans[code].bots == {1: "heuristic"}
            await roles.autoplay.close()
    asyncio.run(run())


def test_claims_before_the_start_leave_the_plan_to_the_start(tmp_path: Path) -> None:
    async def run() -> None:
        async with Service(tmp_path) as service:
            roles = service.roles
            code, _ = await roles.rooms.create_room(RoomOptions(variant="base", hunted=2),
                                                    "Morgan", 0)
            roles.autoplay.plans[code] = _stale()
            await roles.rooms.claim_seat(code, 1, "Ada")
            await roles.lobby_changed(code, before_start=True)
            assert code not in roles.autoplay.plans  # read again, at the start
            assert not roles.autoplay.running(code)  # nothing to play before it
    asyncio.run(run())


def test_a_lease_gained_keeps_the_plan_only_where_every_room_is_heard(tmp_path: Path) -> None:
    async def run() -> None:
        async with Service(tmp_path) as service:
            autoplay, bus = service.roles.autoplay, service.roles.bus
            for every_room, kept in ((True, True), (False, False)):
                autoplay.plans["room"] = _stale()
                bus.every_room = every_room  # type: ignore[misc]
                autoplay._gained("room")
                assert ("room" in autoplay.plans) is kept
                await autoplay.close()
                autoplay.runners.clear()
    asyncio.run(run())


def _stale() -> Plan:
    """A plan with nothing to play (its room's runner, if kicked, stops at once)."""
    return Plan(bots={}, modes={}, clock=None, bot_delay=0.0)
