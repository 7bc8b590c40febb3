"""The figures of `bench/server.py`: per point, the ratios ours/relay, the knee, the table."""

from __future__ import annotations

import argparse
import math
import os
from collections import Counter
from dataclasses import dataclass
from typing import Any

import procstat

KNEE_MS = 100.0  # the knee: the room count where p99 act->update crosses this
RATIOS = ("moves_per_second", "p50_ms", "p90_ms", "p99_ms", "server_cpu_ms_per_move",
          "db_cpu_ms_per_move", "client_cpu_ms_per_move", "kb_per_socket", "busy",
          "open_ms_each", "open_cpu_ms_each", "connect_s", "connect_cpu_ms_each", "reconnect_s",
          "reconnect_cpu_ms_each")


@dataclass(frozen=True)
class Reading:
    """Counters read at one moment; two readings frame the driving window."""

    at: float
    server_cpu: float
    postgres_cpu: dict[int, float]
    load: list[float]


def percentile(sorted_values: list[float], q: float) -> float | None:
    if not sorted_values:
        return None
    return sorted_values[min(len(sorted_values) - 1, round(q * (len(sorted_values) - 1)))]


def rounded(value: float | None, digits: int = 2) -> float | None:
    return None if value is None else round(value, digits)


def figures(target: str, rooms: int, sockets: int, per_socket: float, setup_errors: int,
            start: Reading, end: Reading, done: list[tuple[Any, ...]]) -> dict[str, Any]:
    """One point's figures from the clients' answers and the two readings."""
    ms = sorted(x * 1000 for answer in done for x in answer[1])
    errors: Counter[str] = Counter()
    for answer in done:
        errors.update(answer[2])
    elapsed = end.at - start.at
    moves = len(ms)
    cpu = end.server_cpu - start.server_cpu
    db = procstat.cpu_since(start.postgres_cpu, end.postgres_cpu)
    return {
        "target": target, "rooms": rooms, "sockets": sockets, "seconds": round(elapsed, 1),
        "moves": moves, "moves_per_second": round(moves / elapsed, 1),
        "p50_ms": rounded(percentile(ms, 0.50)), "p90_ms": rounded(percentile(ms, 0.90)),
        "p99_ms": rounded(percentile(ms, 0.99)), "max_ms": rounded(ms[-1] if ms else None),
        "errors": sum(errors.values()) + setup_errors, "error_kinds": dict(errors),
        "busy": errors.get("busy", 0),
        "setup_errors": setup_errors, "games_finished": sum(a[3] for a in done),
        "server_cpu_seconds": round(cpu, 2), "server_cpu_share": round(cpu / elapsed, 2),
        "server_cpu_ms_per_move": rounded(1000 * cpu / moves if moves else None),
        "db_cpu_ms_per_move": rounded(1000 * db / moves if moves else None),
        # What the load clients spent per move: in a flood they share the box with the server.
        "client_cpu_ms_per_move": rounded(1000 * sum(a[4] for a in done) / moves
                                          if moves else None),
        "kb_per_socket": round(per_socket / 1024, 1),
        # The busiest load client's share of a core: near 1, the client was the bottleneck.
        "client_cpu_share_max": round(max(a[4] for a in done) / elapsed, 2),
        "load_average": end.load,
    }


def storm(kind: str, seconds: float, cpu: float, count: int) -> dict[str, Any]:
    """A setup phase (`open`, `connect`, `reconnect`): its wall seconds, and wall and server
    CPU ms per request or socket (`count` of them)."""
    each = max(1, count)
    return {f"{kind}_count": count, f"{kind}_s": round(seconds, 1),
            f"{kind}_ms_each": round(1000 * seconds / each, 2),
            f"{kind}_cpu_ms_each": round(1000 * cpu / each, 3)}


def failed(target: str, rooms: int, reason: str, load: list[float]) -> dict[str, Any]:
    """A point that could not be measured (its setup did not finish in time)."""
    empty: dict[str, Any] = {k: None for k in RATIOS}
    return {**empty, "target": target, "rooms": rooms, "failed": reason, "errors": None,
            "load_average": load}


def ratio(ours: Any, relay: Any) -> float | None:
    if not isinstance(ours, int | float) or not isinstance(relay, int | float) or not relay:
        return None
    return round(ours / relay, 2)


def bracket(points: list[dict[str, Any]]) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The last point (by rooms) under the knee and the first over it (p99 > 100 ms or none)."""
    low = None
    for point in sorted(points, key=lambda p: p["rooms"]):
        if over(point):
            return low, point
        low = point
    return low, None


def over(point: dict[str, Any]) -> bool:
    return point["p99_ms"] is None or point["p99_ms"] > KNEE_MS


def knee(points: list[dict[str, Any]]) -> dict[str, Any]:
    """The knee, interpolated linearly between the bracketing points."""
    low, high = bracket(points)
    tried = [(p["rooms"], p["p99_ms"]) for p in sorted(points, key=lambda p: p["rooms"])]
    if high is None:
        return {"rooms": None, "above": tried[-1][0], "tried": tried}
    if low is None:
        return {"rooms": None, "below": high["rooms"], "tried": tried}
    p0, p1 = low["p99_ms"], high["p99_ms"] or math.inf
    share = (KNEE_MS - p0) / (p1 - p0) if math.isfinite(p1) and p1 > p0 else 0.0
    rooms = round(low["rooms"] + share * (high["rooms"] - low["rooms"]))
    return {"rooms": rooms, "between": [low["rooms"], high["rooms"]], "tried": tried}


def summary(args: argparse.Namespace, results: dict[str, list[dict[str, Any]]],
            knees: dict[str, dict[str, Any]], load_before: list[float],
            load_after: list[float]) -> dict[str, Any]:
    """The JSON line: every point of every target, the ratios ours/relay, the knees."""
    points = []
    for i, rooms in enumerate(args.rooms):
        point: dict[str, Any] = {"rooms": rooms}
        for target, found in results.items():
            point[target] = found[i]
        for relay, name in BASELINES:
            if "ours" in point and relay in point:
                point[name] = {k: ratio(point["ours"].get(k), point[relay].get(k))
                               for k in RATIOS}
        points.append(point)
    result: dict[str, Any] = {
        "bench": "server", "think_ms": args.think_ms, "workers": args.workers,
        "clients": args.clients, "seconds": args.seconds, "nice": args.nice, "cpus": os.cpu_count(),
        "load_average_before": load_before, "load_average_after": load_after, "points": points,
    }
    if knees:
        result["knee"] = knees
        if "ours" in knees and "relay" in knees:
            result["knee_ratio"] = ratio(knees["ours"]["rooms"], knees["relay"]["rooms"])
    return result


# Each relay ours is read against, and the name of the ratios to it.
BASELINES = (("relay", "ratio"), ("relay1", "ratio1"))
LABELS = {"ratio": "ours/relay", "ratio1": "ours/relay1"}
COLUMNS = [("moves/s", "moves_per_second"), ("p50 ms", "p50_ms"), ("p90 ms", "p90_ms"),
           ("p99 ms", "p99_ms"), ("errors", "errors"), ("cpu ms/move", "server_cpu_ms_per_move"),
           ("db ms/move", "db_cpu_ms_per_move"), ("client ms/move", "client_cpu_ms_per_move"),
           ("KB/socket", "kb_per_socket"),
           ("idle ms/move", "bystander_cpu_ms_per_move"), ("busy", "busy"),
           ("open ms/req", "open_ms_each"), ("cpu ms/req", "open_cpu_ms_each"),
           ("connect s", "connect_s"), ("cpu ms/sock", "connect_cpu_ms_each"),
           ("reconnect s", "reconnect_s"), ("cpu ms/resock", "reconnect_cpu_ms_each"),
           ("idle ms/sock", "bystander_connect_cpu_ms_each"),
           ("idle ms/resock", "bystander_reconnect_cpu_ms_each"),
           ("idle pres/sock", "bystander_connect_presence_each"),
           ("idle pres/resock", "bystander_reconnect_presence_each")]


def table(result: dict[str, Any]) -> str:
    """A readable table: per room count, a row per server and a row of ratios."""
    head = ["rooms", "server"] + [c for c, _ in COLUMNS] + ["load 1m"]
    rows = [head]
    for point in result["points"]:
        targets = [name for name in point if name != "rooms" and name not in LABELS]
        for name in [*targets, *(label for label in LABELS if label in point)]:
            if name in point:
                row = point[name]
                load = "" if name in LABELS else f"{row['load_average'][0]:.1f}"
                label = LABELS.get(name, name)
                rows.append([str(point["rooms"]), label]
                            + [cell(row.get(k)) for _, k in COLUMNS] + [load])
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = ["  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    mode = "flood" if not result["think_ms"] else f"think {result['think_ms'] / 1000:g} s"
    lines.insert(0, f"{mode}, {result['workers']} server process(es), {result['clients']} load "
                    f"clients, {result['seconds']:g} s per point, nice {result['nice']}, "
                    f"{result['cpus']} CPUs, load "
                    f"before {result['load_average_before']}")
    for target, found in result.get("knee", {}).items():
        lines.append(f"knee ({target}): p99 crosses {KNEE_MS:g} ms at "
                     f"{found.get('rooms') or describe(found)} rooms; tried {found['tried']}")
    if "knee_ratio" in result:
        lines.append(f"knee ours/relay: {result['knee_ratio']}")
    return "\n".join(lines)


def describe(found: dict[str, Any]) -> str:
    if "above" in found:
        return f"more than {found['above']}"
    return f"fewer than {found['below']}"


def cell(value: Any) -> str:
    if value is None:
        return "-"
    return f"{value:g}" if isinstance(value, float) else str(value)
