"""What each side holds: a Hunted's cards, Will and tokens; the Creature's Hunt cards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from .vocab import TokenKind

T = TypeVar("T")


def without(items: Sequence[T], item: T) -> list[T]:
    """A new list: `items` less the first `item` (ValueError if absent, as list.remove)."""
    out = list(items)
    out.remove(item)
    return out


def replaced(items: Sequence[T], index: int, item: T) -> list[T]:
    """A new list: `items` with `item` at `index`."""
    out = list(items)
    out[index] = item
    return out


@dataclass(frozen=True, slots=True)
class Token:
    """A Contamination token held face down: its face and who has looked at it (C9)."""

    id: int
    icon: bool
    known: tuple[int, ...] = ()  # seats that looked at it; everyone once it is face up
    face_up: bool = False

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"id": self.id, "icon": self.icon, "known": list(self.known),
                "face_up": self.face_up}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Token:
        """Inverse of `to_json`."""
        return cls(int(raw["id"]), bool(raw["icon"]), tuple(raw["known"]), bool(raw["face_up"]))


@dataclass(slots=True)
class Hunted:
    """One Hunted: Will, Place cards by zone, Survival cards and this turn's flags.

    Her lists are values: the engine replaces them and never changes one in place (mypy holds
    it to that through the read-only `Sequence`), so a copy may share them (`copy`).
    """

    seat: int
    will: int = 3
    hand: Sequence[int] = field(default_factory=list)
    discard: Sequence[int] = field(default_factory=list)
    played: Sequence[int] = field(default_factory=list)  # face down until the reveal
    positions: Sequence[tuple[int, int]] = field(default_factory=list)  # (place, card), revealed
    survival: Sequence[str] = field(default_factory=list)
    ready: bool = False  # has chosen this turn's Place card(s)
    double: str = ""  # "river" or "artefact": this turn's two-card play
    next_double: str = ""  # the same, owed for the next turn
    resisted: bool = False  # used Resist or Give Up this turn
    survival_played: bool = False
    lost_last_will: bool = False
    immune: Sequence[TokenKind] = field(default_factory=list)  # ignored this turn (Dodge...)
    tokens: Sequence[Token] = field(default_factory=list)  # Contamination tokens (Frozen Lands)
    sheet: str = ""  # the Hunted sheet, when abilities are on
    used_this_turn: Sequence[str] = field(default_factory=list)  # abilities used this turn
    used_this_game: Sequence[str] = field(default_factory=list)  # once-per-game abilities used

    def owns(self, card: int) -> bool:
        """True if the card is in hand, in the discard pile or in play."""
        return card in self.hand or card in self.discard or card in self.played

    def copy(self) -> Hunted:
        """A copy sharing her lists, which are replaced, never changed: the copy on write of
        every action (`GameState.hunted_at`), attributes set directly on this hot path."""
        new = Hunted.__new__(Hunted)
        new.seat, new.will, new.sheet = self.seat, self.will, self.sheet
        new.hand, new.discard, new.played = self.hand, self.discard, self.played
        new.positions, new.survival = self.positions, self.survival
        new.ready, new.double, new.next_double = self.ready, self.double, self.next_double
        new.resisted, new.survival_played = self.resisted, self.survival_played
        new.lost_last_will, new.immune, new.tokens = self.lost_last_will, self.immune, self.tokens
        new.used_this_turn, new.used_this_game = self.used_this_turn, self.used_this_game
        return new

    def clone(self) -> Hunted:
        """An independent copy: changing either, even a list in place, leaves the other."""
        new = self.copy()
        new.hand, new.discard, new.played = [*self.hand], [*self.discard], [*self.played]
        new.positions, new.survival = [*self.positions], [*self.survival]
        new.immune, new.tokens = [*self.immune], [*self.tokens]
        new.used_this_turn, new.used_this_game = [*self.used_this_turn], [*self.used_this_game]
        return new

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        out: dict[str, Any] = {}
        for name in _names(self):
            value = getattr(self, name)
            if name == "positions":
                value = [list(p) for p in value]
            elif name == "tokens":
                value = [t.to_json() for t in value]
            elif name == "immune":
                value = [str(t) for t in value]
            elif isinstance(value, list):
                value = list(value)
            out[name] = value
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Hunted:
        """Inverse of `to_json`."""
        h = cls(int(raw["seat"]))
        for name in _names(cls):
            value = raw[name]
            if name == "positions":
                value = [(int(p), int(c)) for p, c in value]
            elif name == "tokens":
                value = [Token.from_json(t) for t in value]
            elif name == "immune":
                value = [TokenKind(t) for t in value]
            elif isinstance(value, list):
                value = list(value)
            setattr(h, name, value)
        return h


@dataclass(slots=True)
class Creature:
    """The Creature's Hunt cards and its per-turn play allowance; its lists are values, as a
    Hunted's are (replaced, never changed in place)."""

    hand: Sequence[str] = field(default_factory=list)
    deck: Sequence[str] = field(default_factory=list)
    discard: Sequence[str] = field(default_factory=list)  # face up; the last is the most recent
    plays_left: int = 1
    played_this_turn: int = 0
    tracking_next: bool = False

    def copy(self) -> Creature:
        """A copy sharing the lists, which are replaced, never changed (`own_creature`)."""
        new = Creature.__new__(Creature)
        new.hand, new.deck, new.discard = self.hand, self.deck, self.discard
        new.plays_left, new.played_this_turn = self.plays_left, self.played_this_turn
        new.tracking_next = self.tracking_next
        return new

    def clone(self) -> Creature:
        """An independent copy: changing either, even a list in place, leaves the other."""
        new = self.copy()
        new.hand, new.deck, new.discard = [*self.hand], [*self.deck], [*self.discard]
        return new

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {name: (list(v) if isinstance(v := getattr(self, name), list) else v)
                for name in _names(self)}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Creature:
        """Inverse of `to_json`."""
        return cls(list(raw["hand"]), list(raw["deck"]), list(raw["discard"]),
                   int(raw["plays_left"]), int(raw["played_this_turn"]),
                   bool(raw["tracking_next"]))


def _names(obj: Any) -> list[str]:
    """The stored fields' names of a dataclass or its instance (a compiled class has no
    `__slots__` to read)."""
    return [f.name for f in fields(obj)]
