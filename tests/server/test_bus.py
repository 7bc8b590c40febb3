"""Several server processes on one Postgres share moves live (LISTEN/NOTIFY)."""

from __future__ import annotations

import random

import pytest

from app.server.bus import LISTENER_NAME

from .client import Api, Player, async_test, open_table, until
from .servers import ServerFactory, backends, terminate
from .test_room_bus import metric, move_seen

pytestmark = pytest.mark.postgres


@async_test
async def test_a_move_made_on_one_process_reaches_sockets_on_another(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    first, second = server.on(database), server.on(database)
    async with Api(first) as api:
        table = await open_table(api, hunted=1)
    creature = Player(first, table.code, table.tokens[0])
    hunted = Player(second, table.code, table.tokens[1])
    await creature.connect()
    await hunted.connect()
    rng = random.Random(5)
    for _ in range(6):  # a few moves, from whichever process the mover sits on
        mover = creature if creature.must_act() else hunted
        update = await mover.play_random(rng)
        other = hunted if mover is creature else creature
        await other.wait_version(update["version"], timeout=10)
        assert other.view is not None and other.version == update["version"]
    live = [f for f in creature.frames if f["type"] == "update"]
    assert live, "the Creature's socket got live updates, not only resyncs"
    await creature.close()
    await hunted.close()


@async_test
async def test_a_listener_that_lost_its_connection_comes_back(server: ServerFactory) -> None:
    database = server.database("postgres")
    first, second = server.on(database), server.on(database)
    async with Api(first) as api:
        table = await open_table(api, hunted=1)
    creature = Player(first, table.code, table.tokens[0])
    hunted = Player(second, table.code, table.tokens[1])
    await creature.connect()
    await hunted.connect()
    cut = backends(database, LISTENER_NAME)
    assert terminate(database, LISTENER_NAME) == 2  # one listener per process
    # Each process listens again on a new connection (after a backoff: docs/cluster.md).
    await until(lambda: len(fresh := backends(database, LISTENER_NAME)) == 2 and not fresh & cut)
    rng = random.Random(2)
    update = await hunted.play_random(rng)
    await creature.wait_version(update["version"], timeout=10)
    await creature.close()
    await hunted.close()


@async_test
async def test_a_process_with_no_socket_of_a_room_leaves_it_alone_and_hears_none_of_its_moves(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    first, second = server.on(database), server.on(database)
    async with Api(first) as api:  # the second hears every lobby change of the room
        table = await open_table(api, hunted=2)  # a computer stands in for a leaver: planned
    players = [Player(first, table.code, token) for token in table.tokens.values()]
    for player in players:
        await player.connect()
    rng = random.Random(11)
    await move_seen(players, rng)
    heard = metric(second, "nao_bus_room_notices_total")
    for _ in range(10):  # nobody else holds the room: its moves stay on the first process
        await move_seen(players, rng)
    await players[1].say("Sent after every move, in order.")
    await until(lambda: metric(second, "nao_bus_room_notices_total") > heard)
    assert metric(second, "nao_bus_room_notices_total") == heard + 1, "only the chat line"
    assert metric(second, "nao_rooms_live") == 0, "the second process never loaded the room"
    for player in players:
        await player.close()
