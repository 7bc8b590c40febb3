"""A move another process committed reaches this process's sockets: applied as announced when
it is the next version, read from the log after a gap or when a process died (its last notice
may be lost with it), and never twice. Two processes share one SQLite file; the notices are
handed over by hand."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from app.engine import action_from_json, view_for
from app.server.live import LiveGame
from app.server.notices import Played
from app.server.roles import Delivery

from .harness import Service, frames


async def play_on(service: Service, code: str, live: LiveGame, client_id: str) -> Played:
    """A waited-on seat plays its first legal action on `service`: the move as announced."""
    seat = view_for(live.state, None)["waiting_on"][0]["seat"]
    action = view_for(live.state, seat)["legal_actions"][0]
    moves = service.roles.moves
    assert await moves.play(code, seat, action_from_json(action), live.version, client_id)
    return Played(live.game_id, live.version, seat, action, client_id)


def test_announced_moves_are_applied_in_order_and_a_gap_is_read_from_the_log(
        tmp_path: Path) -> None:
    async def run() -> None:
        async with Service(tmp_path) as here, Service(tmp_path) as there:
            code, tokens = await there.open_table(hunted=2)
            watcher = await here.connect(code, tokens[1])
            assert [f["type"] for f in await frames(watcher)] == ["sync"]
            live = await there.roles.moves.live(code)
            assert live is not None
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
            code, tokens = await there.open_table(hunted=2)
            watcher = await here.connect(code, tokens[1])
            await frames(watcher)
            live = await there.roles.moves.live(code)
            assert live is not None
            await play_on(there, code, live, "c1")  # committed; `there` dies before its notice
            await Delivery(here.roles).stale()
            [update] = await frames(watcher)
            assert update["version"] == 1
            assert update["view"] == json.loads(json.dumps(view_for(live.state, 1)))
    asyncio.run(run())
