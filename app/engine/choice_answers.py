"""Answers to the small choices cards and places ask: take back, discard, keep, Scream."""

from __future__ import annotations

from itertools import combinations

from .actions import (
    Action,
    Choice,
    Choose,
    DiscardPlaceCard,
    DiscardSurvivalCard,
    KeepHidden,
    KeepPlaceCard,
    KeepSurvivalCard,
    TakeBackPlaceCard,
    shared,
)
from .board import (
    Events,
    ask_discard,
    ask_take_back,
    discard_place_card,
    emit,
    lose_will,
    take_back,
)
from .prompts import PromptRule, add_to_layer, remove_prompt
from .sides import without
from .state import CREATURE, GameState, Prompt
from .survival import offer_new_card
from .vocab import Effect, EventKind, PromptKind

# --- Choices asked by cards and places --------------------------------------------------

def _take_back_legal(state: GameState, prompt: Prompt) -> list[Action]:
    discard = state.peek_hunted(prompt.seat).discard
    return [shared(TakeBackPlaceCard, c) for c in sorted(set(discard))]


def _take_back_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    assert isinstance(action, TakeBackPlaceCard)
    h = state.hunted_at(prompt.seat)
    take_back(state, h, action.card, events)
    remove_prompt(state, prompt)
    ask_take_back(state, h, prompt.data["count"] - 1, events)


def _discard_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [shared(DiscardPlaceCard, c) for c in sorted(set(state.peek_hunted(prompt.seat).hand))]


def _discard_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    assert isinstance(action, DiscardPlaceCard)
    h = state.hunted_at(prompt.seat)
    discard_place_card(state, h, action.card, events, prompt.data["why"])
    remove_prompt(state, prompt)
    ask_discard(state, h, prompt.data["count"] - 1, prompt.data["why"], events)


def _keep_place_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [shared(KeepPlaceCard, c) for c in state.peek_hunted(prompt.seat).played]


def _keep_place_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    assert isinstance(action, KeepPlaceCard)
    h = state.hunted_at(prompt.seat)
    h.hand = sorted([*h.hand, *without(h.played, action.card)])
    h.played = [action.card]
    remove_prompt(state, prompt)
    emit(events, EventKind.RIVER_CHOICE_MADE, hunted=h.seat)


def _keep_hidden_legal(state: GameState, prompt: Prompt) -> list[Action]:
    hand = sorted(state.peek_hunted(prompt.seat).hand)
    return [shared(KeepHidden, pair) for pair in sorted(set(combinations(hand, 2)))]


def _keep_hidden_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    assert isinstance(action, KeepHidden)
    h = state.hunted_at(prompt.seat)
    shown = list(h.hand)
    for card in action.cards:
        shown.remove(card)
    state.phobia = {**state.phobia, h.seat: shown}
    remove_prompt(state, prompt)
    emit(events, EventKind.PLACE_CARDS_SHOWN, hunted=h.seat, count=len(shown))
    emit(events, EventKind.PLACE_CARDS_SHOWN_TO_CREATURE, (CREATURE, h.seat), hunted=h.seat,
         cards=shown)


def _keep_survival_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [shared(KeepSurvivalCard, c) for c in sorted(set(prompt.data["cards"]))]


def _keep_survival_answer(state: GameState, prompt: Prompt, action: Action,
                          events: Events) -> None:
    assert isinstance(action, KeepSurvivalCard)
    h = state.hunted_at(prompt.seat)
    rest = list(prompt.data["cards"])
    rest.remove(action.card)
    h.survival = [*h.survival, action.card]
    remove_prompt(state, prompt)
    emit(events, EventKind.SURVIVAL_CARD_KEPT, (h.seat,), card=action.card, discarded=rest)
    if prompt.data.get("give") and Effect.ISOLATION not in state.effects:
        # The Igloo and Supply Drop: give the other card to another Hunted, or discard it.
        add_to_layer(state, Prompt(h.seat, PromptKind.GIVE_SURVIVAL, {"card": rest[0]}))
    else:
        state.survival_discard = [*state.survival_discard, *rest]
    offer_new_card(state, h)


def _discard_survival_legal(state: GameState, prompt: Prompt) -> list[Action]:
    held = state.peek_hunted(prompt.seat).survival
    return [shared(DiscardSurvivalCard, c) for c in sorted(set(held))]


def _discard_survival_answer(state: GameState, prompt: Prompt, action: Action,
                             events: Events) -> None:
    assert isinstance(action, DiscardSurvivalCard)
    h = state.hunted_at(prompt.seat)
    h.survival = without(h.survival, action.card)
    state.survival_discard = [*state.survival_discard, action.card]
    remove_prompt(state, prompt)
    emit(events, EventKind.SURVIVAL_CARD_DISCARDED, hunted=h.seat, why="toxin")
    emit(events, EventKind.SURVIVAL_CARD_DISCARDED_BY_YOU, (h.seat,), card=action.card)


def _scream_legal(state: GameState, prompt: Prompt) -> list[Action]:
    h = state.peek_hunted(prompt.seat)
    options = [("discard", bool(h.hand)), ("will", h.will > 0)]
    return [shared(Choose, name) for name, possible in options if possible]


def _scream_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    assert isinstance(action, Choose)
    h = state.hunted_at(prompt.seat)
    remove_prompt(state, prompt)
    emit(events, EventKind.SCREAM_ANSWERED, hunted=h.seat, option=action.option)
    if action.option == Choice.DISCARD:
        ask_discard(state, h, 2, "scream", events)
    else:
        lose_will(state, h, 1, events, "scream")


CHOICE_PROMPTS: tuple[tuple[PromptKind, PromptRule], ...] = (
    (PromptKind.TAKE_BACK, PromptRule(_take_back_legal, _take_back_answer)),
    (PromptKind.DISCARD, PromptRule(_discard_legal, _discard_answer)),
    (PromptKind.KEEP_PLACE, PromptRule(_keep_place_legal, _keep_place_answer)),
    (PromptKind.KEEP_HIDDEN, PromptRule(_keep_hidden_legal, _keep_hidden_answer)),
    (PromptKind.KEEP_SURVIVAL, PromptRule(_keep_survival_legal, _keep_survival_answer)),
    (PromptKind.DISCARD_SURVIVAL, PromptRule(_discard_survival_legal, _discard_survival_answer)),
    (PromptKind.SCREAM, PromptRule(_scream_legal, _scream_answer)),
)
