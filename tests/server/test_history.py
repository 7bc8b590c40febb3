"""The seat's history over REST: paged newest first, each page oldest first, only what the
seat may see, and pages that join up into the whole log."""

from __future__ import annotations

import random

from .client import Api, async_test, close_all, connect_all, open_table, play_game
from .servers import Server
from .stored import current_game


@async_test
async def test_pages_walk_back_to_the_first_action_and_join_into_the_whole_log(
        shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=2)
        players = await connect_all(shared_server, table)
        await play_game(players, random.Random(5), stop_after=25)
        await close_all(players)
        game = await current_game(shared_server.database.url, table.code)
        token = table.tokens[1]

        pages = []
        before: int | None = None
        while True:
            query = "?limit=7" + ("" if before is None else f"&before={before}")
            page = await api._ok("GET", f"/rooms/{table.code}/log{query}", token=token)
            assert page["version"] == game.version
            pages.append(page)
            before = page["before"]
            if before is None:
                break
            assert {e["seq"] for e in page["events"]} <= set(range(before, before + 7))
        assert len(pages) == -(-game.version // 7)  # ceil: 7 actions a page
        joined = [e for page in reversed(pages) for e in page["events"]]
        assert joined == game.visible_events(1)
        assert pages[-1]["events"][0]["seq"] == 1  # the first move of turn 1


@async_test
async def test_a_page_size_out_of_bounds_is_refused(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=1)
        for query in ("?limit=0", "?limit=100000", "?before=0", "?limit=x"):
            answer = await api.request("GET", f"/rooms/{table.code}/log{query}")
            assert answer.status_code == 422, query
            assert set(answer.json()["error"]) == {"code", "message"}
