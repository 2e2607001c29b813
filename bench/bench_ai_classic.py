"""Classic dominoes computer players: a self-play ladder and the hard player's thinking time.

For each game in the ladder, two levels play the same seeded deals twice with the seats
swapped (2 players: one seat each; 4 players: alternate seats), each decision made through
the real interface (``computer_move`` on the seat's view). Per pairing it prints the
stronger level's share of hands won (the level whose seats scored more points in the hand;
ties count half) and its points per hand ahead, each with a 95 % confidence interval, and
the hard player's decision times (p50/p95/max, over decisions with a choice to make) and how many
reached the search's safety cap (none should: the work alone decides the move).
Then it times the hard player alone in 4-player All Fives hands.

Prints figures; asserts nothing (targets: normal beats easy and hard beats normal clearly;
hard decides in p95 ≤ 1 s and max ≤ 2 s in a 4-player All Fives hand).
Run: .venv/bin/python bench/bench_ai_classic.py [--hands N] [--timing-hands N] [--full]
[--jobs 2] [--players 2] [--game block] (the default, 50 deals per pairing, takes about
two minutes on one core;
``--full`` plays 400 deals per pairing, about half an hour with ``--jobs 2``; the timing
hands always run in this process alone.)
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

# beside this file: run as a script, bench/ is on the path
from ai_arena import (
    LadderRow,
    add_cpu_option,
    describe_decisions,
    play_out,
    played_in,
    seats_for,
)
from intervals import mean_ci

from engine.classic import VARIANTS
from engine.classic.ai import HARD_BUDGET, computer_move
from engine.rng import derive_seed

Player = Callable[[dict[str, Any], int, str], str]


@dataclass(frozen=True, slots=True)
class Setup:
    """A game, a number of players and table options."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        extra = "".join(f", {k} {v}" for k, v in sorted(self.options.items()))
        return f"{VARIANTS[self.game].title} {self.players}p{extra}"


LADDER_SETUPS = (
    *(Setup(game, 4) for game in VARIANTS),
    Setup("all-fives", 2),
    Setup("block", 2, {"spinner": "off"}),
)
"""Every classic game at its default four players, and two two-player tables: All Fives
and open_spiel's Block arena."""
PAIRINGS = (("easy", "normal"), ("normal", "hard"))
FULL_DEALS = 400
"""Deals a pairing plays in a full run (800 hands): hard's lead over normal in Fives and
Threes, +2.3 and +5.7 points a hand on two sets of 400 hands, needs about that many to
stand clear of its interval."""


class Row(LadderRow):
    """One pairing's result: ``strong`` against ``weak`` over ``played`` hands."""

    cap = HARD_BUDGET.seconds


def describe_times(times: Sequence[float]) -> str:
    """p50/p95/max and how many decisions reached the hard player's safety cap."""
    return describe_decisions(times, HARD_BUDGET.seconds)


def play_hand(
    setup: Setup,
    seat_levels: Sequence[str],
    seed: int,
    times: list[float] | None = None,
    player: Player = computer_move,
) -> list[int]:
    """One seeded hand with each seat at its level; the points each seat scored."""
    return play_out(
        VARIANTS[setup.game].deal(setup.players, setup.options, seed),
        seat_levels,
        player,
        seed,
        times,
    )


Played = tuple[list[float], list[float], list[float]]
"""Hands won (1, ½ or 0), points ahead a hand, and hard decision times."""


def play_deal(setup: Setup, weak: str, strong: str, seed: int) -> Played:
    """One seeded deal played twice, the seats swapped."""
    wins: list[float] = []
    margins: list[float] = []
    times: list[float] = []
    for swap in (False, True):
        levels = seats_for((weak, strong), setup.players, swap)
        scores = play_hand(setup, levels, seed, times)
        mine = sum(s for s, level in zip(scores, levels, strict=True) if level == strong)
        theirs = sum(s for s, level in zip(scores, levels, strict=True) if level == weak)
        margins.append(float(mine - theirs))
        wins.append(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
    return wins, margins, times


def _play_deal_job(job: tuple[Setup, str, str, int]) -> Played:
    return play_deal(*job)


def pairing(
    setup: Setup, weak: str, strong: str, deals: int, first_seed: int = 0, jobs: int = 1
) -> Row:
    """``deals`` seeded deals, each played twice with the seats swapped; ``jobs`` > 1
    plays them in that many processes (same results, noisier times)."""
    start = time.perf_counter()
    work = [
        (setup, weak, strong, derive_seed(first_seed, setup.game, setup.players, index))
        for index in range(deals)
    ]
    played = list(played_in(jobs, _play_deal_job, work, chunksize=4))
    wins = [win for deal in played for win in deal[0]]
    margins = [margin for deal in played for margin in deal[1]]
    times = [seconds for deal in played for seconds in deal[2]]
    win_rate, win_ci = mean_ci(wins)
    margin, margin_ci = mean_ci(margins)
    return Row(
        setup.label,
        weak,
        strong,
        len(wins),
        win_rate,
        win_ci,
        margin,
        margin_ci,
        tuple(times),
        time.perf_counter() - start,
    )


def run(
    deals: int = 50,
    setups: Sequence[Setup] = LADDER_SETUPS,
    pairings: Sequence[tuple[str, str]] = PAIRINGS,
    first_seed: int = 0,
    report: Callable[[str], None] | None = None,
    jobs: int = 1,
) -> list[Row]:
    """The ladder: every pairing in every setup over ``deals`` deals (twice each)."""
    rows = []
    for setup in setups:
        for weak, strong in pairings:
            row = pairing(setup, weak, strong, deals, first_seed, jobs)
            if report is not None:
                report(row.describe())
            rows.append(row)
    return rows


def hard_timing(hands: int = 4, first_seed: int = 1) -> list[float]:
    """Seconds per hard decision (with a choice) in 4-player All Fives hands, every seat
    hard."""
    times: list[float] = []
    setup = Setup("all-fives", 4)
    for index in range(hands):
        play_hand(setup, ["hard"] * 4, derive_seed(first_seed, "timing", index), times)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=50, help="deals per pairing (each twice)")
    parser.add_argument("--timing-hands", type=int, default=4, help="4-player hands timed")
    parser.add_argument("--full", action="store_true", help=f"{FULL_DEALS} deals per pairing")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="processes for the ladder")
    parser.add_argument(
        "--players", type=int, default=0, help="only the tables of this many players"
    )
    parser.add_argument("--game", default="", help="only this game (all-fives, block …)")
    add_cpu_option(parser)
    args = parser.parse_args()
    deals = FULL_DEALS if args.full else args.hands
    setups = [
        s for s in LADDER_SETUPS if args.players in (0, s.players) and args.game in ("", s.game)
    ]

    print(f"ladder: {deals} deals per pairing, each played twice with the seats swapped")
    print(f"hard's decisions timed in {'CPU time' if args.cpu else 'wall clock'}")
    run(deals, setups, first_seed=args.seed, report=print, jobs=args.jobs)
    times = hard_timing(args.timing_hands, args.seed + 1)
    print(f"hard in 4-player All Fives ({args.timing_hands} hands): {describe_times(times)}")


if __name__ == "__main__":
    main()
