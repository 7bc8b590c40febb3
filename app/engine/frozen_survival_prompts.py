"""Signal Mirror and Relay Runner (frozen_lands.md §5): the choices these Frozen Lands
Survival cards hand to another Hunted, and what the chosen Hunted may answer."""

from __future__ import annotations

from .actions import PASS, Action, Choose, TakeBackPlaceCard, shared
from .board import Events, discard_knowers, emit, emit_secret
from .prompts import PromptRule, remove_prompt
from .seat_view import Target
from .sides import replaced, without
from .state import GameState, Hunted, Prompt
from .vocab import EventKind, PromptKind, TargetKind


def exchanges(state: GameState, o: Hunted) -> list[tuple[int, int]]:
    """Signal Mirror: (played card out, discarded card in); Force Field's cards stay out."""
    return [(out, into) for out in sorted(set(o.played)) for into in sorted(set(o.discard))
            if into not in state.forbidden]


def return_played(state: GameState, o: Hunted, card: int, events: Events) -> None:
    """Relay Runner: `card` leaves play and goes back to its owner's hand."""
    o.played = without(o.played, card)
    o.hand = sorted([*o.hand, card])
    emit(events, EventKind.PLACE_CARD_RETURNED, hunted=o.seat, card=card, why="relay-runner")


def _signal_mirror_legal(state: GameState, prompt: Prompt) -> list[Action]:
    o = state.peek_hunted(prompt.seat)
    return [*(shared(Choose, f"{out}:{into}") for out, into in exchanges(state, o)), PASS]


def _signal_mirror_reads(prompt: Prompt, option: str) -> tuple[str, tuple[Target, ...]]:
    """"out:into": the played Place card given up, then the discarded one played instead."""
    return "choose.signal_mirror", tuple(Target(TargetKind.CARD, int(x))
                                         for x in option.split(":"))


def _signal_mirror_answer(state: GameState, prompt: Prompt, action: Action,
                          events: Events) -> None:
    remove_prompt(state, prompt)
    o = state.hunted_at(prompt.seat)
    if not isinstance(action, Choose):
        emit(events, EventKind.SIGNAL_MIRROR_DECLINED, hunted=o.seat)
        return
    out, into = (int(x) for x in action.option.split(":"))
    o.played = replaced(o.played, o.played.index(out), into)
    o.discard = [*without(o.discard, into), out]
    # As with Vortex, the discard pile is face up: the swap shows (not under Smokescreen).
    emit_secret(events, EventKind.PLAYED_CARD_SWAPPED, discard_knowers(state),
                {"hunted": o.seat, "out": out, "into": into}, {"hunted": o.seat})


def _relay_runner_legal(state: GameState, prompt: Prompt) -> list[Action]:
    played = state.peek_hunted(prompt.seat).played
    return [shared(TakeBackPlaceCard, c) for c in sorted(set(played))]


def _relay_runner_answer(state: GameState, prompt: Prompt, action: Action,
                         events: Events) -> None:
    assert isinstance(action, TakeBackPlaceCard)
    remove_prompt(state, prompt)
    return_played(state, state.hunted_at(prompt.seat), action.card, events)


SURVIVAL_PROMPTS: tuple[tuple[PromptKind, PromptRule], ...] = (
    (PromptKind.SIGNAL_MIRROR, PromptRule(_signal_mirror_legal, _signal_mirror_answer,
                                                _signal_mirror_reads)),
    (PromptKind.RELAY_RUNNER, PromptRule(_relay_runner_legal, _relay_runner_answer)),
)
