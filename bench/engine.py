"""Complete random games per second on one core, for 1 to 6 Hunted.

Every seat picks uniformly among its legal actions (app.bots.simulate.random_playout) until
the game ends. Prints one line of JSON per configuration; asserts nothing (see README.md).

Usage: python bench/engine.py [--hunted 3 | --hunted 1 2 3 4 5 6 | --hunted all]
                              [--games 500] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from typing import Any

from app.bots.simulate import Tally, random_playout
from app.engine import Config


def measure(hunted: int, games: int, seed: int) -> dict[str, Any]:
    """Play `games` games from consecutive seeds in this process; return the figures."""
    config = Config(hunted=hunted)
    tally = Tally()
    turns = 0
    started, cpu_started = time.perf_counter(), time.process_time()
    for game_seed in range(seed, seed + games):
        state = random_playout(config, game_seed, tally)
        turns += state.turn
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started
    return {
        "bench": "engine_random_games",
        "hunted": hunted,
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1),
        # CPU time of this process: the figure to compare when the machine is busy.
        "cpu_seconds": round(cpu_seconds, 3),
        "games_per_cpu_second": round(games / cpu_seconds, 1),
        "actions_per_second": round(tally.actions / seconds),
        "avg_actions": round(tally.actions / games, 1),
        "avg_turns": round(turns / games, 2),
        "python": platform.python_version(),
    }


def parse_hunted(values: list[str]) -> list[int]:
    """`all` or Hunted counts in 1..6."""
    if values == ["all"]:
        return list(range(1, 7))
    counts = [int(v) for v in values]
    if not all(1 <= n <= 6 for n in counts):
        raise SystemExit("--hunted takes counts from 1 to 6, or 'all'")
    return counts


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hunted", nargs="+", default=["3"],
                        help="Hunted counts (1-6) to measure, or 'all' (default: 3)")
    parser.add_argument("--games", type=int, default=500, help="games per configuration")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    args = parser.parse_args(argv)
    for hunted in parse_hunted(args.hunted):
        print(json.dumps(measure(hunted, args.games, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
