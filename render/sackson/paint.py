"""Painting a Sackson plan: the empty board, the last move's washed squares, the winning
network's path, the pieces, the last move's ring and arrow, the network's step numbers,
the chosen piece, the badges; and the squares a page may tap, marked as spots
(:mod:`render.kit.spots`).

The path runs under the pieces (its corners hide beneath the discs, each numbered in path
order) and the arrow over them all, drawn see-through as move arrows on chess sites are,
so a move past other pieces (b3 → b1 over b2) reads to its end; where a straight arrow
would cross a network's step number it steps aside (the plan routes it), so no number
is ever under it.
Lines are drawn at twice the size over only the box they cross, then shrunk, which smooths
their edges at a fraction of the cost of supersampling the whole board.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from PIL import Image, ImageDraw

from render.kit import sprites
from render.kit.fonts import draw_text, font
from render.kit.paint import Origin, paste_centred
from render.kit.palette import END_HIGHLIGHT, END_HIGHLIGHT_RING, LABEL_TEXT, RGB, text_on
from render.kit.spots import mark_spot
from render.sackson.look import (
    CHOSEN,
    EDGE,
    LAST_MOVE,
    NETWORK_RING,
    PIECE,
    RIM,
    WASH,
    disc,
    empty_board,
    ring,
)
from render.sackson.plan import (
    ARROW_EDGE,
    ARROW_HEAD,
    ARROW_SHAFT,
    CELL,
    DISC,
    LAST_RING,
    STEP_FONT,
    SacksonPlan,
    arrow_shape,
)

Point = tuple[float, float]

LINE_SS: Final = 2
PATH_CORE: Final = round(CELL * 0.14)
PATH_EDGE: Final = 3
ARROW_ALPHA: Final = 0.85
ARROW_TABLE: Final = [round(v * ARROW_ALPHA) for v in range(256)]

NETWORK_RADII: Final = (DISC + 1, DISC + 5)
LAST_RADII: Final = LAST_RING
CHOSEN_RADII: Final = (DISC + 2, DISC + 8)
ORIGIN_RADII: Final = (DISC - 3, DISC)
ORIGIN_ALPHA: Final = 170
CHOSEN_FRAME: Final = 4


def paint_board(
    image: Image.Image,
    plan: SacksonPlan,
    top: int,
    left: int = 0,
    *,
    tappable: Mapping[str, str] | None = None,
) -> None:
    """Draw ``plan`` onto ``image`` with the board area's corner at (``left``, ``top``).
    ``tappable``: squares a page may tap (a target's, a piece's) and what tapping each
    means, marked as spots the size of the square."""
    origin = (left, top)
    image.paste(empty_board(), origin)
    for square in (plan.last_from, plan.last_to):
        if square is not None:
            _wash(image, plan, square, LAST_MOVE, origin)
    if plan.chosen is not None:
        _frame(image, plan, plan.chosen, CHOSEN, origin)
    if plan.network_colour is not None and len(plan.network) > 1:
        colour = plan.network_colour
        points = [plan.centre(s) for s in plan.network]
        _paint_path(image, points, PIECE[colour], RIM[colour], origin)
    if plan.last_from is not None:
        faint = ring(LAST_MOVE, *ORIGIN_RADII, alpha=ORIGIN_ALPHA)
        paste_centred(image, faint, plan.centre(plan.last_from), origin)

    draw = ImageDraw.Draw(image)
    for piece in plan.pieces:
        centre = plan.centre(piece.square)
        if piece.step is not None:
            paste_centred(image, ring(NETWORK_RING, *NETWORK_RADII), centre, origin)
        paste_centred(image, disc(piece.colour, DISC), centre, origin)
    if plan.last_to is not None:
        paste_centred(image, ring(LAST_MOVE, *LAST_RADII), plan.centre(plan.last_to), origin)
        if plan.arrow:
            _paint_arrow(image, plan.arrow, origin)
    step_font = font(STEP_FONT, bold=True)
    for piece in plan.pieces:  # over the arrow, which steps round their numbers
        if piece.step is not None:
            x, y = plan.centre(piece.square)
            ink = text_on(PIECE[piece.colour])
            draw_text(draw, (x + left, y + top), str(piece.step), step_font, ink, anchor="mm")
    if plan.chosen is not None:
        paste_centred(image, ring(CHOSEN, *CHOSEN_RADII), plan.centre(plan.chosen), origin)
    for badge in plan.badges:
        sprite = sprites.badge(
            badge.label, plan.badge_height, END_HIGHLIGHT, LABEL_TEXT, END_HIGHLIGHT_RING, 3
        )
        paste_centred(image, sprite, badge.rect.centre, origin)
    for square, key in (tappable or {}).items():
        mark_spot(key, plan.rect(square))


def _box(
    plan: SacksonPlan, square: str, origin: Origin, inset: int = 1
) -> tuple[int, int, int, int]:
    r = plan.rect(square)
    return (
        round(r.left) + origin[0] + inset,
        round(r.top) + origin[1] + inset,
        round(r.right) + origin[0] - inset,
        round(r.bottom) + origin[1] - inset,
    )


def _wash(image: Image.Image, plan: SacksonPlan, square: str, colour: RGB, origin: Origin) -> None:
    """Tint ``square`` towards ``colour``, keeping its own shade (goal tints still show)."""
    box = _box(plan, square, origin)
    patch = image.crop(box)
    image.paste(Image.blend(patch, Image.new("RGB", patch.size, colour), WASH), box[0:2])


def _frame(image: Image.Image, plan: SacksonPlan, square: str, colour: RGB, origin: Origin) -> None:
    """A frame just inside ``square``'s edge, with a thin dark line inside it."""
    x0, y0, x1, y1 = _box(plan, square, origin)
    draw = ImageDraw.Draw(image)
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=EDGE, width=CHOSEN_FRAME + 1)
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=colour, width=CHOSEN_FRAME)


def _smooth_lines(
    image: Image.Image,
    points: Sequence[Point],
    reach: float,
    origin: Origin,
    strokes: Callable[[ImageDraw.ImageDraw, Callable[[Point], Point]], None],
    alpha_table: list[int] | None = None,
) -> None:
    """Run ``strokes`` on a transparent layer twice the size of the box round ``points``
    (grown by ``reach``), shrink it and lay it on ``image``. ``strokes`` gets the layer's
    draw and a function from plan px to layer px."""
    x0 = math.floor(min(x for x, _ in points) - reach)
    y0 = math.floor(min(y for _, y in points) - reach)
    x1 = math.ceil(max(x for x, _ in points) + reach)
    y1 = math.ceil(max(y for _, y in points) + reach)
    ss = LINE_SS
    layer = Image.new("RGBA", ((x1 - x0) * ss, (y1 - y0) * ss), (0, 0, 0, 0))

    def to_layer(p: Point) -> Point:
        return (p[0] - x0) * ss, (p[1] - y0) * ss

    strokes(ImageDraw.Draw(layer), to_layer)
    small = layer.reduce(ss)
    if alpha_table is not None:
        small.putalpha(small.getchannel("A").point(alpha_table))
    image.paste(small, (x0 + origin[0], y0 + origin[1]), small)


def _paint_path(
    image: Image.Image, points: Sequence[Point], core: RGB, edge: RGB, origin: Origin
) -> None:
    """The network: one thick segment after another, each with its edge, so where the path
    crosses itself the later leg runs over the earlier one."""
    ss = LINE_SS

    def strokes(draw: ImageDraw.ImageDraw, at: Callable[[Point], Point]) -> None:
        for a, b in itertools.pairwise(points):
            segment = (at(a), at(b))
            draw.line(segment, fill=(*edge, 255), width=(PATH_CORE + 2 * PATH_EDGE) * ss)
            draw.line(segment, fill=(*core, 255), width=PATH_CORE * ss)

    _smooth_lines(image, points, PATH_CORE, origin, strokes)


def _paint_arrow(image: Image.Image, route: Sequence[Point], origin: Origin) -> None:
    """A see-through arrow along ``route``, from the origin's centre to the destination's
    ring, with a dark edge."""
    ss = LINE_SS

    def strokes(draw: ImageDraw.ImageDraw, at: Callable[[Point], Point]) -> None:
        for grow, colour in ((float(ARROW_EDGE), EDGE), (0.0, LAST_MOVE)):
            shape = arrow_shape(route, grow)
            shaft = round((ARROW_SHAFT + 2 * grow) * ss)
            draw.line([at(p) for p in shape.shaft], fill=(*colour, 255), width=shaft, joint="curve")
            draw.polygon([at(p) for p in shape.head], fill=(*colour, 255))

    _smooth_lines(image, route, ARROW_HEAD, origin, strokes, ARROW_TABLE)
