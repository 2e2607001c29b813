"""Network dominoes computer players: points against each other and the hard player's time.

Three figures, each with a 95 % confidence interval, every decision made through the real
interface (``computer_move`` on the seat's view):

* normal against easy: points per hand of a normal seat ÷ an easy seat's, two of each in
  four-player hands (seats alternate round the table; every deal is played twice with
  the seats swapped). Target ≥ 1.5.
* hard against normal: the same. Target ≥ 1.3.
* hard against normal in two-player matches to 10 points: the share of matches hard wins
  (it is seat 1 in every other match). Target ≥ 60 %.

Then the hard player's decision times in those four-player hands (decisions with a choice
to make): targets p95 ≤ 1 s and max ≤ 2 s; and how many reached the search's safety cap
(none should: the work alone decides the move). The machine's load shows in these.

Ratios get a bootstrap interval over deals; match shares a Wilson interval.
Prints figures; asserts nothing.
Run: .venv/bin/python bench/bench_ai_network.py [--deals N] [--hard-deals N] [--matches N]
[--full] (the default takes a few minutes on one idle core; ``--full`` plays 200 deals —
400 hands — per pairing and 100 matches, an hour or more).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ai_arena import ladder_parser, play_out, played_in  # beside this file: bench/ is on the path
from intervals import percentile, wilson  # beside this file: bench/ is on the path

from engine.match import Match
from engine.network.ai import computer_move
from engine.network.hand import NetworkHand
from engine.network.hard import HARD_SECONDS
from engine.rng import derive_seed

Player = Callable[[dict[str, Any], int, str], str]
BOOTSTRAP_SAMPLES = 2000


@dataclass(frozen=True, slots=True)
class Row:
    """One figure: ``value`` with its 95 % interval [``low``, ``high``] and its target."""

    name: str
    value: float
    low: float
    high: float
    target: str
    count: int
    unit: str
    seconds: float = 0.0
    detail: str = ""

    def describe(self) -> str:
        text = (
            f"{self.name:<34} {self.value:6.2f} [{self.low:5.2f}, {self.high:5.2f}] "
            f"over {self.count} {self.unit} (target {self.target})"
        )
        if self.detail:
            text += f"; {self.detail}"
        return text + f" ({self.seconds:.0f} s)"


def play_hand(
    seat_levels: Sequence[str],
    seed: int,
    times: list[float] | None = None,
    player: Player = computer_move,
) -> list[int]:
    """One seeded hand with each seat at its level; the points each seat scored."""
    return play_out(NetworkHand.deal(len(seat_levels), {}, seed), seat_levels, player, seed, times)


def ratio_interval(
    strong: Sequence[float], weak: Sequence[float], seed: int = 0
) -> tuple[float, float, float]:
    """sum(strong) ÷ sum(weak) and a 95 % bootstrap interval, resampling the pairs."""
    ratio = _ratio(sum(strong), sum(weak))
    if len(strong) < 2:
        return ratio, -math.inf, math.inf
    rng = random.Random(seed)
    count = len(strong)
    samples = []
    for _ in range(BOOTSTRAP_SAMPLES):
        picks = [rng.randrange(count) for _ in range(count)]
        samples.append(_ratio(sum(strong[i] for i in picks), sum(weak[i] for i in picks)))
    samples.sort()
    return (
        ratio,
        samples[int(0.025 * BOOTSTRAP_SAMPLES)],
        samples[int(0.975 * BOOTSTRAP_SAMPLES) - 1],
    )


def _ratio(a: float, b: float) -> float:
    return a / b if b else math.inf


def _deal_points(job: tuple[str, str, int, bool]) -> tuple[float, float, list[float]]:
    """One seeded deal played twice, every seat's level swapped: the mean points a hand
    of a ``strong`` seat and of a ``weak`` seat, and the hard decision times."""
    strong, weak, seed, timed = job
    times: list[float] = []
    mine = theirs = 0.0
    for swap in (False, True):
        levels = [strong if (seat % 2 == 0) != swap else weak for seat in range(4)]
        scores = play_hand(levels, seed, times if timed else None)
        mine += sum(s for s, level in zip(scores, levels, strict=True) if level == strong) / 2
        theirs += sum(s for s, level in zip(scores, levels, strict=True) if level == weak) / 2
    return mine / 2, theirs / 2, times


def points_ratio(
    strong: str,
    weak: str,
    deals: int,
    target: float,
    first_seed: int = 0,
    times: list[float] | None = None,
    report: Callable[[str], None] | None = None,
    jobs: int = 1,
) -> Row:
    """Four-player hands, two seats each, levels alternating round the table: ``deals``
    seeded deals, each played twice with every seat's level swapped; ``jobs`` > 1 plays
    them in that many processes (same results; times taken on a busier machine)."""
    start = time.perf_counter()
    work = [
        (
            strong,
            weak,
            derive_seed(first_seed, "network-ai", strong, weak, index),
            times is not None,
        )
        for index in range(deals)
    ]
    results: list[tuple[float, float, list[float]]] = []
    for index, result in enumerate(played_in(jobs, _deal_points, work)):
        results.append(result)
        if report is not None and (index + 1) % 25 == 0:
            report(f"  … {strong} vs {weak}: {index + 1}/{deals} deals")
    per_deal_strong = [mine for mine, _, _ in results]
    per_deal_weak = [theirs for _, theirs, _ in results]
    if times is not None:
        times.extend(seconds for _, _, deal_times in results for seconds in deal_times)
    ratio, low, high = ratio_interval(per_deal_strong, per_deal_weak, first_seed)
    return Row(
        f"{strong} ÷ {weak} points/hand (4p)",
        ratio,
        low,
        high,
        f"≥ {target:g}",
        2 * deals,
        "hands",
        time.perf_counter() - start,
        f"{strong} {statistics.fmean(per_deal_strong):.2f}, "
        f"{weak} {statistics.fmean(per_deal_weak):.2f} points/hand",
    )


def match_share(
    strong: str,
    weak: str,
    matches: int,
    target: float,
    first_seed: int = 0,
    report: Callable[[str], None] | None = None,
) -> Row:
    """Two-player matches to 10: the share ``strong`` wins (seat 1 in every other match)."""
    wins = 0
    hands = 0
    start = time.perf_counter()
    for index in range(matches):
        levels = [strong, weak] if index % 2 == 0 else [weak, strong]
        match = Match("network", 2, 10, derive_seed(first_seed, "network-match", index))
        turn = 0
        while not match.is_over:
            seat = match.hand.current_player
            assert seat is not None
            seed = derive_seed(match.seed, "computer", turn)
            match.play(seat, computer_move(match.hand.view(seat), seed, levels[seat]))
            turn += 1
        winner = match.winner
        wins += winner is not None and levels[winner] == strong
        hands += len(match.results)
        if report is not None and (index + 1) % 10 == 0:
            report(f"  … {strong} vs {weak} matches: {index + 1}/{matches}")
    low, high = wilson(wins, matches)
    return Row(
        f"{strong} share of matches to 10 (2p)",
        wins / matches if matches else 0.0,
        low,
        high,
        f"≥ {target:.0%}",
        matches,
        "matches",
        time.perf_counter() - start,
        f"{hands / matches if matches else 0:.1f} hands a match",
    )


def timing_row(times: Sequence[float]) -> Row:
    """The hard player's decision times: value p95, interval [p50, max] (seconds)."""
    if not times:
        return Row("hard decision time (4p), s", 0.0, 0.0, 0.0, "p95 ≤ 1, max ≤ 2", 0, "")
    return Row(
        "hard decision time (4p), s",
        percentile(times, 0.95),
        percentile(times, 0.5),
        max(times),
        "p95 ≤ 1, max ≤ 2",
        len(times),
        "decisions",
        sum(times),
        f"value p95, [p50, max]; safety cap {HARD_SECONDS:g} s reached: "
        f"{sum(seconds >= HARD_SECONDS for seconds in times)} of {len(times)}",
    )


def run(
    deals: int = 60,
    hard_deals: int = 12,
    matches: int = 6,
    first_seed: int = 0,
    *,
    report: Callable[[str], None] | None = None,
    jobs: int = 1,
) -> list[Row]:
    """The three targets and the hard player's time; ``report`` gets each line as it comes."""
    rows: list[Row] = []

    def add(row: Row) -> None:
        rows.append(row)
        if report is not None:
            report(row.describe())

    add(points_ratio("normal", "easy", deals, 1.5, first_seed, report=report))
    times: list[float] = []
    add(points_ratio("hard", "normal", hard_deals, 1.3, first_seed, times, report, jobs))
    add(match_share("hard", "normal", matches, 0.6, first_seed, report))
    add(timing_row(times))
    return rows


def main() -> None:
    parser = ladder_parser(__doc__, "processes for hard vs normal", cpu=True)
    parser.add_argument("--deals", type=int, default=60, help="normal vs easy deals (×2 hands)")
    parser.add_argument("--hard-deals", type=int, default=12, help="hard vs normal deals (×2)")
    parser.add_argument("--matches", type=int, default=6, help="two-player matches to 10")
    parser.add_argument("--full", action="store_true", help="200 deals each, 100 matches")
    args = parser.parse_args()
    if args.full:
        args.deals = args.hard_deals = 200
        args.matches = 100
    run(args.deals, args.hard_deals, args.matches, args.seed, report=print, jobs=args.jobs)


if __name__ == "__main__":
    main()
