"""Win rates between bot pairings for 1-6 Hunted; prints JSON lines, optionally writes a table.

Usage: python bench/balance.py --games 500 [--write docs/balance.md]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.bots.simulate import run
from app.engine.state import Config

PAIRINGS = [("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic")]


def main() -> int:
    """Run every pairing at every Hunted count; print one JSON line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hunted", default="1,2,3,4,5,6")
    parser.add_argument("--write", type=Path, default=None)
    args = parser.parse_args()
    rows = []
    counts = [int(h) for h in args.hunted.split(",")]
    configs = [(pairing, Config(hunted=n)) for pairing in PAIRINGS for n in counts]
    # Frozen Lands (3+ Hunted), abilities on as recommended: heuristic against heuristic.
    configs += [(("heuristic", "heuristic"), Config(hunted=n, variant="frozen-lands",
                                                    abilities=True)) for n in counts if n >= 3]
    for (creature, hunted), config in configs:
        figures = run(config, args.games, args.seed, creature, hunted)
        figures.pop("cards_played")
        print(json.dumps(figures), flush=True)
        rows.append(figures)
    if args.write:
        args.write.write_text(_table(rows, args.games, args.seed))
    return 0


def _table(rows: list[dict[str, object]], games: int, seed: int) -> str:
    lines = [
        "# Balance: bot against bot",
        "",
        f"Measured with `python bench/balance.py --games {games} --seed {seed} --write "
        "docs/balance.md` (seeds from the given one, consecutive). Win rates are the share of",
        "completed games; `errors` counts games that raised.",
        "",
        "| variant | Creature | Hunted | Hunted count | games | Creature wins | Hunted wins "
        "| avg turns | errors |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        played = max(int(str(r["games"])), 1)
        creature_rate = 100 * int(str(r["creature_wins"])) / played
        hunted_rate = 100 * int(str(r["hunted_wins"])) / played
        variant = "Frozen Lands" if r["variant"] == "frozen-lands" else "base"
        lines.append(f"| {variant} | {r['creature_player']} | {r['hunted_player']} | "
                     f"{r['hunted']} | "
                     f"{r['games']} | {creature_rate:.1f} % | {hunted_rate:.1f} % | "
                     f"{r['avg_turns']} | {r['errors']} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
