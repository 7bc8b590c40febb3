"""The 15 Frozen Lands Survival cards: each effect, its limits, and who sees what.

Sources: frozen_lands.md §5 (the Survival cards table: effect, limits, engine notes, Isolation
notes), §2 (when each card is played: phase 1 from the Exploration choice, Signal Mirror in the
phase-2 Hunted window, Roped Together/Windbreak/Huddle in the opening window, Scrub Down as the
place action, Body Heat in the closing window, phase 4 before the Rescue step), conventions C2
(the place action), C6 (choosing a Hunted), C7 (a card that would change nothing is not offered),
C8 (presence), C9 (token faces: only who looks, everyone when revealed), C12 (regain Will only
from 1 or 2), C16 (Whisper is the only private channel); §4 Isolation, Quarantine, Toxin,
Tainted Meltwater, Contagion; §3 The Igloo (the gift may be played this turn).

With 3 Hunted (4 players) every Hunted starts with Places 1-5 in hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import CREATURE, Event, GameState, legal_actions, may_whisper, view_for
from app.engine.actions import (
    Choose,
    DiscardContamination,
    GiveUp,
    KeepSurvivalCard,
    LookAtToken,
    Pass,
    PlayHuntCard,
    PlayPlaceCards,
    PlaySurvivalCard,
    TakeBackPlaceCard,
    UsePlacePower,
)
from app.engine.game import apply_action
from app.engine.state import Prompt, Token

from .frozen_helpers import frozen_table as ftable
from .frozen_helpers import give_tokens as tokens
from .frozen_helpers import stage
from .helpers import act, act_events, explore, give_survival_card, hunt, prompt_of

# --- helpers of this file ------------------------------------------------------------------


def held(state: GameState, seat: int) -> list[int]:
    """Ids of the tokens a Hunted holds."""
    return [t.id for t in state.hunted_at(seat).tokens]


def plays(state: GameState, seat: int, card: str) -> set[tuple[int, ...]]:
    """The choices offered with `card` right now."""
    return {a.places for a in legal_actions(state, seat)
            if isinstance(a, PlaySurvivalCard) and a.card == card}


def cards_offered(state: GameState, seat: int) -> set[str]:
    """The Survival cards `seat` may play right now."""
    return {a.card for a in legal_actions(state, seat) if isinstance(a, PlaySurvivalCard)}


def kind_of(state: GameState, seat: int) -> str | None:
    prompt = prompt_of(state, seat)
    return None if prompt is None else prompt.kind


def drawn(state: GameState, seat: int) -> list[str]:
    """The Survival cards offered by `seat`'s keep prompt (The Igloo, Supply Drop)."""
    prompt = prompt_of(state, seat)
    assert prompt is not None and prompt.kind == "keep_survival"
    return list(prompt.data["cards"])


def _matches(prompt: Prompt | None, kind: str, data: dict[str, Any]) -> bool:
    return (prompt is not None and prompt.kind == kind
            and all(prompt.data.get(k) == v for k, v in data.items()))


def reach(state: GameState, seat: int, kind: str, **data: Any) -> GameState:
    """Pass every other window and place action until `seat` owes a `kind` prompt with `data`
    (`moment=None` means an opening window)."""
    for _ in range(80):
        if _matches(prompt_of(state, seat), kind, data):
            return state
        layer = state.layers[-1]
        passable = [p for p in layer if p.kind in ("window", "place_action")
                    and prompt_of(state, p.seat) == p]
        assert passable, f"stuck before seat {seat}'s {kind}: {layer}"
        state = act(state, passable[0].seat, Pass())
    raise AssertionError("reach did not stop")


def to_reckoning(state: GameState, choices: dict[int, int | tuple[int, ...]], creature: int,
                 cards: tuple[PlayHuntCard, ...] = ()) -> GameState:
    """Exploration and Hunting with the given Place cards, the Creature token and Hunt cards."""
    state = explore(state, choices)
    return hunt(state, creature, cards=cards)


def play(state: GameState, seat: int, card: str, *places: int) -> GameState:
    return act(state, seat, PlaySurvivalCard(card, tuple(places)))


def seen_by(events: list[Event], seat: int | None) -> list[tuple[str, Any]]:
    return [(e.kind, e.data) for e in events if e.visible_to(seat)]


# --- Phase 1: Hand Warmers ------------------------------------------------------------------

def test_hand_warmers_gives_the_chosen_hunted_one_will() -> None:
    state = ftable()
    give_survival_card(state, 1, "hand-warmers")
    state.hunted_at(2).will = 1
    state.hunted_at(3).will = 2
    assert plays(state, 1, "hand-warmers") == {(2,), (3,)}  # only Hunted with 1 or 2 Will
    state = play(state, 1, "hand-warmers", 2)
    assert [h.will for h in state.hunted] == [3, 2, 2]
    assert kind_of(state, 1) == "explore"  # still to choose a Place card


def test_hand_warmers_cannot_be_played_when_nobody_has_one_or_two_will() -> None:
    state = ftable()
    give_survival_card(state, 1, "hand-warmers")
    assert "hand-warmers" not in cards_offered(state, 1)
    state.hunted_at(1).will = 2
    assert plays(state, 1, "hand-warmers") == {(1,)}  # "a Hunted" may be the user (C6)


# --- Phase 1: Radio Relay -------------------------------------------------------------------

def test_radio_relay_lets_another_hunted_take_back_two_cards_of_their_choice() -> None:
    state = ftable()
    give_survival_card(state, 1, "radio-relay")
    stage(state, 2, [1, 5], [2, 3, 4])
    state = act(state, 2, PlayPlaceCards((5,)))  # works after the friend has chosen their card
    state = play(state, 1, "radio-relay", 2)
    assert kind_of(state, 2) == "take_back"
    state = act(state, 2, TakeBackPlaceCard(2))
    state = act(state, 2, TakeBackPlaceCard(4))
    assert state.hunted_at(2).hand == [1, 2, 4]
    assert state.hunted_at(2).discard == [3]


def test_radio_relay_chooses_only_another_hunted_with_a_discard_pile() -> None:
    state = ftable()
    give_survival_card(state, 1, "radio-relay")
    stage(state, 1, [1, 2], [3, 4, 5])
    stage(state, 3, [1, 2, 3, 4], [5])
    assert plays(state, 1, "radio-relay") == {(3,)}  # not the user, not seat 2 (empty pile)
    state = play(state, 1, "radio-relay", 3)
    assert kind_of(state, 3) == "explore"  # a single card comes back without a prompt
    assert state.hunted_at(3).hand == [1, 2, 3, 4, 5]


# --- Phase 1: Whisper -----------------------------------------------------------------------

def test_whisper_opens_a_private_channel_for_the_two_hunted_until_exploration_ends() -> None:
    state = ftable()
    give_survival_card(state, 1, "whisper")
    state = play(state, 1, "whisper", 3)
    assert view_for(state, 1)["you"]["whisper"] == [3]
    assert view_for(state, 3)["you"]["whisper"] == [1]
    assert view_for(state, 2)["you"]["whisper"] == []
    assert may_whisper(state, 1, 3) and may_whisper(state, 3, 1)
    assert not may_whisper(state, 1, 2) and not may_whisper(state, 2, 3)
    state = explore(state, {1: 1, 2: 2, 3: 3})
    assert state.phase == 2  # Exploration is over: so is the whisper
    assert not may_whisper(state, 1, 3)
    assert view_for(state, 1)["you"]["whisper"] == []
    assert view_for(state, 3)["you"]["whisper"] == []


def test_whisper_needs_another_hunted_not_already_whispering_with_you() -> None:
    state = ftable()
    give_survival_card(state, 1, "whisper")
    assert plays(state, 1, "whisper") == {(2,), (3,)}
    state = play(state, 1, "whisper", 3)
    give_survival_card(state, 3, "whisper")
    assert plays(state, 3, "whisper") == {(2,)}  # seat 1 is already on the line


def test_only_the_two_whisperers_learn_who_whispers_with_whom() -> None:
    base = ftable()
    give_survival_card(base, 1, "whisper")
    a, events_a = act_events(base, 1, PlaySurvivalCard("whisper", (2,)))
    b, events_b = act_events(base, 1, PlaySurvivalCard("whisper", (3,)))
    for seat in (None, CREATURE):
        assert seen_by(events_a, seat) == seen_by(events_b, seat)
        assert view_for(a, seat) == view_for(b, seat)
    assert ("survival_card_played", {"hunted": 1, "card": "whisper", "places": []}) in seen_by(
        events_a, CREATURE)
    assert ("survival_card_played", {"hunted": 1, "card": "whisper", "places": [2]}) in seen_by(
        events_a, 2)
    assert "whisper:1:2" not in view_for(a, 3)["board"]["effects"]
    assert view_for(a, 3)["you"]["whisper"] == []


# --- Phase 1: Vaccine -----------------------------------------------------------------------

def test_vaccine_stops_every_token_that_turn_give_up_and_the_last_will_token() -> None:
    state = ftable()
    give_survival_card(state, 1, "vaccine")
    stage(state, 2, [1, 2], [3, 4, 5], will=1)
    state = play(state, 1, "vaccine", 2)
    assert state.vaccinated == (2,)
    reserve = len(state.contamination)
    state, events = act_events(state, 2, GiveUp())
    assert held(state, 2) == [] and len(state.contamination) == reserve
    assert any(e.kind == "contamination_prevented" for e in events)
    state = to_reckoning(state, {1: 1, 2: 2, 3: 3}, creature=2)
    assert kind_of(state, 1) == "place_action"  # at The Ice Cave, before the Creature token
    state.hunted_at(2).will = 1  # caught at 1 Will: the last-Will token is due in Phase 4
    state = reach(state, 1, "explore")
    assert state.turn == 2
    assert state.hunted_at(2).will == 3 and held(state, 2) == []  # recovered, no token


def test_vaccine_ends_with_the_turn_and_cannot_vaccinate_twice() -> None:
    state = ftable()
    give_survival_card(state, 1, "vaccine")
    give_survival_card(state, 3, "smokescreen")
    state = play(state, 1, "vaccine", 2)
    give_survival_card(state, 3, "vaccine")
    assert plays(state, 3, "vaccine") == {(1,), (3,)}  # seat 2 is already protected (C7)
    state = to_reckoning(state, {1: 1, 2: 2, 3: 3}, creature=5)
    state = reach(state, 2, "explore")
    assert state.turn == 2 and state.vaccinated == ()
    state.hunted_at(2).will = 2
    state = act(state, 2, GiveUp())
    assert len(held(state, 2)) == 1


# --- Phase 1: Blood Test --------------------------------------------------------------------

def test_blood_test_reveals_an_icon_to_all_and_its_owner_discards_it() -> None:
    state = ftable()
    give_survival_card(state, 1, "blood-test")
    icon, blank = tokens(state, 2, True, False)
    assert plays(state, 1, "blood-test") == {(icon,), (blank,)}
    state, events = act_events(state, 1, PlaySurvivalCard("blood-test", (icon,)))
    revealed = [e for e in events if e.kind == "contamination_revealed"]
    assert [(e.to, e.data["icon"]) for e in revealed] == [(None, True)]
    assert held(state, 2) == [blank]
    assert state.contamination.count(True) == 3  # back in the reserve: all 3 icons


def test_blood_test_leaves_a_blank_face_up_and_it_cannot_be_tested_again() -> None:
    state = ftable()
    give_survival_card(state, 1, "blood-test")
    (blank,) = tokens(state, 2, False)
    state = play(state, 1, "blood-test", blank)
    assert held(state, 2) == [blank]
    assert view_for(state, CREATURE)["hunted"][1]["tokens"] == [{"id": blank, "face": "blank"}]
    give_survival_card(state, 3, "blood-test")
    assert "blood-test" not in cards_offered(state, 3)  # nothing left to learn (C7)


def test_blood_test_under_quarantine_leaves_an_icon_face_up() -> None:
    state = ftable()
    give_survival_card(state, 1, "blood-test")
    (icon,) = tokens(state, 2, True)
    state.effects = (*state.effects, "quarantine")  # staged: no token may be discarded this turn
    state = play(state, 1, "blood-test", icon)
    assert state.hunted_at(2).tokens == [Token(icon, True, (0, 1, 2, 3), True)]


# --- Phase 2: Signal Mirror -----------------------------------------------------------------

def test_signal_mirror_lets_the_chosen_hunted_swap_their_played_card_for_a_discarded_one() -> None:
    state = ftable()
    give_survival_card(state, 1, "signal-mirror")
    stage(state, 2, [1, 2, 3], [4, 5])
    state = to_reckoning(state, {1: 1, 2: 2, 3: 3}, creature=2)
    assert kind_of(state, 1) == "window"
    assert plays(state, 1, "signal-mirror") == {(2,)}  # seat 3 has no discarded card
    state = play(state, 1, "signal-mirror", 2)
    assert set(legal_actions(state, 2)) == {Choose("2:4"), Choose("2:5"), Pass()}
    state, events = act_events(state, 2, Choose("2:4"))
    swap = next(e for e in events if e.kind == "played_card_swapped")
    assert (swap.to, swap.data) == (None, {"hunted": 2, "out": 2, "into": 4})
    assert state.hunted_at(2).played == [4]
    assert state.hunted_at(2).discard == [5, 2]


def test_signal_mirror_may_be_declined_and_is_blocked_by_isolation() -> None:
    state = ftable(hunt_cards=("isolation",))
    give_survival_card(state, 1, "signal-mirror")
    stage(state, 2, [1, 2, 3], [4, 5])
    isolated = to_reckoning(state, {1: 1, 2: 2, 3: 3}, creature=2,
                            cards=(PlayHuntCard("isolation"),))
    assert "signal-mirror" not in cards_offered(isolated, 1)
    state = to_reckoning(state, {1: 1, 2: 2, 3: 3}, creature=2)
    state = play(state, 1, "signal-mirror", 2)
    state = act(state, 2, Pass())
    assert state.hunted_at(2).played == [2] and state.hunted_at(2).discard == [4, 5]


# --- Phase 3 opening window: Roped Together -------------------------------------------------

def test_roped_together_moves_you_to_an_adjacent_friend_and_you_resolve_that_place() -> None:
    state = ftable()
    give_survival_card(state, 1, "roped-together")
    state = to_reckoning(state, {1: 3, 2: 4, 3: 1}, creature=3)
    state = reach(state, 1, "window", phase=3, moment=None)
    assert plays(state, 1, "roped-together") == {(3, 4)}
    state = play(state, 1, "roped-together", 3, 4)
    assert state.hunted_at(1).positions == [(4, 3)]  # the played card stays The Fjord
    state = reach(state, 1, "place_action", place=4)
    assert UsePlacePower(4) in legal_actions(state, 1)  # a partner at The Hummocks now
    state, events = act_events(state, 1, UsePlacePower(4))
    assert [e.data["rescue"] for e in events if e.kind == "rescue_advanced"] == [14, 13]
    state = reach(state, 2, "explore")  # 13: The Hummocks, then the Rescue step
    assert state.hunted_at(1).will == 3  # escaped the Creature token at The Fjord
    assert state.hunted_at(1).discard == [3]


def test_roped_together_never_joins_a_place_where_you_already_stand() -> None:
    """C8: a Hunted on two places (The Aurora) is at each once; roping one figure onto the
    other's place would resolve it twice for her (rules-notes: a Hunted is at a place or not)."""
    state = ftable()
    give_survival_card(state, 1, "roped-together")
    state.hunted_at(1).double = "aurora"
    state = to_reckoning(state, {1: (3, 4), 2: 4, 3: 2}, creature=4)
    state = reach(state, 1, "window", phase=3, moment=None)
    assert plays(state, 1, "roped-together") == {(3, 2)}  # not (3, 4), where she stands


def test_roped_together_needs_company_next_door_and_is_blocked_by_isolation() -> None:
    state = ftable(hunt_cards=("isolation",))
    give_survival_card(state, 1, "roped-together")
    lonely = to_reckoning(state, {1: 1, 2: 5, 3: 5}, creature=1)
    lonely = reach(lonely, 1, "window", phase=3, moment=None)
    assert "roped-together" not in cards_offered(lonely, 1)  # 2 and 6 are empty
    isolated = to_reckoning(state, {1: 3, 2: 4, 3: 4}, creature=3,
                            cards=(PlayHuntCard("isolation"),))
    isolated = reach(isolated, 1, "window", phase=3, moment=None)
    assert "roped-together" not in cards_offered(isolated, 1)


# --- Phase 3 opening window: Windbreak ------------------------------------------------------

def test_windbreak_shields_only_its_player_from_the_target_token() -> None:
    state = ftable(hunt_cards=("tainted-meltwater",))
    give_survival_card(state, 1, "windbreak")
    state = to_reckoning(state, {1: 2, 2: 2, 3: 5}, creature=5,
                         cards=(PlayHuntCard("tainted-meltwater", (2,)),))
    state = reach(state, 1, "window", phase=3, moment=None)
    state = play(state, 1, "windbreak")
    assert state.hunted_at(1).immune == ["target"]
    state = reach(state, 1, "explore")
    assert held(state, 1) == [] and len(held(state, 2)) == 1


def test_a_windbreak_player_acts_at_the_target_tokens_step() -> None:
    """frozen_lands.md C2 / Q17: a Hunted who ignores a token (Windbreak) "takes their place
    action at that token's step": after every token-free place (rulebook, Phase 3)."""
    state = ftable(hunt_cards=("scream",))
    give_survival_card(state, 1, "windbreak")
    state = to_reckoning(state, {1: 2, 2: 5, 3: 5}, creature=1,
                         cards=(PlayHuntCard("scream", (2,)),))
    state = reach(state, 1, "window", phase=3, moment=None)
    state = play(state, 1, "windbreak")
    assert sorted(p.seat for p in state.layers[-1]) == [2]  # The Sled (5) first
    state = act(state, 2, Pass())
    assert kind_of(state, 3) == "place_action"
    state = act(state, 3, Pass())
    assert kind_of(state, 1) == "place_action"


def test_windbreak_lets_you_use_a_power_the_target_card_made_unusable() -> None:
    state = ftable(hunt_cards=("toxin",))
    give_survival_card(state, 1, "windbreak")
    state = to_reckoning(state, {1: 2, 2: 2, 3: 5}, creature=5,
                         cards=(PlayHuntCard("toxin", (2,)),))
    state = reach(state, 1, "window", phase=3, moment=None)
    state = play(state, 1, "windbreak")
    assert kind_of(state, 1) == "place_action"
    assert UsePlacePower(2) in legal_actions(state, 1)  # The Frost Forest works for seat 1
    state = act(state, 1, Pass())
    assert state.turn == 2  # seat 2, still under Toxin, was never asked to act there


def test_windbreak_needs_an_acting_target_token_at_your_place_and_leaves_the_creature() -> None:
    state = ftable(hunt_cards=("scream",))
    give_survival_card(state, 1, "windbreak")
    away = to_reckoning(state, {1: 1, 2: 2, 3: 5}, creature=1,
                        cards=(PlayHuntCard("scream", (2,)),))
    away = reach(away, 1, "window", phase=3, moment=None)
    assert "windbreak" not in cards_offered(away, 1)
    state = to_reckoning(state, {1: 2, 2: 3, 3: 5}, creature=2,
                         cards=(PlayHuntCard("scream", (2,)),))
    state = reach(state, 1, "window", phase=3, moment=None)
    state = play(state, 1, "windbreak")
    state = reach(state, 2, "explore")
    assert state.hunted_at(1).will == 2  # still caught by the Creature token


# --- Phase 3 opening window: Huddle ---------------------------------------------------------

def test_huddle_lets_one_chosen_hunted_alone_suffer_the_creature_token() -> None:
    state = ftable(hunt_cards=("contagion",))
    start = state.assimilation
    give_survival_card(state, 1, "huddle")
    state = to_reckoning(state, {1: 2, 2: 2, 3: 2}, creature=2,
                         cards=(PlayHuntCard("contagion"),))
    state = reach(state, 1, "window", phase=3, moment=None)
    assert plays(state, 1, "huddle") == {(2, 1), (2, 2), (2, 3)}
    state = play(state, 1, "huddle", 2, 3)
    assert kind_of(state, 1) == "place_action"  # the spared act as if the token were absent
    state = reach(state, 1, "explore")
    assert [h.will for h in state.hunted] == [3, 3, 2]
    assert [len(held(state, s)) for s in (1, 2, 3)] == [0, 0, 1]  # Contagion: seat 3 only
    assert state.assimilation == start - 1  # the chosen Hunted was caught: +1


def test_the_hunted_spared_by_huddle_act_at_the_creature_tokens_step() -> None:
    """frozen_lands.md C2 names Huddle among the cards whose spared Hunted "take their place
    action at that token's step": after the token-free places (rulebook, Phase 3)."""
    state = ftable()
    give_survival_card(state, 1, "huddle")
    state = to_reckoning(state, {1: 2, 2: 2, 3: 5}, creature=2)
    state = reach(state, 1, "window", phase=3, moment=None)
    state = play(state, 1, "huddle", 2, 2)
    assert [p.seat for p in state.layers[-1]] == [3]  # The Sled (5) before The Frost Forest
    state = act(state, 3, Pass())
    assert kind_of(state, 1) == "place_action"


def test_huddle_needs_company_at_the_creature_token_and_is_blocked_by_isolation() -> None:
    state = ftable(hunt_cards=("isolation",))
    give_survival_card(state, 1, "huddle")
    alone = to_reckoning(state, {1: 2, 2: 3, 3: 3}, creature=2)
    alone = reach(alone, 1, "window", phase=3, moment=None)
    assert "huddle" not in cards_offered(alone, 1)
    isolated = to_reckoning(state, {1: 2, 2: 2, 3: 3}, creature=2,
                            cards=(PlayHuntCard("isolation"),))
    isolated = reach(isolated, 1, "window", phase=3, moment=None)
    assert "huddle" not in cards_offered(isolated, 1)


# --- Phase 3 place action: Scrub Down -------------------------------------------------------

def test_scrub_down_discards_up_to_two_tokens_of_hunted_at_your_place() -> None:
    state = ftable()
    give_survival_card(state, 1, "scrub-down")
    mine = tokens(state, 1, True, False)
    (theirs,) = tokens(state, 2, True)
    tokens(state, 3, True)  # at another place: out of reach
    state = to_reckoning(state, {1: 2, 2: 2, 3: 5}, creature=5)
    state = reach(state, 1, "place_action")
    assert cards_offered(state, 1) == {"scrub-down"}
    assert plays(state, 1, "scrub-down") == {(1,), (2,), (1, 1), (1, 2)}
    state = play(state, 1, "scrub-down", 1, 2)
    assert held(state, 2) == []  # a single token: no choice to make
    assert kind_of(state, 1) == "discard_token"  # the owner picks which of their own
    state = act(state, 1, DiscardContamination(mine[0]))
    assert held(state, 1) == [mine[1]]
    assert theirs not in held(state, 2)


def test_scrub_down_is_only_your_own_tokens_under_isolation_and_never_under_quarantine() -> None:
    state = ftable(hunt_cards=("isolation", "quarantine"))
    give_survival_card(state, 1, "scrub-down")
    tokens(state, 1, True, False)
    tokens(state, 2, True)
    isolated = to_reckoning(state, {1: 2, 2: 2, 3: 5}, creature=5,
                            cards=(PlayHuntCard("isolation"),))
    isolated = reach(isolated, 1, "place_action")
    assert plays(isolated, 1, "scrub-down") == {(1,), (1, 1)}
    quarantined = to_reckoning(state, {1: 2, 2: 2, 3: 5}, creature=5,
                               cards=(PlayHuntCard("quarantine"),))
    quarantined = reach(quarantined, 1, "place_action")
    assert "scrub-down" not in cards_offered(quarantined, 1)


def test_scrub_down_is_not_played_at_a_place_whose_power_interference_made_unusable() -> None:
    """docs/rules-notes.md: Scrub Down's own limit ("not playable where ... a power made
    unusable") is narrower than C3's take-back, which The Hummocks keeps under Interference;
    a spent once-a-turn limit is not an effect, so there it is still offered."""
    state = ftable(hunt_cards=("interference",))
    give_survival_card(state, 2, "scrub-down")
    tokens(state, 2, True)
    interfered = to_reckoning(state, {1: 4, 2: 4, 3: 5}, creature=10,
                              cards=(PlayHuntCard("interference"),))
    interfered = reach(interfered, 2, "place_action")
    assert "scrub-down" not in cards_offered(interfered, 2)
    assert any(isinstance(a, DiscardContamination) for a in legal_actions(interfered, 2))
    spent = to_reckoning(state, {1: 4, 2: 4, 3: 5}, creature=10)
    spent = reach(spent, 1, "place_action")
    spent = act(spent, 1, UsePlacePower(4))  # The Hummocks' once a turn, with Hunted 2
    spent = reach(spent, 2, "place_action")
    assert "scrub-down" in cards_offered(spent, 2)


# --- Phase 3 closing window: Body Heat ------------------------------------------------------

def test_body_heat_is_played_in_the_closing_window_and_warms_both_hunted() -> None:
    state = ftable()
    give_survival_card(state, 1, "body-heat")
    state.hunted_at(1).will = 2
    state.hunted_at(2).will = 1
    state = to_reckoning(state, {1: 3, 2: 3, 3: 5}, creature=5)
    state = reach(state, 1, "window", phase=3, moment=None)
    assert "body-heat" not in cards_offered(state, 1)  # not in the opening window
    state = reach(state, 1, "window", phase=3, moment="closing")
    assert plays(state, 1, "body-heat") == {(2,)}
    state = play(state, 1, "body-heat", 2)
    assert [state.hunted_at(s).will for s in (1, 2)] == [3, 2]


def test_body_heat_skips_a_hunted_at_zero_will_and_needs_someone_who_can_regain() -> None:
    state = ftable()
    give_survival_card(state, 1, "body-heat")
    state.hunted_at(2).will = 1
    state = to_reckoning(state, {1: 3, 2: 3, 3: 5}, creature=3)
    state = reach(state, 1, "window", phase=3, moment="closing")
    assert state.hunted_at(2).will == 0  # lost their last Will: recovers in Phase 4 only
    state, events = act_events(state, 1, PlaySurvivalCard("body-heat", (2,)))
    regained = [(e.data["hunted"], e.data["will"]) for e in events if e.kind == "will_regained"]
    assert regained == [(1, 3)]  # seat 2 gets their 3 Will back only with the recovery
    warm = ftable()
    give_survival_card(warm, 1, "body-heat")
    warm = to_reckoning(warm, {1: 3, 2: 3, 3: 5}, creature=5)
    warm = reach(warm, 1, "window", phase=3, moment="closing")
    assert "body-heat" not in cards_offered(warm, 1)  # both at 3 Will: nothing to regain


def test_opening_window_cards_are_not_offered_in_the_closing_window() -> None:
    state = ftable()
    give_survival_card(state, 1, "dodge")
    state = to_reckoning(state, {1: 3, 2: 4, 3: 5}, creature=3)
    state = reach(state, 1, "window", phase=3, moment=None)
    assert "dodge" in cards_offered(state, 1)
    state = act(state, 1, Pass())
    state = reach(state, 1, "window", phase=3, moment="closing")
    assert cards_offered(state, 1) == set()


# --- Phase 4: Antidote ----------------------------------------------------------------------

def test_antidote_makes_the_chosen_hunted_discard_a_token_of_their_choice() -> None:
    state = ftable()
    give_survival_card(state, 1, "antidote")
    first, second = tokens(state, 2, True, False)
    state = to_reckoning(state, {1: 1, 2: 2, 3: 5}, creature=5)
    state = reach(state, 1, "window", phase=4)
    assert plays(state, 1, "antidote") == {(2,)}
    state = play(state, 1, "antidote", 2)
    assert set(legal_actions(state, 2)) == {DiscardContamination(first),
                                            DiscardContamination(second)}
    state = act(state, 2, DiscardContamination(second))
    assert held(state, 2) == [first]


def test_antidote_is_only_for_yourself_under_isolation_and_never_under_quarantine() -> None:
    state = ftable(hunt_cards=("isolation", "quarantine"))
    give_survival_card(state, 1, "antidote")
    tokens(state, 1, True)
    tokens(state, 2, True)
    isolated = to_reckoning(state, {1: 1, 2: 2, 3: 5}, creature=5,
                            cards=(PlayHuntCard("isolation"),))
    isolated = reach(isolated, 1, "window", phase=4)
    assert plays(isolated, 1, "antidote") == {(1,)}
    quarantined = to_reckoning(state, {1: 1, 2: 2, 3: 5}, creature=5,
                               cards=(PlayHuntCard("quarantine"),))
    quarantined = reach(quarantined, 1, "window", phase=4)
    assert "antidote" not in cards_offered(quarantined, 1)


# --- Phase 4: Field Lab ---------------------------------------------------------------------

def test_field_lab_looks_at_one_token_then_picks_a_second_after_seeing_it() -> None:
    state = ftable()
    give_survival_card(state, 1, "field-lab")
    a, b = tokens(state, 2, True, False)
    (c,) = tokens(state, 3, False)
    state = to_reckoning(state, {1: 1, 2: 2, 3: 5}, creature=5)
    state = reach(state, 1, "window", phase=4)
    assert plays(state, 1, "field-lab") == {(a,), (b,), (c,)}
    state = play(state, 1, "field-lab", a)
    assert kind_of(state, 1) == "look"
    assert set(legal_actions(state, 1)) == {LookAtToken(b), LookAtToken(c), Pass()}
    state = act(state, 1, LookAtToken(c))
    faces = {t["id"]: t["face"] for h in view_for(state, 1)["hunted"] for t in h["tokens"]}
    assert faces == {a: "icon", b: None, c: "blank"}


def test_field_lab_sees_only_your_own_tokens_under_isolation_and_may_stop_at_one() -> None:
    state = ftable(hunt_cards=("isolation",))
    give_survival_card(state, 1, "field-lab")
    mine = tokens(state, 1, False, True)
    tokens(state, 2, True)
    state = to_reckoning(state, {1: 1, 2: 2, 3: 5}, creature=5,
                         cards=(PlayHuntCard("isolation"),))
    state = reach(state, 1, "window", phase=4)
    assert plays(state, 1, "field-lab") == {(mine[0],), (mine[1],)}
    state = play(state, 1, "field-lab", mine[0])
    state = act(state, 1, Pass())  # "up to 2"
    known = [t.id for t in state.hunted_at(1).tokens if 1 in t.known]
    assert known == [mine[0]]


def test_only_the_field_lab_player_learns_the_face_of_the_token() -> None:
    base = ftable()
    give_survival_card(base, 1, "field-lab")
    (token,) = tokens(base, 2, True)
    base = to_reckoning(base, {1: 1, 2: 2, 3: 5}, creature=5)
    base = reach(base, 1, "window", phase=4)
    other = base.clone()
    other.hunted_at(2).tokens = [Token(token, False)]
    other.contamination.remove(False)
    other.contamination.append(True)
    a, events_a = apply_action(base, 1, PlaySurvivalCard("field-lab", (token,)))
    b, events_b = apply_action(other, 1, PlaySurvivalCard("field-lab", (token,)))
    for seat in (None, CREATURE, 2, 3):
        assert seen_by(events_a, seat) == seen_by(events_b, seat)
        assert view_for(a, seat) == view_for(b, seat)
    assert seen_by(events_a, 1) != seen_by(events_b, 1)
    assert view_for(a, 1)["hunted"][1]["tokens"] == [{"id": token, "face": "icon"}]


# --- Phase 4: Supply Drop -------------------------------------------------------------------

def test_supply_drop_keeps_one_card_and_gives_the_other_who_may_play_it_this_turn() -> None:
    state = ftable()
    give_survival_card(state, 1, "supply-drop")
    state = to_reckoning(state, {1: 1, 2: 2, 3: 5}, creature=5)
    state = reach(state, 1, "window", phase=4)
    state.survival_deck.remove("antidote")
    state.survival_deck.remove("dodge")
    state.survival_deck += ["dodge", "antidote"]
    tokens(state, 2, True)
    state = play(state, 1, "supply-drop")
    assert drawn(state, 1) == ["antidote", "dodge"]
    state = act(state, 1, KeepSurvivalCard("dodge"))
    state = act(state, 1, Choose("2"))
    assert state.hunted_at(1).survival == ["dodge"]
    assert state.hunted_at(2).survival == ["antidote"]
    state = reach(state, 2, "window", phase=4)
    assert plays(state, 2, "antidote") == {(2,)}  # the gift is playable this turn


def test_supply_drop_under_isolation_discards_the_other_card() -> None:
    state = ftable(hunt_cards=("isolation",))
    give_survival_card(state, 1, "supply-drop")
    state = to_reckoning(state, {1: 1, 2: 2, 3: 5}, creature=5,
                         cards=(PlayHuntCard("isolation"),))
    state = reach(state, 1, "window", phase=4)
    discarded = len(state.survival_discard)
    state = play(state, 1, "supply-drop")
    kept, other = drawn(state, 1)
    state = act(state, 1, KeepSurvivalCard(kept))
    assert kind_of(state, 1) != "give_survival"
    assert state.hunted_at(1).survival == [kept]
    assert state.survival_discard[-1] == other
    assert len(state.survival_discard) == discarded + 2  # Supply Drop and the unkept card


def test_supply_drop_resolves_before_it_is_discarded_so_it_never_draws_itself() -> None:
    """Rulebook, Survival cards: they "are resolved as soon as they are played" and "are then
    discarded". With the deck empty and one card in the discard pile, Supply Drop draws that
    card alone; only then does it go to the discard pile."""
    state = ftable()
    give_survival_card(state, 1, "supply-drop")
    state = to_reckoning(state, {1: 1, 2: 2, 3: 5}, creature=5)
    state = reach(state, 1, "window", phase=4)
    state.survival_deck, state.survival_discard = [], ["antidote"]
    state = play(state, 1, "supply-drop")
    assert state.hunted_at(1).survival == ["antidote"]
    assert kind_of(state, 1) != "keep_survival"
    assert (list(state.survival_deck), list(state.survival_discard)) == ([], ["supply-drop"])


def test_supply_drop_cannot_be_played_with_nothing_at_all_to_draw() -> None:
    """frozen_lands.md C7: a card "whose parts would all change nothing cannot be ... played";
    the card itself is not yet in the discard pile while it resolves (rulebook)."""
    state = ftable()
    give_survival_card(state, 1, "supply-drop")
    state = to_reckoning(state, {1: 1, 2: 2, 3: 5}, creature=5)
    state = reach(state, 1, "window", phase=4)
    state.survival_deck, state.survival_discard = [], []
    assert "supply-drop" not in cards_offered(state, 1)
    state.survival_discard = ["antidote"]
    assert "supply-drop" in cards_offered(state, 1)


def test_a_supply_drop_gift_is_seen_only_by_the_giver_and_the_receiver() -> None:
    base = ftable()
    give_survival_card(base, 1, "supply-drop")
    base = to_reckoning(base, {1: 1, 2: 2, 3: 5}, creature=5)
    base = reach(base, 1, "window", phase=4)
    other = base.clone()
    for state, top in ((base, ("dodge", "vortex")), (other, ("gate", "drone"))):
        for card in top:
            state.survival_deck.remove(card)
        state.survival_deck += list(top)
    a, b = base, other
    knowers_steps = [({1}, PlaySurvivalCard("supply-drop"), PlaySurvivalCard("supply-drop")),
                     ({1}, KeepSurvivalCard("vortex"), KeepSurvivalCard("drone")),
                     ({1, 2}, Choose("2"), Choose("2"))]
    for knowers, action_a, action_b in knowers_steps:
        a, events_a = apply_action(a, 1, action_a)
        b, events_b = apply_action(b, 1, action_b)
        for seat in {None, CREATURE, 2, 3} - knowers:
            assert seen_by(events_a, seat) == seen_by(events_b, seat)
            assert view_for(a, seat) == view_for(b, seat)
    assert view_for(a, 2)["you"]["survival_cards"] == ["dodge"]
    assert view_for(b, 2)["you"]["survival_cards"] == ["gate"]


# --- Phase 4: Relay Runner ------------------------------------------------------------------

def test_relay_runner_returns_another_hunteds_played_card_to_their_hand() -> None:
    state = ftable()
    give_survival_card(state, 1, "relay-runner")
    state = to_reckoning(state, {1: 1, 2: 4, 3: 5}, creature=5)
    state = reach(state, 1, "window", phase=4)
    assert plays(state, 1, "relay-runner") == {(2,), (3,)}  # another Hunted
    state = play(state, 1, "relay-runner", 2)
    assert 4 in state.hunted_at(2).hand
    state = reach(state, 2, "explore")
    assert state.hunted_at(2).discard == [] and state.hunted_at(2).hand == [1, 2, 3, 4, 5]


def test_relay_runner_lets_a_hunted_with_two_played_cards_choose_and_not_under_isolation(
) -> None:
    state = ftable(hunt_cards=("isolation",))
    give_survival_card(state, 1, "relay-runner")
    state.hunted_at(2).double = "aurora"  # staged: seat 2 plays 2 cards this turn
    isolated = explore(state, {1: 1, 2: (3, 4), 3: 5})
    isolated = hunt(isolated, 5, cards=(PlayHuntCard("isolation"),))
    isolated = reach(isolated, 1, "window", phase=4)
    assert "relay-runner" not in cards_offered(isolated, 1)
    state = explore(state, {1: 1, 2: (3, 4), 3: 5})
    state = hunt(state, 5)
    state = reach(state, 1, "window", phase=4)
    state = play(state, 1, "relay-runner", 2)
    assert set(legal_actions(state, 2)) == {TakeBackPlaceCard(3), TakeBackPlaceCard(4)}
    state = act(state, 2, TakeBackPlaceCard(4))
    assert state.hunted_at(2).played == [3] and 4 in state.hunted_at(2).hand


@pytest.mark.parametrize("card", ["antidote", "field-lab", "supply-drop", "relay-runner"])
def test_phase_4_cards_are_offered_only_in_the_phase_4_window(card: str) -> None:
    state = ftable()
    give_survival_card(state, 1, card)
    tokens(state, 2, True)
    assert card not in cards_offered(state, 1)
    state = to_reckoning(state, {1: 1, 2: 2, 3: 5}, creature=5)
    state = reach(state, 1, "window", phase=3, moment=None)
    assert card not in cards_offered(state, 1)
    state = reach(state, 1, "window", phase=4)
    assert card in cards_offered(state, 1)
