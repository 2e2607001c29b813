"""FIDO computer players: a self-play ladder and the hard player's thinking time.

For each table in the ladder, two levels play the same seeded deals twice, the levels
alternating round the table and swapped between the two games, each decision made
through the real interface (``computer_move`` on the seat's view). Per pairing it prints
the stronger level's share of games won (the game's top scorer sits at a seat of that
level; a top score shared between the levels counts half) and its points per game ahead
(the mean score of its seats minus the mean of the other level's seats, deductions
included), each with a 95 % confidence interval taken over deals (a deal's two games
are one sample: swapping the seats cancels most of the luck of the deal), and the hard
player's decision times and how many reached the search's safety cap (none should).
Then it times the hard player alone, every seat hard, at 9 and
at 3 players with double-21 (25- and 63-tile hands).

``--rotated D4 D9`` measures instead one seat of a level against normal in every other
seat, as a player who picks that level meets it: at 4 players on double-9 (D4 deals) and
at 9 on double-21 (D9), every deal played once with that seat in each position
(duplicate-style: the luck of the deal cancels). It prints the seat's score minus the
normal seats' mean a game and its share of games won (chance: one in the number of
players), with 95 % intervals over deals, and its decision times, wall clock and CPU,
with the figures so far every ``--progress`` deals (the first k deals are exactly what
``--rotated k ...`` plays). Its deals come from the label ``fido-rotated``; the hard
player was tuned on others (label ``fido-tune``, docs/ai.md).

Prints figures; asserts nothing (targets: normal beats easy and hard beats normal; hard
decides in p95 ≤ 1 s at 9 players with double-21).
Run: .venv/bin/python bench/bench_ai_fido.py [--deals N] [--big-deals N]
[--timing-games N] [--jobs 2] (the default, 40 deals at 4 players and 10 at 9, takes
about ten minutes on one core; ``--full`` plays 400 and 100, about three hours with
``--jobs 2``; the timing games always run in this process alone.)
Or: .venv/bin/python bench/bench_ai_fido.py --rotated 60 6 [--levels hard,easy]
[--jobs 2] [--progress 5]
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

# beside this file: run as a script, bench/ is on the path
from ai_arena import LadderRow, Played, both_ways, each_of, ladder, ladder_parser, play_out
from intervals import mean_ci

from engine.fido import FidoHand
from engine.fido.ai import computer_move
from engine.fido.search import HARD_BUDGET
from engine.rng import derive_seed


@dataclass(frozen=True, slots=True)
class Table:
    """A number of players and table options."""

    players: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        top = self.options.get("set", 12)
        return f"FIDO {self.players}p double-{top}"


DEFAULT = Table(4)
BIG = Table(9, {"set": 21})
ROTATED = Table(4, {"set": 9})
PAIRINGS = (("easy", "normal"), ("normal", "hard"))
FULL_DEALS, FULL_BIG_DEALS = 400, 100


class Row(LadderRow):
    """One pairing's result: ``strong`` against ``weak`` over ``played`` games (its deals,
    each played twice)."""

    unit = "games"
    label_width = 22
    cap = HARD_BUDGET.seconds


def play_game(
    table: Table, seat_levels: Sequence[str], seed: int, times: list[float] | None = None
) -> list[int]:
    """One seeded game with each seat at its level; every seat's final score."""
    game = FidoHand.deal(table.players, table.options, seed)
    return play_out(game, seat_levels, computer_move, seed, times)


def play_deal(table: Table, weak: str, strong: str, seed: int) -> Played:
    """One seeded deal played twice, the seats swapped."""
    wins: list[float] = []
    margins: list[float] = []
    times: list[float] = []

    def play(levels: list[str]) -> list[int]:
        return play_game(table, levels, seed, times)

    for mine, theirs in both_ways(weak, strong, table.players, play):
        margins.append(statistics.fmean(mine) - statistics.fmean(theirs))
        top = max(mine + theirs)
        if top in mine and top in theirs:
            wins.append(0.5)
        else:
            wins.append(1.0 if top in mine else 0.0)
    return [statistics.fmean(wins)], [statistics.fmean(margins)], times


def run(
    sizes: tuple[int, int] = (40, 10),
    first_seed: int = 0,
    report: Callable[[str], None] | None = None,
    jobs: int = 1,
) -> list[Row]:
    """The ladder: both pairings at the default table and at 9 players with double-21,
    over ``sizes`` deals at each."""
    tables = [
        (
            table.label,
            table,
            [derive_seed(first_seed, "fido", table.label, i) for i in range(count)],
        )
        for table, count in zip((DEFAULT, BIG), sizes, strict=True)
    ]
    return ladder(Row, play_deal, tables, PAIRINGS, report, jobs)


@dataclass(frozen=True, slots=True)
class Rotated:
    """One ``strong`` seat against ``weak`` in every other seat, over ``deals`` deals, each
    played once with the strong seat in every position (duplicate-style)."""

    label: str
    strong: str
    weak: str
    deals: int
    games: int
    margin: float
    """The strong seat's score minus the weak seats' mean, per game."""
    margin_ci: float
    win_rate: float
    """The strong seat's share of games won (a top score shared with k others: 1/(k+1))."""
    win_ci: float
    strong_score: float
    """The strong seat's mean score a game."""
    times: tuple[float, ...]
    cpu_times: tuple[float, ...]
    """Process CPU seconds of the same decisions."""
    seconds: float
    margins: tuple[float, ...] = ()
    """Each deal's margin, in deal order (for paired comparisons of two runs)."""

    def describe(self) -> str:
        chance = 100 / (self.games // self.deals)
        return (
            f"{self.label:<22} one {self.strong} against {self.weak}, {self.deals} deals x "
            f"{self.games // self.deals} seats = {self.games} games: points/game "
            f"{self.margin:+6.2f} ± {self.margin_ci:4.2f} (its score {self.strong_score:.1f}), "
            f"wins {100 * self.win_rate:5.1f} % ± {100 * self.win_ci:4.1f} (chance "
            f"{chance:.1f} %); {self.strong} decisions, wall clock: "
            f"{Row.describe_times(self.times)}; CPU: {Row.describe_times(self.cpu_times)} "
            f"({self.seconds:.0f} s)"
        )


Player = Callable[[dict[str, Any], int, str], str]


def timed(
    level: str, times: list[float], cpu: list[float], decide: Player = computer_move
) -> Player:
    """``decide`` (``computer_move``) that appends the wall-clock seconds of every
    ``level`` decision with a choice to ``times``, and its process CPU seconds to ``cpu``
    (what it takes on a machine with a core to itself)."""

    def player(view: dict[str, Any], seed: int, at: str) -> str:
        start, start_cpu = time.perf_counter(), time.process_time()
        move = decide(view, seed, at)
        if at == level and len(FidoHand.for_seat(view).legal_moves()) > 1:
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        return move

    return player


RotatedDeal = tuple[float, float, float, list[float], list[float]]
"""A deal's margin, win share and strong score (means over its rotations), the strong
level's decision times (wall clock, CPU)."""


def play_rotated(
    table: Table, strong: str, weak: str, seed: int, decide: Player = computer_move
) -> RotatedDeal:
    """One seeded deal played once with the strong seat in each position (``decide``: the
    computer players, ``computer_move`` or a variant of it for tuning)."""
    margins: list[float] = []
    wins: list[float] = []
    mine: list[float] = []
    times: list[float] = []
    cpu: list[float] = []
    for seat in range(table.players):
        levels = [strong if other == seat else weak for other in range(table.players)]
        game = FidoHand.deal(table.players, table.options, seed)
        scores = play_out(game, levels, timed(strong, times, cpu, decide), seed)
        others = [score for other, score in enumerate(scores) if other != seat]
        margins.append(scores[seat] - statistics.fmean(others))
        top = max(scores)
        wins.append(1 / scores.count(top) if scores[seat] == top else 0.0)
        mine.append(scores[seat])
    return (
        statistics.fmean(margins),
        statistics.fmean(wins),
        statistics.fmean(mine),
        times,
        cpu,
    )


def rotated(
    table: Table,
    deals: int,
    strong: str = "hard",
    weak: str = "normal",
    first_seed: int = 0,
    jobs: int = 1,
    label: str = "fido-rotated",
    decide: Player = computer_move,
    progress: int = 0,
) -> Rotated:
    """``deals`` seeded deals (derived from ``first_seed`` and ``label``), each played with
    the strong seat in every position; intervals are taken over deals. ``progress``:
    print the figures so far every that many deals (the first k deals are what
    ``deals=k`` plays)."""
    start = time.perf_counter()
    work = [
        (table, strong, weak, derive_seed(first_seed, label, table.label, index), decide)
        for index in range(deals)
    ]
    played: list[RotatedDeal] = []
    for deal in each_of(jobs, play_rotated, work):
        played.append(deal)
        if progress and len(played) % progress == 0 and len(played) < deals:
            print(
                f"  after {len(played)} deals: "
                + summary(table, strong, weak, played, start).describe(),
                flush=True,
            )
    return summary(table, strong, weak, played, start)


def summary(
    table: Table, strong: str, weak: str, played: list[RotatedDeal], start: float
) -> Rotated:
    """The figures over the deals ``played`` so far."""
    margin, margin_ci = mean_ci([deal[0] for deal in played])
    win_rate, win_ci = mean_ci([deal[1] for deal in played])
    return Rotated(
        table.label,
        strong,
        weak,
        len(played),
        len(played) * table.players,
        margin,
        margin_ci,
        win_rate,
        win_ci,
        statistics.fmean(deal[2] for deal in played),
        tuple(seconds for deal in played for seconds in deal[3]),
        tuple(seconds for deal in played for seconds in deal[4]),
        time.perf_counter() - start,
        tuple(deal[0] for deal in played),
    )


def hard_timing(players: int, games: int = 1, first_seed: int = 1) -> list[float]:
    """Seconds per hard decision (with a choice) in double-21 games, every seat hard."""
    times: list[float] = []
    table = Table(players, {"set": 21})
    for index in range(games):
        play_game(table, ["hard"] * players, derive_seed(first_seed, "timing", index), times)
    return times


def main() -> None:
    parser = ladder_parser(__doc__)
    parser.add_argument("--deals", type=int, default=40, help="deals at 4 players, double-12")
    parser.add_argument("--big-deals", type=int, default=10, help="deals at 9p, double-21")
    parser.add_argument("--timing-games", type=int, default=1, help="games timed per size")
    parser.add_argument(
        "--full", action="store_true", help=f"{FULL_DEALS} and {FULL_BIG_DEALS} deals"
    )
    parser.add_argument(
        "--rotated",
        type=int,
        nargs=2,
        metavar=("DEALS4", "DEALS9"),
        help="instead of the ladder: one seat of each level against normal, every deal "
        "played with it in every position, at 4 players on double-9 and 9 on double-21",
    )
    parser.add_argument(
        "--levels", default="hard,easy", help="the levels --rotated seats against normal"
    )
    parser.add_argument(
        "--progress", type=int, default=5, help="--rotated: the figures every N deals"
    )
    args = parser.parse_args()
    if args.rotated:
        for table, count in zip((ROTATED, BIG), args.rotated, strict=True):
            for level in args.levels.split(","):
                if count:
                    row = rotated(
                        table,
                        count,
                        level,
                        first_seed=args.seed,
                        jobs=args.jobs,
                        progress=args.progress,
                    )
                    print(row.describe(), flush=True)
        return
    deals, big_deals = (FULL_DEALS, FULL_BIG_DEALS) if args.full else (args.deals, args.big_deals)

    print(f"ladder: {deals} deals at 4 players and {big_deals} at 9, each played twice")
    run((deals, big_deals), first_seed=args.seed, report=print, jobs=args.jobs)
    for players in (9, 3):
        times = hard_timing(players, args.timing_games, args.seed + 1)
        print(
            f"hard alone, {players} players double-21 ({args.timing_games} games, every "
            f"seat hard): {Row.describe_times(times)}"
        )


if __name__ == "__main__":
    main()
