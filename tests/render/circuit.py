"""Every double-six tile end to end: the longest chain there is, for size tests."""

from __future__ import annotations


def double_six_chain(start: int = 6) -> list[tuple[int, int]]:
    """All 28 tiles as (near, far) halves, each tile's near half matching the one before
    (an Euler circuit of the double-six set, found with Hierholzer's algorithm)."""
    unused = {(a, b) for a in range(7) for b in range(a, 7)}
    stack: list[tuple[int, tuple[int, int] | None]] = [(start, None)]
    trail: list[tuple[int, int]] = []
    while stack:
        here, via = stack[-1]
        step = next((t for t in sorted(unused, reverse=True) if here in t), None)
        if step is None:
            stack.pop()
            if via is not None:
                trail.append(via)
            continue
        unused.remove(step)
        stack.append((step[1] if step[0] == here else step[0], step))
    trail.reverse()
    chain, end = [], start
    for a, b in trail:
        near, far = (a, b) if a == end else (b, a)
        chain.append((near, far))
        end = far
    return chain
