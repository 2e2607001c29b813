"""The hard Network computer player: a PIMC search (engine/search.py) over the normal
player's best few moves.

It deals the unseen tiles at random into the other hands (their sizes are public) and the
set-aside pile — a lead of the highest double says every higher double was set aside — and
plays each candidate move out to the end of the hand with the fast playout policy for
every seat. A move is worth the seat's points this hand minus the best other seat's,
averaged over the sampled worlds (the same worlds for every candidate). Normal's own
choice stands unless another candidate does clearly better (:data:`SWITCH`).

The work is fixed by the view: :func:`worlds_for` gives as many worlds as fit
:data:`HARD_WORK` (a playout's length is the tiles still in hand), so the move depends on
the view and the seed alone; the time cap is only a safety net that no measured decision
reaches (docs/ai.md).
"""

from __future__ import annotations

import random

from engine.network.hand import NetworkHand
from engine.network.moves import NetworkMove, parse_move
from engine.network.policy import Knowledge, judge_moves, normal_order, playout_move
from engine.search import SAFETY_SECONDS, Budget, Search, pimc
from engine.tiles import Tile

HARD_WORLDS = 60
"""The most worlds a decision samples (late in a hand, when playouts are short)."""
HARD_WORK = 6480
"""Playout turns a decision may cost, estimated as worlds × candidates × tiles in hand
(60 worlds of 6 candidates with 18 tiles in hand): the search's time grows with all three,
and early in a hand 60 worlds took up to 1 s (the first plays, 27 tiles in hand)."""
MIN_WORLDS = 30
"""The fewest worlds a decision samples, however long its playouts."""
HARD_SECONDS = SAFETY_SECONDS
"""Only a safety net: no decision of the benchmarks comes near it (docs/ai.md)."""
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
    budget: Budget | None = None,
    top_k: int = TOP_K,
    threshold: float = SWITCH,
) -> NetworkMove:
    """The candidate with the best mean margin over the sampled worlds; ``budget``: the
    search's (default: :func:`worlds_for` worlds and the safety cap)."""
    ordered = normal_order(hand, know, judge_moves(hand, know))
    if len(ordered) == 1 or hand.layout.is_empty:
        return ordered[0].move
    candidates = [str(j.move) for j in ordered[:top_k]]
    if hand.can_pass and "pass" not in candidates:  # passing is always worth a look
        candidates[-1] = "pass"
    if budget is None:
        budget = Budget(worlds_for(len(candidates), sum(know.sizes)), HARD_SECONDS)
    skeleton = public_skeleton(hand, know)
    search: Search[NetworkHand] = Search(
        sample=lambda rng: sample_world(skeleton, know, rng), playout=playout, value=margin
    )
    best, means = pimc(search, know.seat, candidates, random.Random(seed), budget)
    if means[best] < means[candidates[0]] + threshold:
        return ordered[0].move
    return parse_move(best)


def worlds_for(candidates: int, tiles: int) -> int:
    """The worlds a decision samples: as many as :data:`HARD_WORK` allows for ``candidates``
    played out with ``tiles`` tiles in all hands, between :data:`MIN_WORLDS` and
    :data:`HARD_WORLDS`."""
    fit = HARD_WORK // max(1, candidates * tiles)
    return max(MIN_WORLDS, min(HARD_WORLDS, fit))


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
