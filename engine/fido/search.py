"""The hard FIDO computer player: a PIMC search (:mod:`engine.search`) over the normal
player's best moves, with playouts by the normal player to the end of the game.

It deals the tiles it cannot see into the other hands and the stock in ways that agree
with the history (:mod:`engine.fido.inference`: a player who drew or sat out held nothing
that fitted any end then), and in each of these worlds plays every candidate on with the
normal player in every seat (:mod:`engine.fido.rollout`, the normal player's moves on bare
lists) — to the end of the game, or, at big tables where a game runs to some 200 plays,
for :data:`HORIZON` turns. A candidate is worth the seat's final score minus the other
seats' mean (a playout cut short counts the pips still held, which the end deducts, at
:data:`PIP_SHARE`). Every candidate is played in the same worlds with the same playout
seeds (common random numbers), so their difference is measured with far less noise than
their values.

The playouts go by successive halving (:func:`halving`): normal's :data:`TOP_K` best moves
are played in a first set of worlds, the better half goes on to new worlds, and so on to
the last two, each stage spending an equal share of the work — so the close calls get the
most worlds. Normal's own choice is never dropped, and stands unless another finalist
beats it by :data:`CONFIDENCE` standard errors of their paired difference.

Once the stock is empty and the other hands can be dealt in few enough ways, the search
does not sample: it plays every deal of them that agrees with the history, each once
(:func:`exact_deals`), and so weighs the last tiles exactly.

The work is fixed by the view: the playouts are what fits :data:`HARD_WORK` (playouts ×
their turns × a turn's cost, which grows with the hands' sizes: :func:`playouts_for`),
each stage at least :data:`MIN_STAGE` worlds and at most the budget's ``worlds``. So the
move depends on the view and the seed alone; the time cap (:data:`HARD_SECONDS`, for the
whole decision) is only a safety net.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
import time
from collections.abc import Callable, Iterator

from engine.fido.hand import FidoHand
from engine.fido.inference import DealSampler, Limit
from engine.fido.moves import FidoMove
from engine.fido.policy import Unlaid, judged
from engine.fido.rollout import Rollout
from engine.search import SAFETY_SECONDS, Budget, Search, pimc_values
from engine.tiles import Tile

MAX_WORLDS = 200
"""The most worlds a stage of the search samples (late in a game, when playouts are
short)."""
MIN_STAGE = 8
"""The fewest worlds a stage samples, even when playouts are long."""
HARD_SECONDS = SAFETY_SECONDS
"""Only a safety net: no decision of the benchmarks comes near it (docs/ai.md)."""
HARD_BUDGET = Budget(MAX_WORLDS, HARD_SECONDS)
HARD_WORK = 900_000
"""Playouts × their turns × a turn's cost (:func:`turn_cost`) that a decision may spend:
about 0.4 s of one core of the project's machine at the median, 0.5 s at p95, at four
players on double-9 (docs/ai.md)."""
TOP_K = 8
"""How many of the normal player's best moves the search compares."""
HORIZON = 48
"""The most turns a playout runs: a game at four players on double-9 is over sooner; at
nine on double-21 a playout stops after five rounds."""
PIP_SHARE = 0.5
"""A playout cut short: the share of the pips still in hand counted against the seat."""
CONFIDENCE = 0.5
"""How many standard errors a candidate's gain over normal's choice must clear."""


def turn_cost(mean_hand: float) -> float:
    """The cost of one playout turn, in work units: the normal player's judgement reads
    every tile of the mover's hand (with the game's own moves a turn took 31 µs at four
    players on double-9 and 66 µs at nine on double-21, hands of about 5 and 12 tiles on
    average; :data:`HARD_WORK` was then set by timing whole decisions). Big hands cost
    more than that line says — at nine players on double-21 a decision took 1.0 s of CPU
    at the median, 1.4 s at p95 — so past 7 tiles a hand on average (which four players
    on double-9 never reach) each tile counts 12 more."""
    return 6.0 + 5.0 * mean_hand + 12.0 * max(0.0, mean_hand - 7.0)


def playout_turns(game: FidoHand, horizon: int = HORIZON) -> int:
    """The turns a playout from ``game`` is expected to run: every tile in hand or stock
    is laid or drawn about once, up to ``horizon``."""
    return min(horizon, sum(len(hand) for hand in game.hands) + len(game.stock))


SHARE_FROM = 4
"""Past this many players a decision's work shrinks (see :func:`playouts_for`)."""
SHARE_POWER = 1.3
"""How fast it shrinks: the work is scaled by ``(SHARE_FROM / players) ** SHARE_POWER``."""


def playouts_for(game: FidoHand, most: int, horizon: int = HORIZON, work: int = HARD_WORK) -> int:
    """How many playouts fit ``work`` for this view (fixed by the view: sizes only), at
    most ``most``. Past :data:`SHARE_FROM` players the work is scaled by
    ``(SHARE_FROM / players) ** SHARE_POWER``: a long line with many open ends makes each
    playout turn dearer than its hands' sizes say. At nine players on double-21 the full
    work took 1.4 s of CPU at p95 (docs/ai.md) and four ninths of it 0.69 s, over the
    0.6 s a decision should take; the power makes that 0.35 of it (0.56 s at p95 over 60
    deals, docs/ai.md)."""
    turns = playout_turns(game, horizon)
    mean_hand = sum(len(hand) for hand in game.hands) / game.players / 2
    share = min(1.0, (SHARE_FROM / game.players) ** SHARE_POWER)
    return min(most, int(work * share / max(1.0, turns * turn_cost(mean_hand))))


def hard_move(
    game: FidoHand,
    rng: random.Random,
    budget: Budget = HARD_BUDGET,
    top_k: int = TOP_K,
    horizon: int = HORIZON,
    confidence: float = CONFIDENCE,
    pip_share: float = PIP_SHARE,
    exact: bool = True,
    work: int = HARD_WORK,
) -> FidoMove:
    """Normal's choice, unless another candidate's mean margin over the worlds beats it by
    ``confidence`` standard errors of the paired difference."""
    seat = game.current_player
    assert seat is not None
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves[0]
    unlaid = Unlaid(game)
    values = judged(game, unlaid, moves)
    order = sorted(range(len(moves)), key=lambda i: -values[i])
    candidates = [moves[i] for i in order[:top_k]]
    tiles: dict[str, Tile] = {}
    for move in candidates:
        assert move.tile is not None
        tiles[move.text] = move.tile

    def playout(state: FidoHand, playout_rng: random.Random) -> None:
        """Play on with the normal player in every seat, for at most ``horizon`` turns."""
        assert state.last is not None
        tracker = unlaid.copy()
        tracker.lay(tiles[state.last[1]])
        rollout = Rollout(state)
        rollout.run(tracker, playout_rng, horizon)
        rollout.store(state)

    def value(state: FidoHand, me: int) -> float:
        """The seat's score minus the others' mean; pips still held count at
        ``pip_share`` when the game is not over."""
        if state.is_over:
            worth = [float(score) for score in state.scores]
        else:
            worth = [
                score - pip_share * state.pips(other) for other, score in enumerate(state.scores)
            ]
        return worth[me] - (sum(worth) - worth[me]) / (len(worth) - 1)

    sampler = DealSampler(game, seat)
    search: Search[FidoHand] = Search(sampler.sample, playout, value)
    texts = [move.text for move in candidates]
    playouts = playouts_for(game, budget.worlds * len(texts), horizon, work)
    deals = exact_deals(sampler, playouts // len(texts)) if exact else None
    if deals is not None:
        search.sample = cycle_through(game, sampler, deals)
        stages = [(len(texts), len(deals))]
    else:
        stages = halving(texts, playouts, budget.worlds)
    found: dict[str, list[float]] = {text: [] for text in texts}
    alive = texts
    started = time.perf_counter()
    for number, (size, worlds) in enumerate(stages):
        if number:
            alive = survivors(alive, found, size)
        stage_rng = random.Random(rng.getrandbits(64))
        seconds = budget.seconds
        if seconds is not None:  # the safety cap is for the whole decision
            seconds = max(0.0, seconds - (time.perf_counter() - started))
        for text, values in pimc_values(
            search, seat, alive, stage_rng, Budget(worlds, seconds)
        ).items():
            found[text].extend(values)
    base = found[texts[0]]
    best, best_gain = 0, 0.0
    for index in range(1, len(texts)):
        if texts[index] not in alive:
            continue
        gains = [a - b for a, b in zip(found[texts[index]], base, strict=True)]
        gain = statistics.fmean(gains)
        spread = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
        if gain > confidence * spread and gain > best_gain:
            best, best_gain = index, gain
    return candidates[best]


def halving(texts: list[str], playouts: int, most: int) -> list[tuple[int, int]]:
    """Successive halving: (candidates kept, new worlds) per stage. Every stage spends an
    equal share of ``playouts``; each keeps the better half (normal's choice always), so
    the last two are compared over the most worlds. At most ``most`` worlds a stage."""
    sizes = [len(texts)]
    while sizes[-1] > 2:
        sizes.append((sizes[-1] + 1) // 2)
    share = playouts / len(sizes)
    return [(size, max(min(MIN_STAGE, most), min(most, int(share / size)))) for size in sizes]


def survivors(alive: list[str], found: dict[str, list[float]], size: int) -> list[str]:
    """The ``size`` best of ``alive`` by mean value so far, normal's choice (the first)
    always among them; in their first order."""
    means = {text: statistics.fmean(found[text]) for text in alive}
    ranked = sorted(alive[1:], key=lambda text: -means[text])
    kept = {alive[0], *ranked[: size - 1]}
    return [text for text in alive if text in kept]


def exact_deals(sampler: DealSampler, most: int) -> list[list[list[Tile]]] | None:
    """Every way to deal the unseen tiles into the other hands that keeps the history's
    limits, when the stock is empty and there are at most ``most`` such deals before the
    limits are applied (None otherwise: the search samples)."""
    if sampler.hand.stock:
        return None
    others = sampler.others()
    sizes = [sampler.sizes[seat] for seat in others]
    ways = math.factorial(len(sampler.unseen))
    for size in sizes:
        ways //= math.factorial(size)
    if ways > most:
        return None
    limits: dict[int, list[Limit]] = {}
    for limit in sampler.limits:
        limits.setdefault(limit.seat, []).append(limit)
    deals = []
    for split in splits(list(sampler.unseen), sizes):
        if all(keeps(split[index], limits.get(seat, ())) for index, seat in enumerate(others)):
            deals.append(split)
    return deals or None


def splits(tiles: list[Tile], sizes: list[int]) -> Iterator[list[list[Tile]]]:
    """Every way to share ``tiles`` into hands of ``sizes``, in a fixed order."""
    if not sizes:
        yield []
        return
    for chosen in itertools.combinations(range(len(tiles)), sizes[0]):
        picked = set(chosen)
        first = [tiles[i] for i in chosen]
        rest = [tile for i, tile in enumerate(tiles) if i not in picked]
        for more in splits(rest, sizes[1:]):
            yield [first, *more]


def keeps(hand: list[Tile], limits: list[Limit] | tuple[()]) -> bool:
    """Whether ``hand`` keeps every one of its seat's limits."""
    return all(sum(1 for tile in hand if limit.counts(tile)) <= limit.most for limit in limits)


def cycle_through(
    game: FidoHand, sampler: DealSampler, deals: list[list[list[Tile]]]
) -> Callable[[random.Random], FidoHand]:
    """A sample function that hands out the exact deals one after another."""
    others = sampler.others()
    position = itertools.count()

    def sample(_rng: random.Random) -> FidoHand:
        split = deals[next(position) % len(deals)]
        world = game.copy()
        for index, seat in enumerate(others):
            world.hands[seat] = list(split[index])
        world.stock = []
        return world

    return sample
