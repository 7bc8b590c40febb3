"""Full-picture messages: the lobby, and a seat's `sync` (view, recent events, chat, presence)."""

from __future__ import annotations

from typing import Any

from app.engine import view_for

from .errors import ServiceError
from .hub import Connection, Hub
from .schemas import GameOut, Lobby, SeatOut
from .service import GameService

RECENT_ACTIONS = 30  # a sync carries the visible events of the last actions


def room_link(code: str) -> str:
    """The path of the shared link to a room."""
    return f"/r/{code}"


async def build_lobby(service: GameService, hub: Hub, code: str) -> Lobby:
    """The public lobby of a room, with who is connected."""
    room, seats, game, number = await service.lobby(code)
    names = {s.number: s.name for s in seats}
    bots = {s.number: s.bot for s in seats}
    connected = set(hub.presence(code)["seats"])
    count = room.options["hunted"] if game is None else game.config["hunted"]
    seat_list = [SeatOut(seat=n, role="creature" if n == 0 else "hunted", name=names.get(n),
                         connected=n in connected, host=n == room.host_seat,
                         bot=bots.get(n))
                 for n in range(count + 1)]
    game_out = None
    if game is not None:
        snapshot = game.snapshot
        result = ({"winner": snapshot["winner"], "reason": snapshot["reason"]}
                  if snapshot.get("winner") else None)
        game_out = GameOut(number=number, version=game.version,
                           status="over" if game.status == "over" else "active", outcome=result)
    return Lobby(code=room.code, link=room_link(room.code), options=room.options,
                 seats=seat_list, started=game is not None, game=game_out)


async def sync_message(service: GameService, hub: Hub, conn: Connection) -> dict[str, Any]:
    """Everything a connection needs to draw its table from scratch."""
    snapshot = await service.current(conn.code)
    lobby = await build_lobby(service, hub, conn.code)
    message: dict[str, Any] = {
        "type": "sync",
        "seat": conn.seat,
        "lobby": lobby.model_dump(),
        "presence": hub.presence(conn.code),
        "chat": await service.recent_chat(conn.code),
        "version": 0,
        "view": None,
        "events": [],
    }
    if snapshot is not None:
        _, events = await service.visible_events(conn.code, conn.seat, RECENT_ACTIONS)
        message.update(version=snapshot.version, view=view_for(snapshot.state, conn.seat),
                       events=events)
    return message


async def resync_room(service: GameService, hub: Hub, code: str) -> None:
    """After a start or rematch: seats may be renumbered, so re-identify and resync everyone."""
    for conn in hub.connections(code):
        if conn.token is not None:
            try:
                who = await service.identify(code, conn.token)
            except ServiceError:  # its seat was given back: the socket watches from now on
                conn.token, conn.seat, conn.name = None, None, ""
            else:
                conn.seat, conn.name = who.seat, who.name
        conn.send(await sync_message(service, hub, conn))
