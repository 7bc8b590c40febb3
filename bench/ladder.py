"""The ladder of the bot levels: every level against every level in each role, one rating each.

At 3 Hunted, base game and Frozen Lands, every Creature level plays every Hunted level (the
Hunted seats all at one level). A Bradley-Terry model fits one rating per level and role: the
Hunted win with log-odds (Hunted rating - Creature rating), the random Creature pinned at 0 and
a wide normal prior (sd PRIOR_SD) keeping a pairing won every time finite. Each rating gets a
95 % interval from the curvature of the fit. Prints one JSON line per pairing and per variant,
then the Markdown tables of docs/balance.md.

Usage: python bench/ladder.py [--games 200] [--expert-games 20] [--expert-seconds 0]
                              [--expert-worlds 8] [--seed 1] [--levels random,heuristic,expert]
                              [--variants base,frozen-lands]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.bots.simulate import run
from app.engine import Config

HUNTED = 3
PRIOR_SD = 4.0  # logits: wide enough to leave any measured pairing its say
ANCHOR = ("creature", "random")  # the rating pinned at 0
ELO = 400 / math.log(10)  # logits to Elo points


@dataclass(frozen=True)
class Pairing:
    """One pairing's result: the levels in each role, games played and the Hunted's wins."""

    variant: str
    creature: str
    hunted: str
    games: int
    hunted_wins: int


@dataclass(frozen=True)
class Rating:
    """A fitted rating (logits) with its 95 % interval."""

    role: str
    level: str
    value: float
    low: float
    high: float


def play(variant: str, creature: str, hunted: str, games: int, seed: int,
         seconds: float | None, worlds: int) -> Pairing:
    """Play one pairing at HUNTED Hunted; a game that crashed counts for neither side."""
    figures = run(Config(hunted=HUNTED, variant=variant), games, seed, creature, hunted,
                  seconds, worlds)
    return Pairing(variant, creature, hunted, figures["games"], figures["hunted_wins"])


def fit(pairings: list[Pairing]) -> list[Rating]:
    """Bradley-Terry ratings, maximum a posteriori by Newton's method, with 95 % intervals."""
    names = sorted({("creature", p.creature) for p in pairings}
                   | {("hunted", p.hunted) for p in pairings})
    free = [n for n in names if n != ANCHOR]
    index = {n: i for i, n in enumerate(free)}
    x = [0.0] * len(free)

    def value(name: tuple[str, str]) -> float:
        return x[index[name]] if name in index else 0.0

    for _ in range(50):
        grad = [-v / PRIOR_SD ** 2 for v in x]
        hess = [[(-1.0 / PRIOR_SD ** 2 if i == j else 0.0) for j in range(len(free))]
                for i in range(len(free))]
        for p in pairings:
            hunted, creature = ("hunted", p.hunted), ("creature", p.creature)
            chance = 1.0 / (1.0 + math.exp(-(value(hunted) - value(creature))))
            residual = p.hunted_wins - p.games * chance
            weight = p.games * chance * (1.0 - chance)
            signs = [(n, s) for n, s in ((hunted, 1.0), (creature, -1.0)) if n in index]
            for n, s in signs:
                grad[index[n]] += s * residual
                for m, t in signs:
                    hess[index[n]][index[m]] -= s * t * weight
        step = _solve([[-h for h in row] for row in hess], grad)
        x = [v + d for v, d in zip(x, step, strict=True)]
        if max(abs(d) for d in step) < 1e-9:
            break
    covariance = _inverse([[-h for h in row] for row in hess])
    ratings = [Rating(*ANCHOR, 0.0, 0.0, 0.0)]
    for n, i in index.items():
        half = 1.96 * math.sqrt(covariance[i][i])
        ratings.append(Rating(n[0], n[1], x[i], x[i] - half, x[i] + half))
    return sorted(ratings, key=lambda r: (r.role, r.value))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a x = b by Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col:
                factor = m[r][col] / m[col][col]
                m[r] = [u - factor * v for u, v in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    """The inverse of a small dense matrix, one column at a time."""
    n = len(a)
    columns = [_solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate, as fractions."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def markdown(pairings: list[Pairing], ratings: dict[str, list[Rating]]) -> str:
    """The two tables of docs/balance.md: the pairings, then the ratings."""
    lines = ["| variant | Creature | Hunted | games | Hunted wins | Hunted 95 % interval |",
             "|---|---|---|---|---|---|"]
    for p in pairings:
        low, high = wilson(p.hunted_wins, p.games)
        lines.append(f"| {p.variant} | {p.creature} | {p.hunted} | {p.games} | "
                     f"{100 * p.hunted_wins / max(p.games, 1):.1f} % | "
                     f"{100 * low:.1f}–{100 * high:.1f} % |")
    lines += ["", "| variant | role | level | rating (logits) | 95 % interval | Elo points |",
              "|---|---|---|---|---|---|"]
    for variant, fitted in ratings.items():
        for r in fitted:
            interval = "anchor" if (r.role, r.level) == ANCHOR else f"{r.low:+.2f} to {r.high:+.2f}"
            lines.append(f"| {variant} | {r.role} | {r.level} | {r.value:+.2f} | {interval} | "
                         f"{ELO * r.value:+.0f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Play every pairing, fit the ratings, print JSON lines and the Markdown tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--expert-games", type=int, default=20,
                        help="games per pairing that seats an expert")
    parser.add_argument("--expert-seconds", type=float, default=0.0,
                        help="an expert's seconds per decision (0: no clock, worlds only)")
    parser.add_argument("--expert-worlds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="random,heuristic,expert")
    parser.add_argument("--variants", default="base,frozen-lands")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    pairings: list[Pairing] = []
    ratings: dict[str, list[Rating]] = {}
    for variant in args.variants.split(","):
        played = []
        for creature in levels:
            for hunted in levels:
                games = args.expert_games if "expert" in (creature, hunted) else args.games
                pairing = play(variant, creature, hunted, games, args.seed,
                               args.expert_seconds or None, args.expert_worlds)
                print(json.dumps(pairing.__dict__), flush=True)
                played.append(pairing)
        ratings[variant] = fit(played)
        print(json.dumps({"variant": variant,
                          "ratings": [r.__dict__ for r in ratings[variant]]}), flush=True)
        pairings += played
    print(markdown(pairings, ratings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
