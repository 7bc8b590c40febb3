"""The per-room bus (NATS, BUS_URL): a process hears the rooms it holds, and nothing else."""

from __future__ import annotations

import asyncio
import random
import subprocess
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import nats
import orjson
import pytest
from nats.aio.msg import Msg

from app.server.nats_bus import NatsBus
from app.server.notices import Notice
from app.server.presence import Census, Presence

from .client import WAIT_SECONDS, Api, Player, async_test, close_all, open_table, until
from .servers import NATS_URL, Database, Server, ServerFactory, _free_port
from .test_bus_notices import BEAT, Recorder, commit_move

pytestmark = pytest.mark.postgres


def metric(server: Server, name: str) -> float:
    """One unlabelled metric of the server's /metrics."""
    text = httpx.get(f"{server.http}/metrics", timeout=10).text
    lines = [line for line in text.splitlines() if line.startswith(f"{name} ")]
    assert lines, f"{name} is not in /metrics"
    return float(lines[0].split()[1])



def connected(lobby: dict[str, Any]) -> list[bool]:
    """Each seat of a REST lobby: connected (on any process)?"""
    return [seat["connected"] for seat in lobby["seats"]]


async def move_seen(players: list[Player], rng: random.Random) -> Player:
    """One random move by whichever seat must act, seen by every socket; the mover."""
    mover = next(p for p in players if p.must_act())
    version = int((await mover.play_random(rng))["version"])
    for player in players:
        await player.wait_version(version, timeout=WAIT_SECONDS)
    return mover


async def moved_by(mover: Player, players: list[Player], rng: random.Random) -> None:
    """Random moves until `mover` made one (the others' moves in between too)."""
    while await move_seen(players, rng) is not mover:
        pass


@async_test
async def test_a_process_hears_none_of_the_notices_of_a_room_it_does_not_hold(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    a, b = server.on(database, bus_url=NATS_URL), server.on(database, bus_url=NATS_URL)
    # No computer stands in for a leaver here: one watching for it holds the room on the
    # process with the room's lease, which may be B.
    async with Api(a) as api:
        elsewhere = await open_table(api, hunted=1, take_over=False)  # every socket on A
        shared = await open_table(api, hunted=1, take_over=False)  # Creature on A, Hunted on B
    on_a = [Player(a, elsewhere.code, elsewhere.tokens[seat]) for seat in (0, 1)]
    creature, hunted = Player(a, shared.code, shared.tokens[0]), Player(b, shared.code,
                                                                        shared.tokens[1])
    for player in [*on_a, creature, hunted]:
        await player.connect()
    rng = random.Random(7)
    await moved_by(creature, [creature, hunted], rng)  # B hears A's move in the shared room
    heard = metric(b, "nao_bus_room_notices_total")
    assert heard >= 1
    assert metric(b, "nao_bus_rooms_subscribed") == 1

    for _ in range(12):  # A's own room: moves and a chat line that B has no socket to send to
        await move_seen(on_a, rng)
    await on_a[1].say("Nobody on B hears this.")
    # One more move by A in the shared room, sent after all of those (one connection keeps
    # A's order): once B's socket has it, B has heard all it will hear of the others.
    await moved_by(creature, [creature, hunted], rng)
    assert metric(b, "nao_bus_room_notices_total") == heard + 1

    await hunted.close()  # B holds no room now: it stops hearing the shared one too
    await until(lambda: metric(b, "nao_bus_rooms_subscribed") == 0)
    hunted = Player(a, shared.code, shared.tokens[1])
    await hunted.connect()
    for _ in range(6):
        await move_seen([creature, hunted], rng)
    async with Api(a) as api:  # a room B holds again, to see where A's notices stand
        marker = await open_table(api, hunted=1)
    on_both = [Player(a, marker.code, marker.tokens[0]), Player(b, marker.code, marker.tokens[1])]
    for player in on_both:
        await player.connect()
    await moved_by(on_both[0], on_both, rng)
    assert metric(b, "nao_bus_room_notices_total") == heard + 2
    await close_all([*on_a, creature, hunted, *on_both])


@async_test
async def test_a_process_hears_no_presence_of_a_room_it_does_not_hold_and_asks_for_it(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    a, b = server.on(database, bus_url=NATS_URL), server.on(database, bus_url=NATS_URL)
    async with Api(a) as api:
        elsewhere = await open_table(api, hunted=1, take_over=False)  # every socket on A
        shared = await open_table(api, hunted=1, take_over=False)  # Creature on A, Hunted on B
    creature, hunted = Player(a, shared.code, shared.tokens[0]), Player(b, shared.code,
                                                                        shared.tokens[1])
    for player in (creature, hunted):
        await player.connect()
    await until(lambda: metric(b, "nao_bus_presence_notices_total") >= 1)  # A's, when B asked
    await moved_by(creature, [creature, hunted], random.Random(3))
    heard = metric(b, "nao_bus_presence_notices_total")

    first, second = (Player(a, elsewhere.code, elsewhere.tokens[s]) for s in (0, 1))
    await first.connect()
    await second.connect()  # sockets come and go in a room B does not hold
    await first.wait_for(lambda f: f["type"] == "presence" and f["presence"]["seats"] == [0, 1])
    mark = len(first.frames)
    await second.close()
    await first.wait_for(lambda f: f["type"] == "presence" and f["presence"]["seats"] == [0],
                         since=mark)
    # A move of A's in the shared room, announced after all of that: once B's socket has it,
    # B has heard all it will hear of A's presence notices.
    await moved_by(creature, [creature, hunted], random.Random(4))
    assert metric(b, "nao_bus_presence_notices_total") == heard
    async with Api(b) as api:  # B answers the lobby of the room it does not hold: it asks A
        # Asked right after the departure (before A announced it): A answers with its sockets
        # as they are.
        assert connected(await api.lobby(elsewhere.code)) == [True, False]
        assert connected(await api.lobby(shared.code)) == [True, True]
    await close_all([creature, hunted, first])


@asynccontextmanager
async def process(database: Database, origin: str) -> AsyncIterator[tuple[NatsBus, Recorder]]:
    """A NATS bus as one server process has it, listening before this yields."""
    bus, recorder = NatsBus(NATS_URL, database.url, origin, heartbeat=BEAT), Recorder()
    await bus.start(recorder)
    await asyncio.wait_for(bus.connected.wait(), WAIT_SECONDS)
    try:
        yield bus, recorder
    finally:
        await bus.close()


@async_test
async def test_notices_reach_only_the_processes_holding_their_room_in_order(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    async with process(database, "A") as (a, _), process(database, "B") as (b, heard_b):
        await b.hold("HELD")
        await until(lambda: not a.alone() and "A" in b.board.seen)
        for version in range(1, 31):
            commit_move(a, "HELD", version)
            commit_move(a, "OTHER", version)
        await a.announce("OTHER", Notice.CHAT, {"text": "not for B"})
        await a.announce("HELD", Notice.CHAT, {"text": "for B"})
        await a.announce("OTHER", Notice.PRESENCE, Presence.of([1]).to_json())
        await a.announce("HELD", Notice.PRESENCE, Presence.of([2]).to_json())  # sent after
        await until(lambda: ("presence", "HELD", {}) in heard_b.heard)  # after the room's rest
        held = [h for h in heard_b.heard if h[1] == "HELD"]  # each room's in order
        assert held == [*(("move", "HELD", v) for v in range(1, 31)),
                        ("chat", "HELD", {"text": "for B"}), ("presence", "HELD", {})]
        # Presence is a room's notice like the others: B hears none of a room it does not hold.
        assert [h for h in heard_b.heard if h[1] != "HELD"] == []
        assert b.board.remote("OTHER") == Presence()

        await b.hold("MARK")
        await b.release("HELD")
        assert b.board.remote("HELD") == Presence()  # no longer heard: forgotten
        commit_move(a, "HELD", 31)
        await a.announce("MARK", Notice.PRESENCE, Presence.of([3]).to_json())  # after move 31
        await until(lambda: b.board.remote("MARK") == Presence.of([3]))
        assert ("move", "HELD", 31) not in heard_b.heard


@async_test
async def test_a_rooms_moves_go_out_only_once_another_process_holds_it(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    async with (process(database, "A") as (a, heard_a), process(database, "B") as (b, heard_b),
                process(database, "C") as (c, heard_c)):
        await until(lambda: not a.alone() and not b.alone())  # not alone: moves would go out
        wire = await nats.connect(NATS_URL)  # what goes on the room's subject, counted
        sent: list[str] = []

        async def count(message: Msg) -> None:
            sent.append(orjson.loads(message.data)["k"])

        await wire.subscribe(a.subject("ROOM"), cb=count)
        await wire.flush()
        await a.hold("ROOM")
        await c.hold("MARK")
        for version in (1, 2, 3):
            commit_move(a, "ROOM", version)  # A alone holds the room: kept back
        commit_move(a, "MARK", 1)  # a room A holds not: sent, after anything queued before it
        await until(lambda: ("move", "MARK", 1) in heard_c.heard)
        assert "move" not in sent

        await b.hold("ROOM")  # B asks; A sends the last move kept, then every move
        await until(lambda: ("move", "ROOM", 3) in heard_b.heard)
        commit_move(a, "ROOM", 4)
        await until(lambda: ("move", "ROOM", 4) in heard_b.heard)
        assert [h for h in heard_b.heard if h[1] == "ROOM"] == [("move", "ROOM", 3),
                                                                 ("move", "ROOM", 4)]
        # A has no socket there: it answered the ask with `held`, so B sends its moves too.
        await until(lambda: "held" in sent and "ROOM" in b.sharing.shared)
        commit_move(b, "ROOM", 5)
        await until(lambda: ("move", "ROOM", 5) in heard_a.heard)
        await wire.close()


@async_test
async def test_a_new_holder_is_told_the_presence_and_others_ask_the_holders(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    async with (process(database, "A") as (a, heard_a), process(database, "B") as (b, heard_b),
                process(database, "C") as (c, _)):
        await until(lambda: {"B", "C"} <= a.board.seen.keys() and not a.alone())
        await a.hold("ROOM")
        await a.announce("ROOM", Notice.PRESENCE, Presence.of([0, None]).to_json())
        await b.hold("ROOM")  # after A announced: A tells it again, on the room's subject
        await until(lambda: b.board.remote("ROOM") == Presence.of([0, None]))
        await b.announce("ROOM", Notice.PRESENCE, Presence.of([2]).to_json())
        await until(lambda: a.board.remote("ROOM") == Presence.of([2]))
        heard_a.absent, heard_b.absent = {1: 30.0, 2: 9.0}, {1: 12.0}
        # A holder answers with its sockets as they are now, not as it last announced them.
        heard_a.sockets["ROOM"] = Presence.of([0, None])
        heard_b.sockets["ROOM"] = Presence.of([2])
        # C holds the room not: it heard nothing of it, and asks the holders.
        assert c.board.remote("ROOM") == Presence()
        census = await c.census("ROOM")
        assert census.remote == Presence.of([0, 2, None])
        assert census.away == {1: 12.0}  # the shortest absence; seat 2 is connected on B
        assert (await c.census("NOBODY")) == Census()  # no holder: nobody there
        assert (await a.census("ROOM")).remote == Presence.of([2])  # held: the board's


@async_test
async def test_a_room_held_before_nats_answers_is_heard_and_resynced_once_it_does(
        server: ServerFactory, tmp_path: Path) -> None:
    database, port = server.database("postgres"), _free_port()
    url = f"nats://127.0.0.1:{port}"
    a, heard_a = NatsBus(url, database.url, "A", heartbeat=BEAT), Recorder()
    await a.start(heard_a)
    await a.hold("ROOM")  # NATS is not there yet: noted, not waited for
    broker = subprocess.Popen(["/usr/sbin/nats-server", "-a", "127.0.0.1", "-p", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
                              cwd=tmp_path)
    b, heard_b = NatsBus(url, database.url, "B", heartbeat=BEAT), Recorder()
    try:
        await b.start(heard_b)
        await asyncio.wait_for(a.connected.wait(), WAIT_SECONDS)
        await until(lambda: heard_a.gaps >= 1)  # what it read before may be stale: resynced
        await until(lambda: not b.alone() and "B" in a.board.seen)
        commit_move(b, "ROOM", 1)
        await until(lambda: ("move", "ROOM", 1) in heard_a.heard)
    finally:
        await a.close()
        await b.close()
        broker.terminate()
        broker.wait(10)
