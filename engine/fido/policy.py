"""How the normal FIDO player judges a move: points now, then what the move leaves.

A seat sees the line, its own tiles and every hand's size. Every tile not on the table
and not in its hand is *unseen*. The player plays the divisor, as the tips of
docs/rules/fido.md say:

* **points now** come first: the play scoring most is always taken;
* **what the next player may score**: with the total after the move, the unseen tiles
  that would make it divisible on some end (counted per end from :class:`Unlaid`), times
  the chance the next hand holds one, times what it would score;
* **jokers** — tiles whose effect is a multiple of the divisor, which keep a divisible
  total divisible — are kept for when the previous player scored;
* **heavy tiles** are shed, more urgently as some hand runs low (the deduction);
* **a spread of difference groups** is kept, to answer whatever total comes round;
* **a double** is played while its number is still open (it fits nowhere else).

The same judgement is the hard player's playout policy, so it is kept cheap: one pass
over the hand and a few list reads per legal move.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from engine.fido.differences import effect
from engine.fido.hand import FidoHand
from engine.fido.moves import FidoMove
from engine.line.crosswise import CrosswiseLine
from engine.tiles import Tile, double_set

Rows = tuple[tuple[int, ...], tuple[int, ...]]
"""A tile's rows: indices ``v * d + r`` it adds to in :attr:`Unlaid.plain` and
:attr:`Unlaid.naked`."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The normal player's weights, in points (tuned by self-play: docs/ai.md)."""

    points: float = 1000.0
    """Points now: large enough that the play scoring most always wins."""
    leave: float = 0.75
    """Per point the next player is expected to score after the move, shared out over the
    other players (a point for one of them matters less the more there are)."""
    joker: float = 1.0
    """Spending a joker (kept while an equal play without one exists)."""
    pips: float = 0.75
    """Per pip shed, at full urgency (some hand down to its last tile)."""
    spread: float = 0.3
    """Per difference group still held after the move."""
    double: float = 1.0
    """Laying a double (it fits only an end of its own number)."""


WEIGHTS = Weights()


@cache
def tile_rows(top: int, divisor: int, crosswise: bool, mercy: bool) -> dict[Tile, Rows]:
    """Per tile of the set, where it counts in :class:`Unlaid`'s tables."""
    d = divisor
    rows: dict[Tile, Rows] = {}
    for tile in double_set(top):
        a, b = tile
        if a == b:
            rows[tile] = ((a * d + (a if crosswise else 0) % d,), ())
            continue
        plain = (a * d + (b - a) % d, b * d + (a - b) % d)
        naked = []
        if not mercy or b % d == 0:
            naked.append(a * d + b % d)
        if not mercy or a % d == 0:
            naked.append(b * d + a % d)
        rows[tile] = (plain, tuple(naked))
    return rows


@cache
def tile_groups(top: int, divisor: int, crosswise: bool) -> dict[Tile, int]:
    """Per tile its difference group: the smaller of ±effect modulo d (0: a joker)."""
    groups = {}
    for tile in double_set(top):
        r = effect(tile, crosswise) % divisor
        groups[tile] = min(r, divisor - r)
    return groups


class Unlaid:
    """The tiles not yet on the table, counted by what each would do on an end.

    ``plain[v * d + r]``: tiles that, laid on a counted end showing v, change the total by
    r modulo d; ``naked[v * d + r]``: the same on a naked side showing v (which adds the
    outer number). Kept up to date tile by tile (:meth:`lay`) in playouts."""

    __slots__ = ("count", "naked", "plain", "rows")

    def __init__(self, game: FidoHand) -> None:
        options = game.options
        d = game.divisor
        self.rows = tile_rows(options.top, d, options.crosswise, options.mercy)
        size = (options.top + 1) * d
        self.plain = [0] * size
        self.naked = [0] * size
        self.count = 0
        laid = set(game.line.laid())
        plain, naked = self.plain, self.naked
        for tile, (plain_rows, naked_rows) in self.rows.items():
            if tile in laid:
                continue
            self.count += 1
            for i in plain_rows:
                plain[i] += 1
            for i in naked_rows:
                naked[i] += 1

    def lay(self, tile: Tile) -> None:
        """``tile`` went on the table."""
        plain_rows, naked_rows = self.rows[tile]
        plain, naked = self.plain, self.naked
        for i in plain_rows:
            plain[i] -= 1
        for i in naked_rows:
            naked[i] -= 1
        self.count -= 1

    def copy(self) -> Unlaid:
        new = Unlaid.__new__(Unlaid)
        new.rows = self.rows
        new.plain = list(self.plain)
        new.naked = list(self.naked)
        new.count = self.count
        return new


class LineNumbers(NamedTuple):
    """What the normal player's judgement reads of a position, as plain numbers: the
    line's open ends (by index: value, count, naked), their total, each tile's
    difference group, the hands' sizes and who plays next. (A named tuple: the playouts
    make one a move, and a frozen dataclass costs more to build.)"""

    divisor: int
    crosswise: bool
    total: int
    values: Sequence[int]
    counts: Sequence[int]
    naked: Sequence[bool]
    ends: Iterable[int]
    groups: Mapping[Tile, int]
    sizes: Sequence[int]
    following: int


def judged(
    game: FidoHand, unlaid: Unlaid, moves: list[FidoMove], weights: Weights = WEIGHTS
) -> list[float]:
    """The normal player's value of each of ``moves`` (plays of the seat to move)."""
    seat = game.current_player
    assert seat is not None
    line: CrosswiseLine = game.line
    options = game.options
    numbers = LineNumbers(
        divisor=game.divisor,
        crosswise=options.crosswise,
        total=line.total,
        values=line.values,
        counts=line.counts,
        naked=line.naked,
        ends=range(len(line.arms)) if line.second_move else line.open,
        groups=tile_groups(options.top, game.divisor, options.crosswise),
        sizes=[len(h) for h in game.hands],
        following=(seat + game.step) % game.players,
    )
    plays = []
    for move in moves:
        assert move.tile is not None
        plays.append((move.tile, move.slot))
    return judge_plays(game.hands[seat], plays, unlaid, weights, numbers)


def judge_plays(
    hand: Sequence[Tile],
    plays: Sequence[tuple[Tile, int]],
    unlaid: Unlaid,
    weights: Weights,
    line: LineNumbers,
) -> list[float]:
    """The normal player's value of each of ``plays`` ((tile, end) pairs) from ``hand``,
    on the line as ``line`` gives it in numbers: the one judgement both the game's player
    (:func:`judged`) and the fast playouts (``engine.fido.rollout``) run."""
    d, crosswise, total = line.divisor, line.crosswise, line.total
    values, counts, naked, groups = line.values, line.counts, line.naked, line.groups
    sizes, following, ends = line.sizes, line.following, line.ends
    rows = unlaid.rows
    plain = list(unlaid.plain)
    naked_rows = list(unlaid.naked)
    held = [0] * (d // 2 + 1)
    for tile in hand:
        plain_rows, naked_idx = rows[tile]
        for i in plain_rows:
            plain[i] -= 1
        for i in naked_idx:
            naked_rows[i] -= 1
        held[groups[tile]] += 1
    variety = len(held) - held.count(0)
    unseen = unlaid.count - len(hand)

    players = len(sizes)
    chance = min(1.0, sizes[following] / unseen) if unseen > 0 else 0.0
    miss = 1.0 - chance
    smallest = min(sizes)
    urgency = 1.0 / smallest if smallest > 0 else 1.0

    scoring_now = [-1] * d  # per x: unseen (tile, end) pairs changing the total by x mod d

    result: list[float] = []
    w_points, w_joker = weights.points, weights.joker
    w_leave = weights.leave / max(1, players - 1)
    w_pips, w_spread, w_double = weights.pips * urgency, weights.spread, weights.double
    for laid, end in plays:
        high, low = laid
        value = values[end]
        double = high == low
        if double:
            after = total - counts[end] + (2 * value if crosswise else value)
        else:
            outer = low if high == value else high
            after = total - counts[end] + outer
        points = after // d if after % d == 0 else 0
        x = -after % d
        now = scoring_now[x]
        if now < 0:
            now = 0
            for e in ends:
                now += (naked_rows if naked[e] else plain)[values[e] * d + x]
            scoring_now[x] = now
        pairs = now - (naked_rows if naked[end] else plain)[value * d + x]
        if double:
            if crosswise:
                pairs += naked_rows[value * d + x] + 2 * plain[value * d + x]
            else:
                pairs += plain[value * d + x]
        else:
            pairs += plain[outer * d + x]
        threat = (1.0 - miss**pairs) * max(1, after // d) if pairs > 0 else 0.0
        group = groups[laid]
        key = points * w_points - threat * w_leave + (high + low) * w_pips
        if group == 0:
            key -= w_joker
        key += (variety - (held[group] == 1)) * w_spread
        if double:
            key += w_double
        result.append(key)
    return result


def normal_move(
    game: FidoHand, unlaid: Unlaid, rng: random.Random, weights: Weights = WEIGHTS
) -> FidoMove:
    """The normal player's move for the seat to move (a draw or pass when that is all)."""
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves[0]
    values = judged(game, unlaid, moves, weights)
    best = max(values)
    tied = [move for move, value in zip(moves, values, strict=True) if value == best]
    return tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]


def ranked(game: FidoHand, unlaid: Unlaid, weights: Weights = WEIGHTS) -> list[FidoMove]:
    """The legal moves, the normal player's favourite first (stable among equals)."""
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves
    values = judged(game, unlaid, moves, weights)
    order = sorted(range(len(moves)), key=lambda i: -values[i])
    return [moves[i] for i in order]
