"""The 15 Survival cards: when a Hunted may play each, with which choices, and their effects."""

from __future__ import annotations

from collections.abc import Callable

from .actions import PlaySurvivalCard
from .board import (
    Events,
    advance_rescue,
    ask_take_back,
    catches_at,
    creature_places,
    discard_knowers,
    discard_place_card,
    emit,
    emit_secret,
    may_play_survival,
)
from .cards import ADJACENT, ALL_SURVIVAL_CARDS, ARTEFACT, ROVER
from .frozen_survival import CHOICES as FROZEN_CHOICES
from .frozen_survival import CLOSING_CARDS, place_action_plays, play_audience
from .frozen_survival import EFFECTS as FROZEN_EFFECTS
from .frozen_survival import PLACE_ACTION_CARDS as FROZEN_PLACE_ACTION_CARDS
from .hunt import reset_choices
from .places import power_options, resolve_copy
from .rng import shuffled
from .state import CREATURE, GameState, Hunted
from .vocab import Effect, EventKind, TokenKind

CardEffect = Callable[[GameState, Hunted, PlaySurvivalCard, Events, int], None]

# Cards played at the place action (Drone, Gate, Scrub Down) are offered by the Reckoning.
PLACE_ACTION_CARDS = frozenset({"drone", "gate"}) | FROZEN_PLACE_ACTION_CARDS


def survival_card_actions(state: GameState, hunted: Hunted, phase: int,
                          moment: str = "") -> list[PlaySurvivalCard]:
    """Every Survival card play open to `hunted` in `phase` outside the place action; in
    phase 3, closing-window cards (Body Heat) only when `moment` is "closing", others never."""
    if not may_play_survival(state, hunted):
        return []
    out: list[PlaySurvivalCard] = []
    for card in sorted(set(hunted.survival)):
        if phase == 3 and (card in CLOSING_CARDS) != (moment == "closing"):
            continue
        if ALL_SURVIVAL_CARDS[card].phase == phase and card not in PLACE_ACTION_CARDS:
            out.extend(PlaySurvivalCard(card, places) for places in _choices(state, hunted, card))
    return out


def place_action_cards(state: GameState, hunted: Hunted, place: int,
                       this_card: int = 0) -> list[PlaySurvivalCard]:
    """Drone and Gate, offered instead of the power of `place`."""
    if not may_play_survival(state, hunted):
        return []
    out: list[PlaySurvivalCard] = []
    if "drone" in hunted.survival and power_options(state, hunted, ROVER, this_card):
        out.append(PlaySurvivalCard("drone"))
    if "gate" in hunted.survival:
        out.extend(PlaySurvivalCard("gate", (q,)) for q in ADJACENT[place]
                   if q != ARTEFACT and power_options(state, hunted, q, this_card))
    return out + place_action_plays(state, hunted, place, this_card)


def _choices(state: GameState, hunted: Hunted, card: str) -> list[tuple[int, ...]]:
    """The place/card choices a Survival card asks for; empty when it would change nothing."""
    if card in FROZEN_CHOICES:
        return FROZEN_CHOICES[card](state, hunted)
    creature = state.creature
    at = [place for place, _ in hunted.positions]
    artemia = state.tokens.get(TokenKind.ARTEMIA, [])
    if card == "adrenaline":
        return [()] if hunted.will < 3 else []
    if card == "ingenuity":
        return [] if state.marker_on_beach else [()]
    if card == "sacrifice":
        return [(c,) for c in hunted.hand] if creature.played_this_turn == 0 else []
    if card == "sixth-sense":
        return [()] if hunted.discard else []
    if card == "smokescreen":
        return [()]
    if card == "strike-back":
        return [()] if creature.hand else []
    if card == "vortex":
        return [(out, into) for out in hunted.played for into in hunted.discard
                if into not in state.forbidden]
    if card == "detector":
        return [()] if any(p in artemia for p in at) else []
    if card == "dodge":
        return [()] if any(catches_at(state, p) for p in at) else []
    if card == "hologram":
        if not any(p in artemia for p in at):
            return []
        return [(p, q) for p in sorted(set(artemia)) for q in ADJACENT[p] if q not in artemia]
    if card == "wrong-track":
        places = sorted(set(creature_places(state)))
        return [(p, q) for p in places for q in ADJACENT[p] if q not in places]
    if card == "amplifier":  # under Stasis the Rescue counter cannot advance this phase
        return [()] if state.marker_on_beach and Effect.STASIS not in state.effects else []
    if card == "double-back":
        return [(c,) for c in hunted.played]
    return []


def play_survival_card(state: GameState, hunted: Hunted, action: PlaySurvivalCard,
                       events: Events, this_card: int = 0) -> None:
    """Play a Survival card from hand and resolve it; `this_card` serves Drone and Gate."""
    hunted.survival.remove(action.card)
    state.survival_discard.append(action.card)
    hunted.survival_played = True
    # Sacrifice's and Vortex's choices name discard-pile cards: under Smokescreen they are left
    # out (the Hunted learn them from the discard and swap events, which the Creature does not).
    hidden = action.card in ("sacrifice", "vortex") and discard_knowers(state) is not None
    played = {"hunted": hunted.seat, "card": action.card,
              "places": [] if hidden else list(action.places)}
    knowers = play_audience(state, hunted, action)  # Whisper: only the two know the partner
    if knowers:
        emit_secret(events, EventKind.SURVIVAL_CARD_PLAYED, knowers, played, {**played,
                    "places": []})
    else:
        emit(events, EventKind.SURVIVAL_CARD_PLAYED, **played)
    _EFFECTS[action.card](state, hunted, action, events, this_card)


def _adrenaline(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    h.will += 1
    emit(e, EventKind.WILL_REGAINED, hunted=h.seat, will=h.will)


def _ingenuity(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    s.marker_on_beach = True
    emit(e, EventKind.MARKER_PLACED)


def _sacrifice(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    discard_place_card(s, h, a.places[0], e, "sacrifice")
    s.creature.plays_left = 0
    s.effects.append(Effect.SACRIFICE)
    reset_choices(s, e)


def _sixth_sense(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    ask_take_back(s, h, 2, e)


def _smokescreen(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    s.effects.append(Effect.SMOKESCREEN)


def _strike_back(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    creature = s.creature
    picked = shuffled(s.seed, s.rng_counter, creature.hand)[:2]
    s.rng_counter += 1
    for card in picked:
        creature.hand.remove(card)
    creature.deck[:0] = picked  # the deck is drawn from its end: index 0 is the bottom
    emit(e, EventKind.HUNT_CARDS_STRUCK_BACK, count=len(picked))
    emit(e, EventKind.HUNT_CARDS_TO_BOTTOM, (CREATURE,), cards=picked)


def _vortex(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    out, into = a.places
    h.played[h.played.index(out)] = into
    h.discard.remove(into)
    h.discard.append(out)
    # The discard pile is face up, so the swap shows (except to the Creature under Smokescreen).
    emit_secret(e, EventKind.PLAYED_CARD_SWAPPED, discard_knowers(s),
                {"hunted": h.seat, "out": out, "into": into}, {"hunted": h.seat})


def _immunity(token: TokenKind) -> CardEffect:
    def effect(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
        h.immune.append(token)
    return effect


def _move_token(token: TokenKind) -> CardEffect:
    def effect(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
        origin, to = a.places
        name = token
        if token == TokenKind.CREATURE and origin not in s.tokens.get(TokenKind.CREATURE, []):
            name = TokenKind.TARGET  # Clone: the Target token acts as a second Creature token
        places = s.tokens[name]
        places[places.index(origin)] = to
        emit(e, EventKind.HUNT_TOKEN_MOVED, token=name, origin=origin, destination=to)
    return effect


def _drone(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    resolve_copy(s, h, ROVER, c, e, "drone")


def _gate(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    resolve_copy(s, h, a.places[0], c, e, "gate")


def _amplifier(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    s.marker_on_beach = False
    emit(e, EventKind.MARKER_REMOVED)
    advance_rescue(s, e)


def _double_back(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    card = a.places[0]
    h.played.remove(card)
    h.hand.append(card)
    h.hand.sort()
    emit(e, EventKind.PLACE_CARD_RETURNED, hunted=h.seat, card=card)


_EFFECTS: dict[str, CardEffect] = {
    "adrenaline": _adrenaline,
    "ingenuity": _ingenuity,
    "sacrifice": _sacrifice,
    "sixth-sense": _sixth_sense,
    "smokescreen": _smokescreen,
    "strike-back": _strike_back,
    "vortex": _vortex,
    "detector": _immunity(TokenKind.ARTEMIA),
    "dodge": _immunity(TokenKind.CREATURE),
    "hologram": _move_token(TokenKind.ARTEMIA),
    "wrong-track": _move_token(TokenKind.CREATURE),
    "drone": _drone,
    "gate": _gate,
    "amplifier": _amplifier,
    "double-back": _double_back,
    **FROZEN_EFFECTS,
}
