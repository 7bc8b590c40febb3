"""Prometheus metrics at /metrics: what a host watches, per server process (issue 9.5)."""

from __future__ import annotations

import httpx

from .client import Api, async_test
from .servers import Server

METRICS = ("nao_moves_committed_total", "nao_act_to_publish_seconds", "nao_open_sockets",
           "nao_rooms_live", "nao_bus_lag_seconds", "nao_db_pool_connections")


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


@async_test
async def test_metrics_names_every_figure_a_host_watches(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        await api.create_room("Creature", 0, hunted=2)  # the server has served something
    text = httpx.get(f"{shared_server.http}/metrics", timeout=10).text
    for name in METRICS:
        assert f"# TYPE {name} " in text, name
    assert "nao_moves_committed_total" in scrape(shared_server)
