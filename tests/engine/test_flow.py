"""The turn flow: setup, the four phases, Exploration, the Reckoning's order, end of turn, victory.

Sources: rulebook.md ("Setup", "Playing a Turn" phases 1-4, "End of Game"); base_game.md §1b and
the board data (11+N / 5+N, reserve copies, Artemia-symbol spaces per side), ruling F17;
docs/rules-notes.md ("Seats, flow and windows", "Changing one's Place card", "Resist or Give Up",
"The Reckoning: Order").
"""

from __future__ import annotations

import pytest

from app.engine import (
    CREATURE,
    Config,
    GameOver,
    GameState,
    IllegalAction,
    InvalidConfig,
    NotYourTurn,
    Outcome,
    Reason,
    Winner,
    active_seats,
    apply_action,
    legal_actions,
    new_game,
    outcome,
    phase_name,
    view_for,
)
from app.engine.actions import (
    Action,
    Choose,
    DiscardPlaceCard,
    GiveUp,
    Pass,
    PlaceHuntToken,
    PlayHuntCard,
    PlayPlaceCards,
    Resist,
    TakeBackPlaceCard,
    UsePlacePower,
)
from app.engine.cards import (
    BEACH,
    HUNT_CARDS,
    JUNGLE,
    LAIR,
    RIVER,
    ROVER,
    SURVIVAL_CARDS,
    SWAMP,
    WRECK,
)
from app.engine.events import Event
from app.engine.state import Prompt

from .helpers import act, act_events, explore, hunt, play_turn, prompt_of, table


def _prompt(state: GameState, seat: int) -> Prompt:
    """The prompt `seat` must answer now; fails the test if there is none."""
    prompt = prompt_of(state, seat)
    assert prompt is not None, f"seat {seat} owes nothing"
    return prompt


# --- Setup --------------------------------------------------------------------------------

# Hunted -> (Rescue spaces 11+N, Assimilation spaces 5+N, reserve copies of each of 6-10).
SETUP = {1: (13, 7, 1), 2: (14, 8, 2), 3: (15, 9, 2), 4: (16, 10, 3), 5: (17, 11, 3),
         6: (18, 12, 3)}


@pytest.mark.parametrize("hunted", sorted(SETUP))
def test_setup_counters_and_reserve_follow_the_number_of_players(hunted: int) -> None:
    rescue, assimilation, copies = SETUP[hunted]
    state = new_game(Config(hunted=hunted), seed=7)
    assert state.rescue == rescue
    assert state.assimilation == assimilation
    assert state.reserve == {6: copies, 7: copies, 8: copies, 9: copies, 10: copies}
    assert state.marker_on_beach is False
    assert state.turn == 1 and phase_name(state) == "exploration"


@pytest.mark.parametrize("hunted", sorted(SETUP))
def test_setup_gives_each_hunted_places_1_to_5_three_will_one_survival_card(hunted: int) -> None:
    state = new_game(Config(hunted=hunted), seed=7)
    assert [h.seat for h in state.hunted] == list(range(1, hunted + 1))
    for h in state.hunted:
        assert h.hand == [1, 2, 3, 4, 5]
        assert h.discard == [] and h.played == []
        assert h.will == 3
        assert len(h.survival) == 1
    dealt = [c for h in state.hunted for c in h.survival]
    assert len(set(dealt)) == hunted
    assert sorted(dealt + state.survival_deck) == sorted(SURVIVAL_CARDS)
    assert len(state.creature.hand) == 3
    assert sorted(state.creature.hand + state.creature.deck) == sorted(HUNT_CARDS)


@pytest.mark.parametrize("side, symbol_spaces", [(1, {1, 2, 3, 4, 5, 6}),
                                                 (2, {1, 3, 5, 7, 9, 11})])
def test_each_board_side_shows_the_artemia_symbol_on_its_rescue_spaces(
        side: int, symbol_spaces: set[int]) -> None:
    state = new_game(Config(hunted=6, board_side=side), seed=1)
    shown: set[int] = set()
    for space in range(1, 19):
        state.rescue = space
        if view_for(state, None)["board"]["artemia_symbol"]:
            shown.add(space)
    assert shown == symbol_spaces


@pytest.mark.parametrize("side, rescue, offered", [(1, 6, True), (1, 7, False),
                                                   (2, 7, True), (2, 6, False)])
def test_artemia_token_without_a_card_only_on_a_symbol_space(side: int, rescue: int,
                                                             offered: bool) -> None:
    state = table(hunted=1, board_side=side)
    state.rescue = rescue
    state = explore(state, {1: BEACH})
    tokens = {a.token for a in legal_actions(state, CREATURE) if isinstance(a, PlaceHuntToken)}
    assert tokens == ({"creature", "artemia"} if offered else {"creature"})


@pytest.mark.parametrize("config", [Config(hunted=0), Config(hunted=7), Config(board_side=3),
                                    Config(board_side=0), Config(variant="frozen-lands"),
                                    Config(hunted=2, variant="frozen-lands"),
                                    Config(hunted=3, variant="winter")])
def test_invalid_configurations_are_refused(config: Config) -> None:
    with pytest.raises(InvalidConfig):
        new_game(config, seed=1)


# --- The four phases ----------------------------------------------------------------------

def test_a_turn_runs_exploration_hunting_reckoning_end_of_turn_in_that_order() -> None:
    # Stasis (phase 4) keeps the Creature's windows open, so every phase is observable.
    state = table(hunted=1, hunt_cards=["stasis"])
    names = [phase_name(state)]
    state = explore(state, {1: BEACH})
    names.append(phase_name(state))
    state = hunt(state, creature=WRECK)
    assert _prompt(state, CREATURE).data == {"phase": 3}
    names.append(phase_name(state))
    state = act(state, CREATURE, Pass())
    state = act(state, 1, UsePlacePower(BEACH))
    assert _prompt(state, CREATURE).data == {"phase": 4}
    names.append(phase_name(state))
    state = act(state, CREATURE, Pass())
    # It drew 2 at step 4 and may still play: its window again, before the Rescue step.
    assert _prompt(state, CREATURE).data == {"phase": 4, "moment": "late"}
    state = act(state, CREATURE, Pass())
    names.append(phase_name(state))
    assert names == ["exploration", "hunting", "reckoning", "end_of_turn", "exploration"]
    assert state.turn == 2


def test_phase_started_events_follow_the_four_phases() -> None:
    state = table(hunted=1)
    state = explore(state, {1: BEACH})
    state = act(state, CREATURE, PlaceHuntToken("creature", (WRECK,)))
    state, events = act_events(state, CREATURE, Pass())
    state, more = act_events(state, 1, UsePlacePower(BEACH))
    phases = [e.data["phase"] for e in events + more if e.kind == "phase_started"]
    assert phases == ["reckoning", "end_of_turn", "exploration"]


# --- Exploration --------------------------------------------------------------------------

def test_exploration_is_simultaneous_for_every_hunted_and_the_creature() -> None:
    state = new_game(Config(hunted=4), seed=3)
    assert active_seats(state) == [0, 1, 2, 3, 4]
    for seat in (1, 2, 3, 4):
        assert _prompt(state, seat).kind == "explore"
    state = act(state, 3, PlayPlaceCards((RIVER,)))
    assert active_seats(state) == [0, 1, 2, 4]


def test_a_hunted_may_change_the_chosen_card_while_exploration_lasts() -> None:
    state = table(hunted=2)
    state = act(state, 1, PlayPlaceCards((BEACH,)))
    legal = legal_actions(state, 1)
    assert PlayPlaceCards((RIVER,)) in legal
    assert PlayPlaceCards((BEACH,)) not in legal
    state = act(state, 1, PlayPlaceCards((RIVER,)))
    h = state.hunted_at(1)
    assert h.played == [RIVER]
    assert h.hand == [LAIR, JUNGLE, BEACH, ROVER]


def test_the_change_stays_open_while_the_creature_window_of_exploration_is_open() -> None:
    state = table(hunted=1, hunt_cards=["stasis"])
    state = act(state, 1, PlayPlaceCards((BEACH,)))
    assert phase_name(state) == "exploration"
    assert PlayPlaceCards((ROVER,)) in legal_actions(state, 1)


def test_the_chosen_card_is_locked_once_exploration_is_over() -> None:
    state = table(hunted=2)
    state = explore(state, {1: BEACH, 2: ROVER})
    assert phase_name(state) == "hunting"
    assert legal_actions(state, 1) == []
    with pytest.raises(NotYourTurn):
        apply_action(state, 1, PlayPlaceCards((RIVER,)))
    assert state.hunted_at(1).played == [BEACH]


def test_played_place_cards_stay_face_down_until_the_reveal() -> None:
    state = table(hunted=2)
    state, events = act_events(state, 1, PlayPlaceCards((ROVER,)))
    public = [e for e in events if e.kind == "place_cards_chosen"]
    assert [(e.to, e.data) for e in public] == [(None, {"hunted": 1, "count": 1})]
    private = [e for e in events if e.kind == "place_cards_chosen_by_you"]
    assert [(e.to, e.data) for e in private] == [((1,), {"cards": [ROVER]})]
    state = act(state, 2, PlayPlaceCards((BEACH,)))
    for seat in (CREATURE, 2, None):
        seen = view_for(state, seat)["hunted"][0]
        assert seen["played"] == 1 and seen["positions"] == []
    assert "played" not in view_for(state, CREATURE)["you"]
    assert view_for(state, 2)["you"]["played"] == [BEACH]
    assert view_for(state, 1)["you"]["played"] == [ROVER]
    state = hunt(state, creature=LAIR)
    assert view_for(state, CREATURE)["hunted"][0]["positions"] == [[ROVER, ROVER]]


# --- Resist and Give Up -------------------------------------------------------------------

def test_resist_with_one_will_takes_back_two_discarded_cards() -> None:
    state = table(hunted=1)
    h = state.hunted_at(1)
    h.hand, h.discard = [ROVER], [LAIR, JUNGLE, RIVER, BEACH]
    state = act(state, 1, Resist(1))
    state = act(state, 1, TakeBackPlaceCard(JUNGLE))
    state = act(state, 1, TakeBackPlaceCard(BEACH))
    h = state.hunted_at(1)
    assert (h.will, h.hand, h.discard) == (2, [JUNGLE, BEACH, ROVER], [LAIR, RIVER])
    assert _prompt(state, 1).kind == "explore"


def test_resist_with_two_will_takes_back_four_discarded_cards() -> None:
    state = table(hunted=1)
    h = state.hunted_at(1)
    h.hand, h.discard = [ROVER], [LAIR, JUNGLE, RIVER, BEACH, SWAMP]
    state = act(state, 1, Resist(2))
    for card in (LAIR, JUNGLE, RIVER, SWAMP):
        assert _prompt(state, 1).kind == "take_back"
        state = act(state, 1, TakeBackPlaceCard(card))
    h = state.hunted_at(1)
    assert (h.will, h.hand, h.discard) == (1, [LAIR, JUNGLE, RIVER, ROVER, SWAMP], [BEACH])


@pytest.mark.parametrize("will, offered", [(1, []), (2, [Resist(1)]),
                                           (3, [Resist(1), Resist(2)])])
def test_resisting_never_discards_the_last_will(will: int, offered: list[Action]) -> None:
    state = table(hunted=1)
    h = state.hunted_at(1)
    h.hand, h.discard, h.will = [ROVER], [LAIR, JUNGLE, RIVER, BEACH], will
    assert [a for a in legal_actions(state, 1) if isinstance(a, Resist)] == offered


def test_resist_or_give_up_at_most_once_per_turn() -> None:
    state = table(hunted=1)
    h = state.hunted_at(1)
    h.hand, h.discard = [ROVER], [LAIR, JUNGLE]
    state = act(state, 1, Resist(1))  # 2 discarded cards: taken back without a prompt
    h = state.hunted_at(1)
    assert (h.will, h.hand, h.discard) == (2, [LAIR, JUNGLE, ROVER], [])
    h.discard = [RIVER, BEACH]  # staged: more to take back, yet no second Resist or Give Up
    legal = legal_actions(state, 1)
    assert not any(isinstance(a, Resist | GiveUp) for a in legal)
    with pytest.raises(IllegalAction):
        apply_action(state, 1, Resist(1))


def test_give_up_restores_three_will_and_the_whole_discard_and_advances_assimilation() -> None:
    state = table(hunted=2)
    h = state.hunted_at(1)
    h.hand, h.discard, h.will = [ROVER], [LAIR, JUNGLE, RIVER, BEACH], 1
    state, events = act_events(state, 1, GiveUp())
    h = state.hunted_at(1)
    assert (h.will, h.hand, h.discard) == (3, [LAIR, JUNGLE, RIVER, BEACH, ROVER], [])
    assert state.assimilation == 8 - 1
    assert [e.data["assimilation"] for e in events if e.kind == "assimilation_advanced"] == [7]
    assert not any(isinstance(a, Resist | GiveUp) for a in legal_actions(state, 1))
    assert phase_name(state) == "exploration"


@pytest.mark.parametrize("will, discard, offered", [(3, [], False), (3, [LAIR], True),
                                                    (2, [], True)])
def test_give_up_is_offered_only_when_it_changes_something(will: int, discard: list[int],
                                                           offered: bool) -> None:
    state = table(hunted=1)
    h = state.hunted_at(1)
    h.hand = [c for c in (LAIR, JUNGLE, RIVER, BEACH, ROVER) if c not in discard]
    h.discard, h.will = list(discard), will
    assert (GiveUp() in legal_actions(state, 1)) is offered


# --- The Reckoning ------------------------------------------------------------------------

def test_token_free_places_resolve_in_ascending_order_beach_before_wreck() -> None:
    state = table(hunted=2)
    wreck_holder = state.hunted_at(1)
    wreck_holder.hand.append(WRECK)
    state.reserve[WRECK] -= 1
    state = play_turn(state, {1: WRECK, 2: BEACH}, creature=LAIR)
    assert active_seats(state) == [2]
    assert _prompt(state, 2).data["place"] == BEACH
    state = act(state, 2, UsePlacePower(BEACH))
    assert active_seats(state) == [1]
    assert _prompt(state, 1).data["place"] == WRECK


def _trace(events: list[Event]) -> list[tuple[int, str]]:
    """Who resolved what, in order, from the Reckoning's events."""
    out: list[tuple[int, str]] = []
    for e in events:
        if e.kind == "power_used":
            out.append((e.data["hunted"], "power"))
        elif e.kind == "scream_answered":
            out.append((e.data["hunted"], "target"))
        elif e.kind == "place_card_discarded" and e.data.get("why") == "artemia":
            out.append((e.data["hunted"], "artemia"))
        elif e.kind == "hunted_caught":
            out.append((e.data["hunted"], "creature"))
    return out


def test_reckoning_order_is_free_places_then_target_then_artemia_then_creature() -> None:
    # Seats are in the reverse of the resolution order; the token places' numbers are not
    # ascending in that order either (Artemia on 2 resolves after the Target on 3).
    state = table(hunted=5, hunt_cards=["scream"])
    state.rescue = 6  # side 1: the Artemia symbol, so the token needs no card
    state.hunted_at(4).hand.append(WRECK)
    state.reserve[WRECK] -= 1
    state = play_turn(state, {1: ROVER, 2: JUNGLE, 3: RIVER, 4: WRECK, 5: BEACH},
                      creature=ROVER, artemia=JUNGLE,
                      cards=[PlayHuntCard("scream", (RIVER,))])
    events: list[Event] = []
    answers: dict[str, Action] = {"scream": Choose("will"), "discard": DiscardPlaceCard(LAIR)}
    while phase_name(state) == "reckoning":
        (seat,) = active_seats(state)
        prompt = _prompt(state, seat)
        if prompt.kind == "place_action":
            action: Action = (UsePlacePower(prompt.data["place"])
                              if prompt.data["place"] in (BEACH, WRECK) else Pass())
        else:
            action = answers[prompt.kind]
        state, new = act_events(state, seat, action)
        events += new
    assert _trace(events) == [(5, "power"), (4, "power"), (3, "target"), (2, "artemia"),
                              (1, "creature")]


def test_assimilation_advances_once_however_many_hunted_are_caught() -> None:
    state = table(hunted=3)
    state = play_turn(state, {1: BEACH, 2: BEACH, 3: BEACH}, creature=BEACH)
    assert [h.will for h in state.hunted] == [2, 2, 2]
    assert state.assimilation == 9 - 1
    assert state.turn == 2


def test_no_catch_no_assimilation() -> None:
    state = table(hunted=2)
    state = play_turn(state, {1: LAIR, 2: RIVER}, creature=BEACH)
    while phase_name(state) == "reckoning":
        (seat,) = active_seats(state)
        state = act(state, seat, Pass())
    assert state.assimilation == 8
    assert [h.will for h in state.hunted] == [3, 3]


def test_last_will_lost_advances_assimilation_once_more_however_many_lose_it() -> None:
    state = table(hunted=3)
    for seat in (1, 2):
        state.hunted_at(seat).will = 1
    state, events = act_events(explore(state, {1: ROVER, 2: ROVER, 3: ROVER}), CREATURE,
                               PlaceHuntToken("creature", (ROVER,)))
    state, events = act_events(state, CREATURE, Pass())
    assert [e.data["hunted"] for e in events if e.kind == "last_will_lost"] == [1, 2]
    assert [e.data["assimilation"] for e in events if e.kind == "assimilation_advanced"] == [8, 7]
    assert state.assimilation == 9 - 2
    # End of turn: both recover every Place card and 3 Will; the third keeps 2 Will.
    assert [h.will for h in state.hunted] == [3, 3, 2]
    assert state.hunted_at(1).hand == [1, 2, 3, 4, 5]
    assert state.hunted_at(3).discard == [ROVER]


# --- End of turn --------------------------------------------------------------------------

def test_end_of_turn_discards_played_cards_face_up_refills_hunt_hand_and_advances_rescue() -> None:
    state = table(hunted=2, hunt_cards=["interference"])
    deck = len(state.creature.deck)
    state = play_turn(state, {1: RIVER, 2: ROVER}, creature=LAIR,
                      cards=[PlayHuntCard("interference")])
    while phase_name(state) == "reckoning":
        (seat,) = active_seats(state)
        state = act(state, seat, Pass())
    assert state.turn == 2
    creature_view = view_for(state, CREATURE)
    assert [h["discard"] for h in creature_view["hunted"]] == [[RIVER], [ROVER]]
    assert [h.played for h in state.hunted] == [[], []]
    assert len(state.creature.hand) == 3 and len(state.creature.deck) == deck - 3
    assert state.creature.discard == ["interference"]
    assert state.rescue == 14 - 1


# --- End of the game ----------------------------------------------------------------------

def test_rescue_reaching_victory_at_the_wreck_ends_the_game_at_once() -> None:
    state = table(hunted=2)
    state.rescue, state.assimilation = 1, 1
    state.hunted_at(1).hand.append(WRECK)
    state.reserve[WRECK] -= 1
    # The Creature token waits on the Beach: it would resolve after the Wreck and win.
    state = play_turn(state, {1: WRECK, 2: BEACH}, creature=BEACH)
    state, events = act_events(state, 1, UsePlacePower(WRECK))
    assert outcome(state) == Outcome(Winner.HUNTED, Reason.RESCUE)
    assert state.rescue == 0 and state.assimilation == 1
    assert state.hunted_at(2).will == 3  # never resolved
    assert [e.kind for e in events][-1] == "game_over"
    assert phase_name(state) == "over"


def test_assimilation_reaching_victory_on_a_give_up_ends_the_game_during_exploration() -> None:
    state = table(hunted=2)
    state.assimilation = 1
    state.hunted_at(1).will = 2
    state = act(state, 1, GiveUp())
    assert outcome(state) == Outcome(Winner.CREATURE, Reason.ASSIMILATION)
    assert state.phase == 1 and state.turn == 1
    assert state.hunted_at(2).played == []


def _finished_game() -> GameState:
    state = table(hunted=2)
    state.assimilation = 1
    state.hunted_at(1).will = 2
    return act(state, 1, GiveUp())


def test_after_the_end_no_seat_has_a_legal_action() -> None:
    state = _finished_game()
    assert active_seats(state) == []
    for seat in (CREATURE, 1, 2):
        assert legal_actions(state, seat) == []
        assert view_for(state, seat)["legal_actions"] == []


@pytest.mark.parametrize("seat, action", [(2, PlayPlaceCards((BEACH,))), (CREATURE, Pass())])
def test_after_the_end_apply_action_raises_game_over(seat: int, action: Action) -> None:
    state = _finished_game()
    with pytest.raises(GameOver) as caught:
        apply_action(state, seat, action)
    assert (caught.value.action, caught.value.seat, caught.value.phase) == (action, seat, "over")


# --- Refusals -----------------------------------------------------------------------------

def test_a_seat_with_nothing_to_do_gets_not_your_turn_naming_action_seat_and_phase() -> None:
    state = explore(table(hunted=2), {1: BEACH, 2: ROVER})
    action = PlayPlaceCards((RIVER,))
    with pytest.raises(NotYourTurn) as caught:
        apply_action(state, 2, action)
    error = caught.value
    assert (error.action, error.seat, error.phase) == (action, 2, "hunting")
    assert "seat=2" in str(error) and "phase=hunting" in str(error)
    assert "PlayPlaceCards" in str(error)


def test_an_illegal_action_gets_illegal_action_naming_action_seat_and_phase() -> None:
    state = table(hunted=2)
    action = PlayPlaceCards((WRECK,))  # not in hand
    with pytest.raises(IllegalAction) as caught:
        apply_action(state, 1, action)
    error = caught.value
    assert (error.action, error.seat, error.phase) == (action, 1, "exploration")
    assert "seat=1" in str(error) and "phase=exploration" in str(error)
    assert "PlayPlaceCards" in str(error)


def test_the_creature_may_not_act_for_a_hunted_during_exploration() -> None:
    state = table(hunted=1)
    assert active_seats(state) == [1]
    with pytest.raises(NotYourTurn) as caught:
        apply_action(state, CREATURE, PlaceHuntToken("creature", (BEACH,)))
    assert caught.value.seat == CREATURE and caught.value.phase == "exploration"


def test_sheet_abilities_default_on_for_frozen_lands_and_off_for_the_base_game() -> None:
    assert Config(hunted=3, variant="frozen-lands").abilities is True
    assert Config(hunted=3).abilities is False
    assert Config(hunted=3, variant="frozen-lands", abilities=False).abilities is False
    assert Config.from_json(Config(hunted=4, variant="frozen-lands").to_json()).abilities is True
