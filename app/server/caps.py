"""Admission caps, checked when a socket opens, before any work is done for it: open sockets per
client address and per room (whether authenticated or not), and spectators per room."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .errors import ErrorCode, ServiceError
from .settings import Settings


@dataclass
class Admissions:
    """One process's open sockets, counted by client address and by room."""

    by_address: Counter[str] = field(default_factory=Counter)
    by_room: Counter[str] = field(default_factory=Counter)

    def enter(self, address: str, code: str, settings: Settings) -> None:
        """Count a new socket in, or refuse it (`too_many_sockets`, `room_full`)."""
        if self.by_address[address] >= settings.sockets_per_address:
            raise ServiceError(ErrorCode.TOO_MANY_SOCKETS,
                               f"At most {settings.sockets_per_address} per address.")
        if self.by_room[code] >= settings.sockets_per_room:
            raise ServiceError(ErrorCode.ROOM_FULL,
                               f"At most {settings.sockets_per_room} sockets per room.")
        self.by_address[address] += 1
        self.by_room[code] += 1

    def leave(self, address: str, code: str) -> None:
        """Count a socket that `enter` let in out again."""
        for counter, key in ((self.by_address, address), (self.by_room, code)):
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]


def check_spectators(watching: int, settings: Settings) -> None:
    """Refuse one more spectator when the room already has as many as it takes."""
    if watching >= settings.spectators_per_room:
        raise ServiceError(ErrorCode.ROOM_FULL,
                           f"At most {settings.spectators_per_room} spectators per room.")
