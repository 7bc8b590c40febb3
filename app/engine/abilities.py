"""Sheet abilities (frozen_lands.md §7): who has which, their limits, what they offer and do.

Contexts where abilities are offered: "explore" (Intercept), "hunt" (Keen Senses), the Hunted
windows "window-2" (Change of Plan), "closing" (Triage) and "window-4" (Share Supplies); Stand
Together interrupts the Creature-token step; Long Stride and Pack Instinct trigger by themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .actions import Action, UseAbility
from .board import Events, ask_discard, emit, may_play_survival
from .cards import ALL_PLACES, SHEET_ABILITIES
from .frozen_places import others_at
from .hunt_registry import placed_before_hunting
from .prompts import add_to_layer, push_layer
from .sides import without
from .state import CREATURE, GameState, Hunted, Prompt
from .vocab import Effect, EventKind, Moment, PromptKind, TokenKind

Offers = Callable[[GameState, Hunted], list[Action]]
UseEffect = Callable[[GameState, Hunted, UseAbility, Events], None]


@dataclass(frozen=True, slots=True)
class Ability:
    """One sheet ability: its name, whether its limit is once per game (else once per turn),
    the context where it is offered (none: it triggers by itself), what it offers the Hunted
    who has it there and what using it does (keen-senses is the Creature's: see below)."""

    name: str
    once_per_game: bool
    context: str = ""
    offers: Offers | None = None
    use: UseEffect | None = None


def has_ability(state: GameState, hunted: Hunted, ability: str) -> bool:
    """True if abilities are on, the Hunted's sheet has it and its limit is not spent."""
    if not state.config.abilities or SHEET_ABILITIES.get(hunted.sheet) != ability:
        return False
    used = hunted.used_this_game if ability in ONCE_PER_GAME else hunted.used_this_turn
    return ability not in used


def mark_used(hunted: Hunted, ability: str, events: Events, **data: object) -> None:
    """Spend one use of an ability and announce it (sheets are public)."""
    if ability in ONCE_PER_GAME:
        hunted.used_this_game = [*hunted.used_this_game, ability]
    else:
        hunted.used_this_turn = [*hunted.used_this_turn, ability]
    emit(events, EventKind.ABILITY_USED, ability=ability, hunted=hunted.seat, **data)


def use_passive(state: GameState, hunted: Hunted, ability: str, events: Events) -> int:
    """Apply an ability that triggers by itself (Long Stride): 1 if it did, else 0."""
    if not has_ability(state, hunted, ability):
        return 0
    mark_used(hunted, ability, events)
    return 1


def has_pack_instinct(state: GameState) -> bool:
    """The Creature's second ability: only with abilities on and 5 or more players."""
    return bool(state.config.abilities) and state.config.players >= 5


def pack_instinct(state: GameState, events: Events) -> None:
    """If 2 or more Hunted were caught, each caught Hunted discards 1 Place card."""
    caught = sorted(set(state.caught))
    if len(caught) < 2:
        return
    emit(events, EventKind.ABILITY_USED, ability="pack-instinct", hunted=None, caught=caught)
    state.layers.append([])  # they discard at the same time
    for seat in caught:
        ask_discard(state, state.hunted_at(seat), 1, "pack-instinct", events)


def may_act_in_closing_window(state: GameState, hunted: Hunted) -> bool:
    """Public test for the closing window: a Survival card to play, or Triage to use."""
    return may_play_survival(state, hunted) or bool(_triage(state, hunted))


def window_context(data: dict[str, Any]) -> str:
    """The context of a Hunted window prompt: "closing", "late" (no ability is used there) or
    "window-<phase>"."""
    moment = data.get("moment")
    return str(moment) if moment in (Moment.CLOSING, Moment.LATE) else _WINDOWS[data["phase"]]


_WINDOWS = {phase: f"window-{phase}" for phase in range(1, 5)}


def may_act_in_window(state: GameState, hunted: Hunted, data: dict[str, Any]) -> bool:
    """Public test for a Hunted window: a Survival card to play or an ability to use.

    Only public facts decide (sheets, uses, counts of cards, positions, Will), so whether a
    Hunted is asked never reveals what they hold. A late window is its receiver's alone.
    """
    if data.get("moment") == Moment.LATE:
        return False
    if may_play_survival(state, hunted):
        return True
    context = window_context(data)
    if context == Moment.CLOSING:
        return bool(_triage(state, hunted))
    if context == "window-2":
        return has_ability(state, hunted, "change-of-plan") and bool(hunted.played and hunted.hand)
    if context == "window-4":
        return bool(_share_supplies(state, hunted))
    return False


# --- What each ability offers -----------------------------------------------------------

def ability_actions(state: GameState, seat: int, context: str) -> list[Action]:
    """The UseAbility actions open to `seat` in `context` (empty when abilities are off)."""
    if not state.config.abilities:
        return []
    if seat == CREATURE:
        return _keen_senses(state) if context == PromptKind.HUNT else []
    h = state.peek_hunted(seat)
    ability = ABILITIES.get(SHEET_ABILITIES.get(h.sheet, ""))
    if ability is None or ability.context != context or ability.offers is None:
        return []
    return ability.offers(state, h)


def _intercept(state: GameState, h: Hunted) -> list[Action]:
    """Before the Place card is chosen; looking at an empty hand would change nothing (C7)."""
    ok = has_ability(state, h, "intercept") and not h.ready and bool(state.creature.hand)
    return [UseAbility("intercept")] if ok else []


def _keen_senses(state: GameState) -> list[Action]:
    """Before the Creature places any Hunt token this phase (Force Field's is from phase 1)."""
    placed = TokenKind.CREATURE in state.tokens or TokenKind.ARTEMIA in state.tokens or (
        TokenKind.TARGET in state.tokens and not placed_before_hunting(state))
    if "keen-senses" in state.creature_used or placed:
        return []
    return [UseAbility("keen-senses", place=p) for p in ALL_PLACES]


def _change_of_plan(state: GameState, h: Hunted) -> list[Action]:
    """Needs a played card and another card in hand that may be played (Force Field)."""
    if not has_ability(state, h, "change-of-plan"):
        return []
    if not any(c not in state.forbidden for c in h.hand):
        return []
    return [UseAbility("change-of-plan", place=c) for c in sorted(set(h.played))]


def _triage(state: GameState, h: Hunted) -> list[Action]:
    """Another Hunted at your place with 1 or 2 Will (none under Isolation: others_at)."""
    if not has_ability(state, h, "triage"):
        return []
    seats = {o.seat for place, _ in h.positions for o in others_at(state, h, place)
             if 1 <= o.will <= 2}
    return [UseAbility("triage", hunted=s) for s in sorted(seats)]


def _share_supplies(state: GameState, h: Hunted) -> list[Action]:
    """Give 1 Survival card to another Hunted; not a play, so Despair allows it."""
    if not has_ability(state, h, "share-supplies") or Effect.ISOLATION in state.effects:
        return []
    return [UseAbility("share-supplies", hunted=o.seat, card=c)
            for c in sorted(set(h.survival)) for o in state.hunted if o.seat != h.seat]


# --- What each ability does ---------------------------------------------------------------

def use_ability(state: GameState, seat: int, action: UseAbility, events: Events) -> None:
    """Apply a UseAbility taken from `ability_actions`; the caller keeps the prompt."""
    if seat == CREATURE:
        _use_keen_senses(state, action, events)
        return
    h = state.hunted_at(seat)
    mark_used(h, action.ability, events,
              **({"target": action.hunted} if action.hunted is not None else {}))
    use = ABILITIES[action.ability].use
    assert use is not None
    use(state, h, action, events)


def _use_intercept(state: GameState, h: Hunted, action: UseAbility, events: Events) -> None:
    # Blocks the table while Noor looks, so the hand cannot change under her eyes.
    push_layer(state, [Prompt(h.seat, PromptKind.INTERCEPT)])
    emit(events, EventKind.HUNT_HAND_SEEN, (h.seat,), cards=sorted(state.creature.hand))


def _use_change_of_plan(state: GameState, h: Hunted, action: UseAbility,
                        events: Events) -> None:
    assert action.place is not None
    h.played = without(h.played, action.place)
    h.hand = sorted([*h.hand, action.place])
    add_to_layer(state, Prompt(h.seat, PromptKind.CHANGE_OF_PLAN, {"out": action.place}))


def _use_triage(state: GameState, h: Hunted, action: UseAbility, events: Events) -> None:
    assert action.hunted is not None
    other = state.hunted_at(action.hunted)
    other.will += 1
    emit(events, EventKind.WILL_REGAINED, hunted=other.seat, will=other.will)


def _use_share_supplies(state: GameState, h: Hunted, action: UseAbility,
                        events: Events) -> None:
    assert action.hunted is not None
    receiver = state.hunted_at(action.hunted)
    h.survival = without(h.survival, action.card)
    receiver.survival = [*receiver.survival, action.card]
    # Face down: the table sees that a card changed hands, only the two Hunted see which.
    emit(events, EventKind.SURVIVAL_CARD_GIVEN, giver=h.seat, receiver=receiver.seat)
    emit(events, EventKind.SURVIVAL_CARD_GIVEN_PRIVATELY, (h.seat, receiver.seat),
         card=action.card)


def _use_keen_senses(state: GameState, action: UseAbility, events: Events) -> None:
    """The number is public; the count (both cards of a double play) is the Creature's alone."""
    assert action.place is not None
    state.creature_used = [*state.creature_used, action.ability]
    emit(events, EventKind.ABILITY_USED, ability=action.ability, hunted=None, place=action.place)
    count = sum(h.played.count(action.place) for h in state.hunted)
    emit(events, EventKind.KEEN_SENSES_COUNT, (CREATURE,), place=action.place, count=count)


ENTRIES: tuple[Ability, ...] = (
    Ability("triage", False, "closing", _triage, _use_triage),
    Ability("share-supplies", False, "window-4", _share_supplies, _use_share_supplies),
    Ability("long-stride", False),  # Resist: one card more (answers.py, use_passive)
    Ability("change-of-plan", True, "window-2", _change_of_plan, _use_change_of_plan),
    Ability("intercept", True, "explore", _intercept, _use_intercept),
    Ability("stand-together", True),  # an interrupt of the Creature-token step
    Ability("keen-senses", True, "hunt"),  # the Creature's (_keen_senses, _use_keen_senses)
    Ability("pack-instinct", False),  # the Creature's, at the Reckoning's end (pack_instinct)
)
ABILITIES: dict[str, Ability] = {ability.name: ability for ability in ENTRIES}
ONCE_PER_GAME = frozenset(ability.name for ability in ENTRIES if ability.once_per_game)
