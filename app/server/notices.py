"""What the processes serving one database tell each other, as the app sees it: the notices,
the `Bus` protocol and `LocalBus` (one process). `PostgresBus` (bus.py) carries them."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncConnection

from .presence import PresenceBoard


class Notice(StrEnum):
    """What one process tells the others about a room, besides its moves."""

    LOBBY = "lobby"  # seats, bots or the game's status changed: send the lobby
    GAME = "game"  # a game started (or a rematch): re-identify and resync every socket
    CHAT = "chat"  # a chat line (data: the line)
    WHISPER = "whisper"  # a whisper (data: the line), for its two seats only
    PRESENCE = "presence"  # the sockets in the room changed (data: the origin's own sockets)
    TIMEOUT = "timeout"  # a clock ran out (data: seat, version), just before the bot's move
    AUTO_PASS = "auto_pass"  # a seat's auto-pass mode changed (data: seat, mode)
    RESYNC = "resync"  # a notice too big to send: resync the room's sockets instead


NOTICES = frozenset(notice.value for notice in Notice)


class Control(StrEnum):
    """The bus's own notices, about processes rather than rooms."""

    MOVE = "move"
    ALIVE = "alive"  # a heartbeat
    HELLO = "hello"  # a process (re)started listening: tell it your presence again


class Remote(Protocol):
    """What the bus hands this process (the app implements it)."""

    async def moved(self, code: str, version: int) -> None:
        """Another process committed `version` of the room's game."""

    async def notice(self, code: str, notice: Notice, data: dict[str, Any]) -> None:
        """Another process announced a change of the room."""

    async def gap(self) -> None:
        """Announcements may have been missed (a lost connection): resync every room."""


Before = Sequence[tuple[Notice, dict[str, Any]]]


class Bus(Protocol):
    """How the processes that serve one database tell each other what happened."""

    board: PresenceBoard  # the other processes' sockets per room

    async def moved(self, connection: AsyncConnection, code: str, version: int, seat: int,
                    client_id: str, before: Before = ()) -> None:
        """Announce a move inside its transaction (delivered on commit only, in order), after
        the notices `before` it (e.g. the clock's timeout that made the move)."""

    def move_notices(self, code: str, version: int, seat: int, client_id: str,
                     before: Before = ()) -> list[str]:
        """The NOTIFY payloads of a move, for a move log that sends them itself."""

    async def announce(self, code: str, notice: Notice, data: dict[str, Any]) -> None:
        """Announce a committed change of a room; sent when this returns."""

    async def start(self, remote: Remote) -> None:
        """Begin handing the other processes' announcements to `remote`."""

    async def close(self) -> None:
        """Stop."""


class LocalBus:
    """One process (SQLite, or a single worker): there is nobody else to tell."""

    def __init__(self) -> None:
        self.board = PresenceBoard()  # always empty: no other process

    async def moved(self, connection: AsyncConnection, code: str, version: int, seat: int,
                    client_id: str, before: Before = ()) -> None:
        """Nothing to announce."""

    def move_notices(self, code: str, version: int, seat: int, client_id: str,
                     before: Before = ()) -> list[str]:
        """Nothing to send."""
        return []

    async def announce(self, code: str, notice: Notice, data: dict[str, Any]) -> None:
        """Nothing to announce."""

    async def start(self, remote: Remote) -> None:
        """Nothing to hear."""

    async def close(self) -> None:
        """Nothing to stop."""
