"""Fixed positions the render tests draw, each a seeded deal plus the moves made from it.

Moves are kept in notation rather than re-derived from a seed's random play, so that
changes to move ordering inside the engine do not move the pictures. They were found by
playing seeded games with a simple policy (take a ring when one is on offer, otherwise a
random play) and keeping the first game that showed what each picture is meant to show.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.network import NetworkHand
from engine.tiles import Tile

NAMES = ("Alice", "Bartholomew Fitzgerald-Saint-John", "Zoë", "Иван", "Dee")


@dataclass(frozen=True)
class Position:
    players: int
    seed: int
    moves: tuple[str, ...]

    def hand(self) -> NetworkHand:
        hand = NetworkHand.deal(self.players, {}, self.seed)
        for text in self.moves:
            hand.apply(hand.parse_move(text))
        return hand


EMPTY = Position(3, 0, ())
LEAD_DOUBLE = Position(4, 4, ("6-6",))
RING = Position(
    2,
    3,
    (
        "6-6", "6-3 D EE", "3-0 D SE", "0-0 D EX", "6-4 B NW", "4-4 B WX", "4-0 G NW",
        "2-0 G WS", "4-2 G SE", "4-3 B SS", "3-3 B SX", "5-0 E SW", "6-2 A SS", "5-2 A EE",
    ),
)  # fmt: skip
"""Two rings, scored by different seats; crosswise doubles at half-unit offsets."""
CROSSWISE = Position(
    3, 0, ("6-6", "6-2 B NE", "2-0 B EN", "4-0 B EN", "6-4 A SE", "4-4 B NX", "4-3 A SS",
           "3-3 A SX", "5-3 G WS"),
)  # fmt: skip
"""Two crosswise doubles, one with a tile laid off its side half a unit off the grid."""
CANDIDATES = Position(
    4, 4, ("6-6", "6-3 D EE", "4-3 D EN", "6-1 A SS", "1-1 A WW", "4-2 D NW", "5-1 F NN",
           "5-2 D NN", "6-5 D NN"),
)  # fmt: skip
CANDIDATE_TILE = Tile(6, 2)
"""Eleven placements for the player to move, overlapping ghosts, one closing a ring."""
FULL = Position(
    4,
    63,
    (
        "6-6", "6-0 D EE", "0-0 D NN", "6-1 B NN", "5-1 B NN", "5-0 D NN", "5-4 B EN",
        "2-0 F EE", "6-2 A SS", "3-2 D EN", "6-4 C WW", "4-0 B NW", "2-1 A SE", "4-4 C WX",
        "4-2 C SS", "3-1 A ES", "6-3 D EE", "2-2 C EE", "3-0 B WW", "6-5 D ES", "5-2 D EE",
        "3-3 A SS", "4-3 B WW", "pass", "4-1 B SS", "1-1 B SX", "5-3 A SS", "1-0 B EN",
        "5-5 A EE",
    ),
)  # fmt: skip
"""All 28 tiles laid by four players, two rings, and a bonus tie between 2 and 5."""
