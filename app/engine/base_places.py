"""The base game's 10 Places, one registry entry each (base_game.md §1): the ways each power
offers and what it does."""

from __future__ import annotations

from .actions import UsePlacePower, shared
from .board import (
    Events,
    advance_rescue,
    ask_take_back,
    creature_places,
    emit,
    limit_spent,
    power_blocked,
    survival_available,
)
from .cards import (
    ARTEFACT,
    BEACH,
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
)
from .places import Place, power_options, register_place, resolve_copy
from .sides import without
from .state import GameState, Hunted
from .survival import draw_to_keep
from .vocab import Effect, EventKind, PowerOption


def _gate(state: GameState, hunted: Hunted, place: int, this_card: int) -> int | None:
    """A power does nothing while an effect blocks it or once its max-1x/turn is spent."""
    return None if power_blocked(state, place) or limit_spent(state, place) else place


# --- Ways ----------------------------------------------------------------------------------

def _lair_ways(state: GameState, hunted: Hunted, at: int) -> list[UsePlacePower]:
    options = [shared(UsePlacePower, LAIR, PowerOption.RECOVER)] if hunted.discard else []
    for copied in sorted(set(creature_places(state))):
        if copied not in UNCOPYABLE and copied != LAIR and power_options(state, hunted, copied):
            options.append(shared(UsePlacePower, LAIR, PowerOption.COPY, copy=copied))
    return options


def _return_ways(state: GameState, hunted: Hunted, at: int) -> list[UsePlacePower]:
    """Jungle and Swamp: under Persecution, this card or one discarded card."""
    if Effect.PERSECUTION in state.effects:
        return [shared(UsePlacePower, at, PowerOption.THIS)] + (
            [shared(UsePlacePower, at, PowerOption.DISCARD)] if hunted.discard else [])
    return [shared(UsePlacePower, at)]


def _double_ways(state: GameState, hunted: Hunted, at: int) -> list[UsePlacePower]:
    """River and Artefact: idle when a two-card play is already owed for next turn."""
    return [] if hunted.next_double else [shared(UsePlacePower, at)]


def _always(state: GameState, hunted: Hunted, at: int) -> list[UsePlacePower]:
    return [shared(UsePlacePower, at)]


def _rover_ways(state: GameState, hunted: Hunted, at: int) -> list[UsePlacePower]:
    return [shared(UsePlacePower, ROVER, card=n) for n in RESERVE_PLACES
            if state.reserve.get(n, 0) > 0 and not hunted.owns(n)]


def _shelter_ways(state: GameState, hunted: Hunted, at: int) -> list[UsePlacePower]:
    despair = Effect.DESPAIR in state.effects
    return [] if despair or not survival_available(state) else [shared(UsePlacePower, SHELTER)]


def _source_ways(state: GameState, hunted: Hunted, at: int) -> list[UsePlacePower]:
    options = [shared(UsePlacePower, SOURCE, PowerOption.WILL, hunted=h.seat) for h in state.hunted
               if 1 <= h.will <= 2]
    if Effect.DESPAIR not in state.effects and survival_available(state):
        options.append(shared(UsePlacePower, SOURCE, PowerOption.DRAW))
    return options


# --- Uses ----------------------------------------------------------------------------------

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
        hunted.played = without(hunted.played, this_card)
        hunted.hand = sorted([*hunted.hand, this_card])
        emit(events, EventKind.PLACE_CARD_RETURNED, hunted=hunted.seat, card=this_card)
    if action.option == PowerOption.ONLY:
        ask_take_back(state, hunted, count, events)
    elif action.option == PowerOption.DISCARD:
        ask_take_back(state, hunted, 1, events)


def _beach(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
           events: Events) -> None:
    state.used_once = (*state.used_once, BEACH)
    if state.marker_on_beach:
        state.marker_on_beach = False
        emit(events, EventKind.MARKER_REMOVED)
        advance_rescue(state, events)
    else:
        state.marker_on_beach = True
        emit(events, EventKind.MARKER_PLACED)


def _beach_words(state: GameState, action: UsePlacePower) -> str:
    return "power.beach.remove" if state.marker_on_beach else "power.beach.put"


def _rover(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
           events: Events) -> None:
    card = action.card
    assert card is not None
    state.reserve = {**state.reserve, card: state.reserve[card] - 1}
    hunted.hand = sorted([*hunted.hand, card])
    emit(events, EventKind.PLACE_CARD_GAINED, hunted=hunted.seat, card=card)


def _shelter(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
             events: Events) -> None:
    draw_to_keep(state, hunted, events, 2)


def _source(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
            events: Events) -> None:
    if action.option == PowerOption.WILL and action.hunted is not None:
        target = state.hunted_at(action.hunted)
        target.will += 1
        emit(events, EventKind.WILL_REGAINED, hunted=target.seat, will=target.will)
        return
    draw_to_keep(state, hunted, events)


def _jungle(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
            events: Events) -> None:
    _return_cards(state, hunted, action, this_card, 1, events)


def _swamp(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
           events: Events) -> None:
    _return_cards(state, hunted, action, this_card, 2, events)


def _river(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
           events: Events) -> None:
    hunted.next_double = "river"


def _artefact(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
              events: Events) -> None:
    hunted.next_double = "artefact"


def _wreck(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
           events: Events) -> None:
    state.used_once = (*state.used_once, WRECK)
    advance_rescue(state, events)


ENTRIES: tuple[Place, ...] = (
    Place(LAIR, "lair", _lair_ways, _lair, caught_will=1),
    Place(JUNGLE, "jungle", _return_ways, _jungle),
    Place(RIVER, "river", _double_ways, _river, keeps_one=True),
    Place(BEACH, "beach", _always, _beach, words=_beach_words),
    Place(ROVER, "rover", _rover_ways, _rover),
    Place(SWAMP, "swamp", _return_ways, _swamp),
    Place(SHELTER, "shelter", _shelter_ways, _shelter),
    Place(WRECK, "wreck", _always, _wreck),
    Place(SOURCE, "source", _source_ways, _source),
    Place(ARTEFACT, "artefact", _double_ways, _artefact),
)

for _entry in ENTRIES:
    register_place("base", _gate, _entry)
