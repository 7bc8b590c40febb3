"""Play a whole game between bots, each fed only its own seat's view."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from random import Random

from app.engine import Event, GameState, active_seats, apply_action, new_game, view_for
from app.engine.config import Config
from app.engine.state import CREATURE

from .base import Bot
from .factory import make_bot

MAX_ACTIONS = 20_000


def bots_for(config: Config, creature: str, hunted: str, seed: int,
             seconds: float | None = 1.0, worlds: int | None = None) -> dict[int, Bot]:
    """A bot per seat: `creature` kind at seat 0, `hunted` kind at seats 1..H (an expert
    searches at most `seconds` and `worlds` per decision)."""
    bots: dict[int, Bot] = {CREATURE: make_bot(creature, "creature", seed, seconds, worlds)}
    for seat in range(1, config.hunted + 1):
        bots[seat] = make_bot(hunted, "hunted", seed * 31 + seat, seconds, worlds)
    return bots


def play_game(config: Config, seed: int, bots: Mapping[int, Bot],
              on_step: Callable[[GameState, list[Event]], None] | None = None) -> GameState:
    """Play to the end; among simultaneous seats, who moves next is drawn from the seed.
    `on_step` sees each new state with the events that led to it (for figures)."""
    order = Random(seed ^ 0x5EED)
    state = new_game(config, seed)
    for _ in range(MAX_ACTIONS):
        if state.winner:
            return state
        seats = active_seats(state)
        seat = seats[int(order.random() * len(seats))]
        action = bots[seat].choose(view_for(state, seat))
        state, events = apply_action(state, seat, action)
        if on_step is not None:
            on_step(state, events)
    raise RuntimeError(f"game {seed} did not end within {MAX_ACTIONS} actions")
