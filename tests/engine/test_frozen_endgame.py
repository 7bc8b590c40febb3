"""The end of a Frozen Lands game: board or wait, additional turns, and the team votes.

Sources: rulebook.md ("Frozen Lands — End of Game": board and reveal, or refuse, discard a token
and play an additional turn; "— Special Cases"), base_game.md §5 (the last space shows the
Artemia symbol on both board sides), frozen_lands.md §2 E1-E6, C11 (team decisions), Q3-Q5 and
Q11; docs/rules-notes.md (Frozen Lands: ballots, majority, a tie goes to the option that changes
nothing).
"""

from __future__ import annotations

import pytest

from app.engine import CREATURE, GameState, legal_actions
from app.engine.actions import DiscardContamination, Pass, PlaceHuntToken, PlayHuntCard, Vote

from .frozen_helpers import (
    frozen_table,
    give_tokens,
    kind_of,
    pass_until,
    token_ids,
    token_totals,
)
from .helpers import act, act_events, explore, hunt, play_turn


def at_rescue_step(rescue: int = 1, tokens: dict[int, tuple[bool, ...]] | None = None,
                   hunted: int = 3, hunt_cards: tuple[str, ...] = (),
                   phase2: tuple[str, ...] = (), board_side: int = 1) -> GameState:
    """Turn 1 played quietly up to the End-of-turn Rescue step (or what follows it)."""
    state = frozen_table(hunted, hunt_cards=hunt_cards, board_side=board_side)
    state.rescue = rescue
    for seat, faces in (tokens or {}).items():
        give_tokens(state, seat, *faces)
    places: dict[int, int | tuple[int, ...]] = {
        seat: (seat % 4) + 2 for seat in range(1, hunted + 1)}  # 3, 4, 5, 2, 3, 4
    state = play_turn(state, places, creature=10, cards=[PlayHuntCard(c) for c in phase2])
    return pass_until(state, {"team"})


def vote(state: GameState, ballots: dict[int, str]) -> GameState:
    """Every Hunted named casts a ballot."""
    for seat, option in ballots.items():
        state = act(state, seat, Vote(option))
    return state


# --- E1: the Rescue step ---------------------------------------------------------------------

def test_short_of_victory_the_counter_just_advances_even_with_tokens() -> None:
    state = at_rescue_step(rescue=2, tokens={1: (True,)})
    assert state.turn == 2 and state.rescue == 1 and not state.winner
    assert kind_of(state, 1) == "explore"


def test_at_the_last_space_with_tokens_held_every_hunted_votes_to_board_or_wait() -> None:
    state = at_rescue_step(tokens={2: (False,)})
    assert [kind_of(state, s) for s in (1, 2, 3)] == ["team"] * 3
    assert legal_actions(state, 3) == [Vote("wait"), Vote("board")]
    assert legal_actions(state, CREATURE) == []


def test_without_any_token_held_the_hunted_simply_win() -> None:
    state = at_rescue_step()
    assert (state.winner, state.reason) == ("hunted", "rescue") and state.rescue == 0


@pytest.mark.parametrize(("faces", "winner", "reason"), [
    ((False, False, False), "hunted", "rescue"),
    ((False, True, False), "creature", "contamination"),
])
def test_boarding_reveals_every_token_and_one_icon_gives_the_creature_the_win(
        faces: tuple[bool, ...], winner: str, reason: str) -> None:
    state = at_rescue_step(tokens={1: faces[:2], 3: faces[2:]})
    state, events = act_events(vote(state, {1: "board", 2: "board"}), 3, Vote("board"))
    assert (state.winner, state.reason) == (winner, reason)
    assert state.rescue == 0
    assert all(t.face_up for h in state.hunted for t in h.tokens)
    revealed = [e for e in events if e.kind == "contamination_revealed"]
    assert len(revealed) == 3 and all(e.to is None for e in revealed)


def test_the_vote_is_decided_only_once_every_hunted_has_voted() -> None:
    state = at_rescue_step(tokens={1: (False,)})
    state = vote(state, {1: "board", 2: "board"})
    assert not state.winner and kind_of(state, 3) == "team"


def test_the_majority_decides() -> None:
    state = at_rescue_step(tokens={1: (False,)})
    state = vote(state, {1: "board", 2: "wait", 3: "board"})
    assert (state.winner, state.reason) == ("hunted", "rescue")


def test_a_tied_vote_waits() -> None:
    state = at_rescue_step(tokens={1: (False,)}, hunted=4)
    state = vote(state, {1: "board", 2: "wait", 3: "board", 4: "wait"})
    assert not state.winner and state.rescue == 1 and state.extra_turns == 1


# --- Waiting -----------------------------------------------------------------------------------

def test_waiting_keeps_the_counter_and_the_hunted_may_pick_who_discards_a_token() -> None:
    state = at_rescue_step(tokens={1: (True,), 3: (False, True)})
    state = vote(state, {1: "wait", 2: "wait", 3: "board"})
    assert state.rescue == 1 and state.extra_turns == 1
    assert legal_actions(state, 2) == [Vote("nobody"), Vote("1"), Vote("3")]
    state = vote(state, {1: "3", 2: "3", 3: "nobody"})
    assert kind_of(state, 3) == "discard_token"
    icon = next(t.id for t in state.hunted_at(3).tokens if t.icon)
    state = act(state, 3, DiscardContamination(icon))
    assert len(state.hunted_at(3).tokens) == 1 and len(state.hunted_at(1).tokens) == 1
    assert token_totals(state) == (14, 3)
    assert state.turn == 2 and state.rescue == 1 and kind_of(state, 1) == "explore"


def test_a_tied_cleanse_vote_falls_back_on_the_hunted_with_the_most_tokens() -> None:
    """Rulebook, Frozen Lands end of game: refusing to board, "one of the Hunted discards 1 of
    their Contamination tokens"; frozen_lands.md C11: "For 'who discards', the fallback is the
    Hunted with the most tokens, ties broken by seat order from the Creature's left"."""
    state = at_rescue_step(tokens={1: (True,), 3: (False, True)}, hunted=4)
    state = vote(state, {1: "wait", 2: "wait", 3: "wait", 4: "wait"})
    state = vote(state, {1: "1", 2: "1", 3: "3", 4: "3"})
    assert kind_of(state, 3) == "discard_token" and kind_of(state, 1) is None
    state = act(state, 3, DiscardContamination(token_ids(state, 3)[0]))
    assert [len(h.tokens) for h in state.hunted] == [1, 0, 1, 0]


def test_a_cleanse_tie_with_nobody_still_names_who_discards() -> None:
    """C11: for "who discards" the fallback of a tie is "the Hunted with the most tokens, ties
    broken by seat order", not the option that changes nothing."""
    state = at_rescue_step(tokens={2: (True,), 3: (False,)}, hunted=4)
    state = vote(state, {1: "wait", 2: "wait", 3: "wait", 4: "wait"})
    state = vote(state, {1: "nobody", 2: "nobody", 3: "3", 4: "3"})
    assert kind_of(state, 2) == "discard_token"  # one token each: the first seat discards
    assert kind_of(state, 3) is None


def test_quarantine_forbids_the_discard_after_waiting() -> None:
    state = at_rescue_step(tokens={1: (True,)}, hunt_cards=("quarantine",),
                           phase2=("quarantine",))
    state = vote(state, {1: "wait", 2: "wait", 3: "wait"})
    assert state.turn == 2 and state.extra_turns == 1
    assert token_ids(state, 1) != [] and kind_of(state, 1) == "explore"


def test_stasis_at_the_last_space_offers_no_choice_and_no_discard() -> None:
    state = frozen_table(hunt_cards=["stasis"])
    state.rescue = 1
    give_tokens(state, 1, True)
    state = hunt(explore(state, {1: 3, 2: 4, 3: 5}), creature=10)
    while not (state.phase == 4 and kind_of(state, CREATURE) == "window"):
        state = act(state, state.layers[-1][0].seat, Pass())
    state = act(state, CREATURE, PlayHuntCard("stasis"))
    assert state.turn == 2 and state.rescue == 1 and state.extra_turns == 0
    assert len(state.hunted_at(1).tokens) == 1 and not state.winner


# --- E2: additional turns ------------------------------------------------------------------------

def waited() -> GameState:
    """The Hunted refused to board and nobody discarded: the first additional turn begins."""
    state = at_rescue_step(tokens={1: (True,)})
    state = vote(state, {1: "wait", 2: "wait", 3: "wait"})
    state = vote(state, {1: "nobody", 2: "nobody", 3: "nobody"})
    assert state.turn == 2 and state.extra_turns == 1
    return state


@pytest.mark.parametrize("board_side", [1, 2])
def test_an_additional_turn_offers_the_creature_the_artemia_token(board_side: int) -> None:
    state = at_rescue_step(tokens={1: (True,)}, board_side=board_side)
    state = vote(state, {1: "wait", 2: "wait", 3: "wait"})
    state = vote(state, {1: "nobody", 2: "nobody", 3: "nobody"})
    state = explore(state, {1: 2, 2: 3, 3: 4})
    assert PlaceHuntToken("artemia", (7,)) in legal_actions(state, CREATURE)


def test_each_additional_turn_asks_again_to_board_or_wait() -> None:
    state = waited()
    state = play_turn(state, {1: 2, 2: 3, 3: 4}, creature=10)
    state = pass_until(state, {"team"})
    assert [kind_of(state, s) for s in (1, 2, 3)] == ["team"] * 3
    state = vote(state, {1: "wait", 2: "wait", 3: "wait"})
    assert state.extra_turns == 2


def test_the_assimilation_counter_still_wins_during_an_additional_turn() -> None:
    state = waited()
    state.assimilation = 1
    state = pass_until(play_turn(state, {1: 2, 2: 3, 3: 4}, creature=2))
    assert (state.winner, state.reason) == ("creature", "assimilation")
    assert state.rescue == 1
