"""REST rate limits per client address (docs/protocol.md, Limits): a call over its address's
allowance is answered `rate_limited` (429, the error shape, Retry-After, the security headers)
before any work is done for it; another address keeps its own allowance.

The test process calls from 127.0.0.1, the proxy the servers trust by default: X-Forwarded-For
names the client address each call counts for. The allowances refill so slowly (one a day)
that no call of a test is let through by the time it took.
"""

from __future__ import annotations

from typing import Any

import httpx

from app.main import create_app
from app.server.settings import Settings
from app.server.throttle import limited

from .client import Api, async_test, open_table
from .servers import ROOT, Server, ServerFactory
from .stored import room_count

SLOW = 1 / (24 * 60)  # per minute: one a day
NO_EXEMPTION = {"rate_exempt_ips": ""}
ROOM = {"name": "Ada", "seat": 0, "options": {"variant": "base", "hunted": 1}}


def come_from(address: str) -> dict[str, str]:
    """The headers of a call made for `address` through the trusted proxy."""
    return {"X-Forwarded-For": address}


async def call(server: Server, method: str, path: str, address: str,
               **kwargs: Any) -> httpx.Response:
    """One REST call counted for `address`."""
    async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
        return await http.request(method, f"/api{path}", headers=come_from(address), **kwargs)


def assert_rate_limited(response: httpx.Response) -> None:
    """429 in the error shape, with a whole number of seconds to wait and the headers."""
    assert response.status_code == 429, response.text
    error = response.json()["error"]
    assert error["code"] == "rate_limited" and error["message"].startswith("Too many")
    assert int(response.headers["retry-after"]) >= 1
    assert response.headers["x-content-type-options"] == "nosniff"


@async_test
async def test_the_room_after_the_allowance_is_refused_before_anything_is_written(
        server: ServerFactory, backend: str) -> None:
    app = server(backend, rooms_burst=3, rooms_per_minute=SLOW, **NO_EXEMPTION)
    for _ in range(3):
        assert (await call(app, "POST", "/rooms", "203.0.113.7", json=ROOM)).status_code == 201
    refused = await call(app, "POST", "/rooms", "203.0.113.7", json=ROOM)
    assert_rate_limited(refused)
    assert await room_count(app.database.url) == 3  # nothing written for the refused one
    # Another address has its own allowance; the first stays refused.
    assert (await call(app, "POST", "/rooms", "203.0.113.8", json=ROOM)).status_code == 201
    assert_rate_limited(await call(app, "POST", "/rooms", "203.0.113.7", json=ROOM))
    assert await room_count(app.database.url) == 4


@async_test
async def test_finished_games_reads_have_their_own_allowance(server: ServerFactory) -> None:
    """Replay pages, results and logs share one allowance, apart from other calls: refused
    before the room is even looked up (an unknown room's page would be a 404)."""
    app = server("sqlite", finished_burst=2, finished_per_minute=SLOW, **NO_EXEMPTION)
    async with Api(app) as api:
        table = await open_table(api, hunted=1)
    where = "203.0.113.9"
    assert (await call(app, "GET", f"/rooms/{table.code}/results", where)).status_code == 200
    assert (await call(app, "GET", "/rooms/nowhere/games/1/replay", where)).status_code == 404
    assert_rate_limited(await call(app, "GET", "/rooms/nowhere/games/1/replay", where))
    assert_rate_limited(await call(app, "GET", f"/rooms/{table.code}/log", where))
    assert (await call(app, "GET", f"/rooms/{table.code}", where)).status_code == 200
    assert (await call(app, "GET", f"/rooms/{table.code}/results", "203.0.113.10")
            ).status_code == 200


@async_test
async def test_every_other_call_is_limited_too_but_not_health(server: ServerFactory) -> None:
    app = server("sqlite", requests_burst=2, requests_per_second=SLOW / 60, **NO_EXEMPTION)
    where = "203.0.113.11"
    for _ in range(2):
        assert (await call(app, "GET", "/rooms/nowhere", where)).status_code == 404
    assert_rate_limited(await call(app, "GET", "/rooms/nowhere", where))
    assert_rate_limited(await call(app, "POST", "/rooms/nowhere/seats", where,
                                   json={"seat": 1, "name": "Bo"}))
    assert (await call(app, "GET", "/health", where)).status_code == 200


@async_test
async def test_an_exempt_address_is_never_limited(server: ServerFactory) -> None:
    app = server("sqlite", rooms_burst=1, rooms_per_minute=SLOW,
                 rate_exempt_ips="10.0.0.1, 203.0.113.12")
    for _ in range(3):
        assert (await call(app, "POST", "/rooms", "203.0.113.12", json=ROOM)).status_code == 201


def test_the_defaults_are_a_real_hosts_and_documented() -> None:
    """Nobody is exempt by default, a person opening rooms or watching replays by hand never
    meets the limits, and docs/protocol.md gives the figures the code has."""
    settings = Settings()
    assert settings.rate_exempt_ips == ""
    assert settings.rooms_burst >= 10 and settings.finished_burst >= 20
    assert settings.requests_burst >= 60
    docs = (ROOT / "docs" / "protocol.md").read_text()
    for line in (f"{settings.rooms_burst}, then {settings.rooms_per_minute:g} a minute",
                 f"{settings.finished_burst}, then {settings.finished_per_minute:g} a minute",
                 f"{settings.requests_burst}, then {settings.requests_per_second:g} a second"):
        assert line in docs, line




def test_every_limited_operation_documents_429() -> None:
    """The OpenAPI schema says what the limits answer, on every /api operation they apply to."""
    spec = create_app(Settings(database_url="sqlite+aiosqlite:///:memory:")).openapi()
    missing = [f"{method.upper()} {path}" for path, operations in spec["paths"].items()
               for method, operation in operations.items()
               if limited(method.upper(), path) is not None and "429" not in operation["responses"]]
    assert not missing, missing
