"""Complete random games per second on one core: this engine beside a baseline engine.

Every seat picks uniformly among its legal actions until the game ends (the player of
tests/engine/golden.py, through the engine's public API only). The baseline is the engine of a
git ref (by default the last commit before the speed work) extracted into a temporary directory;
each engine runs in its own subprocess, alternating, on the same seeds, and the best CPU time of
`--rounds` rounds counts. Prints one line of JSON per engine and per Hunted count, then the
ratio, and checks both engines ended every game the same way (winner, reason, turns, actions).
The current engine is the one that serves: compiled when `make engine` built it (each line says
whether its engine ran compiled); a baseline is always its sources, interpreted, so
`--baseline HEAD` measures the compilation alone.

Usage: python bench/engine.py [--hunted 3 | --hunted 1 2 3 4 5 6 | --hunted all]
                              [--games 300] [--seed 1] [--rounds 3] [--baseline REF]
                              [--variant base|frozen-lands]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from random import Random
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# The engine as it stood before the speed work (golden playthroughs landed, no speed change).
BASELINE_REF = "15c1f27"


def play(config: Any, seed: int) -> tuple[str, str, int, int]:
    """One random game: (winner, reason, turns, actions)."""
    from app.engine import active_seats, apply_unchecked, legal_actions, new_game

    chooser = Random(seed)
    state = new_game(config, seed)
    actions = 0
    while not state.winner:
        seats = active_seats(state)
        seat = seats[int(chooser.random() * len(seats))]
        legal = legal_actions(state, seat)
        state, _ = apply_unchecked(state, seat, legal[int(chooser.random() * len(legal))])
        actions += 1
    return state.winner, state.reason, state.turn, actions


def worker(hunted: int, variant: str, games: int, seed: int) -> dict[str, Any]:
    """Play the games in this process (whose PYTHONPATH chose the engine); return figures."""
    import app.engine
    import app.engine.game
    from app.engine import Config

    config = Config(hunted=hunted, variant=variant)
    results = []
    started, cpu_started = time.perf_counter(), time.process_time()
    for game_seed in range(seed, seed + games):
        results.append(play(config, game_seed))
    seconds = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    actions = sum(r[3] for r in results)
    return {
        "engine": str(Path(app.engine.__file__).resolve().parent),
        "compiled": Path(app.engine.game.__file__ or "").suffix != ".py",
        "seconds": seconds,
        "cpu_seconds": cpu,
        "actions": actions,
        "turns": sum(r[2] for r in results),
        "results": hashlib.sha256(json.dumps(results).encode()).hexdigest()[:16],
    }


def extract(ref: str, into: Path) -> Path:
    """The app/ package of `ref`, written under `into`; returns the directory to import from."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref, "app"],
                             check=True, capture_output=True).stdout
    tar_path = into / "app.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(into, filter="data")
    return into


def run_in(tree: Path, hunted: int, variant: str, games: int, seed: int) -> dict[str, Any]:
    """Run `worker` in a subprocess importing `app` from `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    args = [sys.executable, __file__, "--worker", "--hunted", str(hunted), "--variant", variant,
            "--games", str(games), "--seed", str(seed)]
    done = subprocess.run(args, env=env, cwd=tree, check=True, capture_output=True, text=True)
    figures: dict[str, Any] = json.loads(done.stdout)
    if Path(figures["engine"]) != (tree / "app" / "engine").resolve():
        raise SystemExit(f"the worker imported {figures['engine']}, not the engine of {tree}")
    return figures


def line(name: str, hunted: int, variant: str, games: int, best: dict[str, Any]) -> str:
    """One engine's figures as a JSON line."""
    return json.dumps({
        "bench": "engine_random_games", "engine": name, "hunted": hunted, "variant": variant,
        "games": games, "compiled": best["compiled"],
        # CPU time of the worker: the figure to compare when the machine is busy.
        "games_per_cpu_second": round(games / best["cpu_seconds"], 1),
        "games_per_second": round(games / best["seconds"], 1),
        "actions_per_cpu_second": round(best["actions"] / best["cpu_seconds"]),
        "avg_actions": round(best["actions"] / games, 1),
        "avg_turns": round(best["turns"] / games, 2),
        "results": best["results"], "python": platform.python_version(),
    })


def compare(baseline: str, hunted: int, variant: str, games: int, seed: int,
            rounds: int, tree: Path) -> None:
    """Alternate baseline and current runs; print the best of each and their ratio."""
    runs: dict[str, list[dict[str, Any]]] = {"baseline": [], "current": []}
    for _ in range(rounds):
        runs["baseline"].append(run_in(tree, hunted, variant, games, seed))
        runs["current"].append(run_in(ROOT, hunted, variant, games, seed))
    best = {name: min(found, key=lambda r: r["cpu_seconds"]) for name, found in runs.items()}
    print(line(f"baseline {baseline}", hunted, variant, games, best["baseline"]), flush=True)
    print(line("current", hunted, variant, games, best["current"]), flush=True)
    same = best["baseline"]["results"] == best["current"]["results"]
    print(json.dumps({"hunted": hunted, "variant": variant, "same_results": same,
                      "speedup": round(best["baseline"]["cpu_seconds"]
                                       / best["current"]["cpu_seconds"], 2)}), flush=True)
    if not same:
        raise SystemExit("the two engines ended the same seeds differently")


def parse_hunted(values: list[str], variant: str) -> list[int]:
    """`all` (every count the variant allows: Frozen Lands needs 3 Hunted) or counts in 1..6."""
    fewest = 3 if variant == "frozen-lands" else 1
    if values == ["all"]:
        return list(range(fewest, 7))
    counts = [int(v) for v in values]
    if not all(fewest <= n <= 6 for n in counts):
        raise SystemExit(f"--hunted takes counts from {fewest} to 6 here, or 'all'")
    return counts


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hunted", nargs="+", default=["3"],
                        help="Hunted counts (1-6) to measure, or 'all' (default: 3)")
    parser.add_argument("--games", type=int, default=300, help="games per run")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--rounds", type=int, default=3, help="runs per engine; best counts")
    parser.add_argument("--variant", default="base", choices=("base", "frozen-lands"))
    parser.add_argument("--baseline", default=BASELINE_REF, help="git ref of the baseline")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        figures = worker(int(args.hunted[0]), args.variant, args.games, args.seed)
        print(json.dumps(figures))
        return 0
    with tempfile.TemporaryDirectory(prefix="engine-baseline-") as tmp:
        tree = extract(args.baseline, Path(tmp))
        for hunted in parse_hunted(args.hunted, args.variant):
            compare(args.baseline, hunted, args.variant, args.games, args.seed, args.rounds,
                    tree)
    return 0


if __name__ == "__main__":
    sys.exit(main())
