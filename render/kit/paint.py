"""Pasting cached sprites at planned px: the steps every table picture shares.

A plan places everything in px from the table area's own corner; the picture puts that
corner at ``origin`` (``left``, ``top``) in the image, below the header.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image

from render.kit import sprites
from render.kit.geometry import Rect
from render.kit.ground import Fill, Stone, Under, paint_ground

HEADER_SPILL = 2
"""Rows at the table area's top that the header's rule may reach into (it is 2 px wide,
centred on the header's last row); a ground is only reused below them."""

Origin = tuple[int, int]
"""Where the table area's corner is in the image, as (left, top)."""


class Laid(NamedTuple):
    """A tile on the table: where, its two numbers, the direction from the first half to
    the second, and the seat that laid it (its accent colour)."""

    rect: Rect
    a: int
    b: int
    direction: int
    seat: int


def corner(rect: Rect, origin: Origin) -> tuple[int, int]:
    """``rect``'s top-left corner in image px."""
    return round(rect.left) + origin[0], round(rect.top) + origin[1]


def around(sprite: Image.Image, pad: int, rect: Rect, origin: Origin) -> Under:
    """``sprite`` (drawn ``pad`` px bigger than ``rect`` on every side) placed round
    ``rect``, to lie under the tiles: the last play's glow, the spinner's band."""
    x0, y0 = corner(rect, origin)
    return Under(sprite, (x0 - pad, y0 - pad))


def paste_centred(
    image: Image.Image, sprite: Image.Image, centre: tuple[float, float], origin: Origin
) -> None:
    """Paste ``sprite`` centred on ``centre`` (plan px): end labels, candidate numbers."""
    cx, cy = centre
    image.paste(
        sprite,
        (round(cx - sprite.width / 2) + origin[0], round(cy - sprite.height / 2) + origin[1]),
        sprite,
    )


def paint_tiles(
    image: Image.Image,
    tiles: Sequence[Laid],
    unit: int,
    origin: Origin,
    glow: int | None = None,
    *,
    fills: Sequence[Fill] = (),
    unders: Sequence[Under] = (),
) -> None:
    """The table area's ground: ``fills`` (image px), then the sprites in ``unders``, the
    glow round ``tiles[glow]`` (the last play) if ``glow`` is given, the tiles' drop
    shadows, and the tiles, each face accented in its seat's colour. The table area (from
    ``origin``'s top down, across the whole picture, but for the header's rule spilling
    into its first rows) must still be bare background: grounds painted before are reused
    there through :mod:`render.kit.ground`."""
    below = list(unders)
    if glow is not None:
        rect = tiles[glow].rect
        halo = sprites.glow(round(rect.width), round(rect.height), unit)
        below.append(around(halo, sprites.glow_pad(unit), rect, origin))
    stones = [
        Stone(
            *corner(tile.rect, origin),
            round(tile.rect.width),
            round(tile.rect.height),
            tile.a,
            tile.b,
            tile.direction,
            tile.seat,
        )
        for tile in tiles
    ]
    area = (0, origin[1] + HEADER_SPILL, image.width, image.height)
    paint_ground(image, fills, below, stones, unit, area)
