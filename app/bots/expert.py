"""The expert: determinized Monte Carlo search with heuristic playouts, within a budget.

For a decision whose moment the view pins down (app/engine/determinize.py), the expert asks
the engine for worlds consistent with its seat's view, plays each shortlisted action out in
every world with the heuristic bots to the end of the turn (or of the game), scores the end
with `hunted_odds` and keeps the best average. Every candidate meets the same worlds and
playout seeds, so the comparison is paired. Any other decision goes to the heuristic bot of
its role.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from random import Random

from app.engine import (
    CREATURE,
    Action,
    GameState,
    active_seats,
    apply_unchecked,
    legal_actions,
    view_for,
)
from app.engine.cards import FROZEN
from app.engine.determinize import rebuildable, worlds
from app.engine.vocab import Side, Winner

from .base import View
from .creature import HeuristicCreature
from .hunted import HeuristicHunted
from .sample import belief

MAX_PLAYOUT_ACTIONS = 2_000  # a safety net; a turn takes a few dozen actions


@dataclass(frozen=True, slots=True)
class Budget:
    """How long one decision may search: seconds (None: no clock) and at most `worlds` worlds."""

    seconds: float | None = 1.0
    worlds: int = 400
    shortlist: int = 6  # candidates searched, the heuristic's favourites first
    horizon: int = 0  # turns played out after the current one ends (0: stop at its end)


class ExpertBot:
    """Searches the decisions that matter; hands the rest to the heuristic bot of its role."""

    def __init__(self, role: str, seed: int = 0, budget: Budget | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.role, self.budget, self.clock = role, budget or Budget(), clock
        self.rng = Random(seed)
        self.heuristic: HeuristicCreature | HeuristicHunted = (
            HeuristicCreature(seed) if role == Side.CREATURE else HeuristicHunted(seed))

    def choose(self, view: View) -> Action:
        """One of `view["legal_actions"]`: the best-scoring candidate, or the heuristic's."""
        if len(view["legal_actions"]) == 1 or not rebuildable(view):
            return self.heuristic.choose(view)
        candidates = [a for a, _ in self.heuristic.ranked(view)[: self.budget.shortlist]]
        totals = self._search(view, candidates)
        if totals is None:
            return candidates[0]
        # Ties go to the heuristic's order: a small nudge for earlier candidates.
        return max(zip(candidates, totals, strict=True),
                   key=lambda pair: pair[1] - 1e-6 * candidates.index(pair[0]))[0]

    def _search(self, view: View, candidates: list[Action]) -> list[float] | None:
        """Summed values per candidate over whole worlds, or None if no world was finished.

        The budget is a maximum: the search also stops once the leader is out of reach of
        the worlds that could still be played (see `settled`)."""
        started = self.clock()
        deadline = None if self.budget.seconds is None else started + self.budget.seconds
        totals = [0.0] * len(candidates)
        fastest, began = math.inf, started  # the quickest world bounds how many more fit
        drawn = worlds(view, self.rng, belief(view))
        for finished in range(self.budget.worlds):
            world = next(drawn)
            seed = self.rng.getrandbits(31)
            values = []
            for action in candidates:
                value = self._playout(world, view["seat"], action, seed, deadline)
                if value is None:  # time is up: an unfinished world would bias the sums
                    return totals if finished else None
                values.append(value)
            totals = [t + v for t, v in zip(totals, values, strict=True)]
            now = self.clock()
            fastest, began = min(fastest, now - began), now
            if settled(totals, self._worlds_left(finished + 1, now, deadline, fastest)):
                break
        return totals

    def _worlds_left(self, finished: int, now: float, deadline: float | None,
                     fastest: float) -> float:
        """The most worlds the budget could still hold: its cap, and with a clock as many as
        the time left allows at the pace of the quickest world so far."""
        left = float(self.budget.worlds - finished)
        if deadline is not None and fastest > 0:
            left = min(left, math.ceil((deadline - now) / fastest))
        return left

    def _playout(self, world: GameState, seat: int, action: Action, seed: int,
                 deadline: float | None) -> float | None:
        """Our side's value after `action`, the heuristic bots playing every seat; None if
        the deadline passes first (checked at every move, so the budget holds closely)."""
        state, _ = apply_unchecked(world, seat, action)
        stop = world.turn + 1 + self.budget.horizon
        order = Random(seed)
        creature = HeuristicCreature(seed)
        hunted = HeuristicHunted(seed + 1)
        for _ in range(MAX_PLAYOUT_ACTIONS):
            if deadline is not None and self.clock() > deadline:
                return None
            if state.winner or state.turn >= stop:
                break
            seats = active_seats(state)
            mover = seats[int(order.random() * len(seats))]
            options = legal_actions(state, mover)
            if len(options) > 1:  # a forced move needs no view and no bot
                bot = creature if mover == CREATURE else hunted
                options = [bot.choose(view_for(state, mover))]
            state, _ = apply_unchecked(state, mover, options[0])
        odds = hunted_odds(state)
        return odds if self.role == Side.HUNTED else 1.0 - odds


def settled(totals: list[float], worlds_left: float) -> bool:
    """True when no further worlds can change the leader: a world adds at most 1 to a
    candidate's sum (values are odds in [0, 1]), so a lead over the runner-up larger than the
    worlds left is final."""
    if len(totals) < 2:
        return True
    first, second = sorted(totals, reverse=True)[:2]
    return first - second > worlds_left


# Fitted by logistic regression on 14,473 turn starts of heuristic-against-heuristic games (both
# variants, 1-6 Hunted; docs/balance.md): the Hunted's chance to win from the start of a turn.
ODDS_WEIGHTS = {"bias": -1.46, "rescue": -0.48, "assimilation": 0.68, "will_lost": 0.01,
                "last_will": -0.73, "hand": 0.30, "survival": -0.04, "icons": -0.88,
                "tokens": -0.59}


def hunted_odds(state: GameState) -> float:
    """The Hunted's chance to win from here: 1 or 0 once over, else a fitted estimate."""
    if state.winner:
        return 1.0 if state.winner == Winner.HUNTED else 0.0
    w, hunted = ODDS_WEIGHTS, state.hunted
    n = len(hunted)
    frozen = state.config.variant == FROZEN
    score = (w["bias"] + w["rescue"] * state.rescue + w["assimilation"] * state.assimilation
             + w["will_lost"] * sum(3 - h.will for h in hunted) / n
             + w["last_will"] * sum(h.will == 1 for h in hunted) / n
             + w["hand"] * sum(len(h.hand) + len(h.played) for h in hunted) / n
             + w["survival"] * sum(len(h.survival) for h in hunted) / n)
    if frozen:
        score += (w["icons"] * sum(t.icon for h in hunted for t in h.tokens)
                  + w["tokens"] * sum(len(h.tokens) for h in hunted))
    return 1.0 / (1.0 + math.exp(-score))
