"""docs/rules/sackson.md read literally, on (file, rank) pairs: a slow second implementation the
Sackson tests check the engine's bit masks against. It shares no code with
``engine.sackson``, so a mistake there cannot hide here too.

Squares are ``(file, rank)`` with a1 = (0, 0) and h8 = (7, 7)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Square = tuple[int, int]

FILES = "abcdefgh"
DARK, LIGHT = "dark", "light"
EVERY_SQUARE = [(f, r) for r in range(8) for f in range(8)]
CORNERS = {(0, 0), (7, 0), (0, 7), (7, 7)}
MIN_NETWORK = 6


def sq(text: str) -> Square:
    return FILES.index(text[0]), int(text[1]) - 1


def nm(square: Square) -> str:
    return f"{FILES[square[0]]}{square[1] + 1}"


def squares(text: str) -> set[Square]:
    return {sq(word) for word in text.split()}


_INNER = range(1, 7)
_GOALS = {
    DARK: ({(f, 0) for f in _INNER}, {(f, 7) for f in _INNER}),
    LIGHT: ({(0, r) for r in _INNER}, {(7, r) for r in _INNER}),
}


def goals(colour: str) -> tuple[set[Square], set[Square]]:
    """Dark: the bottom and top rows; Light: the left and right columns (no corners)."""
    return _GOALS[colour]


def other(colour: str) -> str:
    return LIGHT if colour == DARK else DARK


def may_stand(colour: str, square: Square) -> bool:
    """Not a corner and not in the opponent's goals."""
    first, second = goals(other(colour))
    return square not in CORNERS and square not in first | second


def touching(a: Square, b: Square) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def groups(pieces: Iterable[Square]) -> list[set[Square]]:
    """The groups of pieces connected orthogonally or diagonally (flood fill)."""
    left = set(pieces)
    found = []
    while left:
        group = {left.pop()}
        frontier = list(group)
        while frontier:
            here = frontier.pop()
            near = {p for p in left if touching(p, here)}
            left -= near
            group |= near
            frontier.extend(near)
        found.append(group)
    return found


def largest_group(pieces: Iterable[Square]) -> int:
    return max((len(g) for g in groups(pieces)), default=0)


def may_go(colour: str, own: set[Square], occupied: set[Square], square: Square) -> bool:
    """Whether a piece of ``colour`` may go on ``square`` (``own`` already without a lifted
    piece): the four conditions of "Where a piece may go"."""
    return (
        square not in occupied and may_stand(colour, square) and largest_group(own | {square}) <= 2
    )


def around(group: set[Square]) -> set[Square]:
    """The squares touching some piece of ``group`` (off-board ones do no harm)."""
    return {(f + df, r + dr) for f, r in group for df in (-1, 0, 1) for dr in (-1, 0, 1)} - group


def placements(colour: str, own: set[Square], theirs: set[Square]) -> set[Square]:
    """Every square where ``colour`` may place a new piece, by brute force: the groups
    are found once, and a new piece joins every group it touches."""
    occupied = own | theirs
    existing = [(len(g), around(g)) for g in groups(own)]
    found = set()
    for s in EVERY_SQUARE:
        if s in occupied or not may_stand(colour, s):
            continue
        joined = 1 + sum(size for size, near in existing if s in near)
        others = [size for size, near in existing if s not in near]
        if max([joined, *others]) <= 2:
            found.add(s)
    return found


def moves(colour: str, own: set[Square], theirs: set[Square]) -> set[tuple[Square, Square]]:
    """Every (from, to) moving one own piece to another square it may go to."""
    found = set()
    for start in own:
        rest = own - {start}
        for end in placements(colour, rest, theirs):
            if end != start:
                found.add((start, end))
    return found


def between(a: Square, b: Square) -> list[Square] | None:
    """The squares strictly between ``a`` and ``b`` if they share a row, column or
    diagonal, else None."""
    df, dr = b[0] - a[0], b[1] - a[1]
    if (df, dr) == (0, 0) or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
        return None
    steps = max(abs(df), abs(dr))
    step = (df // steps, dr // steps)
    return [(a[0] + step[0] * i, a[1] + step[1] * i) for i in range(1, steps)]


def connected(a: Square, b: Square, occupied: set[Square]) -> bool:
    """Same row, column or diagonal with only empty squares between."""
    path = between(a, b)
    return path is not None and not any(s in occupied for s in path)


def aligned(a: Square, b: Square) -> bool:
    return between(a, b) is not None


def line(a: Square, b: Square) -> tuple[int, int]:
    """The direction from a to b, up to sign: the line two aligned squares lie on."""
    df, dr = b[0] - a[0], b[1] - a[1]
    steps = max(abs(df), abs(dr))
    df, dr = df // steps, dr // steps
    return (df, dr) if (df, dr) > (0, 0) else (-df, -dr)


def networks(own: set[Square], theirs: set[Square], colour: str) -> Iterator[list[Square]]:
    """Every network of ``own`` as a chain from the first goal to the second: at least six
    distinct pieces, each connected to the next, only the ends in goals, changing
    direction at every piece, no piece used twice."""
    start_goal, end_goal = goals(colour)
    in_goal = start_goal | end_goal
    occupied = own | theirs

    def extend(chain: list[Square]) -> Iterator[list[Square]]:
        here = chain[-1]
        for nxt in own:
            if nxt in chain or not connected(here, nxt, occupied):
                continue
            if len(chain) >= 2 and line(chain[-2], here) == line(here, nxt):
                continue  # passing straight through ``here``
            if nxt in end_goal:
                if len(chain) + 1 >= MIN_NETWORK:
                    yield [*chain, nxt]
            elif nxt not in in_goal:
                yield from extend([*chain, nxt])

    for first in sorted(own & start_goal):
        yield from extend([first])


def has_network(own: set[Square], theirs: set[Square], colour: str) -> bool:
    start, end = goals(colour)
    if not own & start or not own & end:
        return False  # a network starts in one goal and ends in the other
    return next(networks(own, theirs, colour), None) is not None


def fewest_pieces(own: set[Square], theirs: set[Square], colour: str) -> int | None:
    return min((len(n) for n in networks(own, theirs, colour)), default=None)
