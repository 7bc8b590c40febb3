"""The load client of `bench/server.py`: one process drives a share of the rooms.

It speaks only the wire both servers share: `auth` -> `sync`; `act` with the version it saw and
a client id -> an `update` to every seat. It plays a random action among the view's
`legal_actions` for a seat named in `waiting_on`, one act in flight per room, after a think
time; the latency of an act is from its sending until its `update` has reached all four seats
(they live in this process, so one clock times them). Only opening a room differs per server.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import random
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import httpx
import orjson
import procstat
from websockets.asyncio.client import ClientConnection, connect

HUNTED = 3
MAX_ROOM_ERRORS = 20  # a room refused this often stops driving


@dataclass
class Plan:
    """What one client process does (sent by the orchestrator)."""

    target: str  # "ours", "relay" or "relay1": only how rooms are opened and rematched differs
    base: str  # http://127.0.0.1:port
    first_room: int
    rooms: int
    think_ms: float
    act_timeout: float
    seed: int
    nice: int = 0  # this process's niceness
    retry: bool = False  # a `busy` refusal is sent again at once, and never stops the room
    patches: bool = False  # ask for patches, as the browser does (a server that has them)


@dataclass
class Seat:
    """One seat's socket and the latest view it was sent."""

    number: int
    token: str
    ws: ClientConnection | None = None
    version: int = 0
    game: int = 0
    view: dict[str, Any] | None = None
    syncs: int = 0
    errors: list[str] = field(default_factory=list)
    arrived: dict[int, float] = field(default_factory=dict)  # version -> perf_counter
    reader: asyncio.Task[None] | None = None

    def legal_if_waiting(self) -> list[Any]:
        """The seat's legal actions, if the view says the game waits on this seat."""
        if self.view is None or all(w["seat"] != self.number for w in self.view["waiting_on"]):
            return []
        return list(self.view["legal_actions"])


@dataclass
class Room:
    code: str
    seats: list[Seat]
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    refusals: int = 0
    again: bool = False  # the last act was refused `busy` and is to be retried at once

    def over(self) -> bool:
        view = self.seats[0].view
        return view is not None and view.get("outcome") is not None


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    games_finished: int = 0


# --- opening rooms (the only per-server part) --------------------------------------------------

async def open_room(http: httpx.AsyncClient, target: str, index: int) -> Room:
    """A started room of 4 seats: the relay in one request, ours as players do it."""
    if target.startswith("relay"):
        answer = (await http.post("/rooms")).raise_for_status().json()
        return Room(answer["code"], [Seat(n, t) for n, t in enumerate(answer["tokens"])])
    body = {"name": f"creature-{index}", "seat": 0, "options": {"hunted": HUNTED}}
    answer = (await http.post("/api/rooms", json=body)).raise_for_status().json()
    code, seats = answer["code"], [Seat(0, answer["token"])]
    for number in range(1, HUNTED + 1):
        claim = {"seat": number, "name": f"hunted-{index}-{number}"}
        token = (await http.post(f"/api/rooms/{code}/seats", json=claim)).raise_for_status()
        seats.append(Seat(number, token.json()["token"]))
    headers = {"Authorization": f"Bearer {seats[0].token}"}
    (await http.post(f"/api/rooms/{code}/start", headers=headers)).raise_for_status()
    return Room(code, seats)


async def rematch(room: Room, http: httpx.AsyncClient, stats: Stats, timeout: float) -> bool:
    """The host asks for a new game (ours only: the relay's games never end)."""
    game = room.seats[0].game
    headers = {"Authorization": f"Bearer {room.seats[0].token}"}
    answer = await http.post(f"/api/rooms/{room.code}/rematch", headers=headers)
    if answer.status_code != 200:
        stats.errors[f"rematch_{answer.status_code}"] += 1
        return False
    stats.games_finished += 1
    if not await until(room, lambda: all(s.game > game for s in room.seats), timeout):
        stats.errors["timeout"] += 1
        return False
    return True


# --- sockets -----------------------------------------------------------------------------------

async def connect_seat(url: str, room: Room, seat: Seat, stats: Stats,
                       patches: bool = False) -> None:
    """Open the seat's socket, authenticate, read; returns after the first sync."""
    try:
        seat.ws = await connect(f"{url}/ws/rooms/{room.code}", compression=None, proxy=None,
                                max_size=None, open_timeout=60, ping_interval=None)
        auth = {"type": "auth", "token": seat.token}
        await seat.ws.send(json.dumps({**auth, "patches": True} if patches else auth))
    except (OSError, TimeoutError, Exception):
        stats.errors["connect"] += 1
        return
    seat.reader = asyncio.get_running_loop().create_task(read_seat(room, seat, stats))
    if not await until(room, lambda: seat.syncs > 0, 60):
        stats.errors["connect"] += 1


async def read_seat(room: Room, seat: Seat, stats: Stats) -> None:
    """Keep the seat's view current; note when each update arrived."""
    assert seat.ws is not None
    with contextlib.suppress(Exception):
        async for raw in seat.ws:
            message = orjson.loads(raw)  # the clients share the box: 31 -> 11 µs a view
            kind = message["type"]
            if kind == "update":
                seat.arrived[message["version"]] = time.perf_counter()
                view = message["view"]
                if message.get("patch") and seat.view is not None:  # the changed fields
                    view = {**seat.view, **view}
                seat.version, seat.view = message["version"], view
            elif kind == "sync":
                await on_sync(seat, message)
            elif kind == "error":
                seat.errors.append(message["code"])
                stats.errors[message["code"]] += 1
            room.changed.set()
    room.changed.set()


async def on_sync(seat: Seat, message: dict[str, Any]) -> None:
    game = (message.get("lobby") or {}).get("game")
    seat.game = game["number"] if game else 0
    seat.version, seat.view = message["version"], message["view"]
    seat.syncs += 1
    # A server that passes for a seat by itself (auto-pass) would race the client: turn it off,
    # so every move is one the client made and timed.
    if message.get("auto_pass") not in (None, "off") and seat.ws is not None:
        await seat.ws.send(json.dumps({"type": "auto_pass", "mode": "off"}))


async def until(room: Room, ready: Any, timeout: float) -> bool:
    """Wait until `ready()` holds, re-checking whenever the room receives a message."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        room.changed.clear()
        if ready():
            return True
        remaining = end - loop.time()
        if remaining <= 0:
            return False
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(room.changed.wait(), remaining)


async def bounded(limit: int, jobs: list[Any]) -> list[Any]:
    """Run coroutines with at most `limit` at a time."""
    gate = asyncio.Semaphore(limit)

    async def run(job: Any) -> Any:
        async with gate:
            return await job

    return await asyncio.gather(*(run(j) for j in jobs))


# --- driving -----------------------------------------------------------------------------------

async def drive(room: Room, http: httpx.AsyncClient, plan: Plan, stats: Stats,
                deadline: float, rng: random.Random) -> None:
    """Play random legal actions in one room until the deadline; rematch finished games."""
    await asyncio.sleep(rng.uniform(0, plan.think_ms / 1000))  # spread the rooms' first moves
    while time.monotonic() < deadline:
        if room.over():
            if not await rematch(room, http, stats, plan.act_timeout):
                return
            continue
        waiting = [(s, legal) for s in room.seats if (legal := s.legal_if_waiting())]
        if not waiting:
            stats.errors["stuck"] += 1
            return
        seat, legal = rng.choice(waiting)
        if not await act(room, seat, rng.choice(legal), stats, plan):
            return
        if room.again:  # a retrying client: no think time after a `busy`
            room.again = False
            continue
        pause = rng.uniform(0.5, 1.5) * plan.think_ms / 1000
        await asyncio.sleep(max(0.0, min(pause, deadline - time.monotonic())))


async def act(room: Room, seat: Seat, action: Any, stats: Stats, plan: Plan) -> bool:
    """Send one act; record its latency once every seat has its update. False: give up."""
    timeout = plan.act_timeout
    assert seat.ws is not None
    version, errors_before, syncs_before = seat.version, len(seat.errors), seat.syncs
    message = {"type": "act", "action": action, "version": version,
               "client_id": uuid.uuid4().hex}
    sent = time.perf_counter()
    await seat.ws.send(json.dumps(message))
    target = version + 1
    done = await until(room, lambda: len(seat.errors) > errors_before
                       or all(s.version >= target for s in room.seats), timeout)
    if not done:
        stats.errors["timeout"] += 1
        return False
    if len(seat.errors) > errors_before:
        if plan.retry and seat.errors[-1] == "busy":
            room.again = True
            return True
        room.refusals += 1
        if seat.errors[-1] in ("stale_version", "game_over"):  # a sync follows: wait for it
            return await until(room, lambda: seat.syncs > syncs_before, timeout)
        return room.refusals < MAX_ROOM_ERRORS  # an engine refusal: try another move
    stats.latencies.append(max(s.arrived.pop(target, sent) for s in room.seats) - sent)
    for s in room.seats:
        s.arrived.clear()
    return True


# --- the process -------------------------------------------------------------------------------

async def serve(plan: Plan, pipe: Connection) -> None:
    """Open rooms, connect, drive, report: each step when the orchestrator says so."""
    stats = Stats()
    limits = httpx.Limits(max_connections=8)
    async with httpx.AsyncClient(base_url=plan.base, limits=limits, trust_env=False,
                                 timeout=120) as http:
        began = time.perf_counter()
        opened = await bounded(8, [_open(http, plan, i, stats)
                                   for i in range(plan.first_room, plan.first_room + plan.rooms)])
        rooms = [r for r in opened if r is not None]
        pipe.send(("opened", len(rooms), dict(stats.errors), time.perf_counter() - began))
        await _wait_for(pipe, "connect")
        pipe.send(("connected", *await connect_all(plan, rooms, stats, 8)))
        order = await _wait_for(pipe, "reconnect", "drive")
        if order[0] == "reconnect":  # the server restarted: every seat comes back at once
            for room in rooms:
                await forget_sockets(room)
            pipe.send(("reconnected", *await connect_all(plan, rooms, stats, len(rooms) * 4)))
            order = await _wait_for(pipe, "drive")
        deadline = order[1]
        # The client's own collector pauses would be charged to whichever server it drives:
        # what it holds now stays out of sight, and nothing is collected while it times.
        gc.collect()
        gc.freeze()
        gc.disable()
        stats.errors.clear()  # setup errors were reported above; now count the driving only
        rng, cpu = random.Random(plan.seed), time.process_time()
        ready = [r for r in rooms if all(s.syncs for s in r.seats)]
        await asyncio.gather(*(drive(r, http, plan, stats, deadline, random.Random(rng.random()))
                               for r in ready))
        pipe.send(("done", stats.latencies, dict(stats.errors), stats.games_finished,
                   time.process_time() - cpu))
        gc.enable()
        await _wait_for(pipe, "close")
        await bounded(200, [s.ws.close() for r in rooms for s in r.seats if s.ws])


async def _open(http: httpx.AsyncClient, plan: Plan, index: int, stats: Stats) -> Room | None:
    try:
        return await open_room(http, plan.target, index)
    except httpx.HTTPError:
        stats.errors["open_room"] += 1
        return None


async def _wait_for(pipe: Connection, *words: str) -> tuple[Any, ...]:
    """The orchestrator's next order (polled, so this process's loop keeps serving sockets)."""
    while not pipe.poll():
        await asyncio.sleep(0.05)
    order: tuple[Any, ...] = pipe.recv()
    if order[0] not in words:
        raise SystemExit(f"load client: expected {words}, got {order[0]}")
    return order


async def connect_all(plan: Plan, rooms: list[Room], stats: Stats,
                      at_once: int) -> tuple[int, dict[str, int], float]:
    """Connect every seat, `at_once` at a time: how many synced, the errors, the seconds."""
    url = plan.base.replace("http://", "ws://")
    began = time.perf_counter()
    await bounded(at_once, [connect_seat(url, r, s, stats, plan.patches)
                            for r in rooms for s in r.seats])
    took = time.perf_counter() - began
    return sum(1 for r in rooms for s in r.seats if s.syncs), dict(stats.errors), took


async def forget_sockets(room: Room) -> None:
    """Drop the seats' sockets (the server that held them is gone) and their counts."""
    for seat in room.seats:
        if seat.reader is not None:
            seat.reader.cancel()
            with contextlib.suppress(BaseException):
                await seat.reader
        if seat.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(seat.ws.close(), 5)
        seat.ws, seat.reader, seat.syncs = None, None, 0


def main(plan: Plan, pipe: Connection) -> None:
    """The process's entry point (multiprocessing)."""
    import ctypes
    import resource
    import signal

    import uvloop

    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG: die with it
    procstat.own_scheduling_group(plan.nice)
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    uvloop.run(serve(plan, pipe))
