"""Painting a classic line from its plan: the spinner's brass band and the last play's glow
under the tiles, shadows, the tiles in their layers' seat colours, then the end labels.
Everything is a cached sprite pasted at planned px. The badge of an end a chosen tile can
go on is where a page taps to play it there (:mod:`render.kit.spots`)."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from render.kit import sprites
from render.kit.paint import Laid, paint_tiles, paste_around, paste_centred
from render.kit.palette import (
    END_HIGHLIGHT,
    END_HIGHLIGHT_RING,
    LABEL_FILL,
    LABEL_RING,
    LABEL_TEXT,
    SPINNER_RING,
)
from render.kit.spots import mark_spots
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
    for label in plan.labels:
        height = round(label.rect.height)
        if label.highlighted:
            badge = sprites.badge(
                label.text, height, END_HIGHLIGHT, LABEL_TEXT, END_HIGHLIGHT_RING, 3
            )
        else:
            badge = sprites.badge(label.text, height, LABEL_FILL, LABEL_TEXT, LABEL_RING)
        paste_centred(image, badge, label.rect.centre, origin)
    if end_moves:
        mark_spots([(end_moves[lb.label], lb.rect) for lb in plan.labels if lb.label in end_moves])
