"""The Reckoning's tasks for one Hunted (rulebook, Phase 3): which tokens act on them at a
place, what each does, and the place action that follows."""

from __future__ import annotations

from .ability_prompts import ask_stand_together
from .board import (
    Events,
    ask_discard,
    catches_at,
    emit,
    lose_will,
    may_play_survival,
    power_blocked,
)
from .cards import MAX_ONCE_PER_TURN
from .contamination import may_discard_tokens, take_token
from .hunt_registry import HUNT, target_acts_as, target_step
from .places import BOARDS, power_options
from .prompts import push_layer
from .state import GameState, Hunted, Prompt
from .vocab import Effect, EventKind, PromptKind, Task, TokenKind

# The Reckoning's steps in order (rulebook, Phase 3): token-free places, Target, Artemia,
# Creature token.
RECKONING_STEPS = (Task.FREE, Task.TARGET, Task.ARTEMIA, Task.CREATURE)


def task_kinds(state: GameState, h: Hunted, place: int) -> list[Task]:
    """The tokens' effects this Hunted suffers at `place`, by step: "target", "artemia",
    "creature" (none at a token-free place or for a token they ignore)."""
    kinds: list[Task] = []
    on_target = place in state.tokens.get(TokenKind.TARGET, []) and TokenKind.TARGET not in h.immune
    if on_target and target_step(state):
        kinds.append(Task.TARGET)
    if artemia_hits(state, h, place):
        kinds.append(Task.ARTEMIA)
    if creature_catches(state, h, place):
        kinds.append(Task.CREATURE)
    return kinds


TOKEN_TASKS = (Task.TARGET, Task.ARTEMIA, Task.CREATURE)  # a token's effect on a Hunted


def action_step(state: GameState, place: int) -> Task:
    """The step at which a Hunted takes their place action at `place`: that of the last Hunt
    token lying there ("free" if none). C2 and Q17: a Hunted who ignores a token (Dodge,
    Detector, Windbreak, Huddle) "takes their place action at that token's step", so the
    Creature-token place still comes last in the Reckoning."""
    steps: list[Task] = []
    if place in state.tokens.get(TokenKind.TARGET, []):
        steps += [Task.TARGET] if target_step(state) else []
        # A Target token acting as another token (Clone's, Sundog's) acts at that one's step.
        steps += [Task(token) for token in (TokenKind.ARTEMIA, TokenKind.CREATURE)
                  if target_acts_as(state, token)]
    steps += [Task.ARTEMIA] if place in state.tokens.get(TokenKind.ARTEMIA, []) else []
    steps += [Task.CREATURE] if place in state.tokens.get(TokenKind.CREATURE, []) else []
    return max(steps, key=RECKONING_STEPS.index, default=Task.FREE)


def artemia_hits(state: GameState, h: Hunted, place: int) -> int:
    """How many Artemia tokens act on this Hunted here (a Target token may be one: Sundog)."""
    if TokenKind.ARTEMIA in h.immune:
        return 0
    hits = int(place in state.tokens.get(TokenKind.ARTEMIA, []))
    if place in state.tokens.get(TokenKind.TARGET, []) and TokenKind.TARGET not in h.immune:
        hits += target_acts_as(state, TokenKind.ARTEMIA)
    return hits


def creature_catches(state: GameState, h: Hunted, place: int) -> int:
    """How many Creature tokens catch this Hunted here (Windbreak ignores Clone's Target)."""
    if TokenKind.CREATURE in h.immune:
        return 0
    catches = catches_at(state, place)
    if TokenKind.TARGET in h.immune and place in state.tokens.get(TokenKind.TARGET, []):
        catches -= target_acts_as(state, TokenKind.CREATURE)
    return catches


def offer_place_action(state: GameState, h: Hunted, place: int, card: int) -> None:
    """Power OR take back 1 card (unless the power is blocked and not max 1x/turn)."""
    if (artemia_hits(state, h, place) or creature_catches(state, h, place)
            or (power_blocked(state, place, h) and place not in MAX_ONCE_PER_TURN)):
        return
    # Ask whenever the public picture offers something or a Survival card might: deciding on
    # public facts only keeps the pace of play from revealing what the Hunted holds.
    tokens = bool(h.tokens) and may_discard_tokens(state)
    if h.discard or tokens or power_options(state, h, place, card) or may_play_survival(state, h):
        push_layer(state, [Prompt(h.seat, PromptKind.PLACE_ACTION, {"place": place, "card": card})])


def resolve_target(state: GameState, h: Hunted, place: int, events: Events) -> None:
    """The Target cards' effects on a Hunted on the Target place (their entries' `on_target`),
    the questions asked all at once (the place action is a task of its own)."""
    prompts: list[Prompt] = []
    for card in state.target_cards:
        effect = HUNT[card].on_target
        prompt = effect(state, h, place, events) if effect is not None else None
        if prompt is not None:
            prompts.append(prompt)
    push_layer(state, prompts)


def resolve_artemia(state: GameState, h: Hunted, place: int, events: Events) -> None:
    """Discard 1 Place card from hand per Artemia token (Mutation: lose 1 Will, Hypothermia:
    take 1 Contamination token, each per token)."""
    hits = artemia_hits(state, h, place)
    ask_discard(state, h, hits, "artemia", events)
    lose_will(state, h, hits * state.effects.count(Effect.MUTATION), events, "mutation")
    for _ in range(hits * state.effects.count(Effect.HYPOTHERMIA)):
        take_token(state, h, events, "hypothermia")


def resolve_creature(state: GameState, h: Hunted, place: int, events: Events,
                     kind: Task = Task.CREATURE, index: int = 0) -> None:
    """Caught: lose 1 Will per Creature token (+ the place's `caught_will`: 1 at the Lair,
    +1 per Fierceness), then the place's token (`caught_token`: The Ice Cave)."""
    here = BOARDS[state.config.variant].places[place]
    per_catch = 1 + here.caught_will + state.effects.count(Effect.FIERCENESS)
    catches = creature_catches(state, h, place)
    loss = per_catch * catches
    if kind == Task.CREATURE and ask_stand_together(state, h, loss, index):
        return  # Mara answers first; the task comes back as creature_hit or creature_shielded
    loss -= kind == Task.CREATURE_SHIELDED
    emit(events, EventKind.HUNTED_CAUGHT, hunted=h.seat, place=place, id=here.id)
    first_catch = h.seat not in state.caught
    state.caught = (*state.caught, h.seat)
    lose_will(state, h, loss, events, "creature")
    if here.caught_token:
        take_token(state, h, events, here.id)
    if first_catch and Effect.CONTAGION in state.effects:  # 1 token per Hunted, however caught
        take_token(state, h, events, "contagion")
