"""A room's live game, loaded on Postgres while another process moves, is the game it read.

The load reads the game's row, then the actions after its snapshot, in two statements under
read committed: a move committed between them is in the actions only. The game is rebuilt from
those actions, so its version must be the last one's; taken from the row, it lagged the state
by a move, and the notice of that very move then failed on the state that already had it."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncConnection

from app.engine import view_for
from app.server import gamestore
from app.server.roles import Delivery

from ..service.harness import Service, play_on
from .client import async_test
from .servers import ServerFactory

pytestmark = pytest.mark.postgres


@async_test
async def test_a_game_loaded_while_another_process_moves_has_its_state_and_version_together(
        server: ServerFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = server.database("postgres").url
    async with Service(tmp_path, url) as here, Service(tmp_path, url) as there:
        code, _ = await there.open_table(hunted=2)
        live = await there.roles.moves.live(code)
        assert live is not None
        read_actions = gamestore.actions_after

        async def a_move_first(connection: AsyncConnection, game_id: int,
                               version: int) -> list[gamestore.LoggedAction]:
            monkeypatch.setattr(gamestore, "actions_after", read_actions)  # only once
            await play_on(there, code, live, "c1")  # committed between the load's two reads
            return await read_actions(connection, game_id, version)

        monkeypatch.setattr(gamestore, "actions_after", a_move_first)
        loaded = await here.roles.moves.live(code)
        assert loaded is not None and live.version == 1
        assert loaded.version == 1, "the version of the actions replayed"
        assert view_for(loaded.state, None) == view_for(live.state, None)

        await Delivery(here.roles).moved(code, await play_on(there, code, live, "c2"))
        assert loaded.version == 2
        assert view_for(loaded.state, None) == view_for(live.state, None)
