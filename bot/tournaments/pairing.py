"""Two-seat rounds: Swiss, round robin and knockout. Pure: a function from the entrants (in
seed order, the league rating's, best first) and the finished rounds to the next round.

**Swiss** is a maximum-weight matching (networkx's, Edmonds' blossom algorithm) over the
players near each other in the standings, whose weights put first, in this order: no
rematch while one can be avoided; the bye, when the count is odd, to the lowest-placed
player who has not had one; both players' first moves kept within one of their second
moves; and equal scores. Who moves first at each table is then the player who has moved
first less often (the higher-placed when even).

**Round robin** is the circle method: the first entrant stays, the others turn one place a
round, so everyone meets everyone once in n − 1 rounds (n with a bye each when n is odd),
and who moves first is balanced as it goes.

**Knockout** is seeded by the rating: a bracket the size of the next power of two, 1 against
the last seed, 2 against the one before, and so on, so that the top seeds meet last and the
missing players are byes for the top seeds; each round the winners (the better scorer of a
drawn game, then the better seed) meet in bracket order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

import networkx as nx

from bot.tournaments.rounds import Pairing, PlayedRound, PlayerId, TableResult
from bot.tournaments.standings import standings

NEIGHBOURS: Final = 16
"""How far down the standings each player may be paired: enough to avoid any rematch a
real event meets, few enough to pair 256 players in well under a second."""

# The weights' levels, each far above everything below it can add up to.
NO_REMATCH: Final = 10**30
BYE_PLACE: Final = 10**20
FIRST_MOVES_KEPT: Final = 10**12
SCORE_GAP: Final = 10**3

BYE: Final = -1
"""The bye's node in the matching graph."""


def swiss_pairing(entrants: Sequence[PlayerId], rounds: Sequence[PlayedRound]) -> Pairing:
    """The next Swiss round for ``entrants`` (seed order) after ``rounds``."""
    if len(entrants) < 2:
        raise ValueError("a round needs two players")
    table_now = standings(entrants, rounds, seats=2)
    order = [line.player for line in table_now]
    points = {line.player: line.points for line in table_now}
    rank = {player: index for index, player in enumerate(order)}
    met = _met(rounds)
    balance = first_move_balance(rounds)
    had_bye = {table.players[0] for played in rounds for table in played if len(table.players) == 1}
    graph: nx.Graph[Any] = nx.Graph()
    for index, player in enumerate(order):
        for other in order[index + 1 : index + 1 + NEIGHBOURS]:
            weight = NO_REMATCH * (frozenset((player, other)) not in met)
            if _orientation(player, other, balance, rank) is not None:
                weight += FIRST_MOVES_KEPT
            gap = round(2 * abs(points[player] - points[other]))
            graph.add_edge(player, other, weight=weight - SCORE_GAP * gap * gap)
    if len(order) % 2:
        candidates = [p for p in order if p not in had_bye] or order
        for player in candidates:
            lower = BYE_PLACE * rank[player]  # the lower placed, the larger
            graph.add_edge(BYE, player, weight=NO_REMATCH + FIRST_MOVES_KEPT + lower)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    tables: list[tuple[PlayerId, ...]] = []
    byes: list[tuple[PlayerId, ...]] = []
    for one, two in matched:
        if BYE in (one, two):
            byes.append((two if one == BYE else one,))
            continue
        seated = _orientation(one, two, balance, rank) or _preferred(one, two, balance, rank)
        tables.append(seated)
    if sum(len(table) for table in tables) + len(byes) != len(order):
        raise RuntimeError("the matching left a player out")  # a window too narrow
    tables.sort(key=lambda table: min(rank[p] for p in table))
    return Pairing(tuple(tables) + tuple(byes))


def first_move_balance(rounds: Sequence[PlayedRound]) -> Counter[PlayerId]:
    """Each player's first moves less their second moves (two-seat tables)."""
    balance: Counter[PlayerId] = Counter()
    for played in rounds:
        for table in played:
            if len(table.players) == 2:
                balance[table.players[0]] += 1
                balance[table.players[1]] -= 1
    return balance


def _met(rounds: Sequence[PlayedRound]) -> set[frozenset[PlayerId]]:
    return {
        frozenset((one, two))
        for played in rounds
        for table in played
        for one in table.players
        for two in table.players
        if one != two
    }


def _orientation(
    one: PlayerId,
    two: PlayerId,
    balance: Counter[PlayerId],
    rank: dict[PlayerId, int],
) -> tuple[PlayerId, PlayerId] | None:
    """The two seated so that both stay within one first move of their second moves, the
    one who moved first less often first (the higher-placed when even); None if no seating
    keeps both within one."""
    options = [(one, two), (two, one)]
    kept = [
        (first, second)
        for first, second in options
        if balance[first] + 1 <= 1 and balance[second] - 1 >= -1
    ]
    if not kept:
        return None
    return min(kept, key=lambda seat: (balance[seat[0]], rank[seat[0]]))


def _preferred(
    one: PlayerId, two: PlayerId, balance: Counter[PlayerId], rank: dict[PlayerId, int]
) -> tuple[PlayerId, PlayerId]:
    """Seated by who moved first less often, when no seating keeps both within one."""
    first = min((one, two), key=lambda p: (balance[p], rank[p]))
    return (first, two if first == one else one)


def round_robin_pairing(entrants: Sequence[PlayerId], round_index: int) -> Pairing:
    """Round ``round_index`` (from 0) of the circle method over ``entrants``; who moves
    first at each table is whoever has moved first less often in the rounds before (the
    one who moved second last, when even): with an even count everyone's first and second
    moves stay within one of each other, with an odd count within two."""
    balance: Counter[PlayerId] = Counter()
    last_first: dict[PlayerId, bool] = {}
    pairing = Pairing(())
    for index in range(round_index + 1):
        pairing = _circle(entrants, index, balance, last_first)
        for table in pairing.games:
            balance[table[0]] += 1
            balance[table[1]] -= 1
            last_first[table[0]], last_first[table[1]] = True, False
    return pairing


def _circle(
    entrants: Sequence[PlayerId],
    round_index: int,
    balance: Counter[PlayerId],
    last_first: dict[PlayerId, bool],
) -> Pairing:
    circle: list[PlayerId | None] = list(entrants)
    if len(circle) % 2:
        circle.append(None)
    count = len(circle)
    if count < 2:
        raise ValueError("a round needs two players")
    turn = round_index % (count - 1)
    rest = circle[1:]
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    circle = [circle[0], *rest]
    tables: list[tuple[PlayerId, ...]] = []
    byes: list[tuple[PlayerId, ...]] = []
    for index in range(count // 2):
        one, two = circle[index], circle[count - 1 - index]
        if one is None or two is None:
            alone = two if one is None else one
            assert alone is not None
            byes.append((alone,))
            continue
        first = min((one, two), key=lambda p: (balance[p], last_first.get(p, False), p != one))
        tables.append((first, two if first == one else one))
    return Pairing(tuple(tables) + tuple(byes))


def round_robin_rounds(entrants: int) -> int:
    """How many rounds everyone meeting everyone once takes."""
    return entrants - 1 if entrants % 2 == 0 else entrants


def bracket_order(size: int) -> list[int]:
    """Seed numbers (from 0) in a knockout bracket of ``size`` (a power of two), so that
    the best two can meet only in the final: 8 → 0 7 3 4 1 6 2 5."""
    order = [0]
    while len(order) < size:
        total = 2 * len(order) - 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def knockout_first_round(entrants: Sequence[PlayerId]) -> Pairing:
    """The first round of a two-seat knockout: the better seed moves first; a top seed
    with nobody opposite (the count is not a power of two) has a bye."""
    if len(entrants) < 2:
        raise ValueError("a knockout needs two players")
    size = 1
    while size < len(entrants):
        size *= 2
    slots = bracket_order(size)
    tables: list[tuple[PlayerId, ...]] = []
    for index in range(0, size, 2):
        one, two = slots[index], slots[index + 1]
        seated = [entrants[seed] for seed in sorted((one, two)) if seed < len(entrants)]
        tables.append(tuple(seated))
    return Pairing(tuple(tables))


def knockout_next_round(entrants: Sequence[PlayerId], played: PlayedRound) -> Pairing | None:
    """The next round from the last one's winners in bracket order; None when it was the
    final (one table) and the knockout is over."""
    winners = [winner(entrants, table) for table in played]
    if len(winners) < 2:
        return None
    seed = {player: index for index, player in enumerate(entrants)}
    tables = []
    for index in range(0, len(winners) - 1, 2):
        pair = sorted(winners[index : index + 2], key=seed.__getitem__)
        tables.append(tuple(pair))
    if len(winners) % 2:
        tables.append((winners[-1],))
    return Pairing(tuple(tables))


def winner(entrants: Sequence[PlayerId], table: TableResult) -> PlayerId:
    """Who goes on from a table: the most match points, then game points, then the better
    seed."""
    return ranked_at(entrants, table)[0]


def ranked_at(entrants: Sequence[PlayerId], table: TableResult) -> list[PlayerId]:
    """A table's players best first: match points, then game points, then seed."""
    seed = {player: index for index, player in enumerate(entrants)}
    indices = sorted(
        range(len(table.players)),
        key=lambda i: (-table.match_points[i], -table.game_points_of(i), seed[table.players[i]]),
    )
    return [table.players[i] for i in indices]
