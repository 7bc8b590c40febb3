"""Several app processes behind nginx on one machine: `python -m app.cluster` (scripts/cluster).

Starts N server processes on consecutive ports of 127.0.0.1 (all on the Postgres database of
DATABASE_URL, or the shards of DATABASE_URLS, created when missing and migrated first) and
Debian's nginx in front of them with a generated config in a temporary directory. A room's
socket and requests go to the process its code hashes to (a consistent hash: a process that
fails hands its rooms to the others, and only its own); any process can serve any room, so a
room split by a failure still plays (docs/cluster.md). The processes' and nginx's logs
go to `--logs` (data/cluster), where they stay after the stop. A process that dies is
restarted; Ctrl-C stops everything.
`nginx_config` also writes deploy/nginx.conf, the config docker-compose.yml mounts (a test
keeps the two in step).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import asyncpg
from sqlalchemy.engine import URL, make_url

from app.server.shards import shard_urls

ROOT = Path(__file__).resolve().parent.parent
NGINX = "/usr/sbin/nginx"
INSTALL_NGINX = "install Debian's nginx: apt-get install nginx (as root)"
LOGS = ROOT / "data" / "cluster"
COMPOSE_UPSTREAM = "app:8000"  # the compose service; nginx re-resolves it to every replica

# The app compresses what it serves (zstd, brotli or gzip: app/server/web.py) and nginx passes
# that on as it is; gzip here covers any text answer that still comes uncompressed.
GZIP = """\
    gzip on;
    gzip_proxied any;
    gzip_vary on;
    gzip_min_length 128;
    gzip_types text/css text/javascript application/javascript application/json
               application/manifest+json image/svg+xml text/plain;
"""

# Each process's metrics are for the host that scrapes it at its own address, never for the
# public: the proxy answers them as an unknown address, in the API's error shape.
NOT_FOUND = ('{"error": {"code": "not_found", '
             '"message": "There is nothing at this address."}}')
HIDDEN = f"""\
        location = /metrics {{
            default_type application/json;
            return 404 '{NOT_FOUND}';
        }}
"""
# Which process answered: only for the tests' own proxy (the processes' internal addresses).
UPSTREAM_HEADER = "        add_header X-Upstream $upstream_addr always;\n"

# A room's websocket and REST paths, named by its code: hashed to one process, so that a room's
# sockets meet on one process and the others hear none of its notices.
ROOM_PATH = "~ ^/(?:ws|api)/rooms/(?<room>[A-Za-z0-9_-]+)(?:/|$)"

# What every proxied request gets (the locations below inherit it).
PROXY = """\
        proxy_http_version 1.1;
        # Websockets: pass the upgrade on; plain requests keep the upstream connection alive.
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $connection_upgrade;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
{upstream_header}        # A socket may idle between moves for as long as a player thinks.
        proxy_read_timeout 1h;
        proxy_send_timeout 1h;
        proxy_buffering off;
        client_max_body_size {max_body};
        location {room_path} {{
            proxy_pass http://rooms;
        }}
        location / {{
            proxy_pass http://app;
        }}
"""


def _upstream(name: str, servers: str, balance: str = "") -> str:
    """An upstream block over the app processes (`balance`: its method, round robin when empty)."""
    return (f"    upstream {name} {{\n        zone {name} 64k;\n{balance}"
            f"{servers}        keepalive 32;\n"
            "        keepalive_timeout 4s;\n    }\n")  # under uvicorn's 5 s: nginx closes first


def nginx_config(upstreams: list[str], listen: str, workdir: Path | None = None,
                 resolver: str | None = None, max_body: str = "64k",
                 upstream_header: bool = False) -> str:
    """nginx.conf proxying `listen` to the app processes at `upstreams` (host:port).

    With a `workdir`, nginx keeps its pid, logs and temporary files there (a local cluster);
    with a `resolver` (compose), upstream names are re-resolved as replicas come and go;
    `upstream_header` names the answering process in `X-Upstream` (for tests only).
    """
    paths = ""
    if workdir is not None:
        paths = "".join(f"    {name}_temp_path {workdir / name};\n"
                        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    resolve = " resolve" if resolver else ""
    servers = "".join(f"        server {upstream} max_fails=1 fail_timeout=2s{resolve};\n"
                      for upstream in upstreams)
    # A local cluster runs nginx in the foreground itself; the nginx image adds `daemon off`.
    head = (f"pid {workdir / 'nginx.pid'};\ndaemon off;\nworker_processes 1;\n"
            if workdir is not None else "worker_processes auto;\n")
    log = workdir / "error.log" if workdir is not None else "stderr"
    return (
        f"# Generated by app/cluster.py (nginx_config); edit there, not here.\n"
        f"{head}error_log {log} warn;\n"
        # A proxied socket holds two connections (the player's and the app's): 32,768 per
        # worker carry 16,000 players; 8,192 refused sockets past ~4,000 (1,000 rooms of 4).
        "worker_rlimit_nofile 65536;\n"
        "events {\n    worker_connections 32768;\n}\n"
        "http {\n    access_log off;\n"
        f"{paths}"
        + GZIP
        + (f"    resolver {resolver} valid=5s ipv6=off;\n" if resolver else "")
        + "    map $http_upgrade $connection_upgrade {\n"
        "        default upgrade;\n        '' '';\n    }\n"
        + _upstream("app", servers)
        + _upstream("rooms", servers, "        hash $room consistent;\n")
        + f"    server {{\n        listen {listen};\n"
        + HIDDEN
        + PROXY.format(room_path=ROOM_PATH, max_body=max_body,
                       upstream_header=UPSTREAM_HEADER if upstream_header else "")
        + "    }\n}\n")


def compose_config() -> str:
    """deploy/nginx.conf: the official nginx image in front of the compose app replicas."""
    return nginx_config([COMPOSE_UPSTREAM], "80", resolver="127.0.0.11")


def serve_command(port: int) -> list[str]:
    """The command that serves the app on 127.0.0.1:`port` with the project's flags."""
    return [sys.executable, "-m", "app", "--host", "127.0.0.1", "--port", str(port),
            "--log-level", "warning"]


def wait_healthy(url: str, process: subprocess.Popen[bytes], seconds: float = 30.0) -> bool:
    """Poll `url` until it answers 200; False if the process exits or time runs out."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return True
        except OSError:
            time.sleep(0.1)
    return False


class Cluster:
    """The app processes and nginx, started and watched from this process."""

    def __init__(self, processes: int, port: int, first_port: int, workdir: Path,
                 logs: Path) -> None:
        self.ports = [first_port + i for i in range(processes)]
        self.port, self.workdir, self.logs = port, workdir, logs
        self.apps: dict[int, subprocess.Popen[bytes]] = {}
        self.nginx: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Every app process (each answering /api/health), then nginx."""
        for port in self.ports:
            self._start_app(port)
        config = self.workdir / "nginx.conf"
        config.write_text(nginx_config([f"127.0.0.1:{p}" for p in self.ports],
                                       f"127.0.0.1:{self.port}", self.workdir))
        self.workdir.chmod(0o755)  # nginx workers (nobody) use the temporary paths in it
        self.nginx = subprocess.Popen([NGINX, "-p", str(self.workdir), "-c", str(config),
                                       "-e", str(self.logs / "nginx-error.log")])
        if not wait_healthy(f"http://127.0.0.1:{self.port}/api/health", self.nginx):
            raise SystemExit(f"nginx did not start; see {self.logs / 'nginx-error.log'}")

    def _start_app(self, port: int) -> None:
        log = (self.logs / f"app-{port}.log").open("ab")  # appended: earlier runs stay
        # nginx, on this machine, is the one proxy whose X-Forwarded-For is believed.
        env = dict(os.environ, FORWARDED_ALLOW_IPS="127.0.0.1")
        process = subprocess.Popen(serve_command(port), cwd=ROOT, stdout=log,
                                   stderr=subprocess.STDOUT, env=env)
        self.apps[port] = process
        if not wait_healthy(f"http://127.0.0.1:{port}/api/health", process):
            raise SystemExit(f"the app on port {port} did not start; see {log.name}")

    def watch(self) -> None:
        """Restart any app process that dies, until nginx stops or we are told to stop."""
        assert self.nginx is not None
        while self.nginx.poll() is None:
            for port, process in list(self.apps.items()):
                if process.poll() is not None:
                    print(f"cluster: the app on port {port} exited ({process.returncode}); "
                          "restarting it", file=sys.stderr)
                    self._start_app(port)
            time.sleep(1.0)

    def stop(self) -> None:
        """SIGTERM everything we started, then wait for it."""
        children = [*self.apps.values(), *([self.nginx] if self.nginx else [])]
        for child in children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        for child in children:
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="scripts/cluster", description=__doc__.split("\n")[0])
    parser.add_argument("--processes", type=int, default=2, help="app processes (default 2)")
    parser.add_argument("--port", type=int, default=8000, help="nginx's port (default 8000)")
    parser.add_argument("--first-port", type=int, default=8001,
                        help="the first app process's port; the others follow (default 8001)")
    parser.add_argument("--logs", type=Path, default=LOGS,
                        help="where each process's and nginx's log is appended (default "
                             "data/cluster; kept after the stop)")
    parser.add_argument("--print-compose-config", action="store_true",
                        help="print deploy/nginx.conf (the compose nginx config) and exit")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    """Migrate, start the processes and nginx, and keep them running until interrupted."""
    args = _arguments(argv)
    if args.print_compose_config:
        print(compose_config(), end="")
        return
    urls = shard_urls(os.environ.get("DATABASE_URL", ""), os.environ.get("DATABASE_URLS", ""))
    if not all(url and make_url(url).get_backend_name() == "postgresql" for url in urls):
        raise SystemExit("Set DATABASE_URL to a Postgres database (or DATABASE_URLS to "
                         "several, the shards): processes share them.")
    if not Path(NGINX).exists():
        raise SystemExit(f"cluster: nginx is missing ({NGINX}): {INSTALL_NGINX}")
    for url in urls:
        asyncio.run(ensure_database(make_url(url)))
    # every shard of DATABASE_URLS (migrations/env.py)
    migrated = subprocess.run([sys.executable, "-m", "alembic", "upgrade", "head"], cwd=ROOT,
                              check=False)
    if migrated.returncode != 0:
        raise SystemExit("cluster: the migrations failed (above)")
    args.logs.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with tempfile.TemporaryDirectory(prefix="not-alone-cluster-") as workdir:
        cluster = Cluster(args.processes, args.port, args.first_port, Path(workdir), args.logs)
        try:
            cluster.start()
            print(f"cluster: http://127.0.0.1:{args.port} -> {len(cluster.ports)} processes on "
                  f"ports {cluster.ports[0]}-{cluster.ports[-1]} (logs in {args.logs})",
                  flush=True)
            cluster.watch()
        except KeyboardInterrupt:
            pass
        finally:
            cluster.stop()


async def ensure_database(url: URL) -> None:
    """Create the database of `url` on its server when it is missing (from the server's
    `postgres` database, as the same user); a server out of reach is said plainly."""
    name = url.database or ""
    admin = url.set(drivername="postgresql", database="postgres")
    try:
        connection = await asyncpg.connect(admin.render_as_string(hide_password=False))
    except (OSError, asyncpg.PostgresError) as exc:
        raise SystemExit(f"cluster: cannot reach Postgres at {url.host}:{url.port or 5432} "
                         f"as {url.username}: {exc}") from None
    try:
        if not await connection.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
            quoted = name.replace('"', '""')
            await connection.execute(f'CREATE DATABASE "{quoted}"')
            print(f"cluster: created the database {name}", flush=True)
    except asyncpg.PostgresError as exc:
        raise SystemExit(f"cluster: cannot create the database {name}: {exc}") from None
    finally:
        await connection.close()


if __name__ == "__main__":
    main()
