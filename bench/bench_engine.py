"""Network dominoes engine speed: random 4-player hands per second, legal-move listing cost.

Machines differ, so the hands per second are also shown beside the `dominoes` package's
(abw333) random 4-player block games, measured in the same run in alternating rounds
(see bench_classic.py), as ours ÷ theirs.

Prints figures; asserts nothing (targets: ours ÷ theirs ≥ 0.12, i.e. about 1,000 hands/s
where `dominoes` makes 8,500 games/s; legal moves mid-hand ≤ 20 µs uncached).
Install the peer with ``pip install -e '.[bench]'``.
Run: .venv/bin/python bench/bench_engine.py [--seconds N] [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from importlib.metadata import version

import bench_classic  # beside this file: run as a script, bench/ is on the path

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


def our_hands(seconds: float, first_seed: int) -> tuple[int, float, int]:
    """Random hands played in ``seconds``; returns (hands, elapsed, tiles laid)."""
    hands = placed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        placed += len(random_hand(first_seed + hands).layout.placements)
        hands += 1
    return hands, time.perf_counter() - start, placed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per side, over all rounds")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    share = args.seconds / args.rounds
    ours: list[float] = []
    theirs: list[float] = []
    hands = placed = 0
    for round_number in range(args.rounds):
        count, elapsed, laid = our_hands(share, 1000 * round_number)
        ours.append(count / elapsed)
        hands, placed = hands + count, placed + laid
        if bench_classic.peer_installed():
            games, elapsed, _ = bench_classic.their_games(share, round_number)
            theirs.append(games / elapsed)
    print(
        f"random 4-player hands: {statistics.median(ours):,.0f} hands/s "
        f"({placed / hands:.1f} tiles laid per hand, median of {args.rounds} rounds)"
    )
    if theirs:
        ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
        print(
            f"dominoes {version('dominoes')} random 4-player games: "
            f"{statistics.median(theirs):,.0f} games/s; ours ÷ theirs "
            f"{statistics.median(ratios):.3f} (rounds: {', '.join(f'{r:.3f}' for r in ratios)})"
        )
    else:
        print("dominoes package not installed: pip install -e '.[bench]' for the ratio")

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
