"""Rounds at tables of three to nine seats. Pure.

**By score** (Swiss-like): the players in standings order fill tables of the chosen size
(the last ones a seat smaller when the count does not divide), then players are swapped
between tables near each other in the standings while a swap lowers the round's cost:
first the pairs of players who have sat together before, then how far apart the scores at
a table lie. Within each table the seats are then given so that each player takes each
seat position (who plays first, second, …) as evenly as the rounds allow: an assignment of
players to positions (a maximum-weight matching) that costs each player the square of how
often they already sat there.

**Knockout**: the first round seeds players across the tables in snake order (1, 2, 3, 3,
2, 1, …) so every table is as strong as the others; each later round takes each table's
top ``advance`` and seeds them again by how they placed, then by seed; it is over after a
round of one table.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any, Final

import networkx as nx

from bot.tournaments.pairing import ranked_at
from bot.tournaments.rounds import Pairing, PlayedRound, PlayerId, table_sizes
from bot.tournaments.standings import standings

MET_AGAIN: Final = 1_000
"""The cost of two players sitting together again, against a point of score spread."""
SWAP_WINDOW: Final = 6
"""How many tables away in the standings a player may be swapped to."""
PASSES: Final = 8
"""At most this many passes of swaps (each pass tries every pair of nearby tables)."""
STARTS: Final = 12
"""Groupings tried a round for a field of up to :data:`START_FIELD` (see
``_fewest_meetings``); a larger field tries proportionally fewer."""
START_FIELD: Final = 32
JITTER: Final = 6.0
"""How many places a player may move in a shuffled start."""
WANDER_STEPS: Final = 1_000
"""Random swaps tried after the passes (see ``_wander``)."""


def tables_by_score(
    entrants: Sequence[PlayerId], rounds: Sequence[PlayedRound], seats: int
) -> Pairing:
    """The next round at tables of ``seats`` (some a seat smaller), grouped by score."""
    lines = standings(entrants, rounds, seats=seats)
    points = {line.player: line.points for line in lines}
    order = [line.player for line in lines]
    met = together_before(rounds)
    sizes = table_sizes(len(order), seats)
    groups = _fewest_meetings(order, sizes, met, points)
    positions = seat_positions(rounds)
    return Pairing(tuple(seat_order(group, positions) for group in groups))


def together_before(rounds: Sequence[PlayedRound]) -> Counter[frozenset[PlayerId]]:
    """How often each pair of players has sat at one table."""
    met: Counter[frozenset[PlayerId]] = Counter()
    for played in rounds:
        for table in played:
            for one, two in itertools.combinations(table.players, 2):
                met[frozenset((one, two))] += 1
    return met


def seat_positions(rounds: Sequence[PlayedRound]) -> dict[PlayerId, Counter[int]]:
    """How often each player has sat in each seat position (0: moves first)."""
    taken: dict[PlayerId, Counter[int]] = defaultdict(Counter)
    for played in rounds:
        for table in played:
            if len(table.players) > 1:
                for position, player in enumerate(table.players):
                    taken[player][position] += 1
    return taken


Meetings = dict[PlayerId, Counter[PlayerId]]
"""How often each player has sat with each other one (both ways)."""


def _meetings(met: Counter[frozenset[PlayerId]]) -> Meetings:
    table: Meetings = defaultdict(Counter)
    for pair, count in met.items():
        one, two = tuple(pair)
        table[one][two] += count
        table[two][one] += count
    return table


def _cost(group: Sequence[PlayerId], meetings: Meetings, points: dict[PlayerId, float]) -> float:
    again = sum(meetings[one][two] for one, two in itertools.combinations(group, 2))
    spread = max(points[p] for p in group) - min(points[p] for p in group)
    return MET_AGAIN * again + spread


def _swap_change(
    one: list[PlayerId],
    two: list[PlayerId],
    i: int,
    j: int,
    meetings: Meetings,
    points: dict[PlayerId, float],
) -> float:
    """How much swapping ``one[i]`` and ``two[j]`` changes the two tables' cost."""
    a, b = one[i], two[j]
    again = 0
    for index, player in enumerate(one):
        if index != i:
            again += meetings[b][player] - meetings[a][player]
    for index, player in enumerate(two):
        if index != j:
            again += meetings[a][player] - meetings[b][player]
    before = _spread(one, points) + _spread(two, points)
    one[i], two[j] = b, a
    after = _spread(one, points) + _spread(two, points)
    one[i], two[j] = a, b
    return MET_AGAIN * again + after - before


def _spread(group: Sequence[PlayerId], points: dict[PlayerId, float]) -> float:
    return max(points[p] for p in group) - min(points[p] for p in group)


def _fewest_meetings(
    order: list[PlayerId],
    sizes: list[int],
    met: Counter[frozenset[PlayerId]],
    points: dict[PlayerId, float],
) -> list[list[PlayerId]]:
    """The best of several groupings, each built greedily (each table from the best-placed
    player left, then the next best-placed who has met nobody at it yet) from the
    standings and from lightly shuffled standings, then improved by swaps (fewer starts
    for a large field, whose tables have more players to swap with)."""
    meetings = _meetings(met)
    rng = random.Random(repr((order, sizes)))
    place = {player: index for index, player in enumerate(order)}
    best: list[list[PlayerId]] | None = None
    best_cost = 0.0
    for attempt in range(max(1, STARTS * START_FIELD // max(len(order), START_FIELD))):
        start = list(order)
        if attempt:
            start = sorted(order, key=lambda p: place[p] + rng.uniform(0, JITTER))
        groups = _greedy(start, sizes, meetings)
        _improve(groups, meetings, points, rng)
        cost = sum(_cost(group, meetings, points) for group in groups)
        if best is None or cost < best_cost:
            best, best_cost = groups, cost
    assert best is not None
    return best


def _greedy(order: list[PlayerId], sizes: list[int], meetings: Meetings) -> list[list[PlayerId]]:
    left = list(order)
    groups = []
    for size in sizes:
        group = [left.pop(0)]
        while len(group) < size:
            pick = next(
                (i for i, p in enumerate(left) if not any(meetings[p][q] for q in group)), 0
            )
            group.append(left.pop(pick))
        groups.append(group)
    return groups


def _improve(
    groups: list[list[PlayerId]],
    meetings: Meetings,
    points: dict[PlayerId, float],
    rng: random.Random,
) -> None:
    """Swap players between nearby tables while a swap lowers the cost; then random swaps
    between nearby tables, kept whenever they cost no more, so the search walks along
    equal costs to a lower one (the random numbers are the caller's: the same round is
    seated the same way)."""
    for _ in range(PASSES):
        improved = False
        for first in range(len(groups)):
            for second in range(first + 1, min(len(groups), first + 1 + SWAP_WINDOW)):
                one, two = groups[first], groups[second]
                for i, j in itertools.product(range(len(one)), range(len(two))):
                    if _swap_change(one, two, i, j, meetings, points) < 0:
                        one[i], two[j] = two[j], one[i]
                        improved = True
        if not improved:
            break
    if len(groups) < 2:
        return
    for _ in range(WANDER_STEPS):
        first = rng.randrange(len(groups) - 1)
        second = min(len(groups) - 1, first + rng.randint(1, SWAP_WINDOW))
        one, two = groups[first], groups[second]
        i, j = rng.randrange(len(one)), rng.randrange(len(two))
        if _swap_change(one, two, i, j, meetings, points) <= 0:
            one[i], two[j] = two[j], one[i]


def seat_order(
    group: Sequence[PlayerId], positions: dict[PlayerId, Counter[int]]
) -> tuple[PlayerId, ...]:
    """The table's players in seat order, each where they have sat least often."""
    graph: nx.Graph[Any] = nx.Graph()
    top = (len(group) + 1) ** 3
    for player in group:
        for position in range(len(group)):
            taken = positions.get(player, Counter())[position]
            graph.add_edge(("p", player), ("s", position), weight=top - taken * taken)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    seated: dict[int, PlayerId] = {}
    for one, two in matched:
        player, seat = (one, two) if one[0] == "p" else (two, one)
        seated[seat[1]] = player[1]
    return tuple(seated[position] for position in range(len(group)))


def knockout_tables_first(entrants: Sequence[PlayerId], seats: int) -> Pairing:
    """The first round of a multi-seat knockout: the seeds snaked across the tables."""
    return Pairing(_snaked(list(entrants), seats))


def knockout_tables_next(
    entrants: Sequence[PlayerId], played: PlayedRound, seats: int, advance: int
) -> Pairing | None:
    """The next round: each table's top ``advance`` (by match points, game points, seed),
    seeded by their place and then their seed; None once a round of one table is over."""
    played_tables = [table for table in played if len(table.players) > 1]
    if len(played_tables) <= 1:
        return None
    seed = {player: index for index, player in enumerate(entrants)}
    going_on = [
        (place, seed[player], player)
        for table in played
        for place, player in enumerate(ranked_at(entrants, table)[:advance])
    ]
    order = [player for _, _, player in sorted(going_on)]
    if len(order) < 2:
        return None
    return Pairing(_snaked(order, min(seats, len(order))))


def _snaked(order: list[PlayerId], seats: int) -> tuple[tuple[PlayerId, ...], ...]:
    """``order`` dealt across the tables in snake order, each table then seated best
    seed last (the weakest moves first)."""
    sizes = table_sizes(len(order), seats) if len(order) > seats else [len(order)]
    tables: list[list[PlayerId]] = [[] for _ in sizes]
    sequence = list(range(len(sizes)))
    index = 0
    while index < len(order):
        for table in sequence:
            if index < len(order) and len(tables[table]) < sizes[table]:
                tables[table].append(order[index])
                index += 1
        sequence.reverse()
    return tuple(tuple(reversed(table)) for table in tables)
