"""CPU seconds (user + system) a process and all its descendants have used, read from Linux's
``/proc``: a bot process's figure must include its drawing workers, which are child processes.

Children that have exited and been waited for are already in their parent's ``cutime`` and
``cstime``; live descendants are found by walking the parent ids of every process.
"""

from __future__ import annotations

import os
from pathlib import Path

PROC = Path("/proc")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _stat_fields(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command name (field 3 onwards)."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:  # gone meanwhile
        return None
    return text[text.rindex(")") + 2 :].split()


def _children_by_parent() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        fields = _stat_fields(int(entry.name))
        if fields is not None:
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    return children


def own_cpu_seconds(pid: int) -> float:
    """utime + stime + cutime + cstime (fields 14 to 17) of one process, in seconds: its
    own and its waited-for children's, not its live descendants'."""
    fields = _stat_fields(pid)
    if fields is None:
        return 0.0
    return sum(int(value) for value in fields[11:15]) / CLOCK_TICKS


def _tree(root: int, children: dict[int, list[int]]) -> list[int]:
    found, stack = [], [root]
    while stack:
        pid = stack.pop()
        found.append(pid)
        stack.extend(children.get(pid, []))
    return found


def process_tree(root: int) -> list[int]:
    """``root`` and its live descendants (a bot process and its drawing processes)."""
    return _tree(root, _children_by_parent())


def tree_cpu_seconds(pids: list[int]) -> list[float]:
    """For each pid, the CPU seconds of it and every live or waited-for descendant."""
    children = _children_by_parent()
    return [sum(own_cpu_seconds(pid) for pid in _tree(root, children)) for root in pids]


def pids_with_args(*parts: str) -> list[int]:
    """The processes whose command line contains every one of ``parts`` (e.g. a server
    started elsewhere, found by its port)."""
    found = []
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if all(part in command for part in parts):
            found.append(int(entry.name))
    return found


def machine_busy_seconds() -> float:
    """CPU seconds every core of the machine has spent busy since boot (``/proc/stat``:
    user, nice, system, irq, softirq and steal), whatever process it served."""
    fields = (PROC / "stat").read_text().splitlines()[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(v) for v in fields[:8])
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS
