"""A seat claimed in one statement (app/server/claims.py) is refused as a claim always was:
the same code, status and message, in the order the refusals were checked (the room, then its
start, then the seat's number, then the seat taken), and nothing is written; claims racing for
one seat seat exactly one of them, the one whose token holds it. On SQLite and on Postgres.
"""

from __future__ import annotations

import asyncio

import httpx

from app.server.errors import ErrorCode, ServiceError

from .client import Api, async_test, open_table
from .servers import Server
from .test_errors import nothing_changes

AT_ONCE = 6


def said(response: httpx.Response, error: ServiceError) -> None:
    """The refusal is `error`'s, word for word, with its status."""
    assert response.status_code == error.status, response.text
    assert response.json() == {"error": error.to_json()}, response.text


async def claim(api: Api, code: str, seat: int, name: str = "Late") -> httpx.Response:
    """A claim's raw answer."""
    return await api.request("POST", f"/rooms/{code}/seats", json={"seat": seat, "name": name})


@async_test
async def test_each_refusal_of_a_claim_says_what_it_always_said(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=3, start=False)
        await api.request("DELETE", f"/rooms/{table.code}/seats/me", token=table.tokens[3])
        async with nothing_changes(api, table.code):
            said(await claim(api, table.code, 4), ServiceError(ErrorCode.NO_SUCH_SEAT,
                                                               "Seats are 0 to 3."))
            for taken in (0, 2):
                said(await claim(api, table.code, taken), ServiceError(ErrorCode.SEAT_TAKEN))
            said(await claim(api, "nosuchroom", 1), ServiceError(ErrorCode.UNKNOWN_ROOM))
            said(await claim(api, "no such room", 1), ServiceError(ErrorCode.UNKNOWN_ROOM))
        await api.start(table.code, table.tokens[0])
        async with nothing_changes(api, table.code):
            # Started comes first: a free seat, a taken one and one the room lacks alike.
            for seat in (3, 1, 5):
                said(await claim(api, table.code, seat), ServiceError(ErrorCode.ALREADY_STARTED))


@async_test
async def test_claims_racing_for_one_seat_seat_exactly_one(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=3, start=False)
        await api.request("DELETE", f"/rooms/{table.code}/seats/me", token=table.tokens[2])
        names = [f"Racer {i}" for i in range(AT_ONCE)]
        answers = await asyncio.gather(*(claim(api, table.code, 2, name) for name in names))
        won = [(name, r) for name, r in zip(names, answers, strict=True) if r.is_success]
        assert len(won) == 1, [r.text for r in answers]
        for lost in answers:
            if not lost.is_success:
                said(lost, ServiceError(ErrorCode.SEAT_TAKEN))
        name, answer = won[0]
        seats = {s["seat"]: s["name"] for s in (await api.lobby(table.code))["seats"]}
        assert seats == {0: "Creature", 1: "Hunted 1", 2: name, 3: "Hunted 3"}, seats
        # The winner's token holds the seat: it can give it back, and the seat is free again.
        mine = answer.json()["token"]
        left = await api.request("DELETE", f"/rooms/{table.code}/seats/me", token=mine)
        assert left.status_code == 204, left.text
        assert (await claim(api, table.code, 2)).is_success
