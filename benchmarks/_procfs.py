"""Process facts from Linux /proc, shared by the benchmarks (0.0 / empty elsewhere)."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cpu_seconds", "children", "descendants", "rss_mib"]


def cpu_seconds(pid: int, reaped: bool = False) -> float:
    """User + system CPU seconds of ``pid`` so far; ``reaped``: plus its reaped children's."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return sum(int(x) for x in fields[11:15 if reaped else 13]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def children(pid: int) -> list[int]:
    """``pid``'s direct child processes."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(k) for k in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def descendants(pid: int) -> list[int]:
    """``pid``'s child processes, recursively (the pool workers and helpers)."""
    out: list[int] = []
    for k in children(pid):
        out += [k, *descendants(k)]
    return out


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")
