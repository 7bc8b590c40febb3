"""The table's options, fixed when the game is created: part of a game's identity."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .wire_marks import OMIT_EMPTY


@dataclass(frozen=True, slots=True)
class Config:
    """The table's options: number of Hunted, board side, variant, abilities, track length.

    `rulebook_track`: Frozen Lands with the rulebook's Assimilation track, not the longer one
    (cards.assimilation_start)."""

    hunted: int = 1
    board_side: int = 1
    variant: str = "base"
    abilities: bool | None = None  # None: on for Frozen Lands, off for the base game (Q12)
    # Left out of the wire and the stored JSON while off, so every game made before it reads
    # and replays as it did.
    rulebook_track: bool = field(default=False, metadata=OMIT_EMPTY)

    def __post_init__(self) -> None:
        if self.abilities is None:
            object.__setattr__(self, "abilities", self.variant == "frozen-lands")

    def __reduce__(self) -> tuple[type[Config], tuple[int, int, str, bool | None, bool]]:
        """Pickled as its constructor's arguments (a process pool passes tables so): the
        default rebuilds a frozen instance field by field, which the compiled class refuses."""
        return Config, (self.hunted, self.board_side, self.variant, self.abilities,
                        self.rulebook_track)

    @property
    def players(self) -> int:
        """N, the number of players including the Creature."""
        return self.hunted + 1

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (`rulebook_track` only when on)."""
        out: dict[str, Any] = {"hunted": self.hunted, "board_side": self.board_side,
                               "variant": self.variant, "abilities": self.abilities}
        if self.rulebook_track:
            out["rulebook_track"] = True
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Config:
        """Inverse of `to_json`."""
        abilities = raw.get("abilities")
        return cls(int(raw["hunted"]), int(raw.get("board_side", 1)),
                   str(raw.get("variant", "base")), None if abilities is None else bool(abilities),
                   bool(raw.get("rulebook_track", False)))
