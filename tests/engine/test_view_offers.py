"""The view carries what the client needs and honest prompts: each legal
action's full fields and cost, the reasons for closed options, the tracks, the team decision,
Flashback's card and the Contamination odds, all computed by the engine."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import CREATURE, GameState, legal_actions, view_for
from app.engine.actions import (
    GiveUp,
    LookAtToken,
    Pass,
    PlaceHuntToken,
    PlayHuntCard,
    PlayPlaceCards,
    PlaySurvivalCard,
    Resist,
    UsePlacePower,
)
from app.engine.offers import targets
from app.engine.seat_view import Target
from app.engine.vocab import TargetKind
from app.engine.wire import to_wire

from .frozen_helpers import frozen_table, give_tokens, pass_until, stage, to_place_action
from .helpers import act, explore, play_turn, table
from .test_abilities import stride_table
from .test_frozen_places import reckon


def offer(state: GameState, seat: int, action: Any) -> dict[str, Any]:
    """The view's offer for one legal action, found through legal_actions' order."""
    view = view_for(state, seat)
    assert len(view["offers"]) == len(view["legal_actions"])
    index = view["legal_actions"].index(action.to_json())
    return dict(view["offers"][index])


def test_offers_give_every_field_with_its_default() -> None:
    state = explore(table(hunted=1), {1: 1})
    view = view_for(state, CREATURE)
    assert view["offers"][0]["action"] == {"type": "PlaceHuntToken", "token": "creature",
                                           "places": [1]}
    assert view["legal_actions"][0] == {"type": "PlaceHuntToken", "places": [1]}
    for wire, full in zip(view["legal_actions"], view["offers"], strict=True):
        assert wire.items() <= full["action"].items()
    assert view_for(state, None)["offers"] == []


def test_resist_states_its_will_and_places() -> None:
    state = table(hunted=2)
    stage(state, 1, [5], [1, 2, 3, 4])
    assert offer(state, 1, Resist(1))["cost"] == {"will": -1, "places": 2}
    assert offer(state, 1, Resist(2))["cost"] == {"will": -2, "places": 4}


@pytest.mark.parametrize(("seat", "places"), [(1, 3), (2, 2)])
def test_long_stride_changes_resists_count(seat: int, places: int) -> None:
    assert offer(stride_table(), seat, Resist(1))["cost"] == {"will": -1, "places": places}


def test_give_up_states_the_token_in_frozen_lands_and_the_end_of_the_game() -> None:
    state = frozen_table()
    stage(state, 1, [5], [1, 2, 3, 4], will=1)
    assert offer(state, 1, GiveUp())["cost"] == {"will": 2, "places": 4, "tokens": 1,
                                                 "assimilation": 1}
    state.assimilation = 1
    assert offer(state, 1, GiveUp())["cost"]["ends_game"] is True
    assert offer(state, 1, GiveUp())["cost"]["winner"] == "creature"
    assert state.assimilation == 1 and state.hunted_at(1).tokens == []  # the state is untouched


def test_capsule_onto_victory_says_the_game_ends() -> None:
    state = frozen_table()
    state.rescue = 1
    stage(state, 1, [1, 2, 3, 8])
    state = reckon(state, {1: 8, 2: 1, 3: 1}, creature=10)
    cost = offer(state, 1, UsePlacePower(8, "advance"))["cost"]
    assert cost == {"ends_game": True, "winner": "creature"}


def test_a_closed_resist_and_give_up_say_why() -> None:
    state = table(hunted=2)
    assert view_for(state, 1)["you"]["unavailable"] == [
        {"option": "resist", "why": "discard"}, {"option": "give_up", "why": "nothing"}]
    stage(state, 1, [5], [1, 2, 3, 4], will=1)
    assert view_for(state, 1)["you"]["unavailable"] == [{"option": "resist", "why": "will"}]
    state = act(state, 1, GiveUp())
    assert view_for(state, 1)["you"]["unavailable"] == [
        {"option": "resist", "why": "resisted"}, {"option": "give_up", "why": "resisted"}]


def test_a_place_whose_power_is_spent_says_why() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 8])
    stage(state, 2, [1, 2, 3, 8], [4])  # a discarded Place: Hunted 2 may take it back instead
    state = reckon(state, {1: 8, 2: 8, 3: 1}, creature=10)
    assert view_for(state, 1)["you"]["unavailable"] == []
    state = act(state, 1, UsePlacePower(8, "advance"))
    state = to_place_action(state, 2)
    # No token is held, so there is nothing to look at, and the advance is spent
    assert view_for(state, 2)["you"]["unavailable"] == [{"option": "power", "why": "used"}]


def test_the_tracks_are_those_of_the_table() -> None:
    board = view_for(table(hunted=3, board_side=2), None)["board"]
    assert (board["rescue_start"], board["assimilation_start"]) == (15, 9)
    assert board["artemia_spaces"] == [1, 3, 5, 7, 9, 11]
    frozen = view_for(frozen_table(hunted=3), None)["board"]
    assert (frozen["assimilation_start"], frozen["artemia_spaces"]) == (13, [1, 2, 3, 4, 5, 6])


def test_flashback_names_the_card_it_would_repeat() -> None:
    state = table(hunted=1)
    assert view_for(state, None)["creature"]["flashback_copies"] is None
    state.creature.discard = ["despair", "flashback"]
    assert view_for(state, 1)["creature"]["flashback_copies"] is None
    state.creature.discard = ["flashback", "despair"]
    assert view_for(state, 1)["creature"]["flashback_copies"] == "despair"


def test_the_team_decision_is_in_the_board() -> None:
    state = frozen_table()
    assert view_for(state, None)["board"]["decision"] is None
    give_tokens(state, 1, False)
    state.rescue = 1
    state = pass_until(play_turn(state, {1: 1, 2: 1, 3: 1}, creature=10), {"team"})
    for seat in (None, CREATURE, 1, 2):
        assert view_for(state, seat)["board"]["decision"] == "board"


def test_contamination_odds_use_only_what_the_seat_has_seen() -> None:
    state = frozen_table()
    assert view_for(table(hunted=1), 1)["contamination"] is None
    give_tokens(state, 1, False, False)
    # Nobody has looked: 2 unknown tokens among 14, 3 with the icon: C(11, 2) / C(14, 2).
    odds = view_for(state, 2)["contamination"]
    assert (odds["held"], odds["unknown"], odds["blank"]) == (2, 2, 0)
    assert odds["clean"] == pytest.approx(55 / 91, abs=1e-4)
    tokens = state.hunted_at(1).tokens
    tokens[0] = type(tokens[0])(tokens[0].id, False, (2,))
    seen = view_for(state, 2)["contamination"]
    assert (seen["unknown"], seen["blank"]) == (1, 1)
    assert seen["clean"] == pytest.approx(10 / 13, abs=1e-4)
    assert view_for(state, 3)["contamination"] == odds  # Hunted 3 has not looked
    assert view_for(state, None)["contamination"] == odds


def test_a_hunt_token_costs_nothing_it_states() -> None:
    state = explore(table(hunted=1), {1: 1})
    plays = [a for a in legal_actions(state, CREATURE) if isinstance(a, PlaceHuntToken)]
    assert plays and offer(state, CREATURE, plays[0])["cost"] == {}


def test_a_target_card_points_at_the_places_it_would_cover() -> None:
    state = explore(table(hunted=1, hunt_cards=["mirage", "scream"]), {1: 4})
    plays = {(o["action"]["card"], tuple(o["action"]["places"])): o["targets"]
             for o in view_for(state, CREATURE)["offers"] if o["action"]["type"] == "PlayHuntCard"}
    assert plays[("mirage", (1, 2))] == [{"kind": "place", "value": 1},
                                         {"kind": "place", "value": 2}]
    assert plays[("scream", (7,))] == [{"kind": "place", "value": 7}]
    assert len([key for key in plays if key[0] == "mirage"]) == 13  # the edges of 2 rows of 5


def test_targets_name_seats_cards_and_tokens_and_nothing_for_a_pass() -> None:
    place, seat, card, token = TargetKind.PLACE, TargetKind.SEAT, TargetKind.CARD, TargetKind.TOKEN
    assert targets(PlayHuntCard("detour", (2, 3), 1)) == (
        Target(place, 2), Target(place, 3), Target(seat, 1))
    assert targets(PlayPlaceCards((3, 5))) == (Target(card, 3), Target(card, 5))
    assert targets(LookAtToken(0)) == (Target(token, 0),)
    assert targets(UsePlacePower(2)) == ()  # the place used is where one stands, not a choice
    assert targets(Pass()) == targets(Resist(2)) == ()
    assert to_wire(targets(PlayHuntCard("detour", (2, 3), 1))) == [
        {"kind": "place", "value": 2}, {"kind": "place", "value": 3}, {"kind": "seat", "value": 1}]


@pytest.mark.parametrize(("card", "places", "kinds"), [
    ("hologram", (2, 3), ["place", "place"]),
    ("vortex", (2, 3), ["card", "card"]),
    ("whisper", (2,), ["seat"]),
    ("blood-test", (0,), ["token"]),
    ("huddle", (4, 2), ["place", "seat"]),
])
def test_a_survival_cards_choices_are_typed_by_what_they_name(
        card: str, places: tuple[int, ...], kinds: list[str]) -> None:
    assert [t.kind for t in targets(PlaySurvivalCard(card, places))] == kinds
