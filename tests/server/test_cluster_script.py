"""`scripts/cluster` on a fresh machine: it makes its database, and says what to install."""

from __future__ import annotations

import asyncio
import re
import uuid
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from app import cluster

from .servers import PG_HOST, PG_PORT, PG_USER, _psql, psql_value


@pytest.mark.postgres
def test_the_cluster_creates_its_database_when_missing() -> None:
    name = f"nao_test_cluster_{uuid.uuid4().hex[:10]}"
    url = make_url(f"postgresql+asyncpg://{PG_USER}@{PG_HOST}:{PG_PORT}/{name}")
    exists = f"SELECT count(*) FROM pg_database WHERE datname = '{name}'"
    try:
        asyncio.run(cluster.ensure_database(url))
        assert psql_value(exists) == "1"
        asyncio.run(cluster.ensure_database(url))  # there already: left as it is
        assert psql_value(exists) == "1"
    finally:
        _psql(f'DROP DATABASE IF EXISTS "{name}"')


def test_an_unreachable_postgres_is_said_plainly() -> None:
    url = make_url(f"postgresql+asyncpg://{PG_USER}@127.0.0.1:1/nowhere")
    with pytest.raises(SystemExit, match=re.escape("cannot reach Postgres at 127.0.0.1:1")):
        asyncio.run(cluster.ensure_database(url))


def test_a_missing_nginx_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    monkeypatch.setattr(cluster, "NGINX", str(tmp_path / "no-nginx"))
    monkeypatch.setenv("DATABASE_URL", "postgresql+asyncpg://postgres@127.0.0.1:1/nowhere")
    with pytest.raises(SystemExit, match="apt-get install nginx"):
        cluster.main([])
