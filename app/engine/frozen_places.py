"""The 10 Frozen Lands Places (frozen_lands.md §3): options offered and what each power does."""

from __future__ import annotations

from typing import Any

from .actions import UsePlacePower, shared
from .board import (
    Events,
    advance_rescue,
    ask_take_back,
    creature_places,
    declare_winner,
    emit,
    limit_spent,
    power_blocked,
    survival_available,
)
from .cards import ADJACENT, FROZEN, RESERVE_PLACES, UNCOPYABLE
from .contamination import may_discard_tokens
from .places import Place, register_place, resolve_copy
from .prompts import add_to_layer
from .sides import without
from .state import GameState, Hunted, Prompt
from .survival import draw_to_keep
from .vocab import Effect, EventKind, PowerOption, PromptKind, Reason, Winner

ICE_CAVE, FROST_FOREST, FJORD, HUMMOCKS, SLED, HOT_SPRINGS, IGLOO, CAPSULE, GEYSER, AURORA = (
    range(1, 11))


def position_of(hunted: Hunted, this_card: int, default: int) -> int:
    """Where the user stands: the place of the played card `this_card` (C5, C8)."""
    for place, card in hunted.positions:
        if card == this_card:
            return place
    return default


def others_at(state: GameState, hunted: Hunted, place: int) -> list[Hunted]:
    """Other Hunted whose figure is at `place` (none under Isolation)."""
    if Effect.ISOLATION in state.effects:
        return []
    return [state.hunted_at(h.seat) for h in state.hunted
            if h.seat != hunted.seat and any(p == place for p, _ in h.positions)]


def move_destinations(hunted: Hunted, place: int) -> list[int]:
    """The places a move (Detour, Roped Together) may take this Hunted's figure to from
    `place`: the adjacent ones where she does not already stand."""
    # A Hunted is at a place or not (C8): two of her figures on one place would resolve it
    # twice for her (two place actions, two catches).
    here = {p for p, _ in hunted.positions}
    return [to for to in ADJACENT[place] if to not in here]


def choosable(state: GameState, hunted: Hunted) -> list[Hunted]:
    """The Hunted a power lets its user choose: anyone, or only the user under Isolation."""
    return [hunted] if Effect.ISOLATION in state.effects else list(state.each_hunted())


def _gate(state: GameState, hunted: Hunted, place: int, this_card: int) -> int | None:
    """Where the user stands (C5, C8), or None when the power is blocked (Windbreak lifts the
    Target token's block at the user's own place) or its max-1x/turn is spent."""
    at = position_of(hunted, this_card, place)
    if power_blocked(state, place, hunted if at == place else None):
        return None
    if limit_spent(state, place) and place != CAPSULE:
        return None
    return at


def _ice_cave(state: GameState, h: Hunted, at: int) -> list[UsePlacePower]:
    options = [shared(UsePlacePower, ICE_CAVE, PowerOption.RECOVER)] if h.discard else []
    for copied in sorted(set(creature_places(state))):
        copyable = copied not in UNCOPYABLE and copied != ICE_CAVE
        if copyable and not power_blocked(state, copied) and _usable(state, h, copied, at):
            options.append(shared(UsePlacePower, ICE_CAVE, PowerOption.COPY, copy=copied))
    return options


def _usable(state: GameState, h: Hunted, place: int, at: int) -> bool:
    """True if the power of `place` would do something for `h` standing at `at`."""
    if limit_spent(state, place) and place != CAPSULE:
        return False
    return bool(BOARD[place].ways(state, h, at))


def _frost_forest(state: GameState, h: Hunted, at: int) -> list[UsePlacePower]:
    friends = [o for o in choosable(state, h) if o.seat != h.seat and o.discard]
    if Effect.PERSECUTION in state.effects:  # one card moves in all
        return [shared(UsePlacePower, FROST_FOREST, PowerOption.THIS)] + [
            shared(UsePlacePower, FROST_FOREST, PowerOption.OTHER, hunted=o.seat) for o in friends]
    return [shared(UsePlacePower, FROST_FOREST)] + [
        shared(UsePlacePower, FROST_FOREST, hunted=o.seat) for o in friends]


def _fjord(state: GameState, h: Hunted, at: int) -> list[UsePlacePower]:
    return [shared(UsePlacePower, FJORD, hunted=o.seat) for o in choosable(state, h)
            if not o.next_double]


def _hummocks(state: GameState, h: Hunted, at: int) -> list[UsePlacePower]:
    return [shared(UsePlacePower, HUMMOCKS)] if others_at(state, h, at) else []


def _sled(state: GameState, h: Hunted, at: int) -> list[UsePlacePower]:
    options: list[UsePlacePower] = []
    for o in choosable(state, h):
        cards = [n for n in RESERVE_PLACES if state.reserve.get(n, 0) > 0 and not o.owns(n)]
        if not cards:
            continue
        if o.seat == h.seat:  # the user is the receiver: pick the card at once
            options.extend(shared(UsePlacePower, SLED, hunted=o.seat, card=n) for n in cards)
        else:  # the receiving Hunted picks the card
            options.append(shared(UsePlacePower, SLED, hunted=o.seat))
    return options


def _hot_springs(state: GameState, h: Hunted, at: int) -> list[UsePlacePower]:
    if Effect.PERSECUTION in state.effects:
        options = [shared(UsePlacePower, HOT_SPRINGS, PowerOption.THIS)]
        options += [shared(UsePlacePower, HOT_SPRINGS, PowerOption.DISCARD)] if h.discard else []
    else:
        options = [shared(UsePlacePower, HOT_SPRINGS, PowerOption.THIS)]
    if may_discard_tokens(state):
        options += [shared(UsePlacePower, HOT_SPRINGS, PowerOption.CLEANSE, hunted=o.seat)
                    for o in choosable(state, h) if o.tokens]
    return options


def _igloo(state: GameState, h: Hunted, at: int) -> list[UsePlacePower]:
    despair = Effect.DESPAIR in state.effects
    return [] if despair or not survival_available(state) else [shared(UsePlacePower, IGLOO)]


def _capsule(state: GameState, h: Hunted, at: int) -> list[UsePlacePower]:
    advance = shared(UsePlacePower, CAPSULE, PowerOption.ADVANCE)
    options = [] if limit_spent(state, CAPSULE) else [advance]
    if _lookable(state, h):
        options.append(shared(UsePlacePower, CAPSULE, PowerOption.LOOK))
    return options


def _capsule_asks(state: GameState, action: UsePlacePower) -> dict[str, Any]:
    """E4: the advance is optional ("you may") and must never reach Victory, so a copy asks
    for it explicitly, with a warning when it would lose the game."""
    if action.option != PowerOption.ADVANCE:
        return {}
    return {"optional": True, **({"warning": "capsule"} if state.rescue == 1 else {})}


def _lookable(state: GameState, h: Hunted) -> list[int]:
    """Tokens the user may look at (only their own under Isolation)."""
    holders = [h] if Effect.ISOLATION in state.effects else state.hunted
    return [t.id for o in holders for t in o.tokens if h.seat not in t.known and not t.face_up]


def _geyser(state: GameState, h: Hunted, at: int) -> list[UsePlacePower]:
    warm = [o for o in choosable(state, h) if 1 <= o.will <= 2]
    draw = Effect.DESPAIR not in state.effects and survival_available(state)
    if others_at(state, h, at) and warm and draw:
        return [shared(UsePlacePower, GEYSER, PowerOption.BOTH, hunted=o.seat) for o in warm]
    options = [shared(UsePlacePower, GEYSER, PowerOption.WILL, hunted=o.seat) for o in warm]
    return options + ([shared(UsePlacePower, GEYSER, PowerOption.DRAW)] if draw else [])


def _aurora(state: GameState, h: Hunted, at: int) -> list[UsePlacePower]:
    return [] if h.next_double else [shared(UsePlacePower, AURORA)]




def _ice_cave_use(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
                  events: Events) -> None:
    if action.option == PowerOption.COPY and action.copy is not None:
        resolve_copy(state, hunted, action.copy, this_card, events, "ice-cave")
    else:
        ask_take_back(state, hunted, 1 if Effect.PERSECUTION in state.effects
                      else len(hunted.discard), events)


def _frost_forest_use(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
                      events: Events) -> None:
    if action.option != PowerOption.OTHER:
        _return_this(state, hunted, this_card, events)
    if action.hunted is not None:
        friend = state.hunted_at(action.hunted)
        ask_take_back(state, friend, 1, events)  # a forced choice resolves itself


def _fjord_use(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
               events: Events) -> None:
    assert action.hunted is not None
    state.hunted_at(action.hunted).next_double = "fjord"


def _hummocks_use(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
                  events: Events) -> None:
    state.used_once = (*state.used_once, HUMMOCKS)
    advance_rescue(state, events)  # reaching Victory here reveals the tokens (E3)


def _igloo_use(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
               events: Events) -> None:
    draw_to_keep(state, hunted, events, 2, give=True)


def _aurora_use(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
                events: Events) -> None:
    hunted.next_double = "aurora"


def _return_this(state: GameState, hunted: Hunted, this_card: int, events: Events) -> None:
    if this_card in hunted.played:
        hunted.played = without(hunted.played, this_card)
        hunted.hand = sorted([*hunted.hand, this_card])
        emit(events, EventKind.PLACE_CARD_RETURNED, hunted=hunted.seat, card=this_card)


def _sled_use(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
              events: Events) -> None:
    assert action.hunted is not None
    receiver = state.hunted_at(action.hunted)
    if action.card is not None:
        gain_place_card(state, receiver, action.card, events)
    else:
        add_to_layer(state, Prompt(receiver.seat, PromptKind.GAIN))


def gain_place_card(state: GameState, receiver: Hunted, card: int, events: Events) -> None:
    """Take a Place card from the face-up reserve into hand."""
    state.reserve = {**state.reserve, card: state.reserve[card] - 1}
    receiver.hand = sorted([*receiver.hand, card])
    emit(events, EventKind.PLACE_CARD_GAINED, hunted=receiver.seat, card=card)


def _hot_springs_use(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
                     events: Events) -> None:
    if action.option == PowerOption.CLEANSE and action.hunted is not None:
        add_to_layer(state, Prompt(action.hunted, PromptKind.DISCARD_TOKEN, {"why": "hot-springs"}))
        return
    if action.option == PowerOption.DISCARD:
        ask_take_back(state, hunted, 1, events)
        return
    _return_this(state, hunted, this_card, events)
    if Effect.PERSECUTION not in state.effects:
        ask_take_back(state, hunted, 2, events)


def _capsule_use(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
                 events: Events) -> None:
    if action.option == PowerOption.ADVANCE:
        state.used_once = (*state.used_once, CAPSULE)
        if state.rescue == 1:  # E4: the Capsule must never carry the Hunted onto Victory
            emit(events, EventKind.CAPSULE_OVERSHOT, hunted=hunted.seat)
            declare_winner(state, events, Winner.CREATURE, Reason.CAPSULE)
            return
        advance_rescue(state, events)
    if _lookable(state, hunted):
        optional = action.option == PowerOption.ADVANCE
        add_to_layer(state, Prompt(hunted.seat, PromptKind.LOOK, {"optional": optional,
                                                         "tokens": _lookable(state, hunted)}))


def _geyser_use(state: GameState, hunted: Hunted, action: UsePlacePower, this_card: int,
                events: Events) -> None:
    if action.option in (PowerOption.WILL, PowerOption.BOTH) and action.hunted is not None:
        target = state.hunted_at(action.hunted)
        target.will += 1
        emit(events, EventKind.WILL_REGAINED, hunted=target.seat, will=target.will)
    if action.option in (PowerOption.DRAW, PowerOption.BOTH):
        draw_to_keep(state, hunted, events)


ENTRIES: tuple[Place, ...] = (
    Place(ICE_CAVE, "ice-cave", _ice_cave, _ice_cave_use, caught_token=True),
    Place(FROST_FOREST, "frost-forest", _frost_forest, _frost_forest_use),
    Place(FJORD, "fjord", _fjord, _fjord_use, keeps_one=True, may_play_one=True),
    Place(HUMMOCKS, "hummocks", _hummocks, _hummocks_use),
    Place(SLED, "sled", _sled, _sled_use),
    Place(HOT_SPRINGS, "hot-springs", _hot_springs, _hot_springs_use),
    Place(IGLOO, "igloo", _igloo, _igloo_use),
    Place(CAPSULE, "capsule", _capsule, _capsule_use, _capsule_asks),
    Place(GEYSER, "geyser", _geyser, _geyser_use),
    Place(AURORA, "aurora", _aurora, _aurora_use),
)
BOARD = {place.number: place for place in ENTRIES}

for _entry in ENTRIES:
    register_place(FROZEN, _gate, _entry)
