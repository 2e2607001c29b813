"""Network dominoes engine speed: random 4-player hands per second, legal-move listing cost.

Prints figures; asserts nothing (targets: ≥ 1,000 hands/s, never below 300).
Run: .venv/bin/python bench/bench_engine.py [--seconds N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.network import NetworkHand


def random_hand(seed: int, players: int = 4) -> NetworkHand:
    """Play a hand to the end: each player lays a random legal tile, passing only when stuck."""
    hand = NetworkHand.deal(players, {}, seed)
    rng = random.Random(seed)
    while not hand.is_over:
        moves = hand.legal_moves()
        if len(moves) > 1 and moves[-1].is_pass:
            moves.pop()
        hand.apply(rng.choice(moves))
    return hand


def mid_hand(seed: int) -> NetworkHand:
    """A 4-player hand after 12 random plays, for timing the legal-move listing."""
    hand = NetworkHand.deal(4, {}, seed)
    rng = random.Random(seed)
    while len(hand.layout.placements) < 12 and not hand.is_over:
        moves = [m for m in hand.legal_moves() if not m.is_pass] or hand.legal_moves()
        hand.apply(rng.choice(moves))
    return hand


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()

    hands, placed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        placed += len(random_hand(hands).layout.placements)
        hands += 1
    elapsed = time.perf_counter() - start
    print(
        f"random 4-player hands: {hands / elapsed:,.0f} hands/s "
        f"({placed / hands:.1f} tiles laid per hand, {hands} hands in {elapsed:.1f} s)"
    )

    timings = []
    for seed in range(200):
        hand = mid_hand(seed)
        for end in hand.layout.ends.values():  # time a cold listing, as after a fresh load
            end.singles = end.doubles = None
        t0 = time.perf_counter()
        hand.legal_moves()
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        hand.legal_moves()
        timings.append((cold, time.perf_counter() - t0))
    print(
        f"legal moves mid-hand: {statistics.median(c for c, _ in timings) * 1e6:.0f} µs cold, "
        f"{statistics.median(w for _, w in timings) * 1e6:.0f} µs cached (median of 200)"
    )


if __name__ == "__main__":
    main()
