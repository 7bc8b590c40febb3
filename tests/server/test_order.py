"""Frames to one socket never go back in time.

While a game is played as fast as the server answers, sockets keep joining the room and asking
for a `resync`. Each socket's frames must be monotonic in version: an `update` is always newer
than everything before it, and a `sync` is never older than an `update` that socket already got
(the reported fault: seat 0 got v2, v3, then a sync of v1). A rematch's syncs likewise.
"""

from __future__ import annotations

import asyncio
import random

from .client import Api, Frame, Player, async_test, close_all, connect_all, open_table, play_game
from .servers import Server

JOINS = 12


def check_monotonic(frames: list[Frame]) -> None:
    """Updates strictly increase; a sync never goes below what the socket has seen."""
    seen, game = -1, None
    for frame in frames:
        if frame["type"] == "sync":
            number = frame["lobby"]["game"]["number"] if frame["lobby"]["game"] else 0
            if game is not None and number != game:  # a new game starts again at version 0
                seen = -1
            game = number
            assert frame["version"] >= seen, f"sync v{frame['version']} after v{seen}"
            seen = frame["version"]
        elif frame["type"] == "update":
            assert frame["version"] > seen, f"update v{frame['version']} after v{seen}"
            seen = frame["version"]


def test_the_check_catches_a_sync_older_than_an_update() -> None:
    lobby = {"game": {"number": 1}}
    late = [{"type": "update", "version": 2}, {"type": "update", "version": 3},
            {"type": "sync", "version": 1, "lobby": lobby}]
    try:
        check_monotonic(late)
    except AssertionError:
        return
    raise AssertionError("an old sync went unnoticed")


async def joiner(server: Server, code: str, token: str, done: asyncio.Event,
                 sockets: list[Player]) -> None:
    """Open sockets for the seat, one after another, each asking for resyncs."""
    while not done.is_set() and len(sockets) < JOINS:
        player = Player(server, code, token)
        sockets.append(player)
        await player.connect()
        for _ in range(2):
            await player.send({"type": "resync"})
            await asyncio.sleep(0.01)


@async_test
async def test_a_socket_never_gets_a_sync_older_than_an_update(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=2)
        players = await connect_all(shared_server, table)
        done, sockets = asyncio.Event(), list[Player]()

        async def play() -> None:
            await play_game(players, random.Random(41), stop_after=80)
            done.set()

        await asyncio.gather(play(), joiner(shared_server, table.code, table.tokens[0], done,
                                            sockets))
        await asyncio.sleep(0.3)  # the last resyncs arrive
        for player in [*players, *sockets]:
            check_monotonic(player.frames)
        assert len(sockets) >= 2, "no socket joined while the game was played"
        await close_all([*players, *sockets])
