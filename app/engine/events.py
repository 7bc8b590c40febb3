"""Events: past-tense records of what happened, each with its audience."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final


# Records built on every step: fields `Final` (mypy, and compiled code at run time, refuse a
# change) and an `__init__` of their own, since mypyc builds a frozen dataclass through
# interpreted code at ten times the cost (docs/performance.md, "The compiled engine").
@dataclass(slots=True, init=False)
class Event:
    """What happened; seen by the seats in `to` (None = everyone) except those in `but`."""

    kind: Final[str]
    data: Final[dict[str, Any]]
    to: Final[tuple[int, ...] | None]
    but: Final[tuple[int, ...]]

    def __init__(self, kind: str, data: dict[str, Any] | None = None,
                 to: tuple[int, ...] | None = None, but: tuple[int, ...] = ()) -> None:
        self.kind = kind
        self.data = {} if data is None else data
        self.to = to
        self.but = but

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

