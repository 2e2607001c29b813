"""What a picture's trip to a drawing process costs, apart from the drawing.

The bot draws in worker processes (``bot.publishing.pictures.use_processes``): each
picture is a job sent to one with its state as JSON (about 1 KB) and comes back as PNG
bytes (about 40 KB for a table picture). This times ``--trips`` such jobs whose drawing
is nothing, through the bot's own queue and pool, and prints the CPU a trip costs the
sending process and the drawing process (from Linux's ``/proc``), with the PNG-sized
answer and with an empty one: the difference is what moving the bytes costs.
Asserts nothing.

Run: .venv/bin/python bench/bench_drawing_trip.py [--trips 3000]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from process_cpu import own_cpu_seconds  # beside this file: bench/ is on the path

from bot.publishing import pictures

TABLE_PICTURE = os.urandom(40_000)
STATE = {"hand": {"tiles": list(range(28)), "placements": [[i, i + 1, 0] for i in range(28)]}}


def answer_png(state: dict[str, object], size: int) -> bytes:
    """A drawing job that draws nothing: ``size`` bytes back."""
    return TABLE_PICTURE[:size]


async def trips(count: int) -> None:
    executor = pictures.use_processes(1)
    assert executor is not None
    try:
        await pictures.draw_off_loop(answer_png, STATE, 0)  # the process starts
        (drawing,) = [process.pid for process in executor._processes.values()]  # type: ignore[attr-defined]
        for size in (len(TABLE_PICTURE), 0):
            here, there = own_cpu_seconds(os.getpid()), own_cpu_seconds(drawing)
            for _ in range(count):
                await pictures.draw_off_loop(answer_png, STATE, size)
            here, there = own_cpu_seconds(os.getpid()) - here, own_cpu_seconds(drawing) - there
            print(
                f"{size / 1000:4.0f} KB back: {1000 * here / count:.3f} ms of the sender's CPU, "
                f"{1000 * there / count:.3f} ms of the drawing process's, a trip"
            )
    finally:
        await pictures.stop_processes(executor)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trips", type=int, default=3000)
    asyncio.run(trips(parser.parse_args().trips))


if __name__ == "__main__":
    main()
