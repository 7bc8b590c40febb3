"""The 20 Hunt cards: when the Creature may play each, with which choices, and their effects."""

from __future__ import annotations

from .actions import PlayHuntCard
from .actions import play_hunt_card as play_hunt_card_action
from .board import Events, ask_discard, emit
from .cards import ADJACENT, ALL_HUNT_CARDS, ALL_PLACES, EDGES
from .prompts import push_layer
from .state import GameState, Prompt
from .vocab import Effect, EventKind, PromptKind, TokenKind

EDGE_TARGETS = frozenset({"force-field", "mirage", "avalanche"})
SINGLE_TARGETS = frozenset({"clone", "scream", "toxin", "tainted-meltwater"})


def copied_card(state: GameState) -> str | None:
    """The Hunt card Flashback reproduces: the most recently discarded one, if any."""
    discard = state.creature.discard
    return discard[-1] if discard and discard[-1] != "flashback" else None


def can_play_hunt_cards(state: GameState) -> bool:
    """Public test: the Creature holds a Hunt card and may still play one this turn."""
    return bool(state.creature.hand) and state.creature.plays_left > 0


def hunt_card_actions(state: GameState, phase: int) -> list[PlayHuntCard]:
    """Every Hunt card play open to the Creature in `phase`, with its choices."""
    if not can_play_hunt_cards(state):
        return []
    out: list[PlayHuntCard] = []
    for card in sorted(set(state.creature.hand)):
        effect = copied_card(state) if card == "flashback" else card
        if effect is None or ALL_HUNT_CARDS[effect].phase != phase:
            continue
        for places, hunted in _choices(state, effect):
            out.append(play_hunt_card_action(card, places, hunted))
    return out


def _choices(state: GameState, card: str) -> list[tuple[tuple[int, ...], int | None]]:
    """The (places, hunted) choices a card asks for; empty when it cannot be played."""
    placed = TokenKind.TARGET in state.tokens
    if card in EDGE_TARGETS:
        return [((), None)] if placed else [(edge, None) for edge in EDGES]
    if card in SINGLE_TARGETS:
        return [((), None)] if placed else [((p,), None) for p in ALL_PLACES]
    if card == "virus":  # never on Sundog's place (its Target token is an Artemia token)
        sundog = state.tokens.get(TokenKind.TARGET, []) if "sundog" in state.target_cards else []
        return [(edge, None) for edge in EDGES if not set(edge) & set(sundog)]
    if card == "sundog":  # a second Artemia token, never on the first one's place
        artemia = state.tokens.get(TokenKind.ARTEMIA, [])
        return [((), None)] if placed else [((p,), None) for p in ALL_PLACES if p not in artemia]
    if card == "thin-ice":
        return [((p,), None) for p in ALL_PLACES if len(_standing(state, p)) >= 2]
    if card == "anticipation":
        return [((), h.seat) for h in state.hunted]
    if card in ("ascendancy", "phobia"):
        return [((), h.seat) for h in state.hunted if len(h.hand) > 2]
    if card == "forbidden-zone":
        return [((), None)] if any(h.hand for h in state.hunted) else []
    if card == "cataclysm":
        return [((p,), None) for p in ALL_PLACES if p not in state.cataclysm]
    if card == "detour":
        return [((place, to), h.seat) for h in state.hunted for place, _ in h.positions
                for to in ADJACENT[place]]
    return [((), None)]


def _standing(state: GameState, place: int) -> list[int]:
    """Seats of the Hunted whose figure is at `place`."""
    return [h.seat for h in state.hunted if any(p == place for p, _ in h.positions)]


def play_hunt_card(state: GameState, action: PlayHuntCard, events: Events) -> None:
    """Play a Hunt card: discard it, count it, then resolve its effect (or Flashback's copy)."""
    creature = state.creature
    effect = copied_card(state) if action.card == "flashback" else action.card
    assert effect is not None
    creature.hand.remove(action.card)
    creature.plays_left -= 1
    creature.played_this_turn += 1
    emit(events, EventKind.HUNT_CARD_PLAYED, card=action.card, effect=effect,
         places=list(action.places), hunted=action.hunted)
    _resolve(state, effect, action, events)
    creature.discard.append(action.card)


def _resolve(state: GameState, card: str, action: PlayHuntCard, events: Events) -> None:
    symbol = ALL_HUNT_CARDS[card].symbol
    if symbol == TokenKind.ARTEMIA:
        state.artemia_card = True
    elif symbol == TokenKind.TARGET:
        state.target_cards.append(card)
        if action.places:
            state.tokens[TokenKind.TARGET] = list(action.places)
    handler = _EFFECTS.get(card)
    if handler is not None:
        handler(state, action, events)
    else:
        state.effects.append(Effect(card))  # a card whose effect is read where it applies


def reset_choices(state: GameState, events: Events) -> None:
    """F15: Place cards already chosen go back to hand and those Hunted choose again."""
    for hunted in state.hunted:
        if hunted.ready:
            hunted.hand = sorted(hunted.hand + hunted.played)
            hunted.played = []
            hunted.ready = False
            state.layers[0].append(Prompt(hunted.seat, PromptKind.EXPLORE))
            emit(events, EventKind.PLACE_CHOICE_RESET, hunted=hunted.seat)


def _despair(state: GameState, action: PlayHuntCard, events: Events) -> None:
    state.effects.append(Effect.DESPAIR)
    reset_choices(state, events)


def _force_field(state: GameState, action: PlayHuntCard, events: Events) -> None:
    _target_only(state, action, events)
    state.forbidden.extend(state.tokens[TokenKind.TARGET])
    reset_choices(state, events)


def _anticipation(state: GameState, action: PlayHuntCard, events: Events) -> None:
    assert action.hunted is not None
    state.anticipation.append(action.hunted)


def _ascendancy(state: GameState, action: PlayHuntCard, events: Events) -> None:
    assert action.hunted is not None
    hunted = state.hunted_at(action.hunted)
    state.layers.append([])  # the Creature waits while the Hunted discards
    ask_discard(state, hunted, len(hunted.hand) - 2, "ascendancy", events)


def _forbidden_zone(state: GameState, action: PlayHuntCard, events: Events) -> None:
    state.layers.append([])  # all Hunted discard at the same time; the Creature waits
    for hunted in state.hunted:
        ask_discard(state, hunted, 1, "forbidden-zone", events)


def _phobia(state: GameState, action: PlayHuntCard, events: Events) -> None:
    assert action.hunted is not None
    push_layer(state, [Prompt(action.hunted, PromptKind.KEEP_HIDDEN)])


def _virus(state: GameState, action: PlayHuntCard, events: Events) -> None:
    state.tokens[TokenKind.ARTEMIA] = list(action.places)
    emit(events, EventKind.HUNT_TOKEN_PLACED, token=TokenKind.ARTEMIA, places=list(action.places))


def _cataclysm(state: GameState, action: PlayHuntCard, events: Events) -> None:
    state.cataclysm.append(action.places[0])


def _detour(state: GameState, action: PlayHuntCard, events: Events) -> None:
    assert action.hunted is not None
    hunted = state.hunted_at(action.hunted)
    origin, to = action.places
    for index, (place, card) in enumerate(hunted.positions):
        if place == origin:
            hunted.positions[index] = (to, card)
            break
    emit(events, EventKind.HUNTED_MOVED, hunted=hunted.seat, origin=origin, destination=to)


def _tracking(state: GameState, action: PlayHuntCard, events: Events) -> None:
    state.creature.tracking_next = True


def _thin_ice(state: GameState, action: PlayHuntCard, events: Events) -> None:
    """Each Hunted on the crowded place secretly chooses: lose 1 Will or take 1 token."""
    push_layer(state, [Prompt(seat, PromptKind.THIN_ICE) for seat in _standing(state,
               action.places[0])])


def _target_only(state: GameState, action: PlayHuntCard, events: Events) -> None:
    """Target cards act through the Target token; record where it went."""
    if action.places:
        emit(events, EventKind.HUNT_TOKEN_PLACED, token=TokenKind.TARGET,
             places=list(action.places))


_EFFECTS = {
    "despair": _despair,
    "force-field": _force_field,
    "anticipation": _anticipation,
    "ascendancy": _ascendancy,
    "forbidden-zone": _forbidden_zone,
    "phobia": _phobia,
    "virus": _virus,
    "clone": _target_only,
    "mirage": _target_only,
    "scream": _target_only,
    "toxin": _target_only,
    "cataclysm": _cataclysm,
    "detour": _detour,
    "tracking": _tracking,
    "thin-ice": _thin_ice,
    "sundog": _target_only,
    "avalanche": _target_only,
    "tainted-meltwater": _target_only,
}
