"""Golden playthroughs: stored complete games replay to exactly what was recorded.

Each file under tests/engine/golden/ holds a game as (config, seed, actions) with, per action,
the events the engine answered (each with `unseen_by`, the seats that may not see it: together
they are every seat's visible log, the spectator's too), then the final state, outcome and
every seat's view. Replaying through `apply_action` (legality checked at each step) must give
the same events, the same state (which also loads from its stored JSON) and the same views;
views may gain fields (the client's needs grow) but never change or lose one.

A difference means a rule changed. If that was the intent, regenerate and review the diff:
`.venv/bin/python -m tests.engine.golden --write [name-part]` (see tests/engine/golden.py).
The ~200-game outcome samples per variant are slow; run the fast tier with `-m "not slow"`.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.engine import (
    Config,
    GameState,
    action_from_json,
    apply_action,
    new_game,
    view_for,
)

from .golden import (
    GAMES,
    OUTCOME_VARIANTS,
    Golden,
    event_record,
    outcome_tuples,
    outcomes_path,
    views,
)


def load(game: Golden) -> dict[str, Any]:
    """The stored recording of a golden game."""
    recording: dict[str, Any] = json.loads(game.path.read_text())
    return recording


def contained(stored: Any, fresh: Any, where: str = "") -> list[str]:
    """Where `fresh` departs from `stored`, allowing only new keys in `fresh`'s dicts."""
    if isinstance(stored, dict) and isinstance(fresh, dict):
        return [diff for key, value in stored.items()
                for diff in (contained(value, fresh[key], f"{where}.{key}") if key in fresh
                             else [f"{where}.{key}: missing"])]
    if isinstance(stored, list) and isinstance(fresh, list) and len(stored) == len(fresh):
        return [diff for i, (a, b) in enumerate(zip(stored, fresh, strict=True))
                for diff in contained(a, b, f"{where}[{i}]")]
    return [] if stored == fresh else [f"{where}: stored {stored!r}, now {fresh!r}"]


def differences(recording: dict[str, Any]) -> list[str]:
    """Replay a recording; describe the first departure from it (empty: identical)."""
    config = Config.from_json(recording["config"])
    state = new_game(config, recording["seed"])
    for index, (seat, raw_action, stored_events) in enumerate(recording["steps"]):
        state, events = apply_action(state, seat, action_from_json(raw_action))
        fresh = [event_record(e, config) for e in events]
        if fresh != stored_events:
            return [f"step {index} (seat {seat}, {raw_action}): events were {stored_events}, "
                    f"now {fresh}"]
    outcome = {"winner": state.winner, "reason": state.reason, "turn": state.turn}
    if outcome != recording["outcome"]:
        return [f"outcome was {recording['outcome']}, now {outcome}"]
    if state.to_json() != recording["state"]:
        return ["the final state differs from the stored one"]
    return contained(recording["views"], views(state), "views")


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_golden_game_replays_to_the_same_events_state_and_views(game: Golden) -> None:
    assert differences(load(game)) == []


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_the_stored_final_state_loads_and_shows_the_same_views(game: Golden) -> None:
    recording = load(game)
    state = GameState.from_json(recording["state"])
    assert state.to_json() == recording["state"]
    for key, stored in recording["views"].items():
        seat = None if key == "spectator" else int(key)
        assert contained(stored, view_for(state, seat), key) == []


def test_golden_games_cover_both_sides_winning_and_every_way_to_end() -> None:
    outcomes = {(o["winner"], o["reason"]) for o in (load(g)["outcome"] for g in GAMES)}
    assert outcomes == {("hunted", "rescue"), ("creature", "assimilation"),
                        ("creature", "contamination")}


def test_a_changed_rule_is_caught() -> None:
    """The check can fail: a tampered event, action or view is reported."""
    recording = load(GAMES[1])
    recording["steps"][5][2][0]["data"]["tampered"] = True
    assert differences(recording)[0].startswith("step 5")
    recording = load(GAMES[1])
    recording["views"]["0"]["board"]["rescue"] += 1
    assert differences(recording) == [
        f"views.0.board.rescue: stored {recording['views']['0']['board']['rescue']}, "
        f"now {recording['views']['0']['board']['rescue'] - 1}"]


def test_views_may_gain_fields_but_not_lose_or_change_any() -> None:
    stored = {"a": 1, "b": [{"c": 2}]}
    assert contained(stored, {"a": 1, "b": [{"c": 2, "new": 0}], "new": 0}) == []
    assert contained(stored, {"a": 1, "b": [{"c": 3}]}) == [".b[0].c: stored 2, now 3"]
    assert contained(stored, {"b": [{"c": 2}]}) == [".a: missing"]
    assert contained(stored, {"a": 1, "b": []}) != []


@pytest.mark.slow
@pytest.mark.parametrize("variant", OUTCOME_VARIANTS)
def test_seeded_random_games_end_as_recorded(variant: str) -> None:
    """[seed, hunted, winner, reason, turns, actions] of ~200 games per variant."""
    stored = json.loads(outcomes_path(variant).read_text())
    assert outcome_tuples(variant) == stored
