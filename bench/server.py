"""Server benchmark: random-legal clients drive many rooms over websockets; prints one JSON line.

It creates a throw-away Postgres database on 127.0.0.1:5432 (user postgres), applies the
migrations, starts uvicorn on a free loopback port, opens R rooms of 4 seats (the Creature and
3 Hunted) and plays them with random legal actions, one outstanding act per room. The latency
of an act is the time from sending it to the moment its `update` has reached every seat of the
room. Games that end are rematched so the load is sustained. Nothing is asserted.

    .venv/bin/python bench/server.py --rooms 50 --seconds 20 [--workers 1] [--think-ms 0]

Without --think-ms every room always has an act in flight, so the latency it measures is mostly
queueing (rooms / throughput); --think-ms paces the rooms like players. --workers > 1 shows
time-outs today: the hub is per process (docs/architecture.md). Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import httpx
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin"
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
HUNTED = 3
TICK = os.sysconf("SC_CLK_TCK")
MAX_ROOM_ERRORS = 20  # a seat refused this often stops its room's driver


# --- the rooms as the clients see them -------------------------------------------------------

@dataclass
class SeatClient:
    """One seat's socket and the latest view it was sent."""

    number: int
    token: str
    ws: ClientConnection | None = None
    version: int = 0
    game: int = 0
    view: dict[str, Any] | None = None
    syncs: int = 0
    errors: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None
    arrived: dict[int, float] = field(default_factory=dict)  # version -> perf_counter

    def legal_if_waiting(self) -> list[dict[str, Any]]:
        """The seat's legal actions, if the view says the game waits on this seat."""
        if self.view is None or all(w["seat"] != self.number for w in self.view["waiting_on"]):
            return []
        actions: list[dict[str, Any]] = self.view["legal_actions"]
        return actions


@dataclass
class RoomClient:
    """A room's four seats; `changed` is set whenever any seat receives a message."""

    code: str
    seats: list[SeatClient]
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def host(self) -> SeatClient:
        return self.seats[0]

    def over(self) -> bool:
        view = self.host.view
        return view is not None and view["outcome"] is not None


@dataclass
class Stats:
    """What the drivers measured."""

    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    games_finished: int = 0


# --- Postgres, migrations and the server process -----------------------------------------------

async def admin(sql: str, *args: Any) -> Any:
    """Run one statement on the `postgres` database; returns its first value."""
    conn = await asyncpg.connect(PG_ADMIN)
    try:
        return await conn.fetchval(sql, *args)
    finally:
        await conn.close()


async def sessions_opened(name: str) -> int:
    """How many connections Postgres has accepted for our database so far (Postgres 14+)."""
    return int(await admin("SELECT sessions FROM pg_stat_database WHERE datname = $1", name)
               or 0)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def server_env(database: str) -> dict[str, str]:
    """The server's environment: our database; the per-socket rate limit lifted for the load."""
    return {**os.environ, "DATABASE_URL": f"postgresql+asyncpg://postgres@127.0.0.1:5432/{database}",
            "RATE_PER_SECOND": "10000", "RATE_BURST": "10000"}


def migrate(env: dict[str, str]) -> None:
    subprocess.run([str(BIN / "alembic"), "upgrade", "head"], cwd=ROOT, env=env, check=True,
                   capture_output=True, timeout=120)


def start_server(env: dict[str, str], port: int, workers: int) -> subprocess.Popen[bytes]:
    command = [str(BIN / "python"), "-m", "app", "--host", "127.0.0.1", "--port", str(port),
               "--workers", str(workers), "--log-level", "warning"]  # the project's flags
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)


async def wait_ready(http: httpx.AsyncClient, server: subprocess.Popen[bytes]) -> None:
    for _ in range(300):
        if server.poll() is not None:
            raise RuntimeError(f"the server exited with {server.returncode}")
        with contextlib.suppress(httpx.HTTPError):
            if (await http.get("/api/health")).status_code == 200:
                return
        await asyncio.sleep(0.1)
    raise RuntimeError("the server did not become ready in 30 s")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def processes() -> dict[int, tuple[int, float]]:
    """Every process: pid -> (parent pid, utime + stime in seconds), from /proc/<pid>/stat."""
    table: dict[int, tuple[int, float]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                cpu = (int(fields[11]) + int(fields[12])) / TICK  # utime, stime
                table[int(entry.name)] = (int(fields[1]), cpu)
    return table


def cpu_seconds(pid: int) -> float:
    """CPU of a process and its live descendants (uvicorn's workers, with --workers > 1)."""
    table = processes()
    family = {pid}
    while more := {p for p, (parent, _) in table.items() if parent in family} - family:
        family |= more
    return sum(table[p][1] for p in family if p in table)


def load_average() -> float:
    """The machine's 1-minute load average: other work on the box skews every figure."""
    return float(Path("/proc/loadavg").read_text().split()[0])


def postgres_cpu(database: str) -> dict[int, float]:
    """CPU seconds of each Postgres backend connected to our database (titles name it)."""
    found: dict[int, float] = {}
    for pid, (_, cpu) in processes().items():
        with contextlib.suppress(OSError):
            title = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            if title.startswith("postgres: ") and f" {database} " in title:
                found[pid] = cpu
    return found


def cpu_since(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU used between two readings by the backends alive at the second (exited ones are lost)."""
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())


# --- setting up rooms --------------------------------------------------------------------------

async def open_room(http: httpx.AsyncClient, index: int) -> RoomClient:
    """A room of 4 seats via REST, started."""
    body = {"name": f"creature-{index}", "seat": 0, "options": {"hunted": HUNTED}}
    answer = (await http.post("/api/rooms", json=body)).raise_for_status().json()
    code, seats = answer["code"], [SeatClient(0, answer["token"])]
    for number in range(1, HUNTED + 1):
        claim = {"seat": number, "name": f"hunted-{index}-{number}"}
        token = (await http.post(f"/api/rooms/{code}/seats", json=claim)).raise_for_status()
        seats.append(SeatClient(number, token.json()["token"]))
    headers = {"Authorization": f"Bearer {seats[0].token}"}
    (await http.post(f"/api/rooms/{code}/start", headers=headers)).raise_for_status()
    return RoomClient(code, seats)


async def connect_seat(url: str, room: RoomClient, seat: SeatClient, stats: Stats) -> None:
    """Open the seat's socket, authenticate, and start reading; returns after the first sync."""
    seat.ws = await connect(f"{url}/ws/rooms/{room.code}", compression=None, proxy=None,
                            max_size=None, open_timeout=30)
    await seat.ws.send(json.dumps({"type": "auth", "token": seat.token}))
    seat.reader = asyncio.get_running_loop().create_task(read_seat(room, seat, stats))
    await until(room, lambda: seat.syncs > 0, 30)


async def read_seat(room: RoomClient, seat: SeatClient, stats: Stats) -> None:
    """Keep the seat's view current; note when each update arrived."""
    assert seat.ws is not None
    with contextlib.suppress(Exception):
        async for raw in seat.ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind == "update":
                seat.arrived[message["version"]] = time.perf_counter()
                seat.version, seat.view = message["version"], message["view"]
            elif kind == "sync":
                game = message["lobby"]["game"]
                seat.game = game["number"] if game else 0
                seat.version, seat.view = message["version"], message["view"]
                seat.syncs += 1
            elif kind == "error":
                seat.errors.append(message["code"])
                stats.errors[message["code"]] += 1
            room.changed.set()
    room.changed.set()


async def until(room: RoomClient, ready: Any, timeout: float) -> bool:
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
    gate = asyncio.Semaphore(limit)

    async def run(job: Any) -> Any:
        async with gate:
            return await job

    return await asyncio.gather(*(run(j) for j in jobs))


# --- driving -----------------------------------------------------------------------------------

async def drive(room: RoomClient, http: httpx.AsyncClient, stats: Stats, deadline: float,
                args: argparse.Namespace, rng: random.Random) -> None:
    """Play random legal actions in one room until the deadline; rematch finished games."""
    while await think(args.think_ms, deadline, rng):
        if room.over():
            if not await rematch(room, http, stats, args.act_timeout):
                return
            continue
        waiting = [(s, legal) for s in room.seats if (legal := s.legal_if_waiting())]
        if not waiting:
            stats.errors["stuck"] += 1
            return
        seat, legal = rng.choice(waiting)
        if not await act(room, seat, rng.choice(legal), stats, args.act_timeout):
            return


async def think(think_ms: float, deadline: float, rng: random.Random) -> bool:
    """A player's pause before the next move (0: none); False once the deadline has passed."""
    pause = rng.uniform(0.5, 1.5) * think_ms / 1000
    if pause > 0:
        await asyncio.sleep(max(0.0, min(pause, deadline - time.monotonic())))
    return time.monotonic() < deadline


async def act(room: RoomClient, seat: SeatClient, action: dict[str, Any], stats: Stats,
              timeout: float) -> bool:
    """Send one act; record its latency once every seat has its update. False: give up."""
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
        if seat.errors[-1] in ("stale_version", "game_over"):  # a sync follows: wait for it
            return await until(room, lambda: seat.syncs > syncs_before, timeout)
        return len(seat.errors) < MAX_ROOM_ERRORS  # an engine refusal: try another move
    stats.latencies.append(max(s.arrived.pop(target, sent) for s in room.seats) - sent)
    return True


async def rematch(room: RoomClient, http: httpx.AsyncClient, stats: Stats,
                  timeout: float) -> bool:
    """The host asks for a new game; wait until every seat has its sync."""
    game = room.host.game
    headers = {"Authorization": f"Bearer {room.host.token}"}
    answer = await http.post(f"/api/rooms/{room.code}/rematch", headers=headers)
    if answer.status_code != 200:
        stats.errors[f"rematch_{answer.status_code}"] += 1
        return False
    stats.games_finished += 1
    if not await until(room, lambda: all(s.game > game for s in room.seats), timeout):
        stats.errors["timeout"] += 1
        return False
    return True


# --- the run -----------------------------------------------------------------------------------

def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    index = min(len(sorted_values) - 1, round(q * (len(sorted_values) - 1)))
    return sorted_values[index]


async def load(args: argparse.Namespace, database: str) -> dict[str, Any]:
    """Start the server, set up the rooms, drive them, and measure."""
    env = server_env(database)
    migrate(env)
    port = free_port()
    server = start_server(env, port, args.workers)
    print(f"server pid {server.pid} on port {port}, database {database}", file=sys.stderr)
    base = f"http://127.0.0.1:{port}"
    limits = httpx.Limits(max_connections=20)
    stats, rng = Stats(), random.Random(args.seed)
    try:
        async with httpx.AsyncClient(base_url=base, limits=limits, trust_env=False,
                                     timeout=30) as http:
            await wait_ready(http, server)
            rooms = await bounded(20, [open_room(http, i) for i in range(args.rooms)])
            url = f"ws://127.0.0.1:{port}"
            await bounded(50, [connect_seat(url, r, s, stats) for r in rooms for s in r.seats])
            measured = await measure(args, rooms, http, stats, rng, server.pid, database)
            await bounded(100, [s.ws.close() for r in rooms for s in r.seats if s.ws])
        return measured
    finally:
        stop_server(server)


@dataclass(frozen=True)
class Reading:
    """Counters read at one moment; two readings frame the driving phase."""

    at: float
    server_cpu: float
    postgres_cpu: dict[int, float]
    client_cpu: float
    sessions: int
    load: float


async def read_counters(pid: int, database: str) -> Reading:
    return Reading(time.monotonic(), cpu_seconds(pid), postgres_cpu(database),
                   time.process_time(), await sessions_opened(database), load_average())


async def measure(args: argparse.Namespace, rooms: list[RoomClient], http: httpx.AsyncClient,
                  stats: Stats, rng: random.Random, pid: int, database: str) -> dict[str, Any]:
    """Drive every room until the deadline, between two readings of the counters."""
    print(f"driving {len(rooms)} rooms for {args.seconds} s", file=sys.stderr, flush=True)
    before = await read_counters(pid, database)
    deadline = time.monotonic() + args.seconds
    await asyncio.gather(*(drive(r, http, stats, deadline, args, random.Random(rng.random()))
                           for r in rooms))
    return figures(args, stats, before, await read_counters(pid, database))


def figures(args: argparse.Namespace, stats: Stats, before: Reading,
            after: Reading) -> dict[str, Any]:
    """The JSON line: throughput, latency percentiles, errors, CPU."""
    elapsed = after.at - before.at
    ms = sorted(x * 1000 for x in stats.latencies)
    server_cpu = after.server_cpu - before.server_cpu
    return {
        "rooms": args.rooms, "workers": args.workers, "think_ms": args.think_ms,
        "seconds": round(elapsed, 2), "actions": len(ms),
        "actions_per_second": round(len(ms) / elapsed, 1),
        "p50_ms": round(percentile(ms, 0.50), 2), "p90_ms": round(percentile(ms, 0.90), 2),
        "p99_ms": round(percentile(ms, 0.99), 2), "max_ms": round(ms[-1], 2) if ms else None,
        "errors": sum(stats.errors.values()), "error_kinds": dict(stats.errors),
        "games_finished": stats.games_finished,
        "server_cpu_seconds": round(server_cpu, 2),
        "server_cpu_ms_per_action": round(1000 * server_cpu / len(ms), 2) if ms else None,
        "postgres_cpu_seconds": round(cpu_since(before.postgres_cpu, after.postgres_cpu), 2),
        "postgres_connections_opened": after.sessions - before.sessions,
        "client_cpu_seconds": round(after.client_cpu - before.client_cpu, 2),
        "load_average_before_after": [before.load, after.load], "cpus": os.cpu_count(),
    }


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=50, help="rooms of 4 seats (1..1000)")
    parser.add_argument("--seconds", type=float, default=20.0, help="driving time (max 300)")
    parser.add_argument("--workers", type=int, default=1, help="uvicorn worker processes")
    parser.add_argument("--act-timeout", type=float, default=30.0,
                        help="seconds before an act without all its updates counts as an error")
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="mean pause of a room between acts (0: as fast as answers come)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random clients")
    args = parser.parse_args(argv)
    if not 1 <= args.rooms <= 1000 or not 0 < args.seconds <= 300 or not 1 <= args.workers <= 8:
        parser.error("keep it bounded: --rooms 1..1000, --seconds up to 300, --workers 1..8")
    return args


async def main(argv: list[str]) -> None:
    args = parse_args(argv)
    database = f"bench_{uuid.uuid4().hex[:12]}"
    await admin(f'CREATE DATABASE "{database}"')
    try:
        result = await load(args, database)
    finally:
        await admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    try:
        import uvloop
    except ImportError:
        asyncio.run(main(sys.argv[1:]))
    else:
        uvloop.run(main(sys.argv[1:]))
