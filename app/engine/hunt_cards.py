"""The Hunt cards, one registry entry each (base_game.md §3, frozen_lands.md §4): data, when
and with which choices the Creature may play it, the turn-long modifier it sets, what it does.

To add a card: one `HuntCard` in ENTRIES (see docs/architecture.md, "How to add a card").
"""

from __future__ import annotations

from .actions import PlayHuntCard
from .board import Events, ask_discard, emit
from .cards import ALL_PLACES, BEACH, EDGES, FROZEN, WRECK, CardInfo
from .contamination import take_token
from .frozen_places import move_destinations, others_at
from .hunt import ask_each_standing, reset_choices, standing
from .hunt_registry import Choice, HuntCard, PowerFailure, register_hunt_card, target_places_as
from .prompts import push_layer
from .sides import replaced
from .state import GameState, Hunted, Prompt
from .vocab import Effect, EventKind, PromptKind, TokenKind

# --- Choices (empty: the card cannot be played now) ---------------------------------------


def _target_edge(state: GameState) -> list[Choice]:
    """The Target token on two adjacent places (none to choose once it is on the board)."""
    if TokenKind.TARGET in state.tokens:
        return [((), None)]
    return [(edge, None) for edge in EDGES]


def _target_place(state: GameState) -> list[Choice]:
    """The Target token on one place (none to choose once it is on the board)."""
    if TokenKind.TARGET in state.tokens:
        return [((), None)]
    return [((p,), None) for p in ALL_PLACES]


def _virus_places(state: GameState) -> list[Choice]:
    """Never on a Target token that is an Artemia token (Sundog's)."""
    artemia = target_places_as(state, TokenKind.ARTEMIA)
    return [(edge, None) for edge in EDGES if not set(edge) & set(artemia)]


def _sundog_place(state: GameState) -> list[Choice]:
    """A second Artemia token, never on the first one's place: a Target token already lying
    there (Force Field, Clone, Mirage...) cannot become one, so Sundog is not playable then."""
    artemia = state.tokens.get(TokenKind.ARTEMIA, [])
    if TokenKind.TARGET in state.tokens:  # a second Target card plays where the token lies
        return [] if set(state.tokens[TokenKind.TARGET]) & set(artemia) else [((), None)]
    return [((p,), None) for p in ALL_PLACES if p not in artemia]


def _crowded_place(state: GameState) -> list[Choice]:
    return [((p,), None) for p in ALL_PLACES if len(standing(state, p)) >= 2]


def _any_hunted(state: GameState) -> list[Choice]:
    return [((), h.seat) for h in state.hunted]


def _hunted_with_three_cards(state: GameState) -> list[Choice]:
    return [((), h.seat) for h in state.hunted if len(h.hand) > 2]


def _someone_holds_a_card(state: GameState) -> list[Choice]:
    return [((), None)] if any(h.hand for h in state.hunted) else []


def _effective_place(state: GameState) -> list[Choice]:
    return [((p,), None) for p in ALL_PLACES if p not in state.cataclysm]


def _detour_moves(state: GameState) -> list[Choice]:
    """A Hunted's figure "from the place they revealed" (H17): one a Detour moved (a second
    one, through Flashback) is no longer there; never onto her other figure's place."""
    return [((place, to), h.seat) for h in state.hunted for place, card in h.positions
            if place == card for to in move_destinations(h, place)]


# --- Effects ---------------------------------------------------------------------------------

def _despair(state: GameState, action: PlayHuntCard, events: Events) -> None:
    reset_choices(state, events)


def _force_field(state: GameState, action: PlayHuntCard, events: Events) -> None:
    _target_only(state, action, events)
    state.forbidden = (*state.forbidden, *state.tokens[TokenKind.TARGET])
    reset_choices(state, events)


def _anticipation(state: GameState, action: PlayHuntCard, events: Events) -> None:
    assert action.hunted is not None
    state.anticipation = (*state.anticipation, action.hunted)


def _ascendancy(state: GameState, action: PlayHuntCard, events: Events) -> None:
    assert action.hunted is not None
    hunted = state.hunted_at(action.hunted)
    state.layers.append([])  # the Creature waits while the Hunted discards
    ask_discard(state, hunted, len(hunted.hand) - 2, "ascendancy", events)


def _forbidden_zone(state: GameState, action: PlayHuntCard, events: Events) -> None:
    state.layers.append([])  # all Hunted discard at the same time; the Creature waits
    for hunted in state.each_hunted():
        ask_discard(state, hunted, 1, "forbidden-zone", events)


def _phobia(state: GameState, action: PlayHuntCard, events: Events) -> None:
    assert action.hunted is not None
    push_layer(state, [Prompt(action.hunted, PromptKind.KEEP_HIDDEN)])


def _virus(state: GameState, action: PlayHuntCard, events: Events) -> None:
    state.tokens = {**state.tokens, TokenKind.ARTEMIA: list(action.places)}
    emit(events, EventKind.HUNT_TOKEN_PLACED, token=TokenKind.ARTEMIA, places=list(action.places))


def _cataclysm(state: GameState, action: PlayHuntCard, events: Events) -> None:
    state.cataclysm = (*state.cataclysm, action.places[0])


def _detour(state: GameState, action: PlayHuntCard, events: Events) -> None:
    assert action.hunted is not None
    hunted = state.hunted_at(action.hunted)
    origin, to = action.places
    for index, (place, card) in enumerate(hunted.positions):
        if place == origin:
            hunted.positions = replaced(hunted.positions, index, (to, card))
            break
    emit(events, EventKind.HUNTED_MOVED, hunted=hunted.seat, origin=origin, destination=to)


def _tracking(state: GameState, action: PlayHuntCard, events: Events) -> None:
    state.own_creature().tracking_next = True


def _thin_ice(state: GameState, action: PlayHuntCard, events: Events) -> None:
    """Each Hunted on the crowded place secretly chooses: lose 1 Will or take 1 token."""
    # The choices are kept as ballots (`votes`), where a team decision's may still lie: only
    # this card's count.
    state.votes = {}
    ask_each_standing(state, action.places[0], PromptKind.THIN_ICE)


def _target_only(state: GameState, action: PlayHuntCard, events: Events) -> None:
    """Target cards act through the Target token; record where it went."""
    if action.places:
        emit(events, EventKind.HUNT_TOKEN_PLACED, token=TokenKind.TARGET,
             places=list(action.places))


# --- What fails: the places whose power the card makes fail while it is in play ------------

def _cataclysm_fails(state: GameState, place: int) -> bool:
    return place in state.cataclysm


def _interference_fails(state: GameState, place: int) -> bool:
    return Effect.INTERFERENCE in state.effects and place in (BEACH, WRECK)


def _under_target(card: str) -> PowerFailure:
    """The power of the Target token's places fails while `card` is in play."""
    def fails(state: GameState, place: int) -> bool:
        return card in state.target_cards and place in state.tokens.get(TokenKind.TARGET, ())
    return fails


# --- On the Target: what the card does to each Hunted standing on its token ----------------

def _scream(state: GameState, h: Hunted, place: int, events: Events) -> Prompt | None:
    """Discard 2 Place cards or lose 1 Will: they choose (if they have either)."""
    return Prompt(h.seat, PromptKind.SCREAM) if h.hand or h.will else None


def _toxin(state: GameState, h: Hunted, place: int, events: Events) -> Prompt | None:
    """Discard 1 Survival card (if they hold one)."""
    return Prompt(h.seat, PromptKind.DISCARD_SURVIVAL) if h.survival else None


def _tainted_meltwater(state: GameState, h: Hunted, place: int, events: Events) -> None:
    take_token(state, h, events, "tainted-meltwater")


def _avalanche(state: GameState, h: Hunted, place: int, events: Events) -> Prompt | None:
    """Discard 1 Place card, 2 if not alone there: at once when there is no choice."""
    count = 2 if others_at(state, h, place) else 1
    if len(h.hand) > count:
        return Prompt(h.seat, PromptKind.DISCARD, {"count": count, "why": "avalanche"})
    ask_discard(state, h, count, "avalanche", events)
    return None


def _hunt(card_id: str, name: str, phase: int, symbol: str = "") -> CardInfo:
    return CardInfo(card_id, name, phase, symbol)


ART, TGT = TokenKind.ARTEMIA, TokenKind.TARGET
ENTRIES: tuple[HuntCard, ...] = (
    HuntCard(_hunt("despair", "Despair", 1, ART), modifier=Effect.DESPAIR, effect=_despair),
    HuntCard(_hunt("force-field", "Force Field", 1, TGT), _target_edge, effect=_force_field),
    HuntCard(_hunt("anticipation", "Anticipation", 2), _any_hunted, effect=_anticipation),
    HuntCard(_hunt("ascendancy", "Ascendancy", 2), _hunted_with_three_cards,
             effect=_ascendancy),
    HuntCard(_hunt("fierceness", "Fierceness", 2), modifier=Effect.FIERCENESS),
    HuntCard(_hunt("forbidden-zone", "Forbidden Zone", 2), _someone_holds_a_card,
             effect=_forbidden_zone),
    HuntCard(_hunt("interference", "Interference", 2), modifier=Effect.INTERFERENCE,
             fails_power=_interference_fails),
    HuntCard(_hunt("persecution", "Persecution", 2), modifier=Effect.PERSECUTION),
    HuntCard(_hunt("mutation", "Mutation", 2, ART), modifier=Effect.MUTATION),
    HuntCard(_hunt("phobia", "Phobia", 2, ART), _hunted_with_three_cards, effect=_phobia),
    HuntCard(_hunt("virus", "Virus", 2, ART), _virus_places, effect=_virus),
    HuntCard(_hunt("clone", "Clone", 2, TGT), _target_place, effect=_target_only,
             target_as=TokenKind.CREATURE),
    HuntCard(_hunt("mirage", "Mirage", 2, TGT), _target_edge, effect=_target_only,
             fails_power=_under_target("mirage")),
    HuntCard(_hunt("scream", "Scream", 2, TGT), _target_place, effect=_target_only,
             on_target=_scream),
    HuntCard(_hunt("toxin", "Toxin", 2, TGT), _target_place, effect=_target_only,
             fails_power=_under_target("toxin"), on_target=_toxin),
    HuntCard(_hunt("cataclysm", "Cataclysm", 3), _effective_place, effect=_cataclysm,
             fails_power=_cataclysm_fails),
    HuntCard(_hunt("detour", "Detour", 3), _detour_moves, effect=_detour),
    HuntCard(_hunt("stasis", "Stasis", 4), modifier=Effect.STASIS),
    HuntCard(_hunt("tracking", "Tracking", 4), effect=_tracking),
    HuntCard(_hunt("flashback", "Flashback", 0), copies_last_discard=True),
    # Frozen Lands
    HuntCard(_hunt("frostbite", "Frostbite", 1, ART), modifier=Effect.FROSTBITE, variant=FROZEN),
    HuntCard(_hunt("quarantine", "Quarantine", 2), modifier=Effect.QUARANTINE, variant=FROZEN),
    HuntCard(_hunt("contagion", "Contagion", 2), modifier=Effect.CONTAGION, variant=FROZEN),
    HuntCard(_hunt("hypothermia", "Hypothermia", 2, ART), modifier=Effect.HYPOTHERMIA,
             variant=FROZEN),
    HuntCard(_hunt("tainted-meltwater", "Tainted Meltwater", 2, TGT), _target_place,
             effect=_target_only, variant=FROZEN, on_target=_tainted_meltwater),
    HuntCard(_hunt("sundog", "Sundog", 2, TGT), _sundog_place, effect=_target_only,
             variant=FROZEN, target_as=TokenKind.ARTEMIA),
    HuntCard(_hunt("avalanche", "Avalanche", 2, TGT), _target_edge, effect=_target_only,
             variant=FROZEN, on_target=_avalanche),
    HuntCard(_hunt("isolation", "Isolation", 2), modifier=Effect.ISOLATION, variant=FROZEN),
    HuntCard(_hunt("thin-ice", "Thin Ice", 3), _crowded_place, effect=_thin_ice, variant=FROZEN),
    HuntCard(_hunt("blizzard", "Blizzard", 4), modifier=Effect.BLIZZARD, variant=FROZEN),
)

for _entry in ENTRIES:
    register_hunt_card(_entry)
