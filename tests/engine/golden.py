"""Golden playthroughs: complete games recorded once, replayed by tests/engine/test_golden.py.

A golden game is (config, seed, actions) chosen by `random_game`'s seeded player, stored with
what the engine answered: every action's events with the seats that may not see each one, and
at the end the full state, the outcome and every seat's view (the spectator's too). Beside them,
`outcomes-<variant>.json` holds (winner, reason, turns, actions) of ~200 seeded games per variant.

Any change to the rules, to who sees what, or to the random player's sequence changes a file and
fails the tests. When a rule changes on purpose (a Frozen Lands number, say), regenerate and
review the diff, then say so in the commit message:

    .venv/bin/python -m tests.engine.golden --write          # every file
    .venv/bin/python -m tests.engine.golden --write frozen   # files whose name contains "frozen"
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

from app.engine import (
    Action,
    Config,
    Event,
    GameState,
    active_seats,
    apply_unchecked,
    legal_actions,
    new_game,
    view_for,
)

HERE = Path(__file__).resolve().parent / "golden"
MAX_ACTIONS = 20_000  # a random game ends within a few hundred actions
FROZEN = "frozen-lands"


@dataclass(frozen=True)
class Golden:
    """One recorded game: its file name, table and seed."""

    name: str
    config: Config
    seed: int

    @property
    def path(self) -> Path:
        """Where the recording lives."""
        return HERE / f"{self.name}.json"


GAMES: tuple[Golden, ...] = (
    Golden("base-1-hunted", Config(hunted=1), 1),
    Golden("base-3-hunted", Config(hunted=3), 2),
    Golden("base-6-hunted", Config(hunted=6), 3),
    Golden("base-3-hunted-abilities", Config(hunted=3, abilities=True), 4),
    Golden("base-5-hunted-abilities-side-2", Config(hunted=5, board_side=2, abilities=True), 5),
    Golden("frozen-3-hunted", Config(hunted=3, variant=FROZEN), 6),
    Golden("frozen-4-hunted", Config(hunted=4, variant=FROZEN), 7),
    Golden("frozen-6-hunted-side-2", Config(hunted=6, board_side=2, variant=FROZEN), 8),
    # Lost when the Hunted board: a Contamination icon among the revealed tokens (E1), after
    # waiting once and discarding a token.
    Golden("frozen-3-hunted-contamination", Config(hunted=3, variant=FROZEN), 79),
)

OUTCOME_GAMES = 200


def outcome_config(variant: str, seed: int) -> Config:
    """The table of the seed-th game of a variant's outcome sample: counts and sides cycle."""
    side = 1 + seed % 2
    if variant == "base":
        return Config(hunted=1 + seed % 6, board_side=side)
    if variant == "base-abilities":
        return Config(hunted=1 + seed % 6, board_side=side, abilities=True)
    if variant == FROZEN:
        return Config(hunted=3 + seed % 4, board_side=side, variant=FROZEN)
    raise ValueError(f"unknown outcome variant {variant!r}")


OUTCOME_VARIANTS = ("base", "base-abilities", FROZEN)


def outcomes_path(variant: str) -> Path:
    """Where a variant's outcome tuples live."""
    return HERE / f"outcomes-{variant}.json"


Step = tuple[int, Action, list[Event]]


def random_game(config: Config, seed: int) -> tuple[GameState, list[Step]]:
    """A complete game where a seat drawn uniformly among those owing a decision picks
    uniformly among its legal actions, both draws from Random(seed). Fixed forever: the
    golden files depend on this exact sequence of draws."""
    chooser = Random(seed)
    state = new_game(config, seed)
    steps: list[Step] = []
    while not state.winner:
        if len(steps) >= MAX_ACTIONS:
            raise RuntimeError(f"game {config}/{seed} did not end in {MAX_ACTIONS} actions")
        seats = active_seats(state)
        seat = seats[int(chooser.random() * len(seats))]
        legal = legal_actions(state, seat)
        action = legal[int(chooser.random() * len(legal))]
        state, events = apply_unchecked(state, seat, action)
        steps.append((seat, action, events))
    return state, steps


def audience(config: Config) -> list[int | None]:
    """Every seat of the table, then the spectator (None)."""
    return [*range(config.hunted + 1), None]


def event_record(event: Event, config: Config) -> dict[str, Any]:
    """An event's JSON plus `unseen_by`: the seats (None = spectator) it is hidden from."""
    out = event.to_json()
    unseen = [seat for seat in audience(config) if not event.visible_to(seat)]
    if unseen:
        out["unseen_by"] = unseen
    return out


def step_record(step: Step, config: Config) -> list[Any]:
    """[seat, action, events] as stored."""
    seat, action, events = step
    return [seat, action.to_json(), [event_record(e, config) for e in events]]


def views(state: GameState) -> dict[str, Any]:
    """Every seat's view of `state`, keyed by seat number or "spectator"."""
    return {"spectator" if seat is None else str(seat): view_for(state, seat)
            for seat in audience(state.config)}


def record(game: Golden) -> dict[str, Any]:
    """Play the game and gather everything stored about it."""
    state, steps = random_game(game.config, game.seed)
    return {
        "config": game.config.to_json(),
        "seed": game.seed,
        "outcome": {"winner": state.winner, "reason": state.reason, "turn": state.turn},
        "steps": [step_record(step, game.config) for step in steps],
        "state": state.to_json(),
        "views": views(state),
    }


def dumps(recording: dict[str, Any]) -> str:
    """JSON with one step per line and indented state and views: small, readable diffs."""
    lines = ["{"]
    for index, (key, value) in enumerate(recording.items()):
        comma = "," if index < len(recording) - 1 else ""
        if key == "steps":
            body = ",\n".join("  " + json.dumps(step, separators=(",", ":")) for step in value)
            lines.append(f'"steps": [\n{body}\n]{comma}')
        elif key in ("state", "views"):
            lines.append(f'"{key}": {json.dumps(value, indent=1)}{comma}')
        else:
            lines.append(f'"{key}": {json.dumps(value)}{comma}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def outcome_tuples(variant: str) -> list[list[Any]]:
    """[seed, hunted, winner, reason, turns, actions] of each game of the variant's sample."""
    rows: list[list[Any]] = []
    for seed in range(1, OUTCOME_GAMES + 1):
        config = outcome_config(variant, seed)
        state, steps = random_game(config, seed)
        rows.append([seed, config.hunted, state.winner, state.reason, state.turn, len(steps)])
    return rows


def dumps_outcomes(rows: list[list[Any]]) -> str:
    """One game per line."""
    body = ",\n".join(" " + json.dumps(row) for row in rows)
    return f"[\n{body}\n]\n"


def write(only: str = "") -> list[Path]:
    """Regenerate the files whose name contains `only` (all by default); return them."""
    HERE.mkdir(exist_ok=True)
    written: list[Path] = []
    for game in GAMES:
        if only in game.name:
            game.path.write_text(dumps(record(game)))
            written.append(game.path)
    for variant in OUTCOME_VARIANTS:
        path = outcomes_path(variant)
        if only in path.name:
            path.write_text(dumps_outcomes(outcome_tuples(variant)))
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: regenerate golden files."""
    parser = argparse.ArgumentParser(description="Regenerate the golden playthroughs.")
    parser.add_argument("--write", action="store_true", help="write the files (required)")
    parser.add_argument("only", nargs="?", default="", help="only files whose name contains it")
    args = parser.parse_args(argv)
    if not args.write:
        parser.error("pass --write to overwrite the golden files")
    for path in write(args.only):
        print(path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
