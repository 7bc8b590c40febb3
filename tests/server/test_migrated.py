"""A server refuses to start on a database the migrations have not brought up to its code,
saying what to run, rather than serving every request `busy`; a database already at a newer
release's schema (a rolling deploy) is served."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from app.server.db import make_engine
from app.server.migrated import NotMigrated, check_migrated

from .client import async_test
from .servers import ROOT, migrate


def sqlite(folder: Path) -> str:
    return f"sqlite+aiosqlite:///{folder / 'nao.db'}"


def test_a_server_on_an_unmigrated_database_exits_saying_what_to_run(tmp_path: Path) -> None:
    env = {**os.environ, "DATABASE_URL": sqlite(tmp_path)}
    ran = subprocess.run([sys.executable, "-m", "app", "--port", "0"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert ran.returncode != 0
    assert "no revision (empty)" in ran.stderr
    assert "Run `alembic upgrade head` first" in ran.stderr


async def check(url: str, before: str | None = None) -> None:
    """`check_migrated` on a fresh engine of `url`, after running `before` (SQL) on it."""
    engine = make_engine(url, pool_timeout=5)
    try:
        if before is not None:
            async with engine.begin() as connection:
                await connection.execute(text(before))
        await check_migrated(engine)
    finally:
        await engine.dispose()


@async_test
async def test_a_migrated_database_passes(tmp_path: Path) -> None:
    migrate(sqlite(tmp_path))
    await check(sqlite(tmp_path))


@async_test
async def test_a_database_behind_the_code_is_refused_naming_its_revision(tmp_path: Path) -> None:
    migrate(sqlite(tmp_path), "0004")
    with pytest.raises(NotMigrated, match="is at 0004; this code needs revision 0005"):
        await check(sqlite(tmp_path))


@async_test
async def test_a_database_of_a_newer_release_is_served(tmp_path: Path) -> None:
    migrate(sqlite(tmp_path))
    await check(sqlite(tmp_path), "UPDATE alembic_version SET version_num = '9999'")


@async_test
async def test_a_database_that_does_not_answer_yet_is_not_refused() -> None:
    """A database still starting (here: a port nothing listens on) is not checked: the server
    answers `busy` until it answers, as it does when it goes away later."""
    await check("postgresql+asyncpg://postgres@127.0.0.1:1/none")
