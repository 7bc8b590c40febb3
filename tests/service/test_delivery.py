"""A move another process committed reaches this process's sockets: applied as announced when
it is the next version, read from the log after a gap or when a process died (its last notice
may be lost with it), and never twice. Two processes share one SQLite file; the notices are
handed over by hand."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from app.engine import view_for
from app.server import seating as seating_module
from app.server.db import UnitOfWork
from app.server.hub import Connection
from app.server.joinread import RoomRead, read_room
from app.server.live import LiveGame
from app.server.roles import Delivery

from .harness import Service, frames, play_on


async def watched(here: Service, there: Service) -> tuple[str, Connection, LiveGame]:
    """A table opened on `there`, watched from `here` by Hunted 1 (its sync read), and
    `there`'s live game."""
    code, tokens = await there.open_table(hunted=2)
    watcher = await here.connect(code, tokens[1])
    assert [f["type"] for f in await frames(watcher)] == ["sync"]
    live = await there.roles.moves.live(code)
    assert live is not None
    return code, watcher, live


def test_announced_moves_are_applied_in_order_and_a_gap_is_read_from_the_log(
        tmp_path: Path) -> None:
    async def run() -> None:
        async with Service(tmp_path) as here, Service(tmp_path) as there:
            code, watcher, live = await watched(here, there)
            delivery = Delivery(here.roles)

            lost = await play_on(there, code, live, "c1")  # its notice never arrives
            second = await play_on(there, code, live, "c2")
            await delivery.moved(code, second)  # a gap: versions 1 and 2 from the log
            assert [f["version"] for f in await frames(watcher)] == [1, 2]

            third = await play_on(there, code, live, "c3")
            await delivery.moved(code, third)  # the next version: applied as announced
            [update] = await frames(watcher)
            assert update["version"] == 3
            assert update["view"] == json.loads(json.dumps(view_for(live.state, 1)))

            for stale in (lost, second, third):  # late or repeated notices change nothing
                await delivery.moved(code, stale)
            assert await frames(watcher) == []
    asyncio.run(run())


def test_when_a_process_dies_every_room_here_catches_up_from_the_log(tmp_path: Path) -> None:
    async def run() -> None:
        async with Service(tmp_path) as here, Service(tmp_path) as there:
            code, watcher, live = await watched(here, there)
            await play_on(there, code, live, "c1")  # committed; `there` dies before its notice
            await Delivery(here.roles).stale()
            [update] = await frames(watcher)
            assert update["version"] == 1
            assert update["view"] == json.loads(json.dumps(view_for(live.state, 1)))
    asyncio.run(run())


def test_a_move_announced_while_the_room_is_reloaded_here_still_reaches_its_sockets(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A resync (after a gap, a start, a join) reads the game, then stores it: a notice of a
    move committed in between must wait for it, not find the room unheld and be dropped."""
    async def run() -> None:
        async with Service(tmp_path) as here, Service(tmp_path) as there:
            code, watcher, live = await watched(here, there)
            read, stored = asyncio.Event(), asyncio.Event()

            async def held_read(uow: UnitOfWork, room: str) -> RoomRead:
                loaded = await read_room(uow, room)  # version 0: the move below is not in yet
                read.set()
                await stored.wait()
                return loaded

            monkeypatch.setattr(seating_module, "read_room", held_read)
            resync = asyncio.create_task(Delivery(here.roles).gap())
            await read.wait()
            played = await play_on(there, code, live, "c1")
            delivered = asyncio.create_task(Delivery(here.roles).moved(code, played))
            await asyncio.sleep(0.01)  # the notice is handled while the reload is held
            stored.set()
            await asyncio.wait_for(asyncio.gather(resync, delivered), 5)
            sent = await frames(watcher)
            assert [f["type"] for f in sent] == ["sync", "update"], sent
            assert [sent[0]["version"], sent[1]["version"]] == [0, 1]
    asyncio.run(run())
