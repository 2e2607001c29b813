"""Connections and networks (docs/rules/sackson.md), on bit masks.

Two friendly pieces are connected when they share a row, column or diagonal with only
empty squares between them. A network runs from one of a colour's goals to the other
through at least six distinct pieces, only its ends in goals, turning at every piece.
With ten pieces a side a depth-first search over connections is small; the cheap tests
first (a piece in each goal, six pieces, four outside the goals) settle most positions.
"""

from __future__ import annotations

from typing import Final

from engine.sackson.board import GOALS, RAYS, squares_of

MIN_PIECES: Final = 6


def first_piece(s: int, direction: int, occupied: int) -> int:
    """The bit of the first occupied square from ``s`` in ``direction`` (0: none)."""
    hit = RAYS[s][direction] & occupied
    if not hit:
        return 0
    if direction & 1:  # runs towards lower squares: the nearest is the highest bit
        return 1 << (hit.bit_length() - 1)
    return hit & -hit


def connections(s: int, own: int, occupied: int) -> list[tuple[int, int]]:
    """``(direction, square)`` of every friendly piece connected to the piece on ``s``."""
    found = []
    for direction in range(8):
        hit = first_piece(s, direction, occupied)
        if hit & own:
            found.append((direction, hit.bit_length() - 1))
    return found


def _could_have_network(own: int, colour: int) -> bool:
    start, end = GOALS[colour]
    if not own & start or not own & end:
        return False
    middle = own & ~(start | end)
    return middle.bit_count() >= MIN_PIECES - 2


def has_network(own: int, occupied: int, colour: int) -> bool:
    """Whether ``colour``'s pieces ``own`` form a network on a board of ``occupied``."""
    if not _could_have_network(own, colour):
        return False
    start, end = GOALS[colour]
    goals = start | end
    for s in squares_of(own & start):
        if network_rest(s, -1, 1 << s, 1, own, occupied, end, goals) is not None:
            return True
    return False


def network_rest(
    s: int, line: int, used: int, count: int, own: int, occupied: int, end: int, goals: int
) -> list[int] | None:
    """The rest of a network from the ``count``-th piece ``s`` (entered along ``line``),
    last square first, or None: the network test's search, keeping the path."""
    rays = RAYS[s]
    for direction in range(8):
        if direction >> 1 == line:
            continue
        hit = rays[direction] & occupied  # first_piece, inlined: this is the hot loop
        if not hit:
            continue
        hit = 1 << (hit.bit_length() - 1) if direction & 1 else hit & -hit
        if not hit & own or hit & used:
            continue
        if hit & end:
            if count + 1 >= MIN_PIECES:
                return [hit.bit_length() - 1]
            continue
        if hit & goals:
            continue  # back in the starting goal: only the ends may be in goals
        t = hit.bit_length() - 1
        rest = network_rest(t, direction >> 1, used | hit, count + 1, own, occupied, end, goals)
        if rest is not None:
            rest.append(t)
            return rest
    return None


def shortest_network(own: int, occupied: int, colour: int) -> list[int] | None:
    """A network with the fewest pieces, as squares from the first goal to the second
    (the first found in square order among the shortest), or None."""
    if not _could_have_network(own, colour):
        return None
    start, end = GOALS[colour]
    goals = start | end
    for length in range(MIN_PIECES, own.bit_count() + 1):
        for s in squares_of(own & start):
            path = _path(s, -1, 1 << s, [s], length, own, occupied, end, goals)
            if path is not None:
                return path
    return None


def _path(
    s: int,
    line: int,
    used: int,
    path: list[int],
    length: int,
    own: int,
    occupied: int,
    end: int,
    goals: int,
) -> list[int] | None:
    if len(path) >= length:
        return None
    for direction in range(8):
        if direction >> 1 == line:
            continue
        hit = first_piece(s, direction, occupied)
        if not hit & own or hit & used:
            continue
        t = hit.bit_length() - 1
        if hit & end:
            if len(path) + 1 == length:
                return [*path, t]
            continue
        if hit & goals:
            continue
        found = _path(t, direction >> 1, used | hit, [*path, t], length, own, occupied, end, goals)
        if found is not None:
            return found
    return None
