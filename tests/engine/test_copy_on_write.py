"""A state is a value: applying an action, listing legal ones or viewing it never changes it.

States share their Hunted with the states cloned from them until one changes (copy on write,
app/engine/state.py); a change reaching a shared Hunted would silently rewrite an earlier state.
A view's offers cost their actions by answering them on a working copy of the state (offers.py),
so a view is an answer too. Seeded random games of every table compare each state's JSON before
and after the engine answered it.
"""

from __future__ import annotations

import json
from random import Random

import pytest

from app.engine import (
    Config,
    GameState,
    active_seats,
    apply_unchecked,
    legal_actions,
    new_game,
    seat_views,
)

TABLES = [Config(hunted=n) for n in range(1, 7)] + [
    Config(hunted=3, abilities=True), Config(hunted=5, abilities=True, board_side=2),
    *(Config(hunted=n, variant="frozen-lands") for n in range(3, 7)),
    Config(hunted=4, variant="frozen-lands", abilities=False),
]
GAMES = 12


def frozen(state: GameState) -> str:
    """Everything the state holds, as text."""
    return json.dumps(state.to_json(), sort_keys=True)


def check_game(config: Config, seed: int) -> None:
    """Play a random game; every state must read the same after each use of it."""
    chooser = Random(seed)
    state = new_game(config, seed)
    earlier = [(state, frozen(state))]
    while not state.winner:
        seats = active_seats(state)
        for seat in seats:
            legal_actions(state, seat)
        seat_views(state, range(config.hunted + 1))  # every offer costed on a copy
        assert frozen(state) == earlier[-1][1], "viewing the state changed it"
        seat = chooser.choice(seats)
        action = chooser.choice(legal_actions(state, seat))
        state, _ = apply_unchecked(state, seat, action)
        earlier.append((state, frozen(state)))
        for old, text in earlier[-4:-1]:  # the last few share the most with the new one
            assert frozen(old) == text, f"applying {action} changed an earlier state"
    for old, text in earlier:
        assert frozen(old) == text, "a later action changed an earlier state"


@pytest.mark.parametrize("config", TABLES, ids=lambda c: f"{c.variant}-{c.hunted}"
                         f"{'-abilities' if c.abilities else ''}-side{c.board_side}")
def test_no_action_changes_an_earlier_state(config: Config) -> None:
    for seed in range(1, GAMES + 1):
        check_game(config, seed)
