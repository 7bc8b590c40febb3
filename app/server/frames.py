"""Every frame the server sends on a socket, as a pydantic model (listed in docs/protocol.md).

A frame is encoded once per audience (`encode`; `update` and `sync` by texts.py), and the text
is what the sockets send: the spectators of a room share one, and so do all the sockets of one
seat.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, GetPydanticSchema, WithJsonSchema
from pydantic_core import core_schema

from app.engine import SeatView, wire_object

from .errors import ServiceError
from .schemas import Lobby
from .settings import AutoPass


class Frame(BaseModel):
    """A server → client frame."""

    model_config = ConfigDict(frozen=True)

    def encode(self) -> str:
        """The JSON text sent on the socket."""
        return self.model_dump_json()


class EventOut(BaseModel):
    """An event a seat may see; `seq` is the version that produced it."""

    seq: int
    kind: str
    data: dict[str, Any]
    by: str | None = None  # a `By` when the server made the move for a person's seat


class Presence(BaseModel):
    """Who is connected: seat numbers, and how many spectators."""

    seats: list[int]
    spectators: int


class ChatLine(BaseModel):
    """A stored table-chat line."""

    id: int
    seat: int
    name: str
    text: str
    at: str  # ISO 8601 with its UTC offset


class WhisperLine(BaseModel):
    """A Whisper line (never stored)."""

    seat: int
    name: str
    text: str
    to: int


def _seat_view(value: object) -> SeatView:
    if not isinstance(value, SeatView):
        raise TypeError("a frame's view is the engine's SeatView")
    return value


# A frame's view: the engine's typed seat view, encoded by the engine's encoder (wire.py);
# taken as it is (the engine built it), never validated field by field.
View = Annotated[SeatView, GetPydanticSchema(
    lambda _source, _handler: core_schema.no_info_plain_validator_function(
        _seat_view, serialization=core_schema.plain_serializer_function_ser_schema(wire_object))),
    WithJsonSchema({"allOf": [{"$ref": "#/$defs/SeatView"}]})]


class SyncFrame(Frame):
    """Everything a socket needs to draw its table from scratch."""

    type: Literal["sync"] = "sync"
    seat: int | None
    lobby: Lobby
    presence: Presence
    chat: list[ChatLine]
    version: int
    view: View | None
    events: list[EventOut]
    auto_pass: AutoPass | None  # the seat's auto-pass mode (None: a spectator)


class UpdateFrame(Frame):
    """One committed action, as one seat sees it."""

    type: Literal["update"] = "update"
    version: int
    view: View
    events: list[EventOut]


class OwnUpdateFrame(UpdateFrame):
    """The update on the acting seat's sockets: it carries the move's client id."""

    client_id: str


# A patch's view: some of the fields of a seat view (any of them may be left out).
ViewPatch = Annotated[dict[str, Any],
                      WithJsonSchema({"allOf": [{"$ref": "#/$defs/SeatViewPatch"}]})]


class UpdatePatchFrame(Frame):
    """One committed action, as one seat sees it, to a socket that asked for patches and holds
    the view of version - 1: `view` has every field that changed since (and may have others);
    the fields it leaves out are as they were."""

    type: Literal["update"] = "update"
    version: int
    patch: Literal[True]  # always present: what tells a patch from a whole view
    view: ViewPatch
    events: list[EventOut]


class OwnUpdatePatchFrame(UpdatePatchFrame):
    """The patch on the acting seat's sockets: it carries the move's client id."""

    client_id: str


class ErrorFrame(Frame):
    """A refusal, with a code from the closed list (errors.py)."""

    type: Literal["error"] = "error"
    code: str
    message: str

    @classmethod
    def of(cls, error: ServiceError) -> ErrorFrame:
        """The frame of a refusal."""
        return cls(code=error.code.value, message=error.message)


class PresenceFrame(Frame):
    """A socket authenticated or closed."""

    type: Literal["presence"] = "presence"
    presence: Presence


class LobbyFrame(Frame):
    """The lobby changed (a seat claimed or given back, a bot seated or standing down)."""

    type: Literal["lobby"] = "lobby"
    lobby: Lobby


class ChatFrame(Frame):
    """Someone chatted."""

    type: Literal["chat"] = "chat"
    line: ChatLine


class WhisperFrame(Frame):
    """A Whisper line, to the two Hunted only."""

    type: Literal["whisper"] = "whisper"
    line: WhisperLine


class TimeoutFrame(Frame):
    """A seat's clock ran out and its bot moved (the update follows)."""

    type: Literal["timeout"] = "timeout"
    seat: int
    version: int


class AutoPassFrame(Frame):
    """The seat's auto-pass mode: the answer to `auto_pass`, or the mode going back."""

    type: Literal["auto_pass"] = "auto_pass"
    mode: AutoPass


class PlayedMove(BaseModel):
    """A move the computer made for a seat while its player was away (every field)."""

    seq: int
    action: dict[str, Any]


class PlayedForYouFrame(Frame):
    """To a player who took their seat back: what the computer played for them meanwhile."""

    type: Literal["played_for_you"] = "played_for_you"
    moves: list[PlayedMove]


class PongFrame(Frame):
    """The answer to `ping`."""

    type: Literal["pong"] = "pong"


PONG = PongFrame().encode()

# Every kind of frame, in docs/protocol.md's order.
FRAME_KINDS: tuple[type[Frame], ...] = (
    SyncFrame, UpdateFrame, OwnUpdateFrame, UpdatePatchFrame, OwnUpdatePatchFrame, ErrorFrame,
    PresenceFrame, LobbyFrame, ChatFrame, WhisperFrame, TimeoutFrame, AutoPassFrame,
    PlayedForYouFrame, PongFrame)
