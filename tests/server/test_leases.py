"""A room's bots and clocks run on exactly one process: the lease, and its hand-over on death."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from app.server.bus import listener_dsn
from app.server.leases import LocalLeases, PostgresLeases, room_key

from .client import async_test, until
from .servers import Database, ServerFactory, psql_value, terminate

pytestmark = pytest.mark.postgres
RETRY = 0.2
UNREACHABLE = "postgresql://postgres@127.0.0.1:9/none"  # nothing listens on the discard port


@asynccontextmanager
async def leases(database: Database, name: str) -> AsyncIterator[PostgresLeases]:
    """A process's leases on the database, with every gained room recorded in `.gains`."""
    dsn = listener_dsn(database.url)
    assert dsn is not None
    lease = PostgresLeases(dsn, retry_seconds=RETRY, name=name)
    gains: list[str] = []
    lease.on_gained = gains.append
    lease.gains = gains  # type: ignore[attr-defined]
    lease.start()
    try:
        yield lease
    finally:
        await lease.close()



def test_room_keys_are_stable_distinct_64_bit_numbers() -> None:
    keys = {room_key(f"ROOM{i:04d}") for i in range(10_000)}
    assert len(keys) == 10_000
    assert room_key("ABCD") == room_key("ABCD")
    assert all(-(2**63) <= key < 2**63 for key in keys)


@async_test
async def test_one_process_holds_every_lease() -> None:
    local = LocalLeases()
    local.want("ABCD")
    assert local.held("ABCD")
    await local.drop("ABCD")
    await local.close()


@async_test
async def test_exactly_one_process_holds_a_room_and_another_takes_it_when_it_dies(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    async with leases(database, "lease-a") as a, leases(database, "lease-b") as b:
        a.want("ROOM")
        await until(lambda: a.held("ROOM"))
        b.want("ROOM")
        await asyncio.sleep(RETRY * 4)  # b has tried several times by now
        assert a.held("ROOM") and not b.held("ROOM")
        assert b.gains == []  # type: ignore[attr-defined]

        # a's process dies: it can no longer reach the database (else, alive, it would race b
        # for the room on a new connection), and Postgres ends its session.
        a.dsn, dsn = UNREACHABLE, a.dsn
        assert terminate(database, "lease-a") == 1
        await until(lambda: b.held("ROOM"))
        assert b.gains == ["ROOM"]  # type: ignore[attr-defined]
        assert not a.held("ROOM")  # a knows it lost everything...

        a.dsn = dsn  # ...and, back on a new connection, cannot take the room back
        await until(lambda: psql_value(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'lease-a' "
            f"AND datname = '{database.name}'") == "1")
        await asyncio.sleep(RETRY * 4)
        assert not a.held("ROOM") and b.held("ROOM")


@async_test
async def test_dropped_rooms_go_to_the_process_waiting_for_them(server: ServerFactory) -> None:
    database = server.database("postgres")
    rooms = [f"R{i}" for i in range(20)]
    async with leases(database, "lease-a") as a, leases(database, "lease-b") as b:
        for code in rooms:
            a.want(code)
        await until(lambda: all(a.held(code) for code in rooms))
        for code in rooms:
            b.want(code)
        await asyncio.sleep(RETRY * 3)
        assert not any(b.held(code) for code in rooms)

        for code in rooms[:5]:  # a's games there ended
            await a.drop(code)
        await until(lambda: all(b.held(code) for code in rooms[:5]))
        assert sorted(b.gains) == sorted(rooms[:5])  # type: ignore[attr-defined]
        assert all(a.held(code) for code in rooms[5:])
        assert not any(b.held(code) for code in rooms[5:])


@async_test
async def test_a_room_nobody_else_wants_comes_back_after_a_lost_connection(
        server: ServerFactory) -> None:
    database = server.database("postgres")
    async with leases(database, "lease-a") as a:
        a.want("ROOM")
        await until(lambda: a.held("ROOM"))
        assert terminate(database, "lease-a") == 1
        await until(lambda: len(a.gains) == 2)  # type: ignore[attr-defined]
        assert a.gains == ["ROOM", "ROOM"] and a.held("ROOM")  # type: ignore[attr-defined]
