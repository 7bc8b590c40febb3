"""REST: rooms, seats, start, rematch and the visible log (documented in docs/protocol.md)."""

from __future__ import annotations

from functools import partial

from fastapi import APIRouter, status

from .deps import RolesDep, TokenDep
from .errors import ErrorCode, ServiceError
from .publish import lobby_of, room_link
from .schemas import (
    AddBot,
    ClaimSeat,
    CreateRoom,
    Lobby,
    Rematch,
    SeatToken,
    error_responses,
)
from .scores import SeatOrder

ERRORS = error_responses(400, 401, 403, 404, 409, 413, 422, 429, 503)
router = APIRouter(prefix="/api", responses=ERRORS)


@router.post("/rooms", status_code=status.HTTP_201_CREATED)
async def create_room(body: CreateRoom, roles: RolesDep) -> SeatToken:
    """Open a room with its options and seat the host; share the returned link."""
    code, token = await roles.rooms.create_room(body.options, body.name, body.seat)
    return SeatToken(code=code, seat=body.seat, token=token, link=room_link(code))


@router.get("/rooms/{code}")
async def read_lobby(code: str, roles: RolesDep) -> Lobby:
    """A room's public lobby state: options, seats, presence, the current game's status."""
    return lobby_of(await roles.reads.room(code), await roles.presence(code))


@router.post("/rooms/{code}/seats", status_code=status.HTTP_201_CREATED)
async def claim_seat(code: str, body: ClaimSeat, roles: RolesDep) -> SeatToken:
    """Claim the Creature's or a Hunted's seat with a display name; keep the token."""
    token = await roles.rooms.claim_seat(code, body.seat, body.name)
    await roles.lobby_changed(code, before_start=True)
    return SeatToken(code=code, seat=body.seat, token=token, link=room_link(code))


@router.delete("/rooms/{code}/seats/me", status_code=status.HTTP_204_NO_CONTENT)
async def leave_seat(code: str, token: TokenDep, roles: RolesDep) -> None:
    """Give one's seat back before the start."""
    await roles.rooms.leave_seat(code, token)
    await roles.lobby_changed(code, before_start=True)


@router.post("/rooms/{code}/seats/{seat}/bot", status_code=status.HTTP_201_CREATED)
async def add_bot(code: str, seat: int, body: AddBot, token: TokenDep, roles: RolesDep) -> Lobby:
    """Host only, before the start: a computer player takes this free seat."""
    await roles.rooms.add_bot(code, token, seat, body.kind)
    await roles.lobby_changed(code, before_start=True)
    return await read_lobby(code, roles)


@router.post("/rooms/{code}/seats/{seat}/replace")
async def replace_with_bot(code: str, seat: int, token: TokenDep, roles: RolesDep) -> Lobby:
    """Host only: a computer plays for a player gone longer than the grace period; the
    player gets the seat back by reconnecting with their token."""
    absent = roles.hub.absent_for(code, seat, await roles.bus.census(code))
    grace = roles.settings.grace_seconds
    if absent is None or absent < grace:
        raise ServiceError(ErrorCode.STILL_CONNECTED,
                           f"A player may be replaced after {grace:g} s away.")
    await roles.rooms.replace_with_bot(code, token, seat)
    await roles.lobby_changed(code)
    return await read_lobby(code, roles)


@router.post("/rooms/{code}/start")
async def start_game(code: str, token: TokenDep, roles: RolesDep) -> Lobby:
    """Host only: start the game with the seats taken (empty Hunted seats are dropped)."""
    # The answer is the room as the start's own transaction left it: read again, it could
    # meet a busy database and say `busy` of a game that has started.
    room = await roles.new_game(code, partial(roles.rooms.start, code, token))
    return lobby_of(room, await roles.presence(code))


@router.post("/rooms/{code}/rematch")
async def rematch(code: str, token: TokenDep, roles: RolesDep,
                  body: Rematch | None = None) -> Lobby:
    """Host only, after the end: a new game, the seats kept or rotated (`{"seats": "rotate"}`:
    Hunted 1 becomes the Creature, the Creature the last Hunted)."""
    order = SeatOrder((body or Rematch()).seats)
    room = await roles.new_game(code, partial(roles.rooms.rematch, code, token, order))
    return lobby_of(room, await roles.presence(code))


@router.get("/health")
async def health() -> dict[str, str]:
    """Liveness probe."""
    return {"status": "ok"}


__all__ = ["ServiceError", "router"]
