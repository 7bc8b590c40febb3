"""Contamination tokens: how many, when they are taken and discarded, and who knows their faces.

Sources: rulebook.md ("Frozen Lands — Setup", "— Playing a Turn": a Give Up and a lost last Will
each take a token at random, unseen; a token may be discarded instead of using the power or
taking back a card; "— Special Cases": no token in Phase 4 when the game ends in Phase 3);
frozen_lands.md §6 (14 tokens; here 3 icon and 11 blank, docs/rules-notes.md), C2 (the place
action; never under a Creature or Artemia token, Q6), C3 (blocked powers), C9 (hidden
information: faces known only by looking; a discarded token goes back into a reshuffled reserve
with a fresh identity), C10 (when tokens are taken), Q2 and Q13 (an empty reserve gives nothing).
"""

from __future__ import annotations

from random import Random

import pytest

from app.engine import CREATURE, Config, GameState, apply_action, legal_actions, view_for
from app.engine.actions import (
    Action,
    DiscardContamination,
    DiscardPlaceCard,
    GiveUp,
    LookAtToken,
    Pass,
    PlayHuntCard,
    PlaySurvivalCard,
    TakeBackPlaceCard,
    UsePlacePower,
)
from app.engine.cards import FROZEN
from app.engine.game import new_game

from .frozen_helpers import (
    frozen_table,
    give_tokens,
    kind_of,
    pass_until,
    stage,
    to_place_action,
    token_ids,
    token_totals,
)
from .helpers import act, act_events, explore, give_survival_card, hunt, play_turn, table

SEATS: list[int | None] = [None, 0, 1, 2, 3]


# --- The make-up ---------------------------------------------------------------------------

@pytest.mark.parametrize("hunted", [3, 4, 5, 6])
def test_the_reserve_starts_with_14_tokens_3_with_the_icon_and_nobody_holds_one(
        hunted: int) -> None:
    state = new_game(Config(hunted=hunted, variant=FROZEN), 3)
    assert len(state.contamination) == 14 and sum(state.contamination) == 3
    assert all(h.tokens == [] for h in state.hunted)


@pytest.mark.parametrize(("hunted", "spaces"), [(3, 13), (4, 16), (5, 18), (6, 20)])
def test_the_assimilation_track_is_5_plus_2n_and_one_more_from_5_players(
        hunted: int, spaces: int) -> None:
    """docs/rules-notes.md, Frozen Lands balance; the base game keeps 5 + N."""
    assert new_game(Config(hunted=hunted, variant=FROZEN), 3).assimilation == spaces
    assert new_game(Config(hunted=hunted), 3).assimilation == 6 + hunted


@pytest.mark.parametrize("hunted", [3, 4, 5, 6])
def test_a_table_may_play_the_rulebooks_assimilation_track_of_5_plus_n(hunted: int) -> None:
    """The rulebook: Frozen Lands' setup "is identical to the base game" (docs/rules-notes.md)."""
    config = Config(hunted=hunted, variant=FROZEN, rulebook_track=True)
    state = new_game(config, 3)
    assert state.assimilation == 6 + hunted
    assert view_for(state, 1)["board"]["assimilation_start"] == 6 + hunted  # type: ignore[index]
    assert view_for(state, 1)["config"]["rulebook_track"] is True  # type: ignore[index]


def test_the_base_game_has_no_tokens() -> None:
    state = table(hunted=3)
    assert state.contamination == []
    state.hunted_at(1).discard = [5]
    state.hunted_at(1).hand = [1, 2, 3, 4]
    state = act(state, 1, GiveUp())
    assert state.hunted_at(1).tokens == []


# --- Taking tokens -------------------------------------------------------------------------

@pytest.mark.parametrize(("frostbite", "taken"), [(False, 1), (True, 2)])
def test_give_up_takes_a_token_at_once_unseen(frostbite: bool, taken: int) -> None:
    state = frozen_table(hunt_cards=["frostbite"])
    stage(state, 1, [1, 2, 3, 4], [5], will=2)
    if frostbite:
        state = act(state, CREATURE, PlayHuntCard("frostbite"))
    start = state.assimilation
    state, events = act_events(state, 1, GiveUp())
    tokens = state.hunted_at(1).tokens
    assert len(tokens) == taken
    assert all(t.known == () and not t.face_up for t in tokens)
    assert state.assimilation == start - 1
    taken_events = [e for e in events if e.kind == "contamination_taken"]
    assert len(taken_events) == taken
    assert all(e.to is None and "icon" not in e.data for e in taken_events)
    assert token_totals(state) == (14, 3) and len(state.contamination) == 14 - taken


def test_give_up_with_an_empty_reserve_takes_nothing() -> None:
    state = frozen_table()
    give_tokens(state, 2, *state.contamination)
    stage(state, 1, [1, 2, 3, 4], [5], will=2)
    state, events = act_events(state, 1, GiveUp())
    assert state.hunted_at(1).tokens == []
    assert [e.kind for e in events if e.kind.startswith("contamination")] == [
        "contamination_reserve_empty"]


def test_the_last_will_token_is_taken_in_phase_4_with_the_recovery() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 4, 5], will=1)
    state = play_turn(state, {1: 2, 2: 3, 3: 5}, creature=2)
    state = to_place_action(state, 2)  # The Fjord, before the Creature-token step
    state = act(state, 2, Pass())
    state, events = act_events(state, 3, Pass())  # The Sled; then the rest of the turn
    kinds = [(e.kind, e.data.get("phase") or e.data.get("why")) for e in events]
    assert state.turn == 2
    assert state.hunted_at(1).will == 3 and len(state.hunted_at(1).tokens) == 1
    taken = kinds.index(("contamination_taken", "last-will"))
    assert kinds.index(("last_will_lost", None)) < kinds.index(("phase_started", "end_of_turn"))
    assert kinds.index(("phase_started", "end_of_turn")) < taken
    assert kinds.index(("hunted_recovered", None)) < taken


def phase_4_window(state: GameState, seat: int) -> GameState:
    """Pass until `seat` owes a window of phase 4 (its windows before then passed too)."""
    state = pass_until(state, ["window"], seat=seat)
    while state.phase != 4:
        state = pass_until(act(state, seat, Pass()), ["window"], seat=seat)
    return state


def test_antidote_may_cure_the_last_will_token_before_the_rescue_step() -> None:
    # Phase-4 cards may be played "at any moment before step 5" (Phase 4 checklist): a Hunted
    # who took the last-Will token at step 2 gets the window again, alone, before Rescue.
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 4, 5], will=1)
    give_survival_card(state, 1, "antidote")
    state = play_turn(state, {1: 2, 2: 3, 3: 5}, creature=2)
    state = phase_4_window(state, 1)
    assert state.hunted_at(1).tokens == []  # the window before step 1
    state = pass_until(act(state, 1, Pass()), ["window"], seat=1)
    assert state.phase == 4 and len(state.hunted_at(1).tokens) == 1
    assert [p.seat for p in state.layers[-1]] == [1]  # theirs alone
    reserve = len(state.contamination)
    assert PlaySurvivalCard("antidote", (1,)) in legal_actions(state, 1)
    state = act(state, 1, PlaySurvivalCard("antidote", (1,)))
    assert state.turn == 2 and state.hunted_at(1).tokens == []
    assert len(state.contamination) == reserve + 1  # back in the reserve


def test_no_last_will_token_when_the_game_ends_in_phase_3() -> None:
    state = frozen_table()
    state.assimilation = 2
    stage(state, 1, [1, 2, 3, 4, 5], will=1)
    state = play_turn(state, {1: 2, 2: 2, 3: 2}, creature=2)
    assert (state.winner, state.reason) == ("creature", "assimilation")
    assert state.hunted_at(1).tokens == [] and len(state.contamination) == 14


# --- Discarding tokens ---------------------------------------------------------------------

def test_a_token_may_be_discarded_instead_of_the_power_or_a_take_back() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 4], [5])
    first, second = give_tokens(state, 1, True, False)
    state = to_place_action(play_turn(state, {1: 2, 2: 3, 3: 3}, creature=10), 1)
    legal = legal_actions(state, 1)
    assert {UsePlacePower(2), TakeBackPlaceCard(5), DiscardContamination(first),
            DiscardContamination(second)} <= set(legal)
    state, events = act_events(state, 1, DiscardContamination(first))
    assert token_ids(state, 1) == [second]
    assert state.hunted_at(1).played == [2] and 5 in state.hunted_at(1).discard
    assert len(state.contamination) == 13 and token_totals(state) == (14, 3)
    [event] = [e for e in events if e.kind == "contamination_discarded"]
    assert event.to is None and "icon" not in event.data


def moves_of(state: GameState, seat: int) -> tuple[GameState, list[str]]:
    """Play out the turn (discard the first card when asked, else pass); record `seat`'s
    prompts."""
    kinds: list[str] = []
    turn = state.turn
    while state.turn == turn and not state.winner:
        active = state.layers[-1][0].seat
        kind = kind_of(state, active)
        assert kind is not None
        if active == seat:
            kinds.append(kind)
        legal = legal_actions(state, active)
        action: Action = Pass() if Pass() in legal else legal[0]
        state = act(state, active, action)
    return state, kinds


@pytest.mark.parametrize("token", ["creature", "artemia"])
def test_no_token_discard_under_the_creature_or_artemia_token(token: str) -> None:
    state = frozen_table(hunt_cards=["mutation"])
    stage(state, 1, [1, 2, 3, 4], [5])
    give_tokens(state, 1, True)
    state = explore(state, {1: 2, 2: 3, 3: 3})
    if token == "creature":
        state = hunt(state, creature=2)
    else:
        state = hunt(state, creature=10, artemia=2, cards=[PlayHuntCard("mutation")])
    state, kinds = moves_of(state, 1)
    assert "place_action" not in kinds
    assert len(state.hunted_at(1).tokens) == 1


def test_no_token_discard_at_a_place_made_unusable_by_cataclysm() -> None:
    state = frozen_table(hunt_cards=["cataclysm"])
    stage(state, 1, [1, 2, 3, 4], [5])
    give_tokens(state, 1, False)
    state = hunt(explore(state, {1: 2, 2: 3, 3: 3}), creature=10)
    state = act(state, CREATURE, PlayHuntCard("cataclysm", (2,)))
    state, kinds = moves_of(state, 1)
    assert "place_action" not in kinds
    assert len(state.hunted_at(1).tokens) == 1


def test_a_discarded_tokens_identity_and_knowledge_are_forgotten() -> None:
    state = frozen_table()
    stage(state, 1, [1, 2, 3, 4, 8])
    [old] = give_tokens(state, 1, True)
    state = to_place_action(play_turn(state, {1: 8, 2: 3, 3: 3}, creature=10), 1)
    state = act(state, 1, UsePlacePower(8, "look"))
    state = act(state, 1, LookAtToken(old))
    assert state.hunted_at(1).tokens[0].known == (1,)
    assert view_for(state, 1)["hunted"][0]["tokens"] == [{"id": old, "face": "icon"}]
    state = pass_until(state)
    state = to_place_action(play_turn(state, {1: 1, 2: 2, 3: 2}, creature=10), 1)
    state = act(state, 1, DiscardContamination(old))
    assert state.hunted_at(1).tokens == [] and len(state.contamination) == 14
    state = pass_until(state)
    state = act(state, 1, GiveUp())
    [new] = state.hunted_at(1).tokens
    assert new.id != old and new.known == ()
    assert view_for(state, 1)["hunted"][0]["tokens"] == [{"id": new.id, "face": None}]


# --- Hidden information --------------------------------------------------------------------

def twin_tables() -> tuple[GameState, GameState]:
    """Two tables that differ only in the face of the token Hunted 1 holds."""
    icon = frozen_table()
    blank = icon.clone()
    give_tokens(icon, 1, True)
    give_tokens(blank, 1, False)
    return icon, blank


def same_for(a: GameState, b: GameState, seats: list[int | None]) -> None:
    for seat in seats:
        assert view_for(a, seat) == view_for(b, seat), f"seat {seat} can tell the faces apart"


def test_no_seat_can_tell_the_face_of_a_token_nobody_looked_at() -> None:
    icon, blank = twin_tables()
    same_for(icon, blank, SEATS)  # the holder included
    assert view_for(icon, 2)["hunted"][0]["tokens"] == [{"id": 1, "face": None}]


def test_the_events_of_taking_a_token_do_not_depend_on_its_face() -> None:
    icon = frozen_table()
    stage(icon, 1, [1, 2, 3, 4], [5], will=2)
    blank = icon.clone()
    top = icon.contamination[-1]
    other = icon.contamination.index(not top)
    blank.contamination[-1], blank.contamination[other] = not top, top
    icon, ev_icon = apply_action(icon, 1, GiveUp())
    blank, ev_blank = apply_action(blank, 1, GiveUp())
    assert icon.hunted_at(1).tokens[0].icon != blank.hunted_at(1).tokens[0].icon
    for seat in SEATS:
        assert ([(e.kind, e.data) for e in ev_icon if e.visible_to(seat)]
                == [(e.kind, e.data) for e in ev_blank if e.visible_to(seat)])
    same_for(icon, blank, SEATS)


def test_after_a_look_only_the_lookers_view_changes() -> None:
    icon, blank = twin_tables()
    states = []
    for state in (icon, blank):
        stage(state, 2, [1, 2, 3, 4, 8])
        state = to_place_action(play_turn(state, {1: 1, 2: 8, 3: 3}, creature=10), 2)
        state = act(state, 2, UsePlacePower(8, "look"))
        state, events = act_events(state, 2, LookAtToken(1))
        states.append((state, events))
    (a, ev_a), (b, ev_b) = states
    same_for(a, b, [None, CREATURE, 1, 3])
    assert view_for(a, 2) != view_for(b, 2)
    assert view_for(a, 2)["hunted"][0]["tokens"] == [{"id": 1, "face": "icon"}]
    for seat in (None, CREATURE, 1, 3):
        assert ([(e.kind, e.data) for e in ev_a if e.visible_to(seat)]
                == [(e.kind, e.data) for e in ev_b if e.visible_to(seat)])


def test_a_reveal_shows_the_face_to_every_seat() -> None:
    icon, blank = twin_tables()
    ends = []
    for state in (icon, blank):
        state.rescue = 1
        ends.append(act(to_place_action(play_turn(state, {1: 4, 2: 4, 3: 3}, creature=10), 1),
                        1, UsePlacePower(4)))
    a, b = ends
    for seat in SEATS:
        assert view_for(a, seat)["hunted"][0]["tokens"] == [{"id": 1, "face": "icon"}]
        assert view_for(b, seat)["hunted"][0]["tokens"] == [{"id": 1, "face": "blank"}]


def test_an_offer_that_would_reveal_the_tokens_tells_the_end_but_not_the_winner() -> None:
    icon, blank = twin_tables()
    at_hummocks = []
    for state in (icon, blank):
        state.rescue = 1
        at_hummocks.append(to_place_action(play_turn(state, {1: 4, 2: 4, 3: 3}, creature=10), 1))
    a, b = at_hummocks
    same_for(a, b, SEATS)  # offers and Contamination odds included
    view = view_for(a, 1)
    [cost] = [o["cost"] for o in view["offers"] if o["action"]["type"] == "UsePlacePower"]
    assert cost == {"rescue": 1, "ends_game": True}
    assert view["contamination"]["unknown"] == 1


# --- Conservation --------------------------------------------------------------------------

def test_tokens_are_conserved_at_every_step_of_a_busy_turn() -> None:
    state = frozen_table(hunt_cards=["contagion"])
    for seat in (1, 2, 3):
        stage(state, seat, [1, 2, 3, 4], [5], will=2)
    give_tokens(state, 3, True, False)
    chooser = Random(4)
    steps = 0
    state = act(state, 1, GiveUp())
    state = act(state, 2, GiveUp())
    while state.turn == 1 and not state.winner:
        seat = state.layers[-1][0].seat
        legal = legal_actions(state, seat)
        discards = [a for a in legal if isinstance(a, DiscardContamination | DiscardPlaceCard)]
        contagion = PlayHuntCard("contagion")
        action = contagion if contagion in legal else chooser.choice(discards or legal)
        state = act(state, seat, action)
        assert token_totals(state) == (14, 3)
        held = [t.id for h in state.hunted for t in h.tokens]
        assert len(held) == len(set(held)) and len(held) + len(state.contamination) == 14
        steps += 1
    assert steps > 5
