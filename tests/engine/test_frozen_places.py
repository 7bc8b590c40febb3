"""The 10 Frozen Lands Places: each power and its limits.

Sources: frozen_lands.md §3 (the Places table and the YAML notes), its conventions C2 (the place
action), C3 (blocked powers; max 1x/turn keeps the take-back), C4 (max 1x/turn is table-wide, a
copy counts), C5 (copying: "your place" is the user's own place, The Aurora is never copied),
C6 (choosing a Hunted), C7 (impossible effects are not offered), C8 (presence), C14 (one pending
double play), §2 E3-E4 (The Hummocks and The Capsule onto Victory) and §8 (base cards read by
place number: Interference, Persecution, Despair, Drone); rulebook.md, "Frozen Lands — Special
Cases"; docs/rules-notes.md (forced choices resolve themselves).

With 3 Hunted (4 players) the Rescue counter starts 15 spaces from Victory.
"""

from __future__ import annotations

import pytest

from app.engine import CREATURE, GameState, legal_actions
from app.engine.actions import (
    Choose,
    DiscardContamination,
    KeepPlaceCard,
    KeepSurvivalCard,
    LookAtToken,
    Pass,
    PlayHuntCard,
    PlayPlaceCards,
    PlaySurvivalCard,
    TakeBackPlaceCard,
    UsePlacePower,
)
from app.engine.state import Token

from .frozen_helpers import (
    frozen_table,
    give_tokens,
    kind_of,
    pass_until,
    powers,
    stage,
    to_place_action,
    token_ids,
    token_totals,
)
from .helpers import act, act_events, explore, give_survival_card, hunt, pass_windows, play_turn

START = 15  # Rescue spaces to Victory with 3 Hunted


def isolation(on: bool) -> list[PlayHuntCard]:
    """The Creature's phase-2 play: Isolation, or nothing."""
    return [PlayHuntCard("isolation")] if on else []


def reckon(state: GameState, choices: dict[int, int | tuple[int, ...]], creature: int,
           cards: list[PlayHuntCard] | None = None, seat: int = 1) -> GameState:
    """Play Exploration and Hunting, then pass up to `seat`'s first place action."""
    return to_place_action(play_turn(state, choices, creature, cards=cards or []), seat)


# --- 1 The Ice Cave ------------------------------------------------------------------------

def test_ice_cave_recovers_the_whole_discard_pile() -> None:
    state = frozen_table()
    stage(state, 1, [1, 5], [2, 3, 4])
    state = reckon(state, {1: 1, 2: 5, 3: 5}, creature=10)
    state = act(state, 1, UsePlacePower(1, "recover"))
    assert state.hunted_at(1).hand == [2, 3, 4, 5]
    assert state.hunted_at(1).discard == []


def test_ice_cave_recovers_only_one_card_under_persecution() -> None:
    state = frozen_table(hunt_cards=["persecution"])
    stage(state, 1, [1, 5], [2, 3, 4])
    state = reckon(state, {1: 1, 2: 5, 3: 5}, creature=10,
                      cards=[PlayHuntCard("persecution")])
    state = act(state, 1, UsePlacePower(1, "recover"))
    assert kind_of(state, 1) == "take_back"
    state = act(state, 1, TakeBackPlaceCard(3))
    assert state.hunted_at(1).hand == [3, 5]
    assert state.hunted_at(1).discard == [2, 4]


def test_ice_cave_copy_of_the_hummocks_checks_for_a_partner_at_the_ice_cave() -> None:
    state = frozen_table()
    stage(state, 2, [1, 2, 3, 4], [5])  # so that the turn stops at Hunted 2's place action
    state = reckon(state, {1: 1, 2: 1, 3: 4}, creature=4)
    assert UsePlacePower(1, "copy", copy=4) in powers(state, 1)
    state = act(state, 1, UsePlacePower(1, "copy", copy=4))
    assert state.rescue == START - 1
    assert 4 in state.used_once  # a copied max-1x power spends the table-wide limit (C4)


def test_ice_cave_alone_cannot_copy_the_hummocks_even_with_hunted_at_the_hummocks() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 4], [5])
    state = reckon(state, {1: 1, 2: 4, 3: 4}, creature=4)
    assert powers(state, 1) == [UsePlacePower(1, "recover")]  # no copy of The Hummocks
    assert TakeBackPlaceCard(5) in legal_actions(state, 1)


def test_a_copied_hummocks_uses_its_limit_for_a_second_hunted_at_the_ice_cave() -> None:
    state = frozen_table()
    stage(state, 2, [1, 2, 3, 4], [5])
    state = reckon(state, {1: 1, 2: 1, 3: 4}, creature=4)
    state = act(state, 1, UsePlacePower(1, "copy", copy=4))
    state = to_place_action(state, 2)
    assert powers(state, 2) == [UsePlacePower(1, "recover")]
    state = pass_windows(act(state, 2, Pass()))
    assert state.rescue == START - 2  # the copy and the End-of-turn step: no second copy


def test_a_copied_capsule_asks_before_its_advance_and_warns_at_the_last_space() -> None:
    """Rulebook, The Capsule: "advancing the Rescue counter is not mandatory — do not advance
    it if doing so would make it reach the Victory space, otherwise you lose the game";
    frozen_lands.md E4: "if it is (directly or through a copy), the Hunted lose", and The
    Capsule's notes: "The engine must ask explicitly and warn". A copy whose only way is the
    advance still asks, and may decline it."""
    state = frozen_table()
    state.rescue = 1
    stage(state, 1, [1, 2, 3, 4], [5])
    state = reckon(state, {1: 1, 2: 2, 3: 2}, creature=8)
    state = act(state, 1, UsePlacePower(1, "copy", copy=8))
    prompt = state.layers[-1][0]
    assert (prompt.seat, prompt.kind) == (1, "power") and not state.winner
    assert prompt.data["warning"] == "capsule"
    assert legal_actions(state, 1) == [UsePlacePower(8, "advance"), Pass()]
    declined = act(state, 1, Pass())
    assert declined.rescue == 1 and not declined.winner
    lost = act(state, 1, UsePlacePower(8, "advance"))
    assert (lost.winner, lost.reason) == ("creature", "capsule")


def test_a_copied_capsule_asks_even_far_from_victory_without_a_warning() -> None:
    """The advance is optional wherever the counter stands ("You may advance", §3 #8)."""
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 4], [5])
    state = reckon(state, {1: 1, 2: 2, 3: 2}, creature=8)
    state = act(state, 1, UsePlacePower(1, "copy", copy=8))
    assert kind_of(state, 1) == "power" and "warning" not in state.layers[-1][0].data
    state = act(state, 1, UsePlacePower(8, "advance"))
    assert state.rescue == START - 1


def test_gate_copying_the_capsule_asks_the_same_question_and_is_discarded_after() -> None:
    """E4 holds "directly or through a copy": Gate (base_game.md V11, an adjacent place's
    power) copying The Capsule asks too; the card goes to the discard pile once resolved."""
    state = frozen_table()
    state.rescue = 1
    give_survival_card(state, 1, "gate")
    stage(state, 1, [1, 2, 3, 4, 9])
    give_tokens(state, 2, False)  # so that Phase 4 stops at the board-or-wait vote
    state.hunted_at(2).tokens[0] = Token(state.token_serial, False, (1,))  # seen: no look
    state = reckon(state, {1: 9, 2: 2, 3: 2}, creature=10)
    state = act(state, 1, PlaySurvivalCard("gate", (8,)))
    assert kind_of(state, 1) == "power" and state.layers[-1][0].data["warning"] == "capsule"
    assert legal_actions(state, 1) == [UsePlacePower(8, "advance"), Pass()]
    assert "gate" not in state.survival_discard
    state = act(state, 1, Pass())
    assert state.rescue == 1 and not state.winner and state.survival_discard[-1] == "gate"


def test_ice_cave_copy_reads_this_card_as_the_ice_cave() -> None:
    state = frozen_table()
    state = reckon(state, {1: 1, 2: 5, 3: 5}, creature=2)
    state = act(state, 1, UsePlacePower(1, "copy", copy=2))  # The Frost Forest's power
    assert state.hunted_at(1).played == []
    assert 1 in state.hunted_at(1).hand


def test_ice_cave_never_copies_the_aurora() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 4], [5])
    state = reckon(state, {1: 1, 2: 2, 3: 2}, creature=10)
    assert powers(state, 1) == [UsePlacePower(1, "recover")]


def test_ice_cave_cannot_copy_a_power_made_unusable_by_an_effect() -> None:
    state = frozen_table(hunt_cards=["interference"])
    stage(state, 1, [1, 2, 3, 4], [5])
    state = reckon(state, {1: 1, 2: 1, 3: 4}, creature=4,
                      cards=[PlayHuntCard("interference")])
    assert UsePlacePower(1, "copy", copy=4) not in powers(state, 1)


def test_caught_at_the_ice_cave_costs_one_will_and_one_token() -> None:
    state = frozen_table()
    state = play_turn(state, {1: 1, 2: 5, 3: 5}, creature=1)
    state = pass_until(state)
    assert state.turn == 2
    h = state.hunted_at(1)
    assert h.will == 2  # the base Lair's extra Will does not exist in Frozen Lands
    assert len(h.tokens) == 1
    assert [len(state.hunted_at(s).tokens) for s in (2, 3)] == [0, 0]


def test_caught_at_the_ice_cave_by_both_creature_tokens_costs_two_will_and_one_token() -> None:
    """docs/rules-notes.md: the Will loss stacks per Creature token (Clone), the Ice Cave's token
    is one per Hunted caught there, as Contagion's ("even if caught by two Creature tokens")."""
    state = frozen_table(hunt_cards=["clone"])
    state = play_turn(state, {1: 1, 2: 5, 3: 5}, creature=1,
                      cards=[PlayHuntCard("clone", (1,))])
    state = pass_until(state)
    assert state.turn == 2
    assert state.hunted_at(1).will == 1  # caught by the Creature token and by Clone's Target
    assert len(state.hunted_at(1).tokens) == 1


def test_a_hunted_who_dodges_at_the_ice_cave_takes_no_token_and_acts_there() -> None:
    state = frozen_table()
    give_survival_card(state, 1, "dodge")
    stage(state, 1, [1, 2, 3, 4], [5])
    state = explore(state, {1: 1, 2: 5, 3: 5})
    state = hunt(state, creature=1)
    state = act(state, 1, Pass())  # the phase-2 window
    assert state.layers[-1][0].data == {"phase": 3}
    state = act(state, 1, PlaySurvivalCard("dodge"))
    state = to_place_action(state, 1)
    state = act(state, 1, TakeBackPlaceCard(5))
    state = pass_until(state)
    assert state.hunted_at(1).will == 3
    assert state.hunted_at(1).tokens == []


def test_a_dodger_acts_at_the_creature_tokens_step_after_every_token_free_place() -> None:
    """frozen_lands.md C2 (and Q17): a Hunted who ignores a token "takes their place action at
    that token's step"; rulebook, Phase 3: token-free places resolve first, "in ascending
    order", the Creature token's place last. So with the Rescue counter 2 spaces away, The
    Capsule (8, token-free) advances first, and the dodger's Hummocks (4, under the Creature
    token) then puts the counter on Victory in Phase 3: the tokens are revealed (E3)."""
    state = frozen_table()
    state.rescue = 2
    give_survival_card(state, 1, "dodge")
    stage(state, 3, [1, 2, 3, 8])
    give_tokens(state, 2, False)
    state = act(hunt(explore(state, {1: 4, 2: 4, 3: 8}), creature=4), 1, Pass())  # phase 2
    state = act(state, 1, PlaySurvivalCard("dodge"))
    state = pass_until(state, {"place_action"})
    assert [p.seat for p in state.layers[-1]] == [3]  # The Capsule first, not The Hummocks
    state = act(state, 3, UsePlacePower(8, "advance"))
    state = pass_until(act(state, 3, Pass()), {"place_action"}, 1)  # no look
    assert state.rescue == 1 and not state.winner
    state = act(state, 1, UsePlacePower(4))
    assert (state.phase, state.winner, state.reason) == (3, "hunted", "rescue")


# --- 2 The Frost Forest --------------------------------------------------------------------

def test_frost_forest_returns_this_card_and_helps_another_hunted() -> None:
    state = frozen_table()
    stage(state, 2, [1, 2, 3, 5], [4])
    state = reckon(state, {1: 2, 2: 5, 3: 5}, creature=10)
    assert powers(state, 1) == [UsePlacePower(2), UsePlacePower(2, hunted=2)]  # 3: no discard
    state = act(state, 1, UsePlacePower(2, hunted=2))  # one card to take back: no question
    assert state.hunted_at(1).hand == [1, 2, 3, 4, 5]
    assert 4 in state.hunted_at(2).hand and state.hunted_at(2).discard == []


def test_frost_forest_lets_the_other_hunted_choose_which_card_comes_back() -> None:
    state = frozen_table()
    stage(state, 2, [1, 2, 3], [4, 5])
    state = reckon(state, {1: 2, 2: 3, 3: 3}, creature=10)
    state = act(state, 1, UsePlacePower(2, hunted=2))
    assert kind_of(state, 2) == "take_back"
    assert legal_actions(state, 2) == [TakeBackPlaceCard(4), TakeBackPlaceCard(5)]
    state = act(state, 2, TakeBackPlaceCard(5))
    assert state.hunted_at(2).discard == [4] and 5 in state.hunted_at(2).hand


def test_frost_forest_never_lets_the_user_choose_themself_for_the_second_part() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 5], [4])
    state = reckon(state, {1: 2, 2: 5, 3: 5}, creature=10)
    assert powers(state, 1) == [UsePlacePower(2)]


def test_frost_forest_moves_only_one_card_under_persecution() -> None:
    state = frozen_table(hunt_cards=["persecution"])
    stage(state, 2, [1, 2, 3, 5], [4])
    state = reckon(state, {1: 2, 2: 5, 3: 5}, creature=10,
                      cards=[PlayHuntCard("persecution")])
    assert powers(state, 1) == [UsePlacePower(2, "this"), UsePlacePower(2, "other", hunted=2)]
    state = act(state, 1, UsePlacePower(2, "other", hunted=2))
    assert state.hunted_at(1).played == [2]  # the user's card stays in play
    assert 4 in state.hunted_at(2).hand


# --- 3 The Fjord ---------------------------------------------------------------------------

def test_fjord_chooses_any_hunted_without_a_pending_double_play() -> None:
    state = frozen_table()
    state = reckon(state, {1: 3, 2: 5, 3: 3}, creature=10)
    assert powers(state, 1) == [UsePlacePower(3, hunted=s) for s in (1, 2, 3)]
    state = act(state, 1, UsePlacePower(3, hunted=2))
    assert state.hunted_at(2).next_double == "fjord"
    state = to_place_action(state, 3)
    assert powers(state, 3) == [UsePlacePower(3, hunted=1), UsePlacePower(3, hunted=3)]


def fjord_next_turn() -> GameState:
    """Hunted 1 gives Hunted 2 a Fjord double play; turn 2's Exploration begins."""
    state = frozen_table()
    state = reckon(state, {1: 3, 2: 5, 3: 5}, creature=10)
    state = act(state, 1, UsePlacePower(3, hunted=2))
    state = pass_until(state)
    assert state.turn == 2 and kind_of(state, 2) == "explore"
    return state


def test_the_hunted_chosen_by_the_fjord_may_play_one_or_two_cards_next_turn() -> None:
    state = fjord_next_turn()
    plays = [a for a in legal_actions(state, 2) if isinstance(a, PlayPlaceCards)]
    assert {len(a.cards) for a in plays} == {1, 2}
    others = [a for a in legal_actions(state, 1) if isinstance(a, PlayPlaceCards)]
    assert {len(a.cards) for a in others} == {1}


def test_a_fjord_double_play_keeps_one_card_before_the_reveal_and_returns_the_other_unseen(
        ) -> None:
    state = fjord_next_turn()
    hand = list(state.hunted_at(2).hand)
    state = explore(state, {1: 1, 2: (2, 4), 3: 1})
    state = hunt(state, creature=10)
    state = pass_windows(state)
    assert kind_of(state, 2) == "keep_place"
    state, events = act_events(state, 2, KeepPlaceCard(4))
    assert state.hunted_at(2).positions == [(4, 4)]
    assert sorted(state.hunted_at(2).hand) == sorted(c for c in hand if c != 4)
    revealed = next(e for e in events if e.kind == "place_cards_revealed")
    assert revealed.data["places"]["2"] == [4]
    seen = [e for e in events if e.visible_to(CREATURE)]
    assert seen and all("card" not in e.data and "cards" not in e.data for e in seen)


def test_a_fjord_double_play_of_one_card_needs_no_keep_choice() -> None:
    state = fjord_next_turn()
    state = explore(state, {1: 1, 2: 4, 3: 1})
    state = hunt(state, creature=10)
    state = pass_windows(state)
    assert kind_of(state, 2) != "keep_place"
    assert state.hunted_at(2).positions == [(4, 4)]


# --- 4 The Hummocks ------------------------------------------------------------------------

def test_hummocks_needs_another_hunted_at_your_place() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 4], [5])
    state = reckon(state, {1: 4, 2: 3, 3: 5}, creature=10)
    assert kind_of(state, 1) == "place_action"
    assert powers(state, 1) == []


def test_hummocks_advances_once_per_turn_and_the_partner_keeps_take_back_and_token_discard(
        ) -> None:
    state = frozen_table()
    stage(state, 2, [1, 2, 3, 4], [5])
    [token] = give_tokens(state, 2, False)
    state = reckon(state, {1: 4, 2: 4, 3: 5}, creature=10)
    state = act(state, 1, UsePlacePower(4))
    assert state.rescue == START - 1
    state = to_place_action(state, 2)
    legal = legal_actions(state, 2)
    assert powers(state, 2) == []
    assert TakeBackPlaceCard(5) in legal and DiscardContamination(token) in legal


def test_hummocks_under_interference_keeps_take_back_and_token_discard() -> None:
    state = frozen_table(hunt_cards=["interference"])
    stage(state, 1, [1, 2, 3, 4], [5])
    [token] = give_tokens(state, 1, True)
    state = reckon(state, {1: 4, 2: 4, 3: 5}, creature=10,
                      cards=[PlayHuntCard("interference")])
    assert powers(state, 1) == []
    assert {TakeBackPlaceCard(5), DiscardContamination(token)} <= set(legal_actions(state, 1))


@pytest.mark.parametrize(("faces", "winner", "reason"), [
    ((False, False), "hunted", "rescue"),
    ((False, True), "creature", "contamination"),
    ((), "hunted", "rescue"),
])
def test_hummocks_onto_victory_reveals_the_tokens_and_ends_the_game_at_once(
        faces: tuple[bool, ...], winner: str, reason: str) -> None:
    state = frozen_table()
    state.rescue = 1
    ids = give_tokens(state, 3, *faces)
    state = reckon(state, {1: 4, 2: 4, 3: 5}, creature=10)
    state, events = act_events(state, 1, UsePlacePower(4))
    assert (state.winner, state.reason) == (winner, reason)
    assert state.rescue == 0 and state.phase == 3  # no further step of the turn is played
    assert all(t.face_up for t in state.hunted_at(3).tokens)
    revealed = [e.data["token"] for e in events if e.kind == "contamination_revealed"]
    assert revealed == ids


def test_hummocks_onto_victory_gives_no_last_will_token_to_a_hunted_marked_this_phase(
        ) -> None:
    state = frozen_table(hunt_cards=["thin-ice"])
    state.rescue = 1
    stage(state, 1, [1, 2, 3, 4, 5], will=1)
    state = explore(state, {1: 4, 2: 4, 3: 5})
    state = hunt(state, creature=10)
    state = pass_until(state, {"window"}, CREATURE)
    state = act(state, CREATURE, PlayHuntCard("thin-ice", (4,)))
    state = act(state, 1, Choose("will"))
    state = act(state, 2, Choose("will"))
    assert state.hunted_at(1).lost_last_will
    state = to_place_action(state, 1)
    state = act(state, 1, UsePlacePower(4))
    assert (state.winner, state.reason) == ("hunted", "rescue")
    assert state.hunted_at(1).tokens == [] and token_totals(state) == (14, 3)
    assert len(state.contamination) == 14


def test_hummocks_condition_is_never_met_under_isolation() -> None:
    state = frozen_table(hunt_cards=["isolation"])
    stage(state, 1, [1, 2, 3, 4], [5])
    state = reckon(state, {1: 4, 2: 4, 3: 5}, creature=10, cards=isolation(True))
    assert powers(state, 1) == []


# --- 5 The Sled ----------------------------------------------------------------------------

def test_sled_lets_the_receiver_pick_the_card() -> None:
    state = frozen_table()
    state = reckon(state, {1: 5, 2: 1, 3: 1}, creature=10)
    options = powers(state, 1)
    assert UsePlacePower(5, hunted=2) in options and UsePlacePower(5, hunted=3) in options
    assert {a.card for a in options if a.hunted == 1} == {6, 7, 8, 9, 10}
    assert all(a.card is None for a in options if a.hunted != 1)
    state = act(state, 1, UsePlacePower(5, hunted=2))
    assert kind_of(state, 2) == "gain"
    assert legal_actions(state, 2) == [Choose(str(n)) for n in (6, 7, 8, 9, 10)]
    reserve = state.reserve[8]
    state = act(state, 2, Choose("8"))
    assert 8 in state.hunted_at(2).hand and state.reserve[8] == reserve - 1
    assert 8 not in state.hunted_at(1).hand


def test_sled_cannot_choose_a_hunted_who_owns_every_reserve_number() -> None:
    state = frozen_table()
    stage(state, 3, [1, 2, 3, 4, 5, 6, 7], [8, 9, 10])
    state = reckon(state, {1: 5, 2: 1, 3: 1}, creature=10)
    assert all(a.hunted != 3 for a in powers(state, 1))


def test_drone_uses_the_sled() -> None:
    state = frozen_table()
    give_survival_card(state, 1, "drone")
    state = reckon(state, {1: 2, 2: 1, 3: 1}, creature=10)
    state = pass_until(state, {"place_action"}, 1)
    assert PlaySurvivalCard("drone") in legal_actions(state, 1)
    state = act(state, 1, PlaySurvivalCard("drone"))
    assert kind_of(state, 1) == "power"
    assert UsePlacePower(5, hunted=3) in legal_actions(state, 1)
    state = act(state, 1, UsePlacePower(5, hunted=3))
    state = act(state, 3, Choose("9"))
    assert 9 in state.hunted_at(3).hand


# --- 6 The Hot Springs ---------------------------------------------------------------------

def test_hot_springs_a_returns_this_card_and_up_to_two_discarded_cards() -> None:
    state = frozen_table()
    stage(state, 1, [1, 5, 6], [2, 3, 4])
    state = reckon(state, {1: 6, 2: 1, 3: 1}, creature=10)
    assert powers(state, 1) == [UsePlacePower(6, "this")]
    state = act(state, 1, UsePlacePower(6, "this"))
    state = act(state, 1, TakeBackPlaceCard(2))
    state = act(state, 1, TakeBackPlaceCard(4))
    assert state.hunted_at(1).hand == [1, 2, 4, 5, 6]
    assert state.hunted_at(1).discard == [3]


def test_hot_springs_b_makes_the_chosen_hunted_discard_a_token_of_their_choice() -> None:
    state = frozen_table()
    stage(state, 1, [1, 5, 6])
    first, second = give_tokens(state, 2, True, False)
    state = reckon(state, {1: 6, 2: 1, 3: 1}, creature=10)
    assert UsePlacePower(6, "cleanse", hunted=2) in powers(state, 1)
    assert UsePlacePower(6, "cleanse", hunted=3) not in powers(state, 1)  # holds no token
    state = act(state, 1, UsePlacePower(6, "cleanse", hunted=2))
    assert kind_of(state, 2) == "discard_token"
    assert legal_actions(state, 2) == [DiscardContamination(first), DiscardContamination(second)]
    state = act(state, 2, DiscardContamination(first))
    assert token_ids(state, 2) == [second]
    assert token_totals(state) == (14, 3) and len(state.contamination) == 13


def test_hot_springs_b_cannot_be_chosen_under_quarantine() -> None:
    state = frozen_table(hunt_cards=["quarantine"])
    stage(state, 1, [1, 5, 6])
    give_tokens(state, 1, True)
    give_tokens(state, 2, True)
    state = reckon(state, {1: 6, 2: 1, 3: 1}, creature=10,
                      cards=[PlayHuntCard("quarantine")])
    assert powers(state, 1) == [UsePlacePower(6, "this")]


def test_hot_springs_returns_one_card_in_all_under_persecution() -> None:
    state = frozen_table(hunt_cards=["persecution"])
    stage(state, 1, [1, 5, 6], [2, 3])
    state = reckon(state, {1: 6, 2: 1, 3: 1}, creature=10,
                      cards=[PlayHuntCard("persecution")])
    assert powers(state, 1) == [UsePlacePower(6, "this"), UsePlacePower(6, "discard")]
    state = act(state, 1, UsePlacePower(6, "this"))
    assert state.hunted_at(1).discard == [2, 3] and 6 in state.hunted_at(1).hand


# --- 7 The Igloo ---------------------------------------------------------------------------

def igloo_turn(cards: list[PlayHuntCard]) -> GameState:
    """Hunted 1 at The Igloo with a discard pile; the Creature plays `cards`."""
    hunt_cards = [c.card for c in cards]
    state = frozen_table(hunt_cards=hunt_cards)
    stage(state, 1, [1, 2, 3, 7], [5])
    phase1 = [c for c in cards if c.card == "despair"]
    for card in phase1:
        state = act(state, CREATURE, card)
    state = explore(state, {1: 7, 2: 1, 3: 1})
    state = hunt(state, creature=10, cards=[c for c in cards if c not in phase1])
    return pass_windows(state)


def test_igloo_keeps_one_card_and_gives_the_other_to_another_hunted() -> None:
    state = igloo_turn([])
    state = act(state, 1, UsePlacePower(7))
    prompt = state.layers[-1][0]
    assert prompt.kind == "keep_survival"
    kept, other = prompt.data["cards"]
    state = act(state, 1, KeepSurvivalCard(kept))
    assert kind_of(state, 1) == "give_survival"
    assert legal_actions(state, 1) == [Choose("2"), Choose("3"), Choose("discard")]
    state, events = act_events(state, 1, Choose("3"))
    assert state.hunted_at(1).survival == [kept]
    assert state.hunted_at(3).survival == [other]
    private = [e for e in events if other in e.data.values()]
    assert private and all(not e.visible_to(CREATURE) and not e.visible_to(2) for e in private)


def test_igloo_may_discard_the_other_card() -> None:
    state = igloo_turn([])
    state = act(state, 1, UsePlacePower(7))
    kept, other = state.layers[-1][0].data["cards"]
    state = act(state, 1, KeepSurvivalCard(kept))
    state = act(state, 1, Choose("discard"))
    assert other in state.survival_discard
    assert all(other not in state.hunted_at(s).survival for s in (2, 3))


def test_igloo_under_despair_has_nothing_to_do_but_take_back_stays() -> None:
    state = igloo_turn([PlayHuntCard("despair")])
    assert kind_of(state, 1) == "place_action"
    assert powers(state, 1) == []
    assert TakeBackPlaceCard(5) in legal_actions(state, 1)


def test_igloo_under_isolation_discards_the_second_card() -> None:
    state = igloo_turn([PlayHuntCard("isolation")])
    state = act(state, 1, UsePlacePower(7))
    kept, other = state.layers[-1][0].data["cards"]
    state = act(state, 1, KeepSurvivalCard(kept))
    assert kind_of(state, 1) != "give_survival"
    assert other in state.survival_discard


def igloo_gift(to: int) -> GameState:
    """Hunted 1 at The Igloo draws Adrenaline and Dodge, keeps Adrenaline and gives Dodge to
    Hunted `to`: Hunted 2 stands on the Creature token (The Fjord), Hunted 3 on a free place."""
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 4, 5, 7])
    state.survival_deck = [c for c in state.survival_deck if c not in ("dodge", "adrenaline")]
    state.survival_deck = [*state.survival_deck, "dodge", "adrenaline"]  # drawn from the end
    state = pass_windows(hunt(explore(state, {1: 7, 2: 3, 3: 2}), creature=3))
    state = pass_until(state, ["place_action"], seat=1)
    state = act(state, 1, UsePlacePower(7))
    state = act(state, 1, KeepSurvivalCard("adrenaline"))
    return act(state, 1, Choose(str(to)))


def test_a_dodge_given_at_the_igloo_may_be_played_before_the_creature_token() -> None:
    # The receiver "may play it this turn if its phase allows" (§3 #7), and Dodge is played
    # before the Creature token's effects (§2, step 7): a late window, for the receiver only.
    state = igloo_gift(2)
    assert kind_of(state, 2) == "window" and state.layers[-1][-1].data["moment"] == "late"
    assert legal_actions(state, 2) == [PlaySurvivalCard("dodge"), Pass()]
    assert kind_of(state, 3) is None
    state = act(state, 2, PlaySurvivalCard("dodge"))
    # Not caught: Hunted 2 takes their place action at the Creature token's step instead.
    assert kind_of(state, 2) == "place_action" and state.caught == ()
    state = pass_until(state)
    assert state.turn == 2 and state.hunted_at(2).will == 3


def test_a_dodge_given_at_the_igloo_and_kept_leaves_its_receiver_caught() -> None:
    state = act(igloo_gift(2), 2, Pass())
    assert state.caught == (2,)
    state = pass_until(state)
    assert state.turn == 2 and state.hunted_at(2).will == 2
    assert "dodge" in state.hunted_at(2).survival


def test_a_card_given_to_a_hunted_with_no_token_to_come_opens_no_window() -> None:
    state = igloo_gift(3)  # at The Frost Forest, already resolved, no token on it
    # The Reckoning went on to the Creature token at once; the closing window follows.
    assert state.caught == (2,)
    assert [p.data for p in state.layers[-1]] == [{"phase": 3, "moment": "closing"}] * 2
    assert "dodge" in state.hunted_at(3).survival


# --- 8 The Capsule -------------------------------------------------------------------------

def test_capsule_advance_is_optional_and_a_look_follows() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 8])
    [token] = give_tokens(state, 2, True)
    state = reckon(state, {1: 8, 2: 1, 3: 1}, creature=10)
    assert powers(state, 1) == [UsePlacePower(8, "advance"), UsePlacePower(8, "look")]
    state = act(state, 1, UsePlacePower(8, "advance"))
    assert state.rescue == START - 1
    assert kind_of(state, 1) == "look"
    assert legal_actions(state, 1) == [LookAtToken(token), Pass()]
    state, events = act_events(state, 1, LookAtToken(token))
    assert state.hunted_at(2).tokens[0].known == (1,)
    seen = [e for e in events if e.kind == "contamination_seen"]
    assert seen and all(e.to == (1,) for e in seen)


def test_capsule_look_without_advancing() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 8])
    [token] = give_tokens(state, 3, False)
    state = reckon(state, {1: 8, 2: 1, 3: 1}, creature=10)
    state = act(state, 1, UsePlacePower(8, "look"))
    state = act(state, 1, LookAtToken(token))
    assert state.hunted_at(3).tokens[0].known == (1,)
    assert state.turn == 2 and state.rescue == START - 1  # only the End-of-turn step


def test_capsule_advance_is_max_once_per_turn_but_a_later_hunted_may_still_look() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 8])
    stage(state, 2, [1, 2, 3, 8])
    [token] = give_tokens(state, 3, False)
    state = reckon(state, {1: 8, 2: 8, 3: 1}, creature=10)
    state = act(state, 1, UsePlacePower(8, "advance"))
    state = act(state, 1, Pass())  # no look
    state = to_place_action(state, 2)
    assert powers(state, 2) == [UsePlacePower(8, "look")]
    assert DiscardContamination(token) not in legal_actions(state, 2)  # not Hunted 2's token
    state = act(state, 2, UsePlacePower(8, "look"))
    state = act(state, 2, LookAtToken(token))
    assert state.hunted_at(3).tokens[0].known == (2,)
    assert state.turn == 2 and state.rescue == START - 2  # The Capsule once, then Phase 4


def test_capsule_advance_onto_victory_loses_the_game() -> None:
    state = frozen_table()
    state.rescue = 1
    stage(state, 1, [1, 2, 3, 8])
    state = reckon(state, {1: 8, 2: 1, 3: 1}, creature=10)
    assert UsePlacePower(8, "advance") in powers(state, 1)  # offered, so it can be refused
    state = act(state, 1, UsePlacePower(8, "advance"))
    assert (state.winner, state.reason) == ("creature", "capsule")


def test_capsule_under_interference_keeps_only_take_back_and_token_discard() -> None:
    state = frozen_table(hunt_cards=["interference"])
    stage(state, 1, [1, 2, 3, 8], [5])
    [token] = give_tokens(state, 1, False)
    give_tokens(state, 2, False)
    state = reckon(state, {1: 8, 2: 1, 3: 1}, creature=10,
                      cards=[PlayHuntCard("interference")])
    assert powers(state, 1) == []
    assert {TakeBackPlaceCard(5), DiscardContamination(token)} <= set(legal_actions(state, 1))


def test_capsule_under_isolation_looks_only_at_your_own_tokens() -> None:
    state = frozen_table(hunt_cards=["isolation"])
    stage(state, 1, [1, 2, 3, 8])
    [own] = give_tokens(state, 1, False)
    give_tokens(state, 2, True)
    state = reckon(state, {1: 8, 2: 1, 3: 1}, creature=10, cards=isolation(True))
    state = act(state, 1, UsePlacePower(8, "look"))
    assert legal_actions(state, 1) == [LookAtToken(own)]


# --- 9 The Geyser --------------------------------------------------------------------------

def test_geyser_alone_chooses_will_or_a_draw() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 9])
    stage(state, 2, [1, 2, 3, 4, 5], will=2)
    state = reckon(state, {1: 9, 2: 1, 3: 1}, creature=10)
    assert powers(state, 1) == [UsePlacePower(9, "will", hunted=2), UsePlacePower(9, "draw")]
    state = act(state, 1, UsePlacePower(9, "will", hunted=2))
    assert state.hunted_at(2).will == 3
    assert state.hunted_at(1).survival == []


def test_geyser_with_another_hunted_there_does_both() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 9])
    stage(state, 2, [1, 2, 3, 9], will=1)
    state = reckon(state, {1: 9, 2: 9, 3: 1}, creature=10)
    assert powers(state, 1) == [UsePlacePower(9, "both", hunted=2)]
    state = act(state, 1, UsePlacePower(9, "both", hunted=2))
    assert state.hunted_at(2).will == 2
    assert len(state.hunted_at(1).survival) == 1


def test_geyser_under_isolation_warms_only_the_user_and_never_does_both() -> None:
    state = frozen_table(hunt_cards=["isolation"])
    stage(state, 1, [1, 2, 3, 9], will=2)
    stage(state, 2, [1, 2, 3, 9], will=1)
    state = reckon(state, {1: 9, 2: 9, 3: 1}, creature=10, cards=isolation(True))
    assert powers(state, 1) == [UsePlacePower(9, "will", hunted=1), UsePlacePower(9, "draw")]


def test_geyser_under_despair_cannot_draw_even_with_company() -> None:
    state = frozen_table(hunt_cards=["despair"])
    stage(state, 1, [1, 2, 3, 9])
    stage(state, 2, [1, 2, 3, 9], will=1)
    state = act(state, CREATURE, PlayHuntCard("despair"))
    state = reckon(state, {1: 9, 2: 9, 3: 1}, creature=10)
    assert powers(state, 1) == [UsePlacePower(9, "will", hunted=2)]


# --- 10 The Aurora -------------------------------------------------------------------------

def test_aurora_makes_the_user_play_two_cards_and_resolve_both_places() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 10])
    state = reckon(state, {1: 10, 2: 1, 3: 1}, creature=5)
    state = act(state, 1, UsePlacePower(10))
    state = pass_until(state)
    assert state.turn == 2
    plays = [a for a in legal_actions(state, 1) if isinstance(a, PlayPlaceCards)]
    assert plays and all(len(a.cards) == 2 for a in plays)
    state = reckon(state, {1: (2, 3), 2: 2, 3: 2}, creature=5)
    assert state.hunted_at(1).positions == [(2, 2), (3, 3)]
    assert kind_of(state, 1) == "place_action"
    assert state.layers[-1][0].data["place"] == 2
    state = act(state, 1, Pass())
    state = to_place_action(state, 1)
    assert state.layers[-1][0].data["place"] == 3


@pytest.mark.parametrize("partner", [False, True])
def test_gate_never_reaches_the_aurora_and_reads_your_place_as_the_users(partner: bool) -> None:
    state = frozen_table()
    give_survival_card(state, 1, "gate")
    state = reckon(state, {1: 5, 2: 5 if partner else 1, 3: 1}, creature=10)
    gates = [a for a in legal_actions(state, 1)
             if isinstance(a, PlaySurvivalCard) and a.card == "gate"]
    assert (PlaySurvivalCard("gate", (4,)) in gates) is partner  # The Hummocks from The Sled
    assert PlaySurvivalCard("gate", (10,)) not in gates
    if partner:
        state = act(state, 1, PlaySurvivalCard("gate", (4,)))
        assert state.rescue == START - 1


def test_aurora_cannot_be_used_with_a_pending_fjord_double_play() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 10], [5])
    state = reckon(state, {1: 10, 2: 3, 3: 1}, creature=4, seat=2)
    state = act(state, 2, UsePlacePower(3, hunted=1))
    state = to_place_action(state, 1)
    assert powers(state, 1) == []
    assert TakeBackPlaceCard(5) in legal_actions(state, 1)


def test_a_hunted_at_two_places_is_not_their_own_partner() -> None:
    state = frozen_table()
    state.hunted_at(1).double = "aurora"  # as on the turn after using The Aurora
    stage(state, 1, [1, 2, 3, 4, 9], [5], will=2)
    state = reckon(state, {1: (4, 9), 2: 1, 3: 1}, creature=10)
    assert powers(state, 1) == []  # The Hummocks: alone there
    state = act(state, 1, Pass())
    state = to_place_action(state, 1)
    assert UsePlacePower(9, "both", hunted=1) not in powers(state, 1)
    assert UsePlacePower(9, "will", hunted=1) in powers(state, 1)
