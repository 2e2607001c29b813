"""Classic dominoes engine speed, side by side with the `dominoes` package (abw333/dominoes).

Ours: random 4-player All Fives hands (spinner on, a boneyard to draw from), a fresh
seeded deal per hand, random legal moves until the hand ends. Theirs: the package's own
random 4-player game (``Game.new()`` deals; ``players.random`` orders the valid moves and
the first is made) — a simpler block game with no boneyard and no scoring during play.
Both include dealing, and both draw their randomness from one generator set up once.

Prints figures; asserts nothing (target: ours ÷ theirs ≥ 1.0, never below 0.35).
Install the peer with ``pip install -e '.[bench]'``.
Run: .venv/bin/python bench/bench_classic.py [--seconds N] [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable
from importlib.metadata import version

from timed_games import games_for  # beside this file: bench/ is on the path

from engine.classic import AllFives

try:
    import dominoes
except ImportError:  # the bench extra is not installed
    dominoes = None


def peer_installed() -> bool:
    """Whether the `dominoes` package (the bench extra) is there to compare against."""
    return dominoes is not None


def our_hands(seconds: float, first_seed: int) -> tuple[int, float, int]:
    """Hands played in ``seconds``; returns (hands, elapsed, turns)."""
    choice = random.Random(first_seed).choice

    def play(index: int) -> int:
        hand = AllFives.deal(4, {}, first_seed + index)
        while hand.current_player is not None:
            hand.apply(choice(hand.legal_moves()))
        return len(hand.history)

    return games_for(seconds, 50, play)


def their_games(seconds: float, first_seed: int) -> tuple[int, float, int]:
    """The peer's random games in ``seconds``; returns (games, elapsed, moves)."""
    assert dominoes is not None
    random.seed(first_seed)  # the package deals and orders moves with the global generator
    new_game = dominoes.Game.new
    random_player = dominoes.players.random

    def play(index: int) -> int:
        game = new_game()
        while game.result is None:
            random_player(game)
            game.make_move(*game.valid_moves[0])
        return len(game.moves)

    return games_for(seconds, 50, play)


def rate(
    run: Callable[[float, int], tuple[int, float, int]], seconds: float, seed: int
) -> tuple[float, float]:
    """(hands or games per second, turns per hand)."""
    count, elapsed, turns = run(seconds, seed)
    return count / elapsed, turns / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="per side per round")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds")
    args = parser.parse_args()

    ours: list[float] = []
    theirs: list[float] = []
    our_turns = their_moves = 0.0
    for round_number in range(args.rounds):  # alternate, so drift hits both sides alike
        ours_rate, our_turns = rate(our_hands, args.seconds, round_number * 1_000_000)
        ours.append(ours_rate)
        if dominoes is not None:
            their_rate, their_moves = rate(their_games, args.seconds, round_number)
            theirs.append(their_rate)

    our_median = statistics.median(ours)
    print(
        f"ours   (engine.classic, All Fives, 4 players, spinner, boneyard): "
        f"{our_median:,.0f} hands/s ({our_turns:.1f} turns per hand; "
        f"rounds: {', '.join(f'{r:,.0f}' for r in ours)})"
    )
    if dominoes is None:
        print("theirs (dominoes package): not installed — pip install -e '.[bench]' to compare")
        return
    their_median = statistics.median(theirs)
    print(
        f"theirs (dominoes {version('dominoes')}, random 4-player game): "
        f"{their_median:,.0f} games/s ({their_moves:.1f} moves per game; "
        f"rounds: {', '.join(f'{r:,.0f}' for r in theirs)})"
    )
    print(f"ratio ours ÷ theirs: {our_median / their_median:.2f} (target ≥ 1.0, floor 0.35)")


if __name__ == "__main__":
    main()
