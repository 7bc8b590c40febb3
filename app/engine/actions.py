"""Actions: value objects named with the rulebook's verbs, each round-tripping through JSON."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, fields
from enum import StrEnum
from functools import cache
from typing import Any, Protocol, TypeVar, cast


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; `type` names it on the wire."""

    @property
    def type(self) -> str:
        """The action's name on the wire: its class's name."""
        return self.__class__.__name__

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict with the action's `type` and its non-default fields."""
        out: dict[str, Any] = {"type": self.type}
        for name, default in field_defaults(type(self)):
            value = getattr(self, name)
            if value != default:
                out[name] = list(value) if isinstance(value, tuple) else value
        return out


_FIELD_DEFAULTS: dict[type, tuple[tuple[str, Any], ...]] = {}


def field_defaults(kind: type[Action]) -> tuple[tuple[str, Any], ...]:
    """Each field of an action class with its default, in the class's order (read once: the
    dataclass's `fields` cost more than the rest of an action's JSON, on every move)."""
    plan = _FIELD_DEFAULTS.get(kind)
    if plan is None:
        plan = _FIELD_DEFAULTS[kind] = tuple((f.name, f.default) for f in fields(kind))
    return plan


@dataclass(frozen=True, slots=True)
class PlayPlaceCards(Action):
    """Exploration: choose 1 Place card (2 with the River or the Artefact), face down."""

    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Resist(Action):
    """Exploration: discard 1 or 2 Will to take back 2 or 4 discarded Place cards."""

    will: int = 1


@dataclass(frozen=True, slots=True)
class GiveUp(Action):
    """Exploration: recover 3 Will and every discarded Place card; Assimilation +1."""


@dataclass(frozen=True, slots=True)
class PlaceHuntToken(Action):
    """Hunting: put the Creature or the Artemia token on a place."""

    token: str = "creature"  # a TokenKind; plain str on the wire
    places: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayHuntCard(Action):
    """The Creature plays a Hunt card; `places` and `hunted` carry its choices."""

    card: str = ""
    places: tuple[int, ...] = ()
    hunted: int | None = None


@dataclass(frozen=True, slots=True)
class PlaySurvivalCard(Action):
    """A Hunted plays a Survival card; `places` carries its choices (Place numbers)."""

    card: str = ""
    places: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class UsePlacePower(Action):
    """Use the power of `place`; `option`, `hunted`, `card`, `copy` carry its choices."""

    place: int = 0
    option: str = ""
    hunted: int | None = None
    card: int | None = None
    copy: int | None = None


@dataclass(frozen=True, slots=True)
class TakeBackPlaceCard(Action):
    """Take a Place card from one's discard pile back into hand."""

    card: int = 0


@dataclass(frozen=True, slots=True)
class DiscardPlaceCard(Action):
    """Discard a Place card from hand (Artemia token, Ascendancy, Forbidden Zone, Scream)."""

    card: int = 0


@dataclass(frozen=True, slots=True)
class KeepPlaceCard(Action):
    """The River: keep this played card in play; the other goes back to hand."""

    card: int = 0


@dataclass(frozen=True, slots=True)
class KeepHidden(Action):
    """Phobia: the 2 Place cards of one's hand that stay hidden from the Creature."""

    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class KeepSurvivalCard(Action):
    """The Shelter: keep this drawn Survival card; the other is discarded."""

    card: str = ""


@dataclass(frozen=True, slots=True)
class DiscardSurvivalCard(Action):
    """Toxin: discard this Survival card."""

    card: str = ""


class Choice(StrEnum):
    """The named options a Choose or a Vote answers with, beside seats and card ids."""

    WILL = "will"  # Scream, Thin Ice: lose 1 Will
    DISCARD = "discard"  # Scream: discard 2 Place cards; a gift refused: discard it
    WAIT = "wait"  # the vote to board: not yet
    BOARD = "board"  # the vote to board: now
    NOBODY = "nobody"  # Blizzard, Cleanse: no Hunted pays or cleans


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Answer a prompt that offers named options (Scream: "discard" or "will")."""

    option: str = ""


@dataclass(frozen=True, slots=True)
class DiscardContamination(Action):
    """Frozen Lands: return one of one's Contamination tokens to the reserve."""

    token: int = 0


@dataclass(frozen=True, slots=True)
class LookAtToken(Action):
    """Frozen Lands: secretly look at a Contamination token (only the looker learns it)."""

    token: int = 0


@dataclass(frozen=True, slots=True)
class Vote(Action):
    """A Hunted's ballot in a team decision (board or wait, who pays, who discards)."""

    option: str = ""


@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """Use a sheet ability; `hunted`, `place`, `card` carry its choices."""

    ability: str = ""
    hunted: int | None = None
    place: int | None = None
    card: str = ""


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Done: end one's window or decline an optional choice."""


PASS = Pass()  # actions are values: legal lists share instances rather than build new ones


@cache
def play_place_cards(cards: tuple[int, ...]) -> PlayPlaceCards:
    """The (shared) PlayPlaceCards of these cards."""
    return PlayPlaceCards(cards)


@cache
def play_hunt_card(card: str, places: tuple[int, ...], hunted: int | None) -> PlayHuntCard:
    """The (shared) PlayHuntCard with these choices."""
    return PlayHuntCard(card, places, hunted)


A = TypeVar("A", bound=Action)


class _Shared(Protocol):
    def __call__(self, kind: type[A], /, *args: Hashable, **choices: Hashable) -> A: ...


def _build(kind: type[Action], /, *args: Hashable, **choices: Hashable) -> Action:
    return kind(*args, **choices)


# shared(kind, *args, **choices): the one shared `kind(*args, **choices)`, for the actions the
# engine offers, whose number the material bounds (never for parsed input: the cache would
# grow with it). Building a frozen dataclass sets each field through object.__setattr__,
# several times the cost of this lookup, and legal lists offer the same few at every decision.
shared = cast(_Shared, cache(_build))


ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (
        PlayPlaceCards, Resist, GiveUp, PlaceHuntToken, PlayHuntCard, PlaySurvivalCard,
        UsePlacePower, TakeBackPlaceCard, DiscardPlaceCard, KeepPlaceCard, KeepHidden,
        KeepSurvivalCard, DiscardSurvivalCard, Choose, DiscardContamination, LookAtToken, Vote,
        UseAbility, Pass,
    )
}


class MalformedAction(ValueError):
    """JSON that does not describe an action."""


def action_from_json(raw: Any) -> Action:
    """Parse an action from its JSON form; raises MalformedAction with a reason."""
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        raise MalformedAction("an action is an object with a string 'type'")
    cls = ACTION_TYPES.get(raw["type"])
    if cls is None:
        raise MalformedAction(f"unknown action type {raw['type']!r}")
    kwargs: dict[str, Any] = {}
    known = dict(field_defaults(cls))
    for key, value in raw.items():
        if key == "type":
            continue
        if key not in known:
            raise MalformedAction(f"{cls.__name__} has no field {key!r}")
        kwargs[key] = _coerce(cls.__name__, key, value, known[key])
    return cls(**kwargs)


def _coerce(kind: str, key: str, value: Any, default: Any) -> Any:
    """Check a JSON value against the field's default's type."""
    if isinstance(default, tuple):
        if not isinstance(value, list) or not all(_is_int(v) for v in value):
            raise MalformedAction(f"{kind}.{key} must be a list of integers")
        return tuple(value)
    if isinstance(default, str):
        if not isinstance(value, str):
            raise MalformedAction(f"{kind}.{key} must be a string")
        return value
    if (value is None and default is None) or _is_int(value):  # null only where optional
        return value
    raise MalformedAction(f"{kind}.{key} must be an integer")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
