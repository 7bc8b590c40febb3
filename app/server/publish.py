"""The one publish path: every frame a socket may receive leaves through a `Publisher`.

Local delivery goes through the hub, each frame encoded once per audience; other processes
hear through a `Bus` (`LocalBus`: one process, nothing to tell). A move's announcement is made
inside the move's transaction (delivered on commit, never on rollback); the rest after commit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncConnection

from app.engine import Event, GameState, view_for

from .frames import (
    ChatFrame,
    ChatLine,
    EventOut,
    Frame,
    LobbyFrame,
    OwnUpdateFrame,
    Presence,
    PresenceFrame,
    TimeoutFrame,
    UpdateFrame,
)
from .hub import Connection, Hub
from .reads import Reads, RoomInfo
from .schemas import GameOut, Lobby, SeatOut


class Notice(StrEnum):
    """What one process tells the others about a room, besides its moves."""

    LOBBY = "lobby"  # seats, bots or the game's status changed: send the lobby
    GAME = "game"  # a game started (or a rematch): re-identify and resync every socket
    CHAT = "chat"  # a chat line (data: the line)
    PRESENCE = "presence"  # a socket came or went
    TIMEOUT = "timeout"  # a clock ran out (data: seat, version)


class Remote(Protocol):
    """What a bus delivers into this process (implemented by the roles, see roles.py)."""

    async def moved(self, code: str, version: int) -> None:
        """Another process committed `version` of the room's game."""

    async def notice(self, code: str, notice: Notice, data: dict[str, Any]) -> None:
        """Another process announced a change of the room."""

    async def gap(self) -> None:
        """Announcements may have been missed (a lost connection): resync every room."""


class Bus(Protocol):
    """How the processes that serve one database tell each other what happened."""

    async def moved(self, connection: AsyncConnection, code: str, version: int, seat: int,
                    client_id: str) -> None:
        """Announce a move inside its transaction: delivered on commit only, in order."""

    async def announce(self, code: str, notice: Notice, data: dict[str, Any]) -> None:
        """Announce a committed change of a room to the other processes."""

    async def start(self, remote: Remote) -> None:
        """Begin delivering the other processes' announcements to `remote`."""

    async def close(self) -> None:
        """Stop."""


class LocalBus:
    """One process (SQLite, or a single worker): there is nobody else to tell."""

    async def moved(self, connection: AsyncConnection, code: str, version: int, seat: int,
                    client_id: str) -> None:
        """Nothing to announce."""

    async def announce(self, code: str, notice: Notice, data: dict[str, Any]) -> None:
        """Nothing to announce."""

    async def start(self, remote: Remote) -> None:
        """Nothing to hear."""

    async def close(self) -> None:
        """Nothing to stop."""


def room_link(code: str) -> str:
    """The path of the shared link to a room."""
    return f"/r/{code}"


def lobby_of(room: RoomInfo, presence: Presence) -> Lobby:
    """The public lobby of a room, with who is connected."""
    seats = {s.number: s for s in room.seats}
    connected = set(presence.seats)
    count = room.options["hunted"] if room.game is None else room.game.hunted
    seat_list = [SeatOut(seat=n, role="creature" if n == 0 else "hunted",
                         name=seats[n].name if n in seats else None, connected=n in connected,
                         host=n == room.host_seat, bot=seats[n].bot if n in seats else None)
                 for n in range(count + 1)]
    game = None
    if room.game is not None:
        game = GameOut(number=room.game.number, version=room.game.version,
                       status="over" if room.game.over else "active",
                       outcome=room.game.outcome)
    return Lobby(code=room.code, link=room_link(room.code), options=room.options,
                 seats=seat_list, started=game is not None, game=game)


def update_frame(version: int, state: GameState, events: Sequence[Event], seat: int | None,
                 client_id: str | None) -> UpdateFrame:
    """The `update` one seat receives for one committed action."""
    view = view_for(state, seat)
    seen = [EventOut(seq=version, kind=e.kind, data=e.data) for e in events if e.visible_to(seat)]
    if client_id is not None:
        return OwnUpdateFrame(version=version, view=view, events=seen, client_id=client_id)
    return UpdateFrame(version=version, view=view, events=seen)


class Publisher:
    """Sends frames to this process's sockets and announces changes to the others."""

    def __init__(self, hub: Hub, reads: Reads, bus: Bus) -> None:
        self.hub, self.reads, self.bus = hub, reads, bus
        self.watchers: list[Callable[[str], None]] = []  # told of each published move

    def update(self, code: str, version: int, state: GameState, events: Sequence[Event],
               client_id: str, actor: int) -> None:
        """After a commit: each socket gets its seat's view; one encoding per audience."""
        texts: dict[tuple[int | None, bool], str] = {}
        for conn in self.hub.connections(code):
            own = conn.seat == actor
            text = texts.get((conn.seat, own))
            if text is None:
                frame = update_frame(version, state, events, conn.seat, client_id if own else None)
                text = texts[(conn.seat, own)] = frame.encode()
            conn.send(text)
        for watcher in self.watchers:
            watcher(code)

    def to_room(self, code: str, frame: Frame) -> None:
        """The same frame to every socket of the room here, encoded once."""
        text = frame.encode()
        for conn in self.hub.connections(code):
            conn.send(text)

    def to_seat(self, code: str, seats: set[int], frame: Frame) -> None:
        """A frame to the sockets of some seats only."""
        text = frame.encode()
        for conn in self.hub.connections(code):
            if conn.seat in seats:
                conn.send(text)

    @staticmethod
    def send(conn: Connection, frame: Frame) -> None:
        """A frame to one socket."""
        conn.send(frame.encode())

    async def lobby(self, code: str, *, announce: bool = True) -> Lobby:
        """Send the room's current lobby to its sockets (and tell the other processes)."""
        lobby = lobby_of(await self.reads.room(code), self.hub.presence(code))
        self.to_room(code, LobbyFrame(lobby=lobby))
        if announce:
            await self.bus.announce(code, Notice.LOBBY, {})
        return lobby

    async def presence(self, code: str, *, announce: bool = True) -> None:
        """Tell the room who is connected."""
        self.to_room(code, PresenceFrame(presence=self.hub.presence(code)))
        if announce:
            await self.bus.announce(code, Notice.PRESENCE, {})

    async def chat(self, code: str, line: ChatLine, *, announce: bool = True) -> None:
        """A chat line to the whole room."""
        self.to_room(code, ChatFrame(line=line))
        if announce:
            await self.bus.announce(code, Notice.CHAT, line.model_dump())

    async def timeout(self, code: str, seat: int, version: int, *,
                      announce: bool = True) -> None:
        """A seat's clock ran out (sent before the bot's move is committed and published)."""
        self.to_room(code, TimeoutFrame(seat=seat, version=version))
        if announce:
            await self.bus.announce(code, Notice.TIMEOUT, {"seat": seat, "version": version})

    async def game(self, code: str) -> None:
        """A game started here: the other processes resync their sockets of the room."""
        await self.bus.announce(code, Notice.GAME, {})
