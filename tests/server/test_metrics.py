"""Prometheus metrics at /metrics: what a host watches, per server process."""

from __future__ import annotations

import asyncio
import random

import httpx
import pytest

from .client import (
    WAIT_SECONDS,
    Api,
    Player,
    async_test,
    close_all,
    connect_all,
    open_table,
    until,
)
from .servers import Server, ServerFactory

METRICS = ("nao_moves_committed_total", "nao_act_to_publish_seconds", "nao_open_sockets",
           "nao_rooms_live", "nao_bus_lag_seconds", "nao_db_pool_connections",
           "nao_moves_waiting", "nao_moves_shed_total")


def scrape(server: Server) -> dict[str, float]:
    """GET /metrics, parsed: every sample line's name (with labels) and value."""
    answer = httpx.get(f"{server.http}/metrics", timeout=10)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    samples = {}
    for line in answer.text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            samples[name] = float(value)
    return samples


async def one_move(players: list[Player]) -> None:
    """Every seat turns auto-pass off (no move but this one), then one seat plays once and
    every seat sees it."""
    for player in players:
        await player.request({"type": "auto_pass", "mode": "off"},
                             lambda f: f["type"] == "auto_pass")
    mover = next(p for p in players if p.must_act())
    frame = await mover.play_random(random.Random(5))
    for player in players:
        await player.wait_version(frame["version"])


async def until_counted(server: Server, name: str, at_least: float) -> dict[str, float]:
    """Scrape until `name` reaches `at_least` (a notice is heard a moment after its move)."""
    async with asyncio.timeout(WAIT_SECONDS):
        while (samples := scrape(server)).get(name, 0) < at_least:
            await asyncio.sleep(0.1)
    return samples


@async_test
async def test_metrics_names_every_figure_a_host_watches(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        await api.create_room("Creature", 0, hunted=2)  # the server has served something
    text = httpx.get(f"{shared_server.http}/metrics", timeout=10).text
    for name in METRICS:
        assert f"# TYPE {name} " in text, name
    assert "nao_moves_committed_total" in scrape(shared_server)


@async_test
async def test_a_move_adds_one_to_moves_committed(server: ServerFactory) -> None:
    running = server("sqlite")
    async with Api(running) as api:
        table = await open_table(api, hunted=2)
        players = await connect_all(running, table)
        before = scrape(running)["nao_moves_committed_total"]
        await one_move(players)
        samples = scrape(running)
        await close_all(players)
    assert samples["nao_moves_committed_total"] == before + 1
    assert samples["nao_act_to_publish_seconds_count"] >= 1
    assert samples["nao_open_sockets"] == len(players)
    assert samples["nao_rooms_live"] == 1


@pytest.mark.postgres
@async_test
async def test_a_move_crossing_the_bus_is_timed_by_the_process_that_hears_it(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    mover_side, other_side = server.on(database), server.on(database)
    await asyncio.sleep(3)  # heartbeats cross meanwhile: they are not frames, not timed
    assert scrape(other_side).get("nao_bus_lag_seconds_count") == 0
    async with Api(mover_side) as api:
        table = await open_table(api, hunted=2)
        players = await connect_all(mover_side, table)
        watcher = Player(other_side, table.code)  # the other process holds the room too
        await watcher.connect()
        # Its presence crossed (the last it sends): the mover hears nothing more from it.
        await until(lambda: any(f["type"] == "presence" and f["presence"]["spectators"] == 1
                                for f in players[0].frames))
        heard = scrape(mover_side)["nao_bus_lag_seconds_count"]
        before = scrape(other_side)["nao_bus_lag_seconds_count"]
        await one_move(players)
        await until_counted(other_side, "nao_bus_lag_seconds_count", before + 1)
        assert scrape(mover_side)["nao_bus_lag_seconds_count"] == heard  # its own: untimed
        await close_all([*players, watcher])
