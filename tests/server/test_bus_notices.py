"""The Postgres bus between processes: every notice, in order, presence with expiry, gaps."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from app.server.bus import LISTENER_NAME, PostgresBus, listener_dsn
from app.server.notice_bus import BATCH
from app.server.notices import Notice, Played
from app.server.presence import Presence

from .client import WAIT_SECONDS, async_test, until
from .servers import Database, ServerFactory, terminate

pytestmark = pytest.mark.postgres
BEAT = 1.0  # seconds between heartbeats: a silent process is dead after 5 of them (5 s: a
# process starved of the CPU for a few seconds on a loaded machine is not taken for dead)


class Recorder:
    """A process's side of the bus: what it was handed, in order."""

    def __init__(self) -> None:
        self.heard: list[tuple[Any, ...]] = []
        self.gaps = 0
        self.absent: dict[int, float] = {}  # what `away` says of every room
        self.sockets: dict[str, Presence] = {}  # what `here` says of each room

    async def moved(self, code: str, played: Played) -> None:
        await asyncio.sleep(0.001 * (played.version % 3))  # slow handling must not reorder
        self.heard.append(("move", code, played.version))

    async def notice(self, code: str, notice: Notice, data: dict[str, Any]) -> None:
        self.heard.append((notice.value, code, data))

    async def gap(self) -> None:
        self.gaps += 1

    async def stale(self) -> None:
        self.heard.append(("stale",))

    def away(self, code: str) -> dict[int, float]:
        return self.absent

    def here(self, code: str) -> Presence:
        return self.sockets.get(code, Presence())


class LateBus(PostgresBus):
    """A bus whose sender connects only once `sending` is set (a slow start)."""

    sending = asyncio.Event()

    async def _send(self) -> None:
        await self.sending.wait()
        await super()._send()


@asynccontextmanager
async def process(database: Database, origin: str, beat: float = BEAT,
                  kind: type[PostgresBus] = PostgresBus,
                  ) -> AsyncIterator[tuple[PostgresBus, Recorder]]:
    """A bus as one server process has it, listening before this yields."""
    dsn = listener_dsn(database.url)
    assert dsn is not None
    bus, recorder = kind(dsn, origin, heartbeat=beat), Recorder()
    await bus.start(recorder)
    await asyncio.wait_for(bus.connected.wait(), WAIT_SECONDS)
    try:
        yield bus, recorder
    finally:
        await bus.close()



def commit_move(bus: PostgresBus, code: str, version: int) -> None:
    """What the move log does once a move committed."""
    bus.moved(code, Played(1, version, 1, {"type": "pass"}, f"c{version}"))


@async_test
async def test_a_room_held_by_one_process_only_sends_its_moves_once_another_holds_it(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    async with process(database, "A") as (a, heard_a), process(database, "B") as (b, heard_b):
        await a.hold("ROOM")
        for version in (1, 2, 3):
            commit_move(a, "ROOM", version)  # nobody else holds it: kept, not sent
        commit_move(a, "MARK", 1)  # a room A holds not: sent, after what came before
        await until(lambda: ("move", "MARK", 1) in heard_b.heard)
        assert [h for h in heard_b.heard if h[1] == "ROOM"] == []
        await b.hold("ROOM")  # B's ask: A sends the last move it kept, then every move
        await until(lambda: ("move", "ROOM", 3) in heard_b.heard)
        commit_move(a, "ROOM", 4)
        await until(lambda: ("move", "ROOM", 4) in heard_b.heard)
        assert [h[2] for h in heard_b.heard if h[1] == "ROOM"] == [3, 4]
        await until(lambda: "ROOM" in b.sharing.shared)  # A's `held` answered B's ask
        commit_move(b, "ROOM", 5)
        await until(lambda: ("move", "ROOM", 5) in heard_a.heard)


@async_test
async def test_every_notice_reaches_the_other_process_in_order_and_not_its_sender(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    async with process(database, "A") as (a, heard_a), process(database, "B") as (_, heard_b):
        for version in range(1, 31):
            commit_move(a, "ROOM", version)
            await asyncio.sleep(0.001 * (version % 2))  # some alone, some batched together
            if version == 10:
                await a.announce("ROOM", Notice.CHAT, {"text": "é" * 100})
            if version == 20:
                await a.announce("ROOM", Notice.LOBBY, {})
        await a.announce("ROOM", Notice.GAME, {})
        await a.announce("ROOM", Notice.TIMEOUT, {"seat": 2, "version": 31})
        await until(lambda: len(heard_b.heard) == 34)
        assert heard_b.heard[:10] == [("move", "ROOM", v) for v in range(1, 11)]
        assert heard_b.heard[10] == ("chat", "ROOM", {"text": "é" * 100})
        assert heard_b.heard[21] == ("lobby", "ROOM", {})
        assert [h[2] for h in heard_b.heard if h[0] == "move"] == list(range(1, 31))
        assert heard_b.heard[-2:] == [("game", "ROOM", {}),
                                      ("timeout", "ROOM", {"seat": 2, "version": 31})]
        assert heard_a.heard == []


@async_test
async def test_a_burst_of_moves_leaves_in_batches_in_order(server: ServerFactory) -> None:
    database = server.database("postgres")
    async with process(database, "A") as (a, _), process(database, "B") as (_, heard_b):
        moves = 3 * BATCH + 7  # queued at once: several full batches and a short one
        for version in range(1, moves + 1):
            commit_move(a, f"R{version % 5}", version)
        await a.announce("R0", Notice.LOBBY, {})  # sent once every move before it was
        await until(lambda: len(heard_b.heard) == moves + 1)
        for room in range(5):  # each room's notices are handed on in order
            heard = [h[2] for h in heard_b.heard if h[1] == f"R{room}"]
            sent = [v for v in range(1, moves + 1) if v % 5 == room]
            assert heard == ([*sent, {}] if room == 0 else sent)


@async_test
async def test_a_notice_too_big_for_notify_becomes_a_resync(server: ServerFactory) -> None:
    database = server.database("postgres")
    async with process(database, "A") as (a, _), process(database, "B") as (_, heard_b):
        await a.announce("ROOM", Notice.CHAT, {"text": "x" * 9000})
        await until(lambda: heard_b.heard)
        assert heard_b.heard == [("resync", "ROOM", {})]


@async_test
async def test_presence_is_merged_per_process_and_a_dead_process_leaves(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    async with process(database, "B") as (b, heard_b):
        async with process(database, "A") as (a, _):
            await a.announce("ROOM", Notice.PRESENCE, Presence.of([1, None]).to_json())
            await until(lambda: b.board.remote("ROOM") == Presence.of([1, None]))
            # B re-sends its merged presence (handed on by a task of its own, just after)
            await until(lambda: ("presence", "ROOM", {}) in heard_b.heard)

            # A process that starts later is told where everyone is.
            async with process(database, "C") as (c, _):
                await until(lambda: c.board.remote("ROOM") == Presence.of([1, None]))
        # A is gone without a word (its connections closed, as with SIGKILL).
        heard_b.heard.clear()
        await until(lambda: b.board.remote("ROOM") == Presence())
        await until(lambda: heard_b.heard)  # handed on by a task of its own, just after
        await asyncio.sleep(0.2)
        # B sends its sockets the new presence, and catches every room up from the database
        # (A may have died between a commit and its notice).
        assert sorted(heard_b.heard) == [("presence", "ROOM", {}), ("stale",)]


@async_test
async def test_a_listener_back_from_a_lost_connection_reports_a_gap(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    async with process(database, "B") as (_, heard_b):
        assert terminate(database, LISTENER_NAME) == 1  # alone: nobody welcomes it back
        await until(lambda: heard_b.gaps == 1)
        async with process(database, "A") as (a, heard_a):
            await until(lambda: heard_a.gaps == 1)  # B welcomed A: A catches up
            commit_move(a, "ROOM", 7)  # B's new connection hears A's moves
            await until(lambda: heard_b.heard == [("move", "ROOM", 7)])
        assert heard_b.gaps == 1


@async_test
async def test_a_newcomer_catches_up_once_a_process_that_was_alone_heard_it(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    beat = 0.2  # A is alone after 5 beats
    async with process(database, "A", beat) as (a, _):
        await until(a.alone)
        LateBus.sending = asyncio.Event()
        async with process(database, "B", beat, LateBus) as (b, heard_b):
            await until(lambda: "A" in b.board.seen)  # B hears A; A cannot hear B yet
            await asyncio.sleep(3 * beat)  # a catch-up B made by now would come too soon
            caught_up = heard_b.gaps
            commit_move(a, "ROOM", 1)  # A is still alone: no notice
            assert a.alone()
            LateBus.sending.set()  # B's hello goes out at last
            await until(lambda: not a.alone())
            # B catches up from the database once A heard it, so it sees move 1 there.
            await until(lambda: heard_b.gaps > caught_up)
            commit_move(a, "ROOM", 2)  # and A announces every move from then on
            await until(lambda: heard_b.heard == [("move", "ROOM", 2)])
