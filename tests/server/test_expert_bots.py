"""Expert computer players in rooms: seated by level, they play a game to its end."""

from __future__ import annotations

import asyncio
import random

from .client import Api, Player, async_test
from .servers import ServerFactory
from .test_bots import play_until

# A short search per decision keeps the test quick; the level is the same code as at 1 s.
QUICK_EXPERT = {"bot_delay_ms": 0, "bot_seconds": 0.05}


@async_test
async def test_a_room_with_expert_bots_plays_to_its_end(server: ServerFactory) -> None:
    live = server("sqlite")
    async with Api(live) as api:
        room = await api.create_room("Human", 0, hunted=2, **QUICK_EXPERT)
        code, token = room["code"], room["token"]
        for seat in (1, 2):
            response = await api.request("POST", f"/rooms/{code}/seats/{seat}/bot",
                                         token=token, json={"kind": "expert"})
            assert response.status_code == 201, response.text
        lobby = await api.lobby(code)
        assert [s["bot"] for s in lobby["seats"]] == [None, "expert", "expert"]
        await api.start(code, token)
        human = Player(live, code, token)
        await human.connect()
        async with asyncio.timeout(240):
            await play_until(human, random.Random(5),
                             lambda: human.view is not None and human.view["outcome"] is not None)
        assert human.view["outcome"]["winner"] in ("creature", "hunted")
        await human.close()


@async_test
async def test_an_unknown_level_is_refused(server: ServerFactory) -> None:
    live = server("sqlite")
    async with Api(live) as api:
        room = await api.create_room("Host", 0, hunted=1)
        refused = await api.request("POST", f"/rooms/{room['code']}/seats/1/bot",
                                    token=room["token"], json={"kind": "genius"})
        assert refused.status_code == 422 or refused.status_code == 400, refused.text
        assert "error" in refused.json()
        lobby = await api.lobby(room["code"])
        assert [s["bot"] for s in lobby["seats"]] == [None, None]
