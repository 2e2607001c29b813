"""Games played back to back for a while: the loop of the engine speed benches."""

from __future__ import annotations

import time
from collections.abc import Callable


def games_for(seconds: float, batch: int, play: Callable[[int], int]) -> tuple[int, float, int]:
    """``play(index)`` for games 0, 1, 2, … in batches of ``batch`` until ``seconds`` have
    passed (the clock is read between batches); ``play`` returns what it counts in its game
    (turns, moves, tiles laid). Returns (games, elapsed seconds, total counted)."""
    games = counted = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(batch):
            counted += play(games)
            games += 1
    return games, time.perf_counter() - start, counted
