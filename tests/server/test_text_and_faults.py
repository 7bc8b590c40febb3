"""Text a person writes, and the last ways to a 500, kept as specifications.

Names, chat lines and client ids refuse control characters (NUL among them, which Postgres
cannot store) and bidirectional overrides with a clear `bad_message`, and their lengths are
checked as sent; a replay's `view` is a plain seat number; a socket that opens while every
database connection is taken is told `busy` and closed; only the proxy's word is taken for the
client's address; the public proxy hides each process's metrics and address.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

import asyncpg
import pytest
import yaml  # type: ignore[import-untyped]
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from app.cluster import compose_config, nginx_config
from app.server.db import make_engine

from .client import Api, Player, Table, async_test, open_table
from .proxy import Proxy
from .servers import PG_HOST, PG_PORT, PG_USER, ROOT, Server, ServerFactory, psql_value
from .test_errors import is_error, nothing_changes, refused, seated, still_open
from .test_hardening import no_tracebacks
from .test_seat_changes import finished_game, store_finished

FORBIDDEN = ["\x00", "\x07", "\x1b", "\x7f", "\x85", "\u202a", "\u202e", "\u2066", "\u2069"]


@async_test
async def test_names_refuse_control_characters_and_direction_overrides(
        shared_server: Server) -> None:
    async with Api(shared_server) as api:
        room = await api.create_room("Creature", 0, hunted=3)
        table = Table(room["code"], {0: room["token"]})
        async with nothing_changes(api, table.code):
            for bad in FORBIDDEN:
                response = await api.request("POST", f"/rooms/{table.code}/seats",
                                             json={"seat": 3, "name": f"Ad{bad}a"})
                refused(response, "bad_message", 422)
                assert "direction" in response.json()["error"]["message"]
                refused(await api.request("POST", "/rooms", json={"name": f"{bad}x"}),
                        "bad_message", 422)
            for blank in ("   ", "\u3000"):  # spaces alone are no name
                refused(await api.request("POST", f"/rooms/{table.code}/seats",
                                          json={"seat": 3, "name": blank}), "bad_message", 422)
            # 40 characters as sent, not after trimming: the schema's limit is the server's.
            refused(await api.request("POST", f"/rooms/{table.code}/seats",
                                      json={"seat": 3, "name": " " + "A" * 40}),
                    "bad_message", 422)
            # A path that cannot be a room code never reaches the database.
            refused(await api.request("GET", "/rooms/ab%00cd"), "unknown_room", 404)
        await api.claim(table.code, 3, "  Ada Lovelace  ")
        names = {s["seat"]: s["name"] for s in (await api.lobby(table.code))["seats"]}
        assert names[3] == "Ada Lovelace"
    no_tracebacks(shared_server)


@async_test
async def test_chat_and_client_ids_refuse_them_and_the_socket_stays(
        shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=1)
        hunted = await seated(shared_server, table, 1)
        async with nothing_changes(api, table.code):
            for bad in FORBIDDEN:
                frame = await hunted.error({"type": "chat", "text": f"hello{bad}world"})
                is_error(frame, "bad_message")
                assert "direction" in frame["message"], frame
                await still_open(hunted)
                is_error(await hunted.error({
                    "type": "act", "action": {"type": "Pass"}, "version": 0,
                    "client_id": f"id{bad}"}), "bad_message")
            is_error(await hunted.error({"type": "chat", "text": " " + "a" * 500}),
                     "bad_message")
        line = await hunted.request({"type": "chat", "text": "  fine, thanks  "},
                                    lambda f: f["type"] in ("chat", "error"))
        assert line["type"] == "chat" and line["line"]["text"] == "fine, thanks", line
        await hunted.close()
    no_tracebacks(shared_server)


@async_test
async def test_a_replay_view_is_a_plain_seat_number(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        room = await api.create_room("Creature", 0, hunted=1)
        code = room["code"]
        await api.claim(code, 1, "Hunted")
        database = make_engine(shared_server.database.url, pool_size=1)
        try:
            await store_finished(database, code, finished_game(5))
        finally:
            await database.dispose()
        path = f"/rooms/{code}/games/1/replay"
        for view in ("²", "①", "١", "+1", " 1", "01", "2"):
            refused(await api.request("GET", f"{path}?view={view}"), "bad_message", 422)
        for view in ("0", "1", "table"):
            response = await api.request("GET", f"{path}?view={view}&limit=1")
            assert response.status_code == 200, response.text
    no_tracebacks(shared_server)


@pytest.mark.postgres
@async_test
async def test_a_socket_opening_with_every_connection_taken_is_told_busy(
        server: ServerFactory) -> None:
    """One pooled connection, held by a lobby read waiting on a table lock: a socket opening
    then waits POOL_TIMEOUT for a connection, is answered `busy`, and is closed."""
    app = server("postgres", pool_size=1, pool_timeout=1)
    async with Api(app) as api:
        table = await open_table(api, hunted=1, start=False)
        blocker = await asyncpg.connect(host=PG_HOST, port=PG_PORT, user=PG_USER,
                                        database=app.database.name)
        try:
            locked = blocker.transaction()
            await locked.start()
            await blocker.execute("LOCK TABLE room IN ACCESS EXCLUSIVE MODE")
            # Takes the one connection, or waits for it behind the server's own background
            # reads (the computer players' watch), which the lock holds as well.
            lobby = asyncio.create_task(api.request("GET", f"/rooms/{table.code}"))
            while psql_value("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = "
                             f"'Lock' AND datname = '{app.database.name}'") == "0":
                await asyncio.sleep(0.05)
            player = Player(app, table.code, table.tokens[1])
            await player.open()
            frame = await player.wait_for(lambda f: f["type"] == "error")
            is_error(frame, "busy")
            await player.wait_closed()
            await locked.rollback()
            answer = await lobby  # served once the lock goes, or a clean `busy` meanwhile
            assert answer.status_code == 200 or answer.json()["error"]["code"] == "busy"
        finally:
            await blocker.close()
        again = await seated(app, table, 1)  # the server is whole: the next socket is served
        await again.close()
    assert "Unexpected ASGI message" not in app.log.read_text(errors="replace")
    no_tracebacks(app)


async def forwarded_sockets(server: Server, code: str, count: int) -> list[str]:
    """`count` sockets from 127.0.0.1 each claiming another client address in
    X-Forwarded-For, asking to watch: the code of the refusal each gets, or its first frame."""
    answers = []
    sockets = []
    for n in range(count):
        socket = await connect(f"{server.ws}/ws/rooms/{code}",
                               additional_headers={"X-Forwarded-For": f"203.0.113.{n + 1}"})
        sockets.append(socket)
        with contextlib.suppress(ConnectionClosed):  # a refused socket is already closed
            await socket.send(json.dumps({"type": "watch"}))
        frame = json.loads(await socket.recv())
        answers.append(frame.get("code", frame["type"]))
    for socket in sockets:
        await socket.close()
    return answers


@async_test
async def test_only_the_trusted_proxy_names_the_client_address(server: ServerFactory) -> None:
    """Three sockets, each claiming another address: believed when they come from the trusted
    proxy's address (here 127.0.0.1), ignored from anywhere else (the cap of 2 applies)."""
    for trusted, expected in (("127.0.0.1", ["sync", "sync", "sync"]),
                              ("192.0.2.1", ["sync", "sync", "too_many_sockets"])):
        app = server("sqlite", sockets_per_address=2, forwarded_allow_ips=trusted)
        async with Api(app) as api:
            table = await open_table(api, start=False)
            assert await forwarded_sockets(app, table.code, 3) == expected


def test_the_compose_apps_trust_only_the_nginx_container() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    trusted = compose["x-app"]["environment"]["FORWARDED_ALLOW_IPS"]
    nginx = compose["services"]["nginx"]["networks"]["default"]["ipv4_address"]
    assert trusted == nginx != "*"


def test_the_public_proxy_hides_metrics_and_process_addresses(tmp_path: Path) -> None:
    for config in (compose_config(), nginx_config(["127.0.0.1:8001"], "127.0.0.1:8000",
                                                  tmp_path)):
        assert "X-Upstream" not in config
        assert "location = /metrics" in config and "return 404" in config
    assert "X-Upstream" in nginx_config(["127.0.0.1:8001"], "80", upstream_header=True)


@async_test
async def test_the_proxy_answers_metrics_as_an_unknown_address(
        server: ServerFactory, tmp_path: Path) -> None:
    app = server("sqlite")
    proxy = Proxy.start(tmp_path, [app])
    try:
        async with Api(proxy) as api:  # type: ignore[arg-type]
            refused(await api.http.get("/metrics"), "not_found", 404)
        async with Api(app) as direct:  # scraped at the process's own address
            assert (await direct.http.get("/metrics")).status_code == 200
    finally:
        proxy.stop()
