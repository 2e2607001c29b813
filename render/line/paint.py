"""Painting a classic line from its plan: the spinner's brass band and the last play's glow
under the tiles, shadows, the tiles in their layers' seat colours, then the end labels.
Everything is a cached sprite pasted at planned px. The badge of an end a chosen tile can
go on is where a page taps to play it there (:mod:`render.kit.spots`)."""

from __future__ import annotations

from functools import partial

from render.kit.line_paint import LinePieces, paint_line_of_tiles
from render.kit.paint import EndBadge, Laid
from render.line.plan import LinePlan


def line_pieces(plan: LinePlan) -> LinePieces:
    """The classic line's tiles, end labels and spinner, as every line is painted."""
    return LinePieces(
        [Laid(t.rect, t.a, t.b, t.direction, t.seat) for t in plan.tiles],
        [EndBadge(lb.label, lb.text, lb.rect, lb.highlighted) for lb in plan.labels],
        plan.spinner,
        plan.last,
    )


paint_line = partial(paint_line_of_tiles, pieces=line_pieces)
"""Draw a :class:`LinePlan` (:func:`~render.kit.line_paint.paint_line_of_tiles`)."""
