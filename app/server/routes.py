"""REST: rooms, seats, start, rematch and the visible log (documented in docs/protocol.md)."""

from __future__ import annotations

from fastapi import APIRouter, status

from .deps import AutoplayDep, HubDep, OptionalTokenDep, ServiceDep, SettingsDep, TokenDep
from .errors import ErrorCode, ServiceError
from .hub import Hub
from .schemas import (
    AddBot,
    ClaimSeat,
    CreateRoom,
    ErrorOut,
    Lobby,
    LogOut,
    Rematch,
    SeatToken,
)
from .scores import SeatOrder
from .service import GameService
from .sync import build_lobby, resync_room, room_link

ERRORS: dict[int | str, dict[str, object]] = {
    code: {"model": ErrorOut} for code in (400, 401, 403, 404, 409, 413, 422, 429)
}
router = APIRouter(prefix="/api", responses=ERRORS)


@router.post("/rooms", status_code=status.HTTP_201_CREATED)
async def create_room(body: CreateRoom, service: ServiceDep) -> SeatToken:
    """Open a room with its options and seat the host; share the returned link."""
    code, token = await service.create_room(body.options, body.name, body.seat)
    return SeatToken(code=code, seat=body.seat, token=token, link=room_link(code))


@router.get("/rooms/{code}")
async def read_lobby(code: str, service: ServiceDep, hub: HubDep) -> Lobby:
    """A room's public lobby state: options, seats, presence, the current game's status."""
    return await build_lobby(service, hub, code)


@router.post("/rooms/{code}/seats", status_code=status.HTTP_201_CREATED)
async def claim_seat(code: str, body: ClaimSeat, service: ServiceDep, hub: HubDep) -> SeatToken:
    """Claim the Creature's or a Hunted's seat with a display name; keep the token."""
    token = await service.claim_seat(code, body.seat, body.name)
    await _lobby_changed(service, hub, code)
    return SeatToken(code=code, seat=body.seat, token=token, link=room_link(code))


@router.delete("/rooms/{code}/seats/me", status_code=status.HTTP_204_NO_CONTENT)
async def leave_seat(code: str, token: TokenDep, service: ServiceDep, hub: HubDep) -> None:
    """Give one's seat back before the start."""
    await service.leave_seat(code, token)
    await _lobby_changed(service, hub, code)


@router.post("/rooms/{code}/seats/{seat}/bot", status_code=status.HTTP_201_CREATED)
async def add_bot(code: str, seat: int, body: AddBot, token: TokenDep, service: ServiceDep,
                  hub: HubDep) -> Lobby:
    """Host only, before the start: a computer player takes this free seat."""
    await service.add_bot(code, token, seat, body.kind)
    await _lobby_changed(service, hub, code)
    return await build_lobby(service, hub, code)


@router.post("/rooms/{code}/seats/{seat}/replace")
async def replace_with_bot(code: str, seat: int, token: TokenDep, service: ServiceDep,
                           hub: HubDep, autoplay: AutoplayDep, settings: SettingsDep) -> Lobby:
    """Host only: a computer plays for a player gone longer than the grace period; the
    player gets the seat back by reconnecting with their token."""
    absent = hub.absent_for(code, seat)
    if absent is None or absent < settings.grace_seconds:
        raise ServiceError(ErrorCode.STILL_CONNECTED,
                           f"A player may be replaced after {settings.grace_seconds:g} s away.")
    await service.replace_with_bot(code, token, seat)
    await _lobby_changed(service, hub, code)
    autoplay.kick(code)
    return await build_lobby(service, hub, code)


@router.post("/rooms/{code}/start")
async def start_game(code: str, token: TokenDep, service: ServiceDep, hub: HubDep,
                     autoplay: AutoplayDep) -> Lobby:
    """Host only: start the game with the seats taken (empty Hunted seats are dropped)."""
    await service.start(code, token)
    await resync_room(service, hub, code)
    autoplay.kick(code)
    return await build_lobby(service, hub, code)


@router.post("/rooms/{code}/rematch")
async def rematch(code: str, token: TokenDep, service: ServiceDep, hub: HubDep,
                  autoplay: AutoplayDep, body: Rematch | None = None) -> Lobby:
    """Host only, after the end: a new game, the seats kept or rotated (`{"seats": "rotate"}`:
    Hunted 1 becomes the Creature, the Creature the last Hunted)."""
    await service.rematch(code, token, SeatOrder((body or Rematch()).seats))
    await resync_room(service, hub, code)
    autoplay.kick(code)
    return await build_lobby(service, hub, code)


@router.get("/rooms/{code}/log")
async def read_log(code: str, service: ServiceDep, token: OptionalTokenDep = None) -> LogOut:
    """The current game's events that the bearer's seat may see (no token: a spectator's)."""
    seat = None
    if token is not None:
        seat = (await service.identify(code, token)).seat
    version, events = await service.visible_events(code, seat)
    return LogOut(version=version, events=events)


@router.get("/health")
async def health() -> dict[str, str]:
    """Liveness probe."""
    return {"status": "ok"}


async def _lobby_changed(service: GameService, hub: Hub, code: str) -> None:
    lobby = await build_lobby(service, hub, code)
    hub.broadcast(code, {"type": "lobby", "lobby": lobby.model_dump()})


__all__ = ["ServiceError", "router"]
