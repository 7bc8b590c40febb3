"""Places: the registry (one entry per Place of each variant: base_places.py, frozen_places.py)
and the rules every power shares: which ways are open now, using one, copying another place."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .actions import UsePlacePower
from .board import Events, block_reason, emit, limit_spent
from .cards import place_ids
from .prompts import add_to_layer
from .state import GameState, Hunted, Prompt
from .vocab import EventKind, PromptKind

Ways = Callable[[GameState, Hunted, int], list[UsePlacePower]]  # (state, user, where they stand)
Use = Callable[[GameState, Hunted, UsePlacePower, int, Events], None]  # (..., this card, ...)
Gate = Callable[[GameState, Hunted, int, int], int | None]  # where the user stands, or None
# For a way the text leaves optional ("you may"): the data of the question a copy asks even
# when it is its only way ({}: no question).
Asks = Callable[[GameState, UsePlacePower], dict[str, Any]]
# The key of a way's words (the client's message catalogue) when the public state changes
# them (The Beach: put the Marker, or remove it); else `power.<id>[.<option>]`.
Words = Callable[[GameState, UsePlacePower], str]


@dataclass(frozen=True, slots=True)
class Place:
    """One Place: its number and id, the ways its power offers the user standing at `at`
    (empty: it would do nothing, C7), what a chosen way does (`this_card`: the user's own
    played card) and, for an optional way, the question a copy asks first (`asks`); `words`
    names a way's words when the state changes them (`wording`).

    What being caught there costs more: `caught_will` Will per Creature token (The Lair) and
    one Contamination token (`caught_token`: The Ice Cave). Of a double play it grants for
    next turn (`next_double` = its id): `keeps_one`, 1 of the 2 cards is kept before the
    reveal (The River, The Fjord), the other going back to hand; `may_play_one`, playing
    1 card instead of 2 is allowed (The Fjord)."""

    number: int
    id: str
    ways: Ways
    use: Use
    asks: Asks | None = None
    words: Words | None = None
    caught_will: int = 0
    caught_token: bool = False
    keeps_one: bool = False
    may_play_one: bool = False


@dataclass(slots=True)
class Board:
    """A variant's Artemia: its `gate` (blocks and limits every power shares) and its Places."""

    variant: str
    gate: Gate
    places: dict[int, Place] = field(default_factory=dict)


BOARDS: dict[str, Board] = {}  # by variant
PLACES: dict[str, Place] = {}  # every Place of every variant, by id


def register_place(variant: str, gate: Gate, place: Place) -> None:
    """Add a Place to its variant's board; an id, or a number on a board, is registered once."""
    board = BOARDS.setdefault(variant, Board(variant, gate))
    if place.id in PLACES or place.number in board.places or board.gate is not gate:
        raise ValueError(f"Place {place.id!r} ({variant}, {place.number}) is registered twice")
    if place_ids(variant).get(place.number) != place.id:
        raise ValueError(f"Place {place.number} of {variant} is not {place.id!r}")
    board.places[place.number] = place
    PLACES[place.id] = place


def wording(state: GameState, action: UsePlacePower) -> str:
    """The key of the words of a way of a place's power: `power.<place id>`, then `.<option>`
    when the power has several ways, unless the place's `words` name it."""
    place = BOARDS[state.config.variant].places[action.place]
    if place.words is not None:
        return place.words(state, action)
    return f"power.{place.id}.{action.option}" if action.option else f"power.{place.id}"


def power_options(state: GameState, hunted: Hunted, place: int,
                  this_card: int = 0) -> list[UsePlacePower]:
    """Every way `hunted` may use the power of `place` now; empty if it would do nothing.

    `this_card` is the user's played card, which tells where the user stands (Frozen Lands).
    """
    board = BOARDS[state.config.variant]
    at = board.gate(state, hunted, place, this_card)
    return [] if at is None else board.places[place].ways(state, hunted, at)


def power_bar(state: GameState, hunted: Hunted, place: int, this_card: int = 0) -> str:
    """Why the power of `place` offers `hunted` nothing now ("" if it offers something): what
    blocks it (board.block_reason), "used" (its once-a-turn use is spent) or "nothing" (C7)."""
    if power_options(state, hunted, place, this_card):
        return ""
    blocked = block_reason(state, place, hunted)
    if blocked:
        return blocked
    return "used" if limit_spent(state, place) else "nothing"


def use_power(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
              events: Events) -> None:
    """Resolve a chosen power option; `this_card` is the user's own played card."""
    place = BOARDS[state.config.variant].places[action.place]
    emit(events, EventKind.POWER_USED, hunted=hunted.seat, place=action.place, id=place.id,
         option=action.option)
    place.use(state, hunted, action, this_card, events)


def resolve_copy(state: GameState, hunted: Hunted, place: int, this_card: int,
                 events: Events, via: str, card: str = "") -> None:
    """Use another place's power (Lair, Gate, Drone): at once if only one way, else ask; an
    optional only way (The Capsule's advance, E4) is asked too, and may be declined.

    `card` names the Survival card doing the copy (Drone, Gate): a prompt carries it, so that
    the card is discarded only once the copied power has resolved.
    """
    options = power_options(state, hunted, place, this_card)
    emit(events, EventKind.POWER_COPIED, hunted=hunted.seat, place=place, via=via)
    if not options:
        return
    data: dict[str, Any] = {"place": place, "card": this_card}
    if len(options) == 1:
        asks = BOARDS[state.config.variant].places[place].asks
        question = asks(state, options[0]) if asks is not None else {}
        if not question:
            use_power(state, hunted, options[0], this_card, events)
            return
        data |= question
    if card:
        data["resolving"] = card
    add_to_layer(state, Prompt(hunted.seat, PromptKind.POWER, data))
