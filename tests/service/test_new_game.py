"""A start or a rematch stands once committed: a database too busy to re-bind the room's
sockets afterwards closes those sockets with `busy` (they come back to their new seats) and
never turns the command's answer into a `busy` that says nothing was done."""

from __future__ import annotations

import asyncio
from functools import partial
from pathlib import Path

import pytest
from sqlalchemy.exc import TimeoutError as PoolTimeout

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
                patched.setattr(roles.reads, "seating", no_connection)
                room = await roles.new_game(code, partial(roles.rooms.start, code, host))
            assert room.game is not None and room.game.number == 1
            assert [(f["type"], f.get("code")) for f in await frames(conn)] == [("error", "busy")]
            assert conn.closing
            live = await roles.moves.live(code)  # loaded again on its next use
            assert live is not None and live.game_id is not None

    asyncio.run(run())
