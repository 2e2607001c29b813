"""The half-unit lattice that Network dominoes is played on.

Coordinates are integers in **half units**; y grows north. A tile half is a unit square
named by its lower-left corner ``(x, y)`` and covers the four half-unit *cells*
``(x..x+1, y..y+1)``. A crosswise double centred on a side sits one half unit off the
grid, which this lattice represents exactly.

Hot loops work on integer *cell keys* instead of tuples (faster to offset, and an index
into the layout's flat grid): ``key = (x + OFFSET) * STRIDE + (y + OFFSET)``, so moving east
adds ``STRIDE`` and moving north adds 1. Keys of cells within ±OFFSET of the origin run from
0 to ``GRID_CELLS - 1``.

How far play can reach: the lead covers x, y in [0, 4), and every later tile is laid
against an open end of a tile already down, so it covers cells at most 4 half units beyond
those already covered (2 for the near half, 2 more for the far; a crosswise double reaches
2 out and 1 sideways). A double-six set has 28 tiles, so a hand stays within [-108, 111].
Looking at a layout (candidates, rings, open ends) reads cells at most :data:`LOOK_REACH`
beyond covered ones, so a layout accepts tiles whose cells lie within ±:data:`TILE_LIMIT`.
"""

from __future__ import annotations

from typing import Final

STRIDE: Final = 256
OFFSET: Final = 128
GRID_CELLS: Final = STRIDE * STRIDE
"""Size of a layout's grid: one entry per cell key."""
COLUMN_SHIFT: Final = 8
"""``key >> COLUMN_SHIFT`` is the column part of a key, ``key & ROW_MASK`` the row part."""
ROW_MASK: Final = STRIDE - 1
LOOK_REACH: Final = 8
"""The most, in half units, any look at a layout reaches beyond its covered cells."""
TILE_LIMIT: Final = OFFSET - LOOK_REACH
"""Tiles must cover only cells with ``-TILE_LIMIT <= x, y < TILE_LIMIT``: every cell looked
at then has a key inside the grid. Legal play from a lead at the origin stays well inside."""

N, E, S, W = 0, 1, 2, 3
X: Final = 4
"""Pseudo-direction in move notation: a double laid crosswise over the face."""

DIRECTIONS: Final = (N, E, S, W)
DIR_NAMES: Final = "NESWX"
DX: Final = (0, 1, 0, -1)
DY: Final = (1, 0, -1, 0)


def opposite(d: int) -> int:
    return (d + 2) % 4


def left_of(d: int) -> int:
    return (d + 3) % 4


def right_of(d: int) -> int:
    return (d + 1) % 4


def key(x: int, y: int) -> int:
    return (x + OFFSET) * STRIDE + (y + OFFSET)


def coords(k: int) -> tuple[int, int]:
    return k // STRIDE - OFFSET, k % STRIDE - OFFSET


STEP1: Final = tuple(DX[d] * STRIDE + DY[d] for d in DIRECTIONS)
"""Key offset of a half-unit move in each direction."""

STEP2: Final = tuple(2 * s for s in STEP1)
"""Key offset of a whole-unit move: from a square to its neighbour across a face."""

SQUARE: Final = (0, 1, STRIDE, STRIDE + 1)
"""Offsets of the four cells of the unit square whose lower-left cell is the key."""

ACROSS: Final = (
    (2, STRIDE + 2),
    (2 * STRIDE, 2 * STRIDE + 1),
    (-1, STRIDE - 1),
    (-STRIDE, -STRIDE + 1),
)
"""For each direction, the two cells just across that face of a unit square."""

NEIGHBOURS8: Final = (1, -1, STRIDE, -STRIDE, STRIDE + 1, STRIDE - 1, -STRIDE + 1, -STRIDE - 1)


def tile_cells(first: int, second: int) -> tuple[int, ...]:
    """The eight cells covered by a tile whose halves' squares have these keys."""
    return tuple(first + o for o in SQUARE) + tuple(second + o for o in SQUARE)


def direction_between(first: int, second: int) -> int:
    """Direction from one half's square to its partner's (they are one unit apart)."""
    return STEP2.index(second - first)


def _ring_pattern(width: int, height: int) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Cells around a ``width``×``height`` block (offsets from its lower-left cell), in cyclic
    order, and the pairs of them that are 8-adjacent: neighbours in the cycle, plus the two
    cells flanking each outer corner (diagonal to each other)."""
    cells: list[tuple[int, int]] = []
    corners: list[int] = []
    corners.append(len(cells))
    cells.extend((x, -1) for x in range(-1, width))  # south row, west to east (starts at SW corner)
    corners.append(len(cells))
    cells.extend((width, y) for y in range(-1, height))  # east column, south to north
    corners.append(len(cells))
    cells.extend((x, height) for x in range(width, -1, -1))  # north row, east to west
    corners.append(len(cells))
    cells.extend((-1, y) for y in range(height, -1, -1))  # west column, north to south
    count = len(cells)
    pairs = {tuple(sorted((i, (i + 1) % count))) for i in range(count)}
    pairs |= {tuple(sorted(((c - 1) % count, (c + 1) % count))) for c in corners}
    offsets = tuple(dx * STRIDE + dy for dx, dy in cells)
    return offsets, tuple((a, b) for a, b in sorted(pairs))


RING_HORIZONTAL: Final = _ring_pattern(4, 2)
RING_VERTICAL: Final = _ring_pattern(2, 4)
"""Cells around a lying / standing tile and their 8-adjacency (see :func:`_ring_pattern`)."""
