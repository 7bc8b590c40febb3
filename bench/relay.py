"""A bare authoritative relay: the baseline `bench/server.py` measures our server against.

It knows no rules. A room has 4 seats and a version; the seat whose turn it is (version mod 4)
may send the one legal action, a Pass. Per move it pays what any authoritative server must: one
transaction that locks the room row, appends a log row and bumps the version, then one small
frame to each socket of the room. Same wire shape as the app, so one load client drives both:

    POST /rooms                      -> {"code", "tokens": [4 seat tokens]}
    ws /ws/rooms/{code}: {"type": "auth", "token"} -> sync; {"type": "act", "action",
    "version", "client_id"} -> an `update` to every socket of the room (client_id to the actor)

Serve it like the app, on Postgres (RELAY_DATABASE_URL, a plain postgresql:// DSN):

    uvicorn bench.relay:app --ws-per-message-deflate false

A move is written in one of two ways (RELAY_MOVE). `transaction` (the default): BEGIN, lock the
room row and read its version, append, bump, COMMIT: five round trips. `statement`: one statement
in its own implicit transaction, the version check and bump feeding the log row's insert (an
UPDATE ... RETURNING in a CTE), one round trip; the floor of a durable authoritative server,
since ours also writes a move in one round trip. bench/server.py runs the first as `relay` and
the second as `relay1`.

With RELAY_NOTIFY=1 (several processes) a move's frames go out through Postgres NOTIFY, sent in
the move's transaction, and every process delivers them to its own sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import resource
import secrets
from collections import defaultdict
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

SEATS = 4
PASS = {"type": "pass"}
CHANNEL = "relay_moves"
# The one-statement move: the row is locked by the UPDATE, which bumps only the version the
# mover saw, on the mover's turn; no row back means a stale version and nothing is written.
BUMP_AND_LOG = """
WITH bumped AS (
    UPDATE relay_rooms SET version = version + 1
    WHERE code = $1 AND version = $2 AND version % 4 = $3
    RETURNING version)
INSERT INTO relay_log SELECT $1, version, $3, $4::jsonb FROM bumped RETURNING version
"""
# The same, with the NOTIFY of several processes in the same statement.
BUMP_LOG_AND_NOTIFY = """
WITH bumped AS (
    UPDATE relay_rooms SET version = version + 1
    WHERE code = $1 AND version = $2 AND version % 4 = $3
    RETURNING version),
logged AS (
    INSERT INTO relay_log SELECT $1, version, $3, $4::jsonb FROM bumped RETURNING version)
SELECT version, pg_notify($5, json_build_array($1::text, version, $3::int, $6::text)::text)
FROM logged
"""
SCHEMA = """
CREATE TABLE IF NOT EXISTS relay_rooms (code text PRIMARY KEY, version integer NOT NULL);
CREATE TABLE IF NOT EXISTS relay_seats (token text PRIMARY KEY, code text NOT NULL,
                                        seat integer NOT NULL);
CREATE TABLE IF NOT EXISTS relay_log (code text NOT NULL, version integer NOT NULL,
                                      seat integer NOT NULL, action jsonb NOT NULL,
                                      PRIMARY KEY (code, version));
"""


def view(version: int, seat: int) -> dict[str, Any]:
    """A fake view: the turn rotates over the seats; the seat to act may only pass."""
    active = version % SEATS
    return {"waiting_on": [{"seat": active}],
            "legal_actions": [PASS] if seat == active else [], "outcome": None}


def update(version: int, seat: int, actor: int, client_id: str) -> str:
    """The frame one seat gets for one committed move, encoded."""
    message: dict[str, Any] = {"type": "update", "version": version, "view": view(version, seat),
                               "events": [{"seq": version, "kind": "pass", "data": {}}]}
    if seat == actor:
        message["client_id"] = client_id
    return json.dumps(message)


class Relay:
    """The pool, the rooms' sockets in this process, and one ordering lock per room."""

    def __init__(self, dsn: str, notify: bool, one_statement: bool = False) -> None:
        self.dsn, self.notify, self.one_statement = dsn, notify, one_statement
        self.pool: asyncpg.Pool | None = None
        self.listener: asyncpg.Connection | None = None
        self.rooms: dict[str, dict[WebSocket, int]] = defaultdict(dict)
        self.locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.heard: asyncio.Queue[str] = asyncio.Queue()  # NOTIFY payloads, in commit order
        self.delivery: asyncio.Task[None] | None = None

    async def open(self) -> None:
        # As the app's pool: up to 30 connections, opened as needed and then kept.
        self.pool = await asyncpg.create_pool(self.dsn, min_size=1, max_size=30,
                                              max_inactive_connection_lifetime=0)
        async with self.pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock(42)")  # several workers start at once
            await conn.execute(SCHEMA)
            await conn.execute("SELECT pg_advisory_unlock(42)")
        if self.notify:
            self.listener = await asyncpg.connect(self.dsn)
            await self.listener.add_listener(CHANNEL, lambda *a: self.heard.put_nowait(a[-1]))
            self.delivery = asyncio.get_running_loop().create_task(self._deliver())

    async def close(self) -> None:
        if self.delivery is not None:
            self.delivery.cancel()
        if self.listener is not None:
            await self.listener.close()
        if self.pool is not None:
            await self.pool.close()

    async def commit(self, code: str, seat: int, version: int, action: Any,
                     client_id: str) -> int | None:
        """Lock, append, bump (and NOTIFY, with several processes); None: a stale version."""
        assert self.pool is not None
        if self.one_statement:
            return await self.commit_in_one(code, seat, version, action, client_id)
        async with self.pool.acquire() as conn, conn.transaction():
            current = await conn.fetchval(
                "SELECT version FROM relay_rooms WHERE code = $1 FOR UPDATE", code)
            if current != version or current % SEATS != seat:
                return None
            await conn.execute("INSERT INTO relay_log VALUES ($1, $2, $3, $4)",
                               code, version + 1, seat, json.dumps(action))
            await conn.execute("UPDATE relay_rooms SET version = $2 WHERE code = $1",
                               code, version + 1)
            if self.notify:
                payload = json.dumps([code, version + 1, seat, client_id])
                await conn.execute("SELECT pg_notify($1, $2)", CHANNEL, payload)
        return version + 1

    async def commit_in_one(self, code: str, seat: int, version: int, action: Any,
                            client_id: str) -> int | None:
        """The same move in one statement, one round trip."""
        assert self.pool is not None
        if self.notify:
            row = await self.pool.fetchrow(BUMP_LOG_AND_NOTIFY, code, version, seat,
                                           json.dumps(action), CHANNEL, client_id)
        else:
            row = await self.pool.fetchrow(BUMP_AND_LOG, code, version, seat, json.dumps(action))
        return None if row is None else int(row["version"])

    async def publish(self, code: str, version: int, actor: int, client_id: str) -> None:
        """One frame to each socket of the room held by this process."""
        for socket, seat in list(self.rooms.get(code, {}).items()):
            with contextlib.suppress(Exception):  # a closed socket is dropped by its handler
                await socket.send_text(update(version, seat, actor, client_id))

    async def _deliver(self) -> None:
        """One task delivers what the bus carried, so each socket gets it in commit order."""
        while True:
            code, version, actor, client_id = json.loads(await self.heard.get())
            await self.publish(code, version, actor, client_id)


async def create_room(request: Request) -> JSONResponse:
    """A room of 4 seats at version 0."""
    relay: Relay = request.app.state.relay
    assert relay.pool is not None
    code, tokens = secrets.token_hex(4), [secrets.token_urlsafe(16) for _ in range(SEATS)]
    async with relay.pool.acquire() as conn, conn.transaction():
        await conn.execute("INSERT INTO relay_rooms VALUES ($1, 0)", code)
        await conn.executemany("INSERT INTO relay_seats VALUES ($1, $2, $3)",
                               [(t, code, n) for n, t in enumerate(tokens)])
    return JSONResponse({"code": code, "tokens": tokens})


async def health(_: Request) -> JSONResponse:
    return JSONResponse({"status": "ok"})


async def room_socket(websocket: WebSocket) -> None:
    """Authenticate once (one lookup), then relay moves until the socket closes."""
    relay: Relay = websocket.app.state.relay
    code = websocket.path_params["code"]
    await websocket.accept()
    seat: int | None = None
    try:
        while True:
            message = json.loads(await websocket.receive_text())
            if seat is None:
                seat = await _auth(relay, websocket, code, message)
            else:
                await _act(relay, websocket, code, seat, message)
    except (WebSocketDisconnect, RuntimeError, ValueError, KeyError):
        pass
    finally:
        relay.rooms[code].pop(websocket, None)
        if not relay.rooms[code]:
            del relay.rooms[code]


async def _auth(relay: Relay, websocket: WebSocket, code: str, message: Any) -> int:
    assert relay.pool is not None
    row = await relay.pool.fetchrow(
        "SELECT s.seat, r.version FROM relay_seats s JOIN relay_rooms r USING (code) "
        "WHERE s.token = $1 AND s.code = $2", message["token"], code)
    if row is None:
        await websocket.send_json({"type": "error", "code": "unauthenticated", "message": ""})
        raise WebSocketDisconnect(1008)
    relay.rooms[code][websocket] = row["seat"]
    await _sync(websocket, row["seat"], row["version"])
    return int(row["seat"])


async def _sync(websocket: WebSocket, seat: int, version: int) -> None:
    await websocket.send_json({"type": "sync", "seat": seat, "version": version,
                               "lobby": {"game": {"number": 1}}, "view": view(version, seat)})


async def _act(relay: Relay, websocket: WebSocket, code: str, seat: int, message: Any) -> None:
    if message.get("type") != "act":
        return
    async with relay.locks[code]:  # a room's moves are committed and published in order
        version = await relay.commit(code, seat, int(message["version"]), message["action"],
                                     str(message["client_id"]))
        if version is None:
            await websocket.send_json({"type": "error", "code": "stale_version", "message": ""})
            assert relay.pool is not None
            current = await relay.pool.fetchval(
                "SELECT version FROM relay_rooms WHERE code = $1", code)
            await _sync(websocket, seat, current)
        elif not relay.notify:
            await relay.publish(code, version, seat, str(message["client_id"]))


def _raise_open_files() -> None:
    """Thousands of sockets: lift the soft limit on open files to the hard one."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


@contextlib.asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    _raise_open_files()
    dsn = os.environ.get("RELAY_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
    app.state.relay = Relay(dsn, os.environ.get("RELAY_NOTIFY") == "1",
                            os.environ.get("RELAY_MOVE", "transaction") == "statement")
    await app.state.relay.open()
    yield
    await app.state.relay.close()


app = Starlette(routes=[Route("/rooms", create_room, methods=["POST"]),
                        Route("/api/health", health),
                        WebSocketRoute("/ws/rooms/{code}", room_socket)],
                lifespan=lifespan)
