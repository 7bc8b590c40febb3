"""The turn as a declared sequence of steps; `advance` runs them until someone owes a decision."""

from __future__ import annotations

from collections.abc import Callable

from .abilities import (
    has_pack_instinct,
    may_act_in_closing_window,
    may_act_in_window,
    pack_instinct,
)
from .ability_prompts import ask_stand_together
from .board import (
    Events,
    advance_assimilation,
    ask_discard,
    catches_at,
    emit,
    lose_will,
    may_play_survival,
    power_blocked,
)
from .cards import FROZEN, LAIR, MAX_ONCE_PER_TURN, place_ids
from .contamination import may_discard_tokens, take_token
from .endgame import ENDGAME_STEPS
from .frozen_places import others_at
from .hunt import can_play_hunt_cards
from .places import power_options
from .prompts import drop_empty_layers, push_layer
from .state import CREATURE, GameState, Hunted, Prompt
from .vocab import Effect, EventKind, Phase, PromptKind, Step, TokenKind

PHASE_NAMES = {1: Phase.EXPLORATION, 2: Phase.HUNTING, 3: Phase.RECKONING, 4: Phase.END_OF_TURN}
# Reckoning order (rulebook, Phase 3): token-free places, Target, Artemia, Creature token.
TASK_ORDER = {"free": 0, "target": 1, "target_action": 1, "artemia": 2, "creature": 3}


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
    for name in ("effects", "target_cards", "anticipation", "cataclysm", "forbidden",
                 "used_once", "caught", "queue", "vaccinated"):
        getattr(state, name).clear()
    state.tokens.clear()
    state.phobia.clear()
    state.artemia_card = state.lost_last = False
    for h in state.hunted:
        h.ready = h.resisted = h.survival_played = h.lost_last_will = False
        h.double, h.next_double = h.next_double, ""
        h.immune.clear()
        h.used_this_turn.clear()  # once-per-turn sheet abilities
        h.positions.clear()
    creature = state.creature
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
                       if h.double in ("river", "fjord") and len(h.played) == 2])
    state.step = Step.REVEAL


def _reveal(state: GameState, events: Events) -> None:
    """The Hunted reveal their Place cards and stand on those places."""
    for h in state.hunted:
        h.positions = [(card, card) for card in h.played]
    emit(events, EventKind.PLACE_CARDS_REVEALED,
         places={str(h.seat): list(h.played) for h in state.hunted})
    state.step = Step.CREATURE_WINDOW_3


def _creature_window_3(state: GameState, events: Events) -> None:
    if can_play_hunt_cards(state):
        push_layer(state, [Prompt(CREATURE, PromptKind.WINDOW, {"phase": 3})])
    state.step = Step.HUNTED_WINDOW_3


def _build_queue(state: GameState, events: Events) -> None:
    """Order every Hunted's places: token-free ascending, then Target, Artemia, Creature."""
    tasks: list[tuple[int, int, int, tuple[str, int, int]]] = []
    for h in state.hunted:
        for index, (place, _) in enumerate(h.positions):
            for kind in _task_kinds(state, h, place):
                tasks.append((TASK_ORDER[kind], place, h.seat, (kind, h.seat, index)))
    tasks.sort()
    pack = [("pack", 0, 0)] if has_pack_instinct(state) else []
    state.queue = [task for *_, task in tasks] + pack + [("assimilation", 0, 0)]
    state.step = Step.RESOLVE


# Target cards whose token acts as another token rather than with an effect of its own.
TOKEN_LIKE_TARGETS = frozenset({"clone", "sundog"})


def _task_kinds(state: GameState, h: Hunted, place: int) -> list[str]:
    kinds = []
    on_target = place in state.tokens.get(TokenKind.TARGET, []) and TokenKind.TARGET not in h.immune
    if on_target and set(state.target_cards) - TOKEN_LIKE_TARGETS:
        kinds.append("target")
    if _artemia_hits(state, h, place):
        kinds.append("artemia")
    if _catches(state, h, place):
        kinds.append("creature")
    return kinds or ["free"]


def _artemia_hits(state: GameState, h: Hunted, place: int) -> int:
    """How many Artemia tokens act on this Hunted here (Sundog's Target is a second one)."""
    if TokenKind.ARTEMIA in h.immune:
        return 0
    hits = int(place in state.tokens.get(TokenKind.ARTEMIA, []))
    if place in state.tokens.get(TokenKind.TARGET, []) and TokenKind.TARGET not in h.immune:
        hits += state.target_cards.count("sundog")
    return hits


def _catches(state: GameState, h: Hunted, place: int) -> int:
    """How many Creature tokens catch this Hunted here (Windbreak ignores Clone's Target)."""
    if TokenKind.CREATURE in h.immune:
        return 0
    catches = catches_at(state, place)
    if TokenKind.TARGET in h.immune and place in state.tokens.get(TokenKind.TARGET, []):
        catches -= state.target_cards.count("clone")
    return catches


def _resolve(state: GameState, events: Events) -> None:
    """Resolve the next Reckoning task; stop when it needs an answer."""
    if not state.queue:
        state.step = Step.CLOSING_WINDOW
        return
    kind, seat, index = state.queue.pop(0)
    if kind == "assimilation":
        _assimilation(state, events)
        return
    if kind == "pack":
        pack_instinct(state, events)
        return
    h = state.hunted_at(seat)
    place, card = h.positions[index]
    if kind in ("free", "target_action"):
        offer_place_action(state, h, place, card)
    elif kind == "target":
        _target(state, h, place, index, events)
    elif kind == "artemia":
        _artemia(state, h, place, events)
    elif kind in ("creature", "creature_hit", "creature_shielded"):  # Stand Together's steps
        _creature(state, h, place, events, kind, index)


def offer_place_action(state: GameState, h: Hunted, place: int, card: int) -> None:
    """Power OR take back 1 card (unless the power is blocked and not max 1x/turn)."""
    if (_artemia_hits(state, h, place) or _catches(state, h, place)
            or (power_blocked(state, place, h) and place not in MAX_ONCE_PER_TURN)):
        return
    # Ask whenever the public picture offers something or a Survival card might: deciding on
    # public facts only keeps the pace of play from revealing what the Hunted holds.
    tokens = bool(h.tokens) and may_discard_tokens(state)
    if h.discard or tokens or power_options(state, h, place, card) or may_play_survival(state, h):
        push_layer(state, [Prompt(h.seat, PromptKind.PLACE_ACTION, {"place": place, "card": card})])


def _target(state: GameState, h: Hunted, place: int, index: int, events: Events) -> None:
    """The Hunt card's effect on the Target place, then the place action if allowed."""
    prompts: list[Prompt] = []
    for card in state.target_cards:
        if card == "scream" and (h.hand or h.will):
            prompts.append(Prompt(h.seat, PromptKind.SCREAM))
        elif card == "toxin" and h.survival:
            prompts.append(Prompt(h.seat, PromptKind.DISCARD_SURVIVAL))
        elif card == "tainted-meltwater":
            take_token(state, h, events, "tainted-meltwater")
        elif card == "avalanche":
            count = 2 if others_at(state, h, place) else 1
            if len(h.hand) <= count:  # no choice to make: it happens at once
                ask_discard(state, h, count, "avalanche", events)
            else:
                prompts.append(Prompt(h.seat, PromptKind.DISCARD, {"count": count,
                               "why": "avalanche"}))
    state.queue.insert(0, ("target_action", h.seat, index))
    push_layer(state, prompts)


def _artemia(state: GameState, h: Hunted, place: int, events: Events) -> None:
    """Discard 1 Place card from hand per Artemia token (Mutation: lose 1 Will, Hypothermia:
    take 1 Contamination token, each per token)."""
    hits = _artemia_hits(state, h, place)
    ask_discard(state, h, hits, "artemia", events)
    lose_will(state, h, hits * state.effects.count(Effect.MUTATION), events, "mutation")
    for _ in range(hits * state.effects.count(Effect.HYPOTHERMIA)):
        take_token(state, h, events, "hypothermia")


def _creature(state: GameState, h: Hunted, place: int, events: Events, kind: str = "creature",
              index: int = 0) -> None:
    """Caught: lose 1 Will per Creature token (+1 at the Lair, +1 per Fierceness)."""
    frozen = state.config.variant == FROZEN
    # The Lair's extra Will does not exist in Frozen Lands: The Ice Cave gives a token instead.
    per_catch = 1 + (place == LAIR and not frozen) + state.effects.count(Effect.FIERCENESS)
    catches = _catches(state, h, place)
    loss = per_catch * catches
    if kind == "creature" and ask_stand_together(state, h, loss, index):
        return  # Mara answers first; the task comes back as creature_hit or creature_shielded
    loss -= kind == "creature_shielded"
    emit(events, EventKind.HUNTED_CAUGHT, hunted=h.seat, place=place,
         id=place_ids(state.config.variant)[place])
    first_catch = h.seat not in state.caught
    state.caught.append(h.seat)
    lose_will(state, h, loss, events, "creature")
    if frozen and place == LAIR:
        take_token(state, h, events, "ice-cave")
    if first_catch and Effect.CONTAGION in state.effects:  # 1 token per Hunted, however caught
        take_token(state, h, events, "contagion")


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
