"""Playing one hand between computer levels, for the ladders of every game."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from intervals import percentile  # beside this file: bench/ is on the path

from engine.game import HandState
from engine.rng import derive_seed
from engine.spec import ComputerPlayer


def play_out(
    hand: HandState[Any],
    seat_levels: Sequence[str],
    player: ComputerPlayer,
    seed: int,
    times: list[float] | None = None,
) -> list[int]:
    """Play ``hand`` to its end, each seat at its level (deciding from its own view), and
    return the points each seat scored; ``times`` collects the seconds of every hard
    decision that had a choice to make."""
    turn = 0
    while hand.current_player is not None:
        seat = hand.current_player
        level = seat_levels[seat]
        choice = len(hand.legal_moves()) > 1
        start = time.perf_counter()
        move = player(hand.view(seat), derive_seed(seed, "turn", turn), level)
        elapsed = time.perf_counter() - start
        if times is not None and level == "hard" and choice:
            times.append(elapsed)
        hand.play(seat, move)
        turn += 1
    return hand.scores


def describe_decisions(times: Sequence[float], cap: float | None) -> str:
    """Decision times p50/p95/max and how many decisions ran to the search's safety cap
    of ``cap`` seconds (a decision that reached it took at least that long)."""
    if not times:
        return "no decisions"
    reached = 0 if cap is None else sum(seconds >= cap for seconds in times)
    return (
        f"p50 {1000 * percentile(times, 0.5):.0f} ms, p95 {1000 * percentile(times, 0.95):.0f} "
        f"ms, max {1000 * max(times):.0f} ms ({len(times)} decisions; cap "
        f"{'none' if cap is None else f'{cap:g} s'} reached: {reached} of {len(times)})"
    )
