"""Playing one hand between computer levels, for the ladders of every game."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, ClassVar, Self, TypeVar

from intervals import mean_ci, percentile  # beside this file: bench/ is on the path

from engine.game import HandState
from engine.rng import derive_seed
from engine.spec import ComputerPlayer

J = TypeVar("J")
R = TypeVar("R")

Played = tuple[list[float], list[float], list[float]]
"""A deal's results for the strong level (the deal played both ways): its shares won and
points ahead (one a hand or game, or one for the whole deal: the intervals are taken over
these), and the hard player's decision times."""

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


def ladder_parser(
    doc: str | None, jobs_help: str = "processes for the ladder", cpu: bool = False
) -> argparse.ArgumentParser:
    """A ladder's command line with the options every ladder takes: ``--seed`` (the first
    deal's), ``--jobs`` and, with ``cpu``, :func:`add_cpu_option`'s ``--cpu``."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--seed", type=int, default=0, help="the seed the deals derive from")
    parser.add_argument("--jobs", type=int, default=1, help=jobs_help)
    if cpu:
        add_cpu_option(parser)
    return parser


def seats_for(levels: tuple[str, str], players: int, swap: bool) -> list[str]:
    """Levels alternate round the table; ``swap`` exchanges every seat's level."""
    first, second = (levels[1], levels[0]) if swap else levels
    return [first if seat % 2 == 0 else second for seat in range(players)]


def both_ways(
    weak: str, strong: str, players: int, play: Callable[[list[str]], list[int]]
) -> list[tuple[list[int], list[int]]]:
    """A deal played twice by ``play`` (the seats' levels in, every seat's score out), the
    levels alternating round the table and swapped the second time: each time the scores
    of the strong level's seats and of the weak level's."""
    results = []
    for swap in (False, True):
        levels = seats_for((weak, strong), players, swap)
        scores = play(levels)
        mine = [score for score, level in zip(scores, levels, strict=True) if level == strong]
        theirs = [score for score, level in zip(scores, levels, strict=True) if level == weak]
        results.append((mine, theirs))
    return results


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


def each_of(
    jobs: int, function: Callable[..., R], work: Sequence[tuple[Any, ...]], chunksize: int = 1
) -> Iterator[R]:
    """``function(*job)`` for every job in ``work``, in order, as :func:`played_in` runs
    them (``function`` must be a module's own, so that a worker process can find it)."""
    return played_in(jobs, _called, [(function, job) for job in work], chunksize)


def _called(call: tuple[Callable[..., R], tuple[Any, ...]]) -> R:
    function, arguments = call
    return function(*arguments)


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

    @classmethod
    def measured(
        cls,
        label: str,
        weak: str,
        strong: str,
        played: int,
        wins: Sequence[float],
        margins: Sequence[float],
        hard_times: Sequence[float],
        started: float,
    ) -> Self:
        """The row of the strong level's ``wins`` and ``margins`` (the intervals are taken
        over them), timed from ``started`` (:func:`time.perf_counter`)."""
        win_rate, win_ci = mean_ci(wins)
        margin, margin_ci = mean_ci(margins)
        seconds = time.perf_counter() - started
        return cls(
            label,
            weak,
            strong,
            played,
            win_rate,
            win_ci,
            margin,
            margin_ci,
            (*hard_times,),
            seconds,
        )

    @classmethod
    def describe_times(cls, times: Sequence[float]) -> str:
        """p50/p95/max and how many decisions reached the hard player's safety cap."""
        return describe_decisions(times, cls.cap)

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


RowT = TypeVar("RowT", bound=LadderRow)


def ladder(
    row: type[RowT],
    play_deal: Callable[[Any, str, str, int], Played],
    tables: Sequence[tuple[str, Any, Sequence[int]]],
    pairings: Sequence[tuple[str, str]],
    report: Callable[[str], None] | None = None,
    jobs: int = 1,
    chunksize: int = 1,
) -> list[RowT]:
    """Every pairing (weak, strong) at every table (its label, the table, its deals' seeds):
    ``play_deal(table, weak, strong, seed)`` for each deal, in ``jobs`` processes when more
    than one (the same results, noisier times); ``report`` gets each row's line."""
    rows = []
    for label, table, seeds in tables:
        for weak, strong in pairings:
            started = time.perf_counter()
            work = [(table, weak, strong, seed) for seed in seeds]
            played = list(each_of(jobs, play_deal, work, chunksize))
            wins = [share for deal in played for share in deal[0]]
            margins = [margin for deal in played for margin in deal[1]]
            times = [seconds for deal in played for seconds in deal[2]]
            games = 2 * len(seeds)
            result = row.measured(label, weak, strong, games, wins, margins, times, started)
            if report is not None:
                report(result.describe())
            rows.append(result)
    return rows


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
