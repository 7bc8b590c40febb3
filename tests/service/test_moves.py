"""The move path in one process (fast tier): a committed move reaches every socket of the room
as its seat's own view; a stale, repeated or illegal move changes nothing and says why."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from app.engine import CREATURE, view_for
from app.server.hub import Connection
from app.server.live import LiveGame

from .harness import JSON, Service, frames


def run(body: Coroutine[Any, Any, None]) -> None:
    asyncio.run(body)


async def seated(service: Service, hunted: int = 2
                 ) -> tuple[str, dict[int | None, Connection], LiveGame]:
    """A started table with a synced socket per seat and a spectator's (key None)."""
    code, tokens = await service.open_table(hunted)
    conns: dict[int | None, Connection] = {
        seat: await service.connect(code, token) for seat, token in tokens.items()}
    conns[None] = await service.connect(code, None)
    for conn in conns.values():
        assert [f["type"] for f in frames(conn)] == ["sync"]
    live = await service.roles.moves.live(code)
    assert live is not None
    return code, conns, live


def waited_on(live: LiveGame) -> tuple[int, JSON]:
    """A seat the game waits on (as everyone's view says), and its first legal action."""
    seat = view_for(live.state, None)["waiting_on"][0]["seat"]
    return seat, view_for(live.state, seat)["legal_actions"][0]


def as_sent(value: object) -> object:
    return json.loads(json.dumps(value))


def test_a_move_reaches_every_socket_as_its_seats_own_view(tmp_path: Path) -> None:
    async def body() -> None:
        async with Service(tmp_path) as service:
            _, conns, live = await seated(service)
            seat, action = waited_on(live)
            await service.roles.moves.submit(conns[seat], action, 0, "c1")
            assert live.version == 1
            for who, conn in conns.items():
                [update] = frames(conn)
                assert update["type"] == "update" and update["version"] == 1
                assert update["view"] == as_sent(view_for(live.state, who))
                assert (update.get("client_id") == "c1") == (who == seat)  # only the mover's
    run(body())


def test_a_move_at_an_old_version_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    async def body() -> None:
        async with Service(tmp_path) as service:
            _, conns, live = await seated(service)
            seat, action = waited_on(live)
            await service.roles.moves.submit(conns[seat], action, 0, "c1")
            for conn in conns.values():
                frames(conn)
            seat, action = waited_on(live)
            await service.roles.moves.submit(conns[seat], action, 0, "c2")  # saw version 0
            error, sync = frames(conns[seat])
            assert error["type"] == "error" and error["code"] == "stale_version"
            assert sync["type"] == "sync" and sync["version"] == 1  # where the game is now
            assert live.version == 1
            assert all(frames(c) == [] for w, c in conns.items() if w != seat)
    run(body())


def test_a_retried_move_lands_once(tmp_path: Path) -> None:
    async def body() -> None:
        async with Service(tmp_path) as service:
            _, conns, live = await seated(service)
            seat, action = waited_on(live)
            await service.roles.moves.submit(conns[seat], action, 0, "same")
            frames(conns[seat])
            await service.roles.moves.submit(conns[seat], action, 0, "same")  # its answer lost
            assert [f["type"] for f in frames(conns[seat])] == ["sync"]
            assert live.version == 1
    run(body())


def test_a_move_not_this_seats_to_make_gets_a_clear_error_and_changes_nothing(
        tmp_path: Path) -> None:
    async def body() -> None:
        async with Service(tmp_path) as service:
            _, conns, live = await seated(service)
            hunted_action = view_for(live.state, 1)["legal_actions"][0]  # choosing Place cards
            before = live.state.to_json()
            await service.roles.moves.submit(conns[CREATURE], hunted_action, 0, "c1")
            [error] = frames(conns[CREATURE])
            assert error["type"] == "error" and error["code"] in (
                "illegal_action", "not_your_turn") and error["message"]
            assert live.version == 0 and live.state.to_json() == before
            assert all(frames(c) == [] for c in conns.values())
    run(body())


def test_a_new_process_finds_the_game_where_it_was(tmp_path: Path) -> None:
    async def body() -> None:
        async with Service(tmp_path) as first:
            code, conns, live = await seated(first)
            for n in range(25):  # past a stored snapshot (every 20 moves), then the log
                seat, action = waited_on(live)
                await first.roles.moves.submit(conns[seat], action, n, f"c{n}")
            state = live.state.to_json()
        async with Service(tmp_path) as second:
            again = await second.roles.moves.live(code)
            assert again is not None and again.version == 25
            assert again.state.to_json() == state
    run(body())
