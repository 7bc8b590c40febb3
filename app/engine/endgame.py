"""Phase 4's steps and the end of the game: Rescue, Blizzard, board or wait (Frozen Lands E1-E2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from .actions import Choice
from .board import (
    Events,
    advance_rescue,
    ask_discard,
    draw_hunt,
    emit,
    held_tokens,
    may_play_survival,
)
from .cards import FROZEN
from .contamination import may_discard_tokens, take_token
from .hunt import can_play_hunt_cards
from .prompts import add_to_layer, push_layer
from .state import CREATURE, GameState, Hunted, Prompt
from .vocab import Effect, EventKind, Moment, PromptKind, Step


def open_vote(state: GameState, events: Events, decision: str, options: list[str],
              then: Step) -> None:
    """Put a team decision to every Hunted (C11); `options[0]` is the one that changes nothing."""
    state.votes = {}
    push_layer(state, [Prompt(h.seat, PromptKind.TEAM, {"decision": decision, "options": options})
                       for h in state.hunted])
    emit(events, EventKind.TEAM_DECISION_OPENED, decision=decision, options=options)
    state.step = then


def vote_result(state: GameState, options: list[str], tie: str = "") -> str:
    """The majority's option; a tie goes to `tie`, by default the option that changes
    nothing (`options[0]`, C11)."""
    counts = Counter(state.votes.values())
    top = max(counts.values(), default=0)
    leaders = [o for o in options if counts[o] == top]
    return leaders[0] if len(leaders) == 1 else tie or options[0]


def most_tokens(state: GameState) -> int:
    """The seat of the Hunted holding the most tokens; seat order (from the Creature's left)
    breaks a tie. Only called while someone holds a token."""
    return max(state.hunted, key=lambda h: (len(h.tokens), -h.seat)).seat


def _end_of_turn(state: GameState, events: Events) -> None:
    """Steps 1-4: discard played cards, recover (and take a token) after a lost last Will,
    refill the Creature's hand; then the Rescue step."""
    recovered = []
    for h in state.each_hunted():
        h.discard, h.played = [*h.discard, *h.played], []
        if h.lost_last_will:
            h.hand, h.discard = sorted([*h.hand, *h.discard]), []
            h.will = 3
            emit(events, EventKind.HUNTED_RECOVERED, hunted=h.seat)
            recovered.append(h)
            if state.config.variant == FROZEN:  # C10: the last-Will token comes now
                take_token(state, h, events, "last-will")
    drawn = 0
    while len(state.creature.hand) < 3:
        card = draw_hunt(state, events)
        if card is None:
            break
        creature = state.own_creature()
        creature.hand = [*creature.hand, card]
        drawn += 1
    emit(events, EventKind.HUNT_CARDS_DRAWN, count=drawn)
    _last_chance(state, recovered if state.config.variant == FROZEN else [], drawn)
    state.step = Step.RESCUE


def _last_chance(state: GameState, recovered: list[Hunted], drawn: int) -> None:
    """Cards are played "at any time during the phase shown" (rulebook; Frozen Lands: "at any
    moment before step 5"). The window opened before step 1; it opens again, before the Rescue
    step, for those steps 1-4 gave something to play: the Creature if it drew and may still
    play a Hunt card (a Stasis drawn after Tracking), and in Frozen Lands a Hunted who
    recovered at step 2, whose last-Will token may decide the Rescue step (E1). Public facts
    alone open it, never the cards drawn."""
    late = {"phase": 4, "moment": str(Moment.LATE)}
    layer = [Prompt(h.seat, PromptKind.WINDOW, dict(late))
             for h in recovered if may_play_survival(state, h)]
    if drawn and can_play_hunt_cards(state):
        layer.insert(0, Prompt(CREATURE, PromptKind.WINDOW, late))
    if layer:
        push_layer(state, layer)


def _rescue(state: GameState, events: Events) -> None:
    """E1.1: Stasis holds the counter; Blizzard makes the Hunted pay 2 cards for it."""
    if Effect.STASIS in state.effects:
        emit(events, EventKind.RESCUE_HELD, why="stasis")
        state.step = Step.NEXT_TURN
    elif Effect.BLIZZARD in state.effects:
        payers = [str(h.seat) for h in state.hunted if len(h.hand) >= 2]
        if payers:
            open_vote(state, events, "blizzard", ["nobody", *payers], Step.BLIZZARD_RESULT)
        else:
            emit(events, EventKind.RESCUE_HELD, why="blizzard")
            state.step = Step.NEXT_TURN
    else:
        state.step = Step.RESCUE_ADVANCE


def _blizzard_result(state: GameState, events: Events) -> None:
    payers = [str(h.seat) for h in state.hunted if len(h.hand) >= 2]
    choice = vote_result(state, ["nobody", *payers])
    emit(events, EventKind.TEAM_DECISION_MADE, decision="blizzard", choice=choice)
    if choice == Choice.NOBODY:
        emit(events, EventKind.RESCUE_HELD, why="blizzard")
        state.step = Step.NEXT_TURN
        return
    ask_discard(state, state.hunted_at(int(choice)), 2, "blizzard", events)
    state.step = Step.RESCUE_ADVANCE


def _rescue_advance(state: GameState, events: Events) -> None:
    """E1.2-4: advance; at the last space with tokens held, the Hunted board or wait."""
    if state.config.variant == FROZEN and state.rescue == 1 and held_tokens(state):
        open_vote(state, events, "board", ["wait", "board"], Step.BOARD_RESULT)
        return
    advance_rescue(state, events)
    state.step = Step.NEXT_TURN


def _board_result(state: GameState, events: Events) -> None:
    choice = vote_result(state, ["wait", "board"])
    emit(events, EventKind.TEAM_DECISION_MADE, decision="board", choice=choice)
    if choice == Choice.BOARD:
        advance_rescue(state, events)  # onto Victory: every token is revealed
        state.step = Step.NEXT_TURN
        return
    state.extra_turns += 1
    emit(events, EventKind.RESCUE_REFUSED, extra_turns=state.extra_turns)
    holders = [str(h.seat) for h in state.hunted if h.tokens]
    if holders and may_discard_tokens(state):
        open_vote(state, events, "cleanse", ["nobody", *holders], Step.CLEANSE_RESULT)
    else:
        state.step = Step.NEXT_TURN


def _cleanse_result(state: GameState, events: Events) -> None:
    """Q4: after waiting, the Hunted may pick one of them to discard a token; a tied vote
    falls back on the Hunted with the most tokens, the first by seat order (C11)."""
    holders = [str(h.seat) for h in state.hunted if h.tokens]
    choice = vote_result(state, ["nobody", *holders], str(most_tokens(state)))
    emit(events, EventKind.TEAM_DECISION_MADE, decision="cleanse", choice=choice)
    if choice != Choice.NOBODY:
        add_to_layer(state, Prompt(int(choice), PromptKind.DISCARD_TOKEN, {"why": "refusal"}))
    state.step = Step.NEXT_TURN


def _next_turn(state: GameState, events: Events) -> None:
    state.turn += 1
    state.step = Step.START_TURN


ENDGAME_STEPS: dict[Step, Callable[[GameState, Events], None]] = {
    Step.END_OF_TURN: _end_of_turn,
    Step.RESCUE: _rescue,
    Step.BLIZZARD_RESULT: _blizzard_result,
    Step.RESCUE_ADVANCE: _rescue_advance,
    Step.BOARD_RESULT: _board_result,
    Step.CLEANSE_RESULT: _cleanse_result,
    Step.NEXT_TURN: _next_turn,
}
