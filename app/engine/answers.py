"""What each kind of prompt lets a seat do, and what each answer does."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from .abilities import (
    ability_actions,
    may_act_in_window,
    use_ability,
    use_passive,
    window_context,
)
from .ability_prompts import ABILITY_PROMPTS
from .actions import (
    PASS,
    Action,
    DiscardContamination,
    GiveUp,
    PlaceHuntToken,
    PlayHuntCard,
    PlayPlaceCards,
    PlaySurvivalCard,
    Resist,
    TakeBackPlaceCard,
    UseAbility,
    UsePlacePower,
    play_place_cards,
    shared,
)
from .board import (
    Events,
    advance_assimilation,
    artemia_symbol_now,
    ask_take_back,
    emit,
    power_blocked,
    take_back,
)
from .cards import ALL_PLACES, FROZEN
from .choice_answers import CHOICE_PROMPTS
from .contamination import discard_token, may_discard_tokens, take_token
from .frozen_answers import FROZEN_PROMPTS
from .frozen_survival_prompts import SURVIVAL_PROMPTS
from .hunt import can_play_hunt_cards, hunt_card_actions, play_hunt_card
from .hunt_registry import target_places_as
from .places import PLACES, power_options, use_power
from .prompts import PromptRule, prompt_table, remove_prompt
from .state import CREATURE, GameState, Hunted, Prompt
from .survival import (
    discard_survival,
    place_action_cards,
    play_survival_card,
    survival_card_actions,
)
from .vocab import Effect, EventKind, PromptKind, TokenKind

# --- Exploration -------------------------------------------------------------------------

def place_card_plays(state: GameState, h: Hunted, pool: Sequence[int]) -> list[Action]:
    """The Place card choices from `pool`: 1 card, or 2 with a River or Artefact play."""
    allowed = [c for c in pool if c not in state.forbidden]
    if not allowed and (h.resisted or all(c in state.forbidden for c in h.discard)):
        allowed = list(pool)  # rules-notes "Nothing to play": only when Give Up cannot help
    return list(_plays(tuple(allowed), h.double))


@cache  # a handful of hands recur all game: the choices of each are worked out once
def _plays(allowed: tuple[int, ...], double: str) -> tuple[Action, ...]:
    size = min(2 if double else 1, len(allowed))
    combos = list(combinations(sorted(allowed), size)) if size else []
    plays: list[Action] = [play_place_cards(combo) for combo in combos]
    if double and PLACES[double].may_play_one and size == 2:  # The Fjord: "may play 2"
        plays = [play_place_cards((card,)) for card in sorted(allowed)] + plays
    return tuple(plays)


def resist_bar(h: Hunted, will: int) -> str:
    """Why Resist with `will` Will is closed now ("" if open): already done this turn, too
    little Will (1 must remain), or too few discarded Places (1 for 1 Will, 3 for 2)."""
    if h.resisted:
        return "resisted"
    if h.will <= will:
        return "will"
    if len(h.discard) < (1 if will == 1 else 3):
        return "discard"
    return ""


def give_up_bar(h: Hunted, plays: bool) -> str:
    """Why Give Up is closed now ("" if open): already done this turn, or it would give
    nothing back (full Will, nothing discarded) while a Place card can be played."""
    if h.resisted:
        return "resisted"
    if h.will >= 3 and not h.discard and plays:
        return "nothing"
    return ""


def _explore_legal(state: GameState, prompt: Prompt) -> list[Action]:
    h = state.peek_hunted(prompt.seat)
    out = place_card_plays(state, h, h.hand)
    if not h.resisted:
        out.extend(shared(Resist, will) for will in (1, 2) if not resist_bar(h, will))
        if not give_up_bar(h, bool(out)):
            out.append(shared(GiveUp))
    out.extend(survival_card_actions(state, h, 1))
    out.extend(ability_actions(state, prompt.seat, "explore"))  # Intercept
    return out


def _explore_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    h = state.hunted_at(prompt.seat)
    if isinstance(action, PlayPlaceCards):
        remove_prompt(state, prompt)
        choose_place_cards(state, h, action, events)
    elif isinstance(action, Resist):
        h.resisted = True
        h.will -= action.will
        emit(events, EventKind.RESISTED, hunted=h.seat, will=action.will)
        if Effect.FROSTBITE in state.effects:
            take_token(state, h, events, "frostbite")
        # Long Stride (Ada Okafor): one more card than usual, once per turn.
        extra = use_passive(state, h, "long-stride", events)
        ask_take_back(state, h, 2 * action.will + extra, events)
    elif isinstance(action, GiveUp):
        h.resisted = True
        h.will = 3
        h.hand = sorted([*h.hand, *h.discard])
        h.discard = []
        emit(events, EventKind.GAVE_UP, hunted=h.seat)
        if state.config.variant == FROZEN:  # Frozen Lands: a token, blind (rulebook)
            take_token(state, h, events, "give-up")
            if Effect.FROSTBITE in state.effects:
                take_token(state, h, events, "frostbite")
        advance_assimilation(state, events)
    elif isinstance(action, PlaySurvivalCard):
        play_survival_card(state, h, action, events)
    elif isinstance(action, UseAbility):
        use_ability(state, h.seat, action, events)


def choose_place_cards(state: GameState, h: Hunted, action: PlayPlaceCards,
                       events: Events) -> None:
    """Put the chosen card(s) face down; a Hunted may change them while Exploration lasts."""
    hand = sorted([*h.hand, *h.played])
    for card in action.cards:
        hand.remove(card)
    h.hand = hand
    h.played = list(action.cards)
    h.ready = True
    emit(events, EventKind.PLACE_CARDS_CHOSEN, hunted=h.seat, count=len(action.cards))
    emit(events, EventKind.PLACE_CARDS_CHOSEN_BY_YOU, (h.seat,), cards=list(action.cards))


# --- Windows and the Hunting phase ------------------------------------------------------

def _window_legal(state: GameState, prompt: Prompt) -> list[Action]:
    phase = prompt.data["phase"]
    if prompt.seat == CREATURE:
        return [*hunt_card_actions(state, phase), PASS]
    return [*survival_card_actions(state, state.peek_hunted(prompt.seat), phase,
                                   prompt.data.get("moment", "")),
            *ability_actions(state, prompt.seat, window_context(prompt.data)), PASS]


def _window_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    if isinstance(action, PlayHuntCard):
        play_hunt_card(state, action, events)
        if not can_play_hunt_cards(state):
            remove_prompt(state, prompt)
    elif isinstance(action, PlaySurvivalCard):
        remove_prompt(state, prompt)
        play_survival_card(state, state.hunted_at(prompt.seat), action, events)
        _reopen(state, prompt)
    elif isinstance(action, UseAbility):  # not a play: the user's window stays open
        use_ability(state, prompt.seat, action, events)
        _reopen(state, prompt)
    else:
        remove_prompt(state, prompt)
        emit(events, EventKind.PASSED, seat=prompt.seat)


def _reopen(state: GameState, played: Prompt) -> None:
    """After a Hunted plays in a window, the others who passed may answer it again."""
    if state.winner:
        return
    waiting = {p.seat for p in state.layers[-1]}
    for h in state.hunted:
        if h.seat not in waiting and h.seat != played.seat and may_act_in_window(
                state, h, played.data):
            state.layers[-1].append(Prompt(h.seat, PromptKind.WINDOW, dict(played.data)))


_TOKEN_PLAYS = {token: tuple(PlaceHuntToken(token, (p,)) for p in ALL_PLACES)
                for token in (TokenKind.CREATURE, TokenKind.ARTEMIA)}


def _hunt_legal(state: GameState, prompt: Prompt) -> list[Action]:
    out: list[Action] = []
    if TokenKind.CREATURE not in state.tokens:
        out.extend(_TOKEN_PLAYS[TokenKind.CREATURE])
    if TokenKind.ARTEMIA not in state.tokens and (state.artemia_card or artemia_symbol_now(state)):
        # A Target token acting as an Artemia token (Sundog's): never on the same place.
        artemia = target_places_as(state, TokenKind.ARTEMIA)
        out.extend(a for a in _TOKEN_PLAYS[TokenKind.ARTEMIA] if a.places[0] not in artemia)
    out.extend(hunt_card_actions(state, 2))
    out.extend(ability_actions(state, CREATURE, "hunt"))  # Keen Senses
    if TokenKind.CREATURE in state.tokens:
        out.append(PASS)
    return out


def _hunt_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    if isinstance(action, PlaceHuntToken):
        state.tokens = {**state.tokens, TokenKind(action.token): list(action.places)}
        emit(events, EventKind.HUNT_TOKEN_PLACED, token=action.token, places=list(action.places))
    elif isinstance(action, PlayHuntCard):
        play_hunt_card(state, action, events)
    elif isinstance(action, UseAbility):
        use_ability(state, CREATURE, action, events)
    else:
        remove_prompt(state, prompt)
        emit(events, EventKind.HUNT_CONFIRMED)


# --- The Reckoning's place action --------------------------------------------------------

def _place_action_legal(state: GameState, prompt: Prompt) -> list[Action]:
    h = state.peek_hunted(prompt.seat)
    place = prompt.data["place"]
    card = prompt.data["card"]
    out: list[Action] = [*power_options(state, h, place, card)]
    out.extend(shared(TakeBackPlaceCard, c) for c in sorted(set(h.discard)))
    if not power_blocked(state, place, h):
        out.extend(place_action_cards(state, h, place, card))
    if may_discard_tokens(state):  # Frozen Lands: discard a token instead (C2)
        out.extend(DiscardContamination(t.id) for t in h.tokens)
    out.append(PASS)
    return out


def _place_action_answer(state: GameState, prompt: Prompt, action: Action,
                         events: Events) -> None:
    h = state.hunted_at(prompt.seat)
    remove_prompt(state, prompt)
    card = prompt.data["card"]
    if isinstance(action, UsePlacePower):
        use_power(state, h, action, card, events)
    elif isinstance(action, TakeBackPlaceCard):
        emit(events, EventKind.TOOK_BACK_INSTEAD, hunted=h.seat, place=prompt.data["place"])
        take_back(state, h, action.card, events)
    elif isinstance(action, PlaySurvivalCard):
        play_survival_card(state, h, action, events, card)
    elif isinstance(action, DiscardContamination):
        discard_token(state, h, action.token, events, "place-action")
    else:
        emit(events, EventKind.PASSED, seat=h.seat)


def _power_legal(state: GameState, prompt: Prompt) -> list[Action]:
    h = state.peek_hunted(prompt.seat)
    options: list[Action] = [*power_options(state, h, prompt.data["place"], prompt.data["card"])]
    return [*options, PASS] if prompt.data.get("optional") or not options else options


def _power_answer(state: GameState, prompt: Prompt, action: Action, events: Events) -> None:
    remove_prompt(state, prompt)
    if isinstance(action, UsePlacePower):
        use_power(state, state.hunted_at(prompt.seat), action, prompt.data["card"], events)
    elif prompt.data.get("optional"):  # an optional way declined (E4)
        emit(events, EventKind.PASSED, seat=prompt.seat)
    card = prompt.data.get("resolving")
    if card:  # the Survival card that made this copy has now resolved (survival.py)
        _finish_resolving(state, prompt.seat, card)


def _finish_resolving(state: GameState, seat: int, card: str) -> None:
    """Discard `card`, or, if the power just used asks again (a copied Lair copying in turn),
    let that new prompt carry the card."""
    layer = state.layers[-1] if state.layers else []
    for index, pending in enumerate(layer):
        if pending.seat == seat and pending.kind == PromptKind.POWER:
            layer[index] = Prompt(seat, PromptKind.POWER, {**pending.data, "resolving": card})
            return
    discard_survival(state, card)


_PROMPTS: tuple[tuple[PromptKind, PromptRule], ...] = (
    (PromptKind.EXPLORE, PromptRule(_explore_legal, _explore_answer)),
    (PromptKind.WINDOW, PromptRule(_window_legal, _window_answer)),
    (PromptKind.HUNT, PromptRule(_hunt_legal, _hunt_answer)),
    (PromptKind.PLACE_ACTION, PromptRule(_place_action_legal, _place_action_answer)),
    (PromptKind.POWER, PromptRule(_power_legal, _power_answer)),
)


PROMPTS = prompt_table(_PROMPTS, CHOICE_PROMPTS, FROZEN_PROMPTS, SURVIVAL_PROMPTS, ABILITY_PROMPTS)
