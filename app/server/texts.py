"""The texts of the frames built on the hot paths, `update` per move and `sync` per join, from
the engine's plain data (`WireCache`) with orjson rather than through the frame models
(frames.py), which they match byte for byte; and the patches of docs/protocol.md ("Patches").
"""

from __future__ import annotations

from typing import Any, NamedTuple

import orjson

from app.engine import SeatView, WireCache, wire_fields

from .frames import ChatLine, EventOut, Presence
from .schemas import Lobby
from .settings import AutoPass

SHARED = ("board", "creature", "hunted")  # the parts of a view its state's seats see alike
OWN = ("config", "you", "legal_actions", "offers")  # the large parts each seat has its own
# A patch leaves out these fields when they are as they were: together nine tenths of a view's
# bytes. The others (seat, role, turn, phase, who is waited on, the odds, the outcome; about
# 120 bytes) always go: comparing them would cost about what sending them does.
COMPARED = (*SHARED, *OWN)


class Encoded(NamedTuple):
    """A part of a view as JSON: its fragment, to copy into texts, and its bytes, to compare
    (in this order, so that `view[key], data[key] = encoded` sets both)."""

    fragment: orjson.Fragment
    data: bytes

    @classmethod
    def of(cls, data: bytes) -> Encoded:
        """The part whose JSON is `data`."""
        return cls(orjson.Fragment(data), data)


EMPTY = Encoded.of(b"[]")


class StateWire:
    """The views of one state as orjson encodes them: the engine's plain data (`WireCache`),
    with each part the seats share (SHARED) encoded once, a fragment copied into each text."""

    def __init__(self) -> None:
        self.cache = WireCache()
        self._texts: dict[int, tuple[object, Encoded]] = {}  # by the part's identity

    def view(self, view: SeatView) -> dict[str, object]:
        """One seat's view, its shared parts already encoded."""
        out = self.cache.view(view)
        for key in SHARED:
            out[key] = self._encoded(out[key]).fragment
        return out

    def fields(self, view: SeatView) -> Fields:
        """One seat's view ready to write, each field a patch compares (COMPARED) encoded, the
        shared ones once; each orjson call costs about a microsecond, so the config (one per
        game) is encoded once per state and an empty list not at all."""
        out = self.cache.view(view)
        data: dict[str, bytes] = {}
        for key in SHARED:
            out[key], data[key] = self._encoded(out[key])
        out["config"], data["config"] = self._encoded(out["config"], view.config)
        data["you"] = _dumps(out["you"])
        out["you"] = orjson.Fragment(data["you"])
        for key in ("legal_actions", "offers"):  # empty for every seat not waited on
            if out[key]:
                data[key] = _dumps(out[key])
                out[key] = orjson.Fragment(data[key])
            else:
                out[key], data[key] = EMPTY
        return Fields(out, data)

    def _encoded(self, part: object, source: object = None) -> Encoded:
        """`part` encoded, once per `source` (by default the part itself) while this lives."""
        owner = part if source is None else source
        hit = self._texts.get(id(owner))
        if hit is None or hit[0] is not owner:  # the owner is kept: its id is not reused
            hit = self._texts[id(owner)] = (owner, Encoded.of(_dumps(part)))
        return hit[1]


class Fields(NamedTuple):
    """One seat's view ready to write (`view`, its compared fields as fragments), and the bytes
    of those fields (`data`: what the next update's patch compares with)."""

    view: dict[str, object]
    data: dict[str, bytes]


def encode_fields(version: int, fields: Fields, events: list[dict[str, Any]],
                  client_id: str | None, before: dict[str, bytes] | None) -> str:
    """The text of an `update` from a view's `fields` (`StateWire.fields`): the whole view,
    the same text as `encode_update`'s, or, given `before` (the seat's `Fields.data` at
    version - 1), a patch that leaves out the compared fields that did not change."""
    frame: dict[str, object] = {"type": "update", "version": version}
    view = fields.view
    if before is not None:
        frame["patch"] = True
        view = dict(view)
        for key, data in fields.data.items():
            if before.get(key) == data:
                del view[key]
    frame["view"], frame["events"] = view, events
    if client_id is not None:
        frame["client_id"] = client_id
    return _dumps(frame).decode()


def encode_update(version: int, view: SeatView, events: list[dict[str, Any]],
                  client_id: str | None, wire: StateWire | None = None) -> str:
    """The text of an `update` (an `OwnUpdateFrame` with a client id), the same as the model
    encodes, built from plain dicts: per move and per seat, the models' validation and
    encoding cost more than everything else done for the frame. The engine writes the view
    out as plain data, which orjson encodes without calling back (`wire`: one per state,
    shared by its seats' views)."""
    frame: dict[str, object] = {"type": "update", "version": version,
                                "view": (wire or StateWire()).view(view), "events": events}
    if client_id is not None:
        frame["client_id"] = client_id
    return _dumps(frame).decode()


_OPTIONS = orjson.OPT_PASSTHROUGH_DATACLASS
# Keys that are not strings are written as strings, as the models do; orjson takes a slower
# path for every dict while this option is on (a view's text took 1.7x as long to write), and
# no view or event has such a key today, so it is the fallback, not the rule.
_ANY_KEYS = _OPTIONS | orjson.OPT_NON_STR_KEYS


def _dumps(data: object) -> bytes:
    """`data` as JSON (the engine's dataclasses by their wire fields, every key a string)."""
    try:
        return orjson.dumps(data, default=wire_fields, option=_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError: a key that is not a string, most likely
        return orjson.dumps(data, default=wire_fields, option=_ANY_KEYS)


def encode_sync(seat: int | None, room: dict[str, Any], version: int, view: SeatView | None,
                events: list[EventOut], auto_pass: AutoPass | None,
                wire: StateWire | None = None) -> str:
    """The text of a `sync`, the same as `SyncFrame` encodes, built from plain data: the
    model's encoding of the view cost three times the view itself, in a storm of joins.
    `room`: the lobby, presence and chat as plain data (`sync_room`), shared by the seats
    synced together, as is `wire` (one per state)."""
    frame: dict[str, object] = {
        "type": "sync", "seat": seat, **room, "version": version,
        "view": None if view is None else (wire or StateWire()).view(view),
        "events": [event.model_dump(mode="json") for event in events], "auto_pass": auto_pass}
    return _dumps(frame).decode()


def sync_room(lobby: Lobby, presence: Presence, chat: list[ChatLine]) -> dict[str, Any]:
    """A sync's lobby, presence and chat as plain data, in the frame's order."""
    return {"lobby": lobby.model_dump(mode="json"), "presence": presence.model_dump(mode="json"),
            "chat": [line.model_dump(mode="json") for line in chat]}
