"""Prompts that only Frozen Lands asks: team votes, token choices, looks, gifts, reserve picks."""

from __future__ import annotations

from collections.abc import Callable

from .actions import PASS, Action, Choose, DiscardContamination, LookAtToken, Vote
from .board import Events, emit, held_tokens, lose_will, may_play_survival
from .cards import RESERVE_PLACES
from .contamination import discard_token, look, take_token
from .frozen_places import gain_place_card
from .prompts import add_to_layer, has_prompt, remove_prompt
from .state import GameState, Prompt

Legal = Callable[[GameState, Prompt], list[Action]]
Answer = Callable[[GameState, Prompt, Action, Events], None]


def _team_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [Vote(option) for option in prompt.data["options"]]


def _team_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    assert isinstance(action, Vote)
    state.votes[prompt.seat] = action.option
    remove_prompt(state, prompt)
    emit(events, "voted", hunted=prompt.seat, decision=prompt.data["decision"],
         option=action.option)


def _discard_token_legal(state: GameState, prompt: Prompt) -> list[Action]:
    return [DiscardContamination(t.id) for t in state.hunted_at(prompt.seat).tokens]


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
    h = state.hunted_at(prompt.seat)
    return [Choose(str(n)) for n in RESERVE_PLACES
            if state.reserve.get(n, 0) > 0 and not h.owns(n)] or [PASS]


def _gain_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    remove_prompt(state, prompt)
    if isinstance(action, Choose):
        gain_place_card(state, state.hunted_at(prompt.seat), int(action.option), events)


def _give_legal(state: GameState, prompt: Prompt) -> list[Action]:
    others = [Choose(str(h.seat)) for h in state.hunted if h.seat != prompt.seat]
    return [*others, Choose("discard")]


def _give_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    assert isinstance(action, Choose)
    remove_prompt(state, prompt)
    card = prompt.data["card"]
    if action.option == "discard":
        state.survival_discard.append(card)
        emit(events, "survival_card_discarded", hunted=prompt.seat, why="not-given")
        return
    receiver = state.hunted_at(int(action.option))
    receiver.survival.append(card)
    # Face down: the table sees that a card changed hands, only the two Hunted see which.
    emit(events, "survival_card_given", giver=prompt.seat, receiver=receiver.seat)
    emit(events, "survival_card_given_privately", (prompt.seat, receiver.seat), card=card)
    # Supply Drop in the phase-4 window: the receiver may still play a card this turn (§3 #7).
    if (state.step == "end_of_turn" and may_play_survival(state, receiver)
            and not has_prompt(state, receiver.seat, "window")):
        add_to_layer(state, Prompt(receiver.seat, "window", {"phase": 4}))


def _thin_ice_legal(state: GameState, prompt: Prompt) -> list[Action]:
    h = state.hunted_at(prompt.seat)
    token = bool(state.contamination) or h.seat in state.vaccinated
    return [Choose(o) for o, ok in (("will", True), ("token", token)) if ok]


def _thin_ice_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    """Choices are secret until all are made, then applied together."""
    assert isinstance(action, Choose)
    state.votes[prompt.seat] = action.option
    remove_prompt(state, prompt)
    emit(events, "thin_ice_chosen", hunted=prompt.seat)
    emit(events, "thin_ice_choice", (prompt.seat,), option=action.option)
    if any(p.kind == "thin_ice" for p in state.layers[-1]):
        return
    for seat, option in sorted(state.votes.items()):
        h = state.hunted_at(seat)
        emit(events, "thin_ice_resolved", hunted=seat, option=option)
        if option == "will":
            lose_will(state, h, 1, events, "thin-ice")
        else:
            take_token(state, h, events, "thin-ice")
    state.votes.clear()


FROZEN_LEGAL: dict[str, Legal] = {
    "thin_ice": _thin_ice_legal,
    "team": _team_legal,
    "discard_token": _discard_token_legal,
    "look": _look_legal,
    "gain": _gain_legal,
    "give_survival": _give_legal,
}
FROZEN_ANSWER: dict[str, Answer] = {
    "thin_ice": _thin_ice_answer,
    "team": _team_answer,
    "discard_token": _discard_token_answer,
    "look": _look_answer,
    "gain": _gain_answer,
    "give_survival": _give_answer,
}
