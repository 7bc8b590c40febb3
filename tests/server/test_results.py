"""The running score: a room keeps each finished game's result, and a rematch
keeps the seats or rotates them so that the next player becomes the Creature."""

from __future__ import annotations

import random

from .client import Api, async_test, close_all, connect_all, open_table, play_game
from .servers import Server


@async_test
async def test_two_games_and_a_rotated_rematch_make_the_running_score(
        shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=2)  # "Creature" (host), "Hunted 1", "Hunted 2"
        players = await connect_all(shared_server, table)
        await play_game(players, random.Random(31))
        first = (await api.request("GET", f"/rooms/{table.code}/results")).json()
        assert [g["number"] for g in first["games"]] == [1]
        game1 = first["games"][0]
        assert game1["winner"] == players[0].view["outcome"]["winner"]
        assert game1["turns"] == players[0].view["turn"] >= 1
        assert [(p["seat"], p["name"], p["role"]) for p in game1["players"]] == [
            (0, "Creature", "creature"), (1, "Hunted 1", "hunted"), (2, "Hunted 2", "hunted")]
        assert first["tally"]["sides"][game1["winner"]] == 1

        marks = [len(p.frames) for p in players]
        response = await api.request("POST", f"/rooms/{table.code}/rematch",
                                     token=table.tokens[0], json={"seats": "rotate"})
        assert response.status_code == 200, response.text
        seats = {s["seat"]: (s["name"], s["host"]) for s in response.json()["seats"]}
        assert seats == {0: ("Hunted 1", False), 1: ("Hunted 2", False), 2: ("Creature", True)}
        for player, mark in zip(players, marks, strict=True):
            await player.wait_for(lambda f: f["type"] == "sync", since=mark)
        assert [p.seat for p in players] == [2, 0, 1]  # the same sockets, their new seats
        await play_game(sorted(players, key=lambda p: p.seat or 0), random.Random(32))
        await close_all(players)

        score = (await api.request("GET", f"/rooms/{table.code}/results")).json()
        assert [g["number"] for g in score["games"]] == [1, 2]
        assert score["games"][0] == game1  # recorded as it was played, before the rotation
        game2 = score["games"][1]
        assert [(p["seat"], p["name"]) for p in game2["players"]] == [
            (0, "Hunted 1"), (1, "Hunted 2"), (2, "Creature")]
        wins = {name: sum(p["won"] for g in score["games"] for p in g["players"]
                          if p["name"] == name) for name in ("Creature", "Hunted 1", "Hunted 2")}
        assert score["tally"]["players"] == wins
        assert sum(score["tally"]["sides"].values()) == 2

        # A replay shows the bearer's seat in that game, whatever it is now.
        for number, seat in ((1, 1), (2, 0)):
            page = (await api.request("GET", f"/rooms/{table.code}/games/{number}/replay",
                                      token=table.tokens[1])).json()
            assert page["seat"] == page["perspective"] == seat
            assert page["players"][seat]["name"] == "Hunted 1"


@async_test
async def test_a_kept_rematch_and_a_bad_seat_order(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=1)
        players = await connect_all(shared_server, table)
        await play_game(players, random.Random(33))
        bad = await api.request("POST", f"/rooms/{table.code}/rematch", token=table.tokens[0],
                                json={"seats": "shuffle"})
        assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad_message"
        lobby = await api.rematch(table.code, table.tokens[0])  # no body: the seats are kept
        assert [(s["seat"], s["name"]) for s in lobby["seats"]] == [(0, "Creature"),
                                                                    (1, "Hunted 1")]
        await close_all(players)
        score = (await api.request("GET", f"/rooms/{table.code}/results")).json()
        assert len(score["games"]) == 1  # game 2 runs: not in the score yet
        missing = await api.request("GET", "/rooms/nope/results")
        assert missing.json()["error"]["code"] == "unknown_room"
