"""A socket's frames leave in order, and a slow socket never holds up its room.

A writer task sends a socket's outbox while frames wait; a send that has to wait (the
transport's buffer is full) holds the frames behind it in order; an immediate close stops it,
and the handler waits for that close to be written, never for a writer that never began."""

from __future__ import annotations

import asyncio

from app.server.hub import NORMAL_CLOSURE, TOO_FAR_BEHIND, Connection


class Gated:
    """A websocket whose sends wait while its gate is shut (a full transport buffer), and
    which fails every send once `dead`."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.gate.set()
        self.sent: list[str] = []
        self.waiting = 0  # sends begun and not finished
        self.stopped = 0  # sends cancelled (or closed) while they waited
        self.dead = False
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        if self.dead:
            raise RuntimeError("Cannot call send once a close message has been sent.")
        self.waiting += 1
        try:
            await self.gate.wait()
        except BaseException:  # CancelledError, or GeneratorExit from a send never resumed
            self.stopped += 1
            raise
        finally:
            self.waiting -= 1
        self.sent.append(text)

    async def close(self, code: int = NORMAL_CLOSURE, reason: str = "") -> None:
        self.closed_with = code


def connection() -> tuple[Connection, Gated]:
    socket = Gated()
    return Connection(socket, "room"), socket  # type: ignore[arg-type]


async def waiting(socket: Gated) -> None:
    """Wait until a send has begun and waits at the gate."""
    while socket.waiting == 0:
        await asyncio.sleep(0)


def test_a_send_that_waits_holds_the_rest_in_order() -> None:
    async def run() -> None:
        conn, socket = connection()
        conn.send("first")
        await conn.finished()
        socket.gate.clear()  # the transport's buffer is full from here on
        for n in range(3):
            conn.send(f"waits {n}")
        await waiting(socket)
        assert socket.sent == ["first"] and conn.writer is not None and len(conn.outbox) == 2
        conn.send("behind")
        socket.gate.set()
        await conn.finished()
        assert socket.sent == ["first", "waits 0", "waits 1", "waits 2", "behind"]
        assert conn.writer is None and conn.queued == 0 and not conn.outbox
    asyncio.run(run())


def test_a_socket_too_far_behind_is_closed_and_its_waiting_send_stopped() -> None:
    async def run(turns: int) -> None:
        conn, socket = connection()
        socket.gate.clear()
        conn.send("x" * 10)
        for _ in range(turns):  # 0: a writer not begun; 1 and 2: its send begun and waiting
            await asyncio.sleep(0)
        while not conn.closing:
            conn.send("x" * 100_000)
        assert conn.queued == 0 and not conn.outbox
        assert conn.writer is None
        # The handler waits for this before it returns: the close is sent, and no writer
        # cancelled before it began is waited on for ever.
        await asyncio.wait_for(conn.finished(), 5)
        assert socket.closed_with == TOO_FAR_BEHIND
        assert socket.stopped == min(turns, 1) and socket.waiting == 0 and socket.sent == []
        conn.send("after")  # nothing more is queued
        assert not conn.outbox and conn.writer is None
    for turns in (0, 1, 2):
        asyncio.run(run(turns))


def test_a_dead_socket_is_closed_and_drops_what_follows() -> None:
    async def run() -> None:
        for gated in (False, True):
            conn, socket = connection()
            if gated:  # the first send waits, the next one fails in the writer
                socket.gate.clear()
                conn.send("waits")
                conn.send("queued")
                await waiting(socket)
            socket.dead = True
            socket.gate.set()
            conn.send("fails")
            await conn.finished()
            assert socket.sent == (["waits"] if gated else [])
            assert conn.closing and socket.closed_with == NORMAL_CLOSURE
            assert conn.queued == 0 and not conn.outbox
            conn.send("dropped")
            assert conn.writer is None and not conn.outbox
    asyncio.run(run())


def test_a_normal_close_comes_after_the_frames_before_it() -> None:
    async def run() -> None:
        conn, socket = connection()
        conn.send("one")
        conn.close()
        conn.send("too late")
        await conn.finished()
        assert socket.sent == ["one"] and socket.closed_with == NORMAL_CLOSURE
    asyncio.run(run())
