"""A small async client for the server tests: REST with httpx, players over real websockets.

`Api` opens rooms, claims seats and starts games (tokens travel in `Authorization: Bearer`).
`Player` holds one websocket: it authenticates first, records every frame, tracks the latest
`sync`/`update` (version and view) and can play a uniformly random legal action when its seat
is one the game is waiting on. `play_game` drives a table of players to the end.
"""

from __future__ import annotations

import asyncio
import functools
import json
import random
import uuid
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from .servers import Server

JSON = dict[str, Any]
Frame = JSON
# A hang guard, not a time budget: every wait ends on a state, and this only turns a state that
# never comes into a failure, generous enough for a slow, busy machine.
WAIT_SECONDS = 60.0
RATE_BACKOFF = 0.1  # seconds to wait after a `rate_limited` or `busy` refusal
# An idle connection is dropped by this client well before the server drops it (uvicorn's
# keep-alive: 5 s, httpx's default: 5 s too): with equal times a request sent on a connection
# the server is closing that instant is lost, "Server disconnected without sending a response"
# (seen as a seat-change test's `/start` failing on a busy machine).
KEEPALIVE_SECONDS = 1.0
RETRIED = ("rate_limited", "busy")  # refusals that say "not now", which a client retries
P = ParamSpec("P")


async def until(condition: Callable[[], object], timeout: float = WAIT_SECONDS) -> None:
    """Poll a zero-argument predicate until it holds (a hang guard of `timeout` seconds)."""
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.02)


def async_test(test: Callable[P, Coroutine[Any, Any, None]]) -> Callable[P, None]:
    """Run an async test body with `asyncio.run` (pytest sees a plain function)."""

    @functools.wraps(test)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


def new_client_id() -> str:
    """A fresh idempotency key for an `act`."""
    return uuid.uuid4().hex


class Api:
    """REST calls against one server."""

    def __init__(self, server: Server) -> None:
        self.http = httpx.AsyncClient(base_url=server.http, timeout=WAIT_SECONDS,
                                      limits=httpx.Limits(keepalive_expiry=KEEPALIVE_SECONDS))

    async def __aenter__(self) -> Api:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.http.aclose()

    async def request(self, method: str, path: str, *, json: Any = None,
                      token: str | None = None, content: str | None = None) -> httpx.Response:
        """A raw call (for error tests): the status and body are the caller's to check."""
        headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
        if content is not None:
            headers["Content-Type"] = "application/json"
        return await self.http.request(method, f"/api{path}", json=json, content=content,
                                       headers=headers)

    async def _ok(self, method: str, path: str, **kwargs: Any) -> JSON:
        response = await self.request(method, path, **kwargs)
        assert response.is_success, f"{method} {path}: {response.status_code} {response.text}"
        result: JSON = response.json()
        return result

    async def create_room(self, name: str = "Creature", seat: int = 0, **options: Any) -> JSON:
        """Open a room; the host sits at `seat`. Returns {code, seat, token, link}."""
        return await self._ok("POST", "/rooms", json={"name": name, "seat": seat,
                                                      "options": options})

    async def claim(self, code: str, seat: int, name: str) -> JSON:
        """Claim a seat; returns {code, seat, token, link}."""
        return await self._ok("POST", f"/rooms/{code}/seats", json={"seat": seat, "name": name})

    async def start(self, code: str, token: str) -> JSON:
        """Start the game (host); returns the lobby."""
        return await self._ok("POST", f"/rooms/{code}/start", token=token)

    async def rematch(self, code: str, token: str) -> JSON:
        """Start the next game with the same seats (host, after the end); returns the lobby."""
        return await self._ok("POST", f"/rooms/{code}/rematch", token=token)

    async def lobby(self, code: str) -> JSON:
        """The room's public lobby."""
        return await self._ok("GET", f"/rooms/{code}")

    async def log(self, code: str, token: str | None = None) -> JSON:
        """The current game's events the bearer may see (no token: a spectator's)."""
        return await self._ok("GET", f"/rooms/{code}/log", token=token)


@dataclass
class Table:
    """A room with its claimed seats' tokens (seat 0 is the Creature and the host)."""

    code: str
    tokens: dict[int, str]


async def open_table(api: Api, hunted: int = 2, *, start: bool = True, **options: Any) -> Table:
    """A room with the Creature (host) and `hunted` Hunted seated; started unless told not to;
    `options` are the room's other options (e.g. variant)."""
    room = await api.create_room("Creature", 0, hunted=hunted, **options)
    tokens = {0: room["token"]}
    for seat in range(1, hunted + 1):
        tokens[seat] = (await api.claim(room["code"], seat, f"Hunted {seat}"))["token"]
    if start:
        await api.start(room["code"], tokens[0])
    return Table(room["code"], tokens)


class Player:
    """One websocket to a room: every frame it receives, and the latest view and version."""

    def __init__(self, server: Server, code: str, token: str | None = None,
                 patches: bool = False) -> None:
        self.url = f"{server.ws}/ws/rooms/{code}"
        self.token = token
        self.patches = patches  # asks for updates that carry only the changed fields
        self.frames: list[Frame] = []
        self.seat: int | None = None
        self.game = 0  # the game number of the latest sync (1 for the first game)
        self.version = -1
        self.view: JSON | None = None
        self.closed = False
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Condition()

    # --- connection -----------------------------------------------------------------------

    async def open(self) -> None:
        """Open the socket without authenticating (for protocol tests)."""
        self._ws = await connect(self.url, max_size=None, compression=None, open_timeout=10)
        self._reader = asyncio.create_task(self._read())

    async def connect(self) -> Frame:
        """Open, authenticate with the token (or watch without one), and return the `sync`."""
        await self.open()
        mark = len(self.frames)
        first = ({"type": "auth", "token": self.token} if self.token is not None
                 else {"type": "watch"})
        await self.send({**first, "patches": True} if self.patches else first)
        return await self.wait_for(lambda f: f["type"] in ("sync", "error"), since=mark)

    @property
    def close_code(self) -> int | None:
        """The code the socket was closed with (None while open)."""
        return None if self._ws is None else self._ws.close_code

    async def close(self) -> None:
        """Close the socket and stop reading."""
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            await self._reader

    async def send(self, message: JSON | str | bytes) -> None:
        """Send a message: a dict as JSON text, a str as is, bytes as a binary frame."""
        assert self._ws is not None, "open the socket first"
        await self._ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    async def _read(self) -> None:
        assert self._ws is not None
        try:
            async for raw in self._ws:
                frame: Frame = json.loads(raw)
                async with self._changed:
                    self._absorb(frame)
                    self.frames.append(frame)
                    self._changed.notify_all()
        except ConnectionClosed:
            pass
        finally:
            async with self._changed:
                self.closed = True
                self._changed.notify_all()

    def _absorb(self, frame: Frame) -> None:
        """Keep the newest game state seen; a late `sync` never rolls it back."""
        if frame["type"] == "sync":
            game = frame["lobby"]["game"]
            number = game["number"] if game else 0
            if (number, frame["version"]) >= (self.game, self.version):
                self.seat, self.game = frame["seat"], number
                self.version, self.view = frame["version"], frame["view"]
        elif frame["type"] == "update" and frame["version"] > self.version:
            if frame.get("patch"):  # the fields that changed since the version before
                assert self.view is not None and frame["version"] == self.version + 1, frame
                self.version, self.view = frame["version"], {**self.view, **frame["view"]}
            else:
                self.version, self.view = frame["version"], frame["view"]

    # --- waiting --------------------------------------------------------------------------

    async def wait_for(self, match: Callable[[Frame], bool], *, since: int = 0,
                       timeout: float = WAIT_SECONDS) -> Frame:
        """The first frame from index `since` on that matches (waiting for it if need be)."""
        async with asyncio.timeout(timeout), self._changed:
            seen = since
            while True:
                for frame in self.frames[seen:]:
                    if match(frame):
                        return frame
                seen = len(self.frames)
                if self.closed:
                    raise AssertionError(f"socket closed; frames since {since}: "
                                         f"{self.frames[since:]}")
                await self._changed.wait()

    async def wait_version(self, version: int, timeout: float = WAIT_SECONDS) -> None:
        """Wait until this player has seen `version` of the current game."""
        await self.wait_for(lambda _: self.version >= version, timeout=timeout)

    async def wait_closed(self, timeout: float = WAIT_SECONDS) -> None:
        """Wait until the server has closed the socket."""
        async with asyncio.timeout(timeout), self._changed:
            await self._changed.wait_for(lambda: self.closed)

    async def request(self, message: JSON | str | bytes, match: Callable[[Frame], bool]) -> Frame:
        """Send, then wait for the first matching frame that arrives after sending."""
        mark = len(self.frames)
        await self.send(message)
        return await self.wait_for(match, since=mark)

    async def resync(self) -> Frame:
        """Ask for a fresh sync and return it; a `busy` or `rate_limited` refusal is retried
        after a pause, as a polite client does, and any other error fails at once."""
        while True:
            frame = await self.request({"type": "resync"},
                                       lambda f: f["type"] in ("sync", "error"))
            if frame["type"] == "sync":
                return frame
            assert frame["code"] in RETRIED, f"resync refused: {frame}"
            await asyncio.sleep(RATE_BACKOFF)

    async def say(self, text: str) -> Frame:
        """Say `text` to the table and return our own `chat` line; a `rate_limited` or `busy`
        refusal (a socket that has just played fast may have spent its rate) is retried."""
        while True:
            frame = await self.request({"type": "chat", "text": text}, lambda f: (
                f["type"] == "error" or (f["type"] == "chat" and f["line"]["text"] == text)))
            if frame["type"] == "chat":
                return frame
            assert frame["code"] in RETRIED, f"chat refused: {frame}"
            await asyncio.sleep(RATE_BACKOFF)

    async def error(self, message: JSON | str | bytes) -> Frame:
        """Send and return the `error` frame it must cause."""
        return await self.request(message, lambda f: f["type"] == "error")

    # --- playing --------------------------------------------------------------------------

    def must_act(self) -> bool:
        """True when the game is waiting on this player's seat."""
        view = self.view
        if view is None or view["outcome"] is not None:
            return False
        return any(w["seat"] == self.seat for w in view["waiting_on"])

    async def act(self, action: JSON, version: int | None = None,
                  client_id: str | None = None) -> str:
        """Send an `act` (at the latest version seen unless told); returns its client id."""
        client_id = client_id or new_client_id()
        await self.send({"type": "act", "action": action,
                         "version": self.version if version is None else version,
                         "client_id": client_id})
        return client_id

    async def submit(self, action: JSON, version: int | None = None,
                     client_id: str | None = None) -> Frame:
        """Act, then return the answer: the `update` carrying our client id, or an `error`."""
        mark = len(self.frames)
        client_id = await self.act(action, version, client_id)
        return await self.wait_for(lambda f: f["type"] == "error" or (
            f["type"] == "update" and f.get("client_id") == client_id), since=mark)

    async def play_random(self, rng: random.Random) -> Frame:
        """Play a uniformly random legal action and return the `update` that commits it."""
        assert self.view is not None and self.must_act(), "this seat has nothing to do"
        legal = self.view["legal_actions"]
        assert legal, f"seat {self.seat} is waited on but has no legal action"
        action, version = rng.choice(legal), self.version
        frame = await self.submit(action)
        while frame["type"] == "error" and frame["code"] in RETRIED:
            await asyncio.sleep(RATE_BACKOFF)  # a polite client slows down and retries
            frame = await self.submit(action)
        assert frame["type"] == "update", f"seat {self.seat} was refused: {frame}"
        assert frame["version"] == version + 1, frame["version"]
        return frame


async def connect_all(server: Server, table: Table, patches: bool = False) -> list[Player]:
    """A connected, authenticated player for every seat of the table, by seat (`patches`:
    each asks for patches)."""
    players = [Player(server, table.code, table.tokens[seat], patches)
               for seat in sorted(table.tokens)]
    syncs = await asyncio.gather(*(p.connect() for p in players))
    for seat, sync in enumerate(syncs):
        assert sync["type"] == "sync" and sync["seat"] == seat, sync
    return players


async def close_all(players: Sequence[Player]) -> None:
    """Close every socket."""
    await asyncio.gather(*(p.close() for p in players))


async def play_game(players: Sequence[Player], rng: random.Random, *,
                    watchers: Sequence[Player] = (), stop_after: int | None = None,
                    max_actions: int = 1000, timeout: float = 90.0,
                    each: Callable[[], Awaitable[None]] | None = None) -> int:
    """Play random legal moves, one at a time, until the outcome (or `stop_after` moves).

    After each move every player and watcher has seen the new version before the next move;
    `each`, if given, runs then. Returns the number of moves played.
    """
    everyone = [*players, *watchers]
    played = 0
    async with asyncio.timeout(timeout):
        while True:
            view = players[0].view
            assert view is not None, "the game has not started"
            if view["outcome"] is not None or played == stop_after:
                return played
            assert played < max_actions, f"no outcome after {max_actions} moves"
            movers = [p for p in players if p.must_act()]
            assert movers, f"the game waits on {view['waiting_on']} but nobody may act"
            update = await rng.choice(movers).play_random(rng)
            await asyncio.gather(*(p.wait_version(update["version"]) for p in everyone))
            played += 1
            if each is not None:
                await each()
