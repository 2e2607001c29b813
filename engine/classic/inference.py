"""What one seat can know about the tiles it cannot see, and deals of them that agree.

A seat sees its own tiles, the line, every hand's size, the boneyard's size and the
history of plays, draws and passes. A player who drew or passed could not match any open
end at that moment, so it held no tile showing one of those numbers. Tiles it draws later
may show them, so its *voids* are the numbers open at each of its draws and passes since
(and including) its most recent draw: a draw starts them afresh. (The tiles a draw turns
up that do not fit show none of that draw's numbers, and the last one, which fits, is
the only tile it can then play, so once it is played the draw's own numbers are void.)

:class:`DealSampler` deals the unseen tiles into the other hands (their sizes) and the
boneyard at random, honouring every void: a constrained random deal, then random swaps
between hands that keep every void, so the deals spread over all consistent ones. A view
that came from a real hand always admits a consistent deal (the real one); should the
voids ever admit none, the oldest are dropped until they do.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.classic.hand import ClassicHand
from engine.classic.line import Line
from engine.classic.moves import parse_move
from engine.line.sampling import HiddenTiles
from engine.tiles import Tile

_GREEDY_TRIES = 4
_SWAPS_PER_TILE = 3


@dataclass(frozen=True, slots=True)
class Void:
    """``seat`` held no tile showing any of ``numbers`` (``step``: its history index)."""

    step: int
    seat: int
    numbers: frozenset[int]


def open_values(line: Line) -> frozenset[int]:
    values = line.values
    return frozenset(values[end] for end in line.open)


def read_voids(hand: ClassicHand) -> list[Void]:
    """Every seat's standing voids, oldest first, from the hand's public history replayed
    on an empty line (so the open numbers at each draw and pass are known)."""
    line = Line(hand.options.spinner == "on")
    standing: dict[int, list[Void]] = {}
    for step, (seat, text, _auto, _count) in enumerate(hand.history):
        if text in ("draw", "pass"):
            void = Void(step, seat, open_values(line))
            if text == "draw":
                standing[seat] = [void]
            else:
                standing.setdefault(seat, []).append(void)
            continue
        move = parse_move(text)
        assert move.tile is not None
        line.lay(move.tile, move.slot, seat)
    history = hand.history
    if history and history[-1][1] == "draw" and hand.current_player == history[-1][0]:
        # the drawer still holds the tile that fitted, about to play it
        standing.pop(history[-1][0], None)
    return sorted((v for voids in standing.values() for v in voids), key=lambda v: v.step)


class DealSampler(HiddenTiles[ClassicHand]):
    """Random full hands that agree with everything ``seat`` has seen of ``hand`` (a full
    hand or :meth:`ClassicHand.for_seat` of a view), its voids kept."""

    def __init__(self, hand: ClassicHand, seat: int, voids: list[Void] | None = None) -> None:
        """``voids``: instead of those read from the history (for tests); ``relaxed``
        counts the oldest voids dropped."""
        super().__init__(hand, seat)
        if voids is None:
            voids = read_voids(hand)
        self.voids = [v for v in voids if v.seat != seat and self.sizes[v.seat]]
        self._set_voids(self.voids)

    def _set_voids(self, voids: list[Void]) -> None:
        numbers: dict[int, set[int]] = {}
        for void in voids:
            numbers.setdefault(void.seat, set()).update(void.numbers)
        self.void_numbers = {seat: frozenset(n) for seat, n in numbers.items()}
        # allowed[seat]: the unseen tiles that seat may hold (None: any)
        self.allowed: dict[int, frozenset[Tile]] = {
            seat: frozenset(t for t in self.unseen if t[0] not in nums and t[1] not in nums)
            for seat, nums in self.void_numbers.items()
        }

    def deal(self, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
        """(a hand per seat, the seat's own as it is; the boneyard, next draw last)."""
        tiles = list(self.unseen)
        rng.shuffle(tiles)
        hands: list[list[Tile]] = [[] for _ in self.sizes]
        hands[self.seat] = list(self.hand.hands[self.seat])
        if not self.allowed:
            start = 0
            for other in self.others():
                size = self.sizes[other]
                hands[other] = tiles[start : start + size]
                start += size
            return hands, tiles[start:]
        dealt = None
        for _ in range(_GREEDY_TRIES):
            dealt = self._greedy(tiles)
            if dealt is not None:
                break
            rng.shuffle(tiles)
        while dealt is None:
            dealt = self._matching(tiles)
            if dealt is None:
                self._relax()
        constrained, rest = dealt
        start = 0
        for other in self.others():
            if other in constrained:
                hands[other] = constrained[other]
            else:
                size = self.sizes[other]
                hands[other] = rest[start : start + size]
                start += size
        boneyard = rest[start:]
        self._mix(hands, boneyard, rng)
        return hands, boneyard

    def _relax(self) -> None:
        self.voids = self.voids[1:]
        self.relaxed += 1
        self._set_voids(self.voids)

    def _order(self) -> list[int]:
        """Constrained seats, least slack (allowed tiles beyond its size) first."""
        return sorted(self.allowed, key=lambda s: (len(self.allowed[s]) - self.sizes[s], s))

    def _greedy(self, tiles: list[Tile]) -> tuple[dict[int, list[Tile]], list[Tile]] | None:
        """Each constrained seat takes the first tiles it may hold, least slack first."""
        free = list(tiles)
        constrained: dict[int, list[Tile]] = {}
        for seat in self._order():
            allowed, size = self.allowed[seat], self.sizes[seat]
            taken = [t for t in free if t in allowed][:size]
            if len(taken) < size:
                return None
            chosen = set(taken)
            free = [t for t in free if t not in chosen]
            constrained[seat] = taken
        return constrained, free

    def _matching(self, tiles: list[Tile]) -> tuple[dict[int, list[Tile]], list[Tile]] | None:
        """A complete search (augmenting paths) for the constrained seats' tiles; None when
        the voids admit no deal at all."""
        slots = [seat for seat in self._order() for _ in range(self.sizes[seat])]
        owner: dict[Tile, int] = {}  # tile -> slot index

        def place(slot: int, visited: set[Tile]) -> bool:
            allowed = self.allowed[slots[slot]]
            for tile in tiles:
                if tile in allowed and tile not in visited:
                    visited.add(tile)
                    if tile not in owner or place(owner[tile], visited):
                        owner[tile] = slot
                        return True
            return False

        for slot in range(len(slots)):
            if not place(slot, set()):
                return None
        constrained: dict[int, list[Tile]] = {seat: [] for seat in self.allowed}
        for tile in tiles:
            if tile in owner:
                constrained[slots[owner[tile]]].append(tile)
        return constrained, [t for t in tiles if t not in owner]

    def _mix(self, hands: list[list[Tile]], boneyard: list[Tile], rng: random.Random) -> None:
        """Random swaps between two hidden places that keep every void: a walk whose
        stationary spread is even over the consistent deals, so the first deal's bias
        fades."""
        places = [hands[s] for s in self.others()]
        owners: list[int | None] = list(self.others())
        if boneyard:
            places.append(boneyard)
            owners.append(None)
        spots = [(p, i) for p, place in enumerate(places) for i in range(len(place))]
        count = len(spots)
        if count < 2:
            return
        allowed = self.allowed
        randbelow = rng.randrange
        for _ in range(_SWAPS_PER_TILE * count):
            pa, ia = spots[randbelow(count)]
            pb, ib = spots[randbelow(count)]
            if pa == pb:
                continue
            a, b = places[pa][ia], places[pb][ib]
            owner_a, owner_b = owners[pa], owners[pb]
            if owner_a is not None and owner_a in allowed and b not in allowed[owner_a]:
                continue
            if owner_b is not None and owner_b in allowed and a not in allowed[owner_b]:
                continue
            places[pa][ia], places[pb][ib] = b, a

    def sample(self, rng: random.Random) -> ClassicHand:
        """A full hand: ``self.hand`` with the other hands and the boneyard dealt."""
        world = self.hand.copy()
        hands, boneyard = self.deal(rng)
        for other in self.others():
            world.hands[other] = sorted(hands[other], reverse=True)
        world.boneyard = boneyard
        return world
