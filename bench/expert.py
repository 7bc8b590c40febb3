"""Does the expert keep to its time budget? Decision times against the budget and the heuristic.

Plays games where one seat is an expert with `--seconds` per decision (no world cap) and the
others are heuristic bots, timing every decision of that seat; the heuristic bot's decisions
on the same games are timed as the baseline. Prints one JSON line per role; asserts nothing.

Usage: python bench/expert.py [--seconds 1.0] [--games 2] [--hunted 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.bots.base import Bot, View
from app.bots.factory import make_bot
from app.bots.play import bots_for, play_game
from app.engine import CREATURE, Action, Config
from app.engine.determinize import rebuildable


class Timed:
    """Wraps a bot and records how long each of its decisions took (searched ones apart)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.searched: list[float] = []
        self.other: list[float] = []

    def choose(self, view: View) -> Action:
        """The wrapped bot's choice, timed."""
        started = time.perf_counter()
        action = self.bot.choose(view)
        took = time.perf_counter() - started
        searched = rebuildable(view) and len(view["legal_actions"]) > 1
        (self.searched if searched else self.other).append(took)
        return action


def measure(role: str, kind: str, args: argparse.Namespace) -> dict[str, Any]:
    """Time one seat of `kind` in the given role over the games."""
    config = Config(hunted=args.hunted)
    timed: list[Timed] = []
    for seed in range(args.seed, args.seed + args.games):
        bots = bots_for(config, "heuristic", "heuristic", seed)
        seat = CREATURE if role == "creature" else 1
        # No world cap: the clock alone bounds the search, which is what is measured here.
        watch = Timed(make_bot(kind, role, seed, args.seconds, 10**9))
        play_game(config, seed, {**bots, seat: watch})
        timed.append(watch)
    searched = [t for w in timed for t in w.searched]
    return {"role": role, "bot": kind, "budget_seconds": args.seconds,
            "decisions_searched": len(searched),
            "median": round(statistics.median(searched), 4) if searched else None,
            "p95": round(_p95(searched), 4) if searched else None,
            "max": round(max(searched), 4) if searched else None,
            "max_over_budget": round(max(searched) / args.seconds, 3) if searched else None}


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main() -> int:
    """Expert and heuristic decision times per role; the ratio of each to the budget."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--hunted", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for role in ("creature", "hunted"):
        baseline = measure(role, "heuristic", args)
        expert = measure(role, "expert", args)
        if baseline["median"] and expert["median"]:
            expert["median_vs_heuristic"] = round(expert["median"] / baseline["median"], 1)
        print(json.dumps(baseline), flush=True)
        print(json.dumps(expert), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
