"""The move path in one process (fast tier): a committed move reaches every socket of the room
as its seat's own view; a stale, repeated or illegal move changes nothing and says why."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path

from app.engine import CREATURE, view_for
from app.server.hub import Connection
from app.server.live import LiveGame

from .harness import JSON, Service, frames

Seated = dict[int | None, Connection]  # a synced socket per seat, and a spectator's (None)
Body = Callable[[Service, Seated, LiveGame], Awaitable[None]]


def at_a_started_table(body: Body) -> Callable[[Path], None]:
    """Run `body` on a started 3-seat table whose sockets have had their `sync`."""

    def test(tmp_path: Path) -> None:
        async def run() -> None:
            async with Service(tmp_path) as service:
                code, tokens = await service.open_table(hunted=2)
                conns: Seated = {seat: await service.connect(code, token)
                                 for seat, token in tokens.items()}
                conns[None] = await service.connect(code, None)
                for conn in conns.values():
                    assert [f["type"] for f in await frames(conn)] == ["sync"]
                live = await service.roles.moves.live(code)
                assert live is not None
                await body(service, conns, live)
        asyncio.run(run())
    test.__name__, test.__doc__ = body.__name__, body.__doc__  # not wraps: pytest would
    return test                                                # ask for body's arguments


def waited_on(live: LiveGame) -> tuple[int, JSON]:
    """A seat the game waits on (as everyone's view says), and its first legal action."""
    seat = view_for(live.state, None)["waiting_on"][0]["seat"]
    return seat, view_for(live.state, seat)["legal_actions"][0]


async def play_one(service: Service, conns: Seated, live: LiveGame, client_id: str) -> None:
    """A waited-on seat plays its first legal action; every socket's frames are read."""
    seat, action = waited_on(live)
    await service.roles.moves.submit(conns[seat], action, live.version, client_id)
    for conn in conns.values():
        await frames(conn)


@at_a_started_table
async def test_a_move_reaches_every_socket_as_its_seats_own_view(
        service: Service, conns: Seated, live: LiveGame) -> None:
    seat, action = waited_on(live)
    await service.roles.moves.submit(conns[seat], action, 0, "c1")
    assert live.version == 1
    for who, conn in conns.items():
        [update] = await frames(conn)
        assert update["type"] == "update" and update["version"] == 1
        assert update["view"] == json.loads(json.dumps(view_for(live.state, who)))
        assert (update.get("client_id") == "c1") == (who == seat)  # only the mover's says so


@at_a_started_table
async def test_a_move_at_an_old_version_is_refused_and_changes_nothing(
        service: Service, conns: Seated, live: LiveGame) -> None:
    await play_one(service, conns, live, "c1")
    seat, action = waited_on(live)
    await service.roles.moves.submit(conns[seat], action, 0, "c2")  # it saw version 0
    error, sync = await frames(conns[seat])
    assert error["type"] == "error" and error["code"] == "stale_version"
    assert sync["type"] == "sync" and sync["version"] == 1  # where the game is now
    assert live.version == 1
    assert [await frames(c) for w, c in conns.items() if w != seat] == [[]] * (len(conns) - 1)


@at_a_started_table
async def test_a_retried_move_lands_once(
        service: Service, conns: Seated, live: LiveGame) -> None:
    seat, action = waited_on(live)
    await service.roles.moves.submit(conns[seat], action, 0, "same")
    await frames(conns[seat])
    await service.roles.moves.submit(conns[seat], action, 0, "same")  # its answer was lost
    assert [f["type"] for f in await frames(conns[seat])] == ["sync"]
    assert live.version == 1


@at_a_started_table
async def test_a_move_not_this_seats_to_make_gets_a_clear_error_and_changes_nothing(
        service: Service, conns: Seated, live: LiveGame) -> None:
    hunted_action = view_for(live.state, 1)["legal_actions"][0]  # choosing Place cards
    before = live.state.to_json()
    await service.roles.moves.submit(conns[CREATURE], hunted_action, 0, "c1")
    [error] = await frames(conns[CREATURE])
    assert error["type"] == "error" and error["code"] in (
        "illegal_action", "not_your_turn") and error["message"]
    assert live.version == 0 and live.state.to_json() == before
    assert [await frames(c) for c in conns.values()] == [[]] * len(conns)


@at_a_started_table
async def test_a_new_process_finds_the_game_where_it_was(
        service: Service, conns: Seated, live: LiveGame) -> None:
    for n in range(25):  # past a stored snapshot (every 20 moves), then the log
        await play_one(service, conns, live, f"c{n}")
    async with Service(Path(service.folder)) as again:
        reloaded = await again.roles.moves.live(live.code)
        assert reloaded is not None and reloaded.version == 25
        assert reloaded.state.to_json() == live.state.to_json()
