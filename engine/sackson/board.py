"""The 8×8 board of Sid Sackson's Network as bit masks (docs/rules/sackson.md).

Square ``s`` is bit ``s`` of a Python int: ``s = 8 × (rank − 1) + file``, so a1 is 0, h1
is 7 and h8 is 63. Dark's goals are ranks 1 and 8, Light's files a and h; the four
corners belong to nobody. Everything a rule needs (neighbours, rays, goals) is computed
once here, so the rules and the search work with a handful of integer operations.

>>> name(0), name(63), square("d4")
('a1', 'h8', 27)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from engine.errors import N_, NotationError

SIZE: Final = 8
SQUARES: Final = SIZE * SIZE
FULL: Final = (1 << SQUARES) - 1
FILES: Final = "abcdefgh"

DARK: Final = 0
LIGHT: Final = 1
COLOURS: Final = ("dark", "light")


def name(square: int) -> str:
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


def square(text: str) -> int:
    """The square a name like ``d4`` names (NotationError for anything else)."""
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        raise NotationError(N_("“{text}” is not a square: use a1 to h8."), text=text)
    return (int(text[1]) - 1) * SIZE + FILES.index(text[0])


def bit(square: int) -> int:
    return 1 << square


def squares_of(mask: int) -> Iterator[int]:
    """The squares set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _mask(squares: object) -> int:
    total = 0
    for s in squares:  # type: ignore[attr-defined]
        total |= 1 << s
    return total


CORNERS: Final = _mask((0, 7, 56, 63))
RANK_1: Final = _mask(range(1, 7))
RANK_8: Final = _mask(range(57, 63))
FILE_A: Final = _mask(8 * r for r in range(1, 7))
FILE_H: Final = _mask(8 * r + 7 for r in range(1, 7))

GOALS: Final = ((RANK_1, RANK_8), (FILE_A, FILE_H))
"""Each colour's two goals, in the order a network is searched from the first to the
second: Dark bottom → top, Light left → right."""
GOAL_ZONE: Final = (RANK_1 | RANK_8, FILE_A | FILE_H)
ALLOWED: Final = (
    FULL & ~CORNERS & ~GOAL_ZONE[LIGHT],
    FULL & ~CORNERS & ~GOAL_ZONE[DARK],
)
"""Where each colour may ever stand: not a corner, not the opponent's goals."""

DIRECTIONS: Final = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (-1, 1), (1, -1))
"""File and rank steps in opposite pairs (E W, N S, NE SW, NW SE): ``d >> 1`` is the
line a direction runs along, and even directions run towards higher squares."""


def _neighbours(s: int) -> int:
    f, r = s % SIZE, s // SIZE
    total = 0
    for df, dr in DIRECTIONS:
        if 0 <= f + df < SIZE and 0 <= r + dr < SIZE:
            total |= 1 << ((r + dr) * SIZE + f + df)
    return total


def _ray(s: int, df: int, dr: int) -> int:
    f, r = s % SIZE + df, s // SIZE + dr
    total = 0
    while 0 <= f < SIZE and 0 <= r < SIZE:
        total |= 1 << (r * SIZE + f)
        f, r = f + df, r + dr
    return total


NEIGHBOURS: Final = tuple(_neighbours(s) for s in range(SQUARES))
"""The up to eight squares touching each square (orthogonally or diagonally)."""
RAYS: Final = tuple(tuple(_ray(s, df, dr) for df, dr in DIRECTIONS) for s in range(SQUARES))
"""``RAYS[s][d]``: every square from ``s`` (exclusive) to the edge in direction ``d``."""
