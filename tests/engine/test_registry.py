"""The registry: every card, place and sheet ability is one entry found from its name in one
hop, and adding a card is adding one entry (docs/architecture.md, "How to add a card").

The sample card, "Howl" (phase 2: the chosen Hunted loses 1 Will), is not a card of the game:
it exists only in this test, registered by one entry and removed after.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from app.engine import CREATURE, Config, apply_action, legal_actions, new_game
from app.engine.abilities import ABILITIES, ONCE_PER_GAME
from app.engine.actions import PlayHuntCard
from app.engine.board import Events, lose_will
from app.engine.cards import (
    ALL_HUNT_CARDS,
    ALL_SURVIVAL_CARDS,
    CREATURE_ABILITIES,
    SHEET_ABILITIES,
    SURVIVAL_CARDS,
    CardInfo,
    hunt_deck,
    place_ids,
    survival_deck,
)
from app.engine.hunt_cards import ENTRIES
from app.engine.hunt_registry import HUNT, HuntCard, register_hunt_card, unregister_hunt_card
from app.engine.places import BOARDS, PLACES, register_place
from app.engine.state import GameState
from app.engine.survival import SURVIVAL, register_survival_card
from app.engine.vocab import Moment

from .helpers import explore, table


def _each_hunted(state: GameState) -> list[tuple[tuple[int, ...], int | None]]:
    return [((), h.seat) for h in state.hunted]


def _howl(state: GameState, action: PlayHuntCard, events: Events) -> None:
    assert action.hunted is not None
    lose_will(state, state.hunted_at(action.hunted), 1, events, "howl")


HOWL = HuntCard(CardInfo("howl", "Howl", 2), _each_hunted, effect=_howl)


@pytest.fixture
def howl() -> Iterator[HuntCard]:
    register_hunt_card(HOWL)  # what listing it in hunt_cards.ENTRIES does at import
    yield HOWL
    unregister_hunt_card("howl")


def test_every_hunt_card_is_one_entry_found_by_its_name() -> None:
    assert [HUNT[e.info.id] for e in ENTRIES] == list(ENTRIES)
    assert set(HUNT) == set(ALL_HUNT_CARDS)
    assert HUNT["clone"].info.symbol == "target" and HUNT["clone"].effect is not None


def test_a_card_cannot_be_registered_twice() -> None:
    with pytest.raises(ValueError, match="clone"):
        register_hunt_card(HUNT["clone"])


def test_a_new_card_added_by_one_entry_is_dealt_offered_and_played(howl: HuntCard) -> None:
    assert "howl" in hunt_deck("base")
    creature = new_game(Config(hunted=2), 1).creature
    assert "howl" in creature.deck + creature.hand
    state = explore(table(hunted=2, hunt_cards=["howl"]), {1: 1, 2: 2})
    assert PlayHuntCard("howl", (), 2) in legal_actions(state, CREATURE)
    state, events = apply_action(state, CREATURE, PlayHuntCard("howl", (), 2))
    assert state.hunted_at(2).will == 2 and state.hunted_at(1).will == 3
    assert [e.kind for e in events][:2] == ["hunt_card_played", "will_lost"]


def test_without_the_entry_the_card_does_not_exist() -> None:
    assert "howl" not in HUNT and "howl" not in hunt_deck("base")


def test_every_survival_card_is_one_entry_dealt_in_its_decks() -> None:
    assert set(SURVIVAL) == set(ALL_SURVIVAL_CARDS)
    assert sorted(SURVIVAL_CARDS) == sorted(n for n, c in SURVIVAL.items() if "base" in c.decks)
    frozen = survival_deck("frozen-lands")
    assert sorted(frozen) == sorted(n for n, c in SURVIVAL.items() if "frozen-lands" in c.decks)
    assert {"ingenuity", "amplifier"} <= set(SURVIVAL) - set(frozen)
    assert SURVIVAL["body-heat"].moment == Moment.CLOSING
    assert {n for n, c in SURVIVAL.items() if c.place_choices} == {"drone", "gate", "scrub-down"}


def test_every_place_of_each_variant_is_one_entry_found_by_its_id() -> None:
    for variant in ("base", "frozen-lands"):
        board = BOARDS[variant]
        assert {n: p.id for n, p in board.places.items()} == place_ids(variant)
        assert all(PLACES[p.id] is p for p in board.places.values())
    assert len(PLACES) == 20


def test_every_ability_is_one_entry_and_its_limit_is_data() -> None:
    assert set(ABILITIES) == {*SHEET_ABILITIES.values(), *CREATURE_ABILITIES}
    assert {"change-of-plan", "intercept", "stand-together", "keen-senses"} == ONCE_PER_GAME


@pytest.mark.parametrize("register", [
    lambda: register_survival_card(SURVIVAL["dodge"]),
    lambda: register_place("base", BOARDS["base"].gate, PLACES["lair"]),
])
def test_nothing_is_registered_twice(register: Callable[[], None]) -> None:
    with pytest.raises(ValueError, match="twice"):
        register()
