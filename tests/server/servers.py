"""Real servers for the server tests: a migrated database and a uvicorn process per server.

`ServerFactory(tmp)(backend)` makes a fresh database (a SQLite file under `tmp`, or a uniquely
named Postgres database on 127.0.0.1:5432 that is dropped at teardown), applies the Alembic
migrations to it, starts `python -m app` (uvicorn) on a free port with DATABASE_URL set, waits for
/api/health and kills the process at teardown. `factory.on(database)` starts another process on
an existing database (a restart after a crash, or a second process of the same service).
"""

from __future__ import annotations

import ctypes
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from alembic import command
from alembic.config import Config as AlembicConfig

ROOT = Path(__file__).resolve().parents[2]
PG_HOST, PG_PORT, PG_USER = "127.0.0.1", 5432, "postgres"
NATS_URL = "nats://127.0.0.1:4222"  # the per-room bus's broker (scripts/prepare starts it)
BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
STARTUP_SECONDS = 120.0  # imports alone took 40 s of wall time on the shared 2-core machine
PR_SET_PDEATHSIG = 1  # linux/prctl.h
LOG_TAIL_LINES = 80  # of each server's log, in a failing test's report


@dataclass(frozen=True)
class Database:
    """A migrated database: its backend, its SQLAlchemy URL, and its file or database name."""

    backend: str
    url: str
    name: str


@dataclass
class Server:
    """A uvicorn process serving the app on 127.0.0.1:`port`."""

    database: Database
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def http(self) -> str:
        """Base URL for REST calls."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """Base URL for websockets."""
        return f"ws://127.0.0.1:{self.port}"

    def log_tail(self, lines: int = LOG_TAIL_LINES) -> tuple[str, str]:
        """A title, and the last lines of this server's log (for a failing test's report)."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        tail = "\n".join(text.splitlines()[-lines:]) or "(empty)"
        code = self.process.poll()  # a log that just stops: was the process killed, and how?
        state = "running" if code is None else f"exited {code}"
        return f"uvicorn :{self.port} (pid {self.process.pid}, {state}), {self.log.name}", tail

    def kill(self) -> None:
        """SIGKILL: no shutdown hooks, no flush, exactly like a crash."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it lingers."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.kill()


def _psql(sql: str, database: str = "postgres") -> None:
    command = ["psql", "-h", PG_HOST, "-p", str(PG_PORT), "-U", PG_USER, "-d", database,
               "-v", "ON_ERROR_STOP=1", "-qXc", sql]
    result = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"psql failed ({sql}): {result.stderr.strip()}")


def psql_value(sql: str) -> str:
    """The single value a query on the `postgres` database prints ("" for no row)."""
    command = ["psql", "-h", PG_HOST, "-p", str(PG_PORT), "-U", PG_USER, "-d", "postgres",
               "-qAtXc", sql]
    return subprocess.run(command, check=True, capture_output=True, text=True,
                          timeout=30).stdout.strip()


def terminate(database: Database, application_name: str) -> int:
    """End every connection of `application_name` to the database, as a SIGKILL of its process
    or a network cut would; returns how many there were."""
    return int(psql_value(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
        f"WHERE datname = '{database.name}' AND application_name = '{application_name}'"))


def backends(database: Database, application_name: str) -> set[int]:
    """The server process ids of `application_name`'s connections to the database."""
    listed = psql_value(
        "SELECT string_agg(pid::text, ' ') FROM pg_stat_activity "
        f"WHERE datname = '{database.name}' AND application_name = '{application_name}'")
    return {int(pid) for pid in listed.split()}


def _postgres_ready() -> bool:
    try:
        with socket.create_connection((PG_HOST, PG_PORT), timeout=2):
            return shutil.which("psql") is not None
    except OSError:
        return False


def migrate(url: str, revision: str = "head") -> None:
    """`alembic upgrade head` (or to `revision`) on `url`, in this process (the URL goes in
    sqlalchemy.url)."""
    config = AlembicConfig()  # no ini file: env.py leaves the test run's logging alone
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.set_main_option("sqlalchemy.url", url)
    # env.py calls asyncio.run: give it a thread of its own, as tests may call from a loop.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(command.upgrade, config, revision).result()


def _die_with_parent() -> None:
    """In the child: SIGKILL it if the test process dies first, so no server outlives a run."""
    if sys.platform == "linux":
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


# Below the kernel's ephemeral range (32768-60999): a port the system hands out (port 0) is
# also what every outgoing connection takes, so in the seconds before uvicorn binds it another
# test's client socket or server could take it; up here only a port picked the same way can.
SERVER_PORTS = range(20000, 32768)


def _free_port() -> int:
    while True:
        port = random.choice(SERVER_PORTS)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port


# Random-move tests play every seat themselves: the server passing for a seat would race them.
# Tests of auto-pass ask for it (`auto_pass_default="when_nothing"`).
# Every test's calls come from 127.0.0.1: the REST limits per address are lifted for it (a
# test of the limits sends X-Forwarded-For from it, or sets RATE_EXEMPT_IPS itself).
TEST_DEFAULTS: dict[str, object] = {"auto_pass_default": "off", "rate_exempt_ips": "127.0.0.1"}


def _env(url: str, settings: dict[str, object]) -> dict[str, str]:
    env = dict(os.environ, DATABASE_URL=url, PYTHONPATH=str(ROOT))
    settings = {**TEST_DEFAULTS, **settings}
    env.update({name.upper(): str(value) for name, value in settings.items()})
    return env


@dataclass
class ServerFactory:
    """Creates migrated databases and server processes; `close` undoes everything it made."""

    tmp: Path
    databases: list[Database] = field(default_factory=list)
    servers: list[Server] = field(default_factory=list)

    def __call__(self, backend: str, **settings: object) -> Server:
        """A server on a fresh, migrated database of `backend` ("sqlite" or "postgres")."""
        return self.on(self.database(backend), **settings)

    def database(self, backend: str) -> Database:
        """A fresh database with the Alembic migrations applied."""
        suffix = uuid.uuid4().hex[:12]
        if backend == "sqlite":
            path = self.tmp / f"nao-{suffix}.db"
            database = Database(backend, f"sqlite+aiosqlite:///{path}", str(path))
        elif backend == "postgres":
            if not _postgres_ready():
                pytest.fail(f"Postgres is not reachable at {PG_HOST}:{PG_PORT} "
                            "(start it, or deselect with -m 'not postgres')")
            name = f"nao_test_{suffix}"
            _psql(f'CREATE DATABASE "{name}"')
            database = Database(backend, f"postgresql+asyncpg://{PG_USER}@{PG_HOST}:{PG_PORT}/"
                                         f"{name}", name)
        else:
            raise ValueError(backend)
        self.databases.append(database)
        migrate(database.url)
        return database

    def on(self, database: Database, **settings: object) -> Server:
        """Start a uvicorn process on an existing database and wait until it answers."""
        for _attempt in range(3):  # a port picked as free may be taken before uvicorn binds it
            port = _free_port()
            log = self.tmp / f"uvicorn-{port}-{uuid.uuid4().hex[:6]}.log"
            command = [sys.executable, "-m", "app", "--host", "127.0.0.1", "--port", str(port),
                       "--log-level", "info"]  # the serve entry, with the project's flags
            # info: the app's own lines (the bus's gaps and resyncs, a process counted dead)
            # are what a failing test's report shows of each server (conftest.py)
            with log.open("wb") as out:
                process = subprocess.Popen(command, cwd=ROOT, env=_env(database.url, settings),
                                           stdout=out, stderr=subprocess.STDOUT,
                                           preexec_fn=_die_with_parent)
            server = Server(database, port, process, log)
            self.servers.append(server)
            if _wait_healthy(server):
                return server
            server.kill()
        raise AssertionError(f"uvicorn did not start:\n{log.read_text(errors='replace')}")

    def close(self) -> None:
        """Kill every process, then drop the Postgres databases."""
        for server in self.servers:
            server.kill()
        for database in self.databases:
            if database.backend == "postgres":
                _psql(f'DROP DATABASE IF EXISTS "{database.name}" WITH (FORCE)')


def _wait_healthy(server: Server) -> bool:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            return False
        try:
            if httpx.get(f"{server.http}/api/health", timeout=1).status_code == 200:
                return True
        except httpx.TransportError:
            pass
        time.sleep(0.05)
    return False
