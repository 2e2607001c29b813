"""Lines of sight for a whole colour at once, on bit masks, for the computer players.

:func:`sight` answers, for every square at once, "is the first piece in direction ``d``
from here one of mine?" with a few shifts per direction (a Kogge–Stone fill through the
empty squares), instead of walking rays square by square. From those eight masks come
the connections between a colour's pieces, the empty squares where a new piece would
connect to two lines (where networks are completed) and the squares between two pieces
(where the opponent blocks).
"""

from __future__ import annotations

from typing import Final

from engine.sackson.board import DIRECTIONS, FULL, SIZE

_FILE_A: Final = sum(1 << (8 * r) for r in range(SIZE))
_FILE_H: Final = _FILE_A << 7


def _step(df: int, dr: int) -> tuple[int, int]:
    """The shift of one step in a direction and the squares a step may land on (a step
    east can never land on file a, which is where a shift off file h would wrap to)."""
    landing = FULL
    if df == 1:
        landing &= ~_FILE_A
    elif df == -1:
        landing &= ~_FILE_H
    return dr * SIZE + df, landing


STEPS: Final = tuple(_step(df, dr) for df, dr in DIRECTIONS)
"""Per direction (board.DIRECTIONS order): the shift of one step and its landing mask."""


Propagators = tuple[tuple[int, int, int, int, int], ...]
"""Per direction: the shift of one step backwards (positive: towards lower squares), its
landing mask, and the squares a fill may cross in runs of 1, 2 and 4 steps."""


def propagators(passable: int) -> Propagators:
    """What :func:`along` needs to look through ``passable`` squares, computed once per
    board and shared by every look along it."""
    found = []
    for d in range(8):
        shift = STEPS[d][0]
        landing = STEPS[d ^ 1][1]  # walking back against d lands where a step back may
        p1 = passable & landing
        if shift > 0:
            p2 = p1 & (p1 >> shift)
            p4 = p2 & (p2 >> 2 * shift)
        else:
            p2 = p1 & (p1 << -shift)
            p4 = p2 & (p2 << -2 * shift)
        found.append((shift, landing, p1, p2, p4))
    return tuple(found)


def along(targets: int, props: Propagators, direction: int) -> int:
    """The squares whose first square in ``direction`` that is not passable (see
    :func:`propagators`) is one of ``targets``: with the empty squares passable, the
    squares whose first piece that way is one of ``targets``."""
    k, landing, p1, p2, p4 = props[direction]
    if k > 0:
        g = targets | (p1 & (targets >> k))
        g |= p2 & (g >> 2 * k)
        g |= p4 & (g >> 4 * k)
        return (g >> k) & landing
    k = -k
    g = targets | (p1 & (targets << k))
    g |= p2 & (g << 2 * k)
    g |= p4 & (g << 4 * k)
    return (g << k) & landing


def sight(own: int, occupied: int, props: Propagators | None = None) -> list[int]:
    """``result[d]``: the squares (empty or not) whose first piece in direction ``d`` is
    one of ``own``. For a piece of ``own`` that means a connection in direction ``d``.
    ``props``: the empty squares' propagators, if already at hand."""
    if props is None:
        props = propagators(FULL & ~occupied)
    return [along(own, props, d) for d in range(8)]


def lines_seen(seen: list[int]) -> tuple[int, int, int, int]:
    """Per line (row, column, the two diagonals): squares that see an own piece along it."""
    return (seen[0] | seen[1], seen[2] | seen[3], seen[4] | seen[5], seen[6] | seen[7])


def at_least_two(a: int, b: int, c: int, d: int) -> int:
    """The squares set in at least two of four masks."""
    return (a & (b | c | d)) | (b & (c | d)) | (c & d)


def pairs(own: int, seen: list[int]) -> int:
    """How many pairs of ``own`` pieces are connected (each pair counted once: by its lower
    piece, looking in the even direction, which runs towards higher squares)."""
    return (
        (seen[0] & own).bit_count()
        + (seen[2] & own).bit_count()
        + (seen[4] & own).bit_count()
        + (seen[6] & own).bit_count()
    )


def between(seen: list[int]) -> int:
    """Squares with an own piece first in both directions of some line: a piece there
    (of either colour) cuts that connection."""
    return (seen[0] & seen[1]) | (seen[2] & seen[3]) | (seen[4] & seen[5]) | (seen[6] & seen[7])


def _along_line(targets: int, props: Propagators, line: int) -> int:
    """:func:`along` both ways of a line (row, column, rising or falling diagonal)."""
    k, landing, p1, p2, p4 = props[2 * line]  # the even direction: k > 0
    g = targets | (p1 & (targets >> k))
    g |= p2 & (g >> 2 * k)
    g |= p4 & (g >> 4 * k)
    found = (g >> k) & landing
    _, landing, p1, p2, p4 = props[2 * line + 1]
    g = targets | (p1 & (targets << k))
    g |= p2 & (g << 2 * k)
    g |= p4 & (g << 4 * k)
    return found | ((g << k) & landing)


def reach(sources: int, middle: int, props: Propagators) -> tuple[list[int], int]:
    """Where walks that turn at every piece can get from ``sources``.

    A walk starts on a piece of ``sources``, steps to a piece it sees along a line
    (looking through the squares ``props`` lets pass), may pass only through pieces of
    ``middle`` and never continues straight on. Returns, per line, the squares seen along
    that line from a piece a walk may leave along it (the sources, or pieces the walk
    entered along another line), and every piece of ``middle`` some walk enters. Walks
    may use a piece twice, so this over-approximates simple paths: a filter, not a
    proof."""
    entered = [0, 0, 0, 0]
    seen = [0, 0, 0, 0]
    stale = 15  # lines whose view is out of date (bit per line)
    while stale:
        for line in range(4):
            if not stale >> line & 1:
                continue
            stale &= ~(1 << line)
            leaving = sources
            for other in range(4):
                if other != line:
                    leaving |= entered[other]
            found = _along_line(leaving, props, line)
            seen[line] = found
            new = found & middle & ~entered[line]
            if new:
                entered[line] |= new
                stale |= 15 & ~(1 << line)  # every other line may now leave from these
    return seen, entered[0] | entered[1] | entered[2] | entered[3]
