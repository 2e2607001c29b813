"""Moves that complete a network at once, and the squares where the other side can stop
them: the tactics every computer level needs.

A move can only complete a network in two ways (there was none before it): the network
runs through the new piece, which then sees own pieces along two lines (one, if it stands
in a goal), or lifting the moved piece opened a line between two own pieces. So only a
handful of squares and origins are ever tried, each with one network test, instead of
every legal move.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Final

from engine.sackson.board import (
    ALLOWED,
    DIRECTIONS,
    FULL,
    GOAL_ZONE,
    GOALS,
    NEIGHBOURS,
    SIZE,
    SQUARES,
    squares_of,
)
from engine.sackson.network import MIN_PIECES, first_piece, has_network, network_rest
from engine.sackson.position import PLACE, open_squares
from engine.sackson.sight import (
    Propagators,
    at_least_two,
    between,
    lines_seen,
    propagators,
    reach,
    sight,
)


def _between_table() -> tuple[tuple[int, ...], ...]:
    table = [[0] * SQUARES for _ in range(SQUARES)]
    for a in range(SQUARES):
        for df, dr in DIRECTIONS:
            f, r = a % SIZE + df, a // SIZE + dr
            passed = 0
            while 0 <= f < SIZE and 0 <= r < SIZE:
                b = r * SIZE + f
                table[a][b] = passed
                passed |= 1 << b
                f, r = f + df, r + dr
    return tuple(tuple(row) for row in table)


BETWEEN: Final = _between_table()
"""``BETWEEN[a][b]``: the squares strictly between two squares on a line (0 otherwise)."""


def group_allows(own: int, square: int) -> bool:
    """Whether a piece of ``own``'s colour may stand on ``square`` without making a group
    of three (``square`` not in ``own``)."""
    near = NEIGHBOURS[square] & own
    if not near:
        return True
    if near & (near - 1):
        return False
    return not NEIGHBOURS[near.bit_length() - 1] & own


def network_path(own: int, occupied: int, colour: int) -> list[int] | None:
    """Some network of ``own`` (the first the search meets, not the shortest), or None."""
    start, end = GOALS[colour]
    if not own & end or (own & ~(start | end)).bit_count() < MIN_PIECES - 2:
        return None
    goals = start | end
    for s in squares_of(own & start):
        rest = network_rest(s, -1, 1 << s, 1, own, occupied, end, goals)
        if rest is not None:
            rest.append(s)
            rest.reverse()
            return rest
    return None


def blocking_squares(path: list[int], destination: int) -> int:
    """Where a piece stops the network ``path`` that a move to ``destination`` completes:
    the destination itself or any square inside one of the path's connections."""
    squares = 1 << destination
    for a, b in pairwise(path):
        squares |= BETWEEN[a][b]
    return squares


Threat = tuple[int, int]
"""A winning move (a :class:`~engine.sackson.position.Position` code) and a mask of the
squares where an opposing piece would stop it (a superset: all must be checked)."""


def winning_moves(
    own: int,
    other: int,
    colour: int,
    placing: bool,
    limit: int = 1,
    blocks: bool = False,
    seen: list[int] | None = None,
    props: Propagators | None = None,
    either: bool = False,
    fresh: int = 0,
) -> list[Threat]:
    """Up to ``limit`` legal moves with which ``colour`` (holding ``own``, facing
    ``other``) completes a network at once, placing a piece (``placing``) or moving one.
    A move that would also complete the opponent's network is no win (it is illegal, or
    under the CS61B option it loses) and is left out. With ``blocks``, each move comes
    with the squares where the opponent can stop it; otherwise that mask is 0.
    ``props`` and ``seen``: the empty squares' propagators and ``sight(own)``, when the
    caller has them already. ``either``: keep moves that complete both networks too.
    ``fresh``: a square of ``own``'s that any network now must use (the piece just placed,
    when ``own`` had no network in one before placing it), or 0."""
    occupied = own | other
    start, end = GOALS[colour]
    zone = GOAL_ZONE[colour]
    if placing and not _could_complete(own, start, end, zone):
        return []
    if props is None:
        props = propagators(FULL & ~occupied)
    if seen is None:
        seen = sight(own, occupied, props)
    row, column, rising, falling = lines_seen(seen)
    one = row | column | rising | falling
    destinations = (
        ALLOWED[colour] & ~occupied & (at_least_two(row, column, rising, falling) | (zone & one))
    )
    # Lifting a piece (moving) may open lines through it: then look through own pieces.
    ends, to_end = _ends(
        own,
        start,
        end,
        zone,
        props if placing else propagators(FULL & ~other),
        destinations,
        fresh & ~zone,
    )
    destinations &= ends
    if placing:
        destinations &= open_squares(own, occupied, colour)
        return _placements(own, occupied, colour, destinations, limit, blocks)
    return _moves(own, other, colour, seen, props, destinations, to_end, limit, blocks, either)


def _ends(
    own: int, start: int, end: int, zone: int, props: Propagators, wanted: int, fresh: int
) -> tuple[int, bool]:
    """Squares where a new piece could join walks from both goals (turning at every
    piece: see :func:`~engine.sackson.sight.reach`) into a chain of six, and whether such
    walks already join the goals. A network through a new piece needs the first; one
    without it, the second. Only squares in ``wanted`` matter to the caller; ``fresh``:
    a piece outside the goals that the network must use (then a walk reaches it)."""
    middle = own & ~zone
    from_start = from_end = None
    entered = 0
    if own & start:
        from_start, entered = reach(own & start, middle, props)
        seen = from_start[0] | from_start[1] | from_start[2] | from_start[3]
        if not seen & (wanted | (own & end)) and not wanted & start:
            return 0, False  # walks from the first goal reach no square that matters
    if own & end:
        from_end, entered_too = reach(own & end, middle, props)
        entered |= entered_too
    if fresh and not fresh & entered:
        return 0, False
    # A network's middle pieces (four at least) lie on those walks, or are the new piece.
    walked = entered.bit_count()
    if walked < MIN_PIECES - 3:
        return 0, False
    squares = 0
    if walked >= MIN_PIECES - 2:
        if from_start is not None:
            squares |= end & (from_start[0] | from_start[1] | from_start[2] | from_start[3])
        if from_end is not None:
            squares |= start & (from_end[0] | from_end[1] | from_end[2] | from_end[3])
    joined = squares & own & end != 0
    if from_start is not None and from_end is not None:
        a0, a1, a2, a3 = from_start
        b0, b1, b2, b3 = from_end
        squares |= ~zone & (
            (a0 & (b1 | b2 | b3))
            | (a1 & (b0 | b2 | b3))
            | (a2 & (b0 | b1 | b3))
            | (a3 & (b0 | b1 | b2))
        )
    return squares, joined


def _could_complete(own: int, start: int, end: int, zone: int) -> bool:
    """Whether one more piece could possibly give ``own`` a network (counts alone)."""
    if not own & start and not own & end:
        return False
    return (own & ~zone).bit_count() >= MIN_PIECES - 3


def _placements(
    own: int, occupied: int, colour: int, destinations: int, limit: int, blocks: bool
) -> list[Threat]:
    found: list[Threat] = []
    for d in squares_of(destinations):
        b = 1 << d
        if blocks:
            path = network_path(own | b, occupied | b, colour)
            if path is None:
                continue
            mask = blocking_squares(path, d)
        elif has_network(own | b, occupied | b, colour):
            mask = 0
        else:
            continue
        found.append((PLACE * 64 + d, mask))
        if len(found) >= limit:
            break
    return found


def _moves(
    own: int,
    other: int,
    colour: int,
    seen: list[int],
    props: Propagators,
    destinations: int,
    to_end: bool,
    limit: int,
    blocks: bool,
    either: bool,
) -> list[Threat]:
    occupied = own | other
    lifting_opens = between(seen) & own
    opens_other = 0 if either else between(sight(other, occupied, props)) & own
    found: list[Threat] = []
    tried: set[int] = set()

    def attempt(o: int, d: int, path: list[int] | None = None) -> bool:
        """Record the move o→d if it wins; True once ``limit`` wins are found. ``path``:
        a network the move is known to complete."""
        code = o * 64 + d
        if code in tried:
            return False
        tried.add(code)
        lifted = 1 << o
        placed = 1 << d
        rest = own ^ lifted
        if not group_allows(rest, d):
            return False
        after_own = rest | placed
        after = (occupied ^ lifted) | placed
        if path is None:
            if blocks:
                path = network_path(after_own, after, colour)
                if path is None:
                    return False
            elif not has_network(after_own, after, colour):
                return False
        if lifted & opens_other and has_network(other, after, 1 - colour):
            return False
        found.append((code, blocking_squares(path, d) if blocks and path else 0))
        return len(found) >= limit

    # The network runs through the new piece.
    for d in squares_of(destinations):
        placed = 1 << d
        path = None
        if has_network(own | placed, occupied | placed, colour):
            path = network_path(own | placed, occupied | placed, colour)
        if path is not None:
            # Lifting a piece off that network cannot break it (lifting only opens
            # lines); lifting one on it needs a network of its own.
            on_path = 0
            for t in path:
                on_path |= 1 << t
            for o in squares_of(own):
                if attempt(o, d, None if on_path >> o & 1 else path):
                    return found
            continue
        # Otherwise lifting must open a line between two own pieces (the new one too).
        for o in squares_of(lifting_opens | _shielding(d, own, occupied, seen)):
            if attempt(o, d):
                return found
    # The network runs through a line the lifted piece opened, not the new piece.
    if not to_end:
        return found
    for o in squares_of(lifting_opens):
        lifted = 1 << o
        rest, rest_occupied = own ^ lifted, occupied ^ lifted
        if not has_network(rest, rest_occupied, colour):
            continue
        for d in squares_of(open_squares(rest, rest_occupied, colour) & ~lifted):
            if attempt(o, d):
                return found
    return found


def _shielding(d: int, own: int, occupied: int, seen: list[int]) -> int:
    """Own pieces that ``d`` sees first and that see another own piece straight behind
    them: lifting one connects ``d`` to the piece behind."""
    shields = 0
    for direction in range(8):
        hit = first_piece(d, direction, occupied)
        if hit & own and seen[direction] & hit:
            shields |= hit
    return shields
