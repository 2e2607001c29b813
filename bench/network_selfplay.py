"""Network dominoes: the hard player against a variant of its own search (what its budget
was tuned on).

A variant is a fixed amount of work: ``{"work": W, "least": L, "most": M}`` samples
``W ÷ (candidates × tiles in all hands)`` worlds, held between L and M (``{"most": 60,
"least": 60}``: 60 worlds always). Four-player hands, two seats of each variant
alternating round the table, every deal played twice with the seats swapped, on deals
derived from a seed of their own (not the ladder's). Prints A's points a hand ahead of
B's with a 95 % interval over deals, and A's and B's decision times (p50/p95/max);
asserts nothing. No time cap: the work alone decides.
Run: .venv/bin/python bench/network_selfplay.py --a '{"work": 6480, "least": 30}'
[--b '{"least": 60}'] [--deals N] [--seed N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from intervals import mean_ci, percentile  # beside this file: bench/ is on the path

from engine.network.hand import NetworkHand
from engine.network.hard import HARD_WORK, HARD_WORLDS, MIN_WORLDS, hard_move
from engine.network.policy import judge_moves, knowledge
from engine.rng import derive_seed
from engine.search import Budget

Variant = dict[str, Any]


def worlds(variant: Variant, candidates: int, tiles: int) -> int:
    """The worlds ``variant`` samples for a decision of this size."""
    work = int(variant.get("work", HARD_WORK))
    least = int(variant.get("least", MIN_WORLDS))
    most = int(variant.get("most", HARD_WORLDS))
    return max(least, min(most, work // max(1, candidates * tiles)))


def decide(hand: NetworkHand, seed: int, variant: Variant) -> str:
    """The variant's hard move for the seat to move, from that seat's view."""
    seat = hand.current_player
    assert seat is not None
    view = hand.view(seat)
    mine = NetworkHand.for_seat(view)
    know = knowledge(mine, seat, [int(n) for n in view["hand_sizes"]])
    legal = len(judge_moves(mine, know))
    count = worlds(variant, min(legal, 6), sum(know.sizes))
    return str(hard_move(mine, know, seed, Budget(count)))


def play_deal(a: Variant, b: Variant, seed: int, times: dict[str, list[float]]) -> float:
    """A's mean points a hand ahead of B's over the deal played twice, seats swapped."""
    margins = []
    for swap in (False, True):
        hand = NetworkHand.deal(4, {}, seed)
        sides = ["a" if (seat % 2 == 0) != swap else "b" for seat in range(4)]
        turn = 0
        while hand.current_player is not None:
            seat = hand.current_player
            side = sides[seat]
            start = time.perf_counter()
            move = decide(hand, derive_seed(seed, "turn", turn), a if side == "a" else b)
            if len(hand.legal_moves()) > 1:
                times[side].append(time.perf_counter() - start)
            hand.play(seat, move)
            turn += 1
        scores = hand.scores
        mine = sum(s for s, side in zip(scores, sides, strict=True) if side == "a") / 2
        theirs = sum(s for s, side in zip(scores, sides, strict=True) if side == "b") / 2
        margins.append(mine - theirs)
    return statistics.fmean(margins)


def describe(times: list[float]) -> str:
    return (
        f"p50 {1000 * percentile(times, 0.5):.0f} ms, p95 {1000 * percentile(times, 0.95):.0f}"
        f" ms, max {1000 * max(times, default=0):.0f} ms ({len(times)} decisions)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--a", default="{}", help="variant A as JSON")
    parser.add_argument("--b", default='{"least": 60}', help="variant B as JSON")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    a, b = json.loads(args.a), json.loads(args.b)
    times: dict[str, list[float]] = {"a": [], "b": []}
    margins = []
    for index in range(args.deals):
        margins.append(play_deal(a, b, derive_seed(args.seed, "network-selfplay", index), times))
        if (index + 1) % 5 == 0 or index + 1 == args.deals:
            mean, half = mean_ci(margins)
            print(f"{index + 1} deals: A {mean:+.3f} ± {half:.3f} points a hand ahead of B")
    print(f"A {a}: {describe(times['a'])}")
    print(f"B {b}: {describe(times['b'])}")


if __name__ == "__main__":
    main()
