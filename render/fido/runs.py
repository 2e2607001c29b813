"""Laying things out in rows that never overlap: runs that snake, and the cross line they
make with a double between them (FIDO's line with doubles in line).

Everything on such a line is an :class:`Item` (a tile or an end's badge) laid along a
row, and a row is a horizontal band. Within a row items are laid one after another, so
they cannot overlap; rows are stacked by their heights later, so rows cannot either. That
is the whole proof that no two tiles ever meet, however long or branched the line.

A *run* (one arm) lays its items from a start edge in one direction; an item that would
pass the row's limit moves to the next row (above or below), which runs back the other
way from where the last row stopped, like a snake; a connector in the margin shows the
turn. A *cross line* is a tile with an arm running out of each of its two ends: the main
line (arm B ← opening double → arm A).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class Item(Generic[P]):
    """Something to lay along a row: ``width`` px along it, ``height`` px across (centred
    on the row's middle line), ``gap`` px of space before it, and ``rise`` px more room
    above it; ``payload`` says what it is (the planner's business)."""

    width: int
    height: int
    payload: P
    gap: int = 0
    rise: int = 0

    @property
    def up(self) -> int:
        """Px it reaches above the row's middle line."""
        return self.height // 2 + self.rise

    @property
    def down(self) -> int:
        """Px it reaches below the row's middle line."""
        return self.height - self.height // 2


@dataclass(frozen=True, slots=True)
class Placed(Generic[P]):
    """An item in its row (an offset from the line's centre row) between ``left`` and
    ``right``, laid heading ``heading`` (+1 east, -1 west)."""

    item: Item[P]
    row: int
    left: int
    right: int
    heading: int


@dataclass(frozen=True, slots=True)
class Turn:
    """A run leaving row ``row`` at ``x`` heading ``heading`` and coming back along row
    ``to`` from the same ``x``: drawn as a U in the margin beyond ``x``."""

    row: int
    to: int
    x: int
    heading: int


@dataclass(frozen=True, slots=True)
class Laid(Generic[P]):
    items: tuple[Placed[P], ...]
    turns: tuple[Turn, ...]

    @property
    def rows(self) -> range:
        found = [p.row for p in self.items]
        return range(min(found, default=0), max(found, default=0) + 1)

    @property
    def left(self) -> int:
        return min((p.left for p in self.items), default=0)

    @property
    def right(self) -> int:
        return max((p.right for p in self.items), default=0)


def run(
    items: Sequence[Item[P]],
    start: int,
    heading: int,
    growth: int,
    low: int,
    high: int,
    keep: int = 0,
) -> Laid[P]:
    """Lay ``items`` from the edge ``start`` on row 0 heading ``heading`` within
    [``low``, ``high``]; a row that is full continues on row ±1 (``growth``) back the
    other way. The last ``keep`` items stay on the row of the one before them (an end's
    badge never sits alone at a turn). Every row holds at least one item, so a limit too
    tight only widens the picture, never loses an item."""
    placed: list[Placed[P]] = []
    turns: list[Turn] = []
    row, x, first_in_row = 0, start, True
    for i, item in enumerate(items):
        gap = item.gap
        reach = gap + item.width
        if keep and i == len(items) - keep - 1:
            reach += length(items[i + 1 :])
        tail = keep and i >= len(items) - keep
        if not (tail or first_in_row) and not low <= x + heading * reach <= high:
            turns.append(Turn(row, row + growth, x, heading))
            row += growth
            heading = -heading
            gap = 0  # the next row starts right beside the end of the last
        near = x + heading * gap
        far = near + heading * item.width
        placed.append(Placed(item, row, min(near, far), max(near, far), heading))
        x = far
        first_in_row = False
    return Laid(tuple(placed), tuple(turns))


def length(items: Sequence[Item[P]]) -> int:
    """Px the items take in one row."""
    return sum(item.gap + item.width for item in items)


def cross(
    centre: Item[P],
    left: Sequence[Item[P]],
    right: Sequence[Item[P]],
    x: int,
    low: int,
    high: int,
    keep_left: int = 0,
    keep_right: int = 0,
) -> Laid[P]:
    """A cross line: ``centre`` on row 0 centred at ``x``, ``right`` running east from
    it (turning into the rows below), ``left`` running west (turning into the rows
    above)."""
    half = centre.width // 2
    middle = Placed(centre, 0, x - half, x - half + centre.width, 1)
    east = run(right, middle.right, 1, 1, low, high, keep_right)
    west = run(left, middle.left, -1, -1, low, high, keep_left)
    return Laid((middle, *east.items, *west.items), (*east.turns, *west.turns))
