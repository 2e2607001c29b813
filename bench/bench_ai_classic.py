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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

# beside this file: run as a script, bench/ is on the path
from ai_arena import LadderRow, Played, both_ways, ladder, ladder_parser, play_out

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


def play_deal(setup: Setup, weak: str, strong: str, seed: int) -> Played:
    """One seeded deal played twice, the seats swapped."""
    times: list[float] = []
    margins = [
        float(sum(mine) - sum(theirs))
        for mine, theirs in both_ways(
            weak, strong, setup.players, lambda levels: play_hand(setup, levels, seed, times)
        )
    ]
    wins = [1.0 if margin > 0 else 0.5 if margin == 0 else 0.0 for margin in margins]
    return wins, margins, times


def run(
    deals: int = 50,
    setups: Sequence[Setup] = LADDER_SETUPS,
    pairings: Sequence[tuple[str, str]] = PAIRINGS,
    first_seed: int = 0,
    report: Callable[[str], None] | None = None,
    jobs: int = 1,
) -> list[Row]:
    """The ladder: every pairing in every setup over ``deals`` deals (twice each)."""
    tables = [
        (
            setup.label,
            setup,
            [derive_seed(first_seed, setup.game, setup.players, i) for i in range(deals)],
        )
        for setup in setups
    ]
    return ladder(Row, play_deal, tables, pairings, report, jobs, chunksize=4)


def hard_timing(hands: int = 4, first_seed: int = 1) -> list[float]:
    """Seconds per hard decision (with a choice) in 4-player All Fives hands, every seat
    hard."""
    times: list[float] = []
    setup = Setup("all-fives", 4)
    for index in range(hands):
        play_hand(setup, ["hard"] * 4, derive_seed(first_seed, "timing", index), times)
    return times


def main() -> None:
    parser = ladder_parser(__doc__, cpu=True)
    parser.add_argument("--hands", type=int, default=50, help="deals per pairing (each twice)")
    parser.add_argument("--timing-hands", type=int, default=4, help="4-player hands timed")
    parser.add_argument("--full", action="store_true", help=f"{FULL_DEALS} deals per pairing")
    parser.add_argument(
        "--players", type=int, default=0, help="only the tables of this many players"
    )
    parser.add_argument("--game", default="", help="only this game (all-fives, block …)")
    args = parser.parse_args()
    deals = FULL_DEALS if args.full else args.hands
    setups = [
        s for s in LADDER_SETUPS if args.players in (0, s.players) and args.game in ("", s.game)
    ]

    print(f"ladder: {deals} deals per pairing, each played twice with the seats swapped")
    print(f"hard's decisions timed in {'CPU time' if args.cpu else 'wall clock'}")
    run(deals, setups, first_seed=args.seed, report=print, jobs=args.jobs)
    times = hard_timing(args.timing_hands, args.seed + 1)
    print(f"hard in 4-player All Fives ({args.timing_hands} hands): {Row.describe_times(times)}")


if __name__ == "__main__":
    main()
