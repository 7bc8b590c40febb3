"""bench/ladder.py: every level against every level, one Bradley-Terry rating per level and role.

The fit is checked on made-up results whose ratings are known; the command on a tiny run.
"""

from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_ladder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ladder", ROOT / "bench" / "ladder.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ladder"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


ladder = load_ladder()
TRUE = {("creature", "random"): 0.0, ("creature", "heuristic"): 2.0,
        ("creature", "expert"): 3.0, ("hunted", "random"): -1.0,
        ("hunted", "heuristic"): 1.5, ("hunted", "expert"): 2.5}


def expected_results(games: int) -> list[object]:
    """Each pairing's Hunted wins as the true ratings expect them (rounded)."""
    out = []
    for creature in ("random", "heuristic", "expert"):
        for hunted in ("random", "heuristic", "expert"):
            gap = TRUE[("hunted", hunted)] - TRUE[("creature", creature)]
            wins = round(games / (1 + math.exp(-gap)))
            out.append(ladder.Pairing("base", creature, hunted, games, wins))
    return out


def test_the_fit_finds_the_ratings_the_results_came_from() -> None:
    ratings = ladder.fit(expected_results(100_000))
    for r in ratings:
        assert abs(r.value - TRUE[(r.role, r.level)]) < 0.05
        assert r.low <= TRUE[(r.role, r.level)] <= r.high


def test_the_random_creature_is_the_anchor_and_more_games_narrow_the_intervals() -> None:
    few, many = ladder.fit(expected_results(50)), ladder.fit(expected_results(5_000))
    anchor = next(r for r in few if (r.role, r.level) == ("creature", "random"))
    assert (anchor.value, anchor.low, anchor.high) == (0.0, 0.0, 0.0)
    width = {(r.role, r.level): r.high - r.low for r in few}
    assert all(r.high - r.low < width[(r.role, r.level)] for r in many
               if (r.role, r.level) != ("creature", "random"))


def test_a_pairing_won_every_time_still_gets_a_finite_rating() -> None:
    pairings = [ladder.Pairing("base", "random", "heuristic", 100, 100),
                ladder.Pairing("base", "heuristic", "heuristic", 100, 40),
                ladder.Pairing("base", "heuristic", "random", 100, 0),
                ladder.Pairing("base", "random", "random", 100, 50)]
    ratings = {(r.role, r.level): r for r in ladder.fit(pairings)}
    assert all(math.isfinite(r.value) and math.isfinite(r.high) for r in ratings.values())
    assert ratings[("hunted", "heuristic")].value > ratings[("hunted", "random")].value + 2


def test_the_command_plays_every_pairing_and_prints_the_tables() -> None:
    done = subprocess.run(
        [sys.executable, "bench/ladder.py", "--games", "4", "--levels", "random,heuristic",
         "--variants", "base", "--seed", "5"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=True)
    rows = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    pairs = {(r["creature"], r["hunted"]) for r in rows if "creature" in r}
    assert pairs == {(c, h) for c in ("random", "heuristic") for h in ("random", "heuristic")}
    assert all(r["games"] == 4 for r in rows if "creature" in r)
    fitted = next(r for r in rows if "ratings" in r)
    assert {(r["role"], r["level"]) for r in fitted["ratings"]} == {
        (role, level) for role in ("creature", "hunted") for level in ("random", "heuristic")}
    assert "| base | hunted | heuristic |" in done.stdout
