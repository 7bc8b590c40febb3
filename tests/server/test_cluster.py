"""Two server processes behind nginx on one Postgres: one room, seats on both, no stickiness."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.cluster import compose_config

from .client import Api, async_test, close_all, open_table, play_game
from .proxy import Proxy, connect_via
from .servers import ROOT, Server, ServerFactory


def test_the_compose_nginx_config_is_the_generated_one() -> None:
    assert (ROOT / "deploy" / "nginx.conf").read_text() == compose_config(), (
        "regenerate it: scripts/cluster --print-compose-config > deploy/nginx.conf")


@pytest.fixture
def cluster(server: ServerFactory, tmp_path: Path) -> Iterator[tuple[Proxy, list[Server]]]:
    """Two app processes on one fresh Postgres database, and nginx in front of them."""
    database = server.database("postgres")
    processes = [server.on(database), server.on(database)]
    proxy = Proxy.start(tmp_path, processes)
    yield proxy, processes
    proxy.stop()


@pytest.mark.postgres
@async_test
async def test_seats_on_two_processes_play_through_the_proxy(
        cluster: tuple[Proxy, list[Server]]) -> None:
    proxy, (a, b) = cluster
    async with Api(proxy) as api:  # type: ignore[arg-type]
        table = await open_table(api, hunted=2)
    players = [await connect_via(proxy, table.code, table.tokens[seat], port)
               for seat, port in ((0, a.port), (1, b.port), (2, a.port))]
    assert [p.upstream for p in players] == [a.port, b.port, a.port]
    await play_game(players, random.Random(3), stop_after=12)
    await close_all(players)
