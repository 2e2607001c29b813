"""Playing one hand between computer levels, for the ladders of every game."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from intervals import percentile  # beside this file: bench/ is on the path

from engine.game import HandState
from engine.rng import derive_seed
from engine.spec import ComputerPlayer

J = TypeVar("J")
R = TypeVar("R")

_clock: Callable[[], float] = time.perf_counter
"""What :func:`play_out` times decisions with (wall clock unless :func:`use_cpu_clock`)."""


def use_cpu_clock() -> None:
    """Time decisions in CPU seconds of the deciding process: what a decision costs a core
    of its own, which other work on a shared machine does not inflate. Call before any
    worker process starts (they inherit it)."""
    global _clock
    _clock = time.process_time


class _CpuClock(argparse.Action):
    """``--cpu`` given: the decisions are timed in CPU time from then on."""

    def __call__(self, parser: Any, namespace: Any, values: Any, option: Any = None) -> None:
        setattr(namespace, self.dest, True)
        use_cpu_clock()


def add_cpu_option(parser: argparse.ArgumentParser) -> None:
    """The ladders' ``--cpu``: hard's decisions timed in CPU time (:func:`use_cpu_clock`)."""
    parser.add_argument(
        "--cpu",
        nargs=0,
        action=_CpuClock,
        default=False,
        help="time hard's decisions in CPU time of the deciding process, not wall clock",
    )


def seats_for(levels: tuple[str, str], players: int, swap: bool) -> list[str]:
    """Levels alternate round the table; ``swap`` exchanges every seat's level."""
    first, second = (levels[1], levels[0]) if swap else levels
    return [first if seat % 2 == 0 else second for seat in range(players)]


def played_in(
    jobs: int, function: Callable[[J], R], work: Sequence[J], chunksize: int = 1
) -> Iterator[R]:
    """``function`` of every job in ``work``, in order: in ``jobs`` processes when more than
    one (the same results; times taken on a busier machine), else in this one."""
    if jobs <= 1:
        yield from map(function, work)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(function, work, chunksize=chunksize)


def play_out(
    hand: HandState[Any],
    seat_levels: Sequence[str],
    player: ComputerPlayer,
    seed: int,
    times: list[float] | None = None,
) -> list[int]:
    """Play ``hand`` to its end, each seat at its level (deciding from its own view), and
    return the points each seat scored; ``times`` collects the seconds of every hard
    decision that had a choice to make (wall clock, or CPU after :func:`use_cpu_clock`)."""
    turn = 0
    while hand.current_player is not None:
        seat = hand.current_player
        level = seat_levels[seat]
        choice = len(hand.legal_moves()) > 1
        start = _clock()
        move = player(hand.view(seat), derive_seed(seed, "turn", turn), level)
        elapsed = _clock() - start
        if times is not None and level == "hard" and choice:
            times.append(elapsed)
        hand.play(seat, move)
        turn += 1
    return hand.scores


@dataclass(frozen=True, slots=True)
class LadderRow:
    """One pairing of a ladder: ``strong`` against ``weak`` over ``played`` hands or games
    (a subclass names which, and the hard player's safety cap)."""

    label: str
    weak: str
    strong: str
    played: int
    win_rate: float
    """The strong level's share won (ties: half)."""
    win_ci: float
    """Half-width of the 95 % confidence interval of ``win_rate``."""
    margin: float
    """The strong level's points per hand or game ahead of the weak one's."""
    margin_ci: float
    hard_times: tuple[float, ...] = ()
    """Seconds per hard decision with a choice to make."""
    seconds: float = 0.0

    unit: ClassVar[str] = "hands"
    label_width: ClassVar[int] = 28
    cap: ClassVar[float | None] = None

    def describe(self) -> str:
        text = (
            f"{self.label:<{self.label_width}} {self.strong:>6} vs {self.weak:<6} "
            f"{self.played:4d} {self.unit}: "
            f"wins {100 * self.win_rate:5.1f} % ± {100 * self.win_ci:4.1f}, "
            f"points/{self.unit.removesuffix('s')} {self.margin:+6.2f} ± {self.margin_ci:4.2f}"
        )
        if self.hard_times:
            text += f"; hard {describe_decisions(self.hard_times, self.cap)}"
        return text + f" ({self.seconds:.0f} s)"


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
