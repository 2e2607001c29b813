"""Sparring partners for the classic hard player, and an arena to play them in.

The hard player of the classic games was tuned against these and against itself, never
against the benchmarks' own opponents (open_spiel's greedy player and ISMCTS). The arena is
open_spiel's Block on our engine: two players, seven tiles each, fourteen nobody draws,
seat 0 leads any tile, the spinner off; the lower pip count wins the loser's pips. Each
deal is played twice with the seats swapped. Every agent decides from its seat's view.

Partners:
* ``dab`` — determinized alpha-beta: deals the unseen tiles at random, honouring passes
  (:class:`~engine.classic.inference.DealSampler`, no model of how the other plays), solves
  every world exactly (:mod:`engine.classic.solve`) and plays the move of best mean value;
  as many worlds as fit :data:`DAB_NODES` nodes.
* ``ismcts`` — single-observer information-set MCTS (:mod:`ismcts_block`, beside this
  file): a determinization per iteration, UCT over the moves the seat could see, random
  rollouts.
* ``hard-pimc`` — the hard player before every sampled world was solved: normal-player
  playouts in every world until the boneyard is empty and every tile known.
* ``sees-all`` — a diagnostic, not a player: it sees the other hand and plays the move of
  best exact value (:mod:`engine.classic.solve`), the ceiling of what inference could give.

Run: .venv/bin/python bench/block_sparring.py --a hard --b dab [--deals 100] [--jobs 2]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NamedTuple

from intervals import mean_ci, percentile, wilson  # beside this file

from engine.classic import BlockGame, solved_worlds
from engine.classic import ai as classic_ai
from engine.classic.hand import ClassicHand
from engine.classic.inference import DealSampler
from engine.classic.moves import TILES
from engine.classic.solve import WorldSolver
from engine.classic.solved_worlds import solved_means
from engine.rng import derive_seed

Agent = Callable[[Mapping[str, Any], int], str]

DAB_NODES = 60_000
"""The determinized alpha-beta player's nodes a decision (about as long as hard's)."""
DAB_WORLDS = 400


def dab_move(view: Mapping[str, Any], seed: int) -> str:
    hand = ClassicHand.for_seat(view)
    moves = hand.legal_moves()
    if len(moves) == 1 or not moves[0].is_play:
        return moves[0].text
    seat = hand.current_player
    assert seat is not None
    sampler = DealSampler(hand, seat)
    means = solved_means(
        seat, moves, sampler.sample, random.Random(seed), DAB_NODES, DAB_WORLDS, 10**9
    )
    assert means is not None
    return moves[means.index(max(means))].text


SEES_ALL = "sees-all"


def sees_all_agent(hand: ClassicHand) -> Agent:
    """The exact best move of the real ``hand`` for the seat to move (its view unused)."""

    def decide(_view: Mapping[str, Any], _seed: int) -> str:
        moves = hand.legal_moves()
        if len(moves) == 1 or not moves[0].is_play:
            return moves[0].text
        seat = hand.current_player
        assert seat is not None
        values = WorldSolver(hand, seat, 10**9).move_values(moves)
        return moves[values.index(max(values))].text

    return decide


def level_agent(level: str) -> Agent:
    return lambda view, seed: classic_ai.computer_move(dict(view), seed, level)


def tuned_hard(settings: str) -> Agent:
    """Hard with some constants of :mod:`engine.classic.ai` or
    :mod:`engine.classic.solved_worlds` changed, for self-play: ``SOLVE_BUDGET=40000``."""
    changes = {
        key: float(value) if "." in value else int(value)
        for key, _, value in (p.partition("=") for p in settings.split(","))
    }
    homes = {key: classic_ai if hasattr(classic_ai, key) else solved_worlds for key in changes}
    unknown = [key for key, home in homes.items() if not hasattr(home, key)]
    if unknown:  # a misspelt constant would otherwise be set beside the real one, unused
        raise ValueError(f"no such constant in engine.classic.ai or solved_worlds: {unknown}")

    def decide(view: Mapping[str, Any], seed: int) -> str:
        saved = {key: getattr(homes[key], key) for key in changes}
        for key, value in changes.items():
            setattr(homes[key], key, value)
        try:
            return classic_ai.computer_move(dict(view), seed, "hard")
        finally:
            for key, value in saved.items():
                setattr(homes[key], key, value)

    return decide


def agent_named(name: str) -> Agent:
    if name.startswith("hard:"):
        return tuned_hard(name.partition(":")[2])
    if name == "dab":
        return dab_move
    if name == "hard-pimc":
        return tuned_hard("SOLVE_TILES=0")  # no hand is small enough to solve
    if name.startswith("ismcts"):
        from ismcts_block import ismcts_agent  # beside this file

        return ismcts_agent(int(name.partition("-")[2] or 2000))
    return level_agent(name)


def agent_for(name: str, hand: ClassicHand) -> Agent:
    """The agent called ``name`` for the game ``hand`` (only sees-all looks at the game
    itself; every other agent is handed its seat's view alone)."""
    return sees_all_agent(hand) if name == SEES_ALL else agent_named(name)


def deal(seed: int) -> BlockGame:
    tiles = list(TILES)
    random.Random(derive_seed(seed, "block-sparring")).shuffle(tiles)
    return BlockGame([tiles[:7], tiles[7:14]], tiles[14:], {"spinner": "off"}, leader=0, seed=seed)


class Turn(NamedTuple):
    """A move about to be made: the hand before it, the seat, the move and the CPU
    seconds the seat took to choose it."""

    hand: ClassicHand
    seat: int
    move: str
    seconds: float


def turns(names: Mapping[int, str], seed: int) -> Iterator[Turn]:
    """Deal ``seed`` played out by the agents named per seat, a :class:`Turn` before each
    move is made (the hand is the game itself: it is over once the turns end). Seconds are
    the CPU time of this process, which other work on a shared machine does not inflate."""
    hand = deal(seed)
    agents = {seat: agent_for(name, hand) for seat, name in names.items()}
    turn = 0
    while hand.current_player is not None:
        seat = hand.current_player
        start = time.process_time()
        move = agents[seat](hand.view(seat), derive_seed(seed, "turn", turn, seat))
        yield Turn(hand, seat, move, time.process_time() - start)
        hand.play(seat, move)
        turn += 1


def play(job: tuple[str, str, int, int]) -> tuple[float, float, list[float]]:
    """Deal ``seed`` with ``a`` in seat ``a_seat``: a's win (1, ½, 0), a's net points and
    a's decision times (CPU) where it had a choice."""
    a, b, seed, a_seat = job
    times: list[float] = []
    hand: ClassicHand | None = None
    for turn in turns({a_seat: a, 1 - a_seat: b}, seed):
        hand = turn.hand
        if turn.seat == a_seat and len(hand.legal_moves()) > 1:
            times.append(turn.seconds)
    assert hand is not None  # a deal always has a first move
    scores = hand.scores
    net = float(scores[a_seat] - scores[1 - a_seat])
    winner = hand.winner
    won = 0.5 if winner is None else float(winner == a_seat)
    return won, net, times


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="hard", help="measured agent")
    parser.add_argument("--b", default="dab", help="opponent")
    parser.add_argument("--deals", type=int, default=100, help="each played twice")
    parser.add_argument("--seed", type=int, default=1000, help="first deal's seed")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    work = [(args.a, args.b, args.seed + d, a_seat) for d in range(args.deals) for a_seat in (0, 1)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play, work, chunksize=2))
    else:
        results = [play(job) for job in work]
    wins = sum(r[0] for r in results)
    low, high = wilson(wins, len(results))
    points, half = mean_ci([r[1] for r in results])
    times = [t for r in results for t in r[2]]
    print(
        f"{args.a} vs {args.b}: {len(results)} games, won {100 * wins / len(results):.1f} % "
        f"[{100 * low:.1f}, {100 * high:.1f}], points {points:+.2f} ± {half:.2f}; "
        f"{args.a} CPU p50/p95/max {1000 * percentile(times, 0.5):.0f} / "
        f"{1000 * percentile(times, 0.95):.0f} / {1000 * max(times, default=0):.0f} ms"
    )


if __name__ == "__main__":
    main()
