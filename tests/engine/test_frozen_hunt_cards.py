"""The 10 Frozen Lands Hunt cards: each effect and its limits.

Sources: frozen_lands.md §4 (the Hunt cards table and its engine notes), C2 (the place action),
C6-C8 (choosing a Hunted, impossible effects, presence), C9 (tokens taken blind; an empty reserve
gives nothing), C11 (team decisions), E1 (an unpaid Blizzard stops the advance, with no choice at
the last space); docs/rules-notes.md (Frozen Lands: ballots, Thin Ice's secret choices, Sundog).

With 3 Hunted (4 players) the Rescue counter starts 15 spaces from Victory.
"""

from __future__ import annotations

import json

import pytest

from app.engine import CREATURE, GameState, apply_action, legal_actions, view_for
from app.engine.actions import (
    Choose,
    DiscardContamination,
    DiscardPlaceCard,
    GiveUp,
    Pass,
    PlaceHuntToken,
    PlayHuntCard,
    PlaySurvivalCard,
    Resist,
    UsePlacePower,
    Vote,
)

from .frozen_helpers import (
    frozen_table,
    give_tokens,
    kind_of,
    of_type,
    pass_until,
    powers,
    stage,
    to_place_action,
    token_ids,
    token_totals,
)
from .helpers import act, explore, give_survival_card, hunt, play_turn

START = 15


def tokens_of(state: GameState) -> list[int]:
    """How many tokens each Hunted holds, by seat."""
    return [len(h.tokens) for h in state.hunted]


def two_card_turn(cards: list[str]) -> GameState:
    """A table where the Creature holds `cards` and may play two of them (as after Tracking)."""
    state = frozen_table(hunt_cards=cards)
    state.creature.plays_left = 2
    return state


# --- Frostbite -----------------------------------------------------------------------------

def test_frostbite_gives_a_token_to_each_later_resist_and_an_extra_one_to_each_give_up(
        ) -> None:
    state = frozen_table(hunt_cards=["frostbite"])
    for seat in (1, 2, 3):
        stage(state, seat, [1, 2, 3], [4, 5], will=3)
    state = act(state, 1, Resist(1))  # before the card: not affected
    state = act(state, CREATURE, PlayHuntCard("frostbite"))
    state = act(state, 2, GiveUp())
    state = act(state, 3, Resist(1))
    assert tokens_of(state) == [0, 2, 1]
    assert token_totals(state) == (14, 3)


def test_frostbite_lets_the_creature_place_the_artemia_token() -> None:
    state = frozen_table(hunt_cards=["frostbite"])
    state = act(state, CREATURE, PlayHuntCard("frostbite"))
    state = explore(state, {1: 1, 2: 2, 3: 3})
    assert PlaceHuntToken("artemia", (4,)) in legal_actions(state, CREATURE)


# --- Quarantine ----------------------------------------------------------------------------

@pytest.mark.parametrize("quarantine", [False, True])
def test_quarantine_forbids_every_token_discard_but_not_looking(quarantine: bool) -> None:
    state = frozen_table(hunt_cards=["quarantine"])
    stage(state, 1, [1, 2, 3, 8], [5])
    own = give_tokens(state, 1, True)
    give_tokens(state, 2, False)
    cards = [PlayHuntCard("quarantine")] if quarantine else []
    state = to_place_action(play_turn(state, {1: 8, 2: 2, 3: 2}, creature=10, cards=cards), 1)
    legal = legal_actions(state, 1)
    assert (DiscardContamination(own[0]) in legal) is not quarantine
    assert UsePlacePower(8, "look") in legal


@pytest.mark.parametrize("quarantine", [False, True])
def test_under_quarantine_a_hunted_whose_only_option_is_a_token_discard_is_not_asked(
        quarantine: bool) -> None:
    state = frozen_table(hunt_cards=["quarantine"])
    give_tokens(state, 1, True)
    cards = [PlayHuntCard("quarantine")] if quarantine else []
    state = play_turn(state, {1: 4, 2: 3, 3: 3}, creature=10, cards=cards)
    state = pass_until(state, {"place_action"}, 1)  # Hunted 1 alone at The Hummocks
    assert (kind_of(state, 1) == "place_action") is not quarantine


# --- Contagion -----------------------------------------------------------------------------

def test_contagion_gives_each_caught_hunted_one_token() -> None:
    state = frozen_table(hunt_cards=["contagion"])
    state = play_turn(state, {1: 2, 2: 2, 3: 3}, creature=2,
                      cards=[PlayHuntCard("contagion")])
    state = pass_until(state)
    assert state.turn == 2
    assert tokens_of(state) == [1, 1, 0]


def test_contagion_gives_one_token_to_a_hunted_caught_twice() -> None:
    state = two_card_turn(["contagion", "clone"])
    state.hunted_at(1).double = "aurora"  # at two places this turn
    state = play_turn(state, {1: (2, 3), 2: 5, 3: 5}, creature=2,
                      cards=[PlayHuntCard("contagion"), PlayHuntCard("clone", (3,))])
    state = pass_until(state)
    assert state.turn == 2
    assert state.hunted_at(1).will == 1  # caught by both Creature tokens
    assert tokens_of(state) == [1, 0, 0]


def test_contagion_spares_a_hunted_who_dodges() -> None:
    state = frozen_table(hunt_cards=["contagion"])
    give_survival_card(state, 1, "dodge")
    state = explore(state, {1: 2, 2: 2, 3: 3})
    state = hunt(state, creature=2, cards=[PlayHuntCard("contagion")])
    state = act(state, 1, Pass())  # the phase-2 window
    state = act(state, 1, PlaySurvivalCard("dodge"))
    state = pass_until(state)
    assert tokens_of(state) == [0, 1, 0]


# --- Hypothermia ---------------------------------------------------------------------------

def test_hypothermia_adds_a_token_to_the_artemia_discard() -> None:
    state = frozen_table(hunt_cards=["hypothermia"])
    state = explore(state, {1: 2, 2: 3, 3: 3})
    state = hunt(state, creature=10, artemia=2, cards=[PlayHuntCard("hypothermia")])
    state = pass_until(state, {"discard"}, 1)
    assert kind_of(state, 1) == "discard"
    assert tokens_of(state) == [1, 0, 0]
    state = act(state, 1, DiscardPlaceCard(5))
    assert 5 in state.hunted_at(1).discard


def test_hypothermia_with_virus_gives_two_tokens_to_a_hunted_at_both_places() -> None:
    state = two_card_turn(["hypothermia", "virus"])
    state.hunted_at(1).double = "aurora"
    state = play_turn(state, {1: (2, 3), 2: 5, 3: 5}, creature=10,
                      cards=[PlayHuntCard("hypothermia"), PlayHuntCard("virus", (2, 3))])
    state = pass_until(state, {"discard"}, 1)
    state = act(state, 1, DiscardPlaceCard(1))
    state = act(state, 1, DiscardPlaceCard(4))
    assert tokens_of(state) == [2, 0, 0]
    assert state.hunted_at(1).hand == [5]


def test_detector_prevents_hypothermias_discard_and_token() -> None:
    state = frozen_table(hunt_cards=["hypothermia"])
    give_survival_card(state, 1, "detector")
    state = explore(state, {1: 2, 2: 3, 3: 3})
    state = hunt(state, creature=10, artemia=2, cards=[PlayHuntCard("hypothermia")])
    state = act(state, 1, Pass())  # the phase-2 window
    state = act(state, 1, PlaySurvivalCard("detector"))
    state = to_place_action(state, 1)  # acts at The Frost Forest as if no token were there
    state = act(state, 1, UsePlacePower(2))
    state = pass_until(state)
    assert tokens_of(state) == [0, 0, 0]
    assert sorted(state.hunted_at(1).hand) == [1, 2, 3, 4, 5]


# --- Tainted Meltwater ---------------------------------------------------------------------

def test_tainted_meltwater_gives_a_token_then_a_place_action_that_may_discard_it() -> None:
    state = frozen_table(hunt_cards=["tainted-meltwater"])
    state = play_turn(state, {1: 2, 2: 2, 3: 3}, creature=10,
                      cards=[PlayHuntCard("tainted-meltwater", (2,))])
    state = to_place_action(state, 1)
    assert tokens_of(state) == [1, 0, 0]  # Hunted 2's turn at the Target place comes next
    [new] = token_ids(state, 1)
    legal = legal_actions(state, 1)
    assert DiscardContamination(new) in legal and UsePlacePower(2) in legal
    state = act(state, 1, DiscardContamination(new))
    assert tokens_of(state) == [0, 1, 0]
    assert token_totals(state) == (14, 3)


# --- Sundog --------------------------------------------------------------------------------

def sundog_turn(hunt_cards: list[str]) -> GameState:
    """The Rescue counter on an Artemia space; Exploration done, the Creature hunts."""
    state = frozen_table(hunt_cards=hunt_cards)
    state.rescue = 5  # the Artemia symbol (board side 1: spaces 1-6)
    stage(state, 1, [1, 2, 3, 4], [5])
    return explore(state, {1: 2, 2: 3, 3: 3})


def test_sundog_is_never_placed_on_the_artemia_tokens_place() -> None:
    state = sundog_turn(["sundog"])
    state = act(state, CREATURE, PlaceHuntToken("artemia", (3,)))
    places = {a.places for a in of_type(state, CREATURE, PlayHuntCard)}
    assert places == {(p,) for p in range(1, 11) if p != 3}


def test_the_artemia_token_is_never_placed_on_the_sundogs_place() -> None:
    state = sundog_turn(["sundog"])
    state = act(state, CREATURE, PlayHuntCard("sundog", (2,)))
    artemia = {a.places for a in of_type(state, CREATURE, PlaceHuntToken)
               if a.token == "artemia"}
    assert artemia == {(p,) for p in range(1, 11) if p != 2}


def test_virus_after_sundog_avoids_the_sundogs_place() -> None:
    state = sundog_turn(["sundog", "virus"])
    state.creature.plays_left = 2
    state = act(state, CREATURE, PlayHuntCard("sundog", (2,)))
    edges = {a.places for a in of_type(state, CREATURE, PlayHuntCard)}
    assert edges and all(2 not in edge for edge in edges)
    assert (3, 4) in edges


def sundog_after(target: PlayHuntCard, artemia: int) -> list[PlayHuntCard]:
    """The Sundog plays open once `target` has laid the Target token and the Artemia token
    lies on `artemia` (two plays, as after Tracking)."""
    state = sundog_turn(["sundog", target.card])
    state.creature.plays_left = 2
    state = act(state, CREATURE, target)
    state = act(state, CREATURE, PlaceHuntToken("artemia", (artemia,)))
    return [a for a in of_type(state, CREATURE, PlayHuntCard) if a.card == "sundog"]


@pytest.mark.parametrize("target", [PlayHuntCard("clone", (3,)), PlayHuntCard("mirage", (3, 4))])
def test_sundog_is_not_playable_on_a_target_token_lying_on_the_artemia_tokens_place(
        target: PlayHuntCard) -> None:
    """frozen_lands.md, Sundog: "It must be placed on a place that does not hold the Artemia
    token"; a second Target card plays where the token lies (rules-notes), and there it would
    make one place hold both Artemia tokens."""
    assert sundog_after(target, artemia=3) == []


def test_sundog_after_another_target_card_acts_where_the_target_token_lies() -> None:
    assert sundog_after(PlayHuntCard("clone", (3,)), artemia=8) == [PlayHuntCard("sundog")]


def test_sundogs_target_acts_as_an_artemia_token() -> None:
    state = sundog_turn(["sundog"])
    state = hunt(state, creature=10, cards=[PlayHuntCard("sundog", (2,))])
    state = pass_until(state, {"discard"}, 1)
    assert kind_of(state, 1) == "discard"  # no place action: no power, take-back or cleanse
    state = act(state, 1, DiscardPlaceCard(4))
    assert state.turn == 2  # Hunted 1 was never asked for a place action
    assert 5 in state.hunted_at(1).discard and 4 in state.hunted_at(1).discard


def test_sundog_with_hypothermia_gives_a_token() -> None:
    state = sundog_turn(["sundog", "hypothermia"])
    state.creature.plays_left = 2
    state = hunt(state, creature=10,
                 cards=[PlayHuntCard("hypothermia"), PlayHuntCard("sundog", (2,))])
    state = pass_until(state, {"discard"}, 1)
    assert kind_of(state, 1) == "discard"
    assert tokens_of(state) == [1, 0, 0]


@pytest.mark.parametrize("card", ["detector", "hologram"])
def test_a_hunted_on_sundogs_place_alone_may_play_detector_or_hologram(card: str) -> None:
    """frozen_lands.md, Sundog: "the Target token is a second Artemia token"; "Detector ignores
    both Artemia tokens" and "Hologram: the Hunted who plays it chooses which Artemia token to
    move" (base_game.md V8, V12: for a Hunted on an Artemia-covered place)."""
    state = sundog_turn(["sundog"])
    give_survival_card(state, 1, card)
    state = hunt(state, creature=10, artemia=8, cards=[PlayHuntCard("sundog", (2,))])
    state = pass_until(state, {"window"}, 1)
    while state.layers[-1][0].data != {"phase": 3}:
        state = act(state, 1, Pass())
    plays = {a.places for a in of_type(state, 1, PlaySurvivalCard)}
    if card == "detector":
        assert plays == {()}
        return
    assert (2, 1) in plays and (8, 9) in plays  # either Artemia token may move
    state = act(state, 1, PlaySurvivalCard("hologram", (2, 1)))
    assert (state.tokens["target"], state.tokens["artemia"]) == ([1], [8])
    assert kind_of(state, 1) == "place_action"  # The Frost Forest is token-free now


def test_hologram_may_move_the_artemia_token_onto_the_sundogs_place() -> None:
    """docs/rules-notes.md: Sundog's "placed on a place that does not hold the Artemia token"
    binds the Creature's placement, not Hologram's move of "the Artemia token to an adjacent
    place": both tokens then cover The Frost Forest, and Hunted 1 there is hit by each."""
    state = sundog_turn(["sundog"])
    give_survival_card(state, 2, "hologram")
    state = hunt(state, creature=10, artemia=3, cards=[PlayHuntCard("sundog", (2,))])
    state = pass_until(state, {"window"}, 2)
    while state.layers[-1][0].data != {"phase": 3}:
        state = act(state, 2, Pass())
    state = act(state, 2, PlaySurvivalCard("hologram", (3, 2)))
    assert (state.tokens["target"], state.tokens["artemia"]) == ([2], [2])
    state = pass_until(state, {"discard"}, 1)
    state = act(state, 1, DiscardPlaceCard(4))
    assert kind_of(state, 1) == "discard"  # the second Artemia token's discard


# --- Avalanche -----------------------------------------------------------------------------

def test_avalanche_discards_one_card_alone_and_two_in_company_then_places_resolve() -> None:
    state = frozen_table(hunt_cards=["avalanche"])
    state = play_turn(state, {1: 2, 2: 3, 3: 3}, creature=10,
                      cards=[PlayHuntCard("avalanche", (2, 3))])
    assert state.layers[-1][0].data == {"count": 1, "why": "avalanche"}
    state = act(state, 1, DiscardPlaceCard(5))
    assert kind_of(state, 1) == "place_action"  # then The Frost Forest resolves normally
    state = act(state, 1, Pass())
    assert state.layers[-1][0].data == {"count": 2, "why": "avalanche"}
    state = act(state, 2, DiscardPlaceCard(5))
    state = act(state, 2, DiscardPlaceCard(4))
    assert state.hunted_at(2).hand == [1, 2]


def test_avalanche_hits_a_hunted_at_both_places_once_per_place() -> None:
    state = frozen_table(hunt_cards=["avalanche"])
    state.hunted_at(1).double = "aurora"
    state = play_turn(state, {1: (2, 3), 2: 5, 3: 5}, creature=10,
                      cards=[PlayHuntCard("avalanche", (2, 3))])
    state = pass_until(state, {"discard"}, 1)
    state = act(state, 1, DiscardPlaceCard(5))
    state = act(state, 1, Pass())  # The Frost Forest
    assert state.layers[-1][0].data == {"count": 1, "why": "avalanche"}  # alone: 1, not 2
    state = act(state, 1, DiscardPlaceCard(4))
    assert state.hunted_at(1).hand == [1]


def test_avalanche_covers_an_edge_of_the_grid() -> None:
    state = frozen_table(hunt_cards=["avalanche"])
    state = explore(state, {1: 2, 2: 3, 3: 3})
    edges = {a.places for a in of_type(state, CREATURE, PlayHuntCard)}
    assert len(edges) == 13 and (2, 3) in edges and (5, 6) not in edges


# --- Isolation -----------------------------------------------------------------------------

ISOLATION_CASES = {
    # place: (cooperative option, an option for the user alone that stays)
    1: (UsePlacePower(1, "copy", copy=4), None),
    2: (UsePlacePower(2, hunted=2), UsePlacePower(2)),
    3: (UsePlacePower(3, hunted=2), UsePlacePower(3, hunted=1)),
    4: (UsePlacePower(4), None),
    5: (UsePlacePower(5, hunted=2), UsePlacePower(5, hunted=1, card=6)),
    6: (UsePlacePower(6, "cleanse", hunted=2), UsePlacePower(6, "this")),
    8: (UsePlacePower(8, "look"), UsePlacePower(8, "advance")),
    9: (UsePlacePower(9, "both", hunted=2), UsePlacePower(9, "will", hunted=1)),
}


@pytest.mark.parametrize("isolation", [False, True])
@pytest.mark.parametrize("place", sorted(ISOLATION_CASES))
def test_isolation_blocks_every_cooperative_place_effect(place: int, isolation: bool) -> None:
    cooperative, alone = ISOLATION_CASES[place]
    state = frozen_table(hunt_cards=["isolation"])
    stage(state, 1, sorted({1, 2, 3, 4, place}), [10], will=2)  # a discard: always asked
    stage(state, 2, sorted({1, 2, 3, 4, place}), [5] if place != 5 else [], will=2)
    give_tokens(state, 2, False)
    cards = [PlayHuntCard("isolation")] if isolation else []
    state = play_turn(state, {1: place, 2: place, 3: 1 if place != 1 else 2},
                      creature=4 if place == 1 else 10, cards=cards)
    state = to_place_action(state, 1)
    options = powers(state, 1)
    assert (cooperative in options) is not isolation
    if isolation and alone is not None:
        assert alone in options


# --- Thin Ice ------------------------------------------------------------------------------

def thin_ice_table() -> GameState:
    """Hunted 1 and 2 at The Frost Forest, Hunted 3 at The Fjord; the Creature's phase-3
    window is open with Thin Ice in hand."""
    state = frozen_table(hunt_cards=["thin-ice"])
    state = explore(state, {1: 2, 2: 2, 3: 3})
    state = hunt(state, creature=10)
    assert kind_of(state, CREATURE) == "window"
    return state


def test_thin_ice_is_played_only_on_a_place_with_two_or_more_hunted() -> None:
    state = thin_ice_table()
    assert of_type(state, CREATURE, PlayHuntCard) == [PlayHuntCard("thin-ice", (2,))]


def test_thin_ice_cannot_be_played_when_every_hunted_stands_alone() -> None:
    state = frozen_table(hunt_cards=["thin-ice"])
    state = explore(state, {1: 1, 2: 2, 3: 3})
    state = hunt(state, creature=10)
    assert legal_actions(state, CREATURE) == [Pass()]


def test_thin_ice_choices_are_secret_and_applied_together() -> None:
    state = thin_ice_table()
    state = act(state, CREATURE, PlayHuntCard("thin-ice", (2,)))
    assert {kind_of(state, s) for s in (1, 2)} == {"thin_ice"} and kind_of(state, 3) is None
    token, ev_token = apply_action(state, 1, Choose("token"))
    will, ev_will = apply_action(state, 1, Choose("will"))
    for seat in (None, CREATURE, 2, 3):
        assert view_for(token, seat) == view_for(will, seat), f"seat {seat} sees the choice"
        assert ([(e.kind, e.data) for e in ev_token if e.visible_to(seat)]
                == [(e.kind, e.data) for e in ev_will if e.visible_to(seat)])
    assert tokens_of(token) == [0, 0, 0] and token.hunted_at(1).will == 3  # not yet applied
    state = act(token, 2, Choose("will"))
    assert tokens_of(state) == [1, 0, 0]
    assert [h.will for h in state.hunted] == [3, 2, 3]


def test_thin_ice_touches_only_the_hunted_on_its_place_after_a_team_decision() -> None:
    state = thin_ice_table()
    state.votes = {1: "nobody", 2: "nobody", 3: "nobody"}  # an earlier turn's Blizzard ballots
    state = act(state, CREATURE, PlayHuntCard("thin-ice", (2,)))
    state = act(state, 1, Choose("will"))
    state = act(state, 2, Choose("will"))
    assert [h.will for h in state.hunted] == [2, 2, 3]
    assert tokens_of(state) == [0, 0, 0]  # Hunted 3, at The Fjord, was never on the ice


def test_thin_ice_with_an_empty_reserve_forces_the_will_loss() -> None:
    state = thin_ice_table()
    give_tokens(state, 3, *state.contamination)
    state = act(state, CREATURE, PlayHuntCard("thin-ice", (2,)))
    assert legal_actions(state, 1) == [Choose("will")]


def test_thin_ice_lets_a_vaccinated_hunted_pick_the_token_with_an_empty_reserve() -> None:
    state = thin_ice_table()
    give_tokens(state, 3, *state.contamination)
    state.vaccinated = (1,)
    state = act(state, CREATURE, PlayHuntCard("thin-ice", (2,)))
    assert legal_actions(state, 1) == [Choose("will"), Choose("token")]
    state = act(state, 1, Choose("token"))
    state = act(state, 2, Choose("will"))
    assert state.hunted_at(1).will == 3 and tokens_of(state) == [0, 0, 14]


def thin_ice_with_reserve(reserve: int, vaccinated: tuple[int, ...] = ()) -> GameState:
    """Thin Ice just played on Hunted 1 and 2 with `reserve` tokens left in the reserve."""
    state = thin_ice_table()
    give_tokens(state, 3, *state.contamination[reserve:])
    state.vaccinated = vaccinated
    return act(state, CREATURE, PlayHuntCard("thin-ice", (2,)))


def test_thin_ice_with_a_reserve_short_of_one_token_each_forces_the_will_loss() -> None:
    # Chosen at the same time, a token must be there for each who picks it: with one token for
    # two Hunted, none may pick it (no seat order decides who gets the last one).
    state = thin_ice_with_reserve(1)
    assert legal_actions(state, 1) == legal_actions(state, 2) == [Choose("will")]
    assert view_for(state, 1)["you"]["unavailable"] == [{"option": "token", "why": "reserve"}]
    assert view_for(thin_ice_with_reserve(2), 1)["you"]["unavailable"] == []


def test_thin_ice_counts_only_the_hunted_a_token_would_reach() -> None:
    state = thin_ice_with_reserve(1, vaccinated=(2,))  # Hunted 2 would take nothing
    assert legal_actions(state, 1) == [Choose("will"), Choose("token")]
    state = act(act(state, 1, Choose("token")), 2, Choose("token"))
    assert tokens_of(state) == [1, 0, 13] and [h.will for h in state.hunted] == [3, 3, 3]


@pytest.mark.parametrize(("reserve", "vaccinated"), [(0, ()), (1, ()), (1, (1,)), (2, ())])
def test_thin_ice_shows_the_last_chooser_nothing_of_the_first_choice(
        reserve: int, vaccinated: tuple[int, ...]) -> None:
    state = thin_ice_with_reserve(reserve, vaccinated)
    seen = {json.dumps(view_for(apply_action(state, 1, first)[0], 2), sort_keys=True)
            for first in legal_actions(state, 1)}
    assert len(seen) == 1


# --- Blizzard ------------------------------------------------------------------------------

def blizzard_table(rescue: int = START, hands: dict[int, list[int]] | None = None,
                   tokens: bool = False, hunted: int = 3) -> GameState:
    """Turn 1 up to the Creature playing Blizzard in the End-of-turn window; with `tokens`,
    Hunted 1 holds a blank token."""
    state = frozen_table(hunted, hunt_cards=["blizzard"])
    state.rescue = rescue
    if tokens:
        give_tokens(state, 1, False)
    for seat, hand in (hands or {}).items():
        stage(state, seat, hand)
    state = hunt(explore(state, dict.fromkeys(range(1, hunted + 1), 1)), creature=10)
    while not (state.phase == 4 and kind_of(state, CREATURE) == "window"):
        state = act(state, state.layers[-1][0].seat, Pass())
    return act(state, CREATURE, PlayHuntCard("blizzard"))


def vote(state: GameState, ballots: dict[int, str]) -> GameState:
    """Every Hunted casts a ballot."""
    for seat, option in ballots.items():
        state = act(state, seat, Vote(option))
    return state


def test_blizzard_asks_the_hunted_who_pays_among_those_with_two_cards() -> None:
    state = blizzard_table(hands={3: [1, 2]})
    assert all(kind_of(state, s) == "team" for s in (1, 2, 3))
    assert legal_actions(state, 1) == [Vote("nobody"), Vote("1"), Vote("2")]


def test_blizzard_paid_by_the_majoritys_choice_advances_the_rescue_counter() -> None:
    state = blizzard_table()
    state = vote(state, {1: "2", 2: "2", 3: "nobody"})
    assert kind_of(state, 2) == "discard"
    state = act(state, 2, DiscardPlaceCard(2))
    state = act(state, 2, DiscardPlaceCard(3))
    assert state.hunted_at(2).hand == [4, 5]
    assert state.turn == 2 and state.rescue == START - 1


def test_blizzard_paid_by_the_option_with_the_most_ballots_though_not_by_half() -> None:
    """docs/rules-notes.md: "the majority of the Hunted decides" is read as the most ballots
    (C11's tie rule then covers every other outcome): 2 of 4 Hunted carry it against 1 and 1."""
    state = blizzard_table(hunted=4)
    state = vote(state, {1: "2", 2: "2", 3: "nobody", 4: "3"})
    assert kind_of(state, 2) == "discard"


def test_blizzard_unpaid_on_a_tie_holds_the_rescue_counter() -> None:
    state = blizzard_table()
    state = vote(state, {1: "1", 2: "2", 3: "3"})
    assert state.turn == 2 and state.rescue == START
    assert [len(h.hand) for h in state.hunted] == [4, 4, 4]  # nobody paid


def test_blizzard_holds_the_counter_without_a_vote_when_nobody_holds_two_cards() -> None:
    state = blizzard_table(hands={1: [1, 2], 2: [1, 3], 3: [1, 4]})
    assert state.turn == 2 and state.rescue == START


def test_blizzard_unpaid_at_the_last_space_offers_no_board_or_wait_choice() -> None:
    state = blizzard_table(rescue=1, tokens=True)
    state = vote(state, {1: "nobody", 2: "nobody", 3: "1"})
    assert state.turn == 2 and state.rescue == 1 and state.extra_turns == 0
    assert not state.winner and kind_of(state, 1) == "explore"


def test_blizzard_paid_at_the_last_space_puts_the_board_or_wait_choice() -> None:
    state = blizzard_table(rescue=1, tokens=True)
    state = vote(state, {1: "3", 2: "3", 3: "3"})
    state = act(state, 3, DiscardPlaceCard(2))
    state = act(state, 3, DiscardPlaceCard(3))
    assert kind_of(state, 1) == "team"
    assert legal_actions(state, 1) == [Vote("wait"), Vote("board")]
