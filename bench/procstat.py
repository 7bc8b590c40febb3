"""What the bench reads about processes from /proc: CPU time, resident memory, load."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


PROXY = "nginx"  # a cluster's balancer: not the server's own work (cpu_seconds)


def processes() -> dict[int, tuple[int, float, int]]:
    """Every process: pid -> (parent pid, utime + stime in seconds, RSS in bytes)."""
    table: dict[int, tuple[int, float, int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                cpu = (int(fields[11]) + int(fields[12])) / TICK  # utime, stime
                table[int(entry.name)] = (int(fields[1]), cpu, int(fields[21]) * PAGE)
    return table


def family(pid: int, table: dict[int, tuple[int, float, int]]) -> set[int]:
    """A process and its live descendants (uvicorn's workers, with --workers > 1)."""
    found = {pid}
    while more := {p for p, (parent, _, _) in table.items() if parent in found} - found:
        found |= more
    return found & table.keys()


def cpu_seconds(pid: int, proxy: bool = False) -> float:
    """CPU time of a process and its live descendants but nginx (`proxy`: of nginx alone)."""
    table = processes()
    return sum(table[p][1] for p in family(pid, table) if (_name(p) == PROXY) == proxy)


def _name(pid: int) -> str:
    """A process's command name ("" once it is gone)."""
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/comm").read_text().strip()
    return ""


def rss_bytes(pid: int) -> int:
    """Resident memory of a process and its live descendants."""
    table = processes()
    return sum(table[p][2] for p in family(pid, table))


def load_average() -> list[float]:
    """The machine's 1, 5 and 15-minute load averages: other work skews every figure."""
    return [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]


def postgres_cpu(database: str) -> dict[int, float]:
    """CPU seconds of each Postgres backend connected to `database` (their titles name it)."""
    found: dict[int, float] = {}
    for pid, (_, cpu, _) in processes().items():
        with contextlib.suppress(OSError):
            title = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            if title.startswith("postgres: ") and f" {database} " in title:
                found[pid] = cpu
    return found


def cpu_since(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU used between two readings by the backends alive at the second."""
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())


def renice(pids: Iterable[int], nice: int) -> None:
    """Set the niceness of processes (those gone meanwhile are skipped)."""
    for pid in pids:
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, pid, nice)


def own_scheduling_group(nice: int) -> None:
    """Give this process a session of its own, hence its own autogroup, and a niceness.

    With the kernel's autogroups (sched_autogroup_enabled), CPU is shared fairly between
    sessions, and niceness only orders processes within one: a server and its load clients
    left in the bench's session would split one session's share of the box between them.
    """
    with contextlib.suppress(OSError):
        os.setsid()
    with contextlib.suppress(OSError):
        Path("/proc/self/autogroup").write_text(str(nice))
    with contextlib.suppress(OSError):
        os.nice(nice)
