"""The sheet abilities: 6 Hunted sheets and the Creature sheet.

Sources: frozen_lands.md §7 (the abilities, their frequency, timing, limits and engine notes),
§2 (where each is used in the turn), C6-C8 (choosing a Hunted, impossible effects, presence),
Isolation's notes (it blocks Triage, Share Supplies, Stand Together), Q12 (one table option,
in both modes; the Creature's second ability from 5 players); rulebook.md ("the second only
applies from 5 players onward").
"""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import CREATURE, Config, Event, GameState, PromptKind, legal_actions, view_for
from app.engine.actions import (
    Action,
    Choose,
    DiscardPlaceCard,
    Pass,
    PlaceHuntToken,
    PlayHuntCard,
    PlayPlaceCards,
    PlaySurvivalCard,
    Resist,
    TakeBackPlaceCard,
    UseAbility,
)
from app.engine.cards import FROZEN, HUNTED_SHEETS
from app.engine.game import new_game
from app.engine.state import Prompt

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

Seat = int | None


# --- helpers of this file ----------------------------------------------------------------

def sheet_table(hunted: int = 3, *, sheets: dict[int, str], variant: str = "base",
                hunt_cards: tuple[str, ...] = (), abilities: bool = True,
                seed: int = 1) -> GameState:
    """Like helpers.table, with abilities on and the given sheets (others get none)."""
    state = table(hunted, seed, hunt_cards=hunt_cards, variant=variant, abilities=abilities)
    for h in state.hunted:
        h.sheet = sheets.get(h.seat, "")
    return state


def abilities_of(state: GameState, seat: int) -> list[Action]:
    """The UseAbility actions offered to `seat` now."""
    return [a for a in legal_actions(state, seat) if isinstance(a, UseAbility)]


def autopilot(state: GameState) -> tuple[GameState, list[Event]]:
    """Answer the first pending prompt: Pass when allowed, else the first non-ability action."""
    seat = state.layers[-1][0].seat
    legal = legal_actions(state, seat)
    action = Pass() if Pass() in legal else next(a for a in legal
                                                 if not isinstance(a, UseAbility))
    return act_events(state, seat, action)


def run_until(state: GameState, seat: int, kind: str, **data: Any) -> GameState:
    """Autopilot every other decision until `seat` owes a `kind` prompt matching `data`."""
    for _ in range(200):
        prompt = prompt_of(state, seat)
        if prompt is not None and prompt.kind == kind and all(
                prompt.data.get(k) == v for k, v in data.items()):
            return state
        assert state.layers and not state.winner, f"{kind} never came for seat {seat}"
        state, _ = autopilot(state)
    raise AssertionError(f"{kind} never came for seat {seat}")


def finish_turn(state: GameState, until: int = 2
                ) -> tuple[GameState, list[Event], list[tuple[int, str]]]:
    """Autopilot to the start of turn `until`; return the events and every (seat, kind) asked."""
    events: list[Event] = []
    asked: list[tuple[int, str]] = []
    while state.turn < until and not state.winner:
        asked += [(p.seat, p.kind) for p in state.layers[-1]]
        state, new = autopilot(state)
        events += new
    return state, events, asked


def kind_of(state: GameState, seat: int) -> str | None:
    """The kind of the prompt `seat` must answer now, if any."""
    prompt = prompt_of(state, seat)
    return None if prompt is None else prompt.kind


def kinds(events: list[Event], seat: Seat) -> list[str]:
    """The kinds of the events `seat` sees."""
    return [e.kind for e in events if e.visible_to(seat)]


def seen(events: list[Event], seat: Seat) -> list[tuple[str, dict[str, Any]]]:
    """What `seat` learns from these events."""
    return [(e.kind, e.data) for e in events if e.visible_to(seat)]


def same_for(a: GameState, b: GameState, seats: list[Seat]) -> None:
    """The seats get identical views of two states that differ only in a secret."""
    for seat in seats:
        assert view_for(a, seat) == view_for(b, seat), f"seat {seat} can tell them apart"


# --- setup and the table option -----------------------------------------------------------

def test_sheets_are_dealt_at_setup_one_each_and_every_sheet_is_public() -> None:
    state = new_game(Config(hunted=6, abilities=True), 7)
    sheets = [h.sheet for h in state.hunted]
    assert sorted(sheets) == sorted(HUNTED_SHEETS)
    for seat in (None, CREATURE, 1, 4):
        assert [h["sheet"] for h in view_for(state, seat)["hunted"]] == sheets


def test_with_abilities_off_no_ability_is_offered_even_with_a_sheet() -> None:
    state = sheet_table(sheets={1: "noor-haddad"}, hunt_cards=("clone",), abilities=False)
    assert abilities_of(state, 1) == []
    state = explore(state, {1: 2, 2: 3, 3: 4})
    assert abilities_of(state, CREATURE) == []  # no Keen Senses either


# --- Triage (Ines Marlow) -----------------------------------------------------------------

def test_triage_gives_1_will_to_another_hunted_at_your_place_in_the_closing_window() -> None:
    state = sheet_table(sheets={1: "ines-marlow"})
    state.hunted_at(2).will = 2
    state = explore(state, {1: 5, 2: 5, 3: 4})
    state = hunt(state, creature=1)
    state = run_until(state, 1, "window", phase=3, moment="closing")
    assert abilities_of(state, 1) == [UseAbility("triage", hunted=2)]
    state, events = act_events(state, 1, UseAbility("triage", hunted=2))
    assert state.hunted_at(2).will == 3
    assert ("ability_used", {"ability": "triage", "hunted": 1, "target": 2}) in seen(events, None)
    # Once per turn: the window stays open (a Survival card could still be played), no Triage.
    assert kind_of(state, 1) == "window"
    assert legal_actions(state, 1) == [Pass()]


@pytest.mark.parametrize(("will_before", "offered"), [(1, False), (2, True)])
def test_triage_cannot_choose_a_hunted_at_0_will(will_before: int, offered: bool) -> None:
    # Both caught together: the friend drops to will_before - 1, Ines to 2.
    state = sheet_table(sheets={1: "ines-marlow"})
    state.hunted_at(2).will = will_before
    state = explore(state, {1: 2, 2: 2, 3: 4})
    state = hunt(state, creature=2)
    state, _, asked = finish_turn(pass_windows(state))
    assert ((1, "window") in asked) is offered
    assert state.hunted_at(1).will == 2


def test_triage_needs_another_hunted_at_your_place() -> None:
    state = sheet_table(sheets={1: "ines-marlow"})
    state.hunted_at(2).will = 2
    state = explore(state, {1: 5, 2: 4, 3: 4})  # Hunted 2 is hurt, but elsewhere
    state = hunt(state, creature=1)
    state, _, asked = finish_turn(pass_windows(state))
    assert (1, "window") not in asked
    assert state.hunted_at(2).will == 2


def test_isolation_blocks_triage() -> None:
    state = sheet_table(sheets={1: "ines-marlow"}, variant=FROZEN, hunt_cards=("isolation",))
    state.hunted_at(2).will = 2
    state = explore(state, {1: 5, 2: 5, 3: 3})
    control = hunt(state, creature=1)
    state = hunt(state, creature=1, cards=[PlayHuntCard("isolation")])
    control = run_until(control, 1, "window", phase=3, moment="closing")
    assert abilities_of(control, 1) == [UseAbility("triage", hunted=2)]
    state, _, asked = finish_turn(state)
    assert (1, "window") not in asked


# --- Share Supplies (Tomas Brandt) -------------------------------------------------------

def share_table(*hunt_cards: str, variant: str = "base") -> GameState:
    """Tomas at seat 1 holding Double Back and Adrenaline; Hunted 2 and 3 hold nothing."""
    state = sheet_table(sheets={1: "tomas-brandt"}, variant=variant, hunt_cards=hunt_cards)
    give_survival_card(state, 1, "double-back")
    give_survival_card(state, 1, "adrenaline")
    return state


def test_share_supplies_gives_a_survival_card_face_down_in_phase_4() -> None:
    state = explore(share_table(), {1: 5, 2: 4, 3: 3})
    state = hunt(state, creature=1)
    state = run_until(state, 1, "window", phase=4)
    gift = UseAbility("share-supplies", hunted=2, card="double-back")
    assert gift in abilities_of(state, 1)
    state, events = act_events(state, 1, gift)
    assert state.hunted_at(1).survival == ["adrenaline"]
    assert state.hunted_at(2).survival == ["double-back"]
    assert not state.hunted_at(1).survival_played  # giving is not playing
    # The receiver gets the window and may play the card at once (Double Back is phase 4).
    assert PlaySurvivalCard("double-back", (4,)) in legal_actions(state, 2)
    # Face down: the Creature, Hunted 3 and spectators learn that a card was given, not which.
    for seat in (CREATURE, 3, None):
        assert "double-back" not in repr(seen(events, seat))
        assert ("survival_card_given", {"giver": 1, "receiver": 2}) in seen(events, seat)
    for seat in (1, 2):
        assert ("survival_card_given_privately", {"card": "double-back"}) in seen(events, seat)
    assert view_for(state, 2)["you"]["survival_cards"] == ["double-back"]
    assert [h["survival"] for h in view_for(state, CREATURE)["hunted"]] == [1, 1, 0]


def test_share_supplies_is_once_per_turn() -> None:
    state = explore(share_table(), {1: 5, 2: 4, 3: 3})
    state = run_until(hunt(state, creature=1), 1, "window", phase=4)
    state = act(state, 1, UseAbility("share-supplies", hunted=3, card="adrenaline"))
    assert abilities_of(state, 1) == []
    assert PlaySurvivalCard("double-back", (5,)) in legal_actions(state, 1)  # still may play


def test_share_supplies_is_allowed_under_despair_which_forbids_playing() -> None:
    state = share_table("despair")
    state = act(state, CREATURE, PlayHuntCard("despair"))
    state = explore(state, {1: 5, 2: 4, 3: 3})
    state = run_until(hunt(state, creature=1), 1, "window", phase=4)
    offered = legal_actions(state, 1)
    assert not any(isinstance(a, PlaySurvivalCard) for a in offered)
    state = act(state, 1, UseAbility("share-supplies", hunted=2, card="double-back"))
    assert state.hunted_at(2).survival == ["double-back"]
    assert prompt_of(state, 2) is None  # under Despair the receiver cannot play it


def test_isolation_blocks_share_supplies() -> None:
    state = explore(share_table("isolation", variant=FROZEN), {1: 5, 2: 4, 3: 3})
    state = hunt(state, creature=1, cards=[PlayHuntCard("isolation")])
    state = run_until(state, 1, "window", phase=4)
    assert abilities_of(state, 1) == []


# --- Long Stride (Ada Okafor) -------------------------------------------------------------

def stride_table(abilities: bool = True) -> GameState:
    state = sheet_table(sheets={1: "ada-okafor"}, abilities=abilities)
    for seat in (1, 2):
        state.hunted_at(seat).hand = [5]
        state.hunted_at(seat).discard = [1, 2, 3, 4]
    return state


@pytest.mark.parametrize(("seat", "abilities", "count"),
                         [(1, True, 3), (2, True, 2), (1, False, 2)])
def test_long_stride_takes_back_one_more_card_for_1_will(seat: int, abilities: bool,
                                                         count: int) -> None:
    state = act(stride_table(abilities), seat, Resist(1))
    assert prompt_of(state, seat) == Prompt(seat, PromptKind.TAKE_BACK, {"count": count})
    assert state.hunted_at(seat).will == 2


def test_long_stride_takes_all_when_the_discard_pile_holds_fewer_than_5() -> None:
    state, events = act_events(stride_table(), 1, Resist(2))
    assert state.hunted_at(1).hand == [1, 2, 3, 4, 5]
    assert ("ability_used", {"ability": "long-stride", "hunted": 1}) in seen(events, None)


def test_long_stride_is_once_per_turn_and_comes_back_next_turn() -> None:
    state = act(stride_table(), 1, Resist(1))
    assert state.hunted_at(1).used_this_turn == ["long-stride"]
    for card in (1, 2, 3):
        state = act(state, 1, TakeBackPlaceCard(card))
    state = explore(state, {1: 5, 2: 5, 3: 5})
    state, _, _ = finish_turn(hunt(state, creature=1))
    assert state.turn == 2 and state.hunted_at(1).used_this_turn == []
    state.hunted_at(1).hand, state.hunted_at(1).discard = [5], [1, 2, 3, 4]
    state = act(state, 1, Resist(1))
    assert prompt_of(state, 1) == Prompt(1, PromptKind.TAKE_BACK, {"count": 3})


def test_long_stride_does_not_spare_frostbites_token() -> None:
    state = sheet_table(sheets={1: "ada-okafor"}, variant=FROZEN, hunt_cards=("frostbite",))
    state = act(state, CREATURE, PlayHuntCard("frostbite"))
    state.hunted_at(1).hand, state.hunted_at(1).discard = [5], [1, 2, 3, 4]
    state = act(state, 1, Resist(1))
    assert len(state.hunted_at(1).tokens) == 1
    assert prompt_of(state, 1) == Prompt(1, PromptKind.TAKE_BACK, {"count": 3})


# --- Change of Plan (Lev Sandor) ----------------------------------------------------------

def plan_table(*hunt_cards: str) -> GameState:
    return sheet_table(sheets={1: "lev-sandor"}, hunt_cards=hunt_cards)


def change_plan(state: GameState, into: int) -> tuple[GameState, list[Event]]:
    """Lev takes back his card 2 in the phase-2 window and plays `into` instead."""
    state, first = act_events(state, 1, UseAbility("change-of-plan", place=2))
    state, second = act_events(state, 1, PlayPlaceCards((into,)))
    return state, first + second


def test_change_of_plan_swaps_the_played_card_after_the_tokens_are_placed() -> None:
    state = explore(plan_table(), {1: 2, 2: 4, 3: 4})
    state = hunt(state, creature=2)
    assert prompt_of(state, 1) == Prompt(1, PromptKind.WINDOW, {"phase": 2})
    assert abilities_of(state, 1) == [UseAbility("change-of-plan", place=2)]
    state = act(state, 1, UseAbility("change-of-plan", place=2))
    assert legal_actions(state, 1) == [PlayPlaceCards((c,)) for c in (1, 3, 4, 5)]
    state = act(state, 1, PlayPlaceCards((5,)))
    assert state.hunted_at(1).played == [5] and state.hunted_at(1).hand == [1, 2, 3, 4]
    state, events, _ = finish_turn(pass_windows(state))
    assert state.hunted_at(1).will == 3  # escaped the Creature token on 2
    assert "hunted_caught" not in kinds(events, None)


def test_change_of_plan_shows_only_its_owner_which_cards() -> None:
    state = explore(plan_table(), {1: 2, 2: 4, 3: 4})
    state = hunt(state, creature=2)
    to_3, events_3 = change_plan(state, 3)
    to_5, events_5 = change_plan(state, 5)
    others: list[Seat] = [None, CREATURE, 2, 3]
    same_for(to_3, to_5, others)
    for seat in others:
        assert seen(events_3, seat) == seen(events_5, seat)
    assert ("ability_used", {"ability": "change-of-plan", "hunted": 1}) in seen(events_3, None)
    assert ("place_card_changed_by_you", {"out": 2, "into": 5}) in seen(events_5, 1)
    assert view_for(to_5, 1)["you"]["played"] == [5]
    assert view_for(to_5, CREATURE)["hunted"][0]["played"] == 1


def test_change_of_plan_is_once_per_game() -> None:
    state = explore(plan_table(), {1: 2, 2: 4, 3: 4})
    state, _ = change_plan(hunt(state, creature=2), 3)
    state, _, _ = finish_turn(pass_windows(state))
    state = explore(state, {1: 4, 2: 5, 3: 5})
    state, events = act_events(hunt(state, creature=1, confirm=False), CREATURE, Pass())
    assert kind_of(state, 1) != "window"
    assert "ability_used" not in kinds(events, None)


def test_change_of_plan_needs_another_card_that_may_be_played() -> None:
    # Force Field forbids 3 and 4; Lev plays 2 and holds only 3: nothing to change to.
    state = plan_table("force-field")
    state = act(state, CREATURE, PlayHuntCard("force-field", (3, 4)))
    state.hunted_at(1).hand, state.hunted_at(1).discard = [2, 3], [1, 4, 5]
    state = explore(state, {1: 2, 2: 5, 3: 5})
    state = hunt(state, creature=5)
    # Asked on public facts (a card in hand), but only Pass is possible.
    assert prompt_of(state, 1) == Prompt(1, PromptKind.WINDOW, {"phase": 2})
    assert legal_actions(state, 1) == [Pass()]


# --- Intercept (Noor Haddad) --------------------------------------------------------------

def intercept_table() -> GameState:
    return sheet_table(sheets={1: "noor-haddad"}, hunt_cards=("clone", "scream", "despair"))


def test_intercept_shows_noor_the_hunt_hand_and_sends_a_pick_under_the_deck() -> None:
    state = intercept_table()
    assert abilities_of(state, 1) == [UseAbility("intercept")]
    state, events = act_events(state, 1, UseAbility("intercept"))
    # Noor's look blocks the table: nobody else acts until she has picked.
    assert [p.seat for p in state.layers[-1]] == [1]
    assert legal_actions(state, 1) == [Choose("clone"), Choose("despair"), Choose("scream"),
                                       Pass()]
    assert ("hunt_hand_seen", {"cards": ["clone", "despair", "scream"]}) in seen(events, 1)
    for seat in (CREATURE, 2, None):
        assert "hunt_hand_seen" not in kinds(events, seat)
    top = state.creature.deck[-1]
    state, events = act_events(state, 1, Choose("despair"))
    assert sorted(state.creature.hand) == sorted(["clone", "scream", top])
    assert state.creature.deck[0] == "despair"
    assert ("hunt_card_intercepted_card", {"card": "despair"}) in seen(events, CREATURE)
    assert ("hunt_card_intercepted_card", {"card": "despair"}) in seen(events, 1)
    # Noor does not see the replacement; the others see neither card.
    assert "hunt_card_drawn" in kinds(events, CREATURE)
    for seat in (1, 2, None):
        assert "hunt_card_drawn" not in kinds(events, seat)
    for seat in (2, None):
        assert "despair" not in repr(seen(events, seat))
    assert kind_of(state, 1) == "explore"  # then she plays her Place card
    assert abilities_of(state, 1) == []  # once per game


def test_intercepts_look_is_in_noors_view_only() -> None:
    state = act(intercept_table(), 1, UseAbility("intercept"))
    assert {"type": "Choose", "option": "scream"} in view_for(state, 1)["legal_actions"]
    for seat in (CREATURE, 2, 3, None):
        assert "scream" not in repr(view_for(state, seat)["legal_actions"])
        assert view_for(state, seat)["creature"]["hand"] == 3
    assert "hunt_cards" not in view_for(state, 2)["you"]


def test_intercept_may_end_without_a_pick() -> None:
    state = act(intercept_table(), 1, UseAbility("intercept"))
    state = act(state, 1, Pass())
    assert sorted(state.creature.hand) == ["clone", "despair", "scream"]
    assert state.hunted_at(1).used_this_game == ["intercept"]


def test_intercept_comes_before_the_place_card_and_not_on_an_empty_hunt_hand() -> None:
    state = act(intercept_table(), 1, PlayPlaceCards((3,)))
    assert abilities_of(state, 1) == []  # after choosing, only a change of card is offered
    empty = sheet_table(sheets={1: "noor-haddad"})
    assert abilities_of(empty, 1) == []


# --- Stand Together (Mara Lindqvist) -------------------------------------------------------

def guard_table(*hunt_cards: str, variant: str = "base", mara_will: int = 3,
                friend_will: int = 1) -> GameState:
    """Mara at seat 1; Hunted 2 will be caught alone on place 2."""
    state = sheet_table(sheets={1: "mara-lindqvist"}, variant=variant, hunt_cards=hunt_cards)
    state.hunted_at(1).will = mara_will
    state.hunted_at(2).will = friend_will
    return explore(state, {1: 5, 2: 2, 3: 4})


def test_stand_together_turns_a_last_will_loss_into_mara_losing_1() -> None:
    start = guard_table().assimilation
    state = run_until(hunt(guard_table(), creature=2), 1, "stand_together")
    assert legal_actions(state, 1) == [UseAbility("stand-together", hunted=2), Pass()]
    state, events = act_events(state, 1, UseAbility("stand-together", hunted=2))
    state, more, _ = finish_turn(state)
    events += more
    assert state.hunted_at(1).will == 2 and state.hunted_at(2).will == 1
    assert "last_will_lost" not in kinds(events, None)
    assert "hunted_caught" in kinds(events, None)  # still caught: Assimilation +1 only
    assert state.assimilation == start - 1


def test_declining_stand_together_lets_the_last_will_go() -> None:
    start = guard_table().assimilation
    state = run_until(hunt(guard_table(), creature=2), 1, "stand_together")
    state, events = act_events(state, 1, Pass())
    state, more, _ = finish_turn(state)
    assert "last_will_lost" in kinds(events + more, None)
    assert state.hunted_at(1).will == 3 and state.hunted_at(2).will == 3  # recovered
    assert state.assimilation == start - 2


def test_stand_together_with_fierceness_leaves_them_at_1() -> None:
    state = hunt(guard_table("fierceness", friend_will=2), creature=2,
                 cards=[PlayHuntCard("fierceness")])
    state = run_until(state, 1, "stand_together")
    state = act(state, 1, UseAbility("stand-together", hunted=2))
    state, _, _ = finish_turn(state)
    assert state.hunted_at(2).will == 1 and state.hunted_at(1).will == 2


@pytest.mark.parametrize(("mara_will", "friend_will", "cards"), [
    (1, 1, ()),  # Mara needs at least 2 Will
    (3, 2, ()),  # the loss would not leave them at 0
    (3, 1, ("fierceness",)),  # 2 from 1: shielding 1 would still leave them at 0 (C7)
])
def test_stand_together_is_not_offered(mara_will: int, friend_will: int,
                                       cards: tuple[str, ...]) -> None:
    state = guard_table(*cards, mara_will=mara_will, friend_will=friend_will)
    state = hunt(state, creature=2, cards=[PlayHuntCard(c) for c in cards])
    _, _, asked = finish_turn(state)
    assert (1, "stand_together") not in asked


def test_stand_together_does_not_shield_mara_herself() -> None:
    state = sheet_table(sheets={1: "mara-lindqvist"})
    state.hunted_at(1).will = 1
    state = hunt(explore(state, {1: 2, 2: 4, 3: 4}), creature=2)
    state, events, asked = finish_turn(state)
    assert (1, "stand_together") not in asked
    assert "last_will_lost" in kinds(events, None)


def test_stand_together_is_once_per_game() -> None:
    state = run_until(hunt(guard_table(), creature=2), 1, "stand_together")
    state, _, _ = finish_turn(act(state, 1, UseAbility("stand-together", hunted=2)))
    state = hunt(explore(state, {1: 4, 2: 3, 3: 5}), creature=3)  # Hunted 2 at 1 Will again
    state, events, asked = finish_turn(state, until=3)
    assert (1, "stand_together") not in asked
    assert "last_will_lost" in kinds(events, None)


def test_isolation_blocks_stand_together() -> None:
    state = guard_table("isolation", variant=FROZEN)
    state = hunt(state, creature=2, cards=[PlayHuntCard("isolation")])
    _, _, asked = finish_turn(state)
    assert (1, "stand_together") not in asked


# --- Keen Senses (the Creature) ----------------------------------------------------------

def test_keen_senses_counts_face_down_cards_of_a_number_for_the_creature_alone() -> None:
    state = sheet_table(sheets={})
    state.hunted_at(1).double = "river"  # a double play: both cards count
    state = explore(state, {1: (2, 4), 2: 2, 3: 3})
    assert UseAbility("keen-senses", place=2) in abilities_of(state, CREATURE)
    state, events = act_events(state, CREATURE, UseAbility("keen-senses", place=2))
    assert ("keen_senses_count", {"place": 2, "count": 2}) in seen(events, CREATURE)
    for seat in (1, 2, 3, None):
        assert "keen_senses_count" not in kinds(events, seat)
        assert ("ability_used", {"ability": "keen-senses", "hunted": None, "place": 2}) in (
            seen(events, seat))
    assert view_for(state, 2)["creature"]["abilities_used"] == ["keen-senses"]
    assert abilities_of(state, CREATURE) == []  # once per game


def test_keen_senses_count_differs_only_for_the_creature() -> None:
    base = explore(sheet_table(sheets={}), {1: 5, 2: 5, 3: 3})
    other = explore(sheet_table(sheets={}), {1: 5, 2: 4, 3: 3})
    _, ea = act_events(base, CREATURE, UseAbility("keen-senses", place=5))
    _, eb = act_events(other, CREATURE, UseAbility("keen-senses", place=5))
    assert seen(ea, CREATURE) != seen(eb, CREATURE)
    for seat in (1, 2, 3, None):
        assert seen(ea, seat) == seen(eb, seat)


def test_keen_senses_comes_before_any_hunt_token_of_phase_2() -> None:
    state = explore(sheet_table(sheets={}, hunt_cards=("clone",)), {1: 5, 2: 5, 3: 3})
    placed = act(state, CREATURE, PlaceHuntToken("creature", (2,)))
    assert abilities_of(placed, CREATURE) == []
    targeted = act(state, CREATURE, PlayHuntCard("clone", (4,)))
    assert abilities_of(targeted, CREATURE) == []


def test_keen_senses_after_force_fields_phase_1_target_token() -> None:
    state = sheet_table(sheets={}, hunt_cards=("force-field",))
    state = act(state, CREATURE, PlayHuntCard("force-field", (1, 2)))
    state = explore(state, {1: 5, 2: 5, 3: 3})
    assert len(abilities_of(state, CREATURE)) == 10


def test_keen_senses_is_once_per_game_across_turns() -> None:
    state = explore(sheet_table(sheets={}), {1: 5, 2: 5, 3: 3})
    state = act(state, CREATURE, UseAbility("keen-senses", place=5))
    state, _, _ = finish_turn(hunt(state, creature=1))
    state = explore(state, {1: 4, 2: 4, 3: 4})
    assert kind_of(state, CREATURE) == "hunt"
    assert abilities_of(state, CREATURE) == []


# --- Pack Instinct (the Creature, 5+ players) ---------------------------------------------

@pytest.mark.parametrize(("hunted", "discards"), [(3, 1), (4, 2)])
def test_pack_instinct_needs_5_players(hunted: int, discards: int) -> None:
    state = sheet_table(hunted, sheets={})
    state = explore(state, {1: 2, 2: 2, **{s: 4 for s in range(3, hunted + 1)}})
    state, events, _ = finish_turn(hunt(state, creature=2))
    # The played card 2, plus 1 discarded from hand by each caught Hunted with 5+ players.
    assert [len(state.hunted_at(s).discard) for s in (1, 2)] == [discards, discards]
    assert ("ability_used" in kinds(events, None)) is (hunted == 4)


def test_pack_instinct_makes_the_caught_discard_at_the_same_time() -> None:
    state = sheet_table(4, sheets={})
    state = run_until(hunt(explore(state, {1: 2, 2: 2, 3: 4, 4: 5}), creature=2), 1, "discard")
    discard = Prompt(1, PromptKind.DISCARD, {"count": 1, "why": "pack-instinct"})
    assert prompt_of(state, 1) == discard
    assert sorted(p.seat for p in state.layers[-1]) == [1, 2]
    state = act(state, 2, DiscardPlaceCard(1))
    state = act(state, 1, DiscardPlaceCard(5))
    assert state.hunted_at(1).discard == [5, 2] and state.hunted_at(2).discard == [1, 2]


def test_pack_instinct_needs_two_caught_and_dodge_is_not_caught() -> None:
    state = sheet_table(4, sheets={})
    give_survival_card(state, 1, "dodge")
    state = explore(state, {1: 2, 2: 2, 3: 4, 4: 4})
    state = run_until(hunt(state, creature=2), 1, "window", phase=3)
    state = act(state, 1, PlaySurvivalCard("dodge"))
    state, events, asked = finish_turn(state)
    assert (2, "discard") not in asked
    assert "ability_used" not in kinds(events, None)
