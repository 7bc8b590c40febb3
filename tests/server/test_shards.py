"""Rooms spread over several Postgres databases (docs/cluster.md, "Shards").

Real databases on the local Postgres (named shards_*, dropped after), migrated by one
`alembic upgrade head` with DATABASE_URLS, and a real server process over them. One shard is
reached through a TCP relay the test can cut, as a shard's host going down would: its rooms
answer `busy`, the other shard's rooms play on. Then a third shard is appended: the old rooms
are still found from their codes, and new rooms land on all three.
"""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.config import Config as AlembicConfig
from alembic.script import ScriptDirectory

from app.server.bus import LISTENER_NAME
from app.server.db import UnitOfWork, make_engine
from app.server.errors import ErrorCode, ServiceError
from app.server.settings import Settings
from app.server.sharded import engines
from app.server.shards import (
    MAX_SHARDS,
    Placement,
    shard_of,
    shard_urls,
    sharded_code,
    share,
)

from .client import (
    Api,
    Player,
    Table,
    async_test,
    close_all,
    connect_all,
    open_table,
    play_game,
)
from .servers import (
    NATS_URL,
    PG_HOST,
    PG_PORT,
    PG_USER,
    ROOT,
    Database,
    Server,
    ServerFactory,
    _psql,
)
from .test_cluster import bot_moves, lease_holder

# Small pools (2 + 2 per shard and process, and 3 more): the test machine's Postgres is shared.
SMALL = {"pool_size": 4, "move_pool": 4}


def _head() -> str:
    """The newest migration's revision (migrations/versions)."""
    config = AlembicConfig()
    config.set_main_option("script_location", str(ROOT / "migrations"))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


HEAD = _head()


def test_a_code_names_its_shard_and_old_codes_live_in_shard_0() -> None:
    for shard in range(MAX_SHARDS):
        code = sharded_code(shard)
        assert shard_of(code) == shard and len(code) == 23
    assert shard_of("Zm9vYmFyYmF6cXV4cXV1eA") == 0  # 22 characters: made before shards
    with pytest.raises(ValueError):
        sharded_code(MAX_SHARDS)


def test_new_rooms_go_round_every_shard() -> None:
    placement = Placement(3)
    assert sorted(placement.order()) == [0, 1, 2]
    assert {placement.next() for _ in range(3)} == {0, 1, 2}


@async_test
async def test_a_code_naming_a_shard_not_configured_is_an_unknown_room(tmp_path: Path) -> None:
    uow = UnitOfWork(make_engine(f"sqlite+aiosqlite:///{tmp_path / 'one.db'}"))
    with pytest.raises(ServiceError) as refused:
        async with uow.read(sharded_code(1)):
            pass
    assert refused.value.code is ErrorCode.UNKNOWN_ROOM
    await uow.dispose()


def test_several_shards_must_be_postgres() -> None:
    with pytest.raises(ValueError, match="Postgres"):
        engines(Settings(database_urls="postgresql+asyncpg://h/a sqlite+aiosqlite:///b.db"))


def test_a_process_shares_its_connections_among_the_shards() -> None:
    assert [share(20, 1), share(20, 2), share(20, 3), share(3, 3), share(1, 1)] == [
        20, 10, 7, 2, 1]


def test_the_shards_are_listed_in_order_or_the_one_database() -> None:
    assert shard_urls("sqlite:///one.db", "") == ["sqlite:///one.db"]
    assert shard_urls("x", " postgresql://a/1, postgresql://a/2\npostgresql://a/3 ") == [
        "postgresql://a/1", "postgresql://a/2", "postgresql://a/3"]


class Relay:
    """A TCP relay to the local Postgres, in a thread of its own; `cut` closes it and every
    connection through it, as a shard's host going down."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.transports: list[asyncio.WriteTransport] = []
        self.server: asyncio.Server | None = None
        self.port = 0

    def start(self) -> Relay:
        """Listen on a free port of 127.0.0.1."""
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self._listen(), self.loop).result(10)
        return self

    def cut(self) -> None:
        """Refuse new connections and drop every open one."""
        asyncio.run_coroutine_threadsafe(self._cut(), self.loop).result(10)

    def stop(self) -> None:
        """Cut, and end the thread."""
        self.cut()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    async def _listen(self) -> None:
        self.server = await asyncio.start_server(self._pipe, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _cut(self) -> None:
        if self.server is not None:
            self.server.close()
        for transport in self.transports:
            transport.abort()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(PG_HOST, PG_PORT)
        self.transports += [writer.transport, up_writer.transport]
        await asyncio.gather(_copy(reader, up_writer), _copy(up_reader, writer),
                             return_exceptions=True)


async def _copy(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    while data := await source.read(65536):
        sink.write(data)
        await sink.drain()
    sink.close()


def _url(name: str, port: int = PG_PORT) -> str:
    return f"postgresql+asyncpg://{PG_USER}@{PG_HOST}:{port}/{name}"


@pytest.fixture
def shards(server: ServerFactory) -> list[Database]:
    """Three fresh, empty databases (shards_*), dropped with the factory's at teardown."""
    suffix = uuid.uuid4().hex[:10]
    made = []
    for letter in "abc":
        name = f"shards_{suffix}_{letter}"
        _psql(f'CREATE DATABASE "{name}"')
        made.append(Database("postgres", _url(name), name))
        server.databases.append(made[-1])
    return made


@pytest.fixture
def relay() -> Iterator[Relay]:
    """A relay to Postgres that the test may cut."""
    running = Relay().start()
    yield running
    running.stop()


def _migrate_all(urls: list[str]) -> None:
    """The one command that migrates every shard: `alembic upgrade head` with DATABASE_URLS."""
    env = dict(os.environ, DATABASE_URLS=",".join(urls), PYTHONPATH=str(ROOT))
    env.pop("DATABASE_URL", None)
    subprocess.run([sys.executable, "-m", "alembic", "upgrade", "head"], cwd=ROOT, env=env,
                   check=True, capture_output=True, timeout=300)


def _revision(database: Database) -> str:
    return _query(database, "SELECT version_num FROM alembic_version")


def _query(database: Database, sql: str) -> str:
    command = ["psql", "-h", PG_HOST, "-p", str(PG_PORT), "-U", PG_USER, "-d", database.name,
               "-qAtXc", sql]
    return subprocess.run(command, check=True, capture_output=True, text=True,
                          timeout=30).stdout.strip()


def _rooms_in(database: Database) -> set[str]:
    return set(_query(database, "SELECT code FROM room").split())


async def _one_move(table: Table, players: list[Player]) -> None:
    """Someone the game waits on plays a legal move, which lands."""
    rng = random.Random(table.code)
    mover = next(p for p in players if p.must_act())
    await mover.play_random(rng)


async def _busy(running: Server, api: Api, players: list[Player], code: str) -> None:
    """The room's lobby, a move in it and a socket joining it are all answered `busy`."""
    answer = await api.request("GET", f"/rooms/{code}")
    assert answer.json()["error"]["code"] == "busy", answer.text
    mover = next(p for p in players if p.must_act())
    assert mover.view is not None
    frame = await mover.submit(mover.view["legal_actions"][0])
    assert frame["type"] == "error" and frame["code"] == "busy", frame
    joining = Player(running, code, mover.token)  # a socket joining: no sync to read
    frame = await joining.connect()
    assert frame["type"] == "error" and frame["code"] == "busy", frame
    await joining.close()


@pytest.mark.postgres
@async_test
async def test_rooms_live_on_their_shard_and_a_shard_down_stops_only_its_rooms(
        server: ServerFactory, shards: list[Database], relay: Relay) -> None:
    first, second, third = shards
    _migrate_all([first.url, second.url])
    assert _revision(first) == _revision(second) == HEAD and not _query(
        third, "SELECT to_regclass('alembic_version')")
    # The second shard is reached through the relay, which the test cuts below.
    urls = [first.url, _url(second.name, relay.port)]
    running = server.on(first, database_urls=",".join(urls), **SMALL)
    async with Api(running) as api:
        tables = [await open_table(api) for _ in range(4)]  # round the shards, twice
        by_shard = {shard: [t for t in tables if shard_of(t.code) == shard] for shard in (0, 1)}
        assert all(by_shard.values()), [t.code for t in tables]
        assert _rooms_in(first) == {t.code for t in by_shard[0]}
        assert _rooms_in(second) == {t.code for t in by_shard[1]}
        on_first, on_second = by_shard[0][0], by_shard[1][0]
        players = {t.code: await connect_all(running, t) for t in (on_first, on_second)}
        for table in (on_first, on_second):
            await _one_move(table, players[table.code])
            assert (await api.log(table.code))["version"] == 1  # history, from its shard
            results = await api.request("GET", f"/rooms/{table.code}/results")
            assert results.status_code == 200, results.text
        assert _query(second, "SELECT count(*) FROM game_action") == "1"

        relay.cut()
        await _busy(running, api, players[on_second.code], on_second.code)
        await _one_move(on_first, players[on_first.code])  # the other shard plays on
        assert (await api.lobby(on_first.code))["game"]["version"] == 2
        made = [(await api.create_room())["code"] for _ in range(2)]  # on the shard that is up
        assert {shard_of(code) for code in made} == {0}
        for group in players.values():
            await close_all(group)
    running.stop()
    await _a_third_shard(server, shards, tables + [Table(code, {}) for code in made])


async def _a_third_shard(server: ServerFactory, shards: list[Database],
                         old: list[Table]) -> None:
    """Append a third shard: one command migrates it, the old rooms are found, new rooms land
    on all three."""
    _migrate_all([database.url for database in shards])
    assert {_revision(database) for database in shards} == {HEAD}
    running = server.on(shards[0], database_urls=" ".join(d.url for d in shards), **SMALL)
    async with Api(running) as api:
        for table in old:
            assert (await api.lobby(table.code))["code"] == table.code
        made = [(await api.create_room())["code"] for _ in range(3)]
        assert {shard_of(code) for code in made} == {0, 1, 2}
        for code in made:
            assert code in _rooms_in(shards[shard_of(code)])
    running.stop()


BUSES = {"postgres": "", "nats": NATS_URL}  # BUS_URL: unset, each shard's NOTIFY channel


@pytest.mark.postgres
@pytest.mark.parametrize("bus", list(BUSES))
@async_test
async def test_two_processes_over_two_shards_play_replay_and_run_bots_on_each(
        server: ServerFactory, shards: list[Database], bus: str) -> None:
    first, second, _ = shards
    _migrate_all([first.url, second.url])
    settings: dict[str, object] = {"database_urls": f"{first.url},{second.url}", **SMALL}
    if BUSES[bus]:
        settings["bus_url"] = BUSES[bus]
    a, b = server.on(first, **settings), server.on(first, **settings)
    async with Api(a) as api:
        tables = [await open_table(api) for _ in range(2)]
        bots = [await _bot_room(api) for _ in range(2)]
    assert {shard_of(t.code) for t in tables} == {shard_of(code) for code, _ in bots} == {0, 1}
    if not BUSES[bus]:  # each process listens on each shard's channel
        for database in (first, second):
            assert _query(database, "SELECT count(*) FROM pg_stat_activity WHERE datname = "
                          f"'{database.name}' AND application_name = '{LISTENER_NAME}'") == "2"
    moves = {}
    for table in tables:  # the Creature and Hunted 2 on `a`, Hunted 1 on `b`
        players = [Player(where, table.code, table.tokens[seat])
                   for seat, where in ((0, a), (1, b), (2, a))]
        for player in players:
            await player.connect()
        # to the end, every player seeing each move before the next
        moves[table.code] = await play_game(players, random.Random(table.code), timeout=240)
        await close_all(players)
    async with Api(b) as api:  # each shard's first game (both game 1 of their database)
        for table in tables:
            await _replayed(api, table.code, moves[table.code])
    for code, token in bots:  # the human on `b`; the bot is run where its lease, on its shard, is
        human = Player(b, code, token)
        await human.connect()
        await bot_moves(human, random.Random(code), 2)
        home = shards[shard_of(code)]
        assert lease_holder(home.name, code) in {a.process.pid, b.process.pid}
        await human.close()


async def _replayed(api: Api, code: str, moves: int) -> None:
    """The room's first game replays from its shard, step for step, and is in its scores."""
    page = await api.request("GET", f"/rooms/{code}/games/1/replay?from={moves}&limit=1")
    assert page.status_code == 200, page.text
    assert page.json()["steps"] == moves and page.json()["frames"][0]["view"]["outcome"]
    results = await api.request("GET", f"/rooms/{code}/results")
    assert len(results.json()["games"]) == 1, results.text


async def _bot_room(api: Api) -> tuple[str, str]:
    """A started room of a person (the Creature) and a heuristic bot; (code, person's token)."""
    room = await api.create_room("Human", 0, hunted=1, bot_delay_ms=100)
    code, token = room["code"], room["token"]
    added = await api.request("POST", f"/rooms/{code}/seats/1/bot", token=token,
                              json={"kind": "heuristic"})
    assert added.status_code == 201, added.text
    await api.start(code, token)
    return code, token
