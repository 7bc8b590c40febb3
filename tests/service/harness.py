"""The server's roles in this process, without uvicorn or a network: a SQLite file in a
temporary folder (or a given database), the local bus, and sockets whose frames stay in their
outbox."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app.engine import action_from_json, view_for
from app.server.db import make_engine
from app.server.hub import Connection
from app.server.live import LiveGame
from app.server.models import Base
from app.server.notices import LocalBus, Played
from app.server.roles import Roles
from app.server.schemas import RoomOptions
from app.server.settings import Settings

JSON = dict[str, Any]


class Socket:
    """Stands in for a Starlette websocket: keeps what the connection's writer sends it."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.read = 0  # how many of them `frames` has handed out

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        """Nothing to close."""


class Service:
    """One process's roles over a fresh database (a SQLite file in `folder`, unless the URL of
    a migrated one is given), and the tables it opens."""

    def __init__(self, folder: Path, url: str | None = None) -> None:
        self.folder = folder
        self.url = url or f"sqlite+aiosqlite:///{folder / 'service.db'}"
        self.engine = make_engine(self.url)
        self.roles = Roles.build(Settings(database_url=self.url), self.engine, LocalBus())

    async def __aenter__(self) -> Service:
        async with self.engine.begin() as connection:
            await connection.run_sync(Base.metadata.create_all)
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.roles.moves.log.close()
        await self.engine.dispose()

    async def open_table(self, hunted: int, variant: str = "base") -> tuple[str, dict[int, str]]:
        """A started room: the host is the Creature; returns its code and each seat's token."""
        rooms = self.roles.rooms
        code, host = await rooms.create_room(RoomOptions(variant=variant, hunted=hunted),
                                             "Morgan", 0)
        tokens = {0: host}
        for seat in range(1, hunted + 1):
            tokens[seat] = await rooms.claim_seat(code, seat, f"Hunted {seat}")
        await rooms.start(code, host)
        return code, tokens

    async def connect(self, code: str, token: str | None, patches: bool = False) -> Connection:
        """An authenticated socket of `token`'s seat (None: a spectator), synced (`patches`:
        one that asked for patches)."""
        conn = Connection(Socket(), code)  # type: ignore[arg-type]
        conn.token, conn.patches = token, patches
        conn.authenticated = True
        await self.roles.moves.join(conn)  # bound to the token's seat, or `bad_token`
        return conn


async def play_on(service: Service, code: str, live: LiveGame, client_id: str) -> Played:
    """A waited-on seat plays its first legal action on `service`: the move as announced."""
    seat = view_for(live.state, None)["waiting_on"][0]["seat"]
    action = view_for(live.state, seat)["legal_actions"][0]
    moves = service.roles.moves
    assert await moves.play(code, seat, action_from_json(action), live.version, client_id)
    return Played(live.game_id, live.version, seat, action, client_id)


async def frames(conn: Connection) -> list[JSON]:
    """The frames sent to a socket since the last call, decoded (once its outbox is sent)."""
    await conn.finished()
    socket = conn.websocket
    assert isinstance(socket, Socket)
    new, socket.read = socket.sent[socket.read:], len(socket.sent)
    return [json.loads(text) for text in new]
