"""Painting a classic line from its plan: the spinner's brass band and the last play's glow
under the tiles, shadows, the tiles in their layers' seat colours, then the end labels.
Everything is a cached sprite pasted at planned px. The badge of an end a chosen tile can
go on is where a page taps to play it there (:mod:`render.kit.spots`)."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from render.kit import sprites
from render.kit.paint import EndBadge, Laid, paint_end_badges, paint_tiles, paste_around
from render.kit.palette import (
    SPINNER_RING,
)
from render.line.plan import LinePlan


def paint_line(
    image: Image.Image,
    plan: LinePlan,
    top: int,
    left: int = 0,
    *,
    glow_last: bool = True,
    end_moves: Mapping[str, str] | None = None,
) -> None:
    """Draw ``plan`` onto ``image`` with the table area's corner at (``left``, ``top``).
    ``end_moves``: the move that plays on each end it names (by label), which marks that
    end's badge as the spot a page taps to play it."""
    unit = plan.unit
    origin = (left, top)
    if plan.spinner is not None:
        rect = plan.tiles[plan.spinner].rect
        band = sprites.outline(round(rect.width), round(rect.height), unit, SPINNER_RING)
        paste_around(image, band, sprites.outline_pad(unit), rect, origin)
    paint_tiles(
        image,
        [Laid(t.rect, t.a, t.b, t.direction, t.seat) for t in plan.tiles],
        unit,
        origin,
        glow=plan.last if glow_last else None,
    )
    badges = [EndBadge(lb.label, lb.text, lb.rect, lb.highlighted) for lb in plan.labels]
    paint_end_badges(image, badges, origin, end_moves)
