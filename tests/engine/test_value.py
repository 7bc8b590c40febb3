"""The state is a value: a clone is equal and shares nothing mutable; applying leaves the input
as it was; `settle` skips re-deriving only prompts that can never be left without an answer.

Source: architecture.md (a playthrough is a fold of (config, seed, actions) over values) and
game.settle (a prompt an earlier answer made moot is dropped).
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

import pytest

from app.engine import Config, GameState, apply_unchecked
from app.engine.answers import PROMPTS
from app.engine.game import ALWAYS_ANSWERABLE, surely_answerable
from app.engine.state import Creature, Hunted

from .golden import random_game


def mid_game_states(config: Config, seed: int) -> list[GameState]:
    """Every state of a random game, rebuilt by applying its steps."""
    from app.engine import new_game

    _, steps = random_game(config, seed)
    states = [new_game(config, seed)]
    for seat, action, _ in steps:
        states.append(apply_unchecked(states[-1], seat, action)[0])
    return states


def mutable_parts(value: Any) -> list[Any]:
    """Every list, dict and engine object reachable from `value` (by identity)."""
    found: list[Any] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, dict)):
            found.append(item)
            stack.extend(item.values() if isinstance(item, dict) else item)
        elif isinstance(item, (GameState, Hunted, Creature)):
            found.append(item)
            stack.extend(getattr(item, f.name) for f in fields(item))
    return found


@pytest.mark.parametrize("config", [Config(hunted=4, abilities=True),
                                    Config(hunted=5, variant="frozen-lands")])
def test_a_clone_equals_the_state_and_shares_nothing_mutable(config: Config) -> None:
    for state in mid_game_states(config, 11)[::7]:
        copy = state.clone()
        assert copy == state and copy.to_json() == state.to_json()
        mine = {id(part) for part in mutable_parts(state)}
        assert not mine & {id(part) for part in mutable_parts(copy)}


def test_applying_an_action_leaves_the_input_state_unchanged() -> None:
    config = Config(hunted=3, variant="frozen-lands")
    _, steps = random_game(config, 5)
    from app.engine import new_game

    state = new_game(config, 5)
    for seat, action, _ in steps:
        before = json.dumps(state.to_json())
        new, _ = apply_unchecked(state, seat, action)
        assert json.dumps(state.to_json()) == before
        state = new


def test_prompts_settle_does_not_check_always_have_an_answer() -> None:
    assert set(PROMPTS) >= ALWAYS_ANSWERABLE
    checked = 0
    for config, seed in [(Config(hunted=3), 2), (Config(hunted=6, abilities=True), 3),
                         (Config(hunted=4, variant="frozen-lands"), 7),
                         (Config(hunted=6, variant="frozen-lands"), 8)]:
        for state in mid_game_states(config, seed):
            for layer in state.layers:
                for prompt in layer:
                    if surely_answerable(state, prompt):
                        assert PROMPTS[prompt.kind].legal(state, prompt), prompt
                        checked += 1
    assert checked > 1000
