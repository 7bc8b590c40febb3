"""The wire forms: actions, events and configurations round-trip through JSON.

Source: architecture.md (a playthrough is (config, seed, actions); the wire is JSON; the server
parses a client's action and refuses malformed input with a reason). The actions carry the
rulebook's verbs (app/engine/actions.py).
"""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest

from app.engine import Config, Event, MalformedAction, action_from_json
from app.engine.actions import (
    ACTION_TYPES,
    Action,
    Choose,
    DiscardContamination,
    DiscardPlaceCard,
    DiscardSurvivalCard,
    GiveUp,
    KeepHidden,
    KeepPlaceCard,
    KeepSurvivalCard,
    LookAtToken,
    Pass,
    PlaceHuntToken,
    PlayHuntCard,
    PlayPlaceCards,
    PlaySurvivalCard,
    Resist,
    TakeBackPlaceCard,
    UseAbility,
    UsePlacePower,
    Vote,
)

# One instance of every action type with every field set away from its default,
# plus the bare form of each (every field at its default).
FULL: list[Action] = [
    PlayPlaceCards((3, 7)),
    Resist(2),
    GiveUp(),
    PlaceHuntToken("artemia", (4,)),
    PlayHuntCard("detour", (2, 7), 3),
    PlaySurvivalCard("hologram", (6, 1)),
    UsePlacePower(1, "copy", 2, 9, 5),
    TakeBackPlaceCard(4),
    DiscardPlaceCard(5),
    KeepPlaceCard(3),
    KeepHidden((1, 8)),
    KeepSurvivalCard("dodge"),
    DiscardSurvivalCard("gate"),
    Choose("will"),
    DiscardContamination(3),
    LookAtToken(2),
    Vote("board"),
    UseAbility("long-stride", 2, 6, "dodge"),
    Pass(),
]
BARE: list[Action] = [cls() for cls in ACTION_TYPES.values()]


def through_text(raw: Any) -> Any:
    """What the other end of a socket receives."""
    return json.loads(json.dumps(raw))


def test_the_samples_cover_every_action_type() -> None:
    assert {type(a) for a in FULL} == set(ACTION_TYPES.values())
    assert len(FULL) == len(ACTION_TYPES)


@pytest.mark.parametrize("action", FULL + BARE, ids=repr)
def test_every_action_round_trips_through_json(action: Action) -> None:
    raw = through_text(action.to_json())
    assert raw["type"] == action.type
    parsed = action_from_json(raw)
    assert parsed == action
    assert type(parsed) is type(action)


def test_to_json_names_the_type_and_only_the_fields_that_differ_from_defaults() -> None:
    assert Pass().to_json() == {"type": "Pass"}
    assert PlayPlaceCards((2, 9)).to_json() == {"type": "PlayPlaceCards", "cards": [2, 9]}
    assert PlayHuntCard("clone", (5,)).to_json() == {"type": "PlayHuntCard", "card": "clone",
                                                     "places": [5]}
    assert UsePlacePower(9, "will", hunted=2).to_json() == {
        "type": "UsePlacePower", "place": 9, "option": "will", "hunted": 2}


def test_optional_fields_accept_null() -> None:
    assert action_from_json({"type": "PlayHuntCard", "card": "tracking", "hunted": None}) \
        == PlayHuntCard("tracking")
    assert action_from_json({"type": "UsePlacePower", "place": 6, "card": None, "copy": None}) \
        == UsePlacePower(6)


MALFORMED: list[tuple[str, Any]] = [
    ("not a dict: a list", [{"type": "Pass"}]),
    ("not a dict: a string", "Pass"),
    ("not a dict: null", None),
    ("not a dict: a number", 3),
    ("no type", {"cards": [1]}),
    ("type not a string", {"type": 3}),
    ("unknown type", {"type": "Teleport"}),
    ("type of the base class", {"type": "Action"}),
    ("type in the wrong case", {"type": "pass"}),
    ("unknown field", {"type": "Pass", "cards": [1]}),
    ("unknown field beside a known one", {"type": "Resist", "will": 1, "cards": [1, 2]}),
    ("int field given a string", {"type": "Resist", "will": "2"}),
    ("int field given a float", {"type": "TakeBackPlaceCard", "card": 3.0}),
    ("int field given a list", {"type": "DiscardPlaceCard", "card": [3]}),
    ("int field given null", {"type": "TakeBackPlaceCard", "card": None}),
    ("int field given null (place)", {"type": "UsePlacePower", "place": None}),
    ("optional int given a string", {"type": "PlayHuntCard", "card": "phobia", "hunted": "1"}),
    ("optional int given a float", {"type": "UsePlacePower", "place": 5, "copy": 2.5}),
    ("string field given an int", {"type": "KeepSurvivalCard", "card": 7}),
    ("string field given null", {"type": "Choose", "option": None}),
    ("string field given a list", {"type": "PlayHuntCard", "card": ["clone"]}),
    ("list field given an int", {"type": "PlayPlaceCards", "cards": 3}),
    ("list field given a string", {"type": "KeepHidden", "cards": "12"}),
    ("list field given strings", {"type": "PlaceHuntToken", "places": ["4"]}),
    ("list field given a dict", {"type": "PlayPlaceCards", "cards": {"0": 1}}),
    ("list field given nested lists", {"type": "PlaySurvivalCard", "card": "gate",
                                       "places": [[1]]}),
    ("bool for an int", {"type": "Resist", "will": True}),
    ("bool for a card number", {"type": "TakeBackPlaceCard", "card": False}),
    ("bool for an optional int", {"type": "UsePlacePower", "place": 9, "hunted": True}),
    ("bool inside an int list", {"type": "PlayPlaceCards", "cards": [True]}),
    ("bool for a string", {"type": "Choose", "option": False}),
    ("bool for a token", {"type": "LookAtToken", "token": True}),
    ("null for a token", {"type": "DiscardContamination", "token": None}),
    ("int for an ability's card", {"type": "UseAbility", "ability": "triage", "card": 4}),
    ("list for a vote", {"type": "Vote", "option": ["board"]}),
]


@pytest.mark.parametrize(("why", "raw"), MALFORMED, ids=[w for w, _ in MALFORMED])
def test_malformed_input_is_refused_with_malformed_action(why: str, raw: Any) -> None:
    with pytest.raises(MalformedAction) as caught:
        action_from_json(raw)
    assert str(caught.value), "MalformedAction should give a reason"


def test_malformed_action_is_a_value_error() -> None:
    assert issubclass(MalformedAction, ValueError)


EVENTS: list[Event] = [
    Event("phase_started", {"phase": "exploration", "turn": 1}),
    Event("place_cards_chosen_by_you", {"cards": [3, 7]}, (2,)),
    Event("place_card_discarded", {"hunted": 1, "why": "artemia"}, None, (2, 3)),
    Event("hunt_cards_to_bottom", {"cards": ["clone", "toxin"]}, (0,), ()),
    Event("place_cards_revealed", {"places": {"1": [4], "2": [6, 9]}}),
    Event("nobody", {}, ()),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e.kind)
def test_events_round_trip_with_their_audience(event: Event) -> None:
    parsed = Event.from_json(through_text(event.to_json()))
    assert parsed == event
    for seat in (None, 0, 1, 2, 3):
        assert parsed.visible_to(seat) == event.visible_to(seat)


def test_event_audiences() -> None:
    public = Event("x")
    only_two = Event("x", {}, (2,))
    all_but = Event("x", {}, None, (0,))
    assert all(public.visible_to(s) for s in (None, 0, 1, 2))
    assert [only_two.visible_to(s) for s in (None, 0, 1, 2)] == [False, False, False, True]
    assert [all_but.visible_to(s) for s in (None, 0, 1, 2)] == [True, False, True, True]


CONFIGS = [
    Config(),
    Config(hunted=3),
    Config(hunted=6, board_side=2),
    Config(hunted=2, board_side=2, variant="frozen-lands", abilities=True),
    Config(hunted=3, variant="frozen-lands", abilities=False),
    Config(hunted=4, variant="frozen-lands", rulebook_track=True),
]


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_config_round_trips_through_json(config: Config) -> None:
    assert Config.from_json(through_text(config.to_json())) == config


def test_a_config_without_the_rulebook_track_is_stored_as_before_the_option() -> None:
    assert "rulebook_track" not in Config(hunted=3, variant="frozen-lands").to_json()
    assert Config.from_json({"hunted": 3, "variant": "frozen-lands"}).rulebook_track is False


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_config_round_trips_through_pickle(config: Config) -> None:
    # A process pool (bench/balance.py) sends tables to its workers so, compiled engine or not.
    assert pickle.loads(pickle.dumps(config)) == config
