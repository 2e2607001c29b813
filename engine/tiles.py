"""Domino tiles and sets, shared by every game.

A tile is an unordered pair; :class:`Tile` stores it high end first so that equal tiles
compare and hash equal. It is a NamedTuple because tiles are hashed in every hot loop.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from engine.errors import N_, NotationError, UnknownTileError

MAX_PIPS = 21
_TILE_RE = re.compile(r"^\s*(\d{1,2})\s*[-|:/x]\s*(\d{1,2})\s*$")
_TWO_DIGITS_RE = re.compile(r"^\s*(\d)(\d)\s*$")


class Tile(NamedTuple):
    """A domino: ``high`` ≥ ``low``. Build one with :meth:`of` to get the order right."""

    high: int
    low: int

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        if not (0 <= a <= MAX_PIPS and 0 <= b <= MAX_PIPS):
            raise UnknownTileError(
                N_("{a}-{b} is not a domino: ends run from 0 to {top}."), a=a, b=b, top=MAX_PIPS
            )
        return cls(a, b) if a >= b else cls(b, a)

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def pips(self) -> int:
        return self.high + self.low

    def has(self, number: int) -> bool:
        return number in (self.high, self.low)

    def other(self, number: int) -> int:
        """The end opposite ``number`` (for a double, ``number`` itself)."""
        if number == self.high:
            return self.low
        if number == self.low:
            return self.high
        raise ValueError(f"{self.name} has no {number}")

    @property
    def name(self) -> str:
        return f"{self.high}-{self.low}"

    def __str__(self) -> str:
        return self.name


def double_set(top: int) -> list[Tile]:
    """Every tile of a double-``top`` set, highest first (double-6 has 28)."""
    if not 0 <= top <= MAX_PIPS:
        raise ValueError(f"sets run from double-0 to double-{MAX_PIPS}, not double-{top}")
    return [Tile(high, low) for high in range(top, -1, -1) for low in range(high, -1, -1)]


def parse_tile(text: str, top: int = MAX_PIPS) -> Tile:
    """Read ``"6-4"``, ``"4-6"``, ``"4|6"`` or ``"64"`` into a tile of a double-``top`` set."""
    match = _TILE_RE.match(text) or _TWO_DIGITS_RE.match(text)
    if match is None:
        raise NotationError(N_("'{text}' is not a tile; write it like 6-4."), text=text.strip())
    a, b = int(match.group(1)), int(match.group(2))
    if a > top or b > top:
        raise UnknownTileError(N_("{a}-{b} is not in a double-{top} set."), a=a, b=b, top=top)
    return Tile.of(a, b)
