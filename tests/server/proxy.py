"""nginx in front of test servers, configured as `scripts/cluster` does (app/cluster.py).

`Proxy.start(tmp, servers)` runs Debian's nginx on a free port of 127.0.0.1: a room's socket
and requests go to the process its code hashes to, the rest round-robin; every response (the
websocket's 101 included) names the process that served it in `X-Upstream`. `ProxiedPlayer`
reads it for its socket. The proxy never splits a room: `connect_to` puts a socket on a chosen
process directly, as a failure (or a deploy) leaves a room split.
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from app.cluster import NGINX, nginx_config

from .client import Player
from .servers import Server, _die_with_parent


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Proxy:
    """A running nginx: `http` and `ws` base URLs like a Server's, for Api and Player."""

    port: int
    process: subprocess.Popen[bytes]
    workdir: Path

    @property
    def http(self) -> str:
        """Base URL for REST calls through the proxy."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """Base URL for websockets through the proxy."""
        return f"ws://127.0.0.1:{self.port}"

    @classmethod
    def start(cls, tmp: Path, servers: list[Server]) -> Proxy:
        """nginx over `servers`, answering /api/health before this returns."""
        if not Path(NGINX).exists() and shutil.which("nginx") is None:
            pytest.fail(f"nginx is missing ({NGINX}): apt-get install nginx")
        workdir = tmp / f"nginx-{time.monotonic_ns()}"
        workdir.mkdir()
        workdir.chmod(0o755)
        tmp.chmod(0o755)  # nginx's workers (nobody) reach their temporary paths through it
        port = _free_port()
        config = workdir / "nginx.conf"
        config.write_text(nginx_config([f"127.0.0.1:{s.port}" for s in servers],
                                       f"127.0.0.1:{port}", workdir, upstream_header=True))
        process = subprocess.Popen([NGINX, "-p", str(workdir), "-c", str(config),
                                    "-e", str(workdir / "error.log")],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                                   preexec_fn=_die_with_parent)
        proxy = cls(port, process, workdir)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and process.poll() is None:
            try:
                if httpx.get(f"{proxy.http}/api/health", timeout=1).status_code == 200:
                    return proxy
            except httpx.TransportError:
                time.sleep(0.05)
        proxy.stop()
        raise AssertionError(f"nginx did not start: {(workdir / 'error.log').read_text()}")

    def stop(self) -> None:
        """Stop nginx (SIGTERM: fast shutdown), then make sure it is gone."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


class ProxiedPlayer(Player):
    """A player whose socket goes through the proxy; knows which process serves it."""

    @property
    def upstream(self) -> int:
        """The port of the app process this socket reached."""
        assert self._ws is not None and self._ws.response is not None
        return int(self._ws.response.headers["X-Upstream"].rsplit(":", 1)[1])

    async def authenticate(self) -> dict[str, object]:
        """On an open socket: authenticate (or watch) and return the `sync` (or `error`)."""
        mark = len(self.frames)
        await self.send({"type": "auth", "token": self.token} if self.token is not None
                        else {"type": "watch"})
        return await self.wait_for(lambda f: f["type"] in ("sync", "error"), since=mark)


class PinnedPlayer(Player):
    """A player whose socket goes straight to one process, past the proxy."""

    def __init__(self, server: Server, code: str, token: str | None = None) -> None:
        super().__init__(server, code, token)
        self.upstream = server.port  # the port of the app process this socket reached


async def connect_to(server: Server, code: str, token: str | None) -> PinnedPlayer:
    """A socket on the process `server`, authenticated (or watching), its `sync` read."""
    player = PinnedPlayer(server, code, token)
    sync = await player.connect()
    assert sync["type"] == "sync", sync
    return player
