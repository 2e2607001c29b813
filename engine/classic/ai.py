"""The computer players of the classic games, at three levels.

* **easy** — a legal move at random (seeded): a beginner can beat it.
* **normal** — a greedy player: the play that scores most now; then it sheds heavy tiles,
  plays its doubles while it can (a double fits only one number, so it is the tile most
  often left stranded), and keeps numbers it can follow: it prefers plays that leave it
  holding many different numbers and open ends its tiles match. A seeded coin decides
  what is still equal.
* **hard** — perfect-information Monte Carlo (:mod:`engine.search`): it deals the tiles it
  cannot see at random in ways that agree with everything its seat has seen, passes and
  draws included (:mod:`engine.classic.inference`), plays every candidate out to the end
  of the hand with the normal player for everyone, and takes the move with the best mean
  of (its points this hand − the best other seat's points this hand, hand-end points
  included). :data:`HARD_BUDGET` worlds, cut short after :data:`HARD_SECONDS`.

Every level decides from the seat's view alone, draws when it cannot play, and returns the
same move for the same view and seed (the hard player: unless its time cap cut it short).
A seat stored at the old "baseline" level plays at "normal".
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.classic.hand import ClassicHand
from engine.classic.inference import DealSampler
from engine.classic.moves import ClassicMove
from engine.search import Budget, Search, pimc

LEVELS = ("easy", "normal", "hard")
ALIASES = {"baseline": "normal"}
"""Levels of earlier versions still found on stored seats."""

HARD_WORLDS = 150
"""Strength levels off early (30 worlds played 150 even over 200 two-player hands); 150
keep close calls steady and take ~0.1 s (p95) in a 4-player All Fives hand, well inside
the cap, so the cap only acts on a far slower or busier machine."""
HARD_SECONDS = 0.8
HARD_BUDGET = Budget(HARD_WORLDS, HARD_SECONDS)
# The value: measured against "minus the mean other seat" and "own points" in 4-player All
# Fives, none differed beyond noise. A match-aware value (weighing points by the totals and
# the target) would need the match in the view; a hand's view has only this hand's scores.

# The normal player's weights: points now dominate; then these, per move. Halving or
# doubling any of them moved results within noise over 1,600 hands.
W_POINTS = 100
W_PIPS = 2
W_DOUBLE = 6
W_VARIETY = 3
W_FOLLOW = 2


def computer_move(view: Mapping[str, Any], seed: int, level: str = "normal") -> str:
    """The move a computer player in ``view``'s seat makes, decided from that view alone."""
    return str(choose_move(ClassicHand.for_seat(view), seed, level))


def choose_move(
    hand: ClassicHand, seed: int, level: str = "normal", budget: Budget | None = None
) -> ClassicMove:
    """The move for the seat to move in ``hand``. ``hand`` may be a full hand: only what
    that seat can see is used (its tiles, the line, the sizes and the history).
    ``budget``: the hard player's search budget (default :data:`HARD_BUDGET`)."""
    level = ALIASES.get(level, level)
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; known: {', '.join(LEVELS)}")
    if hand.current_player is None:
        raise ValueError("the hand is over")
    moves = hand.legal_moves()
    if len(moves) == 1 or not moves[0].is_play:
        return moves[0]  # draw (or the pass the engine would make anyway)
    rng = random.Random(seed)
    if level == "easy":
        return rng.choice(moves)
    if level == "normal":
        return normal_move(hand, moves, rng)
    return hard_move(hand, moves, rng, HARD_BUDGET if budget is None else budget)


# ---------------------------------------------------------------- normal
def normal_move(hand: ClassicHand, moves: list[ClassicMove], rng: random.Random) -> ClassicMove:
    """The greedy player's pick among ``moves`` (plays of the seat to move)."""
    seat = hand.current_player
    assert seat is not None
    tiles = hand.hands[seat]
    line = hand.line
    table = hand._table
    # how many of the seat's tiles show each number
    held = [0] * 7
    for high, low in tiles:
        held[high] += 1
        if low != high:
            held[low] += 1
    numbers = 7 - held.count(0)
    values = line.values
    ends = line.open
    lead = line.lead is None
    best_key = -1
    best: list[ClassicMove] = []
    for move in moves:
        tile = move.tile
        assert tile is not None
        high, low = tile
        double = high == low
        # the numbers still held after this play
        if double:
            variety = numbers - (held[high] == 1)
        else:
            variety = numbers - (held[high] == 1) - (held[low] == 1)
        # the open ends it could follow after this play
        follow = 0
        if lead:
            points = table[high + low]
            follow = 2 * (held[high] > 1) if double else (held[high] > 1) + (held[low] > 1)
        else:
            end = move.slot
            points = table[line.total_if(tile, end)]
            outer = low if high == values[end] else high
            for e in ends:
                value = outer if e == end else values[e]
                count = held[value]
                if value == high or value == low:  # noqa: SIM109 (faster than `in`)
                    count -= 1
                if count > 0:
                    follow += 1
        key = (
            points * W_POINTS
            + (high + low) * W_PIPS
            + double * W_DOUBLE
            + variety * W_VARIETY
            + follow * W_FOLLOW
        )
        if key > best_key:
            best_key, best = key, [move]
        elif key == best_key:
            best.append(move)
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def play_out(hand: ClassicHand, rng: random.Random) -> None:
    """Finish ``hand`` with the normal player in every seat."""
    while hand.current_player is not None:
        moves = hand.legal_moves()
        if len(moves) == 1 or not moves[0].is_play:
            hand.apply(moves[0])
        else:
            hand.apply(normal_move(hand, moves, rng))


# ---------------------------------------------------------------- hard
def hand_margin(hand: ClassicHand, seat: int) -> float:
    """The seat's points this hand minus the best other seat's."""
    scores = hand.scores
    return float(scores[seat] - max(s for other, s in enumerate(scores) if other != seat))


def hard_search(hand: ClassicHand, seat: int) -> Search[ClassicHand]:
    """The PIMC parts for ``seat``: consistent deals, normal playouts, the hand margin."""
    sampler = DealSampler(hand, seat)
    return Search(sampler.sample, play_out, hand_margin)


def hard_move(
    hand: ClassicHand, moves: list[ClassicMove], rng: random.Random, budget: Budget
) -> ClassicMove:
    seat = hand.current_player
    assert seat is not None
    by_text = {move.text: move for move in moves}
    best, _ = pimc(hard_search(hand, seat), seat, list(by_text), rng, budget)
    return by_text[best]
