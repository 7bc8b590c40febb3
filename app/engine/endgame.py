"""Phase 4's steps and the end of the game: Rescue, Blizzard, board or wait (Frozen Lands E1-E2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from .board import (
    Events,
    advance_rescue,
    ask_discard,
    draw_hunt,
    emit,
    held_tokens,
)
from .cards import FROZEN
from .contamination import may_discard_tokens, take_token
from .prompts import add_to_layer, push_layer
from .state import GameState, Prompt


def open_vote(state: GameState, events: Events, decision: str, options: list[str],
              then: str) -> None:
    """Put a team decision to every Hunted (C11); `options[0]` is the one that changes nothing."""
    state.votes.clear()
    push_layer(state, [Prompt(h.seat, "team", {"decision": decision, "options": options})
                       for h in state.hunted])
    emit(events, "team_decision_opened", decision=decision, options=options)
    state.step = then


def vote_result(state: GameState, options: list[str]) -> str:
    """The majority's option; a tie goes to the option that changes nothing (C11)."""
    counts = Counter(state.votes.values())
    top = max(counts.values(), default=0)
    leaders = [o for o in options if counts[o] == top]
    return leaders[0] if len(leaders) == 1 else options[0]


def _end_of_turn(state: GameState, events: Events) -> None:
    """Steps 1-4: discard played cards, recover (and take a token) after a lost last Will,
    refill the Creature's hand; then the Rescue step."""
    for h in state.hunted:
        h.discard.extend(h.played)
        h.played.clear()
        if h.lost_last_will:
            h.hand = sorted(h.hand + h.discard)
            h.discard.clear()
            h.will = 3
            emit(events, "hunted_recovered", hunted=h.seat)
            if state.config.variant == FROZEN:  # C10: the last-Will token comes now
                take_token(state, h, events, "last-will")
    drawn = 0
    while len(state.creature.hand) < 3:
        card = draw_hunt(state, events)
        if card is None:
            break
        state.creature.hand.append(card)
        drawn += 1
    emit(events, "hunt_cards_drawn", count=drawn)
    state.step = "rescue"


def _rescue(state: GameState, events: Events) -> None:
    """E1.1: Stasis holds the counter; Blizzard makes the Hunted pay 2 cards for it."""
    if "stasis" in state.effects:
        emit(events, "rescue_held", why="stasis")
        state.step = "next_turn"
    elif "blizzard" in state.effects:
        payers = [str(h.seat) for h in state.hunted if len(h.hand) >= 2]
        if payers:
            open_vote(state, events, "blizzard", ["nobody", *payers], "blizzard_result")
        else:
            emit(events, "rescue_held", why="blizzard")
            state.step = "next_turn"
    else:
        state.step = "rescue_advance"


def _blizzard_result(state: GameState, events: Events) -> None:
    payers = [str(h.seat) for h in state.hunted if len(h.hand) >= 2]
    choice = vote_result(state, ["nobody", *payers])
    emit(events, "team_decision_made", decision="blizzard", choice=choice)
    if choice == "nobody":
        emit(events, "rescue_held", why="blizzard")
        state.step = "next_turn"
        return
    ask_discard(state, state.hunted_at(int(choice)), 2, "blizzard", events)
    state.step = "rescue_advance"


def _rescue_advance(state: GameState, events: Events) -> None:
    """E1.2-4: advance; at the last space with tokens held, the Hunted board or wait."""
    if state.config.variant == FROZEN and state.rescue == 1 and held_tokens(state):
        open_vote(state, events, "board", ["wait", "board"], "board_result")
        return
    advance_rescue(state, events)
    state.step = "next_turn"


def _board_result(state: GameState, events: Events) -> None:
    choice = vote_result(state, ["wait", "board"])
    emit(events, "team_decision_made", decision="board", choice=choice)
    if choice == "board":
        advance_rescue(state, events)  # onto Victory: every token is revealed
        state.step = "next_turn"
        return
    state.extra_turns += 1
    emit(events, "rescue_refused", extra_turns=state.extra_turns)
    holders = [str(h.seat) for h in state.hunted if h.tokens]
    if holders and may_discard_tokens(state):
        open_vote(state, events, "cleanse", ["nobody", *holders], "cleanse_result")
    else:
        state.step = "next_turn"


def _cleanse_result(state: GameState, events: Events) -> None:
    """Q4: after waiting, the Hunted may pick one of them to discard a token."""
    holders = [str(h.seat) for h in state.hunted if h.tokens]
    choice = vote_result(state, ["nobody", *holders])
    emit(events, "team_decision_made", decision="cleanse", choice=choice)
    if choice != "nobody":
        add_to_layer(state, Prompt(int(choice), "discard_token", {"why": "refusal"}))
    state.step = "next_turn"


def _next_turn(state: GameState, events: Events) -> None:
    state.turn += 1
    state.step = "start_turn"


ENDGAME_STEPS: dict[str, Callable[[GameState, Events], None]] = {
    "end_of_turn": _end_of_turn,
    "rescue": _rescue,
    "blizzard_result": _blizzard_result,
    "rescue_advance": _rescue_advance,
    "board_result": _board_result,
    "cleanse_result": _cleanse_result,
    "next_turn": _next_turn,
}
