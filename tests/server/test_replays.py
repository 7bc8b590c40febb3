"""Replays of finished games: rebuilt through the engine from the stored actions.

A seat's replay shows, step by step, exactly the views that seat received live (so it leaks
nothing more); the whole table shows every secret, and only once the game is over; a running
game is refused to everyone.
"""

from __future__ import annotations

import random
from typing import Any

from .client import JSON, Api, Player, async_test, close_all, connect_all, open_table, play_game
from .servers import Server


async def replay(api: Api, code: str, number: int, token: str | None = None,
                 **params: Any) -> JSON:
    """Every frame of a replay, fetched page by page."""
    query = "&".join(f"{k}={v}" for k, v in params.items())
    frames: list[JSON] = []
    page: JSON = {}
    while not page or len(frames) <= page["steps"]:
        response = await api.request(
            "GET", f"/rooms/{code}/games/{number}/replay?from={len(frames)}&limit=40&{query}",
            token=token)
        assert response.status_code == 200, response.text
        page = response.json()
        frames += page["frames"]
    return {**page, "frames": frames}


def live_views(player: Player) -> dict[int, JSON]:
    """The views a player received, by version, as a replay shows them (nothing to do)."""
    views: dict[int, JSON] = {}
    for frame in player.frames:
        if frame["type"] in ("sync", "update") and frame.get("view") is not None:
            views[frame["version"]] = {**frame["view"], "legal_actions": [], "offers": []}
    return views


@async_test
async def test_a_seat_replays_exactly_the_views_it_saw_live(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=2)
        players = await connect_all(shared_server, table)
        moves = await play_game(players, random.Random(21))
        await close_all(players)
        for player in players:
            seat = player.seat
            assert seat is not None
            shown = await replay(api, table.code, 1, table.tokens[seat])
            assert shown["perspective"] == seat == shown["seat"] and shown["steps"] == moves
            assert [f["step"] for f in shown["frames"]] == list(range(moves + 1))
            for version, view in live_views(player).items():
                assert shown["frames"][version]["view"] == view, f"seat {seat}, v{version}"
            final = shown["frames"][-1]["view"]
            assert final["outcome"] == shown["outcome"] == player.view["outcome"]
        index = shown["index"]
        assert len(index) == moves + 1 and index[0] == {"turn": 1, "phase": "exploration",
                                                        "seat": None, "auto_pass": False}
        assert index[-1]["phase"] == "over"


@async_test
async def test_the_whole_table_of_a_finished_game_shows_every_hand(
        shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=2)
        players = await connect_all(shared_server, table)
        await play_game(players, random.Random(22))
        await close_all(players)
        whole = await replay(api, table.code, 1, view="table")
        assert whole["perspective"] == "table" and whole["seat"] is None
        first = whole["frames"][0]["view"]
        assert first["role"] == "table" and set(first["seats"]) == {"0", "1", "2"}
        assert len(first["seats"]["0"]["hunt_cards"]) == 3
        assert first["seats"]["1"]["hand"] == [1, 2, 3, 4, 5]
        own = await replay(api, table.code, 1, table.tokens[1], view="2")
        assert own["perspective"] == 2 and own["seat"] == 1  # once over, any seat's view
        # Private events reach the table view, not their redacted copies.
        kinds = [e["kind"] for f in whole["frames"] for e in f["events"]]
        assert "place_cards_chosen_by_you" in kinds


@async_test
async def test_a_running_game_is_not_replayable_by_anyone(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=2)
        players = await connect_all(shared_server, table)
        await play_game(players, random.Random(23), stop_after=6)
        await close_all(players)
        for token in [None, *table.tokens.values()]:
            for view in ("", "&view=table", "&view=1"):
                response = await api.request(
                    "GET", f"/rooms/{table.code}/games/1/replay?from=0{view}", token=token)
                assert response.status_code == 409, response.text
                assert response.json()["error"]["code"] == "not_over"


@async_test
async def test_replay_refusals_have_the_one_error_shape(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=1)
        players = await connect_all(shared_server, table)
        await play_game(players, random.Random(24))
        await close_all(players)
        cases = {
            f"/rooms/{table.code}/games/2/replay": (404, "not_found"),
            f"/rooms/{table.code}/games/0/replay": (404, "not_found"),
            "/rooms/nope/games/1/replay": (404, "unknown_room"),
            f"/rooms/{table.code}/games/1/replay?view=2": (422, "bad_message"),
            f"/rooms/{table.code}/games/1/replay?view=all": (422, "bad_message"),
            f"/rooms/{table.code}/games/1/replay?limit=1000": (422, "bad_message"),
        }
        for path, (status, code) in cases.items():
            response = await api.request("GET", path)
            assert (response.status_code, response.json()["error"]["code"]) == (status, code)
        response = await api.request("GET", f"/rooms/{table.code}/games/1/replay",
                                     token="not-a-seat")
        assert response.status_code == 403
