"""How sharp our own Block players are, in the terms of the classic hard player's play model.

The classic hard player weighs its worlds by how likely they make the other seats' plays
(``PlayModel`` in :mod:`engine.classic.ai`): a player of sharpness b makes a play with odds
exp(b × the tile's pips) among the plays its hand allowed, and the model mixes the levels
of ``MODEL_SHARPNESS``. This fits b to a player of our own (never to the benchmark's
opponents): it plays two-player Block on ``bench/block_sparring.py``'s deals, the watched
player against another, and at every play where the watched player's real hand allowed
more than one, adds the log-likelihood of the play it made at each sharpness of a grid.
Prints the log-likelihood per sharpness and the best fit; asserts nothing.
Run: .venv/bin/python bench/block_model_fit.py --watch ismcts-2000 --against normal
[--deals 20]
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

from block_sparring import turns  # beside this file: bench/ is on the path

GRID = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)


def play_log_likelihood(pips: Sequence[int], chosen: int, sharpness: float) -> float:
    """log P(the play of ``chosen`` pips among plays of ``pips``) at ``sharpness``."""
    top = max(pips)
    total = sum(math.exp(sharpness * (p - top)) for p in pips)
    return sharpness * (chosen - top) - math.log(total)


def fit(watch: str, against: str, deals: int, first: int) -> tuple[list[float], int]:
    """Per sharpness of :data:`GRID`, the watched player's log-likelihood; and how many
    plays were a choice."""
    totals = [0.0] * len(GRID)
    choices = 0
    for number in range(deals):
        seed = first + number
        for watched_seat in (0, 1):
            for hand, seat, move, _seconds in turns(
                {watched_seat: watch, 1 - watched_seat: against}, seed
            ):
                plays = {m.text: m.tile for m in hand.legal_moves() if m.tile is not None}
                if seat != watched_seat or len(set(plays.values())) < 2:
                    continue
                made = plays.get(move)
                if made is not None:
                    pips = [tile[0] + tile[1] for tile in plays.values()]
                    chosen = made[0] + made[1]
                    for index, sharpness in enumerate(GRID):
                        totals[index] += play_log_likelihood(pips, chosen, sharpness)
                    choices += 1
    return totals, choices


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--watch", default="ismcts-2000", help="the player fitted")
    parser.add_argument("--against", default="normal", help="its opponent")
    parser.add_argument("--deals", type=int, default=20, help="each played twice")
    parser.add_argument("--seed", type=int, default=5000, help="first deal's seed")
    args = parser.parse_args()
    totals, choices = fit(args.watch, args.against, args.deals, args.seed)
    print(f"{args.watch} against {args.against}: {choices} plays that were a choice")
    for sharpness, total in zip(GRID, totals, strict=True):
        print(f"  sharpness {sharpness:5.2f}: log-likelihood {total:9.2f}")
    best = max(range(len(GRID)), key=lambda i: totals[i])
    print(f"best fit on the grid: sharpness {GRID[best]}")


if __name__ == "__main__":
    main()
