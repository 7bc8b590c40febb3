"""Fixtures for the server tests: real uvicorn processes on migrated SQLite/Postgres databases.

`server(backend, **settings)` makes a fresh database, applies the Alembic migrations, starts
`python -m app` on a free port and kills it at teardown (see servers.py). Tests that take
`backend` run once on SQLite and once on Postgres (marked `postgres`).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

from .servers import BACKENDS, Server, ServerFactory


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Generator[None, pytest.TestReport,
                                                               pytest.TestReport]:
    """A failing test's report ends with the tail of every server log its factories made:
    a socket that waited in vain says little, the servers' lines may say why."""
    report = yield
    if not report.failed:
        return report
    servers: list[Server] = []
    for value in getattr(item, "funcargs", {}).values():  # every fixture of the test
        if isinstance(value, ServerFactory):
            servers.extend(value.servers)
        elif isinstance(value, Server) and value not in servers:
            servers.append(value)
    for server in servers:
        title, tail = server.log_tail()
        report.sections.append((f"{title}: last lines", tail))
    return report


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Each test that takes it runs on SQLite and on Postgres (marked `postgres`)."""
    return str(request.param)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerFactory]:
    """Factory: `server(backend, **settings)` -> a running Server on a fresh database."""
    factory = ServerFactory(tmp_path)
    yield factory
    factory.close()


@pytest.fixture(scope="session", params=BACKENDS)
def shared_server(tmp_path_factory: pytest.TempPathFactory,
                  request: pytest.FixtureRequest) -> Iterator[Server]:
    """One server per backend (and test worker) for tests that each open their own rooms."""
    factory = ServerFactory(tmp_path_factory.mktemp("shared"))
    try:
        yield factory(str(request.param))
    finally:
        factory.close()
