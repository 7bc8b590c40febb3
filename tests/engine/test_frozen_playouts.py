"""Random Frozen Lands games: the table's invariants hold after every action, and games end.

Sources: frozen_lands.md C1 (setup: 3 to 6 Hunted, Places 6-10 in the reserve, the Frozen Lands
Hunt and Survival cards added, Ingenuity and Amplifier removed), §6 (14 tokens; here 3 icon and
11 blank, docs/rules-notes.md), C9 (token faces known only to who looked, or to all once
revealed), E1-E6 (the only ways to end a game: Rescue onto Victory with the reveal, The Capsule
onto Victory, Assimilation), C12 (Will never above 3); rulebook.md (Frozen Lands); the
invariants of tests/engine/test_playouts.py.

Seeded random players drive the games; half of them start a few spaces from Victory so that the
board-or-wait decision, the reveal and the additional turns come up often.
"""

from __future__ import annotations

import json
from random import Random

import pytest

from app.engine import GameState, active_seats, apply_action, apply_unchecked, outcome, replay
from app.engine.actions import Action
from app.engine.cards import FROZEN, assimilation_start, hunt_deck, rescue_start, survival_deck
from app.engine.config import Config
from app.engine.game import new_game
from app.engine.view import view_for

from .frozen_helpers import TOTAL_TOKENS
from .test_playouts import check_place_cards, check_turn_order, check_will, random_step

MAX_ACTIONS = 5_000
ALL_HUNT = sorted(hunt_deck(FROZEN))
ALL_SURVIVAL = sorted(survival_deck(FROZEN))
ENDINGS = {("hunted", "rescue"), ("creature", "assimilation"), ("creature", "contamination"),
           ("creature", "capsule")}


# --- The invariants ------------------------------------------------------------------------

def pending_survival_cards(state: GameState) -> list[str]:
    """Survival cards held by an unanswered prompt (a draw to keep, a card to give, a Drone or
    Gate still resolving: its copied power still to choose, so not yet discarded)."""
    cards: list[str] = []
    for layer in state.layers:
        for prompt in layer:
            if prompt.kind == "keep_survival":
                cards += prompt.data["cards"]
            elif prompt.kind == "give_survival":
                cards.append(prompt.data["card"])
            elif prompt.data.get("resolving"):
                cards.append(prompt.data["resolving"])
    return cards


def check_cards(state: GameState) -> None:
    """The 30 Hunt cards and 28 Survival cards of Frozen Lands are all somewhere, once."""
    c = state.creature
    assert sorted(c.hand + c.deck + c.discard) == ALL_HUNT, "Hunt cards not conserved"
    assert len(c.hand) <= 3
    cards = state.survival_deck + state.survival_discard + pending_survival_cards(state)
    for h in state.hunted:
        cards += h.survival
    assert sorted(cards) == ALL_SURVIVAL, f"Survival cards not conserved: {sorted(cards)}"


def check_tokens(state: GameState) -> None:
    """14 tokens (3 icons) between the reserve and the Hunted; each held token has its own id;
    only seats of the table know faces, and a face-up token is known by all."""
    held = [t for h in state.hunted for t in h.tokens]
    assert len(held) + len(state.contamination) == TOTAL_TOKENS, "tokens not conserved"
    assert sum(t.icon for t in held) + sum(state.contamination) == 3, "icons not conserved"
    ids = [t.id for t in held]
    assert len(ids) == len(set(ids)) and all(0 < i <= state.token_serial for i in ids)
    seats = set(range(state.config.players))
    for token in held:
        assert set(token.known) <= seats
        if token.face_up:
            assert set(token.known) == seats


def check_counters(state: GameState, before: GameState | None) -> None:
    """Counters only move toward Victory; every ending is one of E1-E6's."""
    players = state.config.players
    assert 0 <= state.rescue <= rescue_start(players)
    assert 0 <= state.assimilation <= assimilation_start(players, state.config.variant)
    if before is not None:
        assert state.rescue <= before.rescue and state.assimilation <= before.assimilation
        assert state.extra_turns >= before.extra_turns
        if state.extra_turns > before.extra_turns:
            assert state.rescue == 1, "an additional turn away from the last space"
    if not state.winner:
        assert state.rescue > 0 and state.assimilation > 0
        return
    assert (state.winner, state.reason) in ENDINGS
    icons = any(t.icon for h in state.hunted for t in h.tokens)
    if state.reason == "rescue":
        assert state.rescue == 0 and not icons
    elif state.reason == "contamination":
        assert state.rescue == 0 and icons
        assert all(t.face_up for h in state.hunted for t in h.tokens), "boarding reveals all"
    elif state.reason == "capsule":
        assert state.rescue == 1
    else:
        assert state.assimilation == 0


def check_views(state: GameState) -> None:
    """No view shows the face of a token its seat has not looked at (C9)."""
    for seat in (None, *range(state.config.players)):
        for shown, h in zip(view_for(state, seat)["hunted"], state.hunted, strict=True):
            for face, token in zip(shown["tokens"], h.tokens, strict=True):
                knows = token.face_up or (seat is not None and seat in token.known)
                assert face["id"] == token.id
                assert face["face"] == (("icon" if token.icon else "blank") if knows else None)


def check_invariants(state: GameState, before: GameState | None = None) -> None:
    check_place_cards(state)
    check_will(state)
    check_cards(state)
    check_tokens(state)
    check_counters(state, before)
    check_turn_order(state)


# --- Drivers -------------------------------------------------------------------------------

def playout(hunted: int, seed: int, abilities: bool, rescue: int | None = None,
            views: bool = False) -> GameState:
    """A seeded random game, checked after every action; `rescue` stages a shorter race."""
    chooser = Random(seed)
    state = new_game(Config(hunted=hunted, variant=FROZEN, abilities=abilities), seed)
    if rescue is not None:
        state = state.clone()
        state.rescue = rescue
    check_invariants(state)
    for _ in range(MAX_ACTIONS):
        if state.winner:
            return state
        seat, action = random_step(state, chooser)
        new, _ = apply_unchecked(state, seat, action)
        check_invariants(new, state)
        if views:
            check_views(new)
        state = new
    raise AssertionError(f"game {hunted}/{seed} did not end within {MAX_ACTIONS} actions")


# --- The tests -----------------------------------------------------------------------------

GAMES = 30  # per Hunted count and setting


@pytest.mark.slow
@pytest.mark.parametrize("abilities", [False, True])
@pytest.mark.parametrize("hunted", [3, 4, 5, 6])
def test_random_games_keep_every_invariant_and_always_end(hunted: int, abilities: bool) -> None:
    reasons = set()
    for seed in range(GAMES):
        state = playout(hunted, seed, abilities)
        assert outcome(state) is not None
        reasons.add(state.reason)
    assert "assimilation" in reasons


@pytest.mark.slow
@pytest.mark.parametrize("abilities", [False, True])
@pytest.mark.parametrize("hunted", [3, 4, 5, 6])
def test_random_games_near_the_end_reach_the_rescue_decisions(hunted: int,
                                                              abilities: bool) -> None:
    reasons = set()
    extra = 0
    for seed in range(100, 100 + GAMES):
        state = playout(hunted, seed, abilities, rescue=4, views=seed % 5 == 0)
        reasons.add(state.reason)
        extra += state.extra_turns
    assert {"rescue", "contamination"} <= reasons
    assert extra > 0


@pytest.mark.slow
@pytest.mark.parametrize("abilities", [False, True])
def test_frozen_games_replay_and_round_trip(abilities: bool) -> None:
    for hunted in (3, 6):
        config = Config(hunted=hunted, variant=FROZEN, abilities=abilities)
        chooser = Random(hunted)
        state = new_game(config, 700 + hunted)
        log: list[tuple[int, Action]] = []
        while not state.winner:
            assert len(log) < MAX_ACTIONS
            text = json.loads(json.dumps(state.to_json()))
            assert GameState.from_json(text) == state
            seat, action = random_step(state, chooser)
            state, _ = apply_action(state, seat, action)
            log.append((seat, action))
        assert replay(config, 700 + hunted, log).to_json() == state.to_json()
        assert active_seats(state) == []
