"""Sheet abilities (frozen_lands.md §7): who has which, and their once-per-turn/game limits."""

from __future__ import annotations

from .board import Events, ask_discard, emit, may_play_survival
from .cards import SHEET_ABILITIES
from .state import GameState, Hunted

ONCE_PER_GAME = frozenset({"change-of-plan", "intercept", "stand-together", "keen-senses"})


def has_ability(state: GameState, hunted: Hunted, ability: str) -> bool:
    """True if abilities are on, the Hunted's sheet has it and its limit is not spent."""
    if not state.config.abilities or SHEET_ABILITIES.get(hunted.sheet) != ability:
        return False
    used = hunted.used_this_game if ability in ONCE_PER_GAME else hunted.used_this_turn
    return ability not in used


def mark_used(hunted: Hunted, ability: str, events: Events, **data: object) -> None:
    """Spend one use of an ability and announce it (sheets are public)."""
    (hunted.used_this_game if ability in ONCE_PER_GAME else hunted.used_this_turn).append(ability)
    emit(events, "ability_used", ability=ability, hunted=hunted.seat, **data)


def use_passive(state: GameState, hunted: Hunted, ability: str, events: Events) -> int:
    """Apply an ability that triggers by itself (Long Stride): 1 if it did, else 0."""
    if not has_ability(state, hunted, ability):
        return 0
    mark_used(hunted, ability, events)
    return 1


def has_pack_instinct(state: GameState) -> bool:
    """The Creature's second ability: only with abilities on and 5 or more players."""
    return state.config.abilities and state.config.players >= 5


def pack_instinct(state: GameState, events: Events) -> None:
    """If 2 or more Hunted were caught, each caught Hunted discards 1 Place card."""
    caught = sorted(set(state.caught))
    if len(caught) < 2:
        return
    emit(events, "ability_used", ability="pack-instinct", hunted=None, caught=caught)
    state.layers.append([])  # they discard at the same time
    for seat in caught:
        ask_discard(state, state.hunted_at(seat), 1, "pack-instinct", events)


def may_act_in_closing_window(state: GameState, hunted: Hunted) -> bool:
    """Public test for the closing window: a Survival card to play, or Triage to use."""
    return may_play_survival(state, hunted) or has_ability(state, hunted, "triage")
