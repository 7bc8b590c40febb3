"""The bot interface, the random bot, and the helpers every bot shares."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any, Protocol

from app.engine.actions import Action, action_from_json

View = dict[str, Any]
# The levels a computer player can play at: easy, normal and expert.
BOT_KINDS: tuple[str, ...] = ("random", "heuristic", "expert")


class Bot(Protocol):
    """A player: given its seat's view (legal actions included), it picks one of them."""

    def choose(self, view: View) -> Action:
        """One of `view["legal_actions"]`."""
        ...


def legal(view: View) -> list[Action]:
    """The view's legal actions as action objects."""
    return [action_from_json(raw) for raw in view["legal_actions"]]


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Random(seed)

    def choose(self, view: View) -> Action:
        """Any legal action, uniformly."""
        options = legal(view)
        return options[int(self.rng.random() * len(options))]


def weighted_choice(rng: Random, options: Sequence[tuple[Action, float]]) -> Action:
    """Sample an action with probability proportional to its (positive) weight."""
    total = sum(max(w, 0.0) for _, w in options)
    if total <= 0:
        return options[int(rng.random() * len(options))][0]
    pick = rng.random() * total
    for action, weight in options:
        pick -= max(weight, 0.0)
        if pick <= 0:
            return action
    return options[-1][0]


def best(options: Sequence[tuple[Action, float]]) -> Action:
    """The highest-scored action (the first one on ties, so bots stay deterministic)."""
    return max(options, key=lambda pair: pair[1])[0]
