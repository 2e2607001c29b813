"""Replay speed and size: a 4-player Network dominoes hand that lays all 28 tiles, played
again from its move log, one table picture per state, assembled into an animated WebP.

Prints median milliseconds (drawing the frames, assembling them, and both, in this
process; then the bot's way, ``/network replay``'s: in ``--workers`` drawing processes,
the bot's default 1) and the animation's bytes; asserts nothing (targets: ≤ 2000 ms and
≤ 8 MB on the reference machine).
Run: .venv/bin/python bench/bench_replay.py [--repeat N] [--workers N]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.publishing import pictures
from bot.replays.build import hand_frames, replay_hand, table_replay
from bot.store import MoveRecord, Seat, TableRecord
from engine.match import Match
from engine.network import NetworkHand
from engine.record import LoggedMove
from render.replay import assemble
from tests.bot.set_ups import playing_table

T = TypeVar("T")
NAMES = ("Alice", "Bob", "Chandra", "Dee")


def full_hand_log(players: int = 4) -> tuple[Match, list[LoggedMove]]:
    """The first seeded match whose first hand, played at random, lays all 28 tiles."""
    for seed in range(1000):
        match = Match("network", players, 10, seed)
        rng = random.Random(seed)
        log = []
        while match.hand_number == 1 and not match.is_over:
            hand = match.hand
            moves = hand.legal_moves()
            plays = [m for m in moves if not m.is_pass]
            move = str(rng.choice(plays) if plays else moves[-1])
            seat = hand.current_player
            assert seat is not None
            log.append(LoggedMove(1, seat, move))
            match.play(seat, move)
        last = match.last_hand
        if isinstance(last, NetworkHand) and len(last.layout.placements) == 28:
            return Match("network", players, 10, seed), log
    raise RuntimeError("no seed below 1000 lays all 28 tiles")


def measure(job: Callable[[], T], repeat: int) -> tuple[float, float, T]:
    """Median wall-clock and CPU ms over ``repeat`` runs after one warm-up run, and the
    last result. On a shared machine the CPU figure is the steadier one."""
    result = job()
    walls, cpus = [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        result = job()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000, result


def as_table(match: Match, log: list[LoggedMove]) -> tuple[TableRecord, list[MoveRecord]]:
    """The hand as the bot's store would hold it."""
    now = datetime.now(UTC)
    seats = tuple(Seat(user_id=index + 1, name=name) for index, name in enumerate(NAMES))
    record = playing_table(match.game, seats, state=match.to_json(), version=len(log), now=now)
    moves = [
        MoveRecord(1, seq, move.hand_number, move.seat, move.notation, now)
        for seq, move in enumerate(log, start=1)
    ]
    return record, moves


async def in_workers(
    record: TableRecord, moves: list[MoveRecord], repeat: int
) -> tuple[float, int]:
    """Median wall-clock ms of ``table_replay`` (what the slash command waits for)."""
    replay = await table_replay(record, moves, 1)  # warm-up: the workers import everything
    walls = []
    for _ in range(repeat):
        start = time.perf_counter()
        replay = await table_replay(record, moves, 1)
        walls.append(time.perf_counter() - start)
    return statistics.median(walls) * 1000, len(replay.picture)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--workers", type=int, default=1, help="drawing processes (0: a thread)")
    args = parser.parse_args()

    match, log = full_hand_log()
    names = list(NAMES)
    wall, cpu, frames = measure(lambda: hand_frames(match, names, log, 1), args.repeat)
    print(f"frames: {len(frames)} ({len(log)} moves + the deal)")
    print(f"draw the frames:        {wall:7.1f} ms wall {cpu:7.1f} ms CPU")
    wall, cpu, (data, fmt) = measure(lambda: assemble(frames), args.repeat)
    print(f"assemble them ({fmt}):   {wall:7.1f} ms wall {cpu:7.1f} ms CPU")
    wall, cpu, (data, fmt) = measure(lambda: replay_hand(match, names, log, 1), args.repeat)
    print(f"replay_hand, 28 tiles:  {wall:7.1f} ms wall {cpu:7.1f} ms CPU")
    print(f"animation: {len(data)} bytes ({len(data) / 1024:.1f} KB, {fmt})")

    executor = pictures.use_processes(args.workers)
    try:
        record, moves = as_table(match, log)
        wall, size = asyncio.run(in_workers(record, moves, args.repeat))
    finally:
        if executor is not None:
            executor.shutdown()
    print(f"table_replay, {args.workers} worker(s): {wall:7.1f} ms wall ({size} B)")


if __name__ == "__main__":
    main()
