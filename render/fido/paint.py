"""Painting a FIDO line from its plan: the in-line main line's U-bends or the thin links
that finish a side arm's climb, the opening double's brass band, the tiles in
their seats' colours with every number as a numeral, 0 to 21 alike, as in the FIDO hand
(the last play glowing), then the end badges: white for an end that
counts, hollow for a naked side (it counts 0), gold for the ends the caller highlights,
each of which a page may tap to play there (:mod:`render.kit.spots`)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from render.fido.plan import FidoPlan, FidoTurn
from render.kit import sprites
from render.kit.paint import EndBadge, Laid, Origin, paint_end_badges, paint_tiles, paste_around
from render.kit.palette import (
    RGB,
    SPINNER_RING,
    TEXT_MUTED,
)
from render.kit.tiles import NUMERALS, SUPERSAMPLE

TURN_COLOUR: Final = TEXT_MUTED


def paint_fido(
    image: Image.Image,
    plan: FidoPlan,
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
    draw = ImageDraw.Draw(image)
    for turn in plan.turns:
        _paint_turn(image, turn, unit, origin)
    width = max(2, unit // 12)
    for link in plan.links:
        points = [(x + left, y + top) for x, y in link]
        draw.line(points, fill=TURN_COLOUR, width=width, joint="curve")
    laid: list[Laid] = []
    glow: int | None = None
    for tile in plan.tiles:
        if tile.arm == "lead":
            rect = tile.rect
            band = sprites.outline(round(rect.width), round(rect.height), unit, SPINNER_RING)
            paste_around(image, band, sprites.outline_pad(unit), rect, origin)
        if plan.last is not None and tile is plan.tiles[plan.last]:
            glow = len(laid)
        laid.append(Laid(tile.rect, tile.a, tile.b, tile.direction, tile.seat))
    paint_tiles(image, laid, unit, origin, glow=glow if glow_last else None, look=NUMERALS)
    badges = [EndBadge(b.label, b.text, b.rect, b.highlighted, b.naked) for b in plan.badges]
    paint_end_badges(image, badges, origin, end_moves)


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
