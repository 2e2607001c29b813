"""What one FIDO seat can know about the tiles it cannot see, and deals of them that agree.

A seat sees its own tiles, the line, every hand's size, the stock's size and the history.
A player who drew or sat out could lay nothing: it held no tile showing a number open at
that moment. A draw hands it one tile that may show one, so every draw or sit-out leaves a
:class:`Limit`: from then on, the player holds at most as many tiles showing those
numbers as it has drawn since, less those of them it has laid since. A sit-out (the stock
empty) allows none. With the Mother Theresa rule a naked side takes only tap-ins, so only
counted ends' numbers are used then (a weaker, still true, limit).

:class:`DealSampler` deals the unseen tiles into the other hands (their sizes) and the
stock at random, honouring every limit; should the limits ever admit no deal (they cannot
for a view of a real game), the oldest are dropped until they do.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.fido.hand import FidoHand
from engine.line.crosswise import CrosswiseLine
from engine.line.sampling import HiddenTiles
from engine.tiles import Tile

_TRIES = 4


@dataclass(frozen=True, slots=True)
class Limit:
    """``seat`` holds at most ``most`` tiles showing one of ``numbers`` or among ``tiles``."""

    step: int
    seat: int
    numbers: frozenset[int]
    most: int
    tiles: frozenset[Tile] = frozenset()

    def counts(self, tile: Tile) -> bool:
        return tile[0] in self.numbers or tile[1] in self.numbers or tile in self.tiles


def open_numbers(line: CrosswiseLine, mercy: bool) -> frozenset[int]:
    """The numbers a tile had to show to be laid (counted ends only under mercy)."""
    values, naked = line.values, line.naked
    return frozenset(values[e] for e in line.open if not (mercy and naked[e]))


def read_limits(game: FidoHand) -> list[Limit]:
    """Every seat's limits that still restrict its hand, oldest first, from the public
    history replayed on an empty line."""
    options = game.options
    mercy = options.mercy
    line = CrosswiseLine(options.crosswise, options.top)
    found: list[tuple[int, int, frozenset[int]]] = []
    draws: list[list[int]] = [[] for _ in range(game.players)]
    laid: list[list[tuple[int, Tile]]] = [[] for _ in range(game.players)]
    for step, (seat, text, _auto) in enumerate(game.history):
        if text in ("draw", "pass"):
            found.append((step, seat, open_numbers(line, mercy)))
            if text == "draw":
                draws[seat].append(step)
            continue
        move = game.parse_move(text)
        tile = move.tile
        assert tile is not None
        line.lay(tile, move.slot, seat)
        laid[seat].append((step, tile))
    limits = opening_limits(game, draws, laid)
    for step, seat, numbers in found:
        if not numbers:
            continue
        drawn = sum(1 for s in draws[seat] if s >= step)
        shown = sum(
            1
            for when, tile in laid[seat]
            if when > step and (tile[0] in numbers or tile[1] in numbers)
        )
        most = max(0, drawn - shown)
        if most < len(game.hands[seat]):
            limits.append(Limit(step, seat, numbers, most))
    return limits


def opening_limits(
    game: FidoHand, draws: list[list[int]], laid: list[list[tuple[int, Tile]]]
) -> list[Limit]:
    """Every seat holds at most as many doubles above the opening one as it has drawn, less
    those it has laid: they were all in the stock (none before the opening is played)."""
    opening = game.line.lead  # public once laid
    if opening is None:
        return []
    higher = frozenset(Tile(value, value) for value in range(opening[0] + 1, game.options.top + 1))
    if not higher:
        return []
    limits = []
    for seat in range(game.players):
        shown = sum(1 for _, tile in laid[seat] if tile in higher)
        most = max(0, len(draws[seat]) - shown)
        if most < len(game.hands[seat]):
            limits.append(Limit(0, seat, frozenset(), most, higher))
    return limits


class DealSampler(HiddenTiles[FidoHand]):
    """Random full games that agree with everything ``seat`` has seen of ``game`` (a full
    game or :meth:`FidoHand.for_seat` of a view), its limits kept."""

    def __init__(
        self,
        game: FidoHand,
        seat: int,
        limits: list[Limit] | None = None,
    ) -> None:
        """``limits``: instead of those read from the history (for tests); ``relaxed``
        counts the oldest limits dropped."""
        super().__init__(game, seat)
        if limits is None:
            limits = read_limits(game)
        self.limits = [limit for limit in limits if limit.seat != seat]

    def deal(self, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
        """(a hand per seat, the seat's own as it is; the stock, next draw last)."""
        tiles = list(self.unseen)
        while True:
            for _ in range(_TRIES):
                rng.shuffle(tiles)
                dealt = self._deal_in_order(tiles)
                if dealt is not None:
                    return dealt
            self.limits = self.limits[1:]
            self.relaxed += 1

    def _deal_in_order(self, tiles: list[Tile]) -> tuple[list[list[Tile]], list[Tile]] | None:
        """Limited seats take, in turn, the first tiles that keep their limits; the rest
        go round in order. None when a limited seat cannot be filled."""
        hands: list[list[Tile]] = [[] for _ in self.sizes]
        hands[self.seat] = list(self.hand.hands[self.seat])
        by_seat: dict[int, list[Limit]] = {}
        for limit in self.limits:
            by_seat.setdefault(limit.seat, []).append(limit)
        free = tiles
        for seat, limits in by_seat.items():
            size = self.sizes[seat]
            room = [limit.most for limit in limits]
            taken: list[Tile] = []
            rest: list[Tile] = []
            for tile in free:
                if len(taken) < size:
                    hits = [i for i, limit in enumerate(limits) if limit.counts(tile)]
                    if all(room[i] > 0 for i in hits):
                        for i in hits:
                            room[i] -= 1
                        taken.append(tile)
                        continue
                rest.append(tile)
            if len(taken) < size:
                return None
            hands[seat] = taken
            free = rest
        start = 0
        for seat in self.others():
            if seat in by_seat:
                continue
            size = self.sizes[seat]
            hands[seat] = free[start : start + size]
            start += size
        return hands, free[start:]

    def sample(self, rng: random.Random) -> FidoHand:
        """A full game: ``self.hand`` with the other hands and the stock dealt."""
        world = self.hand.copy()
        hands, stock = self.deal(rng)
        for other in self.others():
            world.hands[other] = hands[other]
        world.stock = stock
        return world
