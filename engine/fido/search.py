"""The hard FIDO computer player: a PIMC search (:mod:`engine.search`) over the normal
player's best few moves.

It deals the tiles it cannot see into the other hands and the stock in ways that agree
with the history (:mod:`engine.fido.inference`: a player who drew or sat out held nothing
that fitted), and in each of these worlds plays every candidate on for a fixed number of
turns with the normal player in every seat (:mod:`engine.fido.policy`). A FIDO game runs
to some 200 plays at nine players with double-21, far too long to play out in full, and a
play's effect on the scores is over long before: so the playouts stop after
:data:`ROUNDS` rounds and the candidate is worth the seat's points then minus the best
other seat's (a game that ended on the way: its final scores). Normal's own choice stands
unless another candidate does clearly better (:data:`SWITCH`).

The work is fixed — :data:`HARD_WORLDS` worlds, :data:`TOP_K` candidates, playouts of
a fixed length — so the move depends on the view and the seed alone; the time cap
(:data:`HARD_SECONDS`) is only a safety net that no measured decision reaches.
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import replace

from engine.fido.hand import FidoHand
from engine.fido.inference import DealSampler
from engine.fido.moves import FidoMove
from engine.fido.policy import WEIGHTS, Unlaid, judged, normal_move
from engine.search import SAFETY_SECONDS, Budget, Search, pimc_values
from engine.tiles import Tile

HARD_WORLDS = 32
HARD_SECONDS = SAFETY_SECONDS
"""Only a safety net: no decision of the benchmarks comes near it (docs/ai.md)."""
HARD_BUDGET = Budget(HARD_WORLDS, HARD_SECONDS)
TOP_K = 6
"""How many of the normal player's best moves the search compares."""
ROUNDS = 1
"""How far each playout runs: this many rounds of the table, and the seat's own next turn."""
CONFIDENCE = 1.0
"""How many standard errors a candidate's gain over normal's choice must clear."""
BEYOND = replace(WEIGHTS, points=0.0, leave=0.0)
"""Normal's weights for what the playouts do not reach (the points now and the next
player's reply are in the playouts)."""


def playout_length(players: int, rounds: int = ROUNDS) -> int:
    """Turns a playout runs after the candidate: round the table ``rounds`` times."""
    return rounds * players


def hard_move(
    game: FidoHand,
    rng: random.Random,
    budget: Budget = HARD_BUDGET,
    top_k: int = TOP_K,
    rounds: int = ROUNDS,
    confidence: float = CONFIDENCE,
    value: str = "best",
    turns: int | None = None,
) -> FidoMove:
    """Normal's choice, unless another candidate's sampled margin (plus what normal sees
    beyond the playouts: jokers kept, pips shed, spread, doubles) beats it clearly."""
    seat = game.current_player
    assert seat is not None
    unlaid = Unlaid(game)
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves[0]
    values = judged(game, unlaid, moves)
    order = sorted(range(len(moves)), key=lambda i: -values[i])
    candidates = [moves[i] for i in order[:top_k]]
    beyond = judged(game, unlaid, candidates, BEYOND)
    tiles: dict[str, Tile] = {}
    for move in candidates:
        assert move.tile is not None
        tiles[move.text] = move.tile
    if turns is None:
        turns = playout_length(game.players, rounds)

    def playout(state: FidoHand, playout_rng: random.Random) -> None:
        """Play on for ``turns`` turns with the normal player in every seat."""
        assert state.last is not None
        tracker = unlaid.copy()
        tracker.lay(tiles[state.last[1]])
        for _ in range(turns):
            if state.current_player is None:
                return
            move = normal_move(state, tracker, playout_rng)
            state.apply(move)
            if move.tile is not None:
                tracker.lay(move.tile)

    sampler = DealSampler(game, seat)
    search: Search[FidoHand] = Search(
        sampler.sample, playout, margin if value == "best" else mean_margin
    )
    texts = [move.text for move in candidates]
    found = pimc_values(search, seat, texts, rng, budget)
    base = found[texts[0]]
    best, best_gain = 0, 0.0
    for index in range(1, len(texts)):
        gains = [a - b for a, b in zip(found[texts[index]], base, strict=True)]
        gain = statistics.fmean(gains) + beyond[index] - beyond[0]
        spread = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
        if gain > confidence * spread and gain > best_gain:
            best, best_gain = index, gain
    return candidates[best]


def margin(state: FidoHand, seat: int) -> float:
    """The seat's points minus the best other seat's."""
    scores = state.scores
    return float(scores[seat] - max(s for other, s in enumerate(scores) if other != seat))


def mean_margin(state: FidoHand, seat: int) -> float:
    scores = state.scores
    return scores[seat] - (sum(scores) - scores[seat]) / (len(scores) - 1)
