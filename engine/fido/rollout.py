"""The hard player's playouts: a FIDO game played on by the normal player in every seat,
on bare lists instead of a :class:`~engine.fido.hand.FidoHand`.

A playout makes thousands of moves a decision. The game's own moves check every rule,
record the history, build events and the line's arms for the picture; a playout needs
none of that, only the open ends, the hands, the stock and the scores. :class:`Rollout`
plays exactly what :func:`~engine.fido.policy.normal_move` and
:meth:`FidoHand.apply` would — the same moves in the same order, the same seeded
tie-breaks, the same sit-outs, draws and end — about twice as fast (the tests play both
side by side). The normal player's judgement is the game's own,
:func:`~engine.fido.policy.judge_plays`, given this state's numbers.
"""

from __future__ import annotations

import random

from engine.fido.hand import FidoHand, fitting_plays
from engine.fido.policy import WEIGHTS, LineNumbers, Unlaid, Weights, judge_plays, tile_groups
from engine.tiles import Tile

Play = tuple[Tile, int]
"""A tile and the end it goes on."""


class Rollout:
    """The state a playout needs, copied from a game (not the game's line or history)."""

    __slots__ = (
        "counts",
        "crosswise",
        "current",
        "divisor",
        "groups",
        "hands",
        "mercy",
        "naked",
        "passes",
        "players",
        "scores",
        "second",
        "step",
        "stock",
        "total",
        "values",
    )

    def __init__(self, game: FidoHand) -> None:
        line = game.line
        options = game.options
        self.players = game.players
        self.step = game.step
        self.divisor = game.divisor
        self.crosswise = options.crosswise
        self.mercy = options.mercy
        self.groups = tile_groups(options.top, game.divisor, options.crosswise)
        self.hands = [list(hand) for hand in game.hands]
        self.stock = list(game.stock)
        self.values = list(line.values)
        self.counts = list(line.counts)
        self.naked = list(line.naked)
        self.second = line.second_move
        self.total = line.total
        self.scores = game.scores
        self.current = game.current_player
        self.passes = game.passes_in_row

    def store(self, game: FidoHand) -> None:
        """Write the hands, stock, scores and turn back into ``game`` (a throwaway copy:
        its line and history are left behind)."""
        game.hands = self.hands
        game.stock = self.stock
        game._scores = self.scores
        game._current = self.current

    # ------------------------------------------------------------ the rules
    def plays(self, hand: list[Tile]) -> list[Play]:
        """Every legal (tile, end), in :meth:`FidoHand.plays_for` order."""
        ends = (0,) if self.second else range(len(self.values))
        mercy = self.mercy and not self.second
        return fitting_plays(hand, self.values, self.naked, ends, mercy, self.divisor)

    def can_play(self, hand: list[Tile]) -> bool:
        values, naked, d = self.values, self.naked, self.divisor
        ends = (0,) if self.second else range(len(values))
        mercy = self.mercy and not self.second
        for high, low in hand:
            for end in ends:
                value = values[end]
                if value != high and value != low:
                    continue
                if mercy and naked[end] and (low if high == value else high) % d:
                    continue
                return True
        return False

    def lay(self, seat: int, tile: Tile, end: int) -> None:
        """``seat`` lays ``tile`` on ``end``: it scores, and the turn passes on or the game
        ends."""
        high, low = tile
        values, counts, naked = self.values, self.counts, self.naked
        value = values[end]
        old = counts[end]
        if high == low and self.crosswise:
            counts[end] = 0
            naked[end] = True
            values.extend((value, value))
            counts.extend((value, value))
            naked.extend((False, False))
            self.total += 2 * value - old
        else:
            outer = low if high == value else high
            counts[end] = outer
            naked[end] = False
            values[end] = outer
            self.total += outer - old
        self.second = False
        hand = self.hands[seat]
        hand.remove(tile)
        total, d = self.total, self.divisor
        if total % d == 0:
            self.scores[seat] += total // d
        self.passes = 0
        if hand:
            self.advance(seat)
        else:
            self.finish(seat)

    def draw(self, seat: int) -> None:
        self.hands[seat].append(self.stock.pop())
        self.passes = 0
        self.advance(seat)

    def sit_out(self, seat: int) -> None:
        """A pass by a seat that can neither play nor draw (the engine's own skip it)."""
        self.passes += 1
        if self.passes >= self.players:
            self.finish(None)
        else:
            self.advance(seat)

    def advance(self, seat: int) -> None:
        """The turn to the next seat that can play or draw; sit-outs on the way."""
        while True:
            seat = (seat + self.step) % self.players
            if self.stock or self.can_play(self.hands[seat]):
                self.current = seat
                return
            self.passes += 1
            if self.passes >= self.players:
                self.finish(None)
                return

    def finish(self, out: int | None) -> None:
        for seat, hand in enumerate(self.hands):
            if seat != out:
                self.scores[seat] -= sum(high + low for high, low in hand)
        self.current = None

    # ------------------------------------------------------------ the normal player
    def run(
        self, unlaid: Unlaid, rng: random.Random, turns: int, weights: Weights = WEIGHTS
    ) -> None:
        """Play ``turns`` turns (or to the end) with the normal player in every seat;
        ``unlaid`` is kept up to date."""
        for _ in range(turns):
            seat = self.current
            if seat is None:
                return
            plays = self.plays(self.hands[seat])
            if not plays:
                if self.stock:
                    self.draw(seat)
                else:
                    self.sit_out(seat)
                continue
            if len(plays) == 1:
                tile, end = plays[0]
            else:
                values = self.judged(seat, unlaid, plays, weights)
                best = max(values)
                tied = [play for play, value in zip(plays, values, strict=True) if value == best]
                tile, end = tied[0] if len(tied) == 1 else tied[rng.randrange(len(tied))]
            unlaid.lay(tile)
            self.lay(seat, tile, end)

    def judged(self, seat: int, unlaid: Unlaid, plays: list[Play], weights: Weights) -> list[float]:
        """:func:`engine.fido.policy.judge_plays` over (tile, end) pairs of this state."""
        numbers = LineNumbers(
            divisor=self.divisor,
            crosswise=self.crosswise,
            total=self.total,
            values=self.values,
            counts=self.counts,
            naked=self.naked,
            ends=range(len(self.values)),
            groups=self.groups,
            sizes=[len(h) for h in self.hands],
            following=(seat + self.step) % self.players,
        )
        return judge_plays(self.hands[seat], plays, unlaid, weights, numbers)
