"""How the Creature plays Hunt cards (their registry: hunt_registry.py): which plays are open,
and resolving one (its symbol, modifier and effect)."""

from __future__ import annotations

from .actions import PlayHuntCard
from .actions import play_hunt_card as play_hunt_card_action
from .board import Events, emit
from .hunt_registry import HUNT, HuntCard
from .prompts import push_layer
from .sides import without
from .state import GameState, Prompt
from .vocab import EventKind, PromptKind, TokenKind


def copied_card(state: GameState) -> str | None:
    """The Hunt card a copying card (Flashback) reproduces: the most recently discarded one, if
    any and not itself a copying card."""
    discard = state.creature.discard
    return discard[-1] if discard and not HUNT[discard[-1]].copies_last_discard else None


def can_play_hunt_cards(state: GameState) -> bool:
    """Public test: the Creature holds a Hunt card and may still play one this turn."""
    return bool(state.creature.hand) and state.creature.plays_left > 0


def hunt_card_actions(state: GameState, phase: int) -> list[PlayHuntCard]:
    """Every Hunt card play open to the Creature in `phase`, with its choices."""
    if not can_play_hunt_cards(state):
        return []
    out: list[PlayHuntCard] = []
    for card in sorted(set(state.creature.hand)):
        effect = copied_card(state) if HUNT[card].copies_last_discard else card
        if effect is None or HUNT[effect].info.phase != phase:
            continue
        for places, hunted in HUNT[effect].choices(state):
            out.append(play_hunt_card_action(card, places, hunted))
    return out


def play_hunt_card(state: GameState, action: PlayHuntCard, events: Events) -> None:
    """Play a Hunt card: discard it, count it, then resolve its effect (or Flashback's copy)."""
    creature = state.own_creature()
    effect = copied_card(state) if HUNT[action.card].copies_last_discard else action.card
    assert effect is not None
    creature.hand = without(creature.hand, action.card)
    creature.plays_left -= 1
    creature.played_this_turn += 1
    emit(events, EventKind.HUNT_CARD_PLAYED, card=action.card, effect=effect,
         places=list(action.places), hunted=action.hunted)
    _resolve(state, HUNT[effect], action, events)
    creature.discard = [*creature.discard, action.card]


def _resolve(state: GameState, card: HuntCard, action: PlayHuntCard, events: Events) -> None:
    """The symbol's mark, then the card's turn-long modifier, then its effect."""
    symbol = card.info.symbol
    if symbol == TokenKind.ARTEMIA:
        state.artemia_card = True
    elif symbol == TokenKind.TARGET:
        state.target_cards = (*state.target_cards, card.info.id)
        if action.places:
            state.tokens = {**state.tokens, TokenKind.TARGET: list(action.places)}
    if card.modifier is not None:
        state.effects = (*state.effects, card.modifier)
    if card.effect is not None:
        card.effect(state, action, events)


def reset_choices(state: GameState, events: Events) -> None:
    """F15: Place cards already chosen go back to hand and those Hunted choose again."""
    for hunted in state.each_hunted():
        if hunted.ready:
            hunted.hand = sorted([*hunted.hand, *hunted.played])
            hunted.played = []
            hunted.ready = False
            state.layers[0].append(Prompt(hunted.seat, PromptKind.EXPLORE))
            emit(events, EventKind.PLACE_CHOICE_RESET, hunted=hunted.seat)


def standing(state: GameState, place: int) -> list[int]:
    """Seats of the Hunted whose figure is at `place`."""
    return [h.seat for h in state.hunted if any(p == place for p, _ in h.positions)]


def ask_each_standing(state: GameState, place: int, kind: PromptKind) -> None:
    """Ask every Hunted standing at `place` the same question, all at once."""
    push_layer(state, [Prompt(seat, kind) for seat in standing(state, place)])
