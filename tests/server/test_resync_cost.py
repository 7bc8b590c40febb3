"""The cost of `resync` is bounded per room: a seat's sync is built once per version (and per
change of what it shows), then sent as kept, however often its sockets ask; it is never stale:
after a move, a chat line or a seat's new mode, the next sync shows it, and no socket ever
receives a frame older than one it had (app/server/syncs.py, docs/protocol.md)."""

from __future__ import annotations

import asyncio
import random

from .client import Api, Frame, Player, async_test, close_all, connect_all, open_table
from .servers import ServerFactory
from .test_metrics import scrape

ASKS = 10  # resyncs per socket at one version
BUILT, REUSED = 'nao_syncs_total{how="built"}', 'nao_syncs_total{how="reused"}'


def in_order(frames: list[Frame]) -> bool:
    """Every sync and update carries a version at least that of the one before."""
    versions = [f["version"] for f in frames if f["type"] in ("sync", "update")]
    return versions == sorted(versions)


async def resync_all(sockets: list[Player], times: int) -> list[Frame]:
    """Every socket asks for `times` resyncs, all at once: the syncs received."""
    async def ask(player: Player) -> list[Frame]:
        return [await player.resync() for _ in range(times)]
    return [sync for syncs in await asyncio.gather(*(ask(p) for p in sockets)) for sync in syncs]


@async_test
async def test_resyncs_at_one_version_are_built_once_and_never_go_back(
        server: ServerFactory, backend: str) -> None:
    app = server(backend)
    async with Api(app) as api:
        table = await open_table(api, hunted=2)
    players = await connect_all(app, table)
    twins = await connect_all(app, table)  # a second socket for every seat
    watcher = Player(app, table.code)
    await watcher.connect()
    sockets = [*players, *twins, watcher]
    await resync_all(sockets, 1)  # the presence has settled: at most one build per audience
    before = scrape(app)
    syncs = await resync_all(sockets, ASKS)
    after = scrape(app)
    assert after[BUILT] - before[BUILT] == 0, "a sync was built again at the same version"
    assert after[REUSED] - before[REUSED] >= ASKS * len(sockets)
    assert {s["version"] for s in syncs} == {0}

    mover = next(p for p in players if p.must_act())
    await mover.play_random(random.Random(1))
    await asyncio.gather(*(p.wait_version(1) for p in sockets))
    before = scrape(app)
    syncs = await resync_all(sockets, ASKS)
    after = scrape(app)
    assert {s["version"] for s in syncs} == {1}, "a sync older than the move"
    assert after[BUILT] - before[BUILT] <= 4  # one per audience: three seats and a spectator

    line = await players[1].say("still there?")
    sync = await watcher.resync()
    assert sync["chat"][-1] == line["line"], "a sync kept from before the chat line"
    await players[2].request({"type": "auto_pass", "mode": "when_nothing"},
                             lambda f: f["type"] == "auto_pass")
    assert (await twins[2].resync())["auto_pass"] == "when_nothing"
    assert all(in_order(s.frames) for s in sockets)
    await close_all(sockets)


BURST = 6  # the room's builds for resyncs in the test below (and almost no refill)
ROUNDS = 5  # chat line, then resync, per socket


async def chat_then_resync(player: Player, rounds: int) -> list[Frame]:
    """`rounds` times: a chat line (every kept sync of the room goes), then one resync; the
    answers to the resyncs (a sync, or a refusal)."""
    answers = []
    for turn in range(rounds):
        if player.token is not None:  # a spectator only asks: the others' lines change its sync
            await player.say(f"line {turn}")
        answers.append(await player.request({"type": "resync"},
                                            lambda f: f["type"] in ("sync", "error")))
    return answers


@async_test
async def test_sockets_alternating_chat_and_resync_build_no_more_than_the_room_budget(
        server: ServerFactory, backend: str) -> None:
    app = server(backend, resync_builds_per_second=0.001, resync_builds_burst=BURST)
    async with Api(app) as api:
        table = await open_table(api, hunted=2)
    players = await connect_all(app, table)
    twins = await connect_all(app, table)
    watcher = Player(app, table.code)
    await watcher.connect()
    sockets = [*players, *twins, watcher]
    before = scrape(app)
    answers = [a for found in await asyncio.gather(*(chat_then_resync(s, ROUNDS)
                                                     for s in sockets)) for a in found]
    after = scrape(app)
    built = after[BUILT] - before[BUILT]
    refused = [a for a in answers if a["type"] == "error"]
    assert built <= BURST, f"{built} syncs built for resyncs, over the room's {BURST}"
    assert refused, "every resync answered: the budget was never reached"
    assert {a["code"] for a in refused} == {"rate_limited"}
    assert all("ask again in" in a["message"] for a in refused), refused[0]
    assert all(in_order(s.frames) for s in sockets)
    await close_all(sockets)
