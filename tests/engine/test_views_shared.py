"""`views_for` builds every seat's view at once, sharing what all seats see alike: each view
must be exactly the seat's own `view_for`, at every moment of games of every table (Frozen
Lands included, whose face-down Contamination tokens and Smokescreen make the Hunted's public
part depend on who looks)."""

from __future__ import annotations

from random import Random

import pytest

from app.engine import (
    Config,
    active_seats,
    apply_unchecked,
    legal_actions,
    new_game,
    view_for,
    views_for,
)

from .test_copy_on_write import TABLES

GAMES = 3


@pytest.mark.parametrize("config", TABLES, ids=lambda c: f"{c.variant}-{c.hunted}"
                         f"{'-abilities' if c.abilities else ''}-side{c.board_side}")
def test_each_shared_view_is_the_seats_own(config: Config) -> None:
    seats = (None, *range(config.hunted + 1))
    for seed in range(1, GAMES + 1):
        chooser = Random(seed)
        state = new_game(config, seed)
        while True:
            assert views_for(state, seats) == {seat: view_for(state, seat) for seat in seats}
            if state.winner:
                break
            seat = chooser.choice(active_seats(state))
            state, _ = apply_unchecked(state, seat, chooser.choice(legal_actions(state, seat)))
