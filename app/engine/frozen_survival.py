"""The 15 Frozen Lands Survival cards (frozen_lands.md §5): their choices and their effects.

`survival.py` merges these into its dispatch. A card's choices travel in
`PlaySurvivalCard.places` as integers:
  (seat,)          Hand Warmers, Radio Relay, Whisper, Vaccine, Signal Mirror, Body Heat,
                   Antidote, Relay Runner: the chosen Hunted
  (token,)         Blood Test, Field Lab (the first look): a held token's id
  (origin, to)     Roped Together: the place left and the adjacent place joined
  (place, seat)    Huddle: the Creature token's place and the one Hunted who suffers it
  (seat[, seat])   Scrub Down: whose tokens are discarded (one seat twice = 2 of theirs)
  ()               Windbreak, Supply Drop
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from .actions import PlaySurvivalCard
from .board import Events, ask_take_back, creature_places, emit, holder_of, survival_available
from .cards import FROZEN, CardInfo
from .contamination import discard_token, look, may_discard_tokens, reveal
from .frozen_places import choosable, move_destinations, others_at, position_of
from .frozen_survival_prompts import exchanges, return_played
from .hunt_registry import target_idle
from .prompts import add_to_layer
from .sides import replaced
from .state import GameState, Hunted, Prompt
from .survival import SurvivalCard, draw_to_keep, ignoring, register_survival_card
from .vocab import EventKind, Moment, PromptKind, TargetKind, TokenKind, Whisper

# --- Shared pieces -----------------------------------------------------------------------

def _others(state: GameState, h: Hunted) -> list[Hunted]:
    """"Another Hunted" the user may choose: nobody under Isolation (C6)."""
    return [o for o in choosable(state, h) if o.seat != h.seat]


def _places(h: Hunted) -> list[int]:
    return [place for place, _ in h.positions]


def whisper_partners(state: GameState, seat: int) -> list[int]:
    """The Hunted `seat` may talk to privately now: Whisper lasts until Exploration ends."""
    if state.phase != 1:
        return []
    out: list[int] = []
    for effect in state.effects:
        if isinstance(effect, Whisper) and seat in (effect.a, effect.b):
            out.append(effect.b if seat == effect.a else effect.a)
    return sorted(out)


def _whisper_audience(h: Hunted, action: PlaySurvivalCard) -> tuple[int, ...]:
    """Whisper's partner is known only to the two whisperers (the others learn it was played)."""
    return (h.seat, action.places[0])


def ask_discard_tokens(state: GameState, owner: Hunted, count: int, why: str,
                       events: Events) -> None:
    """The owner discards `count` of their tokens, picking which; no prompt without a choice."""
    if count >= len(owner.tokens):
        for token in list(owner.tokens):
            discard_token(state, owner, token.id, events, why)
        return
    for _ in range(count):
        add_to_layer(state, Prompt(owner.seat, PromptKind.DISCARD_TOKEN, {"why": why}))


def _lookable(state: GameState, h: Hunted) -> list[int]:
    """Face-down tokens the user has not seen, held by anyone (own ones only under Isolation)."""
    return [t.id for o in choosable(state, h) for t in o.tokens
            if not t.face_up and h.seat not in t.known]


def _regain(h: Hunted, events: Events) -> None:
    if 1 <= h.will <= 2:  # C12: only from 1 or 2 Will
        h.will += 1
        emit(events, EventKind.WILL_REGAINED, hunted=h.seat, will=h.will)


# --- Choices (empty = the card would change nothing and cannot be played, C7) -------------

def _hand_warmers(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    return [(o.seat,) for o in choosable(state, h) if 1 <= o.will <= 2]


def _radio_relay(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    return [(o.seat,) for o in _others(state, h) if o.discard]


def _whisper(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    partners = whisper_partners(state, h.seat)
    return [(o.seat,) for o in _others(state, h) if o.seat not in partners]


def _vaccine(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    return [(o.seat,) for o in choosable(state, h) if o.seat not in state.vaccinated]


def _blood_test(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    # A face-up token is already known: testing it again only matters for an icon left face up
    # because a discard was forbidden, once discarding is allowed again.
    return [(t.id,) for o in choosable(state, h) for t in o.tokens
            if not t.face_up or (t.icon and may_discard_tokens(state))]


def _signal_mirror(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    return [(o.seat,) for o in _others(state, h) if exchanges(state, o)]


def _roped_together(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    """Toward an adjacent place with another Hunted, never where her other figure stands."""
    return sorted({(place, to) for place in _places(h) for to in move_destinations(h, place)
                   if others_at(state, h, to)})


def _windbreak(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    acting = not target_idle(state)  # else Windbreak would ignore nothing
    targeted = any(p in state.tokens.get(TokenKind.TARGET, []) for p in _places(h))
    return [()] if acting and targeted and TokenKind.TARGET not in h.immune else []


def _huddle(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for place in sorted(set(creature_places(state)) & set(_places(h))):
        group = sorted([h, *others_at(state, h, place)], key=lambda o: o.seat)
        if len(group) < 2:
            continue
        for chosen in group:
            if any(o is not chosen and TokenKind.CREATURE not in o.immune for o in group):
                out.append((place, chosen.seat))
    return out


def _body_heat(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    friends = {o.seat: o for p in _places(h) for o in others_at(state, h, p)}
    return [(seat,) for seat, o in sorted(friends.items())
            if 1 <= h.will <= 2 or 1 <= o.will <= 2]


def _antidote(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    if not may_discard_tokens(state):
        return []
    return [(o.seat,) for o in choosable(state, h) if o.tokens]


def _field_lab(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    return [(token,) for token in _lookable(state, h)]


def _supply_drop(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    # Resolved before it is discarded, the card never refills the deck it draws from: with
    # nothing to draw it would change nothing (C7).
    return [()] if survival_available(state) else []


def _relay_runner(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    return [(o.seat,) for o in _others(state, h) if o.played]


def _scrub_down_choices(state: GameState, h: Hunted, place: int,
                        this_card: int) -> list[tuple[int, ...]]:
    """Scrub Down, offered as the place action at `place`: whose tokens are discarded."""
    if not may_discard_tokens(state):
        return []
    at = position_of(h, this_card, place)
    present = sorted([h, *others_at(state, h, at)], key=lambda o: o.seat)
    tokens = {o.seat: len(o.tokens) for o in present if o.tokens}
    return [(s,) for s in tokens] + [
        (a, b) for a, b in combinations_with_replacement(tokens, 2) if a != b or tokens[a] >= 2]


# --- Effects -----------------------------------------------------------------------------

def _chosen(s: GameState, a: PlaySurvivalCard) -> Hunted:
    return s.hunted_at(a.places[0])


def _e_hand_warmers(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    _regain(_chosen(s, a), e)


def _e_radio_relay(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    ask_take_back(s, _chosen(s, a), 2, e)  # "up to 2": as many as there are, up to 2


def _e_whisper(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    low, high = sorted((h.seat, a.places[0]))
    s.effects = (*s.effects, Whisper(low, high))  # the server opens the private chat (C16)


def _e_vaccine(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    s.vaccinated = (*s.vaccinated, a.places[0])


def _e_blood_test(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    token = reveal(s, a.places[0], e)
    if token.icon and may_discard_tokens(s):  # under Quarantine it stays face up
        discard_token(s, holder_of(s, token.id), token.id, e, "blood-test")


def _e_signal_mirror(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    add_to_layer(s, Prompt(a.places[0], PromptKind.SIGNAL_MIRROR, {"by": h.seat}))


def _e_roped_together(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    origin, to = a.places
    index = _places(h).index(origin)
    h.positions = replaced(h.positions, index, (to, h.positions[index][1]))  # same card
    emit(e, EventKind.HUNTED_MOVED, hunted=h.seat, origin=origin, destination=to,
         why="roped-together")


def _e_huddle(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    place, chosen = a.places
    for o in [h, *others_at(s, h, place)]:
        if o.seat != chosen and TokenKind.CREATURE not in o.immune:
            o.immune = [*o.immune, TokenKind.CREATURE]


def _e_scrub_down(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    for seat in sorted(set(a.places)):
        ask_discard_tokens(s, s.hunted_at(seat), a.places.count(seat), "scrub-down", e)


def _e_body_heat(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    _regain(h, e)
    _regain(_chosen(s, a), e)


def _e_antidote(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    ask_discard_tokens(s, _chosen(s, a), 1, "antidote", e)


def _e_field_lab(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    look(s, h.seat, a.places[0], e)
    rest = _lookable(s, h)  # the second token is chosen after seeing the first
    if rest:
        add_to_layer(s, Prompt(h.seat, PromptKind.LOOK, {"optional": True, "tokens": rest}))


def _e_supply_drop(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    draw_to_keep(s, h, e, 2, give=True)  # Isolation: the other card is discarded (keep_survival)


def _e_relay_runner(s: GameState, h: Hunted, a: PlaySurvivalCard, e: Events, c: int) -> None:
    friend = _chosen(s, a)
    if len(friend.played) == 1:
        return_played(s, friend, friend.played[0], e)
    else:  # two cards in play: their choice
        add_to_layer(s, Prompt(friend.seat, PromptKind.RELAY_RUNNER))


# --- The entries ---------------------------------------------------------------------------

def _no_window_play(state: GameState, h: Hunted) -> list[tuple[int, ...]]:
    return []  # offered at the place action only (place_choices)


def _card(card_id: str, name: str, phase: int) -> CardInfo:
    return CardInfo(card_id, name, phase)


HERE = (FROZEN,)  # only in the Frozen Lands deck
SEAT, TOKEN = (TargetKind.SEAT,), (TargetKind.TOKEN,)  # what a card's choices name
PLACE_SEAT = (TargetKind.PLACE, TargetKind.SEAT)
ENTRIES: tuple[SurvivalCard, ...] = (
    SurvivalCard(_card("hand-warmers", "Hand Warmers", 1), _hand_warmers, _e_hand_warmers,
                 decks=HERE, chooses=SEAT),
    SurvivalCard(_card("radio-relay", "Radio Relay", 1), _radio_relay, _e_radio_relay,
                 decks=HERE, chooses=SEAT),
    SurvivalCard(_card("whisper", "Whisper", 1), _whisper, _e_whisper, audience=_whisper_audience,
                 decks=HERE, chooses=SEAT),
    SurvivalCard(_card("vaccine", "Vaccine", 1), _vaccine, _e_vaccine, decks=HERE, chooses=SEAT),
    SurvivalCard(_card("blood-test", "Blood Test", 1), _blood_test, _e_blood_test,
                 decks=HERE, chooses=TOKEN),
    SurvivalCard(_card("signal-mirror", "Signal Mirror", 2), _signal_mirror, _e_signal_mirror,
                 decks=HERE, chooses=SEAT),
    SurvivalCard(_card("roped-together", "Roped Together", 3), _roped_together, _e_roped_together,
                 decks=HERE),
    ignoring(_card("windbreak", "Windbreak", 3), _windbreak, TokenKind.TARGET, decks=HERE),
    SurvivalCard(_card("huddle", "Huddle", 3), _huddle, _e_huddle, decks=HERE, chooses=PLACE_SEAT,
                 ignores=TokenKind.CREATURE),
    SurvivalCard(_card("scrub-down", "Scrub Down", 3), _no_window_play, _e_scrub_down,
                 Moment.PLACE_ACTION, _scrub_down_choices, decks=HERE, chooses=SEAT),
    SurvivalCard(_card("body-heat", "Body Heat", 3), _body_heat, _e_body_heat, Moment.CLOSING,
                 decks=HERE, chooses=SEAT),
    SurvivalCard(_card("antidote", "Antidote", 4), _antidote, _e_antidote,
                 decks=HERE, chooses=SEAT),
    SurvivalCard(_card("field-lab", "Field Lab", 4), _field_lab, _e_field_lab,
                 decks=HERE, chooses=TOKEN),
    SurvivalCard(_card("supply-drop", "Supply Drop", 4), _supply_drop, _e_supply_drop, decks=HERE),
    SurvivalCard(_card("relay-runner", "Relay Runner", 4), _relay_runner, _e_relay_runner,
                 decks=HERE, chooses=SEAT),
)

for _entry in ENTRIES:
    register_survival_card(_entry)
