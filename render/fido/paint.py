"""Painting a FIDO line from its plan: the in-line main line's U-bends or the thin links
that finish a side arm's climb, the opening double's brass band, the tiles in
their seats' colours with every number as a numeral, 0 to 21 alike, as in the FIDO hand
(the last play glowing), then the end badges: white for an end that
counts, hollow for a naked side (it counts 0), gold for the ends the caller highlights,
each of which a page may tap to play there (:mod:`render.kit.spots`)."""

from __future__ import annotations

from functools import lru_cache, partial
from typing import Final

from PIL import Image, ImageDraw

from render.fido.plan import FidoPlan, FidoTurn
from render.kit.line_paint import LinePieces, paint_line_of_tiles
from render.kit.paint import EndBadge, Laid, Origin
from render.kit.palette import RGB, TEXT_MUTED
from render.kit.tiles import NUMERALS, SUPERSAMPLE

TURN_COLOUR: Final = TEXT_MUTED


def fido_pieces(plan: FidoPlan) -> LinePieces:
    """FIDO's tiles, every number a numeral, its end badges (hollow on a naked side) and
    its opening double in the brass band, as every line is painted."""
    lead = next((i for i, tile in enumerate(plan.tiles) if tile.arm == "lead"), None)
    return LinePieces(
        [Laid(t.rect, t.a, t.b, t.direction, t.seat) for t in plan.tiles],
        [EndBadge(b.label, b.text, b.rect, b.highlighted, b.naked) for b in plan.badges],
        lead,
        plan.last,
        NUMERALS,
    )


def paint_connectors(image: Image.Image, plan: FidoPlan, origin: Origin) -> None:
    """The in-line main line's U-bends and the thin links finishing a side arm's climb,
    under the tiles."""
    left, top = origin
    draw = ImageDraw.Draw(image)
    for turn in plan.turns:
        _paint_turn(image, turn, plan.unit, origin)
    width = max(2, plan.unit // 12)
    for link in plan.links:
        points = [(x + left, y + top) for x, y in link]
        draw.line(points, fill=TURN_COLOUR, width=width, joint="curve")


paint_fido = partial(paint_line_of_tiles, pieces=fido_pieces, under=paint_connectors)
"""Draw a :class:`FidoPlan` (:func:`~render.kit.line_paint.paint_line_of_tiles`)."""


def _paint_turn(image: Image.Image, turn: FidoTurn, unit: int, origin: Origin) -> None:
    line = max(2, unit // 12)
    top = min(turn.y, turn.to)
    bend = _bend(turn.bulge, abs(turn.to - turn.y), line, turn.heading, TURN_COLOUR)
    x = turn.x if turn.heading > 0 else turn.x - bend.width
    image.paste(bend, (x + origin[0], top - line // 2 + origin[1]), bend)


@lru_cache(maxsize=64)
def _bend(bulge: int, height: int, line: int, heading: int, colour: RGB) -> Image.Image:
    """A U on its side, ``bulge`` px deep and ``height`` px between its arms' middles,
    open towards ``-heading``: the way an arm turns from one row into the next."""
    ss = SUPERSAMPLE
    width, tall = bulge + line, height + line
    big = Image.new("RGBA", (2 * width * ss, tall * ss), (0, 0, 0, 0))
    radius = min(bulge, height // 2) * ss
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, 2 * width * ss - 1, tall * ss - 1), radius, outline=(*colour, 255), width=line * ss
    )
    half = (
        big.crop((width * ss, 0, 2 * width * ss, tall * ss))
        if heading > 0
        else big.crop((0, 0, width * ss, tall * ss))
    )
    return half.reduce(ss)
