"""Painting the Network table from its plan: ring shading, the last play's glow, tiles,
the candidates' ghosts, then the end labels and the candidates' labels on top. Everything
is a cached sprite pasted at planned px. A candidate's label and ghost are where a page
taps to play it (:mod:`render.kit.spots`)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.kit import sprites
from render.kit.paint import Laid, corner, paint_tiles, paste_centred
from render.kit.palette import (
    BONUS_FILL,
    GHOST_LEADER,
    LABEL_FILL,
    LABEL_RING,
    LABEL_TEXT,
    ring_tint,
    seat_colour,
)
from render.kit.spots import mark_spots
from render.network.ghosts import leader_line
from render.network.plan import TablePlan

LEADER_WIDTH = 2


def paint_table(
    image: Image.Image,
    plan: TablePlan,
    top: int,
    left: int = 0,
    *,
    moves: Sequence[str] | None = None,
) -> None:
    """Draw ``plan`` onto ``image`` with the table area's corner at (``left``, ``top``).
    ``moves``: each candidate's move, in the order numbered, which marks its label and
    its ghost as the spot a page taps to play it."""
    draw = ImageDraw.Draw(image)
    unit = plan.unit
    origin = (left, top)
    for cell, seat in plan.ring_cells:
        x0, y0 = corner(cell, origin)
        draw.rectangle(
            (x0, y0, x0 + round(cell.width) - 1, y0 + round(cell.height) - 1),
            fill=ring_tint(seat),
        )
    for box, seat in plan.ring_marks:
        mark = sprites.seat_mark(seat, round(box.width))
        image.paste(mark, corner(box, origin), mark)
    tiles = [
        Laid(s.rect, s.placement.a, s.placement.b, s.direction, s.placement.seat)
        for s in plan.tiles
    ]
    paint_tiles(image, tiles, unit, origin, glow=plan.last)
    for ghost in plan.ghosts:
        leader = leader_line(ghost.badge, ghost.body)
        if leader is not None:
            (ax, ay), (bx, by) = leader
            draw.line(
                (ax + left, ay + top, bx + left, by + top), fill=GHOST_LEADER, width=LEADER_WIDTH
            )
    for ghost in plan.ghosts:
        p = ghost.placement
        sprite = sprites.ghost(p.a, p.b, ghost.direction, plan.ghost_unit)
        image.paste(sprite, corner(ghost.body, origin), sprite)
    for label in plan.labels:
        height = round(label.rect.height)
        fill = BONUS_FILL if label.bonus else LABEL_FILL
        ring = seat_colour(label.scorer) if label.scorer is not None else LABEL_RING
        width = 4 if label.scorer is not None else 2
        badge = sprites.badge(label.label, height, fill, LABEL_TEXT, ring, width)
        paste_centred(image, badge, label.rect.centre, origin)
    for ghost in plan.ghosts:
        height = round(ghost.badge.height)
        badge = sprites.numbered_badge(str(ghost.number), ghost.text, height)
        paste_centred(image, badge, ghost.badge.centre, origin)
    if moves is not None:
        keyed = [(moves[g.number - 1], g) for g in plan.ghosts]
        mark_spots([(move, g.badge) for move, g in keyed] + [(move, g.body) for move, g in keyed])
