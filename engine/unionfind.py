"""The lookup of a union–find forest, for the code that groups items linked to one another:
the pieces an empty region falls into round a Network tile just laid, the candidate ghosts
a picture must arrange together.

A forest is a list: ``parent[i]`` is ``i`` for a group's root, else another member of its
group. Join two groups with ``parent[find_root(parent, i)] = find_root(parent, j)``. A plain
function over the caller's list, not a class, since the first caller runs on every ring check.
"""

from __future__ import annotations


def find_root(parent: list[int], i: int) -> int:
    """The root of ``i``'s group, halving the path on the way so later lookups are short."""
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i
