"""FIDO engine speed: tiles laid per second in random games, beside the classic engine's.

Both sides play whole games from fresh seeded deals, each player making a random legal
move (drawing when nothing fits), and count the tiles laid; dealing is included. The
classic side is 4-player All Fives (spinner on, a boneyard); FIDO is measured at the
default table (double-12 on 7, 4 players) and printed for double-21 on 13 (4 and 9
players) too. FIDO games are far longer (a double-12 game lays about 69 tiles, an All
Fives hand about 18), so the comparison is per tile laid. Rounds alternate between the
sides, so drift on a shared machine hits both alike; medians are printed.

Prints figures; asserts nothing (target: FIDO's tiles per second at the default table
≥ 0.8 × classic's).
Run: .venv/bin/python bench/bench_fido.py [--seconds N] [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable
from typing import Any

from timed_games import games_for  # beside this file: bench/ is on the path

from engine.classic import AllFives
from engine.fido import FidoHand
from engine.game import HandState

Deal = Callable[[int], Any]
"""A fresh game from a seed (a hand with a ``line`` of play)."""


def tiles_laid(deal: Deal, seconds: float, first_seed: int) -> tuple[float, float]:
    """Random games for about ``seconds``: (tiles laid per second, tiles laid per game)."""
    choice = random.Random(first_seed).choice

    def play(index: int) -> int:
        game: HandState[Any] = deal(first_seed + index)
        while game.current_player is not None:
            game.apply(choice(game.legal_moves()))
        return len(game.line.laid())  # type: ignore[attr-defined]

    games, elapsed, laid = games_for(seconds, 5, play)
    return laid / elapsed, laid / games


def classic(seed: int) -> AllFives:
    return AllFives.deal(4, {}, seed)


def fido(players: int, top: int) -> Deal:
    def deal(seed: int) -> FidoHand:
        return FidoHand.deal(players, {"set": top}, seed)

    return deal


TABLES = (("double-12, 4 players", fido(4, 12)),)
"""The default table, compared with classic's rate."""
ALSO = (("double-21, 4 players", fido(4, 21)), ("double-21, 9 players", fido(9, 21)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="per side per round")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds")
    args = parser.parse_args()

    sides: list[tuple[str, Deal]] = [("classic All Fives, 4 players", classic)]
    sides += [(f"FIDO {label}", deal) for label, deal in (*TABLES, *ALSO)]
    rates: dict[str, list[float]] = {label: [] for label, _ in sides}
    per_game: dict[str, float] = {}
    for round_number in range(args.rounds):
        for label, deal in sides:
            rate, tiles = tiles_laid(deal, args.seconds, 1_000_000 * round_number)
            rates[label].append(rate)
            per_game[label] = tiles
    base_label = sides[0][0]
    base = statistics.median(rates[base_label])
    for label, _ in sides:
        median = statistics.median(rates[label])
        ratios = [
            ours / theirs for ours, theirs in zip(rates[label], rates[base_label], strict=True)
        ]
        text = (
            f"{label:<32} {median:9,.0f} tiles/s ({per_game[label]:5.1f} a game; "
            f"rounds {', '.join(f'{r:,.0f}' for r in rates[label])})"
        )
        if label != base_label:
            text += (
                f"; ÷ classic {median / base:.2f} "
                f"(per round {', '.join(f'{r:.2f}' for r in ratios)})"
            )
        print(text)
    print("target: FIDO double-12, 4 players ≥ 0.8 × classic's tiles per second")


if __name__ == "__main__":
    main()
