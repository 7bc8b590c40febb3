"""The table's options, fixed when the game is created: part of a game's identity."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Config:
    """The table's options: number of Hunted, board side, variant, sheet abilities."""

    hunted: int = 1
    board_side: int = 1
    variant: str = "base"
    abilities: bool | None = None  # None: on for Frozen Lands, off for the base game (Q12)

    def __post_init__(self) -> None:
        if self.abilities is None:
            object.__setattr__(self, "abilities", self.variant == "frozen-lands")

    def __reduce__(self) -> tuple[type[Config], tuple[int, int, str, bool | None]]:
        """Pickled as its constructor's arguments (a process pool passes tables so): the
        default rebuilds a frozen instance field by field, which the compiled class refuses."""
        return Config, (self.hunted, self.board_side, self.variant, self.abilities)

    @property
    def players(self) -> int:
        """N, the number of players including the Creature."""
        return self.hunted + 1

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"hunted": self.hunted, "board_side": self.board_side,
                "variant": self.variant, "abilities": self.abilities}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Config:
        """Inverse of `to_json`."""
        abilities = raw.get("abilities")
        return cls(int(raw["hunted"]), int(raw.get("board_side", 1)),
                   str(raw.get("variant", "base")), None if abilities is None else bool(abilities))
