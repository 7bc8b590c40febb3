"""Nobody waits on a ghost: a computer plays for a player gone past the grace period.

By default (the room's `take_over` option) the server takes the seat over by itself, the
lobby shows it as `away`, and its moves are marked `by: "computer"` in the updates and the
log. With the option off, any seated player may hand the seat to the computer, but only once
the grace period has run. The player who returns with their token gets the same seat back and
a `played_for_you` frame listing what the computer played for them.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .client import JSON, Api, Frame, Player, async_test
from .proxy import ProxiedPlayer, Proxy, connect_to
from .servers import Server, ServerFactory
from .test_bots import human_move

GRACE = 0.5  # seconds: short, and never waited on; the tests wait on what follows it
FAST = {"bot_delay_ms": 0}
WAIT = 30.0


def taken_over(seat: int) -> Callable[[Frame], bool]:
    """Matches the lobby that shows a computer playing `seat` for its absent player."""
    return lambda f: (f["type"] == "lobby" and f["lobby"]["seats"][seat]["away"]
                      and f["lobby"]["seats"][seat]["bot"] == "heuristic")


def by_computer(f: Frame) -> bool:
    """Matches an update of a move the computer made for an absent player."""
    return f["type"] == "update" and any(e["by"] == "computer" for e in f["events"])


async def play_until_seen(player: Player, match: Callable[[Frame], bool], since: int) -> Frame:
    """Play this seat's moves (at random) until a frame from `since` on matches."""
    rng = random.Random(5)
    async with asyncio.timeout(WAIT):
        while True:
            found = next((f for f in player.frames[since:] if match(f)), None)
            if found is not None:
                return found
            if player.must_act():
                await human_move(player, rng)
                continue
            mark = len(player.frames)
            await player.wait_for(lambda _: True, since=mark)


async def room_of_two(api: Api, **options: object) -> tuple[str, JSON, JSON]:
    """A room (not started yet): the host as the Creature, "Leaver" as Hunted 1."""
    room = await api.create_room("Host", 0, hunted=1, **FAST, **options)
    leaver = await api.claim(room["code"], 1, "Leaver")
    return room["code"], room, leaver


async def started(api: Api, room: JSON, players: list[Player]) -> None:
    """Start once the players are connected (so that none counts as gone before it came),
    and wait until each has the game."""
    await api.start(room["code"], room["token"])
    for player in players:
        await player.wait_for(lambda f: f["type"] == "sync" and f["view"] is not None)


def latest_seats(player: Player) -> list[int] | None:
    """The connected seats this socket was told of last (by a `presence` or its `sync`)."""
    told = [f["presence"]["seats"] for f in player.frames if f["type"] in ("presence", "sync")]
    return told[-1] if told else None


async def shows_present(player: Player, seats: list[int]) -> None:
    """Wait until this socket's latest presence lists exactly these seats."""
    await player.wait_for(lambda _: latest_seats(player) == seats, timeout=WAIT)


@async_test
async def test_a_leavers_seat_is_played_by_the_computer_and_given_back_on_return(
        server: ServerFactory) -> None:
    live = server("sqlite", grace_seconds=GRACE)
    async with Api(live) as api:
        code, room, leaver = await room_of_two(api)
        host = Player(live, code, room["token"])
        ghost = Player(live, code, leaver["token"])
        await host.connect()
        await ghost.connect()
        await started(api, room, [host, ghost])
        mark = len(host.frames)
        await ghost.close()

        # Nobody asks: after the grace period the seat is the computer's, and it plays.
        lobby = await host.wait_for(taken_over(1), since=mark, timeout=WAIT)
        assert lobby["lobby"]["seats"][1]["name"] == "Leaver"
        await play_until_seen(host, by_computer, mark)
        log = await api.log(code, room["token"])
        assert any(e["by"] == "computer" for e in log["events"])

        # The same token takes the same seat back, and hears what was played for it.
        mark = len(host.frames)
        back = Player(live, code, leaver["token"])
        sync = await back.connect()
        assert sync["seat"] == 1
        told = await back.wait_for(lambda f: f["type"] == "played_for_you")
        seqs = {m["seq"] for m in told["moves"]}
        assert seqs and all(m["action"]["type"] for m in told["moves"])
        own_log = await api.log(code, leaver["token"])
        assert {e["seq"] for e in own_log["events"] if e["by"] == "computer"} <= seqs
        lobby = await host.wait_for(lambda f: f["type"] == "lobby", since=mark)
        assert lobby["lobby"]["seats"][1] | {"connected": True} == lobby["lobby"]["seats"][1]
        assert (lobby["lobby"]["seats"][1]["bot"], lobby["lobby"]["seats"][1]["away"]) == (
            None, False)
        await host.close()
        await back.close()


@async_test
async def test_nobody_takes_a_seat_by_themselves_with_the_option_off_or_nobody_left(
        server: ServerFactory) -> None:
    live = server("sqlite", grace_seconds=GRACE)
    async with Api(live) as api:
        off_code, off_room, off_leaver = await room_of_two(api, take_over=False)
        empty_code, empty_room, empty_leaver = await room_of_two(api)
        on_code, on_room, on_leaver = await room_of_two(api)
        off_host, off_ghost = Player(live, off_code, off_room["token"]), \
            Player(live, off_code, off_leaver["token"])
        everyone = [Player(live, empty_code, empty_room["token"]),
                    Player(live, empty_code, empty_leaver["token"])]
        on_host, on_ghost = Player(live, on_code, on_room["token"]), \
            Player(live, on_code, on_leaver["token"])
        for player in (off_host, off_ghost, *everyone, on_host, on_ghost):
            await player.connect()
        await started(api, off_room, [off_host, off_ghost])
        await started(api, empty_room, everyone)
        await started(api, on_room, [on_host, on_ghost])
        await shows_present(off_host, [0, 1])
        await shows_present(everyone[0], [0, 1])

        # The leaver of the room with the option off leaves first, then everybody of another
        # room: their grace periods end first.
        await off_ghost.close()
        await shows_present(off_host, [0])
        await everyone[1].close()
        await shows_present(everyone[0], [0])
        await everyone[0].close()
        mark = len(on_host.frames)
        await on_ghost.close()
        await on_host.wait_for(taken_over(1), since=mark, timeout=WAIT)
        await play_until_seen(on_host, by_computer, mark)

        for code in (off_code, empty_code):
            lobby = await api.lobby(code)
            assert (lobby["seats"][1]["bot"], lobby["seats"][1]["away"]) == (None, False)
        assert not any(by_computer(f) for f in off_host.frames)
        for player in (off_host, on_host):
            await player.close()


async def away_for_grace(api: Api, code: str, seat: int) -> None:
    """Wait until the server says the seat's grace period is over."""
    async with asyncio.timeout(WAIT):
        while (await api.request("GET", f"/rooms/{code}/away")).json()[
                "replaceable_in"].get(str(seat)) != 0:
            await asyncio.sleep(0.05)


@async_test
async def test_any_seated_player_hands_the_seat_to_the_computer_only_after_the_grace_period(
        server: ServerFactory) -> None:
    live = server("sqlite", grace_seconds=3.0)
    async with Api(live) as api:
        room = await api.create_room("Host", 0, hunted=2, take_over=False, **FAST)
        code = room["code"]
        ann = await api.claim(code, 1, "Ann")
        bob = await api.claim(code, 2, "Bob")  # not the host
        await api.start(code, room["token"])
        players = [Player(live, code, t) for t in (room["token"], ann["token"], bob["token"])]
        for player in players:
            await player.connect()
        await shows_present(players[2], [0, 1, 2])
        path = f"/rooms/{code}/seats/1/replace"

        connected = await api.request("POST", path, token=bob["token"])
        assert connected.json()["error"]["code"] == "still_connected"
        await players[1].close()
        await shows_present(players[2], [0, 2])
        early = await api.request("POST", path, token=bob["token"])
        assert early.json()["error"]["code"] == "still_connected", early.text
        assert (await api.lobby(code))["seats"][1]["bot"] is None

        await away_for_grace(api, code, 1)
        handed = await api.request("POST", path, token=bob["token"])
        assert handed.status_code == 200, handed.text
        assert (handed.json()["seats"][1]["bot"], handed.json()["seats"][1]["away"]) == (
            "heuristic", True)
        await players[0].close()
        await players[2].close()


@pytest.fixture
def cluster(server: ServerFactory, tmp_path: Path) -> Iterator[tuple[Proxy, list[Server]]]:
    """Two app processes on one Postgres database, nginx in front, a short grace period."""
    database = server.database("postgres")
    processes = [server.on(database, grace_seconds=GRACE), server.on(database,
                                                                     grace_seconds=GRACE)]
    proxy = Proxy.start(tmp_path, processes)
    yield proxy, processes
    proxy.stop()


@pytest.mark.postgres
@async_test
async def test_the_computer_takes_over_a_leaver_whose_socket_was_on_the_other_process(
        cluster: tuple[Proxy, list[Server]]) -> None:
    proxy, (a, b) = cluster
    async with Api(proxy) as api:  # type: ignore[arg-type]
        code, room, leaver = await room_of_two(api)
    host = await connect_to(a, code, room["token"])
    ghost = await connect_to(b, code, leaver["token"])
    await shows_present(host, [0, 1])  # each process knows of the other's socket
    await shows_present(ghost, [0, 1])
    async with Api(proxy) as api:  # type: ignore[arg-type]
        await started(api, room, [host, ghost])
    mark = len(host.frames)
    await ghost.close()
    await host.wait_for(taken_over(1), since=mark, timeout=WAIT)
    await play_until_seen(host, by_computer, mark)

    back = ProxiedPlayer(proxy, code, leaver["token"])  # type: ignore[arg-type]
    assert (await back.connect())["seat"] == 1
    told = await back.wait_for(lambda f: f["type"] == "played_for_you")
    assert told["moves"]
    await host.close()
    await back.close()
