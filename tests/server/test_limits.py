"""Limits enforced before work: a socket too far behind is closed, not silently
thinned; frames over the message limit are refused by the protocol layer before they are
buffered, so the server's memory stays flat."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from app.server.hub import QUEUE_BYTES, QUEUE_LIMIT, Connection
from app.server.settings import Settings

from .client import Api, async_test, open_table
from .servers import Server, ServerFactory
from .test_errors import seated, still_open
from .test_hardening import no_tracebacks

TOO_FAR_BEHIND = 1013  # docs/protocol.md: "try again later"
MESSAGE_TOO_BIG = 1009


async def slow_socket(server: Server, code: str) -> ClientConnection:
    """A socket whose reader barely reads: a tiny kernel buffer and a one-frame queue."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    sock.setblocking(False)
    return await connect(f"{server.ws}/ws/rooms/{code}", sock=sock, max_queue=1,
                         compression=None, max_size=None, ping_interval=None)


async def drain(ws: ClientConnection, seconds: float) -> tuple[list[dict[str, object]], int | None]:
    """Read everything until the server closes (or `seconds` of silence): frames, close code."""
    frames: list[dict[str, object]] = []
    with contextlib.suppress(TimeoutError, ConnectionClosed):
        while True:
            frames.append(json.loads(await asyncio.wait_for(ws.recv(), seconds)))
    return frames, (ws.close_code if ws.close_code is not None else None)


@async_test
async def test_a_socket_that_does_not_read_is_closed_not_thinned(server: ServerFactory) -> None:
    """2,000 resyncs asked without reading (each a whole table: megabytes in all, more than
    the kernel's and the transport's buffers hold): the server closes the socket with 1013
    rather than drop some of its syncs and keep it open."""
    app = server("sqlite", rate_per_second=100_000, rate_burst=100_000)
    async with Api(app) as api:
        table = await open_table(api)
    ws = await slow_socket(app, table.code)
    await ws.send(json.dumps({"type": "auth", "token": table.tokens[1]}))
    with contextlib.suppress(ConnectionClosed):
        for _ in range(2000):
            await ws.send('{"type": "resync"}')
    frames, code = await drain(ws, 10.0)
    syncs = sum(f["type"] == "sync" for f in frames)
    assert code == TOO_FAR_BEHIND, (code, len(frames), syncs)
    assert syncs < 2001  # some syncs never came: the close code told the client so
    # The other sockets of the room are unaffected.
    hunted = await seated(app, table, 2)
    await still_open(hunted)
    await hunted.close()
    no_tracebacks(app)


def rss_kib(server: Server) -> int:
    """The server process's resident memory, in KiB."""
    for line in Path(f"/proc/{server.process.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


async def send_big(server: Server, code: str, size: int) -> int | None:
    """Open a socket (unauthenticated) and send one text frame of `size` bytes: the close
    code the server answers with (None if it did not close)."""
    try:
        ws = await connect(f"{server.ws}/ws/rooms/{code}", compression=None, max_size=None,
                           ping_interval=None, close_timeout=5)
    except (OSError, InvalidHandshake):
        return None
    with contextlib.suppress(ConnectionClosed, OSError):
        await ws.send("x" * size)
    _, close = await drain(ws, 10.0)
    return close


@async_test
async def test_big_frames_are_refused_before_buffering(shared_server: Server) -> None:
    """1 MB and 16 MB frames (ten at once) are closed with 1009 by the protocol layer; the
    server's memory stays flat and the room's players are not slowed."""
    limit = Settings().max_message_bytes
    async with Api(shared_server) as api:
        table = await open_table(api)
    hunted = await seated(shared_server, table, 1)
    before = rss_kib(shared_server)
    codes = await asyncio.gather(send_big(shared_server, table.code, 1_000_000),
                                 *(send_big(shared_server, table.code, 16_000_000)
                                   for _ in range(10)),
                                 send_big(shared_server, table.code, limit + 1))
    after = rss_kib(shared_server)
    print(f"server RSS before {before} KiB, after ten 16 MB frames {after} KiB")
    assert codes == [MESSAGE_TOO_BIG] * len(codes), codes
    assert after - before < 40_000, (before, after)  # ten frames buffered would be 160 MB
    await still_open(hunted)
    await hunted.close()
    no_tracebacks(shared_server)


class Stalled:
    """A websocket whose client never reads: each send waits for ever."""

    def __init__(self) -> None:
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed_with = code


@async_test
async def test_a_socket_behind_by_a_megabyte_is_closed_whatever_its_frame_count() -> None:
    """Big frames fill an unread socket's outbox long before 256 of them wait: it is closed
    (1013) once a megabyte waits, and what it held is dropped."""
    socket = Stalled()
    conn = Connection(socket, "room")  # type: ignore[arg-type]
    big = "x" * (QUEUE_BYTES // 10)
    sent = 0
    while not conn.closing:
        conn.send(big)
        sent += 1
    assert sent <= 11 < QUEUE_LIMIT
    assert conn.queued == 0 and not conn.outbox
    await asyncio.wait_for(conn.closer, 5)  # type: ignore[arg-type]
    assert socket.closed_with == TOO_FAR_BEHIND
    if conn.writer is not None:
        conn.writer.cancel()
