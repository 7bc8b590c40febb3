"""Building blocks for rule tests: set a table up, then drive it phase by phase."""

from __future__ import annotations

from collections.abc import Iterable

from app.engine import (
    CREATURE,
    Config,
    Event,
    GameState,
    PromptKind,
    apply_action,
    legal_actions,
)
from app.engine.actions import Action, Pass, PlaceHuntToken, PlayHuntCard, PlayPlaceCards
from app.engine.game import new_game
from app.engine.prompts import current_prompt
from app.engine.state import Prompt


def table(hunted: int = 3, seed: int = 1, board_side: int = 1, *, survival: bool = False,
          hunt_cards: Iterable[str] = (), variant: str = "base",
          abilities: bool = False) -> GameState:
    """A new game; by default nobody holds Survival cards and the Creature holds `hunt_cards`.

    Emptying hands makes the flow predictable: windows only open for seats that may play.
    The state is rebuilt through `new_game` so it is at the first decision of turn 1.
    """
    config = Config(hunted=hunted, board_side=board_side, variant=variant, abilities=abilities)
    state = new_game(config, seed)
    state = state.clone()
    if not survival:
        for h in state.hunted:
            state.survival_deck.extend(h.survival)
            h.survival.clear()
    state.creature.deck.extend(state.creature.hand)
    state.creature.hand = []
    for card in hunt_cards:
        give_hunt_card(state, card)
    # The Creature's phase-1 window exists only if it holds cards: rebuild the first layer.
    state.layers = [[Prompt(h.seat, PromptKind.EXPLORE) for h in state.hunted]]
    if state.creature.hand:
        state.layers[0].append(Prompt(CREATURE, PromptKind.WINDOW, {"phase": 1}))
    else:  # nor a play this turn: its refill at step 4 opens no late window (endgame.py)
        state.creature.plays_left = 0
    return state


def give_hunt_card(state: GameState, card: str) -> None:
    """Move a Hunt card from wherever it is into the Creature's hand (mutates a test state)."""
    creature = state.creature
    for pile in (creature.deck, creature.discard):
        if card in pile:
            pile.remove(card)
    creature.hand.append(card)


def give_survival_card(state: GameState, seat: int, card: str) -> None:
    """Move a Survival card into a Hunted's hand (mutates a test state)."""
    for pile in (state.survival_deck, state.survival_discard, *(h.survival for h in state.hunted)):
        if card in pile:
            pile.remove(card)
    state.hunted_at(seat).survival.append(card)


def act(state: GameState, seat: int, action: Action) -> GameState:
    """Apply a legal action (checked) and return the new state."""
    return act_events(state, seat, action)[0]


def act_events(state: GameState, seat: int, action: Action) -> tuple[GameState, list[Event]]:
    """Apply a legal action (checked) and return the new state and its events."""
    legal = legal_actions(state, seat)
    assert action in legal, f"{action} not legal for seat {seat}: {legal}"
    return apply_action(state, seat, action)


def prompt_of(state: GameState, seat: int) -> Prompt | None:
    """The prompt `seat` must answer now."""
    return current_prompt(state, seat)


def pass_windows(state: GameState) -> GameState:
    """Every seat whose only business is a card window passes it."""
    while state.layers and all(p.kind == "window" for p in state.layers[-1]):
        state = act(state, state.layers[-1][0].seat, Pass())
    return state


def explore(state: GameState, choices: dict[int, int | tuple[int, ...]]) -> GameState:
    """Each Hunted plays the given card(s); the Creature passes its phase-1 window."""
    for seat, cards in choices.items():
        played = cards if isinstance(cards, tuple) else (cards,)
        state = act(state, seat, PlayPlaceCards(tuple(sorted(played))))
    if prompt_of(state, CREATURE) is not None and prompt_of(state, CREATURE).kind == "window":
        state = act(state, CREATURE, Pass())
    return state


def hunt(state: GameState, creature: int, artemia: int | None = None,
         cards: Iterable[PlayHuntCard] = (), confirm: bool = True) -> GameState:
    """The Creature plays `cards`, places its tokens and (by default) confirms."""
    for card in cards:
        state = act(state, CREATURE, card)
    state = act(state, CREATURE, PlaceHuntToken("creature", (creature,)))
    if artemia is not None:
        state = act(state, CREATURE, PlaceHuntToken("artemia", (artemia,)))
    if confirm:
        state = act(state, CREATURE, Pass())
    return state


def play_turn(state: GameState, choices: dict[int, int | tuple[int, ...]], creature: int,
              artemia: int | None = None, cards: Iterable[PlayHuntCard] = ()) -> GameState:
    """Exploration and Hunting, then pass the windows up to the first Reckoning decision."""
    state = explore(state, choices)
    state = hunt(state, creature, artemia, cards)
    return pass_windows(state)
