"""Win rates between bot pairings, each with its game count and a 95 % interval.

Prints one JSON line per pairing and, with --write, the Markdown table of docs/balance.md.
Heuristic lines play --games games; expert lines play --expert-games games with the stated
search budget (seconds and worlds per decision), because an expert game costs thousands of
heuristic ones. Lines run in --workers processes; seeds are consecutive from --seed.

Usage: python bench/balance.py [--games 1000] [--expert-games 40] [--expert-seconds 0]
                               [--expert-worlds 8] [--workers 2] [--only base,frozen,expert]
                               [--write docs/balance.md]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.bots.simulate import run
from app.engine import Config

FROZEN = "frozen-lands"


@dataclass(frozen=True)
class Line:
    """One row of the table: a pairing on a table, and how many games it gets."""

    section: str
    creature: str
    hunted: str
    config: Config
    games: int


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate, as fractions."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def lines(games: int, expert_games: int, sections: set[str]) -> list[Line]:
    """Every line of the table, in order."""
    out: list[Line] = []
    if "base" in sections:
        for creature, hunted in (("heuristic", "random"), ("random", "heuristic"),
                                 ("heuristic", "heuristic")):
            out += [Line("base", creature, hunted, Config(hunted=n), games) for n in range(1, 7)]
    if "frozen" in sections:
        out += [Line("frozen", "heuristic", "heuristic", Config(hunted=n, variant=FROZEN), games)
                for n in range(3, 7)]
    if "expert" in sections:
        out += [Line("expert", "expert", "heuristic", Config(hunted=3), expert_games),
                Line("expert", "heuristic", "expert", Config(hunted=3), expert_games)]
        out += [Line("expert", "expert", "expert", Config(hunted=n, variant=FROZEN),
                     expert_games) for n in range(3, 7)]
    return out


def measure(line: Line, seed: int, seconds: float | None, worlds: int) -> dict[str, Any]:
    """Play one line; return simulate's figures with the interval and the budget."""
    figures = run(line.config, line.games, seed, line.creature, line.hunted, seconds, worlds)
    figures.pop("cards_played")
    low, high = wilson(figures["hunted_wins"], figures["games"])
    figures["hunted_interval"] = [round(low, 4), round(high, 4)]
    figures["section"] = line.section
    return figures


def main() -> int:
    """Measure every line (in parallel), print JSON lines, optionally write the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--expert-games", type=int, default=40)
    parser.add_argument("--expert-seconds", type=float, default=0.0,
                        help="an expert's seconds per decision (0: no clock, worlds only)")
    parser.add_argument("--expert-worlds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", default="base,frozen,expert")
    parser.add_argument("--write", type=Path, default=None)
    args = parser.parse_args()
    todo = lines(args.games, args.expert_games, set(args.only.split(",")))
    seconds = args.expert_seconds or None
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(measure, line, args.seed, seconds, args.expert_worlds)
                   for line in todo]
        rows = []
        for future in futures:
            rows.append(future.result())
            print(json.dumps(rows[-1]), flush=True)
    if args.write:
        args.write.write_text(table(rows, args))
    return 0


def table(rows: list[dict[str, Any]], args: argparse.Namespace) -> str:
    """The Markdown table of docs/balance.md."""
    budget = (f"{args.expert_seconds} s" if args.expert_seconds else "no clock") + (
        f", at most {args.expert_worlds} worlds per decision")
    head = [
        "# Balance: bot against bot",
        "",
        f"Measured with `python bench/balance.py --games {args.games} --expert-games "
        f"{args.expert_games} --expert-seconds {args.expert_seconds} --expert-worlds "
        f"{args.expert_worlds} --seed {args.seed} --write docs/balance.md`: seeds consecutive "
        "from the given one; the interval is the 95 % Wilson interval of the Hunted's win rate. "
        f"Expert lines search with a budget of {budget} (not the 1 s default: see below).",
        "",
        "| variant | Creature | Hunted | Hunted count | games | Creature wins | Hunted wins "
        "| Hunted 95 % interval | avg turns | endings | errors |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    return "\n".join(head + [_row(r) for r in rows]) + "\n"


def _row(r: dict[str, Any]) -> str:
    played = max(int(r["games"]), 1)
    low, high = r["hunted_interval"]
    variant = "Frozen Lands" if r["variant"] == FROZEN else "base"
    reasons = r["reasons"]
    endings = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items()))
    return (f"| {variant} | {r['creature_player']} | {r['hunted_player']} | {r['hunted']} | "
            f"{r['games']} | {100 * r['creature_wins'] / played:.1f} % | "
            f"{100 * r['hunted_wins'] / played:.1f} % | {100 * low:.1f}–{100 * high:.1f} % | "
            f"{r['avg_turns']} | {endings} | {r['errors']} |")


if __name__ == "__main__":
    sys.exit(main())
