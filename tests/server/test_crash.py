"""A server process killed mid-game (SIGKILL) loses nothing: a new process carries on.

Every committed move is in the database before anyone hears of it, so after the crash a new
process on the same database serves the game at the same version, the players' tokens bring
their sockets back to the same seats, and the game can be played to its end. A move still in
flight when the process dies is either wholly there or not there at all.
"""

from __future__ import annotations

import asyncio
import random

from .client import Api, Player, Table, async_test, close_all, connect_all, open_table, play_game
from .servers import Server, ServerFactory
from .stored import check_log, current_game

MOVES_BEFORE_CRASH = 25
MOVES_BETWEEN_CRASHES = 10


async def crash_and_restart(server: ServerFactory, running: Server, table: Table,
                            players: list[Player]) -> tuple[Server, list[Player]]:
    """SIGKILL `running`, start a new process on its database and reconnect every seat."""
    running.kill()
    await asyncio.gather(*(p.wait_closed() for p in players))
    restarted = server.on(running.database)
    back = [Player(restarted, table.code, table.tokens[seat]) for seat in sorted(table.tokens)]
    syncs = await asyncio.gather(*(p.connect() for p in back))
    for seat, sync in enumerate(syncs):
        assert sync["type"] == "sync" and sync["seat"] == seat, sync
    return restarted, back


@async_test
async def test_a_game_survives_killed_servers(server: ServerFactory, backend: str) -> None:
    first = server(backend)
    async with Api(first) as api:
        table = await open_table(api, hunted=2)
    players = await connect_all(first, table)
    rng = random.Random(f"crash-{backend}")
    await play_game(players, rng, stop_after=MOVES_BEFORE_CRASH)
    version, views = players[0].version, [p.view for p in players]
    assert views[0] is not None and views[0]["outcome"] is None, "over too soon: change seed"

    # A crash between moves: the same version, the same table, to the card.
    second, players = await crash_and_restart(server, first, table, players)
    assert [(p.version, p.view) for p in players] == [(version, view) for view in views]
    async with Api(second) as api:
        lobby = await api.lobby(table.code)
    assert lobby["game"]["version"] == version
    assert [s["connected"] for s in lobby["seats"]] == [True, True, True]

    # A crash with a move in flight: it is wholly committed or not at all.
    await play_game(players, rng, stop_after=MOVES_BETWEEN_CRASHES)
    version = players[0].version
    assert players[0].view is not None and players[0].view["outcome"] is None
    mover = next(p for p in players if p.must_act())
    assert mover.view is not None
    await mover.act(rng.choice(mover.view["legal_actions"]))
    before = players
    third, players = await crash_and_restart(server, second, table, players)
    game = await current_game(first.database.url, table.code)
    check_log(game)
    assert game.version in (version, version + 1)
    # Nothing was announced that the database does not hold.
    assert max(p.version for p in before) <= game.version
    assert {p.version for p in players} == {game.version}

    moves = await play_game(players, rng)
    assert players[0].view is not None and players[0].view["outcome"] is not None
    await close_all(players)
    game = await current_game(first.database.url, table.code)
    assert game.status == "over" and game.version == players[0].version
    assert game.version >= version + moves
    check_log(game)
    async with Api(third) as api:
        assert (await api.lobby(table.code))["game"]["status"] == "over"


@async_test
async def test_a_kill_between_two_snapshots_loses_nothing(server: ServerFactory,
                                                          backend: str) -> None:
    """The snapshot is written every K moves: a crash after it is recovered from the log."""
    first = server(backend, snapshot_every=7)
    async with Api(first) as api:
        table = await open_table(api, hunted=2)
    players = await connect_all(first, table)
    rng = random.Random(f"between-{backend}")
    await play_game(players, rng, stop_after=17)
    game = await current_game(first.database.url, table.code)
    assert (game.snapshot_version, game.version) == (14, 17), "the kill must land between"
    version, views = players[0].version, [p.view for p in players]

    second, players = await crash_and_restart(server, first, table, players)
    assert [(p.version, p.view) for p in players] == [(version, view) for view in views]
    await play_game(players, rng, stop_after=5)
    await close_all(players)
    game = await current_game(second.database.url, table.code)
    assert game.version == version + 5
    check_log(game)
