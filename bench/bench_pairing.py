"""How well tournament rounds are paired and seated, over events with random results.

- Two seats, Swiss (``bot/tournaments/pairing.py``): for each event size, the rounds in
  which a rematch was paired although a round without one existed (checked by a maximum
  matching of the pairs not yet met, a bye for someone who has not had one), and each
  player's first moves less second moves after every round (the target: within one).
- Tables of four (``bot/tournaments/seating.py``): 24 players over 6 rounds; pairs who sat
  together more than once (the best possible: none) and each player's seat-position spread,
  the most minus the fewest times they sat in one position (the best possible over 6
  rounds at 4 seats: 1).
- The time to pair one round of a 256-player Swiss (target: under a second).

Results are random: a two-seat game is won by either or drawn; a table's scores are
random numbers. Asserts nothing.

Run: .venv/bin/python bench/bench_pairing.py [--events 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import networkx as nx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.tournaments.pairing import BYE, first_move_balance, swiss_pairing
from bot.tournaments.rounds import Pairing, PlayedRound, TableResult, place_points
from bot.tournaments.seating import seat_positions, tables_by_score, together_before


def played(pairing: Pairing, rng: random.Random) -> PlayedRound:
    """Random results for a round: byes take theirs, a table's scores are random."""
    tables = []
    for table in pairing.tables:
        if len(table) == 1:
            tables.append(TableResult(table, (1.0,)))
            continue
        scores = [rng.choice((0, 1, 2)) if len(table) == 2 else rng.randrange(100) for _ in table]
        tables.append(TableResult(table, place_points(scores), tuple(scores)))
    return tuple(tables)


def rematch_avoidable(players: list[int], rounds: list[PlayedRound]) -> bool:
    """Whether some pairing of ``players`` (a bye, if odd, to one who had none) meets no
    pair twice."""
    met = {frozenset(t.players) for r in rounds for t in r if len(t.players) == 2}
    had_bye = {t.players[0] for r in rounds for t in r if len(t.players) == 1}
    graph: nx.Graph[Any] = nx.Graph()
    graph.add_nodes_from(players)
    for index, one in enumerate(players):
        for two in players[index + 1 :]:
            if frozenset((one, two)) not in met:
                graph.add_edge(one, two)
    if len(players) % 2:
        for player in players:
            if player not in had_bye:
                graph.add_edge(BYE, player)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == len(players) + len(players) % 2


def two_seat_swiss(events: int, rng: random.Random) -> None:
    print("Two seats, Swiss, random results:")
    for size in (8, 13, 20, 32, 64):
        rounds_each = math.ceil(math.log2(size)) + 1
        avoidable_rematches = rounds_total = 0
        beyond_one = balances = 0
        worst = 0
        for _ in range(events):
            players = list(range(1, size + 1))
            rounds: list[PlayedRound] = []
            for _ in range(rounds_each):
                avoidable = rematch_avoidable(players, rounds)
                met = {frozenset(t.players) for r in rounds for t in r}
                pairing = swiss_pairing(players, rounds)
                rematch = any(frozenset(table) in met for table in pairing.games)
                avoidable_rematches += rematch and avoidable
                rounds_total += 1
                rounds.append(played(pairing, rng))
                balance = first_move_balance(rounds)
                beyond_one += sum(abs(balance[p]) > 1 for p in players)
                balances += len(players)
                worst = max(worst, max(abs(balance[p]) for p in players))
        print(
            f"  {size:>3} players, {rounds_each} rounds, {events} events: rematches while "
            f"avoidable {avoidable_rematches} of {rounds_total} rounds; first moves within one "
            f"of second moves {100 * (1 - beyond_one / balances):.1f} % of player-rounds "
            f"(worst {worst})"
        )


def four_seat_tables(events: int, rng: random.Random) -> None:
    players, seats, rounds_each = 24, 4, 6
    repeated: list[int] = []
    spreads: list[int] = []
    for _ in range(events):
        entrants = list(range(1, players + 1))
        rounds: list[PlayedRound] = []
        for _ in range(rounds_each):
            rounds.append(played(tables_by_score(entrants, rounds, seats), rng))
        met = together_before(rounds)
        repeated.append(sum(count - 1 for count in met.values() if count > 1))
        taken = seat_positions(rounds)
        for player in entrants:
            counts = [taken[player][position] for position in range(seats)]
            spreads.append(max(counts) - min(counts))
    best_spread = 0 if rounds_each % seats == 0 else 1
    spread = Counter(spreads)
    print(
        f"Tables of {seats}, {players} players, {rounds_each} rounds, {events} events:\n"
        f"  pairs seated together again: mean {statistics.mean(repeated):.2f}, "
        f"max {max(repeated)} an event (best possible 0)\n"
        f"  seat-position spread a player: mean {statistics.mean(spreads):.2f}, "
        f"max {max(spreads)} (best possible {best_spread}); "
        + ", ".join(f"{value}: {spread[value]}" for value in sorted(spread))
    )


def big_swiss(rng: random.Random) -> None:
    players = list(range(1, 257))
    rounds: list[PlayedRound] = []
    took = []
    for _ in range(8):
        started = time.perf_counter()
        pairing = swiss_pairing(players, rounds)
        took.append(time.perf_counter() - started)
        rounds.append(played(pairing, rng))
    print(
        f"256-player Swiss, 8 rounds: pairing a round took median {statistics.median(took):.3f} s, "
        f"max {max(took):.3f} s (target under 1 s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    two_seat_swiss(args.events, rng)
    four_seat_tables(args.events, rng)
    big_swiss(rng)


if __name__ == "__main__":
    main()
