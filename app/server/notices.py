"""What the processes serving one database tell each other, as the app sees it: the notices,
the `Bus` protocol and `LocalBus` (one process). `PostgresBus` (bus.py) and `NatsBus`
(nats_bus.py) carry them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any, Protocol

from .presence import Census, Presence, PresenceBoard


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
    WELCOME = "welcome"  # the reply to a hello (to: its origin), which then catches up
    ASK = "ask"  # a process began holding a room: its holders tell their presence there again
    HELD = "held"  # a holder with no socket in the room answers an ask (sharing.py)
    CENSUS = "census"  # who is in a room this process does not hold? (its holders answer)


@dataclass(frozen=True, slots=True)
class Played:
    """A committed move as announced: enough for another process to apply it itself."""

    game_id: int
    version: int  # the game's version with the move in
    seat: int
    action: dict[str, Any]
    client_id: str
    by: str | None = None  # a `By` when the server made the move for a person's seat

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (`Played(**it)` reads it back)."""
        return asdict(self)


class Remote(Protocol):
    """What the bus hands this process (the app implements it)."""

    async def moved(self, code: str, played: Played) -> None:
        """Another process committed a move of the room's game."""

    async def notice(self, code: str, notice: Notice, data: dict[str, Any]) -> None:
        """Another process announced a change of the room."""

    async def gap(self) -> None:
        """Announcements may have been missed (a lost connection): resync every room."""

    async def stale(self) -> None:
        """A process died, perhaps between a commit and its notice: catch every room up from
        the database."""

    def away(self, code: str) -> dict[int, float]:
        """Seconds each seat missing from the room's presence has been away, as seen here."""

    def here(self, code: str) -> Presence:
        """This process's own sockets in the room, now."""


Before = Sequence[tuple[Notice, dict[str, Any]]]


class Bus(Protocol):
    """How the processes that serve one database tell each other what happened."""

    board: PresenceBoard  # the other processes' sockets per room
    every_room: bool  # every room's notices are heard here, whether this process holds it or not

    def moved(self, code: str, played: Played, before: Before = ()) -> None:
        """Announce a committed move after the notices `before` it (e.g. the clock's timeout
        that made it), in order with this process's other notices; returns at once."""

    async def announce(self, code: str, notice: Notice, data: dict[str, Any]) -> None:
        """Announce a committed change of a room; sent when this returns."""

    async def hold(self, code: str) -> None:
        """This process holds the room (sockets, or its computer players): it hears the room's
        notices from the moment this returns, so a read of the room made after it misses
        nothing."""

    async def release(self, code: str) -> None:
        """This process holds the room no more: it may stop hearing its notices."""

    async def census(self, code: str) -> Census:
        """The other processes' sockets in the room: the board's when this process hears the
        room's presence (it holds the room, or the bus carries every room), else asked of
        the room's holders."""

    async def start(self, remote: Remote) -> None:
        """Begin handing the other processes' announcements to `remote`."""

    async def close(self) -> None:
        """Stop."""


class LocalBus:
    """One process (SQLite, or a single worker): there is nobody else to tell."""

    every_room = True  # nothing to miss: there is no other process

    def __init__(self) -> None:
        self.board = PresenceBoard()  # always empty: no other process

    def moved(self, code: str, played: Played, before: Before = ()) -> None:
        """Nothing to announce."""

    async def announce(self, code: str, notice: Notice, data: dict[str, Any]) -> None:
        """Nothing to announce."""

    async def hold(self, code: str) -> None:
        """Nothing to hear."""

    async def release(self, code: str) -> None:
        """Nothing to hear."""

    async def census(self, code: str) -> Census:
        """Nobody else."""
        return Census()

    async def start(self, remote: Remote) -> None:
        """Nothing to hear."""

    async def close(self) -> None:
        """Nothing to stop."""
