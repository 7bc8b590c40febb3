"""The Hunt card registry (one entry per card: app/engine/hunt_cards.py) and the questions the
shared table mechanics ask it: a card's rules live in its entry, the rest of the engine asks
the entry and never tests a card's name.

This module sits below the table mechanics (board.py, reckoning.py) so that they can ask it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .actions import PlayHuntCard
from .cards import ALL_HUNT_CARDS, FROZEN, FROZEN_HUNT_CARDS, HUNT_CARDS, CardInfo
from .events import Event
from .state import GameState, Hunted, Prompt
from .vocab import Effect, TokenKind

Choice = tuple[tuple[int, ...], int | None]  # (places, hunted) of a PlayHuntCard
HuntChoices = Callable[[GameState], list[Choice]]
HuntEffect = Callable[[GameState, PlayHuntCard, list[Event]], None]
# (state, place): True when the card, in play, makes the place's power fail this turn.
PowerFailure = Callable[[GameState, int], bool]
# (state, hunted, place, events) in the Reckoning's Target step, for each Hunted standing on
# the Target token: acts at once, or returns the question that Hunted answers.
TargetEffect = Callable[[GameState, Hunted, int, list[Event]], Prompt | None]


def any_time(state: GameState) -> list[Choice]:
    """The choices of a card that asks for nothing: one play, always open."""
    return [((), None)]


@dataclass(frozen=True, slots=True)
class HuntCard:
    """One Hunt card: its printed data (`info`: name, phase, symbol), the choices it offers now
    (none: it cannot be played now), the turn-long `modifier` it sets (read where it applies)
    and what it does at once (`effect`); `variant` names the deck it is shuffled into.

    Its hooks, asked by the shared mechanics: `copies_last_discard` (it plays as the last
    discarded Hunt card), `target_as` (its Target token acts as this other Hunt token),
    `fails_power` (the places whose power it makes fail) and `on_target` (what it does to
    each Hunted on its Target token in the Reckoning)."""

    info: CardInfo
    choices: HuntChoices = any_time
    modifier: Effect | None = None
    effect: HuntEffect | None = None
    variant: str = "base"
    copies_last_discard: bool = False
    target_as: TokenKind | None = None
    fails_power: PowerFailure | None = None
    on_target: TargetEffect | None = None


HUNT: dict[str, HuntCard] = {}  # every Hunt card, by id: hunt_cards.py registers them
# The cards with a `fails_power`, latest phase first (Cataclysm names the reason before
# Interference and the Target cards), then in the order they were registered.
_POWER_FAILURES: list[HuntCard] = []


def register_hunt_card(card: HuntCard) -> None:
    """Add a card to the registry and to its deck's catalogue; an id is registered once."""
    name = card.info.id
    if name in HUNT:
        raise ValueError(f"Hunt card {name!r} is registered twice")
    HUNT[name] = card
    (FROZEN_HUNT_CARDS if card.variant == FROZEN else HUNT_CARDS)[name] = card.info
    ALL_HUNT_CARDS[name] = card.info
    _sort_power_failures()


def unregister_hunt_card(name: str) -> None:
    """Take a card out of the registry and its catalogues (a test's own card)."""
    del HUNT[name]
    for catalogue in (HUNT_CARDS, FROZEN_HUNT_CARDS, ALL_HUNT_CARDS):
        catalogue.pop(name, None)
    _sort_power_failures()


def _sort_power_failures() -> None:
    cards = [card for card in HUNT.values() if card.fails_power is not None]
    _POWER_FAILURES[:] = sorted(cards, key=lambda card: -card.info.phase)


def target_acts_as(state: GameState, token: TokenKind) -> int:
    """1 when a Target card in play makes the Target token act as `token` (Clone: a Creature
    token, Sundog: an Artemia token), else 0. A second copy (Flashback) changes nothing: the
    one Target token is one more such token (H12), not two."""
    if not state.target_cards:  # the usual case, asked at every catch and hit
        return 0
    return int(any(HUNT[card].target_as == token for card in state.target_cards))


def target_places_as(state: GameState, token: TokenKind) -> list[int]:
    """The Target token's places when a card in play makes it act as `token` (else none)."""
    return list(state.tokens.get(TokenKind.TARGET, [])) if target_acts_as(state, token) else []


def target_step(state: GameState) -> bool:
    """True when a Target card in play acts in the Reckoning's Target step (one whose token
    is not another token: Clone's and Sundog's act at their token's step instead)."""
    return any(HUNT[card].target_as is None for card in state.target_cards)


def target_idle(state: GameState) -> bool:
    """True when no Target card in play does anything in the Reckoning (Force Field alone)."""
    return not any(_acts(HUNT[card]) for card in state.target_cards)


def _acts(card: HuntCard) -> bool:
    return (card.target_as is not None or card.fails_power is not None
            or card.on_target is not None)


def placed_before_hunting(state: GameState) -> bool:
    """True when the Target token lying on the board was placed by a card of the Exploration
    (Force Field covers places before the Hunted choose)."""
    return any(HUNT[card].info.phase == 1 for card in state.target_cards)


def failing_card(state: GameState, place: int, target_immune: bool) -> str:
    """The card that makes the place's power fail this turn ("" if none); for a Hunted who
    ignores the Target token (`target_immune`), the Target cards do not count."""
    for card in _POWER_FAILURES:
        if target_immune and card.info.symbol == TokenKind.TARGET:
            continue
        assert card.fails_power is not None
        if card.fails_power(state, place):
            return card.info.id
    return ""
