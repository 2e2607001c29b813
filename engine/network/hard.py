"""The hard Network computer player: a PIMC search (engine/search.py) over the normal
player's best few moves.

It deals the unseen tiles at random into the other hands (their sizes are public) and the
set-aside pile — a lead of the highest double says every higher double was set aside — and
plays each candidate move out to the end of the hand with the fast playout policy for
every seat. A move is worth the seat's points this hand minus the best other seat's,
averaged over the sampled worlds (the same worlds for every candidate). Normal's own
choice stands unless another candidate does clearly better (:data:`SWITCH`).

Measured (bench/bench_ai_network.py, a shared two-core machine): 60 worlds of the six best
candidates take about 0.5 s at the median of a four-player hand; the time cap bounds the
rest.
"""

from __future__ import annotations

import random

from engine.network.hand import NetworkHand
from engine.network.moves import NetworkMove, parse_move
from engine.network.policy import Knowledge, judge_moves, normal_order, playout_move
from engine.search import Budget, Search, pimc
from engine.tiles import Tile

HARD_BUDGET = Budget(worlds=60, seconds=1.0)
"""A fixed number of worlds (deterministic for a seed) with a time cap for slow moments.
On an idle machine of the project's kind no 4-player decision reaches the cap (p50 0.47 s,
p95 0.77 s, max 0.87 s over 95 decisions); with both cores busy a few do, and those may
decide differently on a replay. The cap keeps p95 within Discord-friendly 1 s."""
TOP_K = 6
"""How many of the normal player's best moves the search compares."""
SWITCH = 0.5
"""How much better (mean points of margin) a move must look than normal's choice to
replace it: sampled means are noisy, and normal's choice is usually sound (measured:
thresholds of 0.3 and 1.0 both did worse than 0.5–0.6)."""


def hard_move(
    hand: NetworkHand,
    know: Knowledge,
    seed: int,
    budget: Budget = HARD_BUDGET,
    top_k: int = TOP_K,
    threshold: float = SWITCH,
) -> NetworkMove:
    """The candidate with the best mean margin over the sampled worlds."""
    ordered = normal_order(hand, know, judge_moves(hand, know))
    if len(ordered) == 1 or hand.layout.is_empty:
        return ordered[0].move
    candidates = [str(j.move) for j in ordered[:top_k]]
    if hand.can_pass and "pass" not in candidates:  # passing is always worth a look
        candidates[-1] = "pass"
    skeleton = public_skeleton(hand, know)
    search: Search[NetworkHand] = Search(
        sample=lambda rng: sample_world(skeleton, know, rng), playout=playout, value=margin
    )
    best, means = pimc(search, know.seat, candidates, random.Random(seed), budget)
    if means[best] < means[candidates[0]] + threshold:
        return ordered[0].move
    return parse_move(best)


def public_skeleton(hand: NetworkHand, know: Knowledge) -> NetworkHand:
    """``hand`` with everything ``know.seat`` cannot see removed: other hands and the
    set-aside tiles are empty."""
    skeleton = hand.copy()
    skeleton.hands = [list(know.own) if s == know.seat else [] for s in range(hand.players)]
    skeleton.set_aside = []
    skeleton.seed = 0  # the deal's seed would tell every hand
    return skeleton


def sample_world(skeleton: NetworkHand, know: Knowledge, rng: random.Random) -> NetworkHand:
    """A full state that agrees with what the seat knows, hidden tiles dealt at random."""
    world = skeleton.copy()
    pool = sorted(know.unseen)
    forced: list[Tile] = []
    placements = skeleton.layout.placements
    if skeleton.options.lead == "highest-double" and placements:
        lead = placements[0].tile
        if lead.is_double:  # nobody was dealt a double above the lead
            forced = [t for t in pool if t.is_double and t.high > lead.high]
            pool = [t for t in pool if not (t.is_double and t.high > lead.high)]
    rng.shuffle(pool)
    start = 0
    for seat, size in enumerate(know.sizes):
        if seat == know.seat:
            continue
        world.hands[seat] = sorted(pool[start : start + size], reverse=True)
        start += size
    world.set_aside = [*pool[start:], *forced]
    return world


def playout(state: NetworkHand, rng: random.Random) -> None:
    """Finish the hand with the playout policy for every seat."""
    while not state.is_over:
        state.apply(playout_move(state, rng))


def margin(state: NetworkHand, seat: int) -> float:
    """The seat's points this hand minus the best other seat's."""
    scores = state.scores
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
