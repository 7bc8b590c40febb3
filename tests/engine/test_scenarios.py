"""The rulebook's worked examples, played through the engine with the rulebook's names.

Source: rulebook.md, "Playing a Turn": the examples of Phase 1 (Zoé resists), Phase 2 (Simon's
hunt: Creature token on the Wreck, Artemia token on the Jungle, Mirage across the Rover and the
Artefact; Luca on the Lair; Quentin on the Rover) and Phase 3 (Zoé on the Jungle; Adrian and
Valérie caught on the Wreck). Simon plays the Creature; the five Hunted share one turn.
"""

from __future__ import annotations

from app.engine import CREATURE, GameState, active_seats, legal_actions, phase_name
from app.engine.actions import (
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
    ARTEFACT,
    BEACH,
    JUNGLE,
    LAIR,
    RIVER,
    ROVER,
    WRECK,
)
from app.engine.events import Event
from app.engine.state import Prompt

from .helpers import act, act_events, explore, pass_windows, prompt_of, table

SIMON = CREATURE
ZOE, LUCA, QUENTIN, ADRIAN, VALERIE = 1, 2, 3, 4, 5

# 5 Hunted = 6 players: Assimilation starts 11 spaces from Victory.
ASSIMILATION_START = 11
# Board side 1 shows the Artemia symbol on Rescue spaces 1-6: the example's Rescue counter.
RESCUE_ON_ARTEMIA_SYMBOL = 6


def _kinds(events: list[Event], kind: str) -> list[dict[str, object]]:
    return [e.data for e in events if e.kind == kind]


def _prompt(state: GameState, seat: int) -> Prompt:
    """The prompt `seat` must answer now; fails the test if there is none."""
    prompt = prompt_of(state, seat)
    assert prompt is not None, f"seat {seat} owes nothing"
    return prompt


def stage_the_turn() -> GameState:
    """Exploration of the examples' turn: every Hunted's hand, discard and Will, before choosing."""
    state = table(hunted=5, board_side=1, hunt_cards=["mirage"])
    state.rescue = RESCUE_ON_ARTEMIA_SYMBOL
    zoe, luca, quentin = state.hunted_at(ZOE), state.hunted_at(LUCA), state.hunted_at(QUENTIN)
    adrian, valerie = state.hunted_at(ADRIAN), state.hunted_at(VALERIE)
    zoe.hand, zoe.discard = [JUNGLE, BEACH, ROVER], [LAIR, RIVER]
    luca.hand, luca.discard = [LAIR, JUNGLE, BEACH, ROVER], [RIVER]
    quentin.hand, quentin.discard = [LAIR, JUNGLE, RIVER, ROVER], [BEACH]
    # Adrian and Valérie found a Wreck each at the Rover on earlier turns.
    adrian.hand = [LAIR, JUNGLE, RIVER, BEACH, ROVER, WRECK]
    valerie.hand, valerie.discard, valerie.will = [LAIR, JUNGLE, WRECK], [RIVER, BEACH, ROVER], 1
    state.reserve[WRECK] -= 2
    return state


def simons_hunt(state: GameState) -> GameState:
    """The Hunted choose their places; Simon hunts as in the Phase 2 example."""
    state = explore(state, {ZOE: JUNGLE, LUCA: LAIR, QUENTIN: ROVER, ADRIAN: WRECK,
                            VALERIE: WRECK})
    assert phase_name(state) == "hunting"
    state = act(state, SIMON, PlaceHuntToken("creature", (WRECK,)))
    state = act(state, SIMON, PlaceHuntToken("artemia", (JUNGLE,)))
    state = act(state, SIMON, PlayHuntCard("mirage", (ROVER, ARTEFACT)))
    state = act(state, SIMON, Pass())
    return pass_windows(state)


def test_zoe_with_two_place_cards_resists_losing_one_will_for_two_discarded_cards() -> None:
    state = table(hunted=5)
    zoe = state.hunted_at(ZOE)
    zoe.hand, zoe.discard = [JUNGLE, BEACH], [LAIR, RIVER, ROVER]
    state = act(state, ZOE, Resist(1))
    assert _prompt(state, ZOE).kind == "take_back"
    state = act(state, ZOE, TakeBackPlaceCard(LAIR))
    state = act(state, ZOE, TakeBackPlaceCard(RIVER))
    zoe = state.hunted_at(ZOE)
    assert zoe.will == 2
    assert zoe.hand == [LAIR, JUNGLE, RIVER, BEACH]
    assert zoe.discard == [ROVER]
    assert state.assimilation == ASSIMILATION_START  # resisting costs Will, not Assimilation
    # Resisting is done for this turn: she now plays a Place card from her 4.
    legal = legal_actions(state, ZOE)
    assert not any(isinstance(a, Resist | GiveUp) for a in legal)
    assert sorted(a.cards for a in legal if isinstance(a, PlayPlaceCards)) == [
        (LAIR,), (JUNGLE,), (RIVER,), (BEACH,)]


def test_simon_may_place_the_artemia_token_without_a_card_on_an_artemia_symbol_space() -> None:
    state = explore(stage_the_turn(), {ZOE: JUNGLE, LUCA: LAIR, QUENTIN: ROVER, ADRIAN: WRECK,
                                       VALERIE: WRECK})
    assert PlaceHuntToken("artemia", (JUNGLE,)) in legal_actions(state, SIMON)
    # The same table with the Rescue counter off the symbol: no Artemia token without a card.
    off = stage_the_turn()
    off.rescue = RESCUE_ON_ARTEMIA_SYMBOL + 1
    off = explore(off, {ZOE: JUNGLE, LUCA: LAIR, QUENTIN: ROVER, ADRIAN: WRECK,
                        VALERIE: WRECK})
    assert not any(isinstance(a, PlaceHuntToken) and a.token == "artemia"
                   for a in legal_actions(off, SIMON))


def test_simons_hunt_puts_creature_on_wreck_artemia_on_jungle_and_mirage_target_on_two() -> None:
    state = simons_hunt(stage_the_turn())
    assert state.tokens == {"creature": [WRECK], "artemia": [JUNGLE],
                            "target": [ROVER, ARTEFACT]}
    assert state.target_cards == ("mirage",)
    assert state.creature.discard == ["mirage"]
    assert state.creature.hand == []
    assert phase_name(state) == "reckoning"


def test_luca_on_the_lair_copies_the_wreck_and_advances_rescue_at_once() -> None:
    state = simons_hunt(stage_the_turn())
    # Token-free places resolve first: Luca on the Lair is the only one.
    assert active_seats(state) == [LUCA]
    copy_wreck = UsePlacePower(LAIR, "copy", copy=WRECK)
    assert copy_wreck in legal_actions(state, LUCA)
    state, events = act_events(state, LUCA, copy_wreck)
    assert state.rescue == RESCUE_ON_ARTEMIA_SYMBOL - 1
    assert phase_name(state) == "reckoning"  # immediately, not at the end of the turn
    assert _kinds(events, "power_copied") == [{"hunted": LUCA, "place": WRECK, "via": "lair"}]
    luca = state.hunted_at(LUCA)
    assert luca.hand == [JUNGLE, BEACH, ROVER]
    assert luca.discard == [RIVER]
    assert luca.played == [LAIR]


def test_quentin_on_the_mirage_rover_can_neither_use_it_nor_take_back_a_card() -> None:
    state = simons_hunt(stage_the_turn())
    state = act(state, LUCA, UsePlacePower(LAIR, "copy", copy=WRECK))
    # Quentin (Target place) resolved without being asked: the next decision is Zoé's.
    assert active_seats(state) == [ZOE]
    quentin = state.hunted_at(QUENTIN)
    assert quentin.hand == [LAIR, JUNGLE, RIVER]
    assert quentin.discard == [BEACH]
    assert quentin.played == [ROVER]
    assert state.reserve == {6: 3, 7: 3, 8: 1, 9: 3, 10: 3}
    assert legal_actions(state, QUENTIN) == []


def test_zoe_on_the_jungle_under_the_artemia_token_discards_and_cannot_use_the_jungle() -> None:
    state = simons_hunt(stage_the_turn())
    state = act(state, LUCA, UsePlacePower(LAIR, "copy", copy=WRECK))
    assert _prompt(state, ZOE).kind == "discard"
    legal = legal_actions(state, ZOE)
    assert legal == [DiscardPlaceCard(BEACH), DiscardPlaceCard(ROVER)]  # no power, no take-back
    state, events = act_events(state, ZOE, DiscardPlaceCard(ROVER))
    assert [e for e in _kinds(events, "power_used") if e["hunted"] == ZOE] == []
    zoe = state.hunted_at(ZOE)
    # End of turn: the Jungle did not come back; it is discarded face up with Rover.
    assert zoe.hand == [BEACH]
    assert zoe.discard == [LAIR, RIVER, ROVER, JUNGLE]
    assert zoe.will == 3


def test_adrian_and_valerie_caught_on_the_wreck_and_valerie_loses_her_last_will() -> None:
    state = simons_hunt(stage_the_turn())
    state = act(state, LUCA, UsePlacePower(LAIR, "copy", copy=WRECK))
    state, events = act_events(state, ZOE, DiscardPlaceCard(ROVER))
    assert [(e["hunted"], e["will"]) for e in _kinds(events, "will_lost")] == [
        (ADRIAN, 2), (VALERIE, 0)]
    assert [e["hunted"] for e in _kinds(events, "hunted_caught")] == [ADRIAN, VALERIE]
    assert [e["hunted"] for e in _kinds(events, "last_will_lost")] == [VALERIE]
    # +1 for the catch (once for both), +1 more for Valérie's last Will.
    assert [e["assimilation"] for e in _kinds(events, "assimilation_advanced")] == [
        ASSIMILATION_START - 1, ASSIMILATION_START - 2]
    assert state.assimilation == ASSIMILATION_START - 2
    # Neither used the Wreck: Rescue moved only for Luca's copy and the end of turn.
    assert [e["hunted"] for e in _kinds(events, "power_used")] == []
    assert [e["hunted"] for e in _kinds(events, "hunted_recovered")] == [VALERIE]


def test_after_the_examples_turn_valerie_has_every_place_card_and_three_will() -> None:
    state = simons_hunt(stage_the_turn())
    state = act(state, LUCA, UsePlacePower(LAIR, "copy", copy=WRECK))
    state = act(state, ZOE, DiscardPlaceCard(ROVER))
    assert state.turn == 2 and phase_name(state) == "exploration"
    valerie, adrian = state.hunted_at(VALERIE), state.hunted_at(ADRIAN)
    assert valerie.will == 3
    assert valerie.hand == [LAIR, JUNGLE, RIVER, BEACH, ROVER, WRECK]
    assert valerie.discard == [] and valerie.played == []
    assert adrian.will == 2
    assert adrian.hand == [LAIR, JUNGLE, RIVER, BEACH, ROVER]
    assert adrian.discard == [WRECK]
    # Rescue: Luca's copied Wreck, then the end of turn. Simon draws back to 3 Hunt cards.
    assert state.rescue == RESCUE_ON_ARTEMIA_SYMBOL - 2
    assert state.assimilation == ASSIMILATION_START - 2
    assert len(state.creature.hand) == 3
    assert state.tokens == {}
    assert state.hunted_at(QUENTIN).discard == [BEACH, ROVER]
    assert state.hunted_at(LUCA).discard == [RIVER, LAIR]
