"""A security review's attacks, kept as specifications: deep JSON, loose types, framework errors
outside the one error shape, missing security headers.

Each test here failed on the code before its fix; each refusal leaves the room as it was.
"""

from __future__ import annotations

import httpx
import pytest

from .client import Api, async_test, open_table
from .servers import Server
from .test_errors import act, is_error, legal, nothing_changes, refused, seated, still_open

DEEP = "[" * 5000 + "]" * 5000  # 10 KB: under the size limit, beyond any parser's recursion


def no_tracebacks(server: Server) -> None:
    """The server logged no exception (an attacker must not be able to flood the logs)."""
    log = server.log.read_text(errors="replace")
    assert "Traceback" not in log and "Exception in ASGI" not in log, log[-3000:]


@async_test
async def test_deeply_nested_json_is_bad_json_and_the_socket_stays(
        shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api)
        hunted = await seated(shared_server, table, 1)
        async with nothing_changes(api, table.code):
            for frame in (DEEP, "{\"a\":" * 2000 + "1" + "}" * 2000):
                is_error(await hunted.error(frame), "bad_json")
                await still_open(hunted)
            refused(await api.request("POST", "/rooms", content=DEEP), "bad_json", 400)
        await hunted.close()
    no_tracebacks(shared_server)


@async_test
async def test_socket_fields_are_strictly_typed(shared_server: Server) -> None:
    """`"version": "0"` and `"version": true` are not integers: refused, nothing played
    (`0.0` is the JSON Schema integer 0, as the schema says, and is no refusal)."""
    async with Api(shared_server) as api:
        table = await open_table(api)
        hunted = await seated(shared_server, table, 1)
        action = legal(hunted)
        async with nothing_changes(api, table.code):
            for version in ("0", True, False, 0.5, None, [0]):
                message = {**act(action, 0), "version": version}
                is_error(await hunted.error(message), "bad_message")
            for to in (True, "2", 2.5):
                is_error(await hunted.error({"type": "chat", "text": "hi", "to": to}),
                         "bad_message")
            is_error(await hunted.error({"type": "auth", "token": 12345}), "bad_message")
            await still_open(hunted)
        assert hunted.version == 0
        await hunted.close()


@async_test
async def test_rest_fields_are_strictly_typed(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, start=False)
        async with nothing_changes(api, table.code):
            for body in ({"seat": "3", "name": "Eve"}, {"seat": True, "name": "Eve"},
                         {"seat": 2.5, "name": "Eve"}, {"seat": 3, "name": 7}):
                refused(await api.request("POST", f"/rooms/{table.code}/seats", json=body),
                        "bad_message", 422)
        for options in ({"board_side": True}, {"hunted": "2"}, {"abilities": 1},
                        {"rulebook_track": 1}, {"rulebook_track": "yes"},
                        {"bot_delay_ms": False}, {"clock_seconds": "60"}):
            refused(await api.request("POST", "/rooms", json={"name": "X", "options": options}),
                    "bad_message", 422)


# --- one error shape, even for the framework's own refusals --------------------------------

async def raw(server: Server, method: str, path: str, **kwargs: object) -> httpx.Response:
    """One HTTP call with nothing added."""
    async with httpx.AsyncClient(base_url=server.http) as http:
        return await http.request(method, path, **kwargs)  # type: ignore[arg-type]


@async_test
async def test_a_body_that_is_not_utf8_is_bad_json(shared_server: Server) -> None:
    answer = await raw(shared_server, "POST", "/api/rooms", content=b'{"name": "\xff\xfe"}',
                       headers={"Content-Type": "application/json"})
    refused(answer, "bad_json", 400)


@async_test
async def test_a_wrong_method_names_the_routes_own_methods(shared_server: Server) -> None:
    for method, path, allow in (("GET", "/api/rooms", "POST"),
                                ("PUT", "/api/rooms", "POST"),
                                ("OPTIONS", "/api/rooms", "POST"),
                                ("GET", "/api/rooms/abc/start", "POST"),
                                ("POST", "/api/rooms/abc/log", "GET"),
                                ("PATCH", "/api/rooms/abc/seats/me", "DELETE")):
        answer = await raw(shared_server, method, path)
        refused(answer, "method_not_allowed", 405)
        assert answer.headers["allow"] == allow, (method, path, answer.headers)


@async_test
async def test_an_unknown_api_path_is_not_found(shared_server: Server) -> None:
    for method, path in (("GET", "/api/nothing"), ("POST", "/api/rooms/abc/dance"),
                         ("GET", "/api"), ("DELETE", "/api/")):
        refused(await raw(shared_server, method, path), "not_found", 404)


@async_test
async def test_a_rest_body_over_the_limit_is_refused_before_it_is_read(
        shared_server: Server) -> None:
    big = b'{"name": "' + b"a" * 1_000_000 + b'"}'
    for headers in ({"Content-Type": "application/json"},):
        refused(await raw(shared_server, "POST", "/api/rooms", content=big, headers=headers),
                "too_large", 413)

    async def chunks():  # no Content-Length: the limit applies as the bytes arrive
        yield b'{"name": "'
        for _ in range(100):
            yield b"a" * 10_000

    refused(await raw(shared_server, "POST", "/api/rooms", content=chunks(),
                      headers={"Content-Type": "application/json"}), "too_large", 413)


# --- security headers ----------------------------------------------------------------------

CSP_MUST = ("default-src 'self'", "script-src 'self'", "connect-src 'self'",
            "frame-ancestors 'none'", "object-src 'none'")


@pytest.mark.parametrize("shared_server", ["sqlite"], indirect=True)
@async_test
async def test_every_response_carries_the_security_headers(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, start=False)
    for method, path in (("GET", "/"), ("GET", "/js/main.js"), ("GET", "/style.css"),
                         ("GET", f"/r/{table.code}"), ("GET", "/api/health"),
                         ("GET", f"/api/rooms/{table.code}"), ("GET", "/api/rooms/nope"),
                         ("GET", "/api/nothing"), ("PUT", "/api/rooms"), ("GET", "/missing.js"),
                         ("POST", "/api/rooms")):
        headers = (await raw(shared_server, method, path)).headers
        assert headers["x-content-type-options"] == "nosniff", (path, headers)
        assert headers["referrer-policy"] == "no-referrer", (path, headers)
        assert headers["x-frame-options"] == "DENY", (path, headers)
        csp = headers["content-security-policy"]
        assert all(part in csp for part in CSP_MUST), (path, csp)
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, (path, csp)
