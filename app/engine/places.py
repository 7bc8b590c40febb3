"""The powers of the 10 Places: what each offers a Hunted and what it does (base_game.md §1)."""

from __future__ import annotations

from . import frozen_places
from .actions import UsePlacePower
from .board import (
    Events,
    advance_rescue,
    ask_take_back,
    creature_places,
    draw_survival,
    emit,
    limit_spent,
    power_blocked,
    survival_available,
)
from .cards import (
    ARTEFACT,
    BEACH,
    FROZEN,
    JUNGLE,
    LAIR,
    RESERVE_PLACES,
    RIVER,
    ROVER,
    SHELTER,
    SOURCE,
    SWAMP,
    UNCOPYABLE,
    WRECK,
    place_ids,
)
from .prompts import add_to_layer
from .state import GameState, Hunted, Prompt
from .vocab import Effect, EventKind, PowerOption, PromptKind


def power_options(state: GameState, hunted: Hunted, place: int,
                  this_card: int = 0) -> list[UsePlacePower]:
    """Every way `hunted` may use the power of `place` now; empty if it would do nothing.

    `this_card` is the user's played card, which tells where the user stands (Frozen Lands).
    """
    if state.config.variant == FROZEN:
        return frozen_places.power_options(state, hunted, place, this_card)
    if power_blocked(state, place) or limit_spent(state, place):
        return []
    persecution = Effect.PERSECUTION in state.effects
    despair = Effect.DESPAIR in state.effects
    if place == LAIR:
        options = [UsePlacePower(LAIR, PowerOption.RECOVER)] if hunted.discard else []
        for copied in sorted(set(creature_places(state))):
            if copied not in UNCOPYABLE and copied != LAIR and power_options(
                    state, hunted, copied):
                options.append(UsePlacePower(LAIR, PowerOption.COPY, copy=copied))
        return options
    if place in (JUNGLE, SWAMP):
        if persecution:
            return [UsePlacePower(place, PowerOption.THIS)] + (
                [UsePlacePower(place, PowerOption.DISCARD)] if hunted.discard else [])
        return [UsePlacePower(place)]
    if place in (RIVER, ARTEFACT):
        return [] if hunted.next_double else [UsePlacePower(place)]
    if place in (BEACH, WRECK):
        return [UsePlacePower(place)]
    if place == ROVER:
        return [UsePlacePower(ROVER, card=n) for n in RESERVE_PLACES
                if state.reserve.get(n, 0) > 0 and not hunted.owns(n)]
    if place == SHELTER:
        return [] if despair or not survival_available(state) else [UsePlacePower(SHELTER)]
    if place == SOURCE:
        options = [UsePlacePower(SOURCE, PowerOption.WILL, hunted=h.seat) for h in state.hunted
                   if 1 <= h.will <= 2]
        if not despair and survival_available(state):
            options.append(UsePlacePower(SOURCE, PowerOption.DRAW))
        return options
    raise ValueError(f"no such place {place}")


def use_power(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
              events: Events) -> None:
    """Resolve a chosen power option; `this_card` is the user's own played card."""
    place = action.place
    emit(events, EventKind.POWER_USED, hunted=hunted.seat, place=place,
         id=place_ids(state.config.variant)[place], option=action.option)
    if state.config.variant == FROZEN:
        frozen_places.use_power(state, hunted, action, this_card, events)
        return
    if place == LAIR:
        _lair(state, hunted, action, this_card, events)
    elif place in (JUNGLE, SWAMP):
        _return_cards(state, hunted, action, this_card, 1 if place == JUNGLE else 2, events)
    elif place == RIVER:
        hunted.next_double = "river"
    elif place == ARTEFACT:
        hunted.next_double = "artefact"
    elif place == BEACH:
        _beach(state, events)
    elif place == WRECK:
        state.used_once.append(WRECK)
        advance_rescue(state, events)
    elif place == ROVER:
        _rover(state, hunted, action, events)
    elif place == SHELTER:
        _shelter(state, hunted, events)
    elif place == SOURCE:
        _source(state, hunted, action, events)


def resolve_copy(state: GameState, hunted: Hunted, place: int, this_card: int,
                 events: Events, via: str) -> None:
    """Use another place's power (Lair, Gate, Drone): at once if only one way, else ask."""
    options = power_options(state, hunted, place, this_card)
    emit(events, EventKind.POWER_COPIED, hunted=hunted.seat, place=place, via=via)
    if len(options) == 1:
        use_power(state, hunted, options[0], this_card, events)
    elif options:
        add_to_layer(state, Prompt(hunted.seat, PromptKind.POWER, {"place": place,
                     "card": this_card}))


def _lair(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
          events: Events) -> None:
    if action.option == PowerOption.COPY and action.copy is not None:
        resolve_copy(state, hunted, action.copy, this_card, events, "lair")
    elif Effect.PERSECUTION in state.effects:
        ask_take_back(state, hunted, 1, events)
    else:
        ask_take_back(state, hunted, len(hunted.discard), events)


def _return_cards(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
                  count: int, events: Events) -> None:
    """Jungle/Swamp: this card back to hand plus discarded ones (Persecution: one of them)."""
    if action.option in (PowerOption.ONLY, PowerOption.THIS) and this_card in hunted.played:
        hunted.played.remove(this_card)
        hunted.hand.append(this_card)
        hunted.hand.sort()
        emit(events, EventKind.PLACE_CARD_RETURNED, hunted=hunted.seat, card=this_card)
    if action.option == PowerOption.ONLY:
        ask_take_back(state, hunted, count, events)
    elif action.option == PowerOption.DISCARD:
        ask_take_back(state, hunted, 1, events)


def _beach(state: GameState, events: Events) -> None:
    state.used_once.append(BEACH)
    if state.marker_on_beach:
        state.marker_on_beach = False
        emit(events, EventKind.MARKER_REMOVED)
        advance_rescue(state, events)
    else:
        state.marker_on_beach = True
        emit(events, EventKind.MARKER_PLACED)


def _rover(state: GameState, hunted: Hunted, action: UsePlacePower, events: Events) -> None:
    card = action.card
    assert card is not None
    state.reserve[card] -= 1
    hunted.hand.append(card)
    hunted.hand.sort()
    emit(events, EventKind.PLACE_CARD_GAINED, hunted=hunted.seat, card=card)


def _shelter(state: GameState, hunted: Hunted, events: Events) -> None:
    drawn = draw_survival(state, events, 2)
    emit(events, EventKind.SURVIVAL_CARDS_DRAWN, hunted=hunted.seat, count=len(drawn))
    if len(drawn) == 1:
        hunted.survival.append(drawn[0])
        emit(events, EventKind.SURVIVAL_CARD_KEPT, (hunted.seat,), card=drawn[0])
    elif drawn:
        add_to_layer(state, Prompt(hunted.seat, PromptKind.KEEP_SURVIVAL, {"cards": drawn}))


def _source(state: GameState, hunted: Hunted, action: UsePlacePower, events: Events) -> None:
    if action.option == PowerOption.WILL and action.hunted is not None:
        target = state.hunted_at(action.hunted)
        target.will += 1
        emit(events, EventKind.WILL_REGAINED, hunted=target.seat, will=target.will)
        return
    drawn = draw_survival(state, events, 1)
    hunted.survival.extend(drawn)
    emit(events, EventKind.SURVIVAL_CARDS_DRAWN, hunted=hunted.seat, count=len(drawn))
    if drawn:
        emit(events, EventKind.SURVIVAL_CARD_KEPT, (hunted.seat,), card=drawn[0])
