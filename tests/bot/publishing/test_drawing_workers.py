"""Drawing workers live and die with the bot's process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

BOT = """
import os, sys
from bot.publishing import pictures
pool = pictures.use_processes(1)
print(pool.submit(os.getpid).result(), flush=True)
sys.stdin.read()
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is gone for our purposes (its parent, init, reaps it)
    status = Path(f"/proc/{pid}/stat")
    return not status.exists() or status.read_text().split(") ", 1)[1][0] != "Z"


def test_a_killed_bot_leaves_no_drawing_worker_behind() -> None:
    bot = subprocess.Popen(
        [sys.executable, "-c", BOT], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert bot.stdout is not None
    worker = int(bot.stdout.readline())
    assert worker != bot.pid and _alive(worker)
    bot.send_signal(signal.SIGKILL)
    bot.wait()
    deadline = time.monotonic() + 10
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(worker)
