"""Rectangles in image px, and the placement search that keeps badges off tiles.

Badges (open-end labels, candidate numbers) are placed greedily: each tries a short list of
spots in order of preference and takes the first that covers nothing, or else the one that
covers least. Keeping this apart from drawing lets tests check overlaps without pixels.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter

Box = tuple[float, float, float, float]
"""A :class:`Rect`'s left, top, right and bottom as plain numbers, for the searches that
test thousands of spots: comparing numbers is several times quicker than calling methods."""


def meets_any(box: Box, boxes: Iterable[Box]) -> bool:
    """Whether ``box`` shares area with any of ``boxes`` (:meth:`Rect.meets`, on numbers)."""
    left, top, right, bottom = box
    for b_left, b_top, b_right, b_bottom in boxes:
        if left < b_right and b_left < right and top < b_bottom and b_top < bottom:
            return True
    return False


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned box in px: left/top inclusive, right/bottom exclusive."""

    left: float
    top: float
    right: float
    bottom: float

    @classmethod
    def centred(cls, x: float, y: float, width: float, height: float) -> Rect:
        return cls(x - width / 2, y - height / 2, x + width / 2, y + height / 2)

    @property
    def box(self) -> Box:
        return self.left, self.top, self.right, self.bottom

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top

    @property
    def centre(self) -> tuple[float, float]:
        return (self.left + self.right) / 2, (self.top + self.bottom) / 2

    def overlap(self, other: Rect) -> float:
        """Area shared with ``other`` (0 when they only touch)."""
        w = min(self.right, other.right) - max(self.left, other.left)
        if w <= 0:
            return 0.0
        h = min(self.bottom, other.bottom) - max(self.top, other.top)
        return w * h if h > 0 else 0.0

    def meets(self, other: Rect) -> bool:
        """Whether the boxes share any area (``overlap(other) > 0``, but quicker: the
        searches that place ghosts ask it hundreds of thousands of times)."""
        return (
            self.left < other.right
            and other.left < self.right
            and self.top < other.bottom
            and other.top < self.bottom
        )

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.left + dx, self.top + dy, self.right + dx, self.bottom + dy)

    def grown(self, by: float) -> Rect:
        return Rect(self.left - by, self.top - by, self.right + by, self.bottom + by)


def segment_meets(start: tuple[float, float], end: tuple[float, float], rect: Rect) -> bool:
    """Whether the straight segment from ``start`` to ``end`` passes through ``rect``'s
    inside (running along its edge or touching a corner does not count): clipped to the
    box's slabs, Liang–Barsky fashion."""
    (x0, y0), (x1, y1) = start, end
    low, high = 0.0, 1.0
    for delta, origin, near, far in (
        (x1 - x0, x0, rect.left, rect.right),
        (y1 - y0, y0, rect.top, rect.bottom),
    ):
        if delta == 0:
            if not near < origin < far:
                return False
            continue
        t0, t1 = (near - origin) / delta, (far - origin) / delta
        if t0 > t1:
            t0, t1 = t1, t0
        low, high = max(low, t0), min(high, t1)
        if low >= high:
            return False
    return True


def bounds(rects: Iterable[Rect]) -> Rect | None:
    """The smallest rectangle holding all of ``rects`` (None if there are none)."""
    boxes = list(rects)
    if not boxes:
        return None
    return Rect(
        min(map(_LEFT, boxes)),
        min(map(_TOP, boxes)),
        max(map(_RIGHT, boxes)),
        max(map(_BOTTOM, boxes)),
    )


_LEFT, _TOP, _RIGHT, _BOTTOM = (attrgetter(side) for side in ("left", "top", "right", "bottom"))


def clear_count(options: Iterable[Rect], obstacles: Iterable[Rect]) -> int:
    """How many of ``options`` meet none of ``obstacles`` (how free a badge is to move: the
    most cramped choose first). Compared as plain numbers: it runs for every option of
    every end of every plan."""
    boxes = [o.box for o in obstacles]
    count = 0
    for option in options:
        left, top, right, bottom = option.left, option.top, option.right, option.bottom
        for b_left, b_top, b_right, b_bottom in boxes:
            if left < b_right and b_left < right and top < b_bottom and b_top < bottom:
                break
        else:
            count += 1
    return count


def covered(spot: Rect, obstacles: Sequence[Rect]) -> float:
    return sum(spot.overlap(o) for o in obstacles)


def pick_spot(options: Sequence[Rect], layers: Sequence[tuple[Sequence[Rect], float]]) -> Rect:
    """The first of ``options`` that overlaps nothing in ``layers`` (pairs of obstacles and
    a weight), or else the one with the least weighted overlap, earliest on a tie.

    Obstacles clear of every option are left out first and the rest compared as plain
    numbers: the sums are the same (what is left out adds nothing), only quicker."""
    reach = bounds(options)
    if reach is None:
        raise ValueError("no spot to pick from")
    near = [
        ([o.box for o in obstacles if o.meets(reach)], weight)
        for obstacles, weight in layers
        if weight
    ]
    best, best_cost = options[0], float("inf")
    for spot in options:
        left, top, right, bottom = spot.left, spot.top, spot.right, spot.bottom
        cost = 0.0
        for boxes, weight in near:
            cost += weight * sum(
                (min(right, o_right) - max(left, o_left))
                * (min(bottom, o_bottom) - max(top, o_top))
                for o_left, o_top, o_right, o_bottom in boxes
                if left < o_right and o_left < right and top < o_bottom and o_top < bottom
            )
            if cost >= best_cost:
                break
        if cost == 0:
            return spot
        if cost < best_cost:
            best, best_cost = spot, cost
    return best
