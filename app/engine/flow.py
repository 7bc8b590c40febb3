"""The turn as a declared sequence of steps; `advance` runs them until someone owes a decision."""

from __future__ import annotations

from collections.abc import Callable

from .abilities import (
    has_pack_instinct,
    may_act_in_closing_window,
    may_act_in_window,
    pack_instinct,
)
from .board import Events, advance_assimilation, emit
from .cards import FROZEN
from .endgame import ENDGAME_STEPS
from .hunt import can_play_hunt_cards
from .places import PLACES
from .prompts import drop_empty_layers, push_layer
from .reckoning import (
    RECKONING_STEPS,
    TOKEN_TASKS,
    action_step,
    offer_place_action,
    resolve_artemia,
    resolve_creature,
    resolve_target,
    task_kinds,
)
from .state import CREATURE, TURN_MARKS, GameState, Prompt
from .vocab import EventKind, Phase, PromptKind, Step, Task

PHASE_NAMES = {1: Phase.EXPLORATION, 2: Phase.HUNTING, 3: Phase.RECKONING, 4: Phase.END_OF_TURN}
PHASE_NUMBERS = {name: number for number, name in PHASE_NAMES.items()}
TASK_ORDER = {step: order for order, step in enumerate(RECKONING_STEPS)}


def advance(state: GameState, events: Events) -> None:
    """Run automatic steps until a seat owes a decision or the game is over."""
    if state.layers and all(state.layers):
        return  # the usual case: someone still owes an answer, nothing to run
    drop_empty_layers(state)
    while not state.layers and not state.winner:
        STEPS[state.step](state, events)
        drop_empty_layers(state)


def _start_turn(state: GameState, events: Events) -> None:
    """Phase 1 opens: reset this turn's effects; the Hunted choose, the Creature may play."""
    _reset_turn(state)
    emit(events, EventKind.PHASE_STARTED, phase=Phase.EXPLORATION, turn=state.turn)
    layer = [Prompt(h.seat, PromptKind.EXPLORE) for h in state.hunted]
    if can_play_hunt_cards(state):
        layer.append(Prompt(CREATURE, PromptKind.WINDOW, {"phase": 1}))
    push_layer(state, layer)
    state.step = Step.HUNTING


def _reset_turn(state: GameState) -> None:
    state.phase = 1
    for name in TURN_MARKS:
        setattr(state, name, ())
    state.queue, state.tokens, state.phobia = [], {}, {}
    state.artemia_card = state.lost_last = False
    for h in state.each_hunted():
        h.ready = h.resisted = h.survival_played = h.lost_last_will = False
        h.double, h.next_double = h.next_double, ""
        h.immune, h.positions = [], []
        h.used_this_turn = []  # once-per-turn sheet abilities
    creature = state.own_creature()
    creature.plays_left = 2 if creature.tracking_next else 1
    creature.tracking_next = False
    creature.played_this_turn = 0


def _hunting(state: GameState, events: Events) -> None:
    """Phase 2: the Creature plays Hunt cards and places its tokens, then confirms."""
    state.phase = 2
    emit(events, EventKind.PHASE_STARTED, phase=Phase.HUNTING, turn=state.turn)
    push_layer(state, [Prompt(CREATURE, PromptKind.HUNT)])
    state.step = Step.HUNTING_WINDOW


def _hunted_window(phase: int, next_step: Step) -> Callable[[GameState, Events], None]:
    def step(state: GameState, events: Events) -> None:
        push_layer(state, [Prompt(h.seat, PromptKind.WINDOW, {"phase": phase}) for h in state.hunted
                           if may_act_in_window(state, h, {"phase": phase})])
        state.step = next_step
    return step


def _river(state: GameState, events: Events) -> None:
    """Phase 3 opens: a Hunted with a River play keeps 1 card, the other goes back to hand."""
    state.phase = 3
    emit(events, EventKind.PHASE_STARTED, phase=Phase.RECKONING, turn=state.turn)
    push_layer(state, [Prompt(h.seat, PromptKind.KEEP_PLACE) for h in state.hunted
                       if h.double and PLACES[h.double].keeps_one and len(h.played) == 2])
    state.step = Step.REVEAL


def _reveal(state: GameState, events: Events) -> None:
    """The Hunted reveal their Place cards and stand on those places."""
    for h in state.each_hunted():
        h.positions = [(card, card) for card in h.played]
    emit(events, EventKind.PLACE_CARDS_REVEALED,
         places={str(h.seat): list(h.played) for h in state.hunted})
    state.step = Step.CREATURE_WINDOW_3


def _creature_window_3(state: GameState, events: Events) -> None:
    if can_play_hunt_cards(state):
        push_layer(state, [Prompt(CREATURE, PromptKind.WINDOW, {"phase": 3})])
    state.step = Step.HUNTED_WINDOW_3


def _build_queue(state: GameState, events: Events) -> None:
    """Order every Hunted's tasks by step (token-free places, Target, Artemia, Creature token),
    then place, then seat; a Hunted's place action follows the effects they suffer there."""
    tasks: list[tuple[int, int, int, int, tuple[Task, int, int]]] = []
    for h in state.hunted:
        for index, (place, _) in enumerate(h.positions):
            kinds = task_kinds(state, h, place)
            for kind in kinds:
                tasks.append((TASK_ORDER[kind], place, h.seat, 0, (kind, h.seat, index)))
            if Task.ARTEMIA not in kinds and Task.CREATURE not in kinds:  # these forbid it (C2)
                step = TASK_ORDER[action_step(state, place)]
                tasks.append((step, place, h.seat, 1, (Task.ACTION, h.seat, index)))
    tasks.sort()
    pack = [(Task.PACK, 0, 0)] if has_pack_instinct(state) else []
    state.queue = [task for *_, task in tasks] + pack + [(Task.ASSIMILATION, 0, 0)]
    state.step = Step.RESOLVE


def _resolve(state: GameState, events: Events) -> None:
    """Resolve the next Reckoning task; stop when it needs an answer."""
    if not state.queue:
        state.step = Step.CLOSING_WINDOW
        return
    (kind, seat, index), *state.queue = state.queue
    if kind == Task.ASSIMILATION:
        _assimilation(state, events)
        return
    if kind == Task.PACK:
        pack_instinct(state, events)
        return
    if kind in (Task.ACTION, Task.FREE, Task.TARGET_ACTION):  # the last two: saved before
        h = state.peek_hunted(seat)  # only reads the Hunted: no copy of her
        offer_place_action(state, h, *h.positions[index])
        return
    if kind in TOKEN_TASKS and _ignored(state, kind, seat, index):
        return
    h = state.hunted_at(seat)
    place = h.positions[index][0]
    if kind == Task.TARGET:
        resolve_target(state, h, place, events)
    elif kind == Task.ARTEMIA:
        resolve_artemia(state, h, place, events)
    elif kind in (Task.CREATURE, Task.CREATURE_HIT, Task.CREATURE_SHIELDED):  # Stand Together
        resolve_creature(state, h, place, events, kind, index)


def _ignored(state: GameState, kind: Task, seat: int, index: int) -> bool:
    """Whether a token's effect is on a Hunted who came to ignore it while the places resolved
    (a card from a late window, survival.py): then it is skipped, and a Hunted it left free of
    the Artemia and Creature tokens there takes their place action at this step instead, as
    `_build_queue` would have ordered it (a Target token never took the action away)."""
    h = state.peek_hunted(seat)
    place, card = h.positions[index]
    kinds = task_kinds(state, h, place)
    if kind in kinds:
        return False
    later = any(k in TOKEN_TASKS and (s, i) == (seat, index) for k, s, i in state.queue)
    if kind != Task.TARGET and not later and not {Task.ARTEMIA, Task.CREATURE} & set(kinds):
        offer_place_action(state, h, place, card)
    return True


def _assimilation(state: GameState, events: Events) -> None:
    """+1 if anyone was caught, +1 more if anyone lost their last Will, + Anticipation."""
    if state.caught:
        advance_assimilation(state, events)
    if state.lost_last:
        advance_assimilation(state, events)
    for seat in state.anticipation:
        if seat in state.caught:
            advance_assimilation(state, events)


def _closing_window(state: GameState, events: Events) -> None:
    """After every token's effect (Frozen Lands or abilities): Body Heat, Triage."""
    if state.config.variant == FROZEN or state.config.abilities:
        push_layer(state, [Prompt(h.seat, PromptKind.WINDOW, {"phase": 3, "moment": "closing"})
                           for h in state.hunted if may_act_in_closing_window(state, h)])
    state.step = Step.END_WINDOW


def _end_window(state: GameState, events: Events) -> None:
    """Phase 4 opens: phase-4 Hunt and Survival cards may be played before its steps."""
    state.phase = 4
    emit(events, EventKind.PHASE_STARTED, phase=Phase.END_OF_TURN, turn=state.turn)
    layer = [Prompt(h.seat, PromptKind.WINDOW, {"phase": 4}) for h in state.hunted
             if may_act_in_window(state, h, {"phase": 4})]
    if can_play_hunt_cards(state):
        layer.insert(0, Prompt(CREATURE, PromptKind.WINDOW, {"phase": 4}))
    push_layer(state, layer)
    state.step = Step.END_OF_TURN


STEPS: dict[Step, Callable[[GameState, Events], None]] = {
    Step.START_TURN: _start_turn,
    Step.HUNTING: _hunting,
    Step.HUNTING_WINDOW: _hunted_window(2, Step.RIVER),
    Step.RIVER: _river,
    Step.REVEAL: _reveal,
    Step.CREATURE_WINDOW_3: _creature_window_3,
    Step.HUNTED_WINDOW_3: _hunted_window(3, Step.BUILD_QUEUE),
    Step.BUILD_QUEUE: _build_queue,
    Step.RESOLVE: _resolve,
    Step.CLOSING_WINDOW: _closing_window,
    Step.END_WINDOW: _end_window,
    **ENDGAME_STEPS,
}
