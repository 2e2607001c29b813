"""What /proc says of a process the tests started: whether it still runs, and which
signals it ignores or handles, so stopping tests check the processes themselves."""

from __future__ import annotations

import os
from pathlib import Path


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its parent to reap it does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:  # reaped since the signal reached it
        return False
    return stat.split(") ", 1)[1][0] != "Z"


def signal_mask(pid: int, field: str) -> set[int]:
    """The signals in process ``pid``'s ``field`` mask of /proc/<pid>/status: "SigIgn"
    (ignored) or "SigCgt" (handled)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            mask = int(line.split()[1], 16)
            return {n for n in range(1, 65) if mask >> (n - 1) & 1}
    raise AssertionError(f"no {field} line for {pid}")
