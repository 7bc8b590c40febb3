"""The room websocket: authenticate first, then act, resync, chat; every error has a code."""

from __future__ import annotations

import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import TypeAdapter, ValidationError
from sqlalchemy.exc import SQLAlchemyError

from app.engine import may_whisper

from . import metrics
from .caps import check_spectators
from .db import busy, unavailable
from .errors import ErrorCode, ServiceError
from .frames import PONG, ErrorFrame, PlayedForYouFrame, WhisperLine
from .hub import Connection, TokenBucket
from .reads import SeatIdentity
from .roles import Roles
from .schemas import (
    ActMessage,
    AuthMessage,
    AutoPassMessage,
    ChatMessageIn,
    ClientMessage,
    ResyncMessage,
    WatchMessage,
)
from .settings import AutoPass, Settings

log = logging.getLogger(__name__)
router = APIRouter()
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)
TAKE_BACK_ATTEMPTS = 3  # a seat taken back from its computer that a computer took again


def error_text(error: ServiceError) -> str:
    """The encoded `error` frame."""
    return ErrorFrame.of(error).encode()


@router.websocket("/ws/rooms/{code}")
async def room_socket(websocket: WebSocket, code: str) -> None:
    """One client's socket for one room."""
    roles: Roles = websocket.app.state.roles
    settings = roles.settings
    await websocket.accept()
    conn = Connection(websocket, code)
    bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
    address = websocket.client.host if websocket.client else ""
    admitted = False
    metrics.socket_opened()
    try:
        roles.hub.admissions.enter(address, code, settings)  # the caps, before any work
        admitted = True
        await roles.reads.room_exists(code)  # an unknown room is refused before anything else
        while not conn.closing:
            raw = await _receive(websocket)
            try:
                await _handle(conn, raw, bucket, roles, settings)
            except ServiceError as error:
                conn.send(error_text(error))
    except ServiceError as error:
        conn.send(error_text(error))
        conn.close()
    except WebSocketDisconnect:
        pass
    except SQLAlchemyError as exc:  # no connection when the socket opened (others are busy)
        _closing(conn, busy() if unavailable(exc) else ServiceError(ErrorCode.INTERNAL), exc)
    except Exception as exc:  # a bug: the socket is told and closed, never left hanging
        _closing(conn, ServiceError(ErrorCode.INTERNAL), exc)
    finally:
        if admitted:
            roles.hub.admissions.leave(address, code)
        metrics.socket_closed()
        await _leave(conn, roles)
        await conn.finished()  # sent, or dropped when the socket fell too far behind


def _closing(conn: Connection, error: ServiceError, exc: Exception) -> None:
    """Tell the socket why it closes, then close it (the log keeps a bug's traceback)."""
    if error.code is not ErrorCode.BUSY:
        log.error("socket of room %s failed", conn.code, exc_info=exc)
    conn.send(error_text(error))
    conn.close()


async def _leave(conn: Connection, roles: Roles) -> None:
    """Forget the socket; the room hears who is left; an unwatched room's cache goes."""
    roles.hub.leave(conn)
    conn.close()
    if conn.authenticated:
        roles.publisher.presence(conn.code)
        roles.autoplay.kick(conn.code)  # a seat may have gone: its grace period starts
    if not roles.hub.connections(conn.code) and not roles.autoplay.running(conn.code):
        roles.moves.forget(conn.code)


async def _receive(websocket: WebSocket) -> str | bytes:
    """The next frame: text, or the bytes of a binary frame (refused later, with a code)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text: str | None = message.get("text")
    return text if text is not None else bytes(message.get("bytes") or b"")


async def _handle(conn: Connection, raw: str | bytes, bucket: TokenBucket, roles: Roles,
                  settings: Settings) -> None:
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
    try:
        await _dispatch(conn, message, roles)
    except SQLAlchemyError as exc:  # the database is slow, away or full: say so
        if not unavailable(exc):
            raise
        raise busy() from exc


async def _dispatch(conn: Connection, message: Any, roles: Roles) -> None:
    """One valid client message."""
    if isinstance(message, AuthMessage | WatchMessage):
        if isinstance(message, WatchMessage) and not conn.authenticated:
            check_spectators((await roles.presence(conn.code)).spectators, roles.settings)
        await _authenticate(conn, message, roles)
        return
    if not conn.authenticated:
        raise ServiceError(ErrorCode.UNAUTHENTICATED)
    if isinstance(message, ActMessage):
        await roles.moves.submit(conn, message.action, message.version, message.client_id)
    elif isinstance(message, ChatMessageIn):
        await _chat(conn, message, roles)
    elif isinstance(message, AutoPassMessage):
        await _auto_pass(conn, AutoPass(message.mode), roles)
    elif isinstance(message, ResyncMessage):
        await roles.moves.resync(conn)
    else:
        conn.send(PONG)


async def _authenticate(conn: Connection, message: AuthMessage | WatchMessage,
                        roles: Roles) -> None:
    if conn.authenticated:
        raise ServiceError(ErrorCode.BAD_MESSAGE, "This socket is already authenticated.")
    since = None  # the version from which a computer played the seat, if it did
    # A few sockets at a time, each from its token to its sync: in a storm the first are
    # served whole while the rest wait, rather than all reading at once and all late.
    async with roles.moves.admitting:
        conn.token = message.token if isinstance(message, AuthMessage) else None
        conn.patches = message.patches
        # Bound to its seat under the room's lock (seats change there), then its sync, in
        # version order with the room's updates; a seat a computer plays is given back first.
        try:
            for _ in range(TAKE_BACK_ATTEMPTS):
                if not await roles.moves.join(conn):
                    break
                assert conn.token is not None
                taken = await roles.rooms.take_back(conn.code, conn.token)
                since = since if taken is None else taken
            else:
                raise busy()
        except BaseException:
            conn.token = None
            raise
    roles.publisher.presence(conn.code)
    if since is not None and conn.seat is not None:  # a replaced player is back
        moves = await roles.reads.played_for(conn.code, conn.seat, since)
        roles.publisher.send(conn, PlayedForYouFrame(moves=moves))
        await roles.lobby_changed(conn.code)  # the bot stands down
    roles.autoplay.kick(conn.code)  # (re)start the room's computer players after a restart


async def _chat(conn: Connection, message: ChatMessageIn, roles: Roles) -> None:
    if conn.seat is None:
        raise ServiceError(ErrorCode.NOT_YOUR_TURN, "Spectators cannot chat.")
    if message.to is not None:
        await _whisper(conn, message.text, message.to, roles)
        return
    who = SeatIdentity(conn.code, conn.seat, conn.name, host=False)
    await roles.publisher.chat(conn.code, await roles.rooms.chat(who, message.text))


async def _whisper(conn: Connection, text: str, to: int, roles: Roles) -> None:
    """Whisper (Frozen Lands): a private line between two Hunted, never stored, never shown to
    anyone else; allowed only while the engine says the card is in effect for both."""
    live, seat = await roles.moves.bound(conn)
    if live is None or seat is None or not may_whisper(live.state, seat, to):
        raise ServiceError(ErrorCode.NOT_YOUR_TURN, "You may not whisper to that seat now.")
    line = WhisperLine(seat=seat, name=conn.name, text=text, to=to)
    await roles.publisher.whisper(conn.code, line)


async def _auto_pass(conn: Connection, mode: AutoPass, roles: Roles) -> None:
    """A seat chooses when the server passes for it; every socket of the seat hears it."""
    if conn.token is None:
        raise ServiceError(ErrorCode.NOT_YOUR_TURN, "Spectators never pass.")
    seat = await roles.rooms.set_own_auto_pass(conn.code, conn.token, mode)  # by token: the
    await roles.publisher.auto_pass(conn.code, seat, mode)  # number may have just changed
    roles.autoplay.set_mode(conn.code, seat, mode)


def _first_problem(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(p) for p in error["loc"])
    return f"{where}: {error['msg']}" if where else str(error["msg"])
