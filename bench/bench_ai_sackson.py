"""Sackson's Network computer players: a ladder between the levels, and hard's thinking.

For each pairing (hard against easy, hard against normal, normal against easy) the two
levels play ``--games`` games, the stronger level taking Dark in every other game, each
decision made through the real interface: the level's move for the seat's view
(``computer_move``; the hard player's search is called as ``computer_move`` calls it, to
read its node count). Per pairing it prints the stronger level's wins, draws and losses,
its score (a win 1, a draw ½) with a 95 % confidence interval over games, its win share
with a Wilson interval, and its score as Dark and as Light. Then hard's decision times
in those games (decisions with a choice: p50, p95, max), its nodes per second, and the
depth its searches finished. ``--timing-games`` more games of hard against hard are
timed in this process alone, as a check of the times on a machine doing nothing else.

Prints figures; asserts nothing (targets: hard clearly beats normal and normal clearly
beats easy; hard decides in p95 ≤ 1 s and at most 2 s with another busy process beside
it, p95 about 0.5 s on an idle machine).
Run: .venv/bin/python bench/bench_ai_sackson.py [--games N] [--jobs 2]
[--timing-games N] [--seed N] (the default, 100 games a pairing, takes about five
minutes with ``--jobs 2``; ``--games 0`` only times hard against hard).
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ai_arena import ladder_parser, play_out, played_in  # beside this file: bench/ is on the path
from intervals import mean_ci, percentile, wilson  # beside this file: bench/ is on the path

from engine.game import JSON
from engine.rng import derive_seed
from engine.sackson.ai import computer_move, hard_search
from engine.sackson.game import SacksonGame
from engine.sackson.moves import SacksonMove

PAIRINGS = (("hard", "easy"), ("hard", "normal"), ("normal", "easy"))
"""(stronger, weaker) level of each pairing."""


@dataclass(slots=True)
class Thinking:
    """What the hard player's searches took: seconds, nodes and finished depth each."""

    seconds: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    depths: list[int] = field(default_factory=list)

    def extend(self, other: Thinking) -> None:
        self.seconds.extend(other.seconds)
        self.nodes.extend(other.nodes)
        self.depths.extend(other.depths)

    def describe(self) -> str:
        if not self.seconds:
            return "no decisions"
        times = self.seconds
        per_second = sum(self.nodes) / sum(times) if sum(times) else 0.0
        depths = Counter(self.depths)
        spread = ", ".join(
            f"{d}: {100 * n / len(self.depths):.0f} %" for d, n in sorted(depths.items())
        )
        return (
            f"p50 {1000 * percentile(times, 0.5):.0f} ms, p95 {1000 * percentile(times, 0.95):.0f} "
            f"ms, max {1000 * max(times):.0f} ms over {len(times)} decisions; "
            f"{per_second:,.0f} nodes/s; depth finished {spread}"
        )


def timed_player(thinking: Thinking) -> Callable[[JSON, int, str], str]:
    """``computer_move``, except that a hard decision also records its search."""

    def player(view: JSON, seed: int, level: str) -> str:
        if level != "hard":
            return computer_move(view, seed, level)
        start = time.perf_counter()
        game = SacksonGame.from_view(view)
        if len(game.legal_codes()) == 1:
            return computer_move(view, seed, level)
        result = hard_search(game, seed)
        thinking.seconds.append(time.perf_counter() - start)
        thinking.nodes.append(result.nodes)
        thinking.depths.append(result.depth)
        return str(SacksonMove.from_code(result.move))

    return player


@dataclass(frozen=True, slots=True)
class Game:
    """One game's result for the stronger level (1 won, ½ drawn, 0 lost)."""

    score: float
    strong_dark: bool
    reason: str
    moves: int
    thinking: Thinking


def play_game(job: tuple[str, str, int, bool]) -> Game:
    """One seeded game, ``strong`` playing Dark or Light."""
    strong, weak, seed, strong_dark = job
    game = SacksonGame.deal(2, {"dark": "host"}, seed)  # seat 0 plays Dark
    levels = [strong, weak] if strong_dark else [weak, strong]
    thinking = Thinking()
    scores = play_out(game, levels, timed_player(thinking), seed)
    mine = scores[levels.index(strong)]
    theirs = scores[levels.index(weak)]
    score = 0.5 if mine == theirs else float(mine > theirs)
    reason = game.outcome.reason if game.outcome else "?"
    return Game(score, strong_dark, reason, len(game.moves_played), thinking)


@dataclass(frozen=True, slots=True)
class Row:
    strong: str
    weak: str
    games: Sequence[Game]
    seconds: float

    def describe(self) -> str:
        scores = [g.score for g in self.games]
        wins, draws = scores.count(1.0), scores.count(0.5)
        losses = len(scores) - wins - draws
        rate, half = mean_ci(scores)
        low, high = wilson(wins, len(scores))
        dark = [g.score for g in self.games if g.strong_dark]
        light = [g.score for g in self.games if not g.strong_dark]
        endings = Counter(g.reason for g in self.games)
        ends = ", ".join(f"{reason} {n}" for reason, n in endings.most_common())
        return (
            f"{self.strong:>6} vs {self.weak:<6} {len(scores):4d} games: W{wins} D{draws} "
            f"L{losses}, score {100 * rate:5.1f} % ± {100 * half:4.1f}, wins "
            f"{100 * wins / len(scores):5.1f} % [{100 * low:.1f}, {100 * high:.1f}]; as Dark "
            f"{100 * statistics.fmean(dark):.0f} %, as Light {100 * statistics.fmean(light):.0f} "
            f"%; {statistics.fmean(g.moves for g in self.games):.1f} moves a game ({ends}; "
            f"{self.seconds:.0f} s)"
        )


def pairing(strong: str, weak: str, games: int, first_seed: int = 0, jobs: int = 1) -> Row:
    """``games`` seeded games, ``strong`` taking Dark in every other one; ``jobs`` > 1
    plays them in that many processes (same results, times taken on a busier machine)."""
    start = time.perf_counter()
    work = [
        (strong, weak, derive_seed(first_seed, "sackson", strong, weak, index), index % 2 == 0)
        for index in range(games)
    ]
    played = list(played_in(jobs, play_game, work))
    return Row(strong, weak, played, time.perf_counter() - start)


def hard_alone(games: int, first_seed: int) -> Thinking:
    """Hard against hard in this process alone: the hard player's thinking."""
    thinking = Thinking()
    for index in range(games):
        game = SacksonGame.deal(2, {}, derive_seed(first_seed, "timing", index))
        play_out(game, ["hard", "hard"], timed_player(thinking), derive_seed(first_seed, index))
    return thinking


def main() -> None:
    parser = ladder_parser(__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--timing-games", type=int, default=4, help="hard against hard, alone")
    args = parser.parse_args()

    if args.games:
        print(f"ladder: {args.games} games a pairing, colours alternating, {args.jobs} process(es)")
        ladder_thinking = Thinking()
        for strong, weak in PAIRINGS:
            row = pairing(strong, weak, args.games, args.seed, args.jobs)
            print(row.describe(), flush=True)
            for game in row.games:
                ladder_thinking.extend(game.thinking)
        print(f"hard in the ladder ({args.jobs} process(es) at once): {ladder_thinking.describe()}")
    if args.timing_games:
        alone = hard_alone(args.timing_games, args.seed)
        print(
            f"hard against hard, {args.timing_games} games in this process alone: "
            f"{alone.describe()}"
        )


if __name__ == "__main__":
    main()
