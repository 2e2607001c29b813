"""The hard player's search in a two-player hand small enough to solve: every sampled
world is searched exactly (alpha-beta with a transposition table,
:class:`~engine.classic.solve.WorldSolver`) instead of being played out with the normal
player, and the moves are ranked by their mean exact value over the worlds.

Solving is cheap once few tiles are left (a two-player Block world of 13 tiles in hand
takes about 500 nodes, 3 ms), so the time a playout search would spend goes into more
worlds: worlds are drawn until :data:`SOLVE_BUDGET` nodes are spent or
:data:`SOLVE_WORLDS` are solved. Nodes are counted, never timed, so the move depends on
the view and the seed alone. A world too big for :data:`WORLD_NODES` nodes means the hand
is not small enough: the first such world hands the decision back to the playout search;
a later one is skipped (its nodes still count).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.classic.hand import ClassicHand
from engine.classic.moves import ClassicMove
from engine.classic.solve import TooBig, WorldSolver

SOLVE_BUDGET = 40_000
"""Nodes a decision may spend on exact search (about 0.5 s on the project's machine)."""
SOLVE_WORLDS = 200
"""The most worlds a decision draws."""
SOLVE_TILES = 10
"""A hand is small enough to solve its worlds once at most this many tiles are in play:
in hand, and in the boneyard when the game draws."""
WORLD_NODES = 8_000
"""A world needing more nodes than this is too big to solve for one decision."""


def small_enough(hand: ClassicHand) -> bool:
    """Whether ``hand``'s worlds are small enough to solve (see :data:`SOLVE_TILES`)."""
    in_play = sum(len(tiles) for tiles in hand.hands)
    if hand.draws_allowed:
        in_play += len(hand.boneyard)
    return in_play <= SOLVE_TILES


def solved_means(
    seat: int,
    moves: Sequence[ClassicMove],
    sample: Callable[[random.Random], ClassicHand],
    rng: random.Random,
    budget: int | None = None,
    most: int | None = None,
    world_nodes: int | None = None,
) -> list[float] | None:
    """Each of ``moves``' mean exact value for ``seat`` over worlds from ``sample``, or
    None when the first world is too big to solve (more than ``world_nodes`` nodes).
    The limits default to this module's constants."""
    budget = SOLVE_BUDGET if budget is None else budget
    most = SOLVE_WORLDS if most is None else most
    world_nodes = WORLD_NODES if world_nodes is None else world_nodes
    totals = [0.0] * len(moves)
    solved = 0
    drawn = 0
    spent = 0
    while drawn < most and spent < budget:
        world = sample(rng)
        drawn += 1
        solver = WorldSolver(world, seat, world_nodes)
        try:
            values = solver.move_values(moves)
        except TooBig:
            if solved == 0:
                return None
            spent += solver.nodes
            continue
        spent += solver.nodes
        solved += 1
        for index, value in enumerate(values):
            totals[index] += value
    return [total / solved for total in totals]


def solved_best(
    seat: int,
    moves: Sequence[ClassicMove],
    sample: Callable[[random.Random], ClassicHand],
    rng: random.Random,
) -> ClassicMove | None:
    """The move of best mean exact value (the first of equals, in legal order) within this
    module's limits, or None when the hand is too big to solve."""
    means = solved_means(seat, moves, sample, rng)
    if means is None:
        return None
    best = max(means)
    return moves[means.index(best)]
