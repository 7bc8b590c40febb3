"""Events: past-tense records of what happened, each with its audience."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """What happened; seen by the seats in `to` (None = everyone) except those in `but`."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    to: tuple[int, ...] | None = None
    but: tuple[int, ...] = ()

    def visible_to(self, seat: int | None) -> bool:
        """True when `seat` (None = spectator) may see this event."""
        if seat in self.but:
            return False
        return self.to is None or seat in self.to

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (audience included, for persistence)."""
        out: dict[str, Any] = {"kind": self.kind, "data": self.data}
        if self.to is not None:
            out["to"] = list(self.to)
        if self.but:
            out["but"] = list(self.but)
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Event:
        """Inverse of `to_json`."""
        to = raw.get("to")
        return cls(raw["kind"], dict(raw.get("data", {})), None if to is None else tuple(to),
                   tuple(raw.get("but", ())))


# A frozen dataclass sets each field through object.__setattr__ by name; the slots' own
# descriptors do the same work several times faster, and the engine records an event per step.
_new = object.__new__
_KIND, _DATA = Event.__dict__["kind"].__set__, Event.__dict__["data"].__set__
_TO, _BUT = Event.__dict__["to"].__set__, Event.__dict__["but"].__set__


def event(kind: str, data: dict[str, Any], to: tuple[int, ...] | None = None,
          but: tuple[int, ...] = ()) -> Event:
    """`Event(kind, data, to, but)`, built faster (the engine's hot path)."""
    made = _new(Event)
    _KIND(made, kind)
    _DATA(made, data)
    _TO(made, to)
    _BUT(made, but)
    return made
