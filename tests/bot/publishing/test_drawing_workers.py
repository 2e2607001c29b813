"""Drawing workers live and die with the bot's process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.processes import alive, signal_mask

ROOT = Path(__file__).resolve().parents[3]

BOT = """
import os, sys
from bot.publishing import pictures
pool = pictures.use_processes(1)
print(pool.submit(os.getpid).result(), flush=True)
sys.stdin.read()
"""


def test_a_killed_bot_leaves_no_drawing_worker_behind() -> None:
    bot = subprocess.Popen(
        [sys.executable, "-c", BOT], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert bot.stdout is not None
    worker = int(bot.stdout.readline())
    assert worker != bot.pid and alive(worker)
    bot.send_signal(signal.SIGKILL)
    bot.wait()
    deadline = time.monotonic() + 10
    while alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(worker)


STOPPING_BOT = """
import asyncio, os, sys
from bot.publishing import pictures
pool = pictures.use_processes(1)
print(pool.submit(os.getpid).result(), flush=True)
sys.stdin.readline()  # the test has sent the worker SIGINT, as Ctrl-C does
print(pool.submit(os.getpid).result(), flush=True)  # it still draws
asyncio.run(pictures.stop_processes(pool))  # and ends when the bot stops it
print("stopped", flush=True)
"""


def test_a_drawing_worker_ignores_ctrl_c_and_ends_when_the_bot_stops_it() -> None:
    bot = subprocess.Popen(
        [sys.executable, "-c", STOPPING_BOT],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert bot.stdin is not None and bot.stdout is not None
    worker = int(bot.stdout.readline())
    assert {signal.SIGINT, signal.SIGTERM} <= signal_mask(worker, "SigIgn")
    os.kill(worker, signal.SIGINT)
    bot.stdin.write("\n")
    bot.stdin.flush()
    assert int(bot.stdout.readline()) == worker  # the same worker, unharmed
    out, err = bot.communicate(timeout=30)
    assert out == "stopped\n" and bot.returncode == 0
    assert "Traceback" not in err and "leaked" not in err, err
    assert not alive(worker)
