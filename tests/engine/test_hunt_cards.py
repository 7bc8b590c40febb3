"""The 20 base Hunt cards and the general rules for playing them.

Sources: rulebook.md ("Hunt Cards", Phases 1-4), base_game.md §3 (H1-H20 and the token rules)
with rulings F11-F15 and F17, and docs/rules-notes.md (windows, decks, Force Field's "nothing to
play", a second Target card, Phobia's audience, Scream, Detour, Flashback).

Seat 0 is the Creature; with N players (Creature included) the Rescue counter starts 11 + N
spaces from Victory and the Assimilation counter 5 + N.
"""

from __future__ import annotations

import pytest

from app.engine import CREATURE, Event, GameState, legal_actions, view_for
from app.engine.actions import (
    Choose,
    DiscardPlaceCard,
    DiscardSurvivalCard,
    GiveUp,
    KeepHidden,
    Pass,
    PlaceHuntToken,
    PlayHuntCard,
    PlayPlaceCards,
    PlaySurvivalCard,
    Resist,
    TakeBackPlaceCard,
    UsePlacePower,
)
from app.engine.cards import (
    ARTEFACT,
    BEACH,
    EDGES,
    FROZEN,
    JUNGLE,
    LAIR,
    RIVER,
    ROVER,
    SOURCE,
    SWAMP,
    WRECK,
)

from .helpers import (
    act,
    act_events,
    explore,
    give_hunt_card,
    give_survival_card,
    hunt,
    pass_windows,
    play_turn,
    prompt_of,
    table,
)

# --- helpers of this file ---------------------------------------------------------------


def hunt_plays(state: GameState, card: str | None = None) -> list[PlayHuntCard]:
    """The Hunt card plays the Creature may make now (of `card` only, if given)."""
    return [a for a in legal_actions(state, CREATURE)
            if isinstance(a, PlayHuntCard) and (card is None or a.card == card)]


def offered(state: GameState) -> set[str]:
    """The Hunt cards the Creature may play now."""
    return {a.card for a in hunt_plays(state)}


def kind_of(state: GameState, seat: int) -> str | None:
    """The kind of prompt `seat` owes now, if any."""
    prompt = prompt_of(state, seat)
    return None if prompt is None else prompt.kind


def step(state: GameState, events: list[Event]) -> GameState:
    """Pass the first pending window or place action of the active layer."""
    prompt = state.layers[-1][0]
    assert prompt.kind in ("window", "place_action"), f"unexpected prompt {prompt}"
    new, more = act_events(state, prompt.seat, Pass())
    events.extend(more)
    return new


def to_creature_window(state: GameState, phase: int) -> GameState:
    """Pass windows and place actions until the Creature's window of `phase` is open."""
    while True:
        prompt = prompt_of(state, CREATURE)
        if prompt is not None and prompt.kind == "window" and prompt.data["phase"] == phase:
            return state
        state = step(state, [])


def to_turn(state: GameState, turn: int, events: list[Event] | None = None) -> GameState:
    """Pass every window and place action until turn `turn` begins."""
    collected: list[Event] = [] if events is None else events
    while state.turn < turn:
        state = step(state, collected)
    return state


def until_prompt(state: GameState, seat: int, kind: str) -> GameState:
    """Pass other windows and place actions until `seat` owes a prompt of `kind`."""
    while kind_of(state, seat) != kind:
        state = step(state, [])
    return state


def discard_cards(state: GameState, seat: int, *cards: int) -> GameState:
    """Answer discard prompts of `seat` with `cards`, in order."""
    for card in cards:
        assert kind_of(state, seat) == "discard"
        state = act(state, seat, DiscardPlaceCard(card))
    return state


# --- General rules: phases, one card per turn, tokens, discard, refill ------------------


def test_a_hunt_card_is_offered_only_in_the_phase_shown_on_it() -> None:
    state = table(hunted=1, hunt_cards=["despair", "fierceness", "cataclysm", "stasis"])
    assert offered(state) == {"despair"}  # phase-1 window
    state = explore(state, {1: BEACH})
    assert kind_of(state, CREATURE) == "hunt"
    assert offered(state) == {"fierceness"}
    state = act(state, CREATURE, PlaceHuntToken("creature", (WRECK,)))
    state = act(state, CREATURE, Pass())
    assert kind_of(state, CREATURE) == "window" and state.phase == 3
    assert offered(state) == {"cataclysm"}
    state = to_creature_window(state, 4)
    assert offered(state) == {"stasis"}


def test_the_creature_plays_at_most_one_hunt_card_per_turn() -> None:
    state = table(hunted=1, hunt_cards=["fierceness", "interference", "cataclysm", "stasis"])
    state = explore(state, {1: BEACH})
    state = act(state, CREATURE, PlayHuntCard("fierceness"))
    assert offered(state) == set()
    state = hunt(state, creature=WRECK)
    # No phase-3 window: the Creature may not play again this turn.
    assert state.phase == 3 and prompt_of(state, CREATURE) is None
    state = act(state, 1, Pass())  # the Beach's place action
    # No phase-4 window either: the turn ends at once and Stasis stays in hand.
    assert state.turn == 2 and "stasis" in state.creature.hand


def test_no_hunt_card_may_be_played_after_a_hunted_plays_sacrifice() -> None:
    state = table(hunted=2, hunt_cards=["despair", "fierceness", "cataclysm"])
    give_survival_card(state, 1, "sacrifice")
    state = act(state, 1, PlaySurvivalCard("sacrifice", (RIVER,)))
    assert legal_actions(state, CREATURE) == [Pass()]
    state = explore(state, {1: BEACH, 2: ROVER})
    assert kind_of(state, CREATURE) == "hunt"
    assert offered(state) == set()
    state = hunt(state, creature=WRECK)
    assert state.phase == 3 and prompt_of(state, CREATURE) is None


def test_a_target_card_lets_the_creature_place_the_target_token() -> None:
    state = table(hunted=1, hunt_cards=["scream"])
    state = explore(state, {1: BEACH})
    # Without a Target card there is no way to place the Target token.
    assert not any(isinstance(a, PlaceHuntToken) and a.token == "target"
                   for a in legal_actions(state, CREATURE))
    assert {a.places for a in hunt_plays(state, "scream")} == {(p,) for p in range(1, 11)}
    state, events = act_events(state, CREATURE, PlayHuntCard("scream", (BEACH,)))
    assert state.tokens["target"] == [BEACH]
    assert any(e.kind == "hunt_token_placed" and e.data["token"] == "target" for e in events)


def test_a_second_target_card_applies_where_the_target_token_already_is() -> None:
    state = table(hunted=1, hunt_cards=["scream", "clone"])
    state.creature.plays_left = 2  # as on the turn after Tracking
    state = explore(state, {1: BEACH})
    state = act(state, CREATURE, PlayHuntCard("scream", (BEACH,)))
    assert hunt_plays(state, "clone") == [PlayHuntCard("clone")]  # no new place to choose
    state = act(state, CREATURE, PlayHuntCard("clone"))
    assert state.tokens["target"] == [BEACH]
    state = hunt(state, creature=WRECK)
    # Both effects apply on the Beach: Scream's choice, then Clone's catch.
    assert kind_of(state, 1) == "scream"
    state, events = act_events(state, 1, Choose("will"))
    assert [e.data["why"] for e in events if e.kind == "will_lost"] == ["scream", "creature"]
    assert state.hunted_at(1).will == 1


@pytest.mark.parametrize("card", ["despair", "mutation"])
def test_an_artemia_card_allows_the_artemia_token_without_the_rescue_symbol(card: str) -> None:
    state = table(hunted=3, hunt_cards=[card])
    assert state.rescue == 15  # side 1 shows the symbol on spaces 1-6 only
    if card == "despair":
        state = act(state, CREATURE, PlayHuntCard("despair"))
    state = explore(state, {1: LAIR, 2: JUNGLE, 3: RIVER})
    if card == "mutation":
        state = act(state, CREATURE, PlayHuntCard("mutation"))
    assert PlaceHuntToken("artemia", (SOURCE,)) in legal_actions(state, CREATURE)
    state = act(state, CREATURE, PlaceHuntToken("artemia", (JUNGLE,)))
    assert state.tokens["artemia"] == [JUNGLE]


@pytest.mark.parametrize(("rescue", "offered_token"), [(15, False), (6, True)])
def test_the_artemia_token_needs_the_rescue_symbol_or_an_artemia_card(
        rescue: int, offered_token: bool) -> None:
    state = table(hunted=3, hunt_cards=["fierceness"])
    state.rescue = rescue
    state = explore(state, {1: LAIR, 2: JUNGLE, 3: RIVER})
    state = act(state, CREATURE, PlayHuntCard("fierceness"))  # a card without the symbol
    artemia = [a for a in legal_actions(state, CREATURE)
               if isinstance(a, PlaceHuntToken) and a.token == "artemia"]
    assert bool(artemia) is offered_token


def test_a_played_hunt_card_goes_to_the_face_up_hunt_discard() -> None:
    state = table(hunted=2, hunt_cards=["fierceness", "stasis"])
    state = explore(state, {1: BEACH, 2: ROVER})
    state = act(state, CREATURE, PlayHuntCard("fierceness"))
    assert state.creature.hand == ["stasis"]
    assert state.creature.discard == ["fierceness"]
    assert view_for(state, 1)["creature"]["discard"] == ["fierceness"]
    assert view_for(state, None)["creature"]["discard"] == ["fierceness"]


def test_the_creature_refills_its_hand_to_three_at_end_of_turn() -> None:
    state = table(hunted=1, hunt_cards=["fierceness"])
    state = play_turn(state, {1: BEACH}, creature=WRECK, cards=[PlayHuntCard("fierceness")])
    events: list[Event] = []
    state = to_turn(state, 2, events)
    assert len(state.creature.hand) == 3
    assert "fierceness" not in state.creature.hand
    assert [e.data["count"] for e in events if e.kind == "hunt_cards_drawn"] == [3]


def test_an_empty_hunt_deck_is_reshuffled_from_the_discard_when_refilling() -> None:
    state = table(hunted=1, hunt_cards=["fierceness"])
    state.creature.deck = ["stasis"]
    state.creature.discard = ["clone", "mirage"]
    state = play_turn(state, {1: BEACH}, creature=WRECK, cards=[PlayHuntCard("fierceness")])
    events: list[Event] = []
    state = to_turn(state, 2, events)
    creature = state.creature
    assert len(creature.hand) == 3 and "stasis" in creature.hand
    assert creature.discard == []
    rest = [card for card in creature.hand if card != "stasis"] + creature.deck
    assert sorted(rest) == ["clone", "fierceness", "mirage"]
    assert [e.data["cards"] for e in events if e.kind == "hunt_deck_reshuffled"] == [3]


# --- H1 Despair ---------------------------------------------------------------------------


def test_despair_forbids_playing_and_drawing_survival_cards() -> None:
    state = table(hunted=2, hunt_cards=["despair"])
    give_survival_card(state, 1, "adrenaline")
    state.hunted_at(1).will = 2
    state.hunted_at(1).hand = [1, 2, 3, 4, 5, SOURCE]
    assert PlaySurvivalCard("adrenaline") in legal_actions(state, 1)
    state = act(state, CREATURE, PlayHuntCard("despair"))
    assert not any(isinstance(a, PlaySurvivalCard) for a in legal_actions(state, 1))
    state = explore(state, {1: SOURCE, 2: ROVER})
    state = hunt(state, creature=ROVER)
    # No Survival window opened for the Hunted holding Adrenaline; at the Source, no drawing.
    assert kind_of(state, 1) == "place_action"
    options = [a for a in legal_actions(state, 1) if isinstance(a, UsePlacePower)]
    assert options == [UsePlacePower(SOURCE, "will", hunted=1)]


def test_despair_after_a_hunted_chose_makes_them_choose_again() -> None:
    state = table(hunted=2, hunt_cards=["despair"])
    state = act(state, 1, PlayPlaceCards((BEACH,)))
    assert state.hunted_at(1).ready
    state, events = act_events(state, CREATURE, PlayHuntCard("despair"))
    h = state.hunted_at(1)
    assert not h.ready and h.played == [] and BEACH in h.hand
    assert kind_of(state, 1) == "explore"
    assert [e.data["hunted"] for e in events if e.kind == "place_choice_reset"] == [1]


# --- H2 Force Field -----------------------------------------------------------------------


def test_force_field_forbids_playing_its_two_places() -> None:
    state = table(hunted=1, hunt_cards=["force-field"])
    state, events = act_events(state, CREATURE, PlayHuntCard("force-field", (BEACH, ROVER)))
    assert state.tokens["target"] == [BEACH, ROVER]
    plays = {a.cards for a in legal_actions(state, 1) if isinstance(a, PlayPlaceCards)}
    assert plays == {(LAIR,), (JUNGLE,), (RIVER,)}
    assert any(e.kind == "hunt_token_placed" and e.data["places"] == [BEACH, ROVER]
               for e in events)


def test_force_field_after_a_hunted_chose_makes_them_choose_again() -> None:
    state = table(hunted=2, hunt_cards=["force-field"])
    state = act(state, 1, PlayPlaceCards((BEACH,)))
    state = act(state, 2, PlayPlaceCards((LAIR,)))
    state = act(state, CREATURE, PlayHuntCard("force-field", (RIVER, BEACH)))
    assert kind_of(state, 1) == "explore" and kind_of(state, 2) == "explore"
    assert state.hunted_at(1).played == [] and BEACH in state.hunted_at(1).hand
    plays = {a.cards for a in legal_actions(state, 1) if isinstance(a, PlayPlaceCards)}
    assert plays == {(LAIR,), (JUNGLE,), (ROVER,)}


def test_force_field_may_only_cover_two_adjacent_places() -> None:
    state = table(hunted=1, hunt_cards=["force-field"])
    assert {a.places for a in hunt_plays(state, "force-field")} == set(EDGES)
    assert len(EDGES) == 13
    assert PlayHuntCard("force-field", (BEACH, SOURCE)) in hunt_plays(state)
    assert PlayHuntCard("force-field", (BEACH, WRECK)) not in hunt_plays(state)


def test_force_field_forbidden_hand_must_give_up_when_that_helps() -> None:
    """rules-notes "Nothing to play": a forbidden card only when Give Up cannot help."""
    state = table(hunted=1, hunt_cards=["force-field"])
    h = state.hunted_at(1)
    h.hand, h.discard = [BEACH, ROVER], [LAIR, JUNGLE, RIVER]
    state = act(state, CREATURE, PlayHuntCard("force-field", (BEACH, ROVER)))
    legal = legal_actions(state, 1)
    assert not any(isinstance(a, PlayPlaceCards) for a in legal)
    assert GiveUp() in legal and Resist(1) in legal


def test_force_field_forbidden_hand_may_play_a_forbidden_card_when_nothing_helps() -> None:
    state = table(hunted=1, hunt_cards=["force-field"])
    h = state.hunted_at(1)
    h.hand, h.discard = [BEACH, ROVER], []
    state = act(state, CREATURE, PlayHuntCard("force-field", (BEACH, ROVER)))
    plays = {a.cards for a in legal_actions(state, 1) if isinstance(a, PlayPlaceCards)}
    assert plays == {(BEACH,), (ROVER,)}


# --- H3 Anticipation ----------------------------------------------------------------------


def test_anticipation_adds_one_assimilation_when_the_named_hunted_is_caught() -> None:
    state = table(hunted=2, hunt_cards=["anticipation"])
    start = state.assimilation
    state = play_turn(state, {1: BEACH, 2: ROVER}, creature=BEACH,
                      cards=[PlayHuntCard("anticipation", hunted=1)])
    state = to_turn(state, 2)
    assert state.assimilation == start - 2


def test_anticipation_adds_nothing_when_another_hunted_is_caught() -> None:
    state = table(hunted=2, hunt_cards=["anticipation"])
    start = state.assimilation
    state = explore(state, {1: BEACH, 2: ROVER})
    assert {a.hunted for a in hunt_plays(state, "anticipation")} == {1, 2}
    state = hunt(state, creature=ROVER, cards=[PlayHuntCard("anticipation", hunted=1)])
    state = to_turn(state, 2)
    assert state.hunted_at(2).will == 2
    assert state.assimilation == start - 1


# --- H4 Ascendancy ------------------------------------------------------------------------


def test_ascendancy_makes_the_chosen_hunted_discard_down_to_two_cards() -> None:
    state = table(hunted=2, hunt_cards=["ascendancy"])
    state = explore(state, {1: BEACH, 2: ROVER})
    state = act(state, CREATURE, PlayHuntCard("ascendancy", hunted=1))
    assert prompt_of(state, 1).data["count"] == 2  # 4 cards in hand: discard 2
    assert prompt_of(state, CREATURE) is None  # the Creature waits
    state = discard_cards(state, 1, LAIR, RIVER)
    assert state.hunted_at(1).hand == [JUNGLE, ROVER]
    assert state.hunted_at(1).discard == [LAIR, RIVER]
    assert len(state.hunted_at(2).hand) == 4
    assert kind_of(state, CREATURE) == "hunt"


def test_ascendancy_needs_a_hunted_holding_more_than_two_place_cards() -> None:
    state = table(hunted=2, hunt_cards=["ascendancy"])
    state.hunted_at(1).hand = [LAIR, JUNGLE, RIVER]
    state.hunted_at(2).hand = [LAIR, JUNGLE, RIVER, BEACH]
    state = explore(state, {1: LAIR, 2: LAIR})
    # Hunted 1 now holds 2 cards: only Hunted 2 may be chosen.
    assert hunt_plays(state, "ascendancy") == [PlayHuntCard("ascendancy", hunted=2)]
    state.hunted_at(2).hand = [JUNGLE, RIVER]
    assert hunt_plays(state, "ascendancy") == []


# --- H5 Fierceness ------------------------------------------------------------------------


def test_fierceness_costs_a_caught_hunted_one_more_will() -> None:
    state = table(hunted=2, hunt_cards=["fierceness"])
    state = play_turn(state, {1: BEACH, 2: ROVER}, creature=BEACH,
                      cards=[PlayHuntCard("fierceness")])
    state = to_turn(state, 2)
    assert state.hunted_at(1).will == 1
    assert state.hunted_at(2).will == 3


def test_fierceness_stacks_with_the_lair_for_three_will() -> None:
    state = table(hunted=2, hunt_cards=["fierceness"])
    start = state.assimilation
    state = play_turn(state, {1: LAIR, 2: ROVER}, creature=LAIR,
                      cards=[PlayHuntCard("fierceness")])
    events: list[Event] = []
    state = to_turn(state, 2, events)
    assert [e.data["amount"] for e in events if e.kind == "will_lost"] == [3]
    assert state.assimilation == start - 2  # caught, and a last Will lost
    assert state.hunted_at(1).will == 3  # recovered at end of turn


# --- H6 Forbidden Zone --------------------------------------------------------------------


def test_forbidden_zone_makes_every_hunted_discard_one_card_at_once() -> None:
    state = table(hunted=2, hunt_cards=["forbidden-zone"])
    state = explore(state, {1: BEACH, 2: ROVER})
    state = act(state, CREATURE, PlayHuntCard("forbidden-zone"))
    assert kind_of(state, 1) == "discard" and kind_of(state, 2) == "discard"
    assert prompt_of(state, CREATURE) is None
    state = act(state, 2, DiscardPlaceCard(JUNGLE))
    state = act(state, 1, DiscardPlaceCard(RIVER))
    assert state.hunted_at(1).discard == [RIVER]
    assert state.hunted_at(2).discard == [JUNGLE]
    assert kind_of(state, CREATURE) == "hunt"


def test_forbidden_zone_with_one_or_no_card_in_hand() -> None:
    state = table(hunted=2, hunt_cards=["forbidden-zone"])
    state.hunted_at(1).hand = [LAIR, JUNGLE]
    state.hunted_at(2).hand = [LAIR]
    state = explore(state, {1: LAIR, 2: LAIR})
    state = act(state, CREATURE, PlayHuntCard("forbidden-zone"))
    # Hunted 1's single card goes without a prompt; Hunted 2 has nothing to discard.
    assert state.hunted_at(1).discard == [JUNGLE] and state.hunted_at(1).hand == []
    assert state.hunted_at(2).discard == []
    assert kind_of(state, CREATURE) == "hunt"


def test_forbidden_zone_is_not_playable_when_every_hand_is_empty() -> None:
    state = table(hunted=1, hunt_cards=["forbidden-zone"])
    state.hunted_at(1).hand = [LAIR]
    state = explore(state, {1: LAIR})
    assert hunt_plays(state, "forbidden-zone") == []


# --- H7 Interference ----------------------------------------------------------------------


@pytest.mark.parametrize("place", [BEACH, WRECK])
def test_interference_makes_the_beach_and_the_wreck_ineffective(place: int) -> None:
    state = table(hunted=1, hunt_cards=["interference"])
    h = state.hunted_at(1)
    h.hand, h.discard = [LAIR, JUNGLE, BEACH, ROVER, WRECK], [RIVER]  # a discard: asked anyway
    rescue = state.rescue
    state = play_turn(state, {1: place}, creature=LAIR, cards=[PlayHuntCard("interference")])
    assert kind_of(state, 1) == "place_action"
    assert not any(isinstance(a, UsePlacePower) for a in legal_actions(state, 1))
    state = to_turn(state, 2)
    assert state.rescue == rescue - 1  # only the end-of-turn advance
    assert not state.marker_on_beach


def test_interference_leaves_other_places_effective() -> None:
    state = table(hunted=1, hunt_cards=["interference"])
    state = play_turn(state, {1: ROVER}, creature=LAIR, cards=[PlayHuntCard("interference")])
    assert UsePlacePower(ROVER, card=SWAMP) in legal_actions(state, 1)


# --- H8 Persecution -----------------------------------------------------------------------


@pytest.mark.parametrize("place", [JUNGLE, SWAMP])
def test_persecution_jungle_and_swamp_return_this_card_or_one_discarded(place: int) -> None:
    """F11: Jungle/Swamp give back this card OR 1 discarded card, not both."""
    state = table(hunted=1, hunt_cards=["persecution"])
    h = state.hunted_at(1)
    h.hand, h.discard = [LAIR, place], [RIVER, BEACH]
    state = play_turn(state, {1: place}, creature=WRECK, cards=[PlayHuntCard("persecution")])
    powers = [a for a in legal_actions(state, 1) if isinstance(a, UsePlacePower)]
    assert powers == [UsePlacePower(place, "this"), UsePlacePower(place, "discard")]
    state = act(state, 1, UsePlacePower(place, "discard"))
    state = act(state, 1, TakeBackPlaceCard(BEACH))
    h = state.hunted_at(1)
    # The played card was not returned: it went to the discard pile at end of turn.
    assert h.hand == [LAIR, BEACH] and sorted(h.discard) == sorted([RIVER, place])


def test_persecution_limits_the_lair_to_one_card_but_it_may_still_copy() -> None:
    """F11: the Lair copies the Creature's place OR takes back 1 card."""
    state = table(hunted=1, hunt_cards=["persecution"])
    h = state.hunted_at(1)
    h.hand, h.discard = [LAIR, ROVER], [JUNGLE, RIVER, BEACH]
    state = play_turn(state, {1: LAIR}, creature=WRECK, cards=[PlayHuntCard("persecution")])
    legal = legal_actions(state, 1)
    assert UsePlacePower(LAIR, "copy", copy=WRECK) in legal
    state = act(state, 1, UsePlacePower(LAIR, "recover"))
    assert prompt_of(state, 1).data["count"] == 1
    state = act(state, 1, TakeBackPlaceCard(RIVER))
    h = state.hunted_at(1)
    assert h.hand == [RIVER, ROVER] and sorted(h.discard) == [LAIR, JUNGLE, BEACH]


# --- H9 Mutation --------------------------------------------------------------------------


def test_mutation_adds_one_will_to_the_artemia_token() -> None:
    state = table(hunted=2, hunt_cards=["mutation"])
    state = play_turn(state, {1: BEACH, 2: ROVER}, creature=LAIR, artemia=BEACH,
                      cards=[PlayHuntCard("mutation")])
    state = until_prompt(state, 1, "discard")
    assert state.hunted_at(1).will == 2
    state = discard_cards(state, 1, JUNGLE)
    assert JUNGLE in state.hunted_at(1).discard and JUNGLE not in state.hunted_at(1).hand
    assert state.hunted_at(2).will == 3


def test_mutation_can_take_a_last_will_and_advance_assimilation() -> None:
    state = table(hunted=1, hunt_cards=["mutation"])
    state.hunted_at(1).will = 1
    start = state.assimilation
    state = play_turn(state, {1: BEACH}, creature=LAIR, artemia=BEACH,
                      cards=[PlayHuntCard("mutation")])
    assert state.hunted_at(1).will == 0 and state.hunted_at(1).lost_last_will
    state = discard_cards(state, 1, JUNGLE)
    state = to_turn(state, 2)
    assert state.assimilation == start - 1  # nobody caught, but a last Will was lost
    assert state.hunted_at(1).will == 3


# --- H10 Phobia ---------------------------------------------------------------------------


def test_phobia_shows_all_but_two_place_cards_to_the_creature_only() -> None:
    state = table(hunted=2, hunt_cards=["phobia"])
    state = explore(state, {1: BEACH, 2: ROVER})
    state = act(state, CREATURE, PlayHuntCard("phobia", hunted=1))
    assert kind_of(state, 1) == "keep_hidden"
    assert KeepHidden((LAIR, JUNGLE)) in legal_actions(state, 1)
    state, events = act_events(state, 1, KeepHidden((JUNGLE, ROVER)))
    assert state.phobia == {1: [LAIR, RIVER]}
    assert view_for(state, CREATURE)["you"]["shown_by_phobia"] == {"1": [LAIR, RIVER]}
    assert "shown_by_phobia" not in view_for(state, 2)["you"]
    assert "shown_by_phobia" not in view_for(state, None)["you"]
    shown = [e for e in events if e.kind == "place_cards_shown_to_creature"]
    assert len(shown) == 1 and shown[0].data["cards"] == [LAIR, RIVER]
    assert shown[0].visible_to(CREATURE) and shown[0].visible_to(1)
    assert not shown[0].visible_to(2) and not shown[0].visible_to(None)
    for event in events:
        if event.visible_to(2):
            assert "cards" not in event.data


def test_phobia_needs_a_hunted_holding_more_than_two_place_cards() -> None:
    state = table(hunted=2, hunt_cards=["phobia"])
    state.hunted_at(1).hand = [LAIR, JUNGLE, RIVER]
    state.hunted_at(2).hand = [LAIR, JUNGLE, RIVER, BEACH]
    state = explore(state, {1: LAIR, 2: LAIR})
    assert hunt_plays(state, "phobia") == [PlayHuntCard("phobia", hunted=2)]
    state.hunted_at(2).hand = [JUNGLE, RIVER]
    assert hunt_plays(state, "phobia") == []


# --- H11 Virus ----------------------------------------------------------------------------


def test_virus_puts_the_artemia_token_on_two_adjacent_places() -> None:
    state = table(hunted=2, hunt_cards=["virus"])
    state = explore(state, {1: BEACH, 2: RIVER})
    assert {a.places for a in hunt_plays(state, "virus")} == set(EDGES)
    state = act(state, CREATURE, PlayHuntCard("virus", (RIVER, BEACH)))
    assert state.tokens["artemia"] == [RIVER, BEACH]
    # The token is down: no second Artemia placement.
    assert not any(isinstance(a, PlaceHuntToken) and a.token == "artemia"
                   for a in legal_actions(state, CREATURE))
    state = hunt(state, creature=LAIR)
    state = discard_cards(state, 2, JUNGLE)  # the River resolves before the Beach
    state = discard_cards(state, 1, ROVER)
    assert state.turn == 2
    assert ROVER not in state.hunted_at(1).hand and JUNGLE not in state.hunted_at(2).hand
    assert sorted(state.hunted_at(1).discard) == [BEACH, ROVER]
    assert sorted(state.hunted_at(2).discard) == [JUNGLE, RIVER]


@pytest.mark.parametrize(("mutation", "will"), [(False, 3), (True, 1)])
def test_virus_with_the_artefact_hits_twice(mutation: bool, will: int) -> None:
    """F12: on both Artemia places, discard 2 Place cards (and with Mutation lose 2 Will)."""
    state = table(hunted=1, hunt_cards=["virus", "mutation"])
    h = state.hunted_at(1)
    h.hand, h.double = [LAIR, JUNGLE, RIVER, WRECK, SOURCE], "artefact"
    state.creature.plays_left = 2  # as on the turn after Tracking
    cards = [PlayHuntCard("virus", (WRECK, SOURCE))]
    if mutation:
        cards.append(PlayHuntCard("mutation"))
    state = play_turn(state, {1: (WRECK, SOURCE)}, creature=LAIR, cards=cards)
    state = discard_cards(state, 1, LAIR, JUNGLE)
    assert state.hunted_at(1).hand == [RIVER]
    assert state.hunted_at(1).will == will


# --- H12 Clone ----------------------------------------------------------------------------


def test_clone_catches_on_the_target_place_and_assimilation_moves_once() -> None:
    state = table(hunted=2, hunt_cards=["clone"])
    start = state.assimilation
    state = play_turn(state, {1: BEACH, 2: ROVER}, creature=ROVER,
                      cards=[PlayHuntCard("clone", (BEACH,))])
    state = to_turn(state, 2)
    assert state.hunted_at(1).will == 2  # caught by the Target token
    assert state.hunted_at(2).will == 2  # caught by the Creature token
    assert state.assimilation == start - 1


def test_clone_on_the_creature_token_place_stacks_two_catches() -> None:
    state = table(hunted=1, hunt_cards=["clone"])
    state = play_turn(state, {1: BEACH}, creature=BEACH, cards=[PlayHuntCard("clone", (BEACH,))])
    assert state.hunted_at(1).will == 1


def test_clone_repeated_by_flashback_is_still_one_second_creature_token() -> None:
    # H12: the Target token "counts as a second Creature token"; two Clones (Tracking, then
    # Flashback) apply to the one Target token: a Hunted alone there is caught once.
    state = table(hunted=1, hunt_cards=["clone", "flashback"])
    state.creature.plays_left = 2  # the turn after Tracking
    state = play_turn(state, {1: BEACH}, creature=LAIR,
                      cards=[PlayHuntCard("clone", (BEACH,)), PlayHuntCard("flashback")])
    assert state.hunted_at(1).will == 2


# --- H13 Mirage ---------------------------------------------------------------------------


def test_mirage_makes_both_places_ineffective_without_take_back() -> None:
    state = table(hunted=2, hunt_cards=["mirage"])
    for seat in (1, 2):
        state.hunted_at(seat).hand = [LAIR, JUNGLE, ROVER, ARTEFACT]
        state.hunted_at(seat).discard = [RIVER]
    state = explore(state, {1: ROVER, 2: ARTEFACT})
    state = hunt(state, creature=LAIR, cards=[PlayHuntCard("mirage", (ROVER, ARTEFACT))])
    # Neither Hunted is asked anything: no power, and no take-back instead (rulebook example).
    assert state.turn == 2
    assert state.hunted_at(1).discard == [RIVER, ROVER]
    assert state.hunted_at(2).discard == [RIVER, ARTEFACT]
    assert state.hunted_at(2).double == ""  # the Artefact's power did not act


def test_mirage_may_only_cover_two_adjacent_places() -> None:
    state = table(hunted=1, hunt_cards=["mirage"])
    state = explore(state, {1: BEACH})
    assert {a.places for a in hunt_plays(state, "mirage")} == set(EDGES)
    assert PlayHuntCard("mirage", (LAIR, RIVER)) not in hunt_plays(state)


# --- H14 Scream ---------------------------------------------------------------------------


def test_scream_discard_two_then_the_place_resolves_normally() -> None:
    state = table(hunted=1, hunt_cards=["scream"])
    state = play_turn(state, {1: BEACH}, creature=LAIR, cards=[PlayHuntCard("scream", (BEACH,))])
    assert kind_of(state, 1) == "scream"
    assert set(legal_actions(state, 1)) == {Choose("discard"), Choose("will")}
    state = act(state, 1, Choose("discard"))
    state = discard_cards(state, 1, JUNGLE, RIVER)
    h = state.hunted_at(1)
    assert h.discard == [JUNGLE, RIVER] and h.will == 3
    assert kind_of(state, 1) == "place_action"
    state = act(state, 1, UsePlacePower(BEACH))
    assert state.marker_on_beach


def test_scream_lose_will_is_the_only_choice_with_an_empty_hand() -> None:
    state = table(hunted=1, hunt_cards=["scream"])
    state.hunted_at(1).hand = [BEACH]
    state = play_turn(state, {1: BEACH}, creature=LAIR, cards=[PlayHuntCard("scream", (BEACH,))])
    assert legal_actions(state, 1) == [Choose("will")]
    state = act(state, 1, Choose("will"))
    assert state.hunted_at(1).will == 2


# --- H15 Toxin ----------------------------------------------------------------------------


def test_toxin_discards_a_survival_card_and_makes_the_place_ineffective() -> None:
    state = table(hunted=1, hunt_cards=["toxin"])
    give_survival_card(state, 1, "adrenaline")
    give_survival_card(state, 1, "amplifier")
    state.hunted_at(1).discard = [RIVER]
    state = explore(state, {1: ROVER})
    state = hunt(state, creature=LAIR, cards=[PlayHuntCard("toxin", (ROVER,))])
    state = pass_windows(state)
    assert kind_of(state, 1) == "discard_survival"
    assert set(legal_actions(state, 1)) == {DiscardSurvivalCard("adrenaline"),
                                            DiscardSurvivalCard("amplifier")}
    state = act(state, 1, DiscardSurvivalCard("amplifier"))
    assert state.hunted_at(1).survival == ["adrenaline"]
    assert "amplifier" in state.survival_discard
    # No place action at the Rover (no power, no take-back): straight to phase 4's window.
    assert state.phase == 4 and kind_of(state, 1) == "window"
    assert state.hunted_at(1).discard == [RIVER]


def test_toxin_on_a_hunted_without_survival_cards_discards_nothing() -> None:
    state = table(hunted=1, hunt_cards=["toxin"])
    state.hunted_at(1).discard = [RIVER]
    state = explore(state, {1: ROVER})
    state = hunt(state, creature=LAIR, cards=[PlayHuntCard("toxin", (ROVER,))])
    # No Survival card to discard and no place action: the turn ends without asking.
    assert state.turn == 2
    assert state.hunted_at(1).discard == [RIVER, ROVER]
    assert SWAMP not in state.hunted_at(1).hand


# --- H16 Cataclysm ------------------------------------------------------------------------


def test_cataclysm_makes_the_chosen_place_ineffective() -> None:
    state = table(hunted=1, hunt_cards=["cataclysm"])
    state.hunted_at(1).discard = [RIVER]
    state = hunt(explore(state, {1: ROVER}), creature=LAIR)
    assert kind_of(state, CREATURE) == "window" and state.phase == 3
    assert {a.places for a in hunt_plays(state, "cataclysm")} == {(p,) for p in range(1, 11)}
    state = act(state, CREATURE, PlayHuntCard("cataclysm", (ROVER,)))
    # The Rover's power is unusable, so no take-back instead either: the turn just ends.
    assert state.turn == 2
    assert state.hunted_at(1).discard == [RIVER, ROVER]


def test_cataclysm_place_cannot_be_copied_by_the_lair() -> None:
    state = table(hunted=1, hunt_cards=["cataclysm"])
    state.hunted_at(1).discard = [RIVER]
    state = hunt(explore(state, {1: LAIR}), creature=WRECK)
    state = act(state, CREATURE, PlayHuntCard("cataclysm", (WRECK,)))
    assert kind_of(state, 1) == "place_action"
    assert UsePlacePower(LAIR, "copy", copy=WRECK) not in legal_actions(state, 1)
    assert UsePlacePower(LAIR, "recover") in legal_actions(state, 1)


# --- H17 Detour ---------------------------------------------------------------------------


def test_detour_moves_a_hunted_to_an_adjacent_place_before_places_resolve() -> None:
    state = table(hunted=1, hunt_cards=["detour"])
    start = state.assimilation
    state = hunt(explore(state, {1: BEACH}), creature=SOURCE)
    assert state.hunted_at(1).positions == [(BEACH, BEACH)]
    state, events = act_events(state, CREATURE, PlayHuntCard("detour", (BEACH, SOURCE), 1))
    assert [(e.data["origin"], e.data["destination"]) for e in events
            if e.kind == "hunted_moved"] == [(BEACH, SOURCE)]
    assert [e.data["place"] for e in events if e.kind == "hunted_caught"] == [SOURCE]
    # Caught on the Source instead of using the Beach.
    assert state.hunted_at(1).will == 2
    assert not state.marker_on_beach
    state = to_turn(state, 2)
    assert state.assimilation == start - 1


def test_detour_offers_only_adjacent_places_from_where_a_hunted_stands() -> None:
    state = table(hunted=2, hunt_cards=["detour"])
    state = hunt(explore(state, {1: BEACH, 2: LAIR}), creature=SOURCE)
    choices = {(a.hunted, a.places) for a in hunt_plays(state, "detour")}
    assert choices == {(1, (BEACH, RIVER)), (1, (BEACH, ROVER)), (1, (BEACH, SOURCE)),
                       (2, (LAIR, JUNGLE)), (2, (LAIR, SWAMP))}


def test_a_second_detour_moves_a_hunted_only_from_the_place_they_revealed() -> None:
    # H17 "from the place they revealed": after Tracking, Flashback repeats Detour, and the
    # Hunted it moved is no longer on their revealed place; the other one still is.
    state = table(hunted=2, hunt_cards=["detour", "flashback"])
    state.creature.plays_left = 2  # the turn after Tracking
    state = hunt(explore(state, {1: BEACH, 2: LAIR}), creature=WRECK)
    state = act(state, CREATURE, PlayHuntCard("detour", (BEACH, SOURCE), 1))
    choices = {(a.hunted, a.places) for a in hunt_plays(state, "flashback")}
    assert choices == {(2, (LAIR, JUNGLE)), (2, (LAIR, SWAMP))}


@pytest.mark.parametrize(("variant", "double"), [("base", "artefact"), (FROZEN, "aurora")])
def test_detour_never_moves_a_figure_onto_a_place_where_that_hunted_already_stands(
        variant: str, double: str) -> None:
    """rules-notes: a Hunted is at a place or not. With two figures (the Artefact, The Aurora)
    on places 4 and 5, Detour may not stack them: place 5 would resolve twice for her."""
    state = table(hunted=3, hunt_cards=["detour"], variant=variant)  # Frozen Lands: 3 at least
    state.hunted_at(1).double = double
    state = hunt(explore(state, {1: (4, 5), 2: 1, 3: 1}), creature=5)
    choices = {a.places for a in hunt_plays(state, "detour") if a.hunted == 1}
    assert choices == {(4, 3), (4, 9), (5, 10)}


def test_a_second_detour_never_stacks_a_hunteds_two_figures() -> None:
    # The first Detour puts a figure of the Artefact's Hunted on the Beach, next to the Rover
    # where her other figure stands: Flashback's Detour may not bring that one onto the Beach.
    state = table(hunted=1, hunt_cards=["detour", "flashback"])
    state.hunted_at(1).double = "artefact"
    state.creature.plays_left = 2  # the turn after Tracking
    state = hunt(explore(state, {1: (RIVER, ROVER)}), creature=WRECK)
    state = act(state, CREATURE, PlayHuntCard("detour", (RIVER, BEACH), 1))
    choices = {a.places for a in hunt_plays(state, "flashback")}
    assert choices == {(ROVER, ARTEFACT)}


def test_detour_keeps_the_card_played_as_this_card() -> None:
    """rules-notes: Detour moves the figure, not the card."""
    state = table(hunted=1, hunt_cards=["detour"])
    state.hunted_at(1).discard = [RIVER]
    state = hunt(explore(state, {1: LAIR}), creature=WRECK)
    state = act(state, CREATURE, PlayHuntCard("detour", (LAIR, JUNGLE), 1))
    assert kind_of(state, 1) == "place_action" and prompt_of(state, 1).data["place"] == JUNGLE
    state = act(state, 1, UsePlacePower(JUNGLE))  # Jungle: this card (the Lair) + 1 discarded
    h = state.hunted_at(1)
    assert state.turn == 2
    assert LAIR in h.hand and RIVER in h.hand and h.discard == []


# --- H18 Stasis ---------------------------------------------------------------------------


def test_stasis_holds_the_rescue_counter_at_end_of_turn() -> None:
    state = table(hunted=1, hunt_cards=["stasis"])
    rescue = state.rescue
    state = play_turn(state, {1: ROVER}, creature=LAIR)
    state = to_creature_window(state, 4)
    state, events = act_events(state, CREATURE, PlayHuntCard("stasis"))
    state = to_turn(state, 2, events)
    assert state.rescue == rescue
    assert any(e.kind == "rescue_held" for e in events)


def test_stasis_lasts_only_for_its_own_turn() -> None:
    state = table(hunted=1, hunt_cards=["stasis"])
    rescue = state.rescue
    state = play_turn(state, {1: ROVER}, creature=LAIR)
    state = to_creature_window(state, 4)
    state = act(state, CREATURE, PlayHuntCard("stasis"))
    state = to_turn(state, 2)
    state.creature.hand = []
    state = play_turn(state, {1: LAIR}, creature=BEACH)
    state = to_turn(state, 3)
    assert state.rescue == rescue - 1


def tracked_turn(deck: list[str]) -> GameState:
    """The turn after Tracking (two plays): the Creature played Fierceness and holds nothing
    else, so at step 4 it draws three cards, the first from the top of `deck`; then the
    windows are passed up to the Creature's next one (holding nothing, it had none before
    step 1), if any opens before turn 2."""
    state = table(hunted=1, hunt_cards=["fierceness"])
    state.creature.plays_left = 2  # as on the turn after Tracking
    state.creature.deck = ["clone", "mirage", *deck]  # drawn from the end
    state = play_turn(state, {1: ROVER}, creature=LAIR, cards=[PlayHuntCard("fierceness")])
    while state.turn == 1 and prompt_of(state, CREATURE) is None:
        state = step(state, [])
    return state


def test_a_stasis_drawn_at_step_4_may_still_hold_the_rescue_counter() -> None:
    # "Hunt cards may be played at any time during the phase shown on the card" (rulebook):
    # a Creature that drew at step 4 and may still play gets the window again before Rescue.
    state = tracked_turn(["stasis"])
    prompt = prompt_of(state, CREATURE)
    assert state.turn == 1 and prompt is not None and prompt.data["moment"] == "late"
    assert [p.seat for p in state.layers[-1]] == [CREATURE]  # its own, alone
    assert offered(state) == {"stasis"}
    rescue = state.rescue
    state, events = act_events(state, CREATURE, PlayHuntCard("stasis"))
    state = to_turn(state, 2, events)
    assert state.rescue == rescue
    assert any(e.kind == "rescue_held" for e in events)


def test_the_late_window_opens_on_public_facts_not_on_the_cards_drawn() -> None:
    # Whether it opens must not tell the Hunted what was drawn: it opens on any draw while the
    # Creature may still play, and only the Pass is offered when nothing drawn fits phase 4.
    state = tracked_turn(["fierceness"])
    prompt = prompt_of(state, CREATURE)
    assert state.turn == 1 and prompt is not None and prompt.data["moment"] == "late"
    assert offered(state) == set()
    assert legal_actions(state, CREATURE) == [Pass()]


def test_no_late_window_for_a_creature_that_may_not_play_again() -> None:
    state = table(hunted=1, hunt_cards=["fierceness"])
    state.creature.deck = ["clone", "mirage", "stasis"]
    state = play_turn(state, {1: ROVER}, creature=LAIR, cards=[PlayHuntCard("fierceness")])
    rescue = state.rescue
    state = to_turn(state, 2)  # no window left to pass: the draw opened none
    assert "stasis" in state.creature.hand and state.rescue == rescue - 1


# --- H19 Tracking -------------------------------------------------------------------------


def test_tracking_lets_the_creature_play_two_hunt_cards_next_turn() -> None:
    state = table(hunted=1, hunt_cards=["tracking"])
    state = play_turn(state, {1: ROVER}, creature=LAIR)
    state = to_creature_window(state, 4)
    state = act(state, CREATURE, PlayHuntCard("tracking"))
    state = to_turn(state, 2)
    assert state.creature.plays_left == 2
    give_hunt_card(state, "fierceness")
    give_hunt_card(state, "interference")
    state = explore(state, {1: BEACH})
    state = act(state, CREATURE, PlayHuntCard("fierceness"))
    assert "interference" in offered(state)
    state = act(state, CREATURE, PlayHuntCard("interference"))
    assert offered(state) == set()
    assert state.effects[-2:] == ("fierceness", "interference")


def test_tracking_gives_no_second_card_on_its_own_turn_nor_two_turns_later() -> None:
    state = table(hunted=1, hunt_cards=["tracking", "stasis"])
    state = play_turn(state, {1: ROVER}, creature=LAIR)
    state = to_creature_window(state, 4)
    state = act(state, CREATURE, PlayHuntCard("tracking"))
    # The window closed at once although the Creature still holds Stasis.
    assert state.turn == 2 and "stasis" in state.creature.hand
    assert state.creature.plays_left == 2
    state.creature.hand = []
    state = play_turn(state, {1: LAIR}, creature=BEACH)
    state = to_turn(state, 3)
    assert state.creature.plays_left == 1


# --- H20 Flashback ------------------------------------------------------------------------


def test_flashback_reproduces_the_most_recently_discarded_hunt_card() -> None:
    state = table(hunted=1, hunt_cards=["flashback"])
    state.creature.discard = ["stasis", "fierceness"]
    state = explore(state, {1: BEACH})
    assert hunt_plays(state, "flashback") == [PlayHuntCard("flashback")]
    state, events = act_events(state, CREATURE, PlayHuntCard("flashback"))
    played = [e for e in events if e.kind == "hunt_card_played"]
    assert played[0].data["effect"] == "fierceness"
    assert state.creature.discard[-1] == "flashback"
    state = hunt(state, creature=BEACH)
    state = pass_windows(state)
    assert state.hunted_at(1).will == 1  # Fierceness: 2 Will


def test_flashback_is_not_playable_with_an_empty_hunt_discard() -> None:
    state = table(hunted=1, hunt_cards=["flashback"])
    assert state.creature.discard == []
    assert offered(state) == set()
    state = explore(state, {1: ROVER})
    assert offered(state) == set()
    state = hunt(state, creature=LAIR)
    assert kind_of(state, CREATURE) == "window" and offered(state) == set()  # phase 3
    state = to_creature_window(state, 4)
    assert offered(state) == set()


def test_flashback_takes_the_phase_of_the_copied_card() -> None:
    state = table(hunted=1, hunt_cards=["flashback"])
    state.creature.discard = ["despair"]
    assert hunt_plays(state, "flashback") == [PlayHuntCard("flashback")]  # phase-1 window
    state = explore(state, {1: ROVER})
    assert offered(state) == set()  # not in the Hunting phase


def test_flashback_takes_the_symbol_of_the_copied_card() -> None:
    state = table(hunted=1, hunt_cards=["flashback"])
    state.creature.discard = ["mutation"]
    state = explore(state, {1: BEACH})
    assert PlaceHuntToken("artemia", (BEACH,)) not in legal_actions(state, CREATURE)
    state = act(state, CREATURE, PlayHuntCard("flashback"))
    assert PlaceHuntToken("artemia", (BEACH,)) in legal_actions(state, CREATURE)
    state = act(state, CREATURE, PlaceHuntToken("artemia", (BEACH,)))
    state = hunt(state, creature=LAIR)
    state = discard_cards(state, 1, JUNGLE)
    assert state.hunted_at(1).will == 2  # Mutation's extra Will
