"""Tappable boxes recorded while a picture is painted, so a page can lay a button on each.

A web page shows the very PNG the DMs get and puts a button over every tile of a hand and
every place a chosen tile or piece may go. Only the painter knows where it draws each, so
it marks the box there (:func:`mark_spot`, :func:`mark_spots`) and the caller collects the
marks round the drawing (:func:`recording_spots`). Outside a recording a mark costs one
context-variable read, so the bot's pictures pay nothing for it, and the picture's bytes
are the same either way.

Painters mark in their own table coordinates, the ones their plans are in; the frame
that puts a table below the header says once where that is in the picture
(:func:`spots_placed`: an offset, a scale, and the area a mark may cover), so every
recorded box is in the final PNG's pixels.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Final

from render.kit.geometry import Rect

REACH: Final = 8
"""Px a small mark (a badge, a ghost) grows by all round to be easier to tap, as far as
the marks round it leave room."""


Pixels = tuple[int, int, int, int]
"""A box in the final picture's px: x, y, width, height."""


@dataclass(frozen=True, slots=True)
class Spot:
    """Something a page may tap: ``key`` is what tapping it means (a subject key such as a
    hand tile ``6-4``, or a target move such as ``6-4 E``); ``box`` is its (x, y, width,
    height) in the final PNG's pixels."""

    key: str
    box: Pixels


@dataclass(frozen=True, slots=True)
class _Placement:
    """How a painter's coordinates map to the picture's: ``p * scale + (dx, dy)``, and the
    picture's area (``clip``, in its px) that marks are cut to."""

    dx: float = 0.0
    dy: float = 0.0
    scale: float = 1.0
    clip: Rect | None = None

    def placed(self, box: Rect) -> Rect:
        s = self.scale
        return Rect(
            box.left * s + self.dx,
            box.top * s + self.dy,
            box.right * s + self.dx,
            box.bottom * s + self.dy,
        )


_RECORDED: ContextVar[list[Spot] | None] = ContextVar("recorded_spots", default=None)
_PLACEMENT: ContextVar[_Placement | None] = ContextVar("spot_placement", default=None)
_UNMOVED: Final = _Placement()


def _placement() -> _Placement:
    return _PLACEMENT.get() or _UNMOVED


@contextmanager
def recording_spots() -> Iterator[list[Spot]]:
    """The spots marked while this block paints, in the order marked. A recording inside
    another keeps its own marks (its own picture's) and gives the outer one back its
    recorder when it ends."""
    spots: list[Spot] = []
    token = _RECORDED.set(spots)
    try:
        yield spots
    finally:
        _RECORDED.reset(token)


@contextmanager
def spots_placed(
    left: float, top: float, *, scale: float = 1.0, within: Rect | None = None
) -> Iterator[None]:
    """Marks made inside this block are in a drawing whose corner lands at (``left``,
    ``top``) of the enclosing one, drawn ``scale`` times its size, and are cut to
    ``within`` (in the drawing's own coordinates). Nested blocks compose."""
    outer = _placement()
    inner = _Placement(
        outer.dx + outer.scale * left,
        outer.dy + outer.scale * top,
        outer.scale * scale,
    )
    clip = outer.clip
    if within is not None:
        area = inner.placed(within)
        clip = area if clip is None else _intersection(clip, area)
    token = _PLACEMENT.set(_Placement(inner.dx, inner.dy, inner.scale, clip))
    try:
        yield
    finally:
        _PLACEMENT.reset(token)


def mark_spot(key: str, box: Rect) -> None:
    """Record that ``box`` (the painter's coordinates) is ``key``'s to tap; nothing when no
    recording is under way. A box cut away entirely by the drawing's area is dropped."""
    spots = _RECORDED.get()
    if spots is None:
        return
    final = _cut(_corners_in_picture(box))
    if final is not None:
        spots.append(Spot(key, final))


def mark_spots(marks: Iterable[tuple[str, Rect]], *, reach: int = REACH) -> None:
    """Mark things drawn near one another, most telling first (a badge before its ghost):
    each box grows by up to ``reach`` px all round, but only by half its distance from any
    other key's box, so two keys never come to overlap; a later box that already covers
    another key's box is left out (a key's first box is always kept)."""
    spots = _RECORDED.get()
    if spots is None:
        return
    kept: list[tuple[str, Corners]] = []
    seen: set[str] = set()
    for key, box in marks:
        corners = _corners_in_picture(box)
        if key in seen and any(k != key and _meet(corners, c) for k, c in kept):
            continue
        seen.add(key)
        kept.append((key, corners))
    for key, (x0, y0, x1, y1) in kept:
        grow = reach
        for other, near in kept:
            if other != key:
                grow = min(grow, _separation((x0, y0, x1, y1), near) // 2)
        final = _cut((x0 - grow, y0 - grow, x1 + grow, y1 + grow))
        if final is not None:
            spots.append(Spot(key, final))


Corners = tuple[int, int, int, int]
"""A box in the final picture's px as left, top, right, bottom (right and bottom outside)."""


def _corners_in_picture(box: Rect) -> Corners:
    """``box`` (the painter's coordinates) in the final picture's px, every edge rounded
    the same way, so boxes that only touch stay apart."""
    placed = _placement().placed(box)
    return round(placed.left), round(placed.top), round(placed.right), round(placed.bottom)


def _cut(corners: Corners) -> Pixels | None:
    """The box cut to the drawing's area, as a spot's (x, y, width, height); None if
    nothing is left."""
    x0, y0, x1, y1 = corners
    clip = _placement().clip
    if clip is not None:
        x0, y0 = max(x0, math.ceil(clip.left)), max(y0, math.ceil(clip.top))
        x1, y1 = min(x1, math.floor(clip.right)), min(y1, math.floor(clip.bottom))
    if x1 <= x0 or y1 <= y0:
        return None
    return x0, y0, x1 - x0, y1 - y0


def _meet(a: Corners, b: Corners) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _separation(a: Corners, b: Corners) -> int:
    """How far apart two boxes are along the axis they are furthest apart on (0 when they
    touch or overlap): each may grow by half of it without meeting the other."""
    return max(a[0] - b[2], b[0] - a[2], a[1] - b[3], b[1] - a[3], 0)


def _intersection(a: Rect, b: Rect) -> Rect:
    return Rect(
        max(a.left, b.left), max(a.top, b.top), min(a.right, b.right), min(a.bottom, b.bottom)
    )
