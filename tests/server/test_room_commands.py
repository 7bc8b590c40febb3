"""A room's commands, sent at the same moment, take effect one at a time: exactly one start
makes a game, exactly one rematch makes the next one, one computer takes a seat, one claim
takes a free seat, and a claim racing the start is either in the game or refused. The losers
hear a clear refusal, never a 500. On one process, and on two processes of one Postgres
database (where only the room's row lock stands between them).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import httpx
import pytest

from app.server.db import make_engine

from .client import Api, async_test
from .servers import Server, ServerFactory
from .stored import stored_games
from .test_seat_changes import SMALL_POOLS, finished_game, store_finished

AT_ONCE = 6


def answers(responses: list[httpx.Response]) -> Counter[str]:
    """How many answers of each kind: "ok", or the error code."""
    return Counter("ok" if r.is_success else code_of(r) for r in responses)


def code_of(response: httpx.Response) -> str:
    """The error code of a refusal (a bare status and text when it has none)."""
    try:
        return str(response.json()["error"]["code"])
    except ValueError:
        return f"{response.status_code} {response.text[:60]}"


async def race_commands(servers: list[Server]) -> None:
    """Each race on its own room; the calls alternate between the servers."""
    apis = [Api(server) for server in servers]
    url = servers[0].database.url
    api = apis[0]

    async def each(method: str, path: str, **kwargs: Any) -> list[httpx.Response]:
        """The same call AT_ONCE times, all started in the same instant."""
        return list(await asyncio.gather(*(apis[i % len(apis)].request(method, path, **kwargs)
                                           for i in range(AT_ONCE))))

    try:
        # Six starts: one game.
        room = await api.create_room("Creature", 0, hunted=2)
        code, host = room["code"], room["token"]
        await api.claim(code, 1, "Hunted")
        told = answers(await each("POST", f"/rooms/{code}/start", token=host))
        assert told == {"ok": 1, "already_started": AT_ONCE - 1}, told
        assert len(await stored_games(url, code)) == 1
        assert (await api.lobby(code))["game"]["number"] == 1

        # Six rematches of a finished game: one next game.
        room = await api.create_room("Creature", 0, hunted=1)
        code, host = room["code"], room["token"]
        await api.claim(code, 1, "Hunted")
        database = make_engine(url, pool_size=1)
        try:
            await store_finished(database, code, finished_game(3))
        finally:
            await database.dispose()
        told = answers(await each("POST", f"/rooms/{code}/rematch", token=host,
                                  json={"seats": "rotate"}))
        assert told == {"ok": 1, "not_over": AT_ONCE - 1}, told
        assert len(await stored_games(url, code)) == 2
        seats = {s["seat"]: s["name"] for s in (await api.lobby(code))["seats"]}
        assert seats == {0: "Hunted", 1: "Creature"}  # rotated once, not six times

        # Six computers for one free seat: one sits.
        room = await api.create_room("Creature", 0, hunted=3)
        code, host = room["code"], room["token"]
        told = answers(await each("POST", f"/rooms/{code}/seats/2/bot", token=host,
                                  json={"kind": "random"}))
        assert told == {"ok": 1, "seat_taken": AT_ONCE - 1}, told

        # Six claims of one free seat: one sits.
        room = await api.create_room("Creature", 0, hunted=2)
        code = room["code"]
        responses = await each("POST", f"/rooms/{code}/seats", json={"seat": 1, "name": "Racer"})
        assert answers(responses) == {"ok": 1, "seat_taken": AT_ONCE - 1}, answers(responses)
        names = [s["name"] for s in (await api.lobby(code))["seats"]]
        assert names == ["Creature", "Racer", None], names

        # Claims racing the start: each claim is in the game, or refused as already started.
        room = await api.create_room("Creature", 0, hunted=6)
        code, host = room["code"], room["token"]
        await api.claim(code, 3, "Three")
        claimed = (1, 2, 4, 5, 6)
        responses = await asyncio.gather(
            apis[-1].request("POST", f"/rooms/{code}/start", token=host),
            *(apis[seat % len(apis)].request("POST", f"/rooms/{code}/seats",
                                             json={"seat": seat, "name": f"P{seat}"})
              for seat in claimed))
        told = answers(responses)
        assert set(told) <= {"ok", "already_started"} and responses[0].is_success, told
        lobby = await api.lobby(code)
        named = [s["name"] for s in lobby["seats"]]
        assert None not in named, lobby["seats"]  # renumbered 1..k with every claim in it
        # The Creature, Three and each claim that was answered with a seat.
        assert len(named) == 2 + sum(r.is_success for r in responses[1:]), lobby["seats"]
    finally:
        for one in apis:
            await one.__aexit__()


@async_test
async def test_racing_commands_on_one_room_take_effect_once(shared_server: Server) -> None:
    await race_commands([shared_server])


@pytest.mark.postgres
@async_test
async def test_racing_commands_on_two_processes_take_effect_once(server: ServerFactory) -> None:
    first = server("postgres", **SMALL_POOLS)
    await race_commands([first, server.on(first.database, **SMALL_POOLS)])
