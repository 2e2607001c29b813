"""A baseline computer player for Network dominoes.

It looks one play ahead: take rings, avoid leaving ring-closing spots that a tile the
others may hold could use, and pass when every play would only help them. Tiles it cannot
see (other hands and the set-aside tiles) are all treated as possibly held by the others.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.network.bonus import compute_bonus
from engine.network.geometry import coords
from engine.network.hand import SET_TOP, NetworkHand
from engine.network.layout import ANY, Candidate, Layout, Placement
from engine.network.moves import PASS, NetworkMove
from engine.tiles import Tile, double_set

RING_VALUE = 10.0
DANGER_VALUE = 4.0
BONUS_VALUE = 1.5
PLAY_VALUE = 0.5
"""Playing beats passing when neither helps anyone: a table where computers pass on neutral
plays ends hands early and is dull for the humans at it."""


LEVELS = ("baseline",)


def computer_move(view: Mapping[str, Any], seed: int, level: str = "baseline") -> str:
    """The move a computer player in ``view``'s seat makes, decided from that view alone."""
    return str(choose_move(NetworkHand.for_seat(view), seed, level))


def choose_move(hand: NetworkHand, seed: int, level: str = "baseline") -> NetworkMove:
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; known: {', '.join(LEVELS)}")
    seat = hand.current_player
    if seat is None:
        raise ValueError("the hand is over")
    rng = random.Random(seed)
    moves = hand.legal_moves()
    if hand.layout.is_empty:
        return max(moves, key=_lead_preference)
    unseen = _unseen_tiles(hand, seat)
    best_value = -_danger(hand.layout, unseen) * DANGER_VALUE  # the value of passing
    best: list[NetworkMove] = [PASS]
    for move in moves:
        if move.is_pass:
            continue
        value = _value(hand, seat, move, unseen)
        if value > best_value + 1e-9:
            best_value, best = value, [move]
        elif abs(value - best_value) <= 1e-9:
            best.append(move)
    return rng.choice(best)


def _lead_preference(move: NetworkMove) -> tuple[bool, Tile]:
    tile = move.tile or Tile(0, 0)
    return tile.is_double, tile


def _value(hand: NetworkHand, seat: int, move: NetworkMove, unseen: set[Tile]) -> float:
    assert move.tile is not None and move.label is not None
    after = hand.layout.copy()
    outcome = after.place(seat, move.tile, move.label, move.face, move.turn)
    value = outcome.rings * RING_VALUE + PLAY_VALUE
    value -= _danger(after, unseen - {move.tile}) * DANGER_VALUE
    if seat in compute_bonus(after, hand.options.bonus_tie).awarded:
        value += BONUS_VALUE
    return value


def _danger(layout: Layout, unseen: set[Tile]) -> int:
    """How many (possibly-held tile, placement) pairs would close a ring right now."""
    count = 0
    for end in layout.ends.values():
        n = end.number
        fars = {t.other(n) for t in unseen if t.has(n) and not t.is_double}
        if fars:
            for cand in layout.singles(end):
                fitting = len(fars) if cand.need == ANY else int(cand.need in fars)
                if fitting and _closes(layout, n, cand):
                    count += fitting
        if Tile(n, n) in unseen:
            for cand in layout.doubles(end):
                if _closes(layout, n, cand):
                    count += 1
    return count


def _closes(layout: Layout, number: int, cand: Candidate) -> bool:
    (nx, ny), (fx, fy) = coords(cand.near), coords(cand.far)
    far = number if cand.need == ANY else cand.need
    return layout.rings_if(Placement(0, number, far, nx, ny, fx, fy)) > 0


def _unseen_tiles(hand: NetworkHand, seat: int) -> set[Tile]:
    placed = {p.tile for p in hand.layout.placements}
    return set(double_set(SET_TOP)) - placed - set(hand.hands[seat])
