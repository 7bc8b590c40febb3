"""A socket's frames leave in order, and a slow socket never holds up its room.

What an idle socket is sent is written by one call in the next turn of the loop, with no
task; a send that has to wait (the transport's buffer is full) is finished by a writer task,
the frames queued behind it follow in order, and an immediate close stops it.

Source: docs/performance.md, "Where a move's CPU goes" (a writer task per frame and socket in
a flood)."""

from __future__ import annotations

import asyncio
from typing import Any

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


def count_tasks() -> list[asyncio.Task[object]]:
    """The tasks started on the running loop from now on."""
    loop = asyncio.get_running_loop()
    started: list[asyncio.Task[object]] = []

    def factory(loop: asyncio.AbstractEventLoop, coro: Any) -> asyncio.Task[object]:
        task = asyncio.Task(coro, loop=loop)
        started.append(task)
        return task

    loop.set_task_factory(factory)  # type: ignore[arg-type]
    return started


async def flushed(conn: Connection) -> None:
    """Wait for the turn of the loop that writes the outbox."""
    while conn.flush is not None:
        await asyncio.sleep(0)


def test_frames_to_an_idle_socket_are_written_in_order_without_a_task() -> None:
    async def run() -> None:
        conn, socket = connection()
        tasks = count_tasks()
        for n in range(5):
            conn.send(f"frame {n}")
        assert socket.sent == [] and conn.flush is not None  # one call, in the next turn
        await conn.finished()
        assert socket.sent == [f"frame {n}" for n in range(5)]
        conn.send("later")
        await conn.finished()
        assert socket.sent[-1] == "later"
        assert tasks == [] and conn.queued == 0 and not conn.outbox
    asyncio.run(run())


def test_a_send_that_waits_is_finished_by_a_writer_and_the_rest_follow_in_order() -> None:
    async def run() -> None:
        conn, socket = connection()
        tasks = count_tasks()
        conn.send("first")
        await conn.finished()
        socket.gate.clear()  # the transport's buffer is full from here on
        for n in range(3):
            conn.send(f"waits {n}")
        await flushed(conn)
        assert socket.sent == ["first"] and socket.waiting == 1
        assert conn.writer is not None and len(conn.outbox) == 2
        assert conn.queued == sum(len(f"waits {n}") for n in range(3))  # in flight counts
        conn.send("behind")
        socket.gate.set()
        await conn.finished()
        assert socket.sent == ["first", "waits 0", "waits 1", "waits 2", "behind"]
        assert conn.writer is None and conn.queued == 0 and not conn.outbox
        conn.send("idle again")  # written by the loop's call again, as before the wait
        await conn.finished()
        assert len(tasks) == 1 and socket.sent[-1] == "idle again"
    asyncio.run(run())


def test_a_socket_too_far_behind_is_closed_and_its_waiting_send_stopped() -> None:
    async def run(turns: int) -> None:
        conn, socket = connection()
        socket.gate.clear()
        conn.send("x" * 10)
        for _ in range(turns):  # 1: the send waits, in a writer not begun; 2: begun
            await asyncio.sleep(0)
        while not conn.closing:
            conn.send("x" * 100_000)
        assert conn.queued == 0 and not conn.outbox
        assert conn.writer is None and conn.flush is None
        # The handler waits for this before it returns: the close is sent, and no writer
        # cancelled before it began is waited on for ever.
        await asyncio.wait_for(conn.finished(), 5)
        assert socket.closed_with == TOO_FAR_BEHIND
        assert socket.stopped == min(turns, 1) and socket.waiting == 0 and socket.sent == []
        conn.send("after")  # nothing more is queued
        assert not conn.outbox and conn.writer is None and conn.flush is None
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
                await flushed(conn)
            socket.dead = True
            socket.gate.set()
            conn.send("fails")
            await conn.finished()
            assert socket.sent == (["waits"] if gated else [])
            assert conn.closing and socket.closed_with == NORMAL_CLOSURE
            assert conn.queued == 0 and not conn.outbox
            conn.send("dropped")
            assert conn.writer is None and conn.flush is None and not conn.outbox
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
