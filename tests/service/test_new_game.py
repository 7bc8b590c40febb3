"""A start or a rematch stands once committed: a database too busy to re-bind the room's
sockets afterwards closes those sockets with `busy` (they come back to their new seats) and
never turns the command's answer into a `busy` that says nothing was done."""

from __future__ import annotations

import asyncio
from functools import partial
from pathlib import Path

import pytest
from sqlalchemy.exc import TimeoutError as PoolTimeout

from app.server import autoplay, seating
from app.server.live import load
from app.server.reads import RoomInfo
from app.server.schemas import RoomOptions

from .harness import Service, frames


def test_a_start_whose_sockets_cannot_be_rebound_stands_and_closes_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> None:
        async with Service(tmp_path) as service:
            roles = service.roles
            code, host = await roles.rooms.create_room(RoomOptions(variant="base", hunted=2),
                                                       "Morgan", 0)
            token = await roles.rooms.claim_seat(code, 2, "Second")  # Hunted 1 once started
            conn = await service.connect(code, token)
            assert [f["type"] for f in await frames(conn)] == ["sync"]

            async def no_connection(_: str) -> None:
                raise PoolTimeout("QueuePool limit reached")

            with monkeypatch.context() as patched:
                patched.setattr(roles.moves, "read_room", no_connection)
                room = await roles.new_game(code, partial(roles.rooms.start, code, host))
            assert room.game is not None and room.game.number == 1
            assert [(f["type"], f.get("code")) for f in await frames(conn)] == [("error", "busy")]
            assert conn.closing
            live = await roles.moves.live(code)  # loaded again on its next use
            assert live is not None and live.game_id is not None

    asyncio.run(run())


def test_a_busy_database_pauses_the_computer_players_and_they_look_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A runner whose read meets no free connection is not stopped for good (nor logged as a
    bug): it looks at the room again a moment later."""
    async def run() -> None:
        async with Service(tmp_path) as service:
            roles = service.roles
            code, _ = await service.open_table(hunted=1)
            roles.autoplay.plans.pop(code, None)
            read, failures = roles.reads.room, [PoolTimeout("QueuePool limit reached")]

            async def busy_once(room_code: str) -> RoomInfo:
                if failures:
                    raise failures.pop()
                return await read(room_code)

            monkeypatch.setattr(autoplay, "BUSY_RETRY", 0.01)
            monkeypatch.setattr(roles.reads, "room", busy_once)
            roles.autoplay.kick(code)
            async with asyncio.timeout(30):
                while code not in roles.autoplay.plans:  # read again after the busy one
                    await asyncio.sleep(0.01)
            assert not failures
            await roles.autoplay.close()

    asyncio.run(run())


def test_a_start_with_no_socket_here_holds_the_game_it_wrote_without_reading_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The start hands the game it wrote to the live games: neither the room nor the game is
    read back, and the game held is the one stored (a load from the database gives the same)."""
    async def run() -> None:
        async with Service(tmp_path) as service:
            roles = service.roles
            code, host = await roles.rooms.create_room(RoomOptions(variant="base", hunted=2),
                                                       "Morgan", 0)
            await roles.rooms.claim_seat(code, 2, "Second")  # Hunted 1 once started

            async def no_read(_: str) -> None:
                raise AssertionError("read back after the start")

            with monkeypatch.context() as patched:
                patched.setattr(roles.moves, "read_room", no_read)
                patched.setattr(seating, "load", no_read)
                room = await roles.new_game(code, partial(roles.rooms.start, code, host))
            held = roles.moves.peek(code)
            assert held is not None and room.game is not None and room.game.version == 0
            stored = await load(roles.moves.uow, code)
            assert stored is not None
            assert (held.game_id, held.version, held.snapshot_version) == (
                stored.game_id, stored.version, stored.snapshot_version)
            assert held.state.to_json() == stored.state.to_json()
            assert [(s.number, s.name) for s in room.seats] == [(0, "Morgan"), (1, "Second")]

    asyncio.run(run())
