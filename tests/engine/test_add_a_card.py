"""How to add a card (docs/architecture.md) is true: cards that are not in the game, written in
this test's own registry with their hooks, are dealt, offered, copied and resolved by the
engine without a line of it changing.

- "Quicksand" (Target, phase 2): each Hunted on the Target token loses 1 Will in the
  Reckoning (`on_target`) and the place's power fails (`fails_power`).
- "Decoy" (Target, phase 2): the Target token acts as a second Artemia token (`target_as`).
- "Echo" (phase 0): plays as the last discarded Hunt card (`copies_last_discard`).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.engine import CREATURE, Config, legal_actions, new_game
from app.engine.actions import DiscardPlaceCard, Pass, PlayHuntCard
from app.engine.board import Events, block_reason, lose_will
from app.engine.cards import ALL_PLACES, BEACH, JUNGLE, LAIR, RIVER, ROVER, CardInfo, hunt_deck
from app.engine.hunt_registry import (
    HUNT,
    Choice,
    HuntCard,
    register_hunt_card,
    unregister_hunt_card,
)
from app.engine.places import power_bar
from app.engine.state import GameState, Hunted, Prompt
from app.engine.vocab import TokenKind

from .frozen_helpers import kind_of
from .helpers import act, explore, hunt, pass_windows, table


def _one_place(state: GameState) -> list[Choice]:
    return [((p,), None) for p in ALL_PLACES]


def _sink(state: GameState, h: Hunted, place: int, events: Events) -> Prompt | None:
    lose_will(state, h, 1, events, "quicksand")
    return None


def _quicksand_fails(state: GameState, place: int) -> bool:
    return "quicksand" in state.target_cards and place in state.tokens.get(TokenKind.TARGET, ())


def _target_only(state: GameState, action: PlayHuntCard, events: Events) -> None:
    """The Target token's place is recorded by the symbol (hunt.py); nothing more at once."""


# The test's own registry: one entry per card, nothing else.
ENTRIES = (
    HuntCard(CardInfo("quicksand", "Quicksand", 2, TokenKind.TARGET), _one_place,
             effect=_target_only, fails_power=_quicksand_fails, on_target=_sink),
    HuntCard(CardInfo("decoy", "Decoy", 2, TokenKind.TARGET), _one_place,
             effect=_target_only, target_as=TokenKind.ARTEMIA),
    HuntCard(CardInfo("echo", "Echo", 0), copies_last_discard=True),
)


@pytest.fixture(autouse=True)
def registry() -> Iterator[None]:
    for entry in ENTRIES:
        register_hunt_card(entry)
    yield
    for entry in ENTRIES:
        unregister_hunt_card(entry.info.id)


def test_the_new_cards_are_dealt() -> None:
    assert {"quicksand", "decoy", "echo"} <= set(hunt_deck("base"))
    creature = new_game(Config(hunted=2), 1).creature
    assert {"quicksand", "decoy", "echo"} <= {*creature.deck, *creature.hand}


def test_on_target_and_fails_power_act_in_the_reckoning() -> None:
    state = table(hunted=2, hunt_cards=["quicksand"])
    for seat in (1, 2):
        state.hunted_at(seat).hand = [LAIR, JUNGLE, RIVER, ROVER, BEACH]
        state.hunted_at(seat).discard = [RIVER]
    state = explore(state, {1: ROVER, 2: BEACH})
    assert PlayHuntCard("quicksand", (ROVER,)) in legal_actions(state, CREATURE)
    state = hunt(state, creature=LAIR, cards=[PlayHuntCard("quicksand", (ROVER,))])
    assert block_reason(state, ROVER) == "quicksand" and block_reason(state, BEACH) == ""
    assert power_bar(state, state.hunted_at(1), ROVER) == "quicksand"
    state = pass_windows(state)
    state = act(state, 2, Pass())  # the token-free Beach resolves first
    # On the Target: 1 Will lost; the Rover's power fails and gives no take-back instead.
    assert state.hunted_at(1).will == 2 and state.hunted_at(2).will == 3
    assert state.turn == 2 and state.hunted_at(1).discard == [RIVER, ROVER]


def test_target_as_makes_the_target_a_second_artemia_token() -> None:
    state = table(hunted=2, hunt_cards=["decoy"])
    for seat in (1, 2):
        state.hunted_at(seat).hand = [LAIR, JUNGLE, RIVER, ROVER, BEACH]
    state = explore(state, {1: ROVER, 2: BEACH})
    state = hunt(state, creature=LAIR, cards=[PlayHuntCard("decoy", (ROVER,))])
    state = act(pass_windows(state), 2, Pass())  # the token-free Beach resolves first
    # Hit by an Artemia token: discard 1 Place card, and no place action.
    assert kind_of(state, 1) == "discard"
    state = act(state, 1, DiscardPlaceCard(LAIR))
    assert state.hunted_at(1).hand == [JUNGLE, RIVER, BEACH]
    assert state.turn == 2 and state.hunted_at(1).discard == [LAIR, ROVER]  # no place action
    assert len(state.hunted_at(2).hand) == 4  # on the Beach: no token


def test_copies_last_discard_plays_as_the_new_card() -> None:
    state = table(hunted=1, hunt_cards=["echo"])
    state.creature.discard = ["quicksand"]
    state.hunted_at(1).hand = [LAIR, JUNGLE, RIVER, ROVER, BEACH]
    state = explore(state, {1: ROVER})
    assert PlayHuntCard("echo", (ROVER,)) in legal_actions(state, CREATURE)
    state = hunt(state, LAIR, cards=[PlayHuntCard("echo", (ROVER,))], confirm=False)
    assert state.target_cards == ("quicksand",) and block_reason(state, ROVER) == "quicksand"
    state = pass_windows(act(state, CREATURE, Pass()))
    assert state.hunted_at(1).will == 2 and state.turn == 2


def test_without_the_entries_the_cards_do_not_exist() -> None:
    for entry in ENTRIES:
        unregister_hunt_card(entry.info.id)
    try:
        assert not {"quicksand", "decoy", "echo"} & {*HUNT, *hunt_deck("base")}
    finally:
        for entry in ENTRIES:
            register_hunt_card(entry)
