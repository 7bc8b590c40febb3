"""Server benchmark: our server against a bare relay (bench/relay.py), side by side, same load.

For each room count, and for each server in turn, it creates a throw-away Postgres database on
127.0.0.1:5432, starts the server (same uvicorn flags; ours after its migrations), has several
load-client processes (bench/load_client.py) open the rooms of 4 seats and connect every seat,
then drives them: each room makes one decision at a time, by a seat the view says is waiting,
after a think time of `--think-ms` (uniform 0.5x-1.5x; 2 s by default; `--flood`: none, so each
room always has an act in flight). The latency of an act runs from its sending until its update
has reached every seat of the room. Per point it prints moves/s, p50/p90/p99, errors, the
server's CPU ms per move (/proc utime+stime over the driving window, worker processes included),
the database's CPU ms per move, the resident memory each idle socket adds, and the ratios
ours/relay; `--knee` also finds the room count where p99 crosses 100 ms. A table goes to stdout,
then one JSON line; progress to stderr. Everything stays on 127.0.0.1 and stops by itself.

    .venv/bin/python bench/server.py [--rooms 100,500,1000,2000] [--seconds 25] [--knee]
        [--flood] [--workers 1] [--clients 3] [--targets relay,ours]

`--targets relay1,ours` measures ours against the relay that writes a move in one statement
(the floor: ours writes it in one round trip too); `relay1,relay,ours` runs all three.
`ours-nats` is ours with the per-room bus on the NATS at 127.0.0.1:4222 (BUS_URL), and `@N`
gives a target its own process count: `--targets ours,ours@2,ours-nats@2` compares one
process with a 2-process cluster on each bus in one invocation (uvicorn's workers: the kernel
spreads the sockets, so nearly every room spans both). `ours-nginx@2` and `ours-nats-nginx@2`
run the cluster as deployed (`app/cluster.py`: the processes behind nginx, which sends each
room to one process); nginx's own CPU is left out of the server's and reported apart
(`proxy_cpu_ms_per_move`). `--baseline DIR` names another
checkout of ours (e.g. `git archive main | tar -x -C DIR`, with the compiled engine copied in):
a target ending in `-base` (`ours-nats-base@2`) runs its code, in the same venv, so a change
is measured against the code before it in one invocation.

Each point also times its setup (wall and server CPU per REST request while opening the rooms,
per socket while connecting them); `--restart` restarts the server after that and times every
seat reconnecting at once; `--retry` makes a `busy` refusal be sent again at once; `--hog` runs
one busy loop beside the server while it is driven.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import json
import multiprocessing
import os
import resource
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import load_client
import procstat
import report

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin"
BASELINE = ROOT  # --baseline's checkout, for the `-base` targets
PG = "postgres@127.0.0.1:5432"
# How each server starts: ours by the project's serve entry; the relay with the flags it uses
# (app/__main__.py: ws max size = the message limit, no per-message deflate, proxy headers).
RELAY = ["uvicorn", "bench.relay:app", "--ws-max-size", "16384", "--ws-per-message-deflate",
         "false", "--proxy-headers", "--no-access-log"]
# relay: a move in five round trips (a transaction); relay1: in one statement (bench/relay.py).
APPS = {"ours": ["app"], "ours-nats": ["app"], "relay": RELAY, "relay1": RELAY,
        "ours-nginx": ["app"], "ours-nats-nginx": ["app"]}
NATS_URL = "nats://127.0.0.1:4222"  # ours-nats: the per-room bus (BUS_URL) on this NATS


def tree(name: str) -> Path:
    """Where a target's server runs from: `-base` targets from --baseline's checkout."""
    return BASELINE if name.endswith("-base") else ROOT


def takes_patches(target: str) -> bool:
    """Whether the target's server has patches (docs/protocol.md), which its clients then ask
    for as the browser does: ours, unless its checkout is from before them."""
    name = app_of(target)[0]
    schemas = tree(name) / "app" / "server" / "schemas.py"
    return APPS[name.removesuffix("-base")] == ["app"] and "patches: bool" in schemas.read_text()


def app_of(target: str) -> tuple[str, int | None]:
    """A target's server, and its own process count: `ours-nats@2` is ours on NATS, 2
    processes (without `@N`, --workers)."""
    name, _, count = target.partition("@")
    return name, int(count) if count else None
PR_SET_PDEATHSIG = 1  # linux/prctl.h
SETTLE_SECONDS = 2.0  # after the sockets connect, before memory is read


# --- databases and server processes ------------------------------------------------------------

async def admin(sql: str) -> None:
    conn = await asyncpg.connect(f"postgresql://{PG}/postgres")
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def raise_open_files() -> None:
    """Thousands of sockets need thousands of descriptors: soft limit up to the hard one."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def server_child(nice: int) -> None:
    """In a server process before exec: enough descriptors, its own scheduling group and
    priority, and death with the bench."""
    raise_open_files()
    procstat.own_scheduling_group(nice)
    die_with_parent()


def die_with_parent() -> None:
    """SIGTERM this process when the bench dies, so nothing outlives an interrupted run."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def server_env(target: str, database: str) -> dict[str, str]:
    """Our server: its database, the per-socket rate limit, the per-address socket cap and
    REST limits lifted (every bench socket and call comes from 127.0.0.1); the relay: its
    DSN."""
    env = {**os.environ, "RATE_PER_SECOND": "10000", "RATE_BURST": "10000",
           "RATE_EXEMPT_IPS": "127.0.0.1",
           "SOCKETS_PER_ADDRESS": "1000000", "SOCKETS_PER_ROOM": "1000000",
           "DATABASE_URL": f"postgresql+asyncpg://{PG}/{database}",
           "RELAY_DATABASE_URL": f"postgresql://{PG}/{database}",
           "RELAY_MOVE": "statement" if target == "relay1" else "transaction",
           # Auto-pass off from the start: the clients would otherwise turn it off on every
           # seat after its sync (a write per socket the relay never sees; load_client.py).
           "AUTO_PASS_DEFAULT": "off"}
    if target.removesuffix("-base").removesuffix("-nginx") == "ours-nats":
        env["BUS_URL"] = NATS_URL
    return env


def start_server(target: str, env: dict[str, str], port: int, workers: int, log: Path,
                 nice: int, migrate: bool = True) -> subprocess.Popen[bytes]:
    """Ours by its serve entry (`python -m app`); the relay by uvicorn with the same flags."""
    if target.startswith("ours") and migrate:
        subprocess.run([str(BIN / "alembic"), "upgrade", "head"], cwd=tree(target), env=env,
                       check=True, capture_output=True, timeout=180)
    if workers > 1:
        env = {**env, "RELAY_NOTIFY": "1"}
    where = ["--host", "127.0.0.1", "--port", str(port), "--workers", str(workers),
             "--log-level", "warning"]
    command = [str(BIN / "python"), "-m", *APPS[target.removesuffix("-base")], *where]
    if target.endswith("-nginx"):  # the processes behind nginx, as scripts/cluster runs them
        command = [str(BIN / "python"), "-m", "app.cluster", "--processes", str(workers),
                   "--port", str(port), "--first-port", str(free_port()),
                   "--logs", str(log.with_suffix(""))]
    with log.open("ab") as out:
        return subprocess.Popen(command, cwd=tree(target), env=env, stdout=out,
                                stderr=subprocess.STDOUT,
                                preexec_fn=lambda: server_child(nice))


async def wait_ready(base: str, server: subprocess.Popen[bytes]) -> None:
    async with httpx.AsyncClient(base_url=base, trust_env=False, timeout=5) as http:
        for _ in range(600):
            if server.poll() is not None:
                raise RuntimeError(f"the server exited with {server.returncode}")
            try:
                if (await http.get("/api/health")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError("the server did not become ready in 60 s")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


# --- the load clients --------------------------------------------------------------------------

class Clients:
    """The load-client processes, told each step in turn; each answers when it is done."""

    def __init__(self, args: argparse.Namespace, target: str, base: str, rooms: int) -> None:
        context = multiprocessing.get_context("spawn")
        count = max(1, min(args.clients, rooms))
        self.pipes, self.processes = [], []
        for i in range(count):
            share = rooms // count + (1 if i < rooms % count else 0)
            first = i * (rooms // count) + min(i, rooms % count)
            plan = load_client.Plan(target, base, first, share, args.think_ms, args.act_timeout,
                                    args.seed * 1000 + i, args.nice, args.retry,
                                    takes_patches(target) and not args.whole)
            ours, theirs = context.Pipe()
            process = context.Process(target=load_client.main, args=(plan, theirs), daemon=True)
            process.start()
            self.pipes.append(ours)
            self.processes.append(process)

    async def answers(self, word: str, timeout: float) -> list[tuple[Any, ...]]:
        """Every client's answer to the last step (a client that fails to answer is an error)."""
        end = time.monotonic() + timeout
        got: list[tuple[Any, ...] | None] = [None] * len(self.pipes)
        while any(g is None for g in got):
            if time.monotonic() > end:
                raise TimeoutError(f"load clients did not answer {word!r} in {timeout:.0f} s")
            for i, pipe in enumerate(self.pipes):
                if got[i] is None and pipe.poll():
                    got[i] = pipe.recv()
            await asyncio.sleep(0.05)
        return [g for g in got if g is not None]

    def tell(self, *order: Any) -> None:
        for pipe in self.pipes:
            pipe.send(order)

    def stop(self) -> None:
        for process in self.processes:
            process.join(timeout=10)
            if process.is_alive():
                process.kill()
                process.join(timeout=10)


# --- one point: one server, one room count -----------------------------------------------------

async def run_point(args: argparse.Namespace, target: str, rooms: int) -> dict[str, Any]:
    """A fresh database and server; open, connect, drive, measure; tear it all down."""
    name, workers = app_of(target)
    database = f"bench_{name.replace('-', '_')}_{uuid.uuid4().hex[:10]}"
    await admin(f'CREATE DATABASE "{database}"')
    bystander = None
    log = Path(f"/tmp/{database}.log")
    server = Server(args, name, database, workers or args.workers, log)
    try:
        await server.start()
        if args.bystander:  # the same server once more, on the same database, left idle
            idle_port = free_port()
            bystander = start_server(name, server_env(name, database), idle_port, 1,
                                     Path(f"/tmp/{database}-bystander.log"), args.nice)
            await wait_ready(f"http://127.0.0.1:{idle_port}", bystander)
        progress(f"{target}: {rooms} rooms, server pid {server.pid}, log {log}")
        proxy_before = procstat.cpu_seconds(server.pid, proxy=True)
        try:
            found = await measure(args, target, rooms, server, database,
                                  (bystander.pid, f"http://127.0.0.1:{idle_port}")
                                  if bystander else None)
        except TimeoutError as exc:  # a server too slow to set up: reported, not waited for
            found = report.failed(target, rooms, str(exc), procstat.load_average())
        if name.endswith("-nginx") and found.get("moves"):  # setup and drive alike
            found["proxy_cpu_ms_per_move"] = round(
                (procstat.cpu_seconds(server.pid, proxy=True) - proxy_before) * 1000
                / found["moves"], 3)
        found["server_tracebacks"] = log.read_text(errors="replace").count("Traceback")
        progress(json.dumps(found))
        return found
    finally:
        server.stop()
        if bystander is not None:
            stop_server(bystander)
        await admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')


class Server:
    """One target's server on its port; `restart` stops it and starts it again there."""

    def __init__(self, args: argparse.Namespace, name: str, database: str, workers: int,
                 log: Path) -> None:
        self.args, self.name, self.workers, self.log = args, name, workers, log
        self.env = server_env(name, database)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    async def start(self, migrate: bool = True) -> None:
        self.process = start_server(self.name, self.env, self.port, self.workers, self.log,
                                    self.args.nice, migrate)
        await wait_ready(self.base, self.process)

    def stop(self) -> None:
        if self.process is not None:
            stop_server(self.process)
            self.process = None

    async def restart(self) -> None:
        self.stop()
        await self.start(migrate=False)


async def setup(clients: Clients, args: argparse.Namespace, target: str, server: Server,
                requests: int, bystander: tuple[int, str] | None = None
                ) -> tuple[dict[str, Any], list[tuple[Any, ...]]]:
    """Open the rooms, connect every seat (and with --restart, restart the server and
    reconnect every seat at once): wall seconds, and server CPU per request and per socket
    (and the bystander's per socket connecting and reconnecting: presence it hears)."""
    idle = Idle(bystander)
    cpu = procstat.cpu_seconds(server.pid)
    opened = await clients.answers("opened", args.setup_timeout)
    rooms = sum(a[1] for a in opened)
    cpu, open_cpu = procstat.cpu_seconds(server.pid), procstat.cpu_seconds(server.pid) - cpu
    progress(f"{target}: {rooms} rooms opened; connecting")
    memory_before = procstat.rss_bytes(server.pid)
    idle.start()
    clients.tell("connect")
    connected = await clients.answers("connected", args.setup_timeout)
    connect_cpu = procstat.cpu_seconds(server.pid) - cpu
    sockets = sum(a[1] for a in connected)
    await asyncio.sleep(SETTLE_SECONDS)  # coalesced presence still in flight
    idle_cpu = idle.spent()
    per_socket = (procstat.rss_bytes(server.pid) - memory_before) / max(1, sockets)
    found = report.storm("open", max(a[3] for a in opened), open_cpu, rooms * requests)
    found |= report.storm("connect", max(a[3] for a in connected), connect_cpu, sockets)
    found["per_socket"] = per_socket
    found |= idle.figure("connect", idle_cpu, sockets)
    if args.restart:
        progress(f"{target}: restarting the server; every seat reconnects at once")
        await server.restart()
        progress(f"{target}: restarted, server pid {server.pid}")
        cpu = procstat.cpu_seconds(server.pid)
        idle.start()
        clients.tell("reconnect")
        again = await clients.answers("reconnected", args.setup_timeout)
        await asyncio.sleep(SETTLE_SECONDS)
        found |= idle.figure("reconnect", idle.spent(), sum(a[1] for a in again))
        found |= report.storm("reconnect", max(a[3] for a in again),
                              procstat.cpu_seconds(server.pid) - cpu, sum(a[1] for a in again))
        found["reconnected"] = sum(a[1] for a in again)
    return found, opened + connected


async def measure(args: argparse.Namespace, target: str, rooms: int, server: Server,
                  database: str, bystander: tuple[int, str] | None = None) -> dict[str, Any]:
    clients = Clients(args, target, server.base, rooms)
    try:
        storm, setups = await setup(clients, args, target, server,
                                    1 if target.startswith("relay") else 2 + load_client.HUNTED,
                                    bystander)
        sockets, per_socket = storm["connect_count"], storm.pop("per_socket")
        progress(f"{target}: {sockets} sockets; driving for {args.seconds:.0f} s")
        procstat.renice(procstat.postgres_cpu(database), args.nice)  # its backends too
        with hog(args.hog):
            start = reading(server.pid, database)
            idle_before = procstat.cpu_seconds(bystander[0]) if bystander else 0.0
            clients.tell("drive", time.monotonic() + args.seconds)
            done = await clients.answers("done", args.seconds + args.act_timeout + 60)
            end = reading(server.pid, database)
        idle_cpu = procstat.cpu_seconds(bystander[0]) - idle_before if bystander else None
        clients.tell("close")
    finally:
        clients.stop()
    setup_errors = sum(sum(a[2].values()) for a in setups)
    found = report.figures(target, rooms, sockets, per_socket, setup_errors, start, end, done)
    found |= storm
    if idle_cpu is not None:  # what a process holding none of the rooms spent on them
        found["bystander_cpu_ms_per_move"] = report.rounded(
            1000 * idle_cpu / found["moves"] if found["moves"] else None, 3)
    return found


class Idle:
    """The CPU a bystander process (no socket, no room) spends over a phase, and the presence
    notices it hears (its /metrics; None where the server does not count them)."""

    def __init__(self, bystander: tuple[int, str] | None) -> None:
        self.pid, self.base = bystander or (None, "")
        self.since, self.heard = 0.0, None

    def start(self) -> None:
        self.since = procstat.cpu_seconds(self.pid) if self.pid else 0.0
        self.heard = self.presence_heard()

    def spent(self) -> float | None:
        return procstat.cpu_seconds(self.pid) - self.since if self.pid else None

    def presence_heard(self) -> float | None:
        if not self.pid:
            return None
        text = httpx.get(f"{self.base}/metrics", timeout=10, trust_env=False).text
        lines = [line for line in text.splitlines()
                 if line.startswith("nao_bus_presence_notices_total ")]
        return float(lines[0].split()[1]) if lines else None

    def figure(self, kind: str, cpu: float | None, sockets: int) -> dict[str, Any]:
        if cpu is None:
            return {}
        found = {f"bystander_{kind}_cpu_ms_each": round(1000 * cpu / max(1, sockets), 4)}
        heard = self.presence_heard()
        if heard is not None and self.heard is not None:
            each = (heard - self.heard) / max(1, sockets)
            found[f"bystander_{kind}_presence_each"] = round(each, 3)
        return found


@contextlib.contextmanager
def hog(on: bool) -> Iterator[None]:
    """With --hog, one busy loop in a session of its own beside the server while it drives."""
    if not on:
        yield
        return
    loop = subprocess.Popen([sys.executable, "-c", "while True: pass"],
                            preexec_fn=lambda: (os.setsid(), die_with_parent()))
    try:
        yield
    finally:
        loop.kill()
        loop.wait()


def reading(pid: int, database: str) -> report.Reading:
    return report.Reading(time.monotonic(), procstat.cpu_seconds(pid),
                          procstat.postgres_cpu(database), procstat.load_average())


def progress(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


# --- the run -----------------------------------------------------------------------------------

async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Every point for every target, interleaved so that drifting load hits both alike."""
    results: dict[str, list[dict[str, Any]]] = {t: [] for t in args.targets}
    uptime_before = procstat.load_average()
    for rooms in args.rooms:
        for target in args.targets:
            if any("failed" in p for p in results[target]):  # more rooms would fail too
                results[target].append(report.failed(target, rooms, "skipped: fewer rooms "
                                                      "failed", procstat.load_average()))
                continue
            results[target].append(await run_point(args, target, rooms))
    knees = {}
    if args.knee:
        for target in args.targets:
            knees[target] = await find_knee(args, target, results[target])
    return report.summary(args, results, knees, uptime_before, procstat.load_average())


async def find_knee(args: argparse.Namespace, target: str,
                    points: list[dict[str, Any]]) -> dict[str, Any]:
    """Bracket the room count where p99 crosses 100 ms, then narrow it by bisection."""
    points = sorted(points, key=lambda p: p["rooms"])
    while report.bracket(points)[1] is None and points[-1]["rooms"] * 2 <= args.knee_max:
        points.append(await run_point(args, target, points[-1]["rooms"] * 2))
    for _ in range(args.knee_steps):
        low, high = report.bracket(points)
        if low is None or high is None or high["rooms"] - low["rooms"] < 50:
            break
        points.append(await run_point(args, target, (low["rooms"] + high["rooms"]) // 2))
        points.sort(key=lambda p: p["rooms"])
    return report.knee(points)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", default=None,
                        help="room counts, comma-separated (default 100,500,1000,2000; "
                             "flood: 50)")
    parser.add_argument("--seconds", type=float, default=25.0, help="driving time per point")
    parser.add_argument("--think-ms", type=float, default=2000.0,
                        help="mean think time before each decision (default 2000)")
    parser.add_argument("--flood", action="store_true", help="no think time at all")
    parser.add_argument("--knee", action="store_true", help="find where p99 crosses 100 ms")
    parser.add_argument("--knee-max", type=int, default=4000, help="largest room count tried")
    parser.add_argument("--knee-steps", type=int, default=2, help="bisection steps")
    parser.add_argument("--workers", type=int, default=1, help="server processes (uvicorn)")
    parser.add_argument("--clients", type=int, default=3, help="load-client processes")
    parser.add_argument("--targets", default="relay,ours", help="servers to run, in order")
    parser.add_argument("--act-timeout", type=float, default=30.0,
                        help="seconds before an act without all its updates is an error")
    parser.add_argument("--setup-timeout", type=float, default=900.0,
                        help="seconds allowed to open the rooms, and to connect the seats")
    parser.add_argument("--nice", type=int, default=0,
                        help="niceness of the servers, their database backends and the load "
                             "clients (e.g. -5 on a box shared with other work; root only)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random clients")
    parser.add_argument("--restart", action="store_true",
                        help="after connecting, restart the server on its port and time every "
                             "seat reconnecting at once")
    parser.add_argument("--retry", action="store_true",
                        help="the clients send a move refused `busy` again at once")
    parser.add_argument("--whole", action="store_true",
                        help="the clients never ask for patches: every update a whole view")
    parser.add_argument("--hog", action="store_true",
                        help="one busy loop runs beside the server while it is driven")
    parser.add_argument("--baseline", type=Path, default=ROOT,
                        help="another checkout of ours, run by the targets ending in -base")
    parser.add_argument("--bystander", action="store_true",
                        help="start each server once more on the same database, with no "
                             "socket, and report the CPU it spends per move of the others")
    args = parser.parse_args(argv)
    if args.flood:
        args.think_ms = 0.0
    args.rooms = [int(r) for r in (args.rooms or ("50" if args.flood else
                                                  "100,500,1000,2000")).split(",")]
    args.targets = args.targets.split(",")
    global BASELINE
    BASELINE = args.baseline.resolve()
    if (not all(1 <= r <= 4000 for r in args.rooms) or not 0 < args.seconds <= 120
            or not 1 <= args.workers <= 8 or not 1 <= args.clients <= 8
            or not 1 <= args.knee_max <= 4000 or not -10 <= args.nice <= 10
            or not {app_of(t)[0].removesuffix("-base") for t in args.targets} <= set(APPS)
            or not all(1 <= (app_of(t)[1] or 1) <= 8 for t in args.targets)):
        parser.error("keep it bounded: rooms 1..4000, seconds up to 120, workers and clients "
                     "1..8, nice -10..10, targets among relay,relay1,ours,ours-nats (each "
                     "with an optional @N processes, 1..8)")
    return args


async def main(argv: list[str]) -> None:
    args = parse_args(argv)
    raise_open_files()
    task = asyncio.current_task()
    assert task is not None
    for stop in (signal.SIGTERM, signal.SIGINT):  # clean up (servers, databases), then exit
        asyncio.get_running_loop().add_signal_handler(stop, task.cancel)
    summary = await run(args)
    print(report.table(summary))
    print(json.dumps(summary), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
