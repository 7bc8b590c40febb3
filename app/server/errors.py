"""The closed list of error codes the server answers with, each with a human message."""

from __future__ import annotations

from enum import StrEnum

from app.engine import EngineError, GameOver, IllegalAction, NotYourTurn


class ErrorCode(StrEnum):
    """Every error a client can receive, over REST or the websocket."""

    BAD_JSON = "bad_json"
    BAD_MESSAGE = "bad_message"
    TOO_LARGE = "too_large"
    RATE_LIMITED = "rate_limited"
    UNAUTHENTICATED = "unauthenticated"
    BAD_TOKEN = "bad_token"
    UNKNOWN_ROOM = "unknown_room"
    BAD_OPTIONS = "bad_options"
    SEAT_TAKEN = "seat_taken"
    NO_SUCH_SEAT = "no_such_seat"
    NOT_HOST = "not_host"
    ALREADY_STARTED = "already_started"
    NOT_STARTED = "not_started"
    CANNOT_START = "cannot_start"
    STALE_VERSION = "stale_version"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL_ACTION = "illegal_action"
    GAME_OVER = "game_over"
    NOT_OVER = "not_over"
    STILL_CONNECTED = "still_connected"
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    ROOM_FULL = "room_full"
    TOO_MANY_SOCKETS = "too_many_sockets"
    BUSY = "busy"
    INTERNAL = "internal"


MESSAGES: dict[ErrorCode, str] = {
    ErrorCode.BAD_JSON: "That message is not valid JSON.",
    ErrorCode.BAD_MESSAGE: "That message does not follow the protocol.",
    ErrorCode.TOO_LARGE: "That message is too large.",
    ErrorCode.RATE_LIMITED: "Too many messages: slow down.",
    ErrorCode.UNAUTHENTICATED: "Send your seat token (or ask to watch) before anything else.",
    ErrorCode.BAD_TOKEN: "This token does not hold a seat in this room.",
    ErrorCode.UNKNOWN_ROOM: "There is no room with that code.",
    ErrorCode.BAD_OPTIONS: "These room options are not allowed.",
    ErrorCode.SEAT_TAKEN: "That seat is already taken.",
    ErrorCode.NO_SUCH_SEAT: "This room has no such seat.",
    ErrorCode.NOT_HOST: "Only the host can do that.",
    ErrorCode.ALREADY_STARTED: "The game has already started.",
    ErrorCode.NOT_STARTED: "The game has not started yet.",
    ErrorCode.CANNOT_START: "The game cannot start with these seats.",
    ErrorCode.STALE_VERSION: "The game has moved on since you last looked: here is the latest.",
    ErrorCode.NOT_YOUR_TURN: "You have nothing to do at this moment.",
    ErrorCode.ILLEGAL_ACTION: "That move is not allowed now.",
    ErrorCode.GAME_OVER: "The game is over.",
    ErrorCode.NOT_OVER: "The game is not over yet.",
    ErrorCode.STILL_CONNECTED: "That player is still at the table (or left only moments ago).",
    ErrorCode.NOT_FOUND: "There is nothing at this address.",
    ErrorCode.METHOD_NOT_ALLOWED: "This address does not take that method (see Allow).",
    ErrorCode.ROOM_FULL: "This room has as many sockets as it takes: try again later.",
    ErrorCode.TOO_MANY_SOCKETS: "Too many open sockets from your address.",
    ErrorCode.BUSY: "The server is busy: nothing was done; try again in a moment.",
    ErrorCode.INTERNAL: "Something went wrong on the server.",
}

HTTP_STATUS: dict[ErrorCode, int] = {
    ErrorCode.BAD_JSON: 400,
    ErrorCode.BAD_MESSAGE: 422,
    ErrorCode.TOO_LARGE: 413,
    ErrorCode.RATE_LIMITED: 429,
    ErrorCode.UNAUTHENTICATED: 401,
    ErrorCode.BAD_TOKEN: 403,
    ErrorCode.UNKNOWN_ROOM: 404,
    ErrorCode.NO_SUCH_SEAT: 404,
    ErrorCode.NOT_HOST: 403,
    ErrorCode.NOT_FOUND: 404,
    ErrorCode.METHOD_NOT_ALLOWED: 405,
    ErrorCode.TOO_MANY_SOCKETS: 429,
    ErrorCode.BUSY: 503,
    ErrorCode.INTERNAL: 500,
}

# The engine's refusals, by their class, as the codes of this list.
ENGINE_ERRORS: dict[type[EngineError], ErrorCode] = {
    IllegalAction: ErrorCode.ILLEGAL_ACTION,
    NotYourTurn: ErrorCode.NOT_YOUR_TURN,
    GameOver: ErrorCode.GAME_OVER,
}


class ServiceError(Exception):
    """A refusal with a code from the closed list; `detail` adds specifics for humans."""

    def __init__(self, code: ErrorCode, detail: str = "") -> None:
        super().__init__(f"{code}: {detail or MESSAGES[code]}")
        self.code = code
        self.detail = detail

    @property
    def message(self) -> str:
        """The human message: the code's sentence, then the specifics."""
        return MESSAGES[self.code] + (f" {self.detail}" if self.detail else "")

    @property
    def status(self) -> int:
        """The HTTP status for REST answers (409 for conflicts with the game's state)."""
        return HTTP_STATUS.get(self.code, 409)

    def to_json(self) -> dict[str, str]:
        """The wire form: {"code", "message"}."""
        return {"code": self.code.value, "message": self.message}
