"""Two server processes behind nginx on one Postgres: nginx sends each room to one process, and
a room split over both (as a failure leaves it) plays on; each test runs on both buses
(Postgres's channel, and NATS with a subject per room)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import httpx
import pytest

from app.cluster import compose_config
from app.server.leases import LEASE_NAME, room_key

from .client import (
    Api,
    Frame,
    Player,
    Table,
    async_test,
    close_all,
    open_table,
    play_game,
)
from .proxy import PinnedPlayer, ProxiedPlayer, Proxy, connect_to
from .servers import NATS_URL, ROOT, Server, ServerFactory, psql_value
from .test_bots import human_move

WAIT = 15.0


def test_the_compose_nginx_config_is_the_generated_one() -> None:
    assert (ROOT / "deploy" / "nginx.conf").read_text() == compose_config(), (
        "regenerate it: scripts/cluster --print-compose-config > deploy/nginx.conf")


BUSES = {"postgres": "", "nats": NATS_URL}  # BUS_URL: unset, Postgres's own channel


@pytest.fixture(params=list(BUSES))
def cluster(server: ServerFactory, tmp_path: Path,
            request: pytest.FixtureRequest) -> Iterator[tuple[Proxy, list[Server]]]:
    """Two app processes on one fresh Postgres database, on the bus of the test's parameter,
    and nginx in front of them."""
    database = server.database("postgres")
    # The server passes for nobody here: the random players make every move themselves.
    settings: dict[str, object] = {"auto_pass_default": "off"}
    if BUSES[request.param]:
        settings["bus_url"] = BUSES[request.param]
    processes = [server.on(database, **settings), server.on(database, **settings)]
    proxy = Proxy.start(tmp_path, processes)
    yield proxy, processes
    proxy.stop()


Seated = ProxiedPlayer | PinnedPlayer


async def split_table(proxy: Proxy, a: Server, b: Server) -> tuple[Table, list[Seated]]:
    """A started room of 3 seats opened through the proxy, its sockets split as a failure
    leaves them: the Creature and Hunted 2 on process `a`, Hunted 1 on `b`."""
    async with Api(proxy) as api:  # type: ignore[arg-type]
        table = await open_table(api, hunted=2)
    players: list[Seated] = [await connect_to(server, table.code, table.tokens[seat])
                             for seat, server in ((0, a), (1, b), (2, a))]
    return table, players


@pytest.mark.postgres
@async_test
async def test_the_proxy_sends_each_room_to_one_process_and_spreads_the_rooms(
        cluster: tuple[Proxy, list[Server]]) -> None:
    proxy, (a, b) = cluster
    async with Api(proxy) as api:  # type: ignore[arg-type]
        table = await open_table(api, hunted=2)
        lobby = await api.request("GET", f"/rooms/{table.code}")
        codes = [(await api.create_room("Host", 0))["code"] for _ in range(16)]
    players = [ProxiedPlayer(proxy, table.code, table.tokens[seat])  # type: ignore[arg-type]
               for seat in range(3)]
    for player in players:
        assert (await player.connect())["type"] == "sync"
    # The room's sockets and its requests meet on one process: the others hear nothing of it.
    assert {p.upstream for p in players} == {int(lobby.headers["X-Upstream"].rsplit(":", 1)[1])}
    await play_game(players, random.Random(3), stop_after=12)
    watchers = [ProxiedPlayer(proxy, code) for code in codes]  # type: ignore[arg-type]
    for watcher in watchers:
        await watcher.connect()
    # Rooms hash over both processes (all 16 on one: 1 chance in 32,768).
    assert {w.upstream for w in watchers} == {a.port, b.port}
    await close_all([*players, *watchers])


@pytest.mark.postgres
@async_test
async def test_seats_on_two_processes_play(cluster: tuple[Proxy, list[Server]]) -> None:
    proxy, (a, b) = cluster
    _, players = await split_table(proxy, a, b)
    await play_game(players, random.Random(3), stop_after=12)
    await close_all(players)


def lease_holder(database_name: str, code: str) -> int | None:
    """The OS pid of the server process holding the room's lease (its advisory lock), if any."""
    key = room_key(code) & 0xFFFF_FFFF_FFFF_FFFF
    sql = ("SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a USING (pid) "
           f"WHERE l.locktype = 'advisory' AND l.granted AND l.classid = {key >> 32} "
           f"AND l.objid = {key & 0xFFFF_FFFF} AND l.objsubid = 1 "
           f"AND l.database = (SELECT oid FROM pg_database WHERE datname = '{database_name}')")
    name = psql_value(sql)
    return int(name.rsplit(":", 1)[1]) if name.startswith(LEASE_NAME) else None


async def sees(player: Player, match: Callable[[Frame], bool], since: int = 0) -> Frame:
    """The first frame from `since` on that matches."""
    return await player.wait_for(match, since=since, timeout=WAIT)


def latest_presence(player: Player) -> Frame | None:
    """The presence this socket was told last (by a `presence` frame or its `sync`)."""
    told = [f["presence"] for f in player.frames if f["type"] in ("presence", "sync")]
    return told[-1] if told else None


async def shows_presence(player: Player, seats: list[int], spectators: int) -> None:
    """Wait until the socket's latest presence lists exactly these."""
    want = {"seats": seats, "spectators": spectators}
    await player.wait_for(lambda _: latest_presence(player) == want, timeout=WAIT)


def game_sync(number: int) -> Callable[[Frame], bool]:
    """Matches the `sync` of game `number`."""
    return lambda f: (f["type"] == "sync" and f["lobby"]["game"] is not None
                      and f["lobby"]["game"]["number"] == number)


async def reconnect(proxy: Proxy, table: Table, players: Sequence[Seated],
                    dead: int) -> list[Seated]:
    """Every player whose process died connects again through nginx: same seat, same game."""
    back: list[Seated] = []
    for player in players:
        if player.upstream != dead:
            back.append(player)
            continue
        await player.wait_closed()
        again = ProxiedPlayer(proxy, table.code, player.token)  # type: ignore[arg-type]
        sync = await again.connect()
        assert sync["type"] == "sync" and sync["seat"] == player.seat, sync
        assert (again.game, again.version) >= (player.game, player.version), "back in time"
        assert again.upstream != dead
        back.append(again)
    return back


@pytest.mark.postgres
@async_test
async def test_a_room_split_over_two_processes_plays_rematches_chats_and_survives_a_kill(
        cluster: tuple[Proxy, list[Server]]) -> None:
    proxy, (a, b) = cluster
    table, players = await split_table(proxy, a, b)
    watchers = [await connect_to(server, table.code, None) for server in (a, b)]
    everyone = [*players, *watchers]
    for player in everyone:  # presence merges both processes' sockets
        await shows_presence(player, [0, 1, 2], 2)

    rng = random.Random(11)
    await play_game(players, rng, watchers=watchers, timeout=240)
    assert players[0].view is not None and players[0].view["outcome"] is not None

    marks = [len(p.frames) for p in everyone]
    await players[1].say("Good game.")  # said on B, right after a fast game
    for player, mark in zip(everyone, marks, strict=True):
        line = (await sees(player, lambda f: f["type"] == "chat", mark))["line"]
        assert (line["seat"], line["text"]) == (1, "Good game.")

    async with Api(proxy) as api:  # type: ignore[arg-type]
        await api.rematch(table.code, table.tokens[0])  # on whichever process nginx picks
    for player, mark in zip(everyone, marks, strict=True):
        await sees(player, game_sync(2), mark)
    await play_game(players, rng, watchers=watchers, stop_after=15)

    a.kill()  # mid-game: the seats on A come back through nginx, to B; A's watcher is gone
    players = await reconnect(proxy, table, players, a.port)
    watcher = watchers[1]
    assert {p.upstream for p in players} == {b.port}
    for player in [*players, watcher]:  # A's sockets leave the presence once A is silent
        await shows_presence(player, [0, 1, 2], 1)
    async with Api(proxy) as api:  # type: ignore[arg-type]
        assert [s["connected"] for s in (await api.lobby(table.code))["seats"]] == [True] * 3
    await play_game(players, rng, watchers=[watcher], timeout=240)
    assert players[0].view is not None and players[0].view["outcome"] is not None
    await close_all([*players, watcher])


async def bot_moves(human: Player, rng: random.Random, count: int) -> None:
    """Play the human's moves until the bot has moved `count` times (seen as other versions)."""
    async with asyncio.timeout(120):
        moved = 0
        while moved < count:
            assert human.view is not None and human.view["outcome"] is None, "over too soon"
            if human.must_act():
                await human_move(human, rng)
                continue
            version = human.version
            await human.wait_version(version + 1, timeout=WAIT)
            moved += 1


@pytest.mark.postgres
@async_test
async def test_a_rooms_bot_moves_on_when_the_process_holding_its_lease_dies(
        cluster: tuple[Proxy, list[Server]]) -> None:
    proxy, processes = cluster
    async with Api(proxy) as api:  # type: ignore[arg-type]
        room = await api.create_room("Human", 0, hunted=1, bot_delay_ms=100)
        code, token = room["code"], room["token"]
        added = await api.request("POST", f"/rooms/{code}/seats/1/bot", token=token,
                                  json={"kind": "heuristic"})
        assert added.status_code == 201, added.text
        await api.start(code, token)
    human = ProxiedPlayer(proxy, code, token)  # type: ignore[arg-type]
    await human.connect()
    rng = random.Random(4)
    await bot_moves(human, rng, 3)

    holders = {lease_holder(processes[0].database.name, code)}
    assert len(holders) == 1 and None not in holders, "exactly one process runs the bot"
    holder = next(p for p in processes if p.process.pid in holders)
    holder.kill()
    if human.upstream == holder.port:
        human, = await reconnect(proxy, Table(code, {0: token}), [human], holder.port)
    await bot_moves(human, rng, 3)  # the bot goes on, run by the other process
    survivor = next(p for p in processes if p is not holder)
    assert lease_holder(survivor.database.name, code) == survivor.process.pid
    await human.close()


@pytest.mark.postgres
def test_answers_stay_compressed_through_nginx(
        cluster: tuple[Proxy, list[Server]]) -> None:
    proxy, _ = cluster
    for accepted in ("zstd", "br", "gzip"):
        answer = httpx.get(f"{proxy.http}/", headers={"accept-encoding": accepted})
        assert answer.status_code == 200
        assert answer.headers["content-encoding"] == accepted
        assert "<html" in answer.text  # httpx decodes each of them
