"""Two submissions for the same version at the same moment: exactly one lands.

Two sockets send an `act` for the version both saw, in the same instant: two Hunted choosing
their Place cards during Exploration, or one Hunted from two sockets with different client ids.
The sockets sit on one server process (its per-room lock orders them) or on two processes of
the same database (only the row lock and the version column stand between them). Either way
one move is committed, the other is refused as `stale_version`, and the log gains one row.
The Creature never closes its Exploration window, so the phase lasts for every round.
"""

from __future__ import annotations

import asyncio
import random

from .client import JSON, Api, Player, async_test, close_all, new_client_id, open_table
from .servers import Server, ServerFactory
from .stored import check_log, current_game

ROUNDS = 8


def place_card_choice(player: Player, rng: random.Random) -> JSON:
    """A random (re)choice of Place cards: always legal while Exploration lasts."""
    assert player.view is not None
    choices = [a for a in player.view["legal_actions"] if a["type"] == "PlayPlaceCards"]
    assert choices, player.view["legal_actions"]
    return dict(rng.choice(choices))


def update_versions(player: Player) -> list[int]:
    """The versions of the updates a socket received, in order."""
    return [f["version"] for f in player.frames if f["type"] == "update"]


async def race(a: Player, b: Player, url: str, code: str, rng: random.Random) -> None:
    """ROUNDS rounds of a and b acting at once on the version both saw."""
    await asyncio.gather(a.connect(), b.connect())
    for version in range(ROUNDS):
        assert a.version == b.version == version
        ids = new_client_id(), new_client_id()
        answers = await asyncio.gather(
            a.submit(place_card_choice(a, rng), version, ids[0]),
            b.submit(place_card_choice(b, rng), version, ids[1]))
        kinds = sorted(f["type"] if f["type"] == "update" else f["code"] for f in answers)
        assert kinds == ["stale_version", "update"], answers
        winner = ids[0] if answers[0]["type"] == "update" else ids[1]
        assert answers[ids.index(winner)]["version"] == version + 1

        game = await current_game(url, code)
        assert game.version == len(game.actions) == version + 1
        assert game.actions[-1].client_id == winner
        assert all(row.client_id not in ids for row in game.actions[:-1])
        await asyncio.gather(a.resync(), b.resync())

    await close_all([a, b])
    game = await current_game(url, code)
    check_log(game)
    assert game.version == ROUNDS and game.status == "active"
    for player in (a, b):  # no socket was told of one version twice
        versions = update_versions(player)
        assert versions == sorted(set(versions)), versions


@async_test
async def test_only_one_of_two_simultaneous_moves_lands(shared_server: Server,
                                                        server: ServerFactory) -> None:
    """Two seats or one seat twice, on one process or two; the four tables race at once."""
    first, second = shared_server, server.on(shared_server.database)
    races = []
    async with Api(first) as api:
        for seats in ((1, 2), (1, 1)):
            for other in (first, second):
                table = await open_table(api, hunted=2)
                a = Player(first, table.code, table.tokens[seats[0]])
                b = Player(other, table.code, table.tokens[seats[1]])
                rng = random.Random(f"{seats}{other.port}")
                races.append(race(a, b, first.database.url, table.code, rng))
    await asyncio.gather(*races)
