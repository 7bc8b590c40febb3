"""The 10 base Place cards: each power and its limits.

Sources: rulebook.md (Place cards; Phase 3 "power OR take back 1 card", and no take-back when a
power is made unusable, except Max 1x/turn places), base_game.md §1 (the Places table, reserve
copies §1b) and its rulings F1-F8, F11 and F17; docs/rules-notes.md (forced choices resolve
themselves; a Hunted is asked on public facts only).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from app.engine import CREATURE, Config, Event, GameState, legal_actions
from app.engine.actions import (
    Choose,
    KeepPlaceCard,
    KeepSurvivalCard,
    Pass,
    PlaceHuntToken,
    PlayHuntCard,
    PlayPlaceCards,
    PlaySurvivalCard,
    TakeBackPlaceCard,
    UsePlacePower,
)
from app.engine.cards import (
    ARTEFACT,
    BEACH,
    JUNGLE,
    LAIR,
    RESERVE_PLACES,
    RIVER,
    ROVER,
    SHELTER,
    SOURCE,
    SWAMP,
    WRECK,
)
from app.engine.game import new_game
from app.engine.view import view_for

from .helpers import (
    act,
    act_events,
    explore,
    give_survival_card,
    hunt,
    pass_windows,
    play_turn,
    prompt_of,
    table,
)

# --- helpers of this file ------------------------------------------------------------------


def stage(state: GameState, seat: int, hand: Iterable[int], discard: Iterable[int] = ()) -> None:
    """Give a Hunted this hand and discard pile (mutates a test's own state)."""
    h = state.hunted_at(seat)
    h.hand = sorted(hand)
    h.discard = list(discard)


def powers(state: GameState, seat: int) -> list[UsePlacePower]:
    """The place-power options open to `seat` now."""
    return [a for a in legal_actions(state, seat) if isinstance(a, UsePlacePower)]


def take_backs(state: GameState, seat: int) -> list[TakeBackPlaceCard]:
    """The take-back options open to `seat` now."""
    return [a for a in legal_actions(state, seat) if isinstance(a, TakeBackPlaceCard)]


def kind_of(state: GameState, seat: int) -> str | None:
    """The kind of prompt `seat` must answer now, if any."""
    prompt = prompt_of(state, seat)
    return None if prompt is None else prompt.kind


def data_of(state: GameState, seat: int) -> dict[str, Any]:
    """The data of the prompt `seat` must answer now (there must be one)."""
    prompt = prompt_of(state, seat)
    assert prompt is not None, f"seat {seat} owes nothing: {state.layers}"
    return prompt.data


def place_plays(state: GameState, seat: int) -> list[PlayPlaceCards]:
    """The Place card plays open to `seat` now."""
    return [a for a in legal_actions(state, seat) if isinstance(a, PlayPlaceCards)]


def seen_by(events: Iterable[Event], seat: int) -> list[Event]:
    """The events `seat` may see."""
    return [e for e in events if e.visible_to(seat)]


END_OF_TURN = 1  # the end-of-turn step's own Rescue advance


def turn_over(state: GameState) -> bool:
    """True once the Reckoning asked nothing more and the next Exploration has begun."""
    return state.phase == 1 and state.turn == 2


def finish_turn(state: GameState) -> GameState:
    """Pass what is left (windows only) up to the next Exploration."""
    state = pass_windows(state)
    assert state.phase == 1, f"turn not over: {state.layers}"
    return state


# --- Generic rule (F5; rulebook, Phase 3) --------------------------------------------------


def test_token_free_place_offers_its_power_or_taking_back_one_card() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 2, 4, 5, 8], discard=[3, 6])
    state = play_turn(state, {1: WRECK}, creature=LAIR)
    assert kind_of(state, 1) == "place_action"
    assert powers(state, 1) == [UsePlacePower(WRECK)]
    assert take_backs(state, 1) == [TakeBackPlaceCard(3), TakeBackPlaceCard(6)]
    rescue = state.rescue
    state = act(state, 1, TakeBackPlaceCard(6))
    # The take-back replaces the power: the Wreck did nothing, and only 1 card came back.
    assert turn_over(state)
    assert state.rescue == rescue - END_OF_TURN
    assert state.hunted_at(1).hand == [1, 2, 4, 5, 6]
    assert state.hunted_at(1).discard == [3, WRECK]


def test_using_the_power_excludes_the_take_back() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 2, 4, 5, 8], discard=[3])
    state = play_turn(state, {1: WRECK}, creature=LAIR)
    rescue = state.rescue
    state = act(state, 1, UsePlacePower(WRECK))
    assert turn_over(state)
    assert state.rescue == rescue - 1 - END_OF_TURN
    assert state.hunted_at(1).hand == [1, 2, 4, 5]
    assert state.hunted_at(1).discard == [3, WRECK]


def test_power_blocked_by_cataclysm_gives_no_take_back_either() -> None:
    state = table(hunted=1, hunt_cards=["cataclysm"])
    stage(state, 1, [1, 2, 3, 4, 5], discard=[6, 7])
    state = explore(state, {1: JUNGLE})
    state = hunt(state, creature=ROVER)
    state = act(state, CREATURE, PlayHuntCard("cataclysm", (JUNGLE,)))
    # Nothing to offer: the Jungle's power is unusable and so is the take-back.
    assert turn_over(state)
    assert state.hunted_at(1).hand == [1, 3, 4, 5]
    assert state.hunted_at(1).discard == [6, 7, JUNGLE]


def test_a_power_with_nothing_to_do_keeps_the_take_back() -> None:
    # docs/rules-notes.md, "A power with nothing to do": the rulebook's "cannot use the power"
    # is a power an effect makes unusable (Mirage, below), not an empty reserve.
    state = table(hunted=1)
    stage(state, 1, [1, 2, 3, 4, ROVER], discard=[JUNGLE])
    state.reserve = {n: 0 for n in RESERVE_PLACES}
    state = pass_windows(hunt(explore(state, {1: ROVER}), creature=WRECK))
    assert powers(state, 1) == []
    assert take_backs(state, 1) == [TakeBackPlaceCard(JUNGLE)]


def test_despair_leaves_the_shelter_without_its_draw_but_with_its_take_back() -> None:
    state = table(hunted=1, hunt_cards=["despair"])
    stage(state, 1, [1, 2, 3, 4, SHELTER], discard=[JUNGLE])
    state = act(state, CREATURE, PlayHuntCard("despair"))
    state = pass_windows(hunt(explore(state, {1: SHELTER}), creature=WRECK))
    assert powers(state, 1) == []
    assert take_backs(state, 1) == [TakeBackPlaceCard(JUNGLE)]


def test_mirage_blocks_the_rover_and_its_take_back_but_not_the_beach_take_back() -> None:
    state = table(hunted=2, hunt_cards=["mirage"])
    stage(state, 1, [1, 2, 3, 4, 5], discard=[6])
    stage(state, 2, [1, 2, 3, 4, 5], discard=[7])
    state = explore(state, {1: ROVER, 2: BEACH})
    state = hunt(state, creature=WRECK, cards=[PlayHuntCard("mirage", (BEACH, ROVER))])
    # The Beach (max 1x/turn) is the rulebook's exception: its Hunted may still take back.
    assert kind_of(state, 2) == "place_action"
    assert kind_of(state, 1) is None
    assert powers(state, 2) == []
    assert take_backs(state, 2) == [TakeBackPlaceCard(7)]
    state = act(state, 2, TakeBackPlaceCard(7))
    # The Hunted on the Rover (blocked, not max 1x) is never asked.
    assert turn_over(state)
    assert not state.marker_on_beach
    assert state.hunted_at(1).discard == [6, ROVER]
    assert state.hunted_at(2).hand == [1, 2, 3, 5, 7]


def test_a_hunted_with_nothing_to_do_at_a_place_is_not_asked() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 2, 3, 4, 5])
    state.reserve = dict.fromkeys(RESERVE_PLACES, 0)
    state = play_turn(state, {1: ROVER}, creature=WRECK)
    # Empty reserve, empty discard, no Survival card: the turn simply ends.
    assert state.turn == 2 and state.phase == 1


# --- The Lair (1) ---------------------------------------------------------------------------


def test_lair_recovers_every_discarded_card_but_not_the_lair_itself() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 5], discard=[2, 3, 4])
    state = play_turn(state, {1: LAIR}, creature=WRECK)
    assert UsePlacePower(LAIR, "recover") in powers(state, 1)
    state = act(state, 1, UsePlacePower(LAIR, "recover"))
    assert turn_over(state)
    assert state.hunted_at(1).hand == [2, 3, 4, 5]
    # F2: the Lair was in play, not discarded: it is discarded now, not recovered.
    assert state.hunted_at(1).discard == [LAIR]
    assert LAIR not in state.hunted_at(1).hand


def test_lair_recover_is_not_offered_with_an_empty_discard() -> None:
    state = table(hunted=1)
    state = play_turn(state, {1: LAIR}, creature=WRECK)
    assert powers(state, 1) == [UsePlacePower(LAIR, "copy", copy=WRECK)]


def test_lair_copying_the_wreck_advances_rescue() -> None:
    state = table(hunted=1)
    state = play_turn(state, {1: LAIR}, creature=WRECK)
    rescue = state.rescue
    state = act(state, 1, UsePlacePower(LAIR, "copy", copy=WRECK))
    assert turn_over(state)
    assert state.rescue == rescue - 1 - END_OF_TURN
    assert state.hunted_at(1).discard == [LAIR]


def test_lair_copying_the_jungle_returns_the_lair_as_this_card() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 4, 5], discard=[2, 3])
    state = play_turn(state, {1: LAIR}, creature=JUNGLE)
    state = act(state, 1, UsePlacePower(LAIR, "copy", copy=JUNGLE))
    # F1: "this card" is the Lair; then 1 card of the Hunted's choice from the discard.
    assert state.hunted_at(1).hand == [1, 4, 5]
    assert take_backs(state, 1) == [TakeBackPlaceCard(2), TakeBackPlaceCard(3)]
    state = act(state, 1, TakeBackPlaceCard(3))
    state = finish_turn(state)
    assert state.hunted_at(1).hand == [1, 3, 4, 5]
    assert state.hunted_at(1).discard == [2]


def test_lair_copying_the_swamp_returns_the_lair_and_two_cards() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 5], discard=[2, 3, 4])
    state = play_turn(state, {1: LAIR}, creature=SWAMP)
    state = act(state, 1, UsePlacePower(LAIR, "copy", copy=SWAMP))
    state = act(state, 1, TakeBackPlaceCard(2))
    state = act(state, 1, TakeBackPlaceCard(4))
    state = finish_turn(state)
    assert state.hunted_at(1).hand == [1, 2, 4, 5]
    assert state.hunted_at(1).discard == [3]


def test_lair_copying_the_rover_asks_which_reserve_place() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 2, 3, 4, 5, SWAMP])
    state = play_turn(state, {1: LAIR}, creature=ROVER)
    state = act(state, 1, UsePlacePower(LAIR, "copy", copy=ROVER))
    assert kind_of(state, 1) == "power"
    assert powers(state, 1) == [UsePlacePower(ROVER, card=n) for n in (7, 8, 9, 10)]
    state = act(state, 1, UsePlacePower(ROVER, card=WRECK))
    assert WRECK in state.hunted_at(1).hand
    assert state.hunted_at(1).discard == [LAIR]


def test_lair_never_copies_the_artefact() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 3, 4, 5], discard=[2])
    state = play_turn(state, {1: LAIR}, creature=ARTEFACT)
    # F3: only the recover option; copying the Artefact is never offered.
    assert powers(state, 1) == [UsePlacePower(LAIR, "recover")]
    assert state.hunted_at(1).next_double == ""


def test_lair_never_copies_itself() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 3, 4, 5], discard=[2])
    give_survival_card(state, 1, "dodge")
    state = explore(state, {1: LAIR})
    state = hunt(state, creature=LAIR)
    state = act(state, 1, Pass())  # phase-2 window
    state = act(state, 1, PlaySurvivalCard("dodge"))  # phase-3 window: not caught
    assert kind_of(state, 1) == "place_action"
    assert powers(state, 1) == [UsePlacePower(LAIR, "recover")]
    assert state.hunted_at(1).will == 3


def test_lair_with_clone_may_copy_either_creature_token_place() -> None:
    state = table(hunted=1, hunt_cards=["clone"])
    state = explore(state, {1: LAIR})
    state = hunt(state, creature=WRECK, cards=[PlayHuntCard("clone", (BEACH,))])
    state = pass_windows(state)
    assert powers(state, 1) == [UsePlacePower(LAIR, "copy", copy=BEACH),
                                UsePlacePower(LAIR, "copy", copy=WRECK)]


@pytest.mark.parametrize("blocker", [
    PlayHuntCard("cataclysm", (WRECK,)),
    PlayHuntCard("interference"),
    PlayHuntCard("mirage", (WRECK, SOURCE)),
])
def test_lair_cannot_copy_a_place_made_unusable_by_an_effect(blocker: PlayHuntCard) -> None:
    state = table(hunted=1, hunt_cards=[blocker.card])
    stage(state, 1, [1, 3, 4, 5], discard=[2])
    state = explore(state, {1: LAIR})
    if blocker.card == "cataclysm":  # phase 3, after the reveal
        state = act(hunt(state, creature=WRECK), CREATURE, blocker)
    else:
        state = pass_windows(hunt(state, creature=WRECK, cards=[blocker]))
    # Rulebook: a place whose power an effect makes unusable cannot be copied.
    assert kind_of(state, 1) == "place_action"
    assert powers(state, 1) == [UsePlacePower(LAIR, "recover")]


def test_lair_cannot_copy_a_max_once_place_already_used_this_turn() -> None:
    state = table(hunted=2)
    state = play_turn(state, {1: LAIR, 2: LAIR}, creature=WRECK)
    rescue = state.rescue
    state = act(state, 1, UsePlacePower(LAIR, "copy", copy=WRECK))
    # F4: the Wreck is spent for the whole table, even through the Lair; seat 2 has nothing
    # to do (empty discard), so the turn ends.
    assert turn_over(state)
    assert state.rescue == rescue - 1 - END_OF_TURN


def test_lair_recover_under_persecution_takes_back_one_card() -> None:
    state = table(hunted=1, hunt_cards=["persecution"])
    stage(state, 1, [1, 5], discard=[2, 3, 4])
    state = explore(state, {1: LAIR})
    state = hunt(state, creature=WRECK, cards=[PlayHuntCard("persecution")])
    state = pass_windows(state)
    # F11: copy OR 1 card.
    assert powers(state, 1) == [UsePlacePower(LAIR, "recover"),
                                UsePlacePower(LAIR, "copy", copy=WRECK)]
    state = act(state, 1, UsePlacePower(LAIR, "recover"))
    assert data_of(state, 1)["count"] == 1
    state = act(state, 1, TakeBackPlaceCard(3))
    assert turn_over(state)
    assert state.hunted_at(1).hand == [3, 5]
    assert state.hunted_at(1).discard == [2, 4, LAIR]


@pytest.mark.parametrize(("place", "will_after"), [(LAIR, 1), (JUNGLE, 2)])
def test_caught_at_the_lair_costs_one_extra_will(place: int, will_after: int) -> None:
    state = table(hunted=1)
    assimilation = state.assimilation
    state = play_turn(state, {1: place}, creature=place)
    assert state.hunted_at(1).will == will_after
    # F17: the Assimilation counter still moves only once for the catch.
    assert state.assimilation == assimilation - 1


def test_caught_at_the_lair_with_fierceness_costs_three_will() -> None:
    state = table(hunted=1, hunt_cards=["fierceness"])
    state = explore(state, {1: LAIR})
    state = hunt(state, creature=LAIR, cards=[PlayHuntCard("fierceness")])
    state = pass_windows(state)
    assert state.hunted_at(1).will == 3  # the last Will lost, then recovered at end of turn
    assert state.hunted_at(1).hand == [1, 2, 3, 4, 5]
    # caught (+1) and a last Will lost (+1)
    assert state.assimilation == 7 - 2


# --- The Jungle (2) and the Swamp (6) -------------------------------------------------------


def test_jungle_returns_itself_and_one_chosen_discarded_card() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 2, 5], discard=[3, 4])
    state = play_turn(state, {1: JUNGLE}, creature=WRECK)
    assert powers(state, 1) == [UsePlacePower(JUNGLE)]
    state = act(state, 1, UsePlacePower(JUNGLE))
    assert state.hunted_at(1).hand == [1, 2, 5]
    assert kind_of(state, 1) == "take_back"
    assert take_backs(state, 1) == [TakeBackPlaceCard(3), TakeBackPlaceCard(4)]
    state = act(state, 1, TakeBackPlaceCard(4))
    state = finish_turn(state)
    assert state.hunted_at(1).hand == [1, 2, 4, 5]
    assert state.hunted_at(1).discard == [3]


def test_jungle_with_an_empty_discard_returns_only_itself() -> None:
    state = table(hunted=1)
    state = play_turn(state, {1: JUNGLE}, creature=WRECK)
    state = act(state, 1, UsePlacePower(JUNGLE))
    assert turn_over(state)
    assert state.hunted_at(1).hand == [1, 2, 3, 4, 5]
    assert state.hunted_at(1).discard == []


def test_swamp_returns_itself_and_two_chosen_discarded_cards() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 5, 6], discard=[2, 3, 4])
    state = play_turn(state, {1: SWAMP}, creature=WRECK)
    state = act(state, 1, UsePlacePower(SWAMP))
    assert data_of(state, 1)["count"] == 2
    state = act(state, 1, TakeBackPlaceCard(2))
    assert take_backs(state, 1) == [TakeBackPlaceCard(3), TakeBackPlaceCard(4)]
    state = act(state, 1, TakeBackPlaceCard(4))
    state = finish_turn(state)
    assert state.hunted_at(1).hand == [1, 2, 4, 5, 6]
    assert state.hunted_at(1).discard == [3]


def test_swamp_with_two_discarded_cards_returns_both_without_asking() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 4, 5, 6], discard=[2, 3])
    state = play_turn(state, {1: SWAMP}, creature=WRECK)
    state = act(state, 1, UsePlacePower(SWAMP))
    assert turn_over(state)
    assert state.hunted_at(1).hand == [1, 2, 3, 4, 5, 6]
    assert state.hunted_at(1).discard == []


@pytest.mark.parametrize("place", [JUNGLE, SWAMP])
def test_under_persecution_this_card_or_one_discarded_not_both(place: int) -> None:
    state = table(hunted=1, hunt_cards=["persecution"])
    stage(state, 1, [1, place], discard=[3, 4, 5])
    state = explore(state, {1: place})
    state = hunt(state, creature=WRECK, cards=[PlayHuntCard("persecution")])
    state = pass_windows(state)
    assert powers(state, 1) == [UsePlacePower(place, "this"), UsePlacePower(place, "discard")]
    state = act(state, 1, UsePlacePower(place, "this"))
    assert turn_over(state)
    assert state.hunted_at(1).hand == [1, place]
    assert state.hunted_at(1).discard == [3, 4, 5]


@pytest.mark.parametrize("place", [JUNGLE, SWAMP])
def test_under_persecution_the_discard_option_returns_one_card_and_keeps_this_card_in_play(
        place: int) -> None:
    state = table(hunted=1, hunt_cards=["persecution"])
    stage(state, 1, [1, place], discard=[3, 4, 5])
    state = explore(state, {1: place})
    state = hunt(state, creature=WRECK, cards=[PlayHuntCard("persecution")])
    state = pass_windows(state)
    state = act(state, 1, UsePlacePower(place, "discard"))
    assert data_of(state, 1)["count"] == 1
    state = act(state, 1, TakeBackPlaceCard(4))
    state = finish_turn(state)
    assert state.hunted_at(1).hand == [1, 4]
    assert state.hunted_at(1).discard == [3, 5, place]


def test_lair_copying_the_jungle_under_persecution_returns_one_card_only() -> None:
    state = table(hunted=1, hunt_cards=["persecution"])
    stage(state, 1, [1, 5], discard=[3, 4])
    state = explore(state, {1: LAIR})
    state = hunt(state, creature=JUNGLE, cards=[PlayHuntCard("persecution")])
    state = pass_windows(state)
    state = act(state, 1, UsePlacePower(LAIR, "copy", copy=JUNGLE))
    assert powers(state, 1) == [UsePlacePower(JUNGLE, "this"), UsePlacePower(JUNGLE, "discard")]
    state = act(state, 1, UsePlacePower(JUNGLE, "this"))
    state = finish_turn(state)
    assert state.hunted_at(1).hand == [1, 5]
    assert state.hunted_at(1).discard == [3, 4]


# --- The River (3) --------------------------------------------------------------------------


def river_turn_two() -> GameState:
    """Turn 1: the River's power is used; turn 2 starts (Exploration)."""
    state = table(hunted=1)
    state = play_turn(state, {1: RIVER}, creature=WRECK)
    state = act(state, 1, UsePlacePower(RIVER))
    return finish_turn(state)


def test_river_makes_the_next_turn_a_two_card_play() -> None:
    state = river_turn_two()
    plays = place_plays(state, 1)
    assert plays and all(len(p.cards) == 2 for p in plays)
    assert PlayPlaceCards((JUNGLE, BEACH)) in plays


def test_river_keep_choice_comes_before_the_reveal() -> None:
    state = river_turn_two()
    state = explore(state, {1: (JUNGLE, BEACH)})
    state = act(state, CREATURE, PlaceHuntToken("creature", (WRECK,)))
    state, events = act_events(state, CREATURE, Pass())
    assert kind_of(state, 1) == "keep_place"
    assert legal_actions(state, 1) == [KeepPlaceCard(JUNGLE), KeepPlaceCard(BEACH)]
    assert state.hunted_at(1).positions == []
    assert not any(e.kind == "place_cards_revealed" for e in events)
    state, events = act_events(state, 1, KeepPlaceCard(BEACH))
    revealed = [e for e in events if e.kind == "place_cards_revealed"]
    assert revealed[0].data["places"] == {"1": [BEACH]}
    # The card taken back into hand stays secret.
    choice = [e for e in events if e.kind == "river_choice_made"]
    assert choice[0].data == {"hunted": 1}
    assert all(e.data.get("card") != JUNGLE for e in seen_by(events, CREATURE))


def test_river_unkept_card_goes_back_to_hand_and_only_the_kept_one_resolves() -> None:
    state = river_turn_two()
    state = explore(state, {1: (JUNGLE, BEACH)})
    state = hunt(state, creature=WRECK)
    state = pass_windows(act(state, 1, KeepPlaceCard(BEACH)))
    assert state.hunted_at(1).hand == [1, 2, 5]
    assert state.hunted_at(1).positions == [(BEACH, BEACH)]
    assert data_of(state, 1)["place"] == BEACH
    state = act(state, 1, UsePlacePower(BEACH))
    state = finish_turn(state)
    assert state.hunted_at(1).discard == [RIVER, BEACH]
    # The River's effect lasted one turn.
    assert all(len(p.cards) == 1 for p in place_plays(state, 1))


def test_river_and_artefact_are_never_both_pending() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 2, 3, 4, 10], discard=[5])
    state.hunted_at(1).double = "artefact"  # the Artefact was used last turn
    state = play_turn(state, {1: (RIVER, ARTEFACT)}, creature=WRECK)
    assert data_of(state, 1)["place"] == RIVER
    state = act(state, 1, UsePlacePower(RIVER))
    # F6: the River is pending, so the Artefact offers no power, only the take-back.
    assert data_of(state, 1)["place"] == ARTEFACT
    assert powers(state, 1) == []
    assert state.hunted_at(1).next_double == "river"


def test_taking_back_at_the_river_leaves_the_artefact_power_available() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 2, 3, 4, 10], discard=[5])
    state.hunted_at(1).double = "artefact"  # the Artefact was used last turn
    state = play_turn(state, {1: (RIVER, ARTEFACT)}, creature=WRECK)
    state = act(state, 1, TakeBackPlaceCard(5))
    assert data_of(state, 1)["place"] == ARTEFACT
    state = act(state, 1, UsePlacePower(ARTEFACT))
    assert state.hunted_at(1).next_double == ""  # moved to `double` by the new turn
    assert state.hunted_at(1).double == "artefact"
    assert all(len(p.cards) == 2 for p in place_plays(state, 1))


# --- The Beach (4) --------------------------------------------------------------------------


@pytest.mark.parametrize(("marker_before", "marker_after", "rescue_moves"),
                         [(False, True, 0), (True, False, 1)])
def test_beach_places_the_marker_or_removes_it_to_advance_rescue(
        marker_before: bool, marker_after: bool, rescue_moves: int) -> None:
    state = table(hunted=1)
    state.marker_on_beach = marker_before
    state = play_turn(state, {1: BEACH}, creature=WRECK)
    rescue = state.rescue
    state = act(state, 1, UsePlacePower(BEACH))
    assert turn_over(state)
    assert state.marker_on_beach is marker_after
    assert state.rescue == rescue - rescue_moves - END_OF_TURN


def test_beach_marker_placed_one_turn_is_removed_by_another_hunted_the_next() -> None:
    state = table(hunted=2)
    state = play_turn(state, {1: BEACH, 2: LAIR}, creature=LAIR)
    state = finish_turn(act(state, 1, UsePlacePower(BEACH)))
    assert state.marker_on_beach
    rescue = state.rescue
    state = play_turn(state, {1: JUNGLE, 2: BEACH}, creature=JUNGLE)
    state = act(state, 2, UsePlacePower(BEACH))
    assert not state.marker_on_beach
    assert state.rescue == rescue - 1


def test_beach_twice_in_one_turn_moves_rescue_only_once() -> None:
    state = table(hunted=2)
    state.marker_on_beach = True
    stage(state, 2, [1, 3, 4, 5], discard=[2])
    state = play_turn(state, {1: BEACH, 2: BEACH}, creature=WRECK)
    rescue = state.rescue
    state = act(state, 1, UsePlacePower(BEACH))
    assert state.rescue == rescue - 1
    # F4: the second Hunted on the Beach gets no power (it would put the marker back)...
    assert data_of(state, 2)["place"] == BEACH
    assert powers(state, 2) == []
    # ...but may still take back a card instead.
    assert take_backs(state, 2) == [TakeBackPlaceCard(2)]
    state = act(state, 2, TakeBackPlaceCard(2))
    assert turn_over(state)
    assert not state.marker_on_beach
    assert state.rescue == rescue - 1 - END_OF_TURN
    assert state.hunted_at(2).hand == [1, 2, 3, 5]


def test_beach_taken_back_instead_leaves_the_power_to_the_next_hunted() -> None:
    state = table(hunted=2)
    stage(state, 1, [1, 3, 4, 5], discard=[2])
    state = play_turn(state, {1: BEACH, 2: BEACH}, creature=WRECK)
    state = act(state, 1, TakeBackPlaceCard(2))
    assert powers(state, 2) == [UsePlacePower(BEACH)]
    state = act(state, 2, UsePlacePower(BEACH))
    assert state.marker_on_beach


@pytest.mark.parametrize("place", [BEACH, WRECK])
def test_interference_cancels_the_power_but_a_card_may_still_be_taken_back(place: int) -> None:
    state = table(hunted=1, hunt_cards=["interference"])
    state.marker_on_beach = True
    stage(state, 1, [1, 2, 3, 4, 5, 8], discard=[6])
    state = explore(state, {1: place})
    state = hunt(state, creature=LAIR, cards=[PlayHuntCard("interference")])
    state = pass_windows(state)
    rescue = state.rescue
    # Max 1x/turn places are the rulebook's exception to "no power, no take-back".
    assert kind_of(state, 1) == "place_action"
    assert powers(state, 1) == []
    assert take_backs(state, 1) == [TakeBackPlaceCard(6)]
    state = act(state, 1, TakeBackPlaceCard(6))
    assert turn_over(state)
    assert state.marker_on_beach
    assert state.rescue == rescue - END_OF_TURN
    assert 6 in state.hunted_at(1).hand


# --- The Rover (5) --------------------------------------------------------------------------


@pytest.mark.parametrize(("hunted", "copies"),
                         [(1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 3)])
def test_reserve_holds_copies_of_places_6_to_10_by_player_count(hunted: int,
                                                                copies: int) -> None:
    state = new_game(Config(hunted=hunted), seed=3)
    assert state.reserve == dict.fromkeys(RESERVE_PLACES, copies)


def test_rover_takes_a_reserve_place_into_hand() -> None:
    state = table(hunted=2)
    state = play_turn(state, {1: ROVER, 2: LAIR}, creature=LAIR)
    assert powers(state, 1) == [UsePlacePower(ROVER, card=n) for n in RESERVE_PLACES]
    state, events = act_events(state, 1, UsePlacePower(ROVER, card=SOURCE))
    assert state.hunted_at(1).hand == [1, 2, 3, 4, SOURCE]
    assert state.reserve[SOURCE] == 1
    assert state.reserve[SHELTER] == 2
    gained = [e for e in events if e.kind == "place_card_gained"]
    assert gained[0].data == {"hunted": 1, "card": SOURCE} and gained[0].to is None


@pytest.mark.parametrize("zone", ["hand", "discard", "played"])
def test_rover_never_offers_a_place_already_owned(zone: str) -> None:
    state = table(hunted=1)
    hand = [1, 2, 3, 4, 5] + ([SWAMP] if zone != "discard" else [])
    stage(state, 1, hand, discard=[SWAMP] if zone == "discard" else [])
    if zone == "played":
        state.hunted_at(1).double = "artefact"
    state = play_turn(state, {1: (ROVER, SWAMP) if zone == "played" else ROVER}, creature=WRECK)
    assert data_of(state, 1)["place"] == ROVER
    assert powers(state, 1) == [UsePlacePower(ROVER, card=n) for n in (7, 8, 9, 10)]


def test_rover_is_limited_by_the_copies_left_in_the_reserve() -> None:
    state = table(hunted=2)
    state.reserve[WRECK] = 1
    state = play_turn(state, {1: ROVER, 2: ROVER}, creature=LAIR)
    state = act(state, 1, UsePlacePower(ROVER, card=WRECK))
    assert state.reserve[WRECK] == 0
    assert UsePlacePower(ROVER, card=WRECK) not in powers(state, 2)
    assert powers(state, 2) == [UsePlacePower(ROVER, card=n) for n in (6, 7, 9, 10)]


# --- The Shelter (7) ------------------------------------------------------------------------


def test_shelter_draws_two_keeps_one_in_private_and_discards_the_other() -> None:
    state = table(hunted=2)
    stage(state, 1, [1, 2, 3, 4, 5, SHELTER])
    state.survival_deck.remove("adrenaline")
    state.survival_deck.remove("dodge")
    state.survival_deck += ["adrenaline", "dodge"]  # drawn from the end
    state = play_turn(state, {1: SHELTER, 2: JUNGLE}, creature=JUNGLE)
    assert powers(state, 1) == [UsePlacePower(SHELTER)]
    state, drawn = act_events(state, 1, UsePlacePower(SHELTER))
    assert kind_of(state, 1) == "keep_survival"
    assert "dodge" in str(view_for(state, 1))
    assert "dodge" not in str(view_for(state, CREATURE))
    assert "dodge" not in str(view_for(state, 2))
    assert legal_actions(state, 1) == [KeepSurvivalCard("adrenaline"), KeepSurvivalCard("dodge")]
    discarded = len(state.survival_discard)
    state, kept = act_events(state, 1, KeepSurvivalCard("dodge"))
    assert state.hunted_at(1).survival == ["dodge"]
    assert len(state.survival_discard) == discarded + 1
    assert state.survival_discard[-1] == "adrenaline"
    # Neither card's identity reaches the Creature or the other Hunted.
    for seat in (CREATURE, 2):
        assert all("dodge" not in str(e.data) and "adrenaline" not in str(e.data)
                   for e in seen_by(drawn + kept, seat))
    mine = [e for e in seen_by(kept, 1) if e.kind == "survival_card_kept"]
    assert mine[0].data == {"card": "dodge", "discarded": ["adrenaline"]}
    assert mine[0].to == (1,)


def test_a_dodge_kept_at_the_shelter_spares_the_artefacts_other_place() -> None:
    # With the Artefact, Hunted 1 stands at the Shelter and on the Creature token (the
    # Jungle): Dodge, drawn and kept at the Shelter, may be played before the token's step.
    state = table(hunted=1)
    state.hunted_at(1).double = "artefact"  # the Artefact was used last turn
    stage(state, 1, [1, 2, 3, 4, 5, SHELTER])
    state.survival_deck.remove("adrenaline")
    state.survival_deck.remove("dodge")
    state.survival_deck += ["adrenaline", "dodge"]  # drawn from the end
    state = play_turn(state, {1: (JUNGLE, SHELTER)}, creature=JUNGLE)
    state = act(state, 1, UsePlacePower(SHELTER))
    state = act(state, 1, KeepSurvivalCard("dodge"))
    assert legal_actions(state, 1) == [PlaySurvivalCard("dodge"), Pass()]
    state = act(state, 1, PlaySurvivalCard("dodge"))
    assert data_of(state, 1)["place"] == JUNGLE  # its place action, at the token's step
    state = act(state, 1, UsePlacePower(JUNGLE))
    assert turn_over(state)
    assert state.hunted_at(1).will == 3


def test_shelter_with_one_survival_card_left_keeps_it_without_asking() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 2, 3, 4, 5, SHELTER])
    state.survival_deck = ["gate"]
    state.survival_discard = []
    state = play_turn(state, {1: SHELTER}, creature=WRECK)
    state, events = act_events(state, 1, UsePlacePower(SHELTER))
    assert kind_of(state, 1) != "keep_survival"
    assert state.hunted_at(1).survival == ["gate"]
    assert state.survival_deck == []
    assert all("gate" not in str(e.data) for e in seen_by(events, CREATURE))


def test_shelter_not_offered_when_no_survival_card_can_be_drawn() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 3, 4, 5, SHELTER], discard=[2])
    state.survival_deck = []
    state.survival_discard = []
    state = play_turn(state, {1: SHELTER}, creature=WRECK)
    assert powers(state, 1) == []
    assert take_backs(state, 1) == [TakeBackPlaceCard(2)]


def despair_turn(place: int, hunted: int = 1) -> GameState:
    """The Creature plays Despair in phase 1; Hunted 1 plays `place` (others the Jungle)."""
    state = table(hunted=hunted, hunt_cards=["despair"])
    state = act(state, CREATURE, PlayHuntCard("despair"))
    stage(state, 1, [1, 3, 4, 5, place], discard=[2])
    return play_turn(state, {1: place, **dict.fromkeys(range(2, hunted + 1), JUNGLE)},
                     creature=JUNGLE)


def test_shelter_not_offered_under_despair() -> None:
    state = despair_turn(SHELTER)
    assert kind_of(state, 1) == "place_action"
    assert powers(state, 1) == []
    assert take_backs(state, 1) == [TakeBackPlaceCard(2)]


# --- The Wreck (8) --------------------------------------------------------------------------


def test_wreck_advances_rescue_only_once_per_turn_for_the_whole_table() -> None:
    state = table(hunted=2)
    stage(state, 1, [1, 2, 3, 4, 5, WRECK])
    stage(state, 2, [1, 3, 4, 5, WRECK], discard=[2])
    state = play_turn(state, {1: WRECK, 2: WRECK}, creature=LAIR)
    rescue = state.rescue
    state = act(state, 1, UsePlacePower(WRECK))
    assert state.rescue == rescue - 1
    # F4: seat 2 on the Wreck the same turn: no power, but the take-back remains.
    assert data_of(state, 2)["place"] == WRECK
    assert powers(state, 2) == []
    assert take_backs(state, 2) == [TakeBackPlaceCard(2)]
    state = act(state, 2, TakeBackPlaceCard(2))
    assert state.rescue == rescue - 1 - END_OF_TURN


def test_wreck_is_usable_again_the_next_turn() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 2, 3, 4, 5, WRECK])
    state = play_turn(state, {1: WRECK}, creature=LAIR)
    state = finish_turn(act(state, 1, UsePlacePower(WRECK)))
    state.hunted_at(1).hand.append(WRECK)  # staged: the Wreck back in hand
    state.hunted_at(1).discard.remove(WRECK)
    state = play_turn(state, {1: WRECK}, creature=LAIR)
    assert powers(state, 1) == [UsePlacePower(WRECK)]


# --- The Source (9) -------------------------------------------------------------------------


def test_source_gives_will_only_to_a_hunted_with_one_or_two_will() -> None:
    state = table(hunted=3)
    stage(state, 1, [1, 2, 3, 4, 5, SOURCE])
    state.hunted_at(2).will = 2
    state.hunted_at(3).will = 1
    state = play_turn(state, {1: SOURCE, 2: JUNGLE, 3: JUNGLE}, creature=JUNGLE)
    # F8: nobody at 3 Will (seat 1 itself); seats 2 and 3 qualify; or draw.
    assert powers(state, 1) == [UsePlacePower(SOURCE, "will", hunted=2),
                                UsePlacePower(SOURCE, "will", hunted=3),
                                UsePlacePower(SOURCE, "draw")]
    state = act(state, 1, UsePlacePower(SOURCE, "will", hunted=3))
    # The Will came before the Creature token's catch on the Jungle (-1).
    assert state.hunted_at(3).will == 1
    assert state.hunted_at(2).will == 1
    assert state.hunted_at(1).will == 3


def test_source_may_give_will_to_its_own_user() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 2, 3, 4, 5, SOURCE])
    state.hunted_at(1).will = 2
    state = play_turn(state, {1: SOURCE}, creature=WRECK)
    assert UsePlacePower(SOURCE, "will", hunted=1) in powers(state, 1)
    state = act(state, 1, UsePlacePower(SOURCE, "will", hunted=1))
    assert state.hunted_at(1).will == 3


def test_source_gives_no_will_to_a_hunted_at_zero() -> None:
    state = table(hunted=1, hunt_cards=["scream"])
    stage(state, 1, [1, 2, 3, 4, 5, SOURCE])
    state.hunted_at(1).will = 1
    state = explore(state, {1: SOURCE})
    state = hunt(state, creature=WRECK, cards=[PlayHuntCard("scream", (SOURCE,))])
    state = pass_windows(state)
    state = act(state, 1, Choose("will"))  # Scream: lose the last Will, then the place acts
    assert state.hunted_at(1).will == 0
    assert powers(state, 1) == [UsePlacePower(SOURCE, "draw")]


def test_source_draw_gives_one_survival_card_seen_only_by_its_owner() -> None:
    state = table(hunted=2)
    stage(state, 1, [1, 2, 3, 4, 5, SOURCE])
    state.survival_deck.remove("hologram")
    state.survival_deck.append("hologram")
    state = play_turn(state, {1: SOURCE, 2: JUNGLE}, creature=JUNGLE)
    deck = len(state.survival_deck)
    state, events = act_events(state, 1, UsePlacePower(SOURCE, "draw"))
    assert state.hunted_at(1).survival == ["hologram"]
    assert len(state.survival_deck) == deck - 1
    for seat in (CREATURE, 2):
        assert all("hologram" not in str(e.data) for e in seen_by(events, seat))
    assert any("hologram" in str(e.data) for e in seen_by(events, 1))


def test_source_draw_not_offered_under_despair() -> None:
    state = despair_turn(SOURCE, hunted=2)
    state = state.clone()
    state.hunted_at(2).will = 2
    assert powers(state, 1) == [UsePlacePower(SOURCE, "will", hunted=2)]


# --- The Artefact (10) ----------------------------------------------------------------------


def test_artefact_next_turn_two_cards_both_resolved() -> None:
    state = table(hunted=1)
    stage(state, 1, [1, 2, 3, 4, 5, ARTEFACT])
    state = play_turn(state, {1: ARTEFACT}, creature=WRECK)
    state = finish_turn(act(state, 1, UsePlacePower(ARTEFACT)))
    plays = place_plays(state, 1)
    assert plays and all(len(p.cards) == 2 for p in plays)
    state = play_turn(state, {1: (BEACH, ROVER)}, creature=LAIR)
    # No keep choice: both cards stay in play and both places resolve, in ascending order.
    assert state.hunted_at(1).positions == [(BEACH, BEACH), (ROVER, ROVER)]
    assert data_of(state, 1)["place"] == BEACH
    state = act(state, 1, UsePlacePower(BEACH))
    assert data_of(state, 1)["place"] == ROVER
    state = pass_windows(act(state, 1, UsePlacePower(ROVER, card=SWAMP)))
    assert state.marker_on_beach
    assert state.hunted_at(1).hand == [1, 2, 3, SWAMP]
    assert state.hunted_at(1).discard == [ARTEFACT, BEACH, ROVER]
    assert all(len(p.cards) == 1 for p in place_plays(state, 1))


def test_artefact_two_places_are_resolved_separately_when_one_is_caught() -> None:
    state = table(hunted=1)
    state.hunted_at(1).double = "artefact"  # the Artefact was used last turn
    state = play_turn(state, {1: (JUNGLE, BEACH)}, creature=JUNGLE)
    assert data_of(state, 1)["place"] == BEACH
    assert powers(state, 1) == [UsePlacePower(BEACH)]
    state = act(state, 1, UsePlacePower(BEACH))
    assert turn_over(state)
    assert state.marker_on_beach
    assert state.hunted_at(1).will == 2  # caught on the Jungle: no Jungle power
    assert JUNGLE in state.hunted_at(1).discard
