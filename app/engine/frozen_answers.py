"""Prompts that only Frozen Lands asks: team votes, token choices, looks, gifts, reserve picks."""

from __future__ import annotations

from .actions import (
    PASS,
    Action,
    Choice,
    Choose,
    DiscardContamination,
    LookAtToken,
    Vote,
    shared,
)
from .board import Events, emit, held_tokens, lose_will
from .cards import RESERVE_PLACES
from .contamination import discard_token, look, take_token
from .frozen_places import gain_place_card
from .prompts import PromptRule, remove_prompt
from .seat_view import Target
from .state import GameState, Prompt
from .survival import offer_new_card
from .vocab import EventKind, PromptKind, TargetKind


def _team_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [Vote(option) for option in prompt.data["options"]]


def _team_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    assert isinstance(action, Vote)
    state.votes = {**state.votes, prompt.seat: action.option}
    remove_prompt(state, prompt)
    emit(events, EventKind.VOTED, hunted=prompt.seat, decision=prompt.data["decision"],
         option=action.option)


def _discard_token_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [DiscardContamination(t.id) for t in state.peek_hunted(prompt.seat).tokens]


def _discard_token_answer(state: GameState, prompt: Prompt, action: Action,
                          events: Events) -> None:
    assert isinstance(action, DiscardContamination)
    remove_prompt(state, prompt)
    discard_token(state, state.hunted_at(prompt.seat), action.token, events,
                  prompt.data.get("why", ""))


def _look_legal(state: GameState, prompt: Prompt) -> list[Action]:
    held = {t.id for t in held_tokens(state)}
    options: list[Action] = [LookAtToken(t) for t in prompt.data["tokens"] if t in held]
    return options + ([PASS] if prompt.data.get("optional") or not options else [])


def _look_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    remove_prompt(state, prompt)
    if isinstance(action, LookAtToken):
        look(state, prompt.seat, action.token, events)


def _gain_legal(state: GameState, prompt: Prompt) -> list[Action]:
    h = state.peek_hunted(prompt.seat)
    return [shared(Choose, str(n)) for n in RESERVE_PLACES
            if state.reserve.get(n, 0) > 0 and not h.owns(n)] or [PASS]


def _gain_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    remove_prompt(state, prompt)
    if isinstance(action, Choose):
        gain_place_card(state, state.hunted_at(prompt.seat), int(action.option), events)


def _gain_reads(prompt: Prompt, option: str) -> tuple[str, tuple[Target, ...]]:
    """The option is the number of the Place card taken from the reserve."""
    return "choose.gain", (Target(TargetKind.CARD, int(option)),)


def _give_reads(prompt: Prompt, option: str) -> tuple[str, tuple[Target, ...]]:
    """The card to give first, then the Hunted it goes to (none: it is discarded)."""
    card = Target(TargetKind.CARD, prompt.data["card"])
    if option == Choice.DISCARD:
        return "choose.give_survival.discard", (card,)
    return "choose.give_survival", (card, Target(TargetKind.SEAT, int(option)))


def _give_legal(state: GameState, prompt: Prompt) -> list[Action]:
    others = [shared(Choose, str(h.seat)) for h in state.hunted if h.seat != prompt.seat]
    return [*others, shared(Choose, "discard")]


def _give_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    assert isinstance(action, Choose)
    remove_prompt(state, prompt)
    card = prompt.data["card"]
    if action.option == Choice.DISCARD:
        state.survival_discard = [*state.survival_discard, card]
        emit(events, EventKind.SURVIVAL_CARD_DISCARDED, hunted=prompt.seat, why="not-given")
        return
    receiver = state.hunted_at(int(action.option))
    receiver.survival = [*receiver.survival, card]
    # Face down: the table sees that a card changed hands, only the two Hunted see which.
    emit(events, EventKind.SURVIVAL_CARD_GIVEN, giver=prompt.seat, receiver=receiver.seat)
    emit(events, EventKind.SURVIVAL_CARD_GIVEN_PRIVATELY, (prompt.seat, receiver.seat), card=card)
    offer_new_card(state, receiver)


def _thin_ice_legal(state: GameState, prompt: Prompt) -> list[Action]:
    token = prompt.seat in state.vaccinated or _tokens_for_all(state)
    return [shared(Choose, o) for o, ok in (("will", True), ("token", token)) if ok]


def _tokens_for_all(state: GameState) -> bool:
    """True if the reserve holds a token for every Hunted on the ice that Vaccine leaves open:
    the choices are secret and at once, so whether one is honoured must not hang on another's
    (nor show it to the last chooser, through what the choice would cost)."""
    asked = {*state.votes, *(p.seat for p in state.layers[-1] if p.kind == PromptKind.THIN_ICE)}
    return len(state.contamination) >= len(asked - set(state.vaccinated))


def _thin_ice_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    """Choices are secret until all are made, then applied together."""
    assert isinstance(action, Choose)
    state.votes = {**state.votes, prompt.seat: action.option}
    remove_prompt(state, prompt)
    emit(events, EventKind.THIN_ICE_CHOSEN, hunted=prompt.seat)
    emit(events, EventKind.THIN_ICE_CHOICE, (prompt.seat,), option=action.option)
    if any(p.kind == PromptKind.THIN_ICE for p in state.layers[-1]):
        return
    for seat, option in sorted(state.votes.items()):
        h = state.hunted_at(seat)
        emit(events, EventKind.THIN_ICE_RESOLVED, hunted=seat, option=option)
        if option == Choice.WILL:
            lose_will(state, h, 1, events, "thin-ice")
        else:
            take_token(state, h, events, "thin-ice")
    state.votes = {}


FROZEN_PROMPTS: tuple[tuple[PromptKind, PromptRule], ...] = (
    (PromptKind.THIN_ICE, PromptRule(_thin_ice_legal, _thin_ice_answer)),
    (PromptKind.TEAM, PromptRule(_team_legal, _team_answer)),
    (PromptKind.DISCARD_TOKEN, PromptRule(_discard_token_legal, _discard_token_answer)),
    (PromptKind.LOOK, PromptRule(_look_legal, _look_answer)),
    (PromptKind.GAIN, PromptRule(_gain_legal, _gain_answer, _gain_reads)),
    (PromptKind.GIVE_SURVIVAL, PromptRule(_give_legal, _give_answer, _give_reads)),
)
