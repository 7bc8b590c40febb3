"""Survival cards: the registry (one entry per card: survival_cards.py for the base game,
frozen_survival.py for Frozen Lands) and how a Hunted plays them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .actions import PlaySurvivalCard, shared
from .board import Events, discard_knowers, draw_survival, emit, emit_secret, may_play_survival
from .cards import (
    ALL_SURVIVAL_CARDS,
    FROZEN,
    FROZEN_SURVIVAL_CARDS,
    NOT_IN_FROZEN_LANDS,
    SURVIVAL_CARDS,
    CardInfo,
)
from .prompts import add_to_layer, has_prompt
from .sides import without
from .state import GameState, Hunted, Prompt
from .vocab import EventKind, Moment, PromptKind, Step, TargetKind, Task, TokenKind

Places = tuple[int, ...]  # a PlaySurvivalCard's choices (places, cards, seats or tokens)
SurvivalChoices = Callable[[GameState, Hunted], list[Places]]
PlaceActionChoices = Callable[[GameState, Hunted, int, int], list[Places]]  # (place, this card)
CardEffect = Callable[[GameState, Hunted, PlaySurvivalCard, Events, int], None]
Audience = Callable[[Hunted, PlaySurvivalCard], tuple[int, ...]]


def no_choice(state: GameState, hunted: Hunted) -> list[Places]:
    """The choices of a card that asks for nothing and always changes something."""
    return [()]


@dataclass(frozen=True, slots=True)
class SurvivalCard:
    """One Survival card: its printed data (`info`), the choices it offers now (none: it would
    change nothing, C7), what it does, and when it is offered: in its phase's windows, only in
    the closing window, or instead of a place's power (`place_choices`). `decks` lists the
    variants whose deck holds it; `names_discards`: its choices name discard-pile cards (hidden
    under Smokescreen); `audience`: who learns its choices (everyone by default); `chooses`:
    what its choices name, position by position, the last kind repeating."""

    info: CardInfo
    choices: SurvivalChoices
    effect: CardEffect
    moment: Moment = Moment.WINDOW
    place_choices: PlaceActionChoices | None = None
    decks: tuple[str, ...] = ("base", FROZEN)
    names_discards: bool = False
    audience: Audience | None = None
    chooses: tuple[TargetKind, ...] = (TargetKind.PLACE,)
    # The token the card has Hunted ignore (Dodge, Detector, Windbreak, Huddle): one gained
    # while the places resolve may still be played before that token's step (LATE).
    ignores: TokenKind | None = None


SURVIVAL: dict[str, SurvivalCard] = {}  # every Survival card, by id


def ignoring(info: CardInfo, choices: SurvivalChoices, token: TokenKind,
             **options: Any) -> SurvivalCard:
    """A card whose whole effect is that its player ignores `token` this turn (Dodge,
    Detector, Windbreak)."""
    def effect(state: GameState, hunted: Hunted, action: PlaySurvivalCard, events: Events,
               this_card: int) -> None:
        hunted.immune = [*hunted.immune, token]
    return SurvivalCard(info, choices, effect, ignores=token, **options)


def register_survival_card(card: SurvivalCard) -> None:
    """Add a card to the registry and to its decks' catalogues; an id is registered once."""
    name = card.info.id
    if name in SURVIVAL:
        raise ValueError(f"Survival card {name!r} is registered twice")
    SURVIVAL[name] = card
    ALL_SURVIVAL_CARDS[name] = card.info
    if "base" in card.decks:
        SURVIVAL_CARDS[name] = card.info
        if FROZEN not in card.decks:
            NOT_IN_FROZEN_LANDS.add(name)
    else:
        FROZEN_SURVIVAL_CARDS[name] = card.info


def survival_card_actions(state: GameState, hunted: Hunted, phase: int,
                          moment: str = "") -> list[PlaySurvivalCard]:
    """Every Survival card play open to `hunted` in `phase` outside the place action; in
    phase 3, closing-window cards (Body Heat) only when `moment` is "closing", others never;
    when it is LATE, only the cards that ignore a token still to resolve on `hunted`."""
    if not may_play_survival(state, hunted):
        return []
    out: list[PlaySurvivalCard] = []
    for name in sorted(set(hunted.survival)):
        card = SURVIVAL[name]
        if phase == 3 and (card.moment == Moment.CLOSING) != (moment == Moment.CLOSING):
            continue
        if phase == 3 and moment == Moment.LATE and (
                card.ignores is None or not _to_resolve(state, hunted, Task(card.ignores))):
            continue
        if card.info.phase == phase and card.moment != Moment.PLACE_ACTION:
            out.extend(shared(PlaySurvivalCard, name, places)
                       for places in card.choices(state, hunted))
    return out


def draw_to_keep(state: GameState, hunted: Hunted, events: Events, count: int = 1,
                 give: bool = False) -> None:
    """`hunted` draws `count` Survival cards (the Source, the Geyser: 1; the Shelter, the Igloo,
    Supply Drop: 2) and keeps one, at once when only one could be drawn; of two they choose
    (KEEP_SURVIVAL), and with `give` they give the other away or discard it."""
    drawn = draw_survival(state, events, count)
    emit(events, EventKind.SURVIVAL_CARDS_DRAWN, hunted=hunted.seat, count=len(drawn))
    if len(drawn) == 1:
        hunted.survival = [*hunted.survival, drawn[0]]
        emit(events, EventKind.SURVIVAL_CARD_KEPT, (hunted.seat,), card=drawn[0])
        offer_new_card(state, hunted)
    elif drawn:
        data = {"cards": drawn, "give": True} if give else {"cards": drawn}
        add_to_layer(state, Prompt(hunted.seat, PromptKind.KEEP_SURVIVAL, data))


def offer_new_card(state: GameState, hunted: Hunted) -> None:
    """A Hunted who gained a Survival card may play it this turn if its phase allows (the
    Igloo, §3 #7): in phase 4 their window reopens; while the places resolve, a late window
    offers the cards that ignore a token still to resolve on them. Public facts decide who is
    asked (a card changed hands or was drawn, the tokens and positions), never the card."""
    if not may_play_survival(state, hunted) or has_prompt(state, hunted.seat, PromptKind.WINDOW):
        return
    if state.step == Step.END_OF_TURN:
        add_to_layer(state, Prompt(hunted.seat, PromptKind.WINDOW, {"phase": 4}))
    elif state.step == Step.RESOLVE and any(_to_resolve(state, hunted, Task(token))
                                            for token in TokenKind):
        add_to_layer(state, Prompt(hunted.seat, PromptKind.WINDOW,
                                   {"phase": 3, "moment": str(Moment.LATE)}))


def _to_resolve(state: GameState, hunted: Hunted, task: Task) -> bool:
    """Whether the Reckoning's queue still holds that token's effect on `hunted`."""
    return any(kind == task and seat == hunted.seat for kind, seat, _ in state.queue)


def place_action_cards(state: GameState, hunted: Hunted, place: int,
                       this_card: int = 0) -> list[PlaySurvivalCard]:
    """Cards played instead of the power of `place` (Drone, Gate, Scrub Down)."""
    if not may_play_survival(state, hunted):
        return []
    out: list[PlaySurvivalCard] = []
    for name in sorted(set(hunted.survival)):
        choices = SURVIVAL[name].place_choices
        if choices is not None:
            out.extend(shared(PlaySurvivalCard, name, p)
                       for p in choices(state, hunted, place, this_card))
    return out


def play_survival_card(state: GameState, hunted: Hunted, action: PlaySurvivalCard,
                       events: Events, this_card: int = 0) -> None:
    """Play a Survival card from hand and resolve it; `this_card` serves Drone and Gate."""
    card = SURVIVAL[action.card]
    hunted.survival = without(hunted.survival, action.card)
    hunted.survival_played = True
    # Choices naming discard-pile cards are left out under Smokescreen (the Hunted learn them
    # from the discard and swap events, which the Creature does not).
    hidden = card.names_discards and discard_knowers(state) is not None
    played = {"hunted": hunted.seat, "card": action.card,
              "places": [] if hidden else list(action.places)}
    knowers = card.audience(hunted, action) if card.audience else ()
    if knowers:
        emit_secret(events, EventKind.SURVIVAL_CARD_PLAYED, knowers, played,
                    {**played, "places": []})
    else:
        emit(events, EventKind.SURVIVAL_CARD_PLAYED, **played)
    card.effect(state, hunted, action, events, this_card)
    # Rulebook: cards "are resolved as soon as they are played" and "are then discarded", so a
    # draw the card makes never finds it in the pile. A copied power still to choose (Drone,
    # Gate: a POWER prompt naming the card) discards it once answered (answers.py).
    if not resolving(state, hunted.seat, action.card):
        discard_survival(state, action.card)


def discard_survival(state: GameState, card: str) -> None:
    """Put a resolved Survival card on the (face-down) Survival discard pile."""
    state.survival_discard = [*state.survival_discard, card]


def resolving(state: GameState, seat: int, card: str) -> bool:
    """True if `seat` still owes a choice that finishes resolving the Survival card `card`."""
    return any(p.seat == seat and p.data.get("resolving") == card
               for layer in state.layers for p in layer)
