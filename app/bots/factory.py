"""Seat a bot by level: the one module that knows every kind of bot (base.py knows none)."""

from __future__ import annotations

from app.engine.vocab import Side

from .base import BOT_KINDS, Bot, RandomBot
from .creature import HeuristicCreature
from .expert import Budget, ExpertBot
from .hunted import HeuristicHunted


def make_bot(kind: str, role: str, seed: int, seconds: float | None = 1.0,
             worlds: int | None = None) -> Bot:
    """A bot by level (BOT_KINDS) for a role ("creature" or "hunted").

    `seconds` and `worlds` bound an expert's search per decision (the others ignore them).
    """
    if kind == "random":
        return RandomBot(seed)
    if kind not in BOT_KINDS:
        raise ValueError(f"unknown bot {kind!r}")
    if kind == "expert":
        budget = Budget(seconds) if worlds is None else Budget(seconds, worlds)
        return ExpertBot(role, seed, budget)
    return HeuristicCreature(seed) if role == Side.CREATURE else HeuristicHunted(seed)
