"""Painting a line of tiles, whichever game laid it: the brass band round its spinner or
opening double, the tiles in their seats' colours (the last play glowing), then the
end badges, each a spot a page may tap to play there (:mod:`render.kit.spots`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple, TypeVar

from PIL import Image

from render.kit import sprites
from render.kit.paint import EndBadge, Laid, Origin, paint_end_badges, paint_tiles, paste_around
from render.kit.palette import SPINNER_RING
from render.kit.plan import TileTable
from render.kit.tiles import PLAIN, TileLook


class LinePieces(NamedTuple):
    """A line's plan as its painter reads it: the tiles in the order they are painted."""

    tiles: Sequence[Laid]
    badges: Sequence[EndBadge]
    banded: int | None
    """Index in :attr:`tiles` of the tile in a brass band (a spinner, FIDO's opening)."""
    last: int | None
    """Index in :attr:`tiles` of the tile laid last."""
    look: TileLook = PLAIN


LineT = TypeVar("LineT", bound=TileTable)


def paint_line_of_tiles(
    image: Image.Image,
    plan: LineT,
    top: int,
    left: int = 0,
    *,
    pieces: Callable[[LineT], LinePieces],
    glow_last: bool = True,
    end_moves: Mapping[str, str] | None = None,
    under: Callable[[Image.Image, LineT, Origin], None] | None = None,
) -> None:
    """Draw ``plan`` onto ``image`` with the table area's corner at (``left``, ``top``):
    its ``pieces``, over what ``under`` paints first (a game's own connectors).
    ``end_moves``: the move that plays on each end it names (by label), which marks that
    end's badge as the spot a page taps to play it."""
    unit = plan.unit
    origin = (left, top)
    if under is not None:
        under(image, plan, origin)
    laid = pieces(plan)
    if laid.banded is not None:
        rect = laid.tiles[laid.banded].rect
        band = sprites.outline(round(rect.width), round(rect.height), unit, SPINNER_RING)
        paste_around(image, band, sprites.outline_pad(unit), rect, origin)
    glow = laid.last if glow_last else None
    paint_tiles(image, laid.tiles, unit, origin, glow=glow, look=laid.look)
    paint_end_badges(image, laid.badges, origin, end_moves)
