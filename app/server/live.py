"""A room's live game: the state and version a process holds in memory, and how it is
rebuilt from the database (the last snapshot, then the later actions replayed)."""

from __future__ import annotations

from dataclasses import dataclass, field

from app.engine import GameState, action_from_json, apply_action

from . import gamestore as store
from .db import UnitOfWork
from .errors import ErrorCode, ServiceError
from .reads import RoomInfo


@dataclass(slots=True)
class LiveGame:
    """A room's current game as this process holds it."""

    code: str
    game_id: int
    version: int
    state: GameState
    snapshot_version: int
    # Each seat's view at `sent_version` as its update was encoded, field by field: what the
    # next update's patches leave out (publish.py).
    sent: dict[int | None, dict[str, bytes]] = field(default_factory=dict)
    sent_version: int = -1

    @property
    def over(self) -> bool:
        """True once the game has an outcome."""
        return bool(self.state.winner)


@dataclass(frozen=True, slots=True)
class NewGame:
    """What a start or a rematch made: the room as it left it, and its game as written (at
    version 0), to be held live without reading it back."""

    room: RoomInfo
    live: LiveGame


async def load(uow: UnitOfWork, code: str) -> LiveGame | None:
    """The last snapshot, then the later actions replayed through the engine."""
    async with uow.move(code) as connection:
        try:
            stored = await store.load(connection, code)
        except KeyError as exc:
            raise ServiceError(ErrorCode.UNKNOWN_ROOM) from exc
    return None if stored is None else from_stored(code, stored)


def from_stored(code: str, stored: store.StoredGame) -> LiveGame:
    """The live game of a stored one: its snapshot, then its later actions replayed."""
    state = GameState.from_json(stored.snapshot)
    for row in stored.later:
        state, _ = apply_action(state, row.seat, action_from_json(row.action))
    return LiveGame(code, stored.game_id, stored.version, state, stored.snapshot_version)
