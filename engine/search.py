"""Perfect-information Monte Carlo (PIMC): the search behind every game's hard player.

A computer sees only its seat's view. It samples *worlds* — full states that agree with
everything the view shows (its own tiles, the table, and what passes and draws revealed) —
and, in each world, plays every candidate move out to the end of the hand with a fast
policy. The move with the best average result wins. Worlds are shared by every candidate
(common random numbers), so the comparison between moves is fair even with few samples.

Deterministic for a seed: the work is fixed by :class:`Budget` (a number of worlds), so a
decision depends on the view and the seed alone. The wall clock is only a safety net
(:data:`SAFETY_SECONDS`) several times the slowest decision measured on the project's
machine: it stops a search early only on a machine far slower than planned (then a replay
may differ), and the benchmarks print how many decisions reached it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.game import HandState

H = TypeVar("H", bound=HandState[Any])


SAFETY_SECONDS = 5.0
"""The wall-clock cap of every game's hard player: several times its slowest decision
measured with both cores busy (docs/ai.md), so that no decision reaches it there."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a search does: ``worlds`` sampled deals — the fixed work that decides the
    move — and a safety net of ``seconds`` of wall-clock time (None: no cap), meant never
    to be reached."""

    worlds: int
    seconds: float | None = None


@dataclass(slots=True)
class Search(Generic[H]):
    """The game-specific parts of a PIMC search.

    ``sample``: a full state consistent with the seat's view (hidden tiles dealt at
    random, respecting what the view reveals). ``playout``: finish the hand from a state
    with a fast policy. ``value``: how good a finished (or cut-off) state is for ``seat``.
    """

    sample: Callable[[random.Random], H]
    playout: Callable[[H, random.Random], None]
    value: Callable[[H, int], float]


def pimc(
    search: Search[H], seat: int, moves: Sequence[str], rng: random.Random, budget: Budget
) -> tuple[str, dict[str, float]]:
    """The best of ``moves`` for ``seat`` and every move's mean value (a single legal move
    is returned at once); the worlds are :func:`pimc_values`'."""
    if not moves:
        raise ValueError("no legal move to choose from")
    if len(moves) == 1:
        return moves[0], {moves[0]: 0.0}
    values = pimc_values(search, seat, moves, rng, budget)
    means = {move: sum(found) / len(found) for move, found in values.items()}
    best = max(moves, key=lambda move: means[move])  # first of the equals, in legal order
    return best, means


def pimc_values(
    search: Search[H],
    seat: int,
    moves: Sequence[str],
    rng: random.Random,
    budget: Budget,
    clock: Callable[[], float] | None = None,
) -> dict[str, list[float]]:
    """Every move's value in each sampled world, world by world (the same worlds and
    playout seeds for every move), for callers that weigh the spread as well as the mean."""
    if clock is None:
        clock = time.perf_counter
    values: dict[str, list[float]] = {move: [] for move in moves}
    deadline = None if budget.seconds is None else clock() + budget.seconds
    done = 0
    while done < budget.worlds and (deadline is None or done == 0 or clock() < deadline):
        world = search.sample(rng)
        playout_seed = rng.getrandbits(64)
        for move in moves:
            state = world.copy()
            state.play(seat, move)
            search.playout(state, random.Random(playout_seed))
            values[move].append(search.value(state, seat))
        done += 1
    return values
