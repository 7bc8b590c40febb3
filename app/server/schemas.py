"""Wire shapes: REST bodies and websocket messages, validated by pydantic."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
)
from pydantic_core import PydanticCustomError

# Refused in every text a person writes (names, chat, client ids): the C0 and C1 control
# characters (NUL included, which Postgres cannot store) and the bidirectional embeddings,
# overrides and isolates, which make a name read backwards or disguise what follows it.
FORBIDDEN = r"\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069"
_FORBIDDEN = re.compile(f"[{FORBIDDEN}]")
# The same rules in the OpenAPI schema: no forbidden character, and one that is not a space.
TEXT_PATTERN = f"^[^{FORBIDDEN}]*[^\\s{FORBIDDEN}][^{FORBIDDEN}]*$"
# The server's own moves (autoplay.py) have client ids beginning so, which an `act`'s may not:
# ids are unique in a game, so a player could otherwise use one first (the server's move for
# that seat then refused as a retry, again and again: its bot, clock or pass stalled), or ask
# by a current `act` whether the server had moved for a seat. A reserved prefix holds by the
# id's form alone: simpler than a random part, with nothing to guess.
SERVER_CLIENT_ID = "server:"
CLIENT_ID_PATTERN = f"^(?!{SERVER_CLIENT_ID})[^{FORBIDDEN}]*$"


def _no_forbidden(value: str) -> str:
    if _FORBIDDEN.search(value):
        raise PydanticCustomError(
            "forbidden_characters",
            "Control characters and text direction overrides are not allowed")
    return value


def _not_the_servers(value: str) -> str:
    """A client id outside the server's own (SERVER_CLIENT_ID)."""
    if value.startswith(SERVER_CLIENT_ID):
        raise PydanticCustomError(
            "reserved", "Client ids beginning with 'server:' are the server's own")
    return value


def _trimmed(value: str) -> str:
    """A person's text as stored: checked as sent (its length too), then trimmed."""
    value = _no_forbidden(value).strip()
    if not value:
        raise PydanticCustomError("blank", "Write at least one character that is not a space")
    return value


# A person's text: 1 to N characters as sent (so at most N stored), none forbidden, trimmed,
# not blank.
TEXT_RULES = (AfterValidator(_trimmed), Field(json_schema_extra={"pattern": TEXT_PATTERN}))
Name = Annotated[str, StringConstraints(min_length=1, max_length=40), *TEXT_RULES]
ChatText = Annotated[str, StringConstraints(min_length=1, max_length=500), *TEXT_RULES]


def _json_integer(value: Any) -> Any:
    """A JSON number with no fraction (3 or 3.0, one integer to JSON Schema); never a boolean
    or a string."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


# Inbound integers: strict, except that 3.0 is the integer 3 as the OpenAPI schema says.
Integer = Annotated[int, Field(strict=False), BeforeValidator(_json_integer)]
# (An optional integer's bounds go inside its own alias, or the schema loses them.)
ClockSeconds = Annotated[int, Field(strict=False, ge=5, le=3600), BeforeValidator(_json_integer)]


class Strict(BaseModel):
    """Unknown fields are refused rather than ignored, and no value is coerced: `"0"` and
    `true` are not integers, `1` is not a boolean."""

    model_config = ConfigDict(extra="forbid", strict=True)


class RoomOptions(Strict):
    """A room's options; abilities default to on for Frozen Lands and off for the base game."""

    variant: Literal["base", "frozen-lands"] = "base"
    abilities: bool | None = None
    rulebook_track: bool = Field(False, description="Frozen Lands: the Assimilation track as "
                                 "the rulebook sets it (5 + players), not the longer default")
    board_side: Integer = Field(1, ge=1, le=2, description="which side of the board")
    hunted: Integer = Field(3, ge=1, le=6, description="number of Hunted seats")
    bot_delay_ms: Integer = Field(800, ge=0, le=10_000, description="pause before a bot moves")
    bot_seconds: float = Field(1.0, gt=0, le=10, description="an expert bot's search per move")
    clock_seconds: ClockSeconds | None = Field(
        None, description="time per decision; at zero the seat's bot moves")
    take_over: bool = Field(True, description="a computer plays for a player gone longer "
                            "than the grace period, until they return")


class CreateRoom(Strict):
    """Open a room and claim the host's seat in it."""

    options: RoomOptions = Field(default_factory=lambda: RoomOptions.model_validate({}))
    name: Name
    seat: Integer = Field(0, ge=0, le=6, description="0 = the Creature, 1..6 = a Hunted")


class ClaimSeat(Strict):
    """Claim a free seat with a display name."""

    seat: Integer = Field(ge=0, le=6)
    name: Name


class Rematch(Strict):
    """A rematch keeps the seats, or rotates them: Hunted 1 becomes the Creature."""

    seats: Literal["keep", "rotate"] = "keep"


class AddBot(Strict):
    """Seat a computer player."""

    kind: Literal["random", "heuristic", "expert"] = "heuristic"  # easy, normal, expert


class SeatToken(BaseModel):
    """A claimed seat: keep the token secret; it is shown only this once."""

    code: str
    seat: int
    token: str
    link: str


class SeatOut(BaseModel):
    """One seat of the lobby."""

    seat: int
    role: Literal["creature", "hunted"]
    name: str | None
    connected: bool
    host: bool
    bot: str | None = None
    away: bool = False  # a computer plays this seat until its player returns


class GameOut(BaseModel):
    """The current game's public status."""

    number: int
    version: int
    status: Literal["active", "over"]
    outcome: dict[str, str] | None


class Lobby(BaseModel):
    """A room's public lobby state."""

    code: str
    link: str
    options: dict[str, Any]
    seats: list[SeatOut]
    started: bool
    game: GameOut | None


class ErrorDetail(BaseModel):
    """A code from the closed list and a human message."""

    code: str
    message: str


class ErrorOut(BaseModel):
    """The body of every REST error."""

    error: ErrorDetail


def error_responses(*statuses: int) -> dict[int | str, dict[str, object]]:
    """OpenAPI `responses` documenting the one error shape under each of `statuses`."""
    return {status: {"model": ErrorOut} for status in statuses}


# --- Websocket: client to server ---------------------------------------------------------

class AuthMessage(Strict):
    """First message: the seat token (never in the URL)."""

    type: Literal["auth"]
    token: Annotated[str, StringConstraints(min_length=1, max_length=200)]
    patches: bool = False  # updates may carry only the view's changed fields (frames.py)


class WatchMessage(Strict):
    """First message of a spectator."""

    type: Literal["watch"]
    patches: bool = False  # as AuthMessage's


class ActMessage(Strict):
    """An action, the version the client saw, and an id that makes a retry harmless."""

    type: Literal["act"]
    action: dict[str, Any]
    version: Integer
    client_id: Annotated[str, StringConstraints(min_length=1, max_length=64),
                         AfterValidator(_no_forbidden), AfterValidator(_not_the_servers),
                         Field(json_schema_extra={"pattern": CLIENT_ID_PATTERN})]


class ResyncMessage(Strict):
    """Ask for a fresh `sync`."""

    type: Literal["resync"]


class ChatMessageIn(Strict):
    """A line of table chat; `to` whispers to one Hunted (Frozen Lands' Whisper only)."""

    type: Literal["chat"]
    text: ChatText
    to: Integer | None = None


class AutoPassMessage(Strict):
    """Choose when the server passes for this seat (docs/protocol.md, auto-pass)."""

    type: Literal["auto_pass"]
    mode: Literal["off", "when_nothing", "until_decision"]


class PingMessage(Strict):
    """Keep-alive; answered with a pong."""

    type: Literal["ping"]


ClientMessage = Annotated[
    AuthMessage | WatchMessage | ActMessage | ResyncMessage | ChatMessageIn | AutoPassMessage
    | PingMessage,
    Field(discriminator="type"),
]
