"""Presence follows sockets as they come and go; table chat reaches every socket."""

from __future__ import annotations

import asyncio

from .client import JSON, Api, Frame, Player, async_test, close_all, connect_all, open_table
from .servers import Server, ServerFactory

SETTLE = 1.0  # seconds: several presence intervals (0.15 s by default)


def presence(seats: list[int], spectators: int = 0) -> JSON:
    """The `presence` payload for these connected seats."""
    return {"seats": seats, "spectators": spectators}


async def sees_presence(player: Player, expected: JSON, since: int) -> Frame:
    """Wait for a `presence` broadcast with exactly this content."""
    return await player.wait_for(
        lambda f: f["type"] == "presence" and f["presence"] == expected, since=since)


async def connected(api: Api, code: str) -> list[bool]:
    """The lobby's `connected` flag of each seat."""
    return [s["connected"] for s in (await api.lobby(code))["seats"]]


@async_test
async def test_presence_updates_as_players_connect_and_disconnect(
        shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=2, start=False)
        creature = Player(shared_server, table.code, table.tokens[0])
        sync = await creature.connect()
        assert sync["presence"] == presence([0])

        mark = len(creature.frames)
        hunted = Player(shared_server, table.code, table.tokens[1])
        assert (await hunted.connect())["presence"] == presence([0, 1])
        await sees_presence(creature, presence([0, 1]), mark)
        assert await connected(api, table.code) == [True, True, False]

        mark = len(creature.frames)
        watcher = Player(shared_server, table.code)
        await watcher.connect()
        await sees_presence(creature, presence([0, 1], 1), mark)

        # A second socket of the same seat: the seat stays present until both are gone.
        twin = Player(shared_server, table.code, table.tokens[1])
        await twin.connect()
        mark = len(creature.frames)
        await hunted.close()
        await asyncio.sleep(SETTLE)  # time enough to hear of a change, were there one
        assert all(f["presence"]["seats"] == [0, 1] for f in creature.frames[mark:]
                   if f["type"] == "presence")
        assert await connected(api, table.code) == [True, True, False]
        await twin.close()
        await sees_presence(creature, presence([0], 1), mark)
        assert await connected(api, table.code) == [True, False, False]

        mark = len(creature.frames)
        await watcher.close()
        await sees_presence(creature, presence([0]), mark)
        await creature.close()
        assert await connected(api, table.code) == [False, False, False]


@async_test
async def test_a_hunted_chat_line_reaches_every_socket(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=2)
    players = await connect_all(shared_server, table)
    watcher = Player(shared_server, table.code)
    await watcher.connect()
    everyone = [*players, watcher]
    marks = [len(p.frames) for p in everyone]

    await players[1].send({"type": "chat", "text": "  Meet me at the Lair.  "})
    lines = [(await p.wait_for(lambda f: f["type"] == "chat", since=m))["line"]
             for p, m in zip(everyone, marks, strict=True)]
    assert all(line == lines[0] for line in lines)  # the Creature reads it too
    assert lines[0]["seat"] == 1 and lines[0]["name"] == "Hunted 1"
    assert lines[0]["text"] == "Meet me at the Lair."

    late = Player(shared_server, table.code, table.tokens[2])
    sync = await late.connect()
    assert sync["chat"][-1] == lines[0]  # and it is kept for whoever comes later
    await close_all([*everyone, late])


@async_test
async def test_claiming_and_giving_back_a_seat_sends_the_lobby(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        room = await api.create_room("Creature", 0, hunted=2)
        creature = Player(shared_server, room["code"], room["token"])
        await creature.connect()

        mark = len(creature.frames)
        claimed = await api.claim(room["code"], 2, "Bea")
        lobby = (await creature.wait_for(lambda f: f["type"] == "lobby", since=mark))["lobby"]
        assert [s["name"] for s in lobby["seats"]] == ["Creature", None, "Bea"]
        assert lobby == await api.lobby(room["code"])

        mark = len(creature.frames)
        gone = await api.request("DELETE", f"/rooms/{room['code']}/seats/me",
                                 token=claimed["token"])
        assert gone.status_code == 204
        lobby = (await creature.wait_for(lambda f: f["type"] == "lobby", since=mark))["lobby"]
        assert [s["name"] for s in lobby["seats"]] == ["Creature", None, None]
        await creature.close()


@async_test
async def test_a_crowd_of_spectators_costs_each_socket_a_few_presence_frames(
        server: ServerFactory) -> None:
    # A review found 300 spectators once made 90,124 presence frames (one to every socket
    # per arrival). Coalesced, a room gets at most one presence frame per interval.
    crowd = 300
    room = crowd + 10  # the caps on a room's and an address's sockets let them all in
    live = server("sqlite", presence_interval=1.0, spectators_per_room=room,
                  sockets_per_room=room, sockets_per_address=room)
    async with Api(live) as api:
        table = await open_table(api, hunted=1)
    creature = Player(live, table.code, table.tokens[0])
    await creature.connect()
    watchers = [Player(live, table.code) for _ in range(crowd)]
    for batch in range(0, crowd, 50):
        await asyncio.gather(*(w.connect() for w in watchers[batch:batch + 50]))
    await sees_presence(creature, presence([0], crowd), 0)
    everyone = [creature, *watchers]
    frames = [sum(1 for f in p.frames if f["type"] == "presence") for p in everyone]
    # However long the arrivals took, far fewer than one frame per arrival reached anyone.
    assert max(frames) < crowd / 10, max(frames)
    assert sum(frames) < crowd * crowd / 20, sum(frames)
    await close_all(everyone)


def last_shown(player: Player) -> JSON | None:
    """The presence this socket was shown last, by a `presence` frame or its `sync`."""
    shown = [f["presence"] for f in player.frames if f["type"] in ("presence", "sync")]
    return shown[-1] if shown else None


@async_test
async def test_a_seat_a_sync_showed_is_shown_gone_though_no_presence_frame_showed_it(
        server: ServerFactory) -> None:
    # A room's presence frames come at most once per interval; a sync shows the presence as
    # it is. The start's sync showed the Hunted before the frame announcing it was due, and
    # the Hunted left before that frame went: the room once compared the frame due with the
    # last one it sent ([0], as before) and sent nothing, so the Creature kept seeing [0, 1].
    live = server("sqlite", presence_interval=10.0)
    async with Api(live) as api:
        table = await open_table(api, hunted=1, start=False, take_over=False)
        creature = Player(live, table.code, table.tokens[0])
        hunted = Player(live, table.code, table.tokens[1])
        assert (await creature.connect())["presence"] == presence([0])
        await hunted.connect()  # the room's frame saying so waits for the interval
        mark = len(creature.frames)
        await api.start(table.code, table.tokens[0])
        sync = await creature.wait_for(lambda f: f["type"] == "sync", since=mark)
        assert sync["presence"] == presence([0, 1])
        await hunted.close()
        await creature.wait_for(lambda _: last_shown(creature) == presence([0]), timeout=30)
        await creature.close()
