"""Random playouts: the table's invariants hold after every action, for 1 to 6 Hunted.

Sources: rulebook.md (Setup: 5 Place cards per Hunted, the reserve of Places 6-10, 3 Will,
the counters; Reckoning and End-of-turn: losing the last Will and recovering; End of Game),
base_game.md (15 Survival cards, 20 Hunt cards, reserve copies per player count) and
docs/rules-notes.md (empty decks are reshuffled; card windows; forced choices).

Thousands of seeded games check the conservation invariants at every step; a smaller sample
also applies every legal action of every seat, replays the game from its log and round-trips
the state, the actions and the events through JSON at every step.
"""

from __future__ import annotations

import json
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import (
    Action,
    Config,
    Event,
    GameState,
    action_from_json,
    active_seats,
    apply_action,
    apply_unchecked,
    legal_actions,
    new_game,
    outcome,
    replay,
)
from app.engine.actions import PlayPlaceCards
from app.engine.cards import (
    HUNT_CARDS,
    RESERVE_PLACES,
    STARTING_PLACES,
    SURVIVAL_CARDS,
    assimilation_start,
    rescue_start,
    reserve_copies,
)

MAX_ACTIONS = 5_000  # a random game takes ~100-250 actions; far beyond that it does not end
ALL_SURVIVAL = sorted(SURVIVAL_CARDS)
ALL_HUNT = sorted(HUNT_CARDS)

Log = list[tuple[int, Action]]


# --- The invariants ------------------------------------------------------------------------

def pending_shelter_cards(state: GameState) -> list[str]:
    """Survival cards drawn by the Shelter and shown in a keep prompt not yet answered, and a
    Drone or Gate still resolving (its copied power still to choose: not yet discarded)."""
    return [card for layer in state.layers for prompt in layer
            for card in (prompt.data["cards"] if prompt.kind == "keep_survival"
                         else [prompt.data.get("resolving")] if prompt.data.get("resolving")
                         else [])]


def check_place_cards(state: GameState) -> None:
    """Every Place card is in exactly one zone; Places 6-10 are the reserve's or one Hunted's."""
    copies = reserve_copies(state.config.players)
    owned = dict.fromkeys(RESERVE_PLACES, 0)
    for h in state.hunted:
        zones = h.hand + h.discard + h.played
        assert len(zones) == len(set(zones)), f"Hunted {h.seat} holds a card twice: {zones}"
        for card in zones:
            if card in owned:
                owned[card] += 1
            else:
                assert card in STARTING_PLACES, f"Hunted {h.seat} holds a card {card}"
        assert len(zones) - sum(c in owned for c in zones) == len(STARTING_PLACES), \
            f"Hunted {h.seat} lost a starting Place card: {zones}"
    assert sorted(state.reserve) == list(RESERVE_PLACES)
    for place in RESERVE_PLACES:
        assert state.reserve[place] >= 0
        assert state.reserve[place] + owned[place] == copies, f"Place {place} not conserved"


def check_will(state: GameState) -> None:
    """Will stays in 0..3; 0 only after losing the last Will, until the end-of-turn recovery."""
    for h in state.hunted:
        assert 0 <= h.will <= 3, f"Hunted {h.seat} has {h.will} Will"
        if h.will == 0:
            assert h.lost_last_will, f"Hunted {h.seat} at 0 Will without losing the last one"
            # Lost in the Reckoning; recovered by the End-of-turn actions (after its window).
            assert state.phase == 3 or state.step in ("end_of_turn", "over"), \
                f"Hunted {h.seat} at 0 Will in phase {state.phase}, step {state.step}"


def check_survival_cards(state: GameState) -> None:
    """The 15 Survival cards: deck + discard + hands + a pending Shelter draw."""
    cards = state.survival_deck + state.survival_discard + pending_shelter_cards(state)
    for h in state.hunted:
        cards += h.survival
    assert sorted(cards) == ALL_SURVIVAL, f"Survival cards not conserved: {sorted(cards)}"


def check_hunt_cards(state: GameState) -> None:
    """The 20 Hunt cards: the Creature's hand + deck + discard."""
    c = state.creature
    cards = c.hand + c.deck + c.discard
    assert sorted(cards) == ALL_HUNT, f"Hunt cards not conserved: {sorted(cards)}"
    assert len(c.hand) <= 3, f"the Creature holds {len(c.hand)} Hunt cards"


def check_counters(state: GameState, before: GameState | None) -> None:
    """The counters only move toward Victory; reaching it ends the game for that side."""
    players = state.config.players
    assert 0 <= state.rescue <= rescue_start(players)
    assert 0 <= state.assimilation <= assimilation_start(players)
    if before is not None:
        assert state.rescue <= before.rescue, "the Rescue counter moved away from Victory"
        assert state.assimilation <= before.assimilation, "Assimilation moved away from Victory"
    if state.winner:
        assert (state.winner, state.reason) in (("hunted", "rescue"),
                                                ("creature", "assimilation"))
        counter = state.rescue if state.winner == "hunted" else state.assimilation
        assert counter == 0
    else:
        assert state.rescue > 0 and state.assimilation > 0


def check_turn_order(state: GameState) -> None:
    """Someone always owes a decision and has one to take, until the game is over."""
    seats = active_seats(state)
    if state.winner:
        assert seats == []
        assert outcome(state) is not None
        assert all(legal_actions(state, s) == [] for s in range(state.config.players))
        return
    assert outcome(state) is None
    assert seats, "nobody owes a decision but the game goes on"
    for seat in seats:
        assert legal_actions(state, seat), f"seat {seat} is asked but has nothing legal"


def check_invariants(state: GameState, before: GameState | None = None) -> None:
    """All the table's invariants; `before` is the state the last action was applied to."""
    check_place_cards(state)
    check_will(state)
    check_survival_cards(state)
    check_hunt_cards(state)
    check_counters(state, before)
    check_turn_order(state)


# --- Drivers -------------------------------------------------------------------------------

def random_step(state: GameState, chooser: Random) -> tuple[int, Action]:
    """A uniformly random active seat and one of its legal actions."""
    seats = active_seats(state)
    seat = seats[chooser.randrange(len(seats))]
    legal = legal_actions(state, seat)
    return seat, legal[chooser.randrange(len(legal))]


def checked_playout(hunted: int, seed: int) -> GameState:
    """A seeded random game with every invariant checked after every action."""
    chooser = Random(seed)
    state = new_game(Config(hunted=hunted), seed)
    check_invariants(state)
    for _ in range(MAX_ACTIONS):
        if state.winner:
            return state
        seat, action = random_step(state, chooser)
        new, _ = apply_unchecked(state, seat, action)
        check_invariants(new, state)
        state = new
    raise AssertionError(f"game {hunted}/{seed} did not end within {MAX_ACTIONS} actions")


def roundtrip(state: GameState) -> GameState:
    """Through text and back, as the server persists it."""
    return GameState.from_json(json.loads(json.dumps(state.to_json())))


def check_every_legal_action_applies(state: GameState) -> None:
    """Every seat's every legal action applies (checked) without error or mutating `state`."""
    snapshot = state.to_json()
    active = active_seats(state)
    for seat in range(state.config.players):
        legal = legal_actions(state, seat)
        if seat not in active and legal:  # only a Hunted changing the chosen Place card
            assert state.phase == 1 and seat > 0 and state.hunted_at(seat).ready
            assert all(isinstance(a, PlayPlaceCards) for a in legal)
        for action in legal:
            assert action_from_json(json.loads(json.dumps(action.to_json()))) == action
            child, events = apply_action(state, seat, action)
            check_invariants(child, state)
            for event in events:
                assert Event.from_json(json.loads(json.dumps(event.to_json()))) == event
    assert state.to_json() == snapshot, "applying an action mutated its input"


def deep_playout(hunted: int, seed: int) -> None:
    """A random game that also tries every legal action, round-trips the state and replays."""
    chooser = Random(seed)
    config = Config(hunted=hunted)
    state = new_game(config, seed)
    log: Log = []
    for _ in range(MAX_ACTIONS):
        copy = roundtrip(state)
        assert copy == state
        assert copy.to_json() == state.to_json()
        if state.winner:
            break
        check_every_legal_action_applies(state)
        seat, action = random_step(state, chooser)
        state, _ = apply_action(state, seat, action)
        log.append((seat, action))
    else:
        raise AssertionError(f"game {hunted}/{seed} did not end within {MAX_ACTIONS} actions")
    assert replay(config, seed, log).to_json() == state.to_json()


# --- The tests -----------------------------------------------------------------------------

GAMES_PER_BLOCK = 100
BLOCKS = 3  # 300 games per Hunted count, 1,800 in all


@pytest.mark.slow
@pytest.mark.parametrize("block", range(BLOCKS))
@pytest.mark.parametrize("hunted", range(1, 7))
def test_random_games_keep_every_invariant_and_end_with_a_winner(hunted: int,
                                                                 block: int) -> None:
    for seed in range(block * GAMES_PER_BLOCK, (block + 1) * GAMES_PER_BLOCK):
        assert outcome(checked_playout(hunted, seed)) is not None


DEEP_GAMES = 26  # per Hunted count: 156 games in all


@pytest.mark.slow
@pytest.mark.parametrize("half", range(2))
@pytest.mark.parametrize("hunted", range(1, 7))
def test_every_legal_action_applies_and_games_replay_and_round_trip(hunted: int,
                                                                    half: int) -> None:
    start = 10_000 + half * DEEP_GAMES // 2
    for seed in range(start, start + DEEP_GAMES // 2):
        deep_playout(hunted, seed)


def test_a_playout_is_a_function_of_config_and_seed() -> None:
    first = checked_playout(3, 77)
    second = checked_playout(3, 77)
    assert first.to_json() == second.to_json()
    assert new_game(Config(hunted=3), 77).to_json() != new_game(Config(hunted=3), 78).to_json()


def test_setup_matches_the_rulebook_for_every_player_count() -> None:
    for hunted in range(1, 7):
        state = new_game(Config(hunted=hunted), 5)
        players = hunted + 1
        assert state.rescue == 11 + players
        assert state.assimilation == 5 + players
        assert state.reserve == {n: reserve_copies(players) for n in RESERVE_PLACES}
        assert [h.will for h in state.hunted] == [3] * hunted
        assert all(sorted(h.hand) == [1, 2, 3, 4, 5] for h in state.hunted)
        assert all(len(h.survival) == 1 for h in state.hunted)
        assert len(state.creature.hand) == 3
        check_invariants(state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hunted=st.integers(1, 6), seed=st.integers(0, 2**31), data=st.data())
def test_any_sequence_of_legal_actions_keeps_the_invariants(hunted: int, seed: int,
                                                            data: st.DataObject) -> None:
    """Hypothesis picks the actions, so a failure shrinks to a short sequence."""
    state = new_game(Config(hunted=hunted), seed)
    for _ in range(60):
        if state.winner:
            break
        seat = data.draw(st.sampled_from(active_seats(state)))
        action = data.draw(st.sampled_from(legal_actions(state, seat)))
        new, _ = apply_action(state, seat, action)
        check_invariants(new, state)
        state = new
