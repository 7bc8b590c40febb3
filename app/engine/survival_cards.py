"""The base game's 15 Survival cards, one registry entry each (base_game.md §4): data, choices
(none: the card would change nothing, C7), effect and when each is offered."""

from __future__ import annotations

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
)
from .cards import ADJACENT, ARTEFACT, ROVER, CardInfo
from .hunt import reset_choices
from .hunt_registry import target_places_as
from .places import power_options, resolve_copy
from .rng import shuffled
from .sides import replaced, without
from .state import CREATURE, GameState, Hunted
from .survival import (
    CardEffect,
    Places,
    SurvivalCard,
    ignoring,
    no_choice,
    register_survival_card,
)
from .vocab import Effect, EventKind, Moment, TargetKind, TokenKind

# --- Choices ---------------------------------------------------------------------------------


def _short_of_will(s: GameState, h: Hunted) -> list[Places]:
    return [()] if h.will < 3 else []


def _no_marker(s: GameState, h: Hunted) -> list[Places]:
    return [] if s.marker_on_beach else [()]


def _hand_card_before_any_hunt_card(s: GameState, h: Hunted) -> list[Places]:
    return [(c,) for c in h.hand] if s.creature.played_this_turn == 0 else []


def _has_discards(s: GameState, h: Hunted) -> list[Places]:
    return [()] if h.discard else []


def _creature_holds_cards(s: GameState, h: Hunted) -> list[Places]:
    return [()] if s.creature.hand else []


def _played_for_discarded(s: GameState, h: Hunted) -> list[Places]:
    return [(out, into) for out in h.played for into in h.discard if into not in s.forbidden]


def _at(h: Hunted) -> list[int]:
    return [place for place, _ in h.positions]


def _sundog_places(s: GameState) -> list[int]:
    """A Target token acting as a second Artemia token (Sundog's, frozen_lands.md §4)."""
    return target_places_as(s, TokenKind.ARTEMIA)


def _on_artemia(s: GameState, h: Hunted) -> list[Places]:
    """On a place an Artemia token covers, Sundog's included ("Detector ignores both")."""
    artemia = [*s.tokens.get(TokenKind.ARTEMIA, []), *_sundog_places(s)]
    return [()] if any(p in artemia for p in _at(h)) else []


def _caught(s: GameState, h: Hunted) -> list[Places]:
    return [()] if any(catches_at(s, p) for p in _at(h)) else []


def _move_artemia(s: GameState, h: Hunted) -> list[Places]:
    """Moves of an Artemia token the user stands on, Sundog's too ("the Hunted who plays it
    chooses which Artemia token to move"); each token's places stay distinct."""
    if not _on_artemia(s, h):
        return []
    artemia, sundog = s.tokens.get(TokenKind.ARTEMIA, []), _sundog_places(s)
    moves = {(p, q) for p in artemia for q in ADJACENT[p] if q not in artemia}
    moves |= {(p, q) for p in sundog if p not in artemia for q in ADJACENT[p] if q not in sundog}
    return sorted(moves)


def _move_creature(s: GameState, h: Hunted) -> list[Places]:
    places = sorted(set(creature_places(s)))
    return [(p, q) for p in places for q in ADJACENT[p] if q not in places]


def _marker_may_advance(s: GameState, h: Hunted) -> list[Places]:
    """Under Stasis the Rescue counter cannot advance this phase."""
    return [()] if s.marker_on_beach and Effect.STASIS not in s.effects else []


def _played_card(s: GameState, h: Hunted) -> list[Places]:
    return [(c,) for c in h.played]


def _none(s: GameState, h: Hunted) -> list[Places]:
    return []  # offered at the place action only (place_choices)


def _drone_choices(s: GameState, h: Hunted, place: int, this_card: int) -> list[Places]:
    return [()] if power_options(s, h, ROVER, this_card) else []


def _gate_choices(s: GameState, h: Hunted, place: int, this_card: int) -> list[Places]:
    return [(q,) for q in ADJACENT[place] if q != ARTEFACT and power_options(s, h, q, this_card)]


# --- Effects ---------------------------------------------------------------------------------

def _adrenaline(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    h.will += 1
    emit(e, EventKind.WILL_REGAINED, hunted=h.seat, will=h.will)


def _ingenuity(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    s.marker_on_beach = True
    emit(e, EventKind.MARKER_PLACED)


def _sacrifice(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    discard_place_card(s, h, a.places[0], e, "sacrifice")
    s.own_creature().plays_left = 0
    s.effects = (*s.effects, Effect.SACRIFICE)
    reset_choices(s, e)


def _sixth_sense(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    ask_take_back(s, h, 2, e)


def _smokescreen(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    s.effects = (*s.effects, Effect.SMOKESCREEN)


def _strike_back(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    creature = s.own_creature()
    picked = shuffled(s.seed, s.rng_counter, creature.hand)[:2]
    s.rng_counter += 1
    hand = list(creature.hand)
    for card in picked:
        hand.remove(card)
    creature.hand = hand
    creature.deck = [*picked, *creature.deck]  # the deck is drawn from its end: 0 is the bottom
    emit(e, EventKind.HUNT_CARDS_STRUCK_BACK, count=len(picked))
    emit(e, EventKind.HUNT_CARDS_TO_BOTTOM, (CREATURE,), cards=picked)


def _vortex(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    out, into = a.places
    h.played = replaced(h.played, h.played.index(out), into)
    h.discard = [*without(h.discard, into), out]
    # The discard pile is face up, so the swap shows (except to the Creature under Smokescreen).
    emit_secret(e, EventKind.PLAYED_CARD_SWAPPED, discard_knowers(s),
                {"hunted": h.seat, "out": out, "into": into}, {"hunted": h.seat})


def _move_token(token: TokenKind) -> CardEffect:
    def effect(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
        origin, to = a.places
        name = token
        if origin not in s.tokens.get(token, []):
            # Clone (Sundog): the Target token acts as a second Creature (Artemia) token
            name = TokenKind.TARGET
        places = list(s.tokens[name])
        places[places.index(origin)] = to
        s.tokens = {**s.tokens, name: places}
        emit(e, EventKind.HUNT_TOKEN_MOVED, token=name, origin=origin, destination=to)
    return effect


def _drone(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    resolve_copy(s, h, ROVER, c, e, "drone", "drone")


def _gate(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    resolve_copy(s, h, a.places[0], c, e, "gate", "gate")


def _amplifier(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    s.marker_on_beach = False
    emit(e, EventKind.MARKER_REMOVED)
    advance_rescue(s, e)


def _double_back(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    card = a.places[0]
    h.played = without(h.played, card)
    h.hand = sorted([*h.hand, card])
    emit(e, EventKind.PLACE_CARD_RETURNED, hunted=h.seat, card=card)


def _survival(card_id: str, name: str, phase: int) -> CardInfo:
    return CardInfo(card_id, name, phase)


CARD = (TargetKind.CARD,)  # its choices name Place cards, not places on Artemia
BASE_ONLY = ("base",)  # Frozen Lands leaves it in the box (C13: it needs the Marker)
ENTRIES: tuple[SurvivalCard, ...] = (
    SurvivalCard(_survival("adrenaline", "Adrenaline", 1), _short_of_will, _adrenaline),
    SurvivalCard(_survival("ingenuity", "Ingenuity", 1), _no_marker, _ingenuity,
                 decks=BASE_ONLY),
    SurvivalCard(_survival("sacrifice", "Sacrifice", 1), _hand_card_before_any_hunt_card,
                 _sacrifice, names_discards=True, chooses=CARD),
    SurvivalCard(_survival("sixth-sense", "Sixth Sense", 1), _has_discards, _sixth_sense),
    SurvivalCard(_survival("smokescreen", "Smokescreen", 1), no_choice, _smokescreen),
    SurvivalCard(_survival("strike-back", "Strike Back", 1), _creature_holds_cards,
                 _strike_back),
    SurvivalCard(_survival("vortex", "Vortex", 2), _played_for_discarded, _vortex,
                 names_discards=True, chooses=CARD),
    ignoring(_survival("detector", "Detector", 3), _on_artemia, TokenKind.ARTEMIA),
    ignoring(_survival("dodge", "Dodge", 3), _caught, TokenKind.CREATURE),
    SurvivalCard(_survival("drone", "Drone", 3), _none, _drone, Moment.PLACE_ACTION,
                 _drone_choices),
    SurvivalCard(_survival("gate", "Gate", 3), _none, _gate, Moment.PLACE_ACTION, _gate_choices),
    SurvivalCard(_survival("hologram", "Hologram", 3), _move_artemia,
                 _move_token(TokenKind.ARTEMIA)),
    SurvivalCard(_survival("wrong-track", "Wrong Track", 3), _move_creature,
                 _move_token(TokenKind.CREATURE)),
    SurvivalCard(_survival("amplifier", "Amplifier", 4), _marker_may_advance, _amplifier,
                 decks=BASE_ONLY),
    SurvivalCard(_survival("double-back", "Double Back", 4), _played_card, _double_back,
                 chooses=CARD),
)

for _entry in ENTRIES:
    register_survival_card(_entry)
