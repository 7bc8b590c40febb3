"""The room websocket: authenticate first, then act, resync, chat; every error has a code."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import TypeAdapter, ValidationError

from app.engine.frozen_survival import whisper_partners

from .caps import check_spectators
from .errors import ErrorCode, ServiceError
from .hub import Connection, Hub, TokenBucket
from .schemas import ActMessage, AuthMessage, ChatMessageIn, ClientMessage, WatchMessage
from .service import GameService
from .settings import Settings
from .sync import build_lobby, sync_message

router = APIRouter()
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def error_message(error: ServiceError) -> dict[str, Any]:
    """The `error` frame."""
    return {"type": "error", **error.to_json()}


@router.websocket("/ws/rooms/{code}")
async def room_socket(websocket: WebSocket, code: str) -> None:
    """One client's socket for one room."""
    app = websocket.app
    service: GameService = app.state.service
    hub: Hub = app.state.hub
    settings: Settings = app.state.settings
    await websocket.accept()
    conn = Connection(websocket, code)
    writer = conn.start()
    bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
    address = websocket.client.host if websocket.client else ""
    admitted = False
    try:
        hub.admissions.enter(address, code, settings)  # the caps, before any work
        admitted = True
        await service.lobby(code)  # an unknown room is refused before anything else
        while not conn.closing:
            raw = await _receive(websocket)
            try:
                await _handle(conn, raw, bucket, service, hub, settings)
            except ServiceError as error:
                conn.send(error_message(error))
    except ServiceError as error:
        conn.send(error_message(error))
        conn.close()
    except WebSocketDisconnect:
        pass
    finally:
        if admitted:
            hub.admissions.leave(address, code)
        was_seated = conn.authenticated
        hub.leave(conn)
        conn.close()
        await asyncio.wait({writer})  # ended, or cancelled when the socket fell too far behind
        if was_seated:
            hub.broadcast(code, {"type": "presence", "presence": hub.presence(code)})


async def _receive(websocket: WebSocket) -> str | bytes:
    """The next frame: text, or the bytes of a binary frame (refused later, with a code)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text: str | None = message.get("text")
    return text if text is not None else bytes(message.get("bytes") or b"")


async def _handle(conn: Connection, raw: str | bytes, bucket: TokenBucket,
                  service: GameService, hub: Hub, settings: Settings) -> None:
    """Check size, rate and shape, then dispatch one client message."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode())
    if size > settings.max_message_bytes:
        raise ServiceError(ErrorCode.TOO_LARGE, f"The limit is {settings.max_message_bytes} bytes.")
    if not bucket.allow():
        raise ServiceError(ErrorCode.RATE_LIMITED)
    if isinstance(raw, bytes):
        raise ServiceError(ErrorCode.BAD_MESSAGE, "Send JSON in text frames.")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:  # RecursionError: nesting like [[[[…]]]]
        raise ServiceError(ErrorCode.BAD_JSON) from exc
    try:
        message = CLIENT_MESSAGE.validate_python(data)
    except ValidationError as exc:
        raise ServiceError(ErrorCode.BAD_MESSAGE, _first_problem(exc)) from exc
    if isinstance(message, AuthMessage | WatchMessage):
        if isinstance(message, WatchMessage) and not conn.authenticated:
            check_spectators(hub.presence(conn.code)["spectators"], settings)
        await _authenticate(conn, message, service, hub)
        return
    if not conn.authenticated:
        raise ServiceError(ErrorCode.UNAUTHENTICATED)
    if isinstance(message, ActMessage):
        await _act(conn, message, service, hub)
    elif isinstance(message, ChatMessageIn):
        await _chat(conn, message, service, hub)
    elif message.type == "resync":
        conn.send(await sync_message(service, hub, conn))
    else:
        conn.send({"type": "pong"})


async def _authenticate(conn: Connection, message: AuthMessage | WatchMessage,
                        service: GameService, hub: Hub) -> None:
    if conn.authenticated:
        raise ServiceError(ErrorCode.BAD_MESSAGE, "This socket is already authenticated.")
    returned = False
    if isinstance(message, AuthMessage):
        who = await service.identify(conn.code, message.token)
        conn.token, conn.seat, conn.name = message.token, who.seat, who.name
        returned = await service.take_seat_back(conn.code, message.token)
    conn.authenticated = True
    hub.join(conn)
    conn.send(await sync_message(service, hub, conn))
    hub.broadcast(conn.code, {"type": "presence", "presence": hub.presence(conn.code)})
    if returned:  # a replaced player is back: the bot stands down
        lobby = await build_lobby(service, hub, conn.code)
        hub.broadcast(conn.code, {"type": "lobby", "lobby": lobby.model_dump()})
    if hub.after_publish is not None:
        hub.after_publish(conn.code)  # (re)start the room's bots and clocks, e.g. after a restart


async def _act(conn: Connection, message: ActMessage, service: GameService, hub: Hub) -> None:
    if conn.token is None:
        raise ServiceError(ErrorCode.NOT_YOUR_TURN, "Spectators only watch.")
    # One room's moves are committed and published in order within this process.
    async with hub.locks[conn.code]:
        try:
            committed = await service.submit(conn.code, conn.token, message.action,
                                             message.version, message.client_id)
        except ServiceError as error:
            conn.send(error_message(error))
            if error.code in (ErrorCode.STALE_VERSION, ErrorCode.GAME_OVER):
                conn.send(await sync_message(service, hub, conn))
            return
        if committed.duplicate:  # a retry of a move already made: just show where we are
            conn.send(await sync_message(service, hub, conn))
            return
        hub.publish(conn.code, committed, message.client_id, conn.seat or 0)


async def _chat(conn: Connection, message: ChatMessageIn, service: GameService,
                hub: Hub) -> None:
    if conn.token is None:
        raise ServiceError(ErrorCode.NOT_YOUR_TURN, "Spectators cannot chat.")
    if message.to is not None:
        await _whisper(conn, message.text, message.to, service, hub)
        return
    line = await service.chat(await service.identify(conn.code, conn.token), message.text)
    hub.broadcast(conn.code, {"type": "chat", "line": line})


async def _whisper(conn: Connection, text: str, to: int, service: GameService,
                   hub: Hub) -> None:
    """Whisper (Frozen Lands): a private line between two Hunted, never stored, never shown to
    anyone else; allowed only while the engine says the card is in effect for both."""
    snapshot = await service.current(conn.code)
    if (snapshot is None or conn.seat is None
            or to not in whisper_partners(snapshot.state, conn.seat)):
        raise ServiceError(ErrorCode.NOT_YOUR_TURN, "You may not whisper to that seat now.")
    line = {"seat": conn.seat, "name": conn.name, "text": text, "to": to}
    for other in hub.connections(conn.code):
        if other.seat in (conn.seat, to):
            other.send({"type": "whisper", "line": line})


def _first_problem(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(p) for p in error["loc"])
    return f"{where}: {error['msg']}" if where else str(error["msg"])
