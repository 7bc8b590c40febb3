"""What a `resync` costs the server: a Frozen Lands table of 4 Hunted some moves in, five seats
asking again and again at one version; each sync built from the database every time (the
baseline: the room's kept syncs dropped before each ask) against kept (app/server/syncs.py).

Usage: .venv/bin/python bench/resync.py [--moves 120] [--rounds 20]
In-process, on a SQLite file in a temporary folder (the server's roles, no network).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.engine import active_seats, legal_actions  # noqa: E402
from app.server.db import make_engine  # noqa: E402
from app.server.hub import Connection  # noqa: E402
from app.server.models import Base  # noqa: E402
from app.server.notices import LocalBus  # noqa: E402
from app.server.roles import Roles  # noqa: E402
from app.server.schemas import RoomOptions  # noqa: E402
from app.server.settings import Settings  # noqa: E402


class Socket:
    """Stands in for a websocket: counts what it is sent."""

    def __init__(self) -> None:
        self.chars = 0

    async def send_text(self, text: str) -> None:
        self.chars = len(text)

    async def close(self, *_: Any) -> None:
        """Nothing to close."""


async def table(roles: Roles, moves: int) -> tuple[str, list[Connection]]:
    """A started table `moves` random moves in, and a synced socket for each seat."""
    code, host = await roles.rooms.create_room(RoomOptions(variant="frozen-lands", hunted=4),
                                               "Creature", 0)
    tokens = [host] + [await roles.rooms.claim_seat(code, s, f"H{s}") for s in range(1, 5)]
    await roles.rooms.start(code, host)
    rng = random.Random(1)
    for n in range(moves):
        live = await roles.moves.live(code)
        if live is None or live.over:
            break
        seat = rng.choice(active_seats(live.state))
        action = rng.choice(legal_actions(live.state, seat))
        await roles.moves.play(code, seat, action, live.version, f"bench-{n}")
    conns = []
    for token in tokens:
        conn = Connection(Socket(), code)  # type: ignore[arg-type]
        conn.token = token
        await roles.moves.join(conn)
        conns.append(conn)
    return code, conns


async def measure(rounds: int, moves: int) -> None:
    url = f"sqlite+aiosqlite:///{Path(tempfile.mkdtemp(prefix='nao-resync-')) / 'bench.db'}"
    engine = make_engine(url)
    async with engine.begin() as connection:
        await connection.run_sync(Base.metadata.create_all)
    roles = Roles.build(Settings(database_url=url), engine, LocalBus())
    code, conns = await table(roles, moves)
    figures = {}
    for label, drop in (("built", True), ("kept", False)):
        started = time.process_time()
        for _ in range(rounds):
            for conn in conns:
                if drop:
                    roles.publisher.syncs.changed(code)
                await roles.moves.resync(conn)
        figures[label] = (time.process_time() - started) / (rounds * len(conns)) * 1000
        size = conns[0].websocket.chars  # type: ignore[attr-defined]
        print(f"{label:>6}: {figures[label]:7.3f} ms of CPU per resync ({size} characters)")
    print(f" ratio: kept / built = {figures['kept'] / figures['built']:.3f}")
    await roles.moves.log.close()
    await engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    asyncio.run(measure(args.rounds, args.moves))


if __name__ == "__main__":
    main()
