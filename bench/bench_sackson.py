"""Sackson's Network engine speed: random games per second, and the rules on ``Position``.

Random games: seeded games played to the end through :class:`SacksonGame` (every legal
move checked, repetition counted, automatic passes), each player choosing a random legal
move; dealing is included. Then, over positions taken from such games (split by phase:
placing pieces or moving them), the rules the computer players lean on, on the cheap
int :class:`Position`: listing moves (``moves()``: where pieces may go; ``legal_moves()``:
also leaving out a move that gives both players a network), the network test for both
colours, and the computer's own tactics — every move that completes a network at once
(``threats.winning_moves``, limit 1) and the evaluation. Rounds alternate and medians are
printed, so drift on a shared machine hits every figure alike.

Prints figures; asserts nothing.
Run: .venv/bin/python bench/bench_sackson.py [--seconds N] [--rounds N] [--positions N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence

from engine.sackson.evaluate import evaluate
from engine.sackson.game import SacksonGame
from engine.sackson.position import Position
from engine.sackson.threats import winning_moves


def random_game(seed: int) -> SacksonGame:
    """A game played to its end with random legal moves."""
    game = SacksonGame.deal(2, {}, seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_moves()))
    return game


def games_per_second(seconds: float, first_seed: int) -> tuple[float, float, Counter[str]]:
    """Random games for about ``seconds``: (games per second, moves a game, endings)."""
    games = moves = 0
    endings: Counter[str] = Counter()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = random_game(first_seed + games)
        moves += len(game.moves_played)
        endings[game.outcome.reason if game.outcome else "?"] += 1
        games += 1
    return games / (time.perf_counter() - start), moves / games, endings


def sample_positions(count: int, seed: int) -> tuple[list[Position], list[Position]]:
    """Positions met in random games (not over), as (placing, moving) for the player to
    move."""
    rng = random.Random(seed)
    placing: list[Position] = []
    moving: list[Position] = []
    game_seed = seed
    while len(placing) < count or len(moving) < count:
        game = SacksonGame.deal(2, {}, game_seed)
        game_seed += 1
        while not game.is_over:
            position = game.position
            phase = placing if position.hand[position.to_move] else moving
            if len(phase) < count:
                phase.append(position.copy())
            game.apply(rng.choice(game.legal_moves()))
    return placing, moving


def rate(work: Callable[[Position], object], positions: Sequence[Position]) -> float:
    """Calls of ``work`` per second over ``positions``."""
    start = time.perf_counter()
    for position in positions:
        work(position)
    return len(positions) / (time.perf_counter() - start)


def both_networks(position: Position) -> bool:
    return position.has_network(0) or position.has_network(1)


def wins_now(position: Position) -> object:
    colour = position.to_move
    own, other = position.pieces[colour], position.pieces[1 - colour]
    return winning_moves(own, other, colour, position.hand[colour] > 0)


def legal_and_networks(position: Position) -> object:
    """What a plain search does at a node: list the legal moves, make each and test
    whether the mover now has a network."""
    colour = position.to_move
    found = 0
    for move in position.legal_moves():
        after = position.copy()
        after.play(move)
        found += after.has_network(colour)
    return found


WORK: tuple[tuple[str, Callable[[Position], object]], ...] = (
    ("moves()", Position.moves),
    ("legal_moves()", Position.legal_moves),
    ("network test, both colours", both_networks),
    ("legal moves, each made and tested", legal_and_networks),
    ("winning_moves (limit 1)", wins_now),
    ("evaluate", evaluate),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="random games per round")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds")
    parser.add_argument("--positions", type=int, default=2000, help="positions per phase")
    args = parser.parse_args()

    placing, moving = sample_positions(args.positions, seed=1)
    game_rates: list[float] = []
    lengths: list[float] = []
    endings: Counter[str] = Counter()
    rates: dict[tuple[str, str], list[float]] = {}
    for round_number in range(args.rounds):
        per_second, length, ended = games_per_second(args.seconds, 100_000 * round_number)
        game_rates.append(per_second)
        lengths.append(length)
        endings.update(ended)
        for label, work in WORK:
            for phase, positions in (("placing", placing), ("moving", moving)):
                rates.setdefault((label, phase), []).append(rate(work, positions))

    total = sum(endings.values())
    ends = ", ".join(f"{reason} {100 * n / total:.0f} %" for reason, n in endings.most_common())
    print(
        f"random games through SacksonGame: {statistics.median(game_rates):,.0f} games/s, "
        f"{statistics.fmean(lengths):.1f} moves a game ({ends}; rounds "
        f"{', '.join(f'{r:,.0f}' for r in game_rates)})"
    )
    print(f"on Position, {args.positions} positions per phase from random games:")
    for label, _ in WORK:
        cells = []
        for phase in ("placing", "moving"):
            cells.append(f"{phase} {statistics.median(rates[(label, phase)]):>9,.0f}/s")
        print(f"  {label:<36} {'   '.join(cells)}")
    moves = statistics.fmean(len(p.moves()) for p in moving)
    places = statistics.fmean(len(p.moves()) for p in placing)
    print(f"  (moves to choose from: placing {places:.1f}, moving {moves:.1f} on average)")


if __name__ == "__main__":
    main()
