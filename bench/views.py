"""What a move's frames cost the server, in-process: for each state of some random games, the
views of its four seats (`seat_views`) and the text of each seat's `update` (as
`Publisher.update` builds them), for this checkout and, in the same invocation, for a baseline
checkout (`--baseline DIR`, e.g. `git archive main | tar -x -C DIR` with the compiled engine
copied in), each in a subprocess of its own, rounds interleaved; the best round of each counts.
Where the checkout has patches, also the views with every seat's patch (as for sockets that take
them: docs/protocol.md, "Patches"), and the average bytes of an `update` whole and as a patch.

Usage: .venv/bin/python bench/views.py --baseline DIR [--games 8] [--rounds 7]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEATS = range(4)  # the Creature and 3 Hunted


def measure(games: int) -> dict[str, float]:
    """CPU µs per state: the views alone, and the views with their texts (run in a child)."""
    from random import Random

    from app.compiled import is_current
    from app.engine import Config, active_seats, apply_action, legal_actions, new_game, seat_views
    try:
        from app.server.texts import StateWire
    except ImportError:  # a checkout from before texts.py
        from app.server.frames import StateWire  # type: ignore[attr-defined,no-redef]
    from app.server.publish import update_frame

    chooser, states = Random(1), []
    for seed in range(games):
        state = new_game(Config(hunted=3, variant=("base", "frozen-lands")[seed % 2]), seed)
        for version in range(1, 400):
            seats = active_seats(state)
            if not seats:
                break
            actor = chooser.choice(seats)
            state, events = apply_action(state, actor, chooser.choice(legal_actions(state, actor)))
            states.append((version, state, events))

    def views() -> None:
        for _, state, _ in states:
            seat_views(state, SEATS)

    def texts() -> None:
        for version, state, events in states:
            shown, wire = seat_views(state, SEATS), StateWire()
            for seat in SEATS:
                update_frame(version, shown[seat], events, seat, None, None, wire)

    def cpu(run: Callable[[], object]) -> float:
        started = time.process_time()
        run()
        return (time.process_time() - started) / len(states) * 1e6

    found = {"states": len(states), "compiled": is_current(), "views_us": cpu(views),
             "views_and_texts_us": cpu(texts)}
    try:  # a checkout from before patches has none
        from app.server.publish import seen_events
        from app.server.texts import encode_fields
    except ImportError:
        return found

    def patches(sizes: list[tuple[int, int]] | None = None) -> None:
        """Every seat's patch, as `Publisher.update` builds it for a socket that takes them
        (into `sizes`, if given: the bytes of each patch and of its whole view's text)."""
        before: dict[int, dict[str, bytes]] = {}
        for version, state, events in states:
            shown, wire = seat_views(state, SEATS), StateWire()
            now: dict[int, dict[str, bytes]] = {}
            for seat in SEATS:
                fields = wire.fields(shown[seat])
                seen = seen_events(version, events, seat)
                patch = encode_fields(version, fields, seen, None,
                                      before.get(seat) if version > 1 else None)
                if sizes is not None:
                    whole = encode_fields(version, fields, seen, None, None)
                    sizes.append((len(patch), len(whole)))
                now[seat] = fields.data
            before = now

    found["views_and_patches_us"] = cpu(patches)
    sizes: list[tuple[int, int]] = []
    patches(sizes)
    found["update_bytes"] = sum(whole for _, whole in sizes) / len(sizes)
    found["patch_bytes"] = sum(patch for patch, _ in sizes) / len(sizes)
    return found


def child(root: Path, games: int) -> dict[str, float]:
    """One round of `measure` in a fresh interpreter that imports the app from `root`."""
    code = f"import json, views; print(json.dumps(views.measure({games})))"
    env = {**os.environ, "PYTHONPATH": f"{root}{os.pathsep}{Path(__file__).parent}"}
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True, cwd=root, env=env)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="a checkout to compare")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.rounds):
        for name, root in (("baseline", args.baseline.resolve()), ("ours", ROOT)):
            got = child(root, args.games)
            kept = best.setdefault(name, got)
            for key in ("views_us", "views_and_texts_us", "views_and_patches_us"):
                if key in got:
                    kept[key] = min(kept[key], got[key])
    print(f"{'checkout':10} {'states':>7} {'compiled':>9} {'views µs':>9} {'+texts µs':>10} "
          f"{'+patches µs':>12} {'update B':>9} {'patch B':>8}")
    for name, row in best.items():
        print(f"{name:10} {row['states']:7} {row['compiled']!s:>9} {row['views_us']:9.1f} "
              f"{row['views_and_texts_us']:10.1f} {_cell(row, 'views_and_patches_us', 12)} "
              f"{_cell(row, 'update_bytes', 9)} {_cell(row, 'patch_bytes', 8)}")
    ours, base = best["ours"], best["baseline"]
    print(f"{'ours/base':10} {'':7} {'':9} {ours['views_us'] / base['views_us']:9.2f} "
          f"{ours['views_and_texts_us'] / base['views_and_texts_us']:10.2f}")
    print(json.dumps({"bench": "views", "rounds": args.rounds, **best}))


def _cell(row: dict[str, float], key: str, width: int) -> str:
    """A figure a checkout may lack (one from before patches), right-aligned."""
    return f"{row[key]:{width}.1f}" if key in row else f"{'-':>{width}}"


if __name__ == "__main__":
    main()
