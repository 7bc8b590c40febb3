"""The 15 base Survival cards and the general rules for playing them.

Sources: rulebook.md ("Survival Cards": the phase on the card, one card per Hunted per turn even if
caught, no limit to how many a Hunted holds), base_game.md §4 (V1-V15, engine notes) and rulings
F3, F14-F16 (H1 Despair for "none played or drawn"), docs/rules-notes.md (windows are asked on
public facts; Smokescreen's audiences; Strike Back's seeded draw; Drone and Gate at the place
action; two-place tokens and Clone for Hologram and Wrong Track).
"""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import CREATURE, Event, GameState, active_seats, legal_actions, view_for
from app.engine.actions import (
    DiscardPlaceCard,
    Pass,
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
    JUNGLE,
    LAIR,
    RESERVE_PLACES,
    RIVER,
    ROVER,
    SHELTER,
    SOURCE,
    SURVIVAL_CARDS,
    WRECK,
)

from .helpers import (
    act,
    act_events,
    explore,
    give_survival_card,
    hunt,
    pass_windows,
    prompt_of,
    table,
)

PHASE_CARDS: dict[int, set[str]] = {
    phase: {c for c, info in SURVIVAL_CARDS.items() if info.phase == phase}
    for phase in (1, 2, 3, 4)
}


# --- helpers of this file ----------------------------------------------------------------

def offered(state: GameState, seat: int) -> set[str]:
    """The Survival cards `seat` may play right now."""
    return {a.card for a in legal_actions(state, seat) if isinstance(a, PlaySurvivalCard)}


def plays_of(state: GameState, seat: int, card: str) -> set[tuple[int, ...]]:
    """The choices (`places`) offered with `card` right now."""
    return {a.places for a in legal_actions(state, seat)
            if isinstance(a, PlaySurvivalCard) and a.card == card}


def kind_of(state: GameState, seat: int) -> str | None:
    """The kind of prompt `seat` must answer now, if any."""
    prompt = prompt_of(state, seat)
    return None if prompt is None else prompt.kind


def data_of(state: GameState, seat: int) -> dict[str, Any]:
    """The data of the prompt `seat` must answer now."""
    prompt = prompt_of(state, seat)
    assert prompt is not None, f"seat {seat} owes nothing"
    return prompt.data


def seen_by(events: list[Event], seat: int) -> list[Event]:
    """The events `seat` may see."""
    return [e for e in events if e.visible_to(seat)]


def stage(state: GameState, seat: int, *, hand: list[int] | None = None,
          discard: list[int] | None = None, will: int | None = None,
          cards: tuple[str, ...] = ()) -> None:
    """Set one Hunted's zones on a state the test owns."""
    h = state.hunted_at(seat)
    if hand is not None:
        h.hand = list(hand)
    if discard is not None:
        h.discard = list(discard)
    if will is not None:
        h.will = will
    for card in cards:
        give_survival_card(state, seat, card)


def open_window(state: GameState, seat: int, phase: int) -> GameState:
    """Pass every other window (and `seat`'s earlier ones) until `seat`'s `phase` window opens."""
    while True:
        mine = prompt_of(state, seat)
        if mine is not None and mine.kind == "window" and mine.data["phase"] == phase:
            return state
        others = [p for p in (state.layers[-1] if state.layers else [])
                  if p.kind == "window" and not (p.seat == seat and p.data["phase"] == phase)]
        assert others, f"seat {seat} gets no phase-{phase} window; layers: {state.layers}"
        state = act(state, others[0].seat, Pass())


def finish_turn(state: GameState) -> GameState:
    """Play the rest of the turn: every seat passes when it can, else takes its first option."""
    turn = state.turn
    while state.turn == turn and not state.winner:
        seat = active_seats(state)[0]
        legal = legal_actions(state, seat)
        state = act(state, seat, Pass() if Pass() in legal else legal[0])
    return state


def finish_phase_3(state: GameState) -> GameState:
    """Pass windows and place actions until phase 4."""
    while state.phase != 4:
        seat = active_seats(state)[0]
        state = act(state, seat, Pass())
    return state


def with_artemia_symbol(state: GameState) -> GameState:
    """Put the Rescue counter on a space showing the Artemia symbol (side 1: 1-6)."""
    state.rescue = 6
    return state


# --- General rules -----------------------------------------------------------------------

def test_each_survival_card_is_offered_only_in_the_phase_shown_on_it() -> None:
    state = with_artemia_symbol(table(hunted=1, hunt_cards=["tracking"]))
    stage(state, 1, hand=[1, 2, 3, 4], discard=[5], will=2, cards=tuple(SURVIVAL_CARDS))
    assert offered(state, 1) == PHASE_CARDS[1]

    state = hunt(explore(state, {1: JUNGLE}), creature=JUNGLE, artemia=JUNGLE)
    state = open_window(state, 1, 2)
    assert offered(state, 1) == PHASE_CARDS[2] == {"vortex"}

    state = open_window(act(state, 1, Pass()), 1, 3)
    # Drone and Gate are phase-3 cards played at the place action, not in the window.
    assert offered(state, 1) == PHASE_CARDS[3] - {"drone", "gate"}

    state = act(state, 1, Pass())
    state = act(state, 1, DiscardPlaceCard(1))  # the Artemia token's discard
    state.marker_on_beach = True
    state = open_window(state, 1, 4)
    assert offered(state, 1) == PHASE_CARDS[4] == {"amplifier", "double-back"}


def test_one_survival_card_per_turn_then_a_new_one_next_turn() -> None:
    state = table(hunted=1)
    stage(state, 1, will=2, cards=("adrenaline", "ingenuity"))
    assert offered(state, 1) == {"adrenaline", "ingenuity"}
    state = act(state, 1, PlaySurvivalCard("adrenaline"))
    assert offered(state, 1) == set()

    state = finish_turn(state)
    assert state.turn == 2
    assert offered(state, 1) == {"ingenuity"}


def test_one_survival_card_per_turn_even_when_caught() -> None:
    state = table(hunted=1)
    stage(state, 1, will=2, cards=("adrenaline", "dodge"))
    state = act(state, 1, PlaySurvivalCard("adrenaline"))
    state = hunt(explore(state, {1: BEACH}), creature=BEACH)
    # Never asked about Dodge: caught at once, and the turn is over.
    assert state.turn == 2
    assert state.hunted_at(1).will == 2
    assert state.hunted_at(1).survival == ["dodge"]


def test_despair_forbids_playing_any_survival_card_for_the_turn() -> None:
    state = table(hunted=1, hunt_cards=["despair"])
    stage(state, 1, will=2, cards=("adrenaline", "dodge"))
    assert offered(state, 1) == {"adrenaline"}
    state = act(state, CREATURE, PlayHuntCard("despair"))
    assert offered(state, 1) == set()

    state = hunt(explore(state, {1: BEACH}), creature=BEACH)
    # No window was opened: the Hunted is caught without being offered Dodge.
    assert state.turn == 2
    assert state.hunted_at(1).will == 1
    assert sorted(state.hunted_at(1).survival) == ["adrenaline", "dodge"]


@pytest.mark.parametrize("place", [SHELTER, SOURCE])
@pytest.mark.parametrize("despair", [True, False])
def test_despair_forbids_drawing_survival_cards(place: int, despair: bool) -> None:
    state = table(hunted=1, hunt_cards=["despair"])
    stage(state, 1, hand=[1, 2, 3, 4, place], discard=[5], will=2)
    if despair:
        state = act(state, CREATURE, PlayHuntCard("despair"))
    state = pass_windows(hunt(explore(state, {1: place}), creature=ARTEFACT))
    assert kind_of(state, 1) == "place_action"
    draws = [a for a in legal_actions(state, 1) if isinstance(a, UsePlacePower)
             and (a.place == SHELTER or a.option == "draw")]
    assert bool(draws) is not despair
    assert TakeBackPlaceCard(5) in legal_actions(state, 1)


def test_no_limit_to_the_number_of_survival_cards_a_hunted_holds() -> None:
    state = table(hunted=1)
    held = sorted(SURVIVAL_CARDS)[:14]
    stage(state, 1, hand=[1, 2, 3, 4, SOURCE], cards=tuple(held))
    state = pass_windows(hunt(explore(state, {1: SOURCE}), creature=ARTEFACT))
    state = act(state, 1, UsePlacePower(SOURCE, "draw"))
    assert sorted(state.hunted_at(1).survival) == sorted(SURVIVAL_CARDS)


def test_windows_ask_a_hunted_holding_any_survival_card_and_never_one_holding_none() -> None:
    # Hunted 1 holds Amplifier, which can do nothing this turn (no Marker on the Beach):
    # holding a card is public, its playability is not, so Hunted 1 is asked all the same.
    state = table(hunted=2)
    stage(state, 1, cards=("amplifier",))
    state = hunt(explore(state, {1: BEACH, 2: BEACH}), creature=BEACH)
    for phase in (2, 3, 4):
        assert kind_of(state, 1) == "window"
        assert data_of(state, 1)["phase"] == phase
        assert active_seats(state) == [1]
        assert legal_actions(state, 1) == [Pass()]
        state = act(state, 1, Pass())
    assert state.turn == 2


@pytest.mark.parametrize("holds_card", [True, False])
def test_a_place_action_with_nothing_public_to_do_is_asked_only_of_a_card_holder(
        holds_card: bool) -> None:
    state = table(hunted=2)
    if holds_card:
        stage(state, 2, cards=("adrenaline",))
    for seat in (1, 2):
        stage(state, seat, hand=[1, 2, 3, 4, WRECK])
    state = pass_windows(hunt(explore(state, {1: WRECK, 2: WRECK}), creature=ARTEFACT))
    state = act(state, 1, UsePlacePower(WRECK))
    # The Wreck is spent and Hunted 2's discard pile is empty: only a card could matter.
    if holds_card:
        assert kind_of(state, 2) == "place_action"
        assert legal_actions(state, 2) == [Pass()]
    else:
        assert state.phase == 1 and state.turn == 2


# --- Adrenaline (V1) ---------------------------------------------------------------------

def test_adrenaline_regains_one_will() -> None:
    state = table(hunted=1)
    stage(state, 1, will=1, cards=("adrenaline",))
    state, events = act_events(state, 1, PlaySurvivalCard("adrenaline"))
    assert state.hunted_at(1).will == 2
    assert [e.data for e in events if e.kind == "will_regained"] == [{"hunted": 1, "will": 2}]
    assert "adrenaline" in state.survival_discard
    assert kind_of(state, 1) == "explore"  # the Hunted still chooses a Place card


def test_adrenaline_is_not_playable_at_three_will() -> None:
    state = table(hunted=1)
    stage(state, 1, will=3, cards=("adrenaline",))
    assert "adrenaline" not in offered(state, 1)


# --- Ingenuity (V2) ----------------------------------------------------------------------

def test_ingenuity_puts_the_marker_on_the_beach() -> None:
    state = table(hunted=1)
    stage(state, 1, cards=("ingenuity",))
    state = act(state, 1, PlaySurvivalCard("ingenuity"))
    assert state.marker_on_beach


def test_ingenuity_is_not_playable_when_the_marker_is_already_on_the_beach() -> None:
    state = table(hunted=1)
    stage(state, 1, cards=("ingenuity",))
    state.marker_on_beach = True
    assert "ingenuity" not in offered(state, 1)


# --- Sacrifice (V3, F14, F15) ------------------------------------------------------------

def test_sacrifice_discards_a_chosen_place_card_and_stops_all_hunt_cards() -> None:
    state = table(hunted=1, hunt_cards=["despair", "clone"])
    stage(state, 1, cards=("sacrifice",))
    assert plays_of(state, 1, "sacrifice") == {(1,), (2,), (3,), (4,), (5,)}
    assert any(isinstance(a, PlayHuntCard) for a in legal_actions(state, CREATURE))

    state = act(state, 1, PlaySurvivalCard("sacrifice", (5,)))
    assert state.hunted_at(1).hand == [1, 2, 3, 4]
    assert state.hunted_at(1).discard == [5]
    assert legal_actions(state, CREATURE) == [Pass()]

    state = explore(state, {1: BEACH})
    assert kind_of(state, CREATURE) == "hunt"
    assert not any(isinstance(a, PlayHuntCard) for a in legal_actions(state, CREATURE))
    assert sorted(state.creature.hand) == ["clone", "despair"]


def test_sacrifice_is_not_playable_once_the_creature_has_played_a_hunt_card() -> None:
    state = table(hunted=1, hunt_cards=["force-field"])
    stage(state, 1, cards=("sacrifice",))
    assert "sacrifice" in offered(state, 1)
    state = act(state, CREATURE, PlayHuntCard("force-field", (9, 10)))
    assert "sacrifice" not in offered(state, 1)


def test_sacrifice_sends_already_chosen_place_cards_back_to_hand() -> None:
    state = table(hunted=2, hunt_cards=["clone"])
    stage(state, 1, cards=("sacrifice",))
    state = act(state, 2, PlayPlaceCards((RIVER,)))
    assert state.hunted_at(2).ready
    state, events = act_events(state, 1, PlaySurvivalCard("sacrifice", (5,)))
    h2 = state.hunted_at(2)
    assert (h2.ready, h2.played, h2.hand) == (False, [], [1, 2, 3, 4, 5])
    assert kind_of(state, 2) == "explore"
    assert [e.data for e in events if e.kind == "place_choice_reset"] == [{"hunted": 2}]


# --- Sixth Sense (V4) --------------------------------------------------------------------

def test_sixth_sense_takes_back_two_chosen_discarded_cards() -> None:
    state = table(hunted=1)
    stage(state, 1, hand=[4, 5], discard=[1, 2, 3], cards=("sixth-sense",))
    state = act(state, 1, PlaySurvivalCard("sixth-sense"))
    assert kind_of(state, 1) == "take_back"
    assert data_of(state, 1)["count"] == 2
    state = act(state, 1, TakeBackPlaceCard(1))
    state = act(state, 1, TakeBackPlaceCard(3))
    assert state.hunted_at(1).hand == [1, 3, 4, 5]
    assert state.hunted_at(1).discard == [2]
    assert kind_of(state, 1) == "explore"


def test_sixth_sense_with_one_discarded_card_takes_that_one() -> None:
    state = table(hunted=1)
    stage(state, 1, hand=[1, 3, 4, 5], discard=[2], cards=("sixth-sense",))
    state = act(state, 1, PlaySurvivalCard("sixth-sense"))
    assert state.hunted_at(1).hand == [1, 2, 3, 4, 5]
    assert state.hunted_at(1).discard == []
    assert kind_of(state, 1) == "explore"


def test_sixth_sense_is_not_playable_with_an_empty_discard_pile() -> None:
    state = table(hunted=1)
    stage(state, 1, cards=("sixth-sense",))
    assert "sixth-sense" not in offered(state, 1)


# --- Smokescreen (V5) --------------------------------------------------------------------

def test_smokescreen_hides_every_discard_pile_from_the_creature_until_the_end_of_turn() -> None:
    state = table(hunted=2)
    stage(state, 1, hand=[1, 2, 3, 4], discard=[5], cards=("smokescreen",))
    stage(state, 2, hand=[2, 3, 4, 5], discard=[1])
    assert [h["discard"] for h in view_for(state, CREATURE)["hunted"]] == [[5], [1]]

    state = act(state, 1, PlaySurvivalCard("smokescreen"))
    creature_view = view_for(state, CREATURE)["hunted"]
    assert [h["discard"] for h in creature_view] == [None, None]
    assert [h["discard_count"] for h in creature_view] == [1, 1]
    for seat in (1, 2):
        assert [h["discard"] for h in view_for(state, seat)["hunted"]] == [[5], [1]]

    state = finish_turn(explore(state, {1: BEACH, 2: BEACH}))
    assert state.turn == 2
    assert all(h["discard"] is not None for h in view_for(state, CREATURE)["hunted"])


@pytest.mark.parametrize("smokescreen", [True, False])
def test_smokescreen_keeps_taken_back_cards_from_the_creature_only(smokescreen: bool) -> None:
    state = table(hunted=2)
    stage(state, 1, cards=("smokescreen",))
    stage(state, 2, hand=[3, 4, 5], discard=[1, 2])
    if smokescreen:
        state = act(state, 1, PlaySurvivalCard("smokescreen"))
    state, events = act_events(state, 2, Resist(1))
    assert state.hunted_at(2).hand == [1, 2, 3, 4, 5]

    def named(seat: int) -> list[int | None]:
        return sorted((e.data.get("card") for e in seen_by(events, seat)
                       if e.kind == "place_card_taken_back"), key=str)

    assert named(1) == named(2) == [1, 2]
    assert named(CREATURE) == ([None, None] if smokescreen else [1, 2])


def test_smokescreen_keeps_a_sacrificed_card_from_the_creature() -> None:
    state = table(hunted=2)
    stage(state, 1, cards=("smokescreen",))
    stage(state, 2, cards=("sacrifice",))
    state = act(state, 1, PlaySurvivalCard("smokescreen"))
    state, events = act_events(state, 2, PlaySurvivalCard("sacrifice", (5,)))
    assert state.hunted_at(2).discard == [5]
    for e in seen_by(events, CREATURE):
        assert e.data.get("card") != 5 and 5 not in e.data.get("places", []), e
    assert any(e.kind == "survival_card_played" and e.data["card"] == "sacrifice"
               for e in seen_by(events, CREATURE))
    assert any(e.data.get("card") == 5 for e in seen_by(events, 1))


# --- Strike Back (V6) --------------------------------------------------------------------

def _strike_back(seed: int, hand: list[str]) -> tuple[GameState, list[Event]]:
    state = table(hunted=1, seed=seed, hunt_cards=hand)
    stage(state, 1, cards=("strike-back",))
    return act_events(state, 1, PlaySurvivalCard("strike-back"))


def test_strike_back_puts_two_hunt_cards_at_the_bottom_of_the_hunt_deck() -> None:
    hand = ["clone", "despair", "tracking"]
    state, events = _strike_back(1, hand)
    assert len(state.creature.hand) == 1
    struck = sorted(set(hand) - set(state.creature.hand))
    assert len(struck) == 2
    assert sorted(state.creature.deck[:2]) == struck  # index 0 is the bottom
    assert len(state.creature.deck) == 20 - 1

    public = [e for e in events if e.kind == "hunt_cards_struck_back"]
    assert [e.data for e in public] == [{"count": 2}] and public[0].to is None
    secret = [e for e in events if e.kind == "hunt_cards_to_bottom"]
    assert [sorted(e.data["cards"]) for e in secret] == [struck]
    assert secret[0].visible_to(CREATURE) and not secret[0].visible_to(1)
    assert not secret[0].visible_to(None)

    # The Creature refills from the top of the deck: the struck cards stay at the bottom.
    state = finish_turn(explore(state, {1: BEACH}))
    assert len(state.creature.hand) == 3
    assert not set(struck) & set(state.creature.hand)


def test_strike_back_is_seeded_the_same_seed_picks_the_same_cards() -> None:
    hand = ["clone", "despair", "tracking"]
    picks = {seed: sorted(_strike_back(seed, hand)[0].creature.deck[:2]) for seed in range(1, 9)}
    again = {seed: sorted(_strike_back(seed, hand)[0].creature.deck[:2]) for seed in range(1, 9)}
    assert picks == again
    assert len({tuple(p) for p in picks.values()}) > 1  # the pick does depend on the seed


@pytest.mark.parametrize("hand", [["clone", "despair"], ["clone"]])
def test_strike_back_takes_every_hunt_card_when_the_creature_holds_two_or_fewer(
        hand: list[str]) -> None:
    state, _ = _strike_back(1, hand)
    assert state.creature.hand == []
    assert sorted(state.creature.deck[:len(hand)]) == sorted(hand)


def test_strike_back_is_not_playable_when_the_creature_holds_no_hunt_card() -> None:
    state = table(hunted=1)
    stage(state, 1, cards=("strike-back",))
    assert state.creature.hand == []
    assert "strike-back" not in offered(state, 1)


# --- Vortex (V7) -------------------------------------------------------------------------

def test_vortex_swaps_the_played_card_for_a_discarded_one() -> None:
    state = table(hunted=1)
    stage(state, 1, hand=[1, 2, 3, 4], discard=[ROVER], cards=("vortex",))
    state = hunt(explore(state, {1: JUNGLE}), creature=JUNGLE)
    assert data_of(state, 1) == {"phase": 2}
    assert plays_of(state, 1, "vortex") == {(JUNGLE, ROVER)}
    state, events = act_events(state, 1, PlaySurvivalCard("vortex", (JUNGLE, ROVER)))
    h = state.hunted_at(1)
    assert h.discard == [JUNGLE]
    # The swapped-in card is revealed: the Hunted stands on the Rover, clear of the Creature.
    assert h.positions == [(ROVER, ROVER)]
    assert h.will == 3
    assert kind_of(state, 1) == "place_action"
    assert data_of(state, 1)["place"] == ROVER
    swap = [e for e in seen_by(events, CREATURE) if e.kind == "played_card_swapped"]
    assert [e.data for e in swap] == [{"hunted": 1, "out": JUNGLE, "into": ROVER}]


def test_vortex_needs_a_discarded_card() -> None:
    state = table(hunted=1)
    stage(state, 1, cards=("vortex",))
    state = hunt(explore(state, {1: JUNGLE}), creature=JUNGLE)
    assert data_of(state, 1) == {"phase": 2}
    assert legal_actions(state, 1) == [Pass()]


def test_vortex_cannot_bring_in_a_place_forbidden_by_force_field() -> None:
    state = table(hunted=1, hunt_cards=["force-field"])
    stage(state, 1, hand=[2, 3, 4], discard=[1, 5], cards=("vortex",))
    state = act(state, CREATURE, PlayHuntCard("force-field", (BEACH, ROVER)))
    state = hunt(explore(state, {1: JUNGLE}), creature=RIVER)
    assert plays_of(state, 1, "vortex") == {(JUNGLE, LAIR)}


def test_vortex_under_smokescreen_does_not_tell_the_creature_which_cards_moved() -> None:
    state = table(hunted=2)
    stage(state, 1, cards=("smokescreen",))
    stage(state, 2, hand=[1, 2, 3, 4], discard=[ROVER], cards=("vortex",))
    state = act(state, 1, PlaySurvivalCard("smokescreen"))
    state = hunt(explore(state, {1: BEACH, 2: JUNGLE}), creature=JUNGLE, confirm=True)
    state = open_window(state, 2, 2)
    state, events = act_events(state, 2, PlaySurvivalCard("vortex", (JUNGLE, ROVER)))
    assert state.hunted_at(2).discard == [JUNGLE]
    for e in seen_by(events, CREATURE):
        if e.kind in ("played_card_swapped", "survival_card_played"):
            assert "out" not in e.data and "into" not in e.data, e
            assert not e.data.get("places"), e
    assert [e.data for e in seen_by(events, 1) if e.kind == "played_card_swapped"] == [
        {"hunted": 2, "out": JUNGLE, "into": ROVER}]


# --- Detector (V8, F16) ------------------------------------------------------------------

def test_detector_ignores_the_artemia_token_and_the_place_can_be_used() -> None:
    state = with_artemia_symbol(table(hunted=1))
    stage(state, 1, cards=("detector",))
    state = hunt(explore(state, {1: BEACH}), creature=ARTEFACT, artemia=BEACH)
    state = open_window(state, 1, 3)
    assert plays_of(state, 1, "detector") == {()}
    state = act(state, 1, PlaySurvivalCard("detector"))
    assert view_for(state, CREATURE)["hunted"][0]["immune"] == ["artemia"]
    assert kind_of(state, 1) == "place_action"
    state = act(state, 1, UsePlacePower(BEACH))
    assert state.marker_on_beach
    assert state.hunted_at(1).hand == [1, 2, 3, 5]  # nothing discarded


def test_a_detector_player_acts_at_the_artemia_tokens_step() -> None:
    """Rulebook, Phase 3: token-free places first, in ascending order, then the Artemia
    token's place; Detector (unaffected by the token) keeps that step (frozen_lands.md C2)."""
    state = with_artemia_symbol(table(hunted=2))
    stage(state, 1, cards=("detector",))
    stage(state, 2, hand=[1, 2, 3, 4, WRECK])
    state = hunt(explore(state, {1: BEACH, 2: WRECK}), creature=ARTEFACT, artemia=BEACH)
    state = open_window(state, 1, 3)
    state = act(state, 1, PlaySurvivalCard("detector"))
    assert [p.seat for p in state.layers[-1]] == [2]  # the Wreck (8) before the Beach (4)
    state = act(state, 2, UsePlacePower(WRECK))
    assert kind_of(state, 1) == "place_action"


def test_detector_is_only_for_a_hunted_on_the_artemia_tokens_place() -> None:
    state = with_artemia_symbol(table(hunted=1))
    stage(state, 1, cards=("detector",))
    state = hunt(explore(state, {1: BEACH}), creature=ARTEFACT, artemia=RIVER)
    state = open_window(state, 1, 3)
    assert legal_actions(state, 1) == [Pass()]


# --- Dodge (V9, F16) ---------------------------------------------------------------------

def test_dodge_alone_on_the_creatures_place_keeps_will_and_uses_the_place() -> None:
    state = table(hunted=1)
    stage(state, 1, cards=("dodge",))
    assimilation = state.assimilation
    state = hunt(explore(state, {1: BEACH}), creature=BEACH)
    state = open_window(state, 1, 3)
    state = act(state, 1, PlaySurvivalCard("dodge"))
    assert kind_of(state, 1) == "place_action"
    state = act(state, 1, UsePlacePower(BEACH))
    assert state.marker_on_beach
    state = pass_windows(state)
    assert state.turn == 2
    assert state.hunted_at(1).will == 3
    assert state.assimilation == assimilation  # nobody was caught


def test_a_dodger_takes_their_place_action_at_the_creature_tokens_step() -> None:
    """Rulebook, Phase 3: token-free places resolve first, "in ascending order, from 1 to 10",
    the place where the Creature token is located last; Dodge makes its player unaffected by
    the token, not the place token-free (frozen_lands.md C2, Q17: "at that token's step")."""
    state = table(hunted=2)
    stage(state, 1, cards=("dodge",))
    stage(state, 2, hand=[1, 2, 3, 4, WRECK])
    state = hunt(explore(state, {1: BEACH, 2: WRECK}), creature=BEACH)
    state = open_window(state, 1, 3)
    state = act(state, 1, PlaySurvivalCard("dodge"))
    assert [p.seat for p in state.layers[-1]] == [2]  # the Wreck (8) before the Beach (4)
    state = act(state, 2, UsePlacePower(WRECK))
    assert kind_of(state, 1) == "place_action"


def test_dodge_does_not_protect_a_hunted_caught_alongside() -> None:
    state = table(hunted=2)
    stage(state, 1, cards=("dodge",))
    assimilation = state.assimilation
    state = hunt(explore(state, {1: BEACH, 2: BEACH}), creature=BEACH)
    state = open_window(state, 1, 3)
    state = act(state, 1, PlaySurvivalCard("dodge"))
    state = finish_turn(state)
    assert (state.hunted_at(1).will, state.hunted_at(2).will) == (3, 2)
    assert state.assimilation == assimilation - 1


def test_dodge_does_not_ignore_the_artemia_token() -> None:
    state = with_artemia_symbol(table(hunted=1))
    stage(state, 1, cards=("dodge",))
    state = hunt(explore(state, {1: BEACH}), creature=BEACH, artemia=BEACH)
    state = open_window(state, 1, 3)
    state = act(state, 1, PlaySurvivalCard("dodge"))
    assert kind_of(state, 1) == "discard"  # the Artemia token still strikes
    state = act(state, 1, DiscardPlaceCard(1))
    assert state.hunted_at(1).will == 3
    assert state.turn == 2  # no place action was offered


@pytest.mark.parametrize(("at", "clone_target", "allowed"), [
    (BEACH, None, True),   # on the Creature token
    (WRECK, WRECK, True),  # on the Target token turned Creature token by Clone
    (WRECK, None, False),  # on no Creature token
    (RIVER, WRECK, False),
])
def test_dodge_is_only_for_a_hunted_on_a_creature_tokens_place(
        at: int, clone_target: int | None, allowed: bool) -> None:
    state = table(hunted=1, hunt_cards=["clone"])
    stage(state, 1, hand=[1, 2, 3, 4, WRECK], cards=("dodge",))
    cards = [] if clone_target is None else [PlayHuntCard("clone", (clone_target,))]
    state = hunt(explore(state, {1: at}), creature=BEACH, cards=cards)
    state = open_window(state, 1, 3)
    assert ("dodge" in offered(state, 1)) is allowed


# --- Drone (V10) -------------------------------------------------------------------------

def test_drone_uses_the_rovers_power_instead_of_the_place_power() -> None:
    state = table(hunted=1)
    stage(state, 1, cards=("drone",))
    state = pass_windows(hunt(explore(state, {1: BEACH}), creature=ARTEFACT))
    assert kind_of(state, 1) == "place_action"
    assert PlaySurvivalCard("drone") in legal_actions(state, 1)
    state = act(state, 1, PlaySurvivalCard("drone"))
    assert kind_of(state, 1) == "power"
    assert legal_actions(state, 1) == [UsePlacePower(ROVER, card=n) for n in RESERVE_PLACES]
    state = act(state, 1, UsePlacePower(ROVER, card=WRECK))
    assert WRECK in state.hunted_at(1).hand
    assert state.reserve[WRECK] == 0
    assert not state.marker_on_beach  # the Beach's own power was not used
    assert "drone" in state.survival_discard


def test_drone_is_not_offered_when_the_rover_would_give_nothing() -> None:
    state = table(hunted=1)
    stage(state, 1, hand=list(range(1, 11)), cards=("drone",))
    state = pass_windows(hunt(explore(state, {1: BEACH}), creature=ARTEFACT))
    assert kind_of(state, 1) == "place_action"
    assert "drone" not in offered(state, 1)


@pytest.mark.parametrize("card", ["drone", "gate"])
def test_drone_and_gate_are_not_offered_where_the_place_power_is_blocked(card: str) -> None:
    state = table(hunted=1, hunt_cards=["interference"])
    stage(state, 1, hand=[1, 2, 3, 4], discard=[5], cards=(card,))
    state = explore(state, {1: BEACH})
    state = pass_windows(hunt(state, creature=ARTEFACT, cards=[PlayHuntCard("interference")]))
    # The Beach is max 1x/turn: under Interference one may still take back a card.
    assert kind_of(state, 1) == "place_action"
    assert legal_actions(state, 1) == [TakeBackPlaceCard(5), Pass()]


# --- Gate (V11, F3) ----------------------------------------------------------------------

def test_gate_uses_the_power_of_an_adjacent_place() -> None:
    state = table(hunted=1)
    stage(state, 1, cards=("gate",))
    state = pass_windows(hunt(explore(state, {1: RIVER}), creature=ARTEFACT))
    assert plays_of(state, 1, "gate") == {(JUNGLE,), (BEACH,), (WRECK,)}
    state = act(state, 1, PlaySurvivalCard("gate", (BEACH,)))
    assert state.marker_on_beach
    assert state.hunted_at(1).next_double == ""  # the River's own power was not used


def test_gate_resolves_before_it_is_discarded_so_the_shelter_never_draws_it() -> None:
    """Rulebook: Survival cards "are resolved as soon as they are played" and "are then
    discarded": Gate copying the Shelter with an empty deck draws only what the discard pile
    held before Gate was played."""
    state = table(hunted=1)
    stage(state, 1, hand=[1, 2, 3, 4, WRECK], cards=("gate",))
    state = pass_windows(hunt(explore(state, {1: WRECK}), creature=ARTEFACT))
    state.survival_deck, state.survival_discard = [], ["adrenaline"]
    state = act(state, 1, PlaySurvivalCard("gate", (SHELTER,)))
    assert state.hunted_at(1).survival == ["adrenaline"]
    assert (list(state.survival_deck), list(state.survival_discard)) == ([], ["gate"])


def test_gate_stays_out_of_the_discard_pile_until_the_copied_power_is_chosen() -> None:
    """The same rule when the copied Source asks which way to use it (regain Will or draw)."""
    state = table(hunted=1)
    stage(state, 1, hand=[1, 2, 3, 4, WRECK], will=2, cards=("gate",))
    state = pass_windows(hunt(explore(state, {1: WRECK}), creature=ARTEFACT))
    state.survival_deck, state.survival_discard = [], ["adrenaline"]
    state = act(state, 1, PlaySurvivalCard("gate", (SOURCE,)))
    assert kind_of(state, 1) == "power" and list(state.survival_discard) == ["adrenaline"]
    state = act(state, 1, UsePlacePower(SOURCE, "draw"))
    assert state.hunted_at(1).survival == ["adrenaline"]
    assert (list(state.survival_deck), list(state.survival_discard)) == ([], ["gate"])


def test_gate_cannot_copy_a_draw_when_nothing_at_all_can_be_drawn() -> None:
    """C7 with the same timing: the Gate in play is not a card the Shelter could draw."""
    state = table(hunted=1)
    stage(state, 1, hand=[1, 2, 3, 4, WRECK], cards=("gate",))
    state = pass_windows(hunt(explore(state, {1: WRECK}), creature=ARTEFACT))
    state.survival_deck, state.survival_discard = [], []
    assert (SHELTER,) not in plays_of(state, 1, "gate")


@pytest.mark.parametrize(("at", "reachable"), [
    (ROVER, {(BEACH,)}),
    (SOURCE, {(BEACH,), (WRECK,)}),
])
def test_gate_never_reaches_the_artefact(at: int, reachable: set[tuple[int, ...]]) -> None:
    state = table(hunted=1)
    stage(state, 1, hand=[1, 2, 3, 4, at], cards=("gate",))
    state = pass_windows(hunt(explore(state, {1: at}), creature=LAIR))
    assert kind_of(state, 1) == "place_action"
    assert plays_of(state, 1, "gate") == reachable


# --- Hologram (V12, F16) -----------------------------------------------------------------

def test_hologram_moves_the_artemia_token_to_an_adjacent_place() -> None:
    state = with_artemia_symbol(table(hunted=2))
    stage(state, 1, cards=("hologram",))
    state = hunt(explore(state, {1: JUNGLE, 2: RIVER}), creature=ARTEFACT, artemia=JUNGLE)
    state = open_window(state, 1, 3)
    assert plays_of(state, 1, "hologram") == {(JUNGLE, LAIR), (JUNGLE, RIVER), (JUNGLE, 7)}
    state = act(state, 1, PlaySurvivalCard("hologram", (JUNGLE, RIVER)))
    assert state.tokens["artemia"] == [RIVER]
    # Hunted 1 is now on a token-free place; Hunted 2 suffers the Artemia token.
    assert kind_of(state, 1) == "place_action"
    state = act(state, 1, Pass())
    assert kind_of(state, 2) == "discard"


def test_hologram_is_only_for_a_hunted_on_the_artemia_tokens_place() -> None:
    state = with_artemia_symbol(table(hunted=2))
    stage(state, 1, cards=("hologram",))
    state = hunt(explore(state, {1: BEACH, 2: RIVER}), creature=ARTEFACT, artemia=RIVER)
    state = open_window(state, 1, 3)
    assert "hologram" not in offered(state, 1)


def test_hologram_moves_one_place_of_a_two_place_artemia_token() -> None:
    state = table(hunted=1, hunt_cards=["virus"])
    stage(state, 1, cards=("hologram",))
    state = explore(state, {1: JUNGLE})
    state = hunt(state, creature=ARTEFACT, cards=[PlayHuntCard("virus", (JUNGLE, RIVER))])
    state = open_window(state, 1, 3)
    assert plays_of(state, 1, "hologram") == {
        (JUNGLE, LAIR), (JUNGLE, 7), (RIVER, BEACH), (RIVER, WRECK)}
    state = act(state, 1, PlaySurvivalCard("hologram", (JUNGLE, LAIR)))
    assert sorted(state.tokens["artemia"]) == [LAIR, RIVER]
    assert kind_of(state, 1) == "place_action"


# --- Wrong Track (V13) -------------------------------------------------------------------

def test_wrong_track_moves_the_creature_token_to_an_adjacent_place() -> None:
    state = table(hunted=2)
    stage(state, 1, hand=[1, 2, 3, 4, WRECK], cards=("wrong-track",))
    stage(state, 2, hand=[1, 2, 3, 4, SOURCE])
    state = hunt(explore(state, {1: WRECK, 2: SOURCE}), creature=WRECK)
    state = open_window(state, 1, 3)
    assert plays_of(state, 1, "wrong-track") == {(WRECK, RIVER), (WRECK, 7), (WRECK, SOURCE)}
    state = act(state, 1, PlaySurvivalCard("wrong-track", (WRECK, SOURCE)))
    assert state.tokens["creature"] == [SOURCE]
    assert kind_of(state, 1) == "place_action"
    state = finish_turn(state)
    assert (state.hunted_at(1).will, state.hunted_at(2).will) == (3, 2)


def test_wrong_track_with_clone_may_move_the_target_token() -> None:
    state = table(hunted=1, hunt_cards=["clone"])
    stage(state, 1, hand=[1, 2, 3, 4, WRECK], cards=("wrong-track",))
    state = explore(state, {1: WRECK})
    state = hunt(state, creature=JUNGLE, cards=[PlayHuntCard("clone", (WRECK,))])
    state = open_window(state, 1, 3)
    assert plays_of(state, 1, "wrong-track") == {
        (JUNGLE, LAIR), (JUNGLE, RIVER), (JUNGLE, 7),
        (WRECK, RIVER), (WRECK, 7), (WRECK, SOURCE)}
    state = act(state, 1, PlaySurvivalCard("wrong-track", (WRECK, SOURCE)))
    assert state.tokens["target"] == [SOURCE]
    assert state.tokens["creature"] == [JUNGLE]
    state = finish_turn(state)
    assert state.hunted_at(1).will == 3


# --- Amplifier (V14) ---------------------------------------------------------------------

def test_amplifier_removes_the_marker_and_advances_rescue_at_once() -> None:
    state = table(hunted=1, hunt_cards=["tracking"])  # keeps the Creature's phase-4 window open
    stage(state, 1, cards=("amplifier",))
    state.marker_on_beach = True
    rescue = state.rescue
    state = explore(state, {1: RIVER})
    state = finish_phase_3(hunt(state, creature=ARTEFACT))
    state = open_window(state, 1, 4)
    state = act(state, 1, PlaySurvivalCard("amplifier"))
    assert state.phase == 4 and prompt_of(state, CREATURE) is not None
    assert not state.marker_on_beach
    assert state.rescue == rescue - 1
    state = pass_windows(act(state, CREATURE, Pass()))  # and its late window, having drawn
    assert state.rescue == rescue - 2  # then the usual end-of-turn advance


def test_an_amplifier_played_before_stasis_keeps_its_advance() -> None:
    # The phase-4 windows open together: Amplifier's advance is made "immediately", and the
    # Stasis played after it stops only the Rescue step (docs/rules-notes.md).
    state = table(hunted=1, hunt_cards=["stasis"])
    stage(state, 1, cards=("amplifier",))
    state.marker_on_beach = True
    rescue = state.rescue
    state = finish_phase_3(hunt(explore(state, {1: RIVER}), creature=ARTEFACT))
    state = open_window(state, 1, 4)
    state = act(state, 1, PlaySurvivalCard("amplifier"))
    assert state.rescue == rescue - 1
    state = act(state, CREATURE, PlayHuntCard("stasis"))
    assert state.turn == 2 and state.rescue == rescue - 1


def test_amplifier_is_not_playable_without_the_marker_on_the_beach() -> None:
    state = table(hunted=1)
    stage(state, 1, cards=("amplifier",))
    state = finish_phase_3(hunt(explore(state, {1: RIVER}), creature=ARTEFACT))
    state = open_window(state, 1, 4)
    assert legal_actions(state, 1) == [Pass()]


# --- Double Back (V15) -------------------------------------------------------------------

def test_double_back_returns_the_played_card_which_is_not_discarded() -> None:
    state = table(hunted=1)
    stage(state, 1, cards=("double-back",))
    state = pass_windows(hunt(explore(state, {1: BEACH}), creature=ARTEFACT))
    state = act(state, 1, UsePlacePower(BEACH))
    state = open_window(state, 1, 4)
    assert plays_of(state, 1, "double-back") == {(BEACH,)}
    state = act(state, 1, PlaySurvivalCard("double-back", (BEACH,)))
    assert state.turn == 2
    assert state.hunted_at(1).hand == [1, 2, 3, 4, 5]
    assert state.hunted_at(1).discard == []


def test_double_back_with_two_played_cards_lets_the_hunted_choose() -> None:
    state = table(hunted=1)
    stage(state, 1, hand=[1, 2, 3, 4, WRECK], cards=("double-back",))
    state.hunted_at(1).double = "artefact"  # the Artefact was used last turn
    state = pass_windows(hunt(explore(state, {1: (BEACH, WRECK)}), creature=ARTEFACT))
    state = act(state, 1, UsePlacePower(BEACH))
    state = act(state, 1, UsePlacePower(WRECK))
    state = open_window(state, 1, 4)
    assert plays_of(state, 1, "double-back") == {(BEACH,), (WRECK,)}
    state = act(state, 1, PlaySurvivalCard("double-back", (WRECK,)))
    assert state.turn == 2
    assert state.hunted_at(1).hand == [1, 2, 3, WRECK]
    assert state.hunted_at(1).discard == [BEACH]


def test_double_back_has_nothing_to_return_once_the_jungle_went_back_to_hand() -> None:
    state = table(hunted=1)
    stage(state, 1, cards=("double-back",))
    state = pass_windows(hunt(explore(state, {1: JUNGLE}), creature=ARTEFACT))
    state = act(state, 1, UsePlacePower(JUNGLE))
    state = open_window(state, 1, 4)
    assert state.hunted_at(1).played == []
    assert legal_actions(state, 1) == [Pass()]
