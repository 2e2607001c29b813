"""Painting a classic line from its plan: the spinner's brass band and the last play's glow
under the tiles, shadows, the tiles in their layers' seat colours, then the end labels.
Everything is a cached sprite pasted at planned px."""

from __future__ import annotations

from PIL import Image

from render.kit import sprites
from render.kit.geometry import Rect
from render.kit.palette import (
    END_HIGHLIGHT,
    END_HIGHLIGHT_RING,
    LABEL_FILL,
    LABEL_RING,
    LABEL_TEXT,
    SPINNER_RING,
    seat_colour,
)
from render.kit.tiles import TileLook, tile_face
from render.line.plan import LinePlan, label_height


def paint_line(
    image: Image.Image, plan: LinePlan, top: int, left: int = 0, *, glow_last: bool = True
) -> None:
    """Draw ``plan`` onto ``image`` with the table area's corner at (``left``, ``top``)."""
    unit = plan.unit

    def at(r: Rect) -> tuple[int, int]:
        return round(r.left) + left, round(r.top) + top

    if plan.spinner is not None:
        rect = plan.tiles[plan.spinner].rect
        band = sprites.outline(round(rect.width), round(rect.height), unit, SPINNER_RING)
        pad = sprites.outline_pad(unit)
        x0, y0 = at(rect)
        image.paste(band, (x0 - pad, y0 - pad), band)
    if glow_last and plan.last is not None:
        rect = plan.tiles[plan.last].rect
        halo = sprites.glow(round(rect.width), round(rect.height), unit)
        pad = sprites.glow_pad(unit)
        x0, y0 = at(rect)
        image.paste(halo, (x0 - pad, y0 - pad), halo)
    ox, oy = sprites.shadow_offset(unit)
    for spot in plan.tiles:
        shade = sprites.shadow(round(spot.rect.width), round(spot.rect.height), unit)
        x0, y0 = at(spot.rect)
        image.paste(shade, (x0 + ox, y0 + oy), shade)
    for spot in plan.tiles:
        look = TileLook(accent=seat_colour(spot.seat))
        face = tile_face(spot.a, spot.b, spot.direction, unit, look)
        image.paste(face, at(spot.rect), face)
    height = label_height(unit)
    for label in plan.labels:
        if label.highlighted:
            badge = sprites.badge(
                label.text, height, END_HIGHLIGHT, LABEL_TEXT, END_HIGHLIGHT_RING, 3
            )
        else:
            badge = sprites.badge(label.text, height, LABEL_FILL, LABEL_TEXT, LABEL_RING)
        cx, cy = label.rect.centre
        image.paste(
            badge, (round(cx - badge.width / 2) + left, round(cy - height / 2) + top), badge
        )
