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
