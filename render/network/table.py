"""Painting the Network table from its plan: ring shading, the last play's glow, tiles,
labels, then ghosts on top. Everything is a cached sprite pasted at planned px."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.kit import sprites
from render.kit.geometry import Rect
from render.kit.palette import (
    BONUS_FILL,
    LABEL_FILL,
    LABEL_RING,
    LABEL_TEXT,
    ring_tint,
    seat_colour,
)
from render.kit.tiles import TileLook, tile_face
from render.network.badges import ghost_badge, label_height
from render.network.plan import TablePlan


def paint_table(image: Image.Image, plan: TablePlan, top: int, left: int = 0) -> None:
    """Draw ``plan`` onto ``image`` with the table area's corner at (``left``, ``top``)."""
    draw = ImageDraw.Draw(image)
    unit = plan.unit

    def at(r: Rect) -> tuple[int, int]:
        return round(r.left) + left, round(r.top) + top

    for cell, seat in plan.ring_cells:
        x0, y0 = at(cell)
        draw.rectangle(
            (x0, y0, x0 + round(cell.width) - 1, y0 + round(cell.height) - 1),
            fill=ring_tint(seat),
        )
    for box, seat in plan.ring_marks:
        mark = sprites.seat_mark(seat, round(box.width))
        image.paste(mark, at(box), mark)
    if plan.last is not None:
        last = plan.tiles[plan.last].rect
        halo = sprites.glow(round(last.width), round(last.height), unit)
        pad = sprites.glow_pad(unit)
        x0, y0 = at(last)
        image.paste(halo, (x0 - pad, y0 - pad), halo)
    ox, oy = sprites.shadow_offset(unit)
    for spot in plan.tiles:
        shade = sprites.shadow(round(spot.rect.width), round(spot.rect.height), unit)
        x0, y0 = at(spot.rect)
        image.paste(shade, (x0 + ox, y0 + oy), shade)
    for spot in plan.tiles:
        p = spot.placement
        face = tile_face(p.a, p.b, spot.direction, unit, TileLook(accent=seat_colour(p.seat)))
        image.paste(face, at(spot.rect), face)
    height = label_height(unit)
    for label in plan.labels:
        fill = BONUS_FILL if label.bonus else LABEL_FILL
        ring = seat_colour(label.scorer) if label.scorer is not None else LABEL_RING
        width = 4 if label.scorer is not None else 2
        badge = sprites.badge(label.label, height, fill, LABEL_TEXT, ring, width)
        cx, cy = label.rect.centre
        image.paste(
            badge, (round(cx - badge.width / 2) + left, round(cy - height / 2) + top), badge
        )
    for ghost in plan.ghosts:
        sprite = sprites.ghost(round(ghost.rect.width), round(ghost.rect.height), unit)
        image.paste(sprite, at(ghost.rect), sprite)
    for ghost in plan.ghosts:
        badge = ghost_badge(ghost.number, height)
        cx, cy = ghost.badge.centre
        image.paste(
            badge, (round(cx - badge.width / 2) + left, round(cy - height / 2) + top), badge
        )
