"""Pasting cached sprites at planned px: the steps every table picture shares.

A plan places everything in px from the table area's own corner; the picture puts that
corner at ``origin`` (``left``, ``top``) in the image, below the header.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

from PIL import Image

from render.kit import sprites
from render.kit.geometry import Rect
from render.kit.palette import (
    BACKGROUND,
    END_HIGHLIGHT,
    END_HIGHLIGHT_RING,
    LABEL_FILL,
    LABEL_RING,
    LABEL_TEXT,
    seat_colour,
)
from render.kit.spots import mark_spots
from render.kit.tiles import PLAIN, TileLook, tile_face

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


def paste_around(
    image: Image.Image, sprite: Image.Image, pad: int, rect: Rect, origin: Origin
) -> None:
    """Paste ``sprite`` (drawn ``pad`` px bigger than ``rect`` on every side) round ``rect``:
    the last play's glow, the spinner's band."""
    x0, y0 = corner(rect, origin)
    image.paste(sprite, (x0 - pad, y0 - pad), sprite)


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
    look: TileLook = PLAIN,
) -> None:
    """The tiles with their drop shadows, each face accented in its seat's colour; under
    them all, the glow round ``tiles[glow]`` (the last play) if ``glow`` is given.
    ``look`` is how faces are drawn apart from the accent (:class:`TileLook`)."""
    if glow is not None:
        rect = tiles[glow].rect
        halo = sprites.glow(round(rect.width), round(rect.height), unit)
        paste_around(image, halo, sprites.glow_pad(unit), rect, origin)
    ox, oy = sprites.shadow_offset(unit)
    for tile in tiles:
        shade = sprites.shadow(round(tile.rect.width), round(tile.rect.height), unit)
        x0, y0 = corner(tile.rect, origin)
        image.paste(shade, (x0 + ox, y0 + oy), shade)
    for tile in tiles:
        face = tile_face(tile.a, tile.b, tile.direction, unit, accented(look, tile.seat))
        image.paste(face, corner(tile.rect, origin), face)


@lru_cache(maxsize=64)
def accented(look: TileLook, seat: int) -> TileLook:
    """``look`` with its band in ``seat``'s colour; cached, as every tile of every table
    asks for one of a few."""
    return replace(look, accent=seat_colour(seat))


class EndBadge(NamedTuple):
    """An open end's badge: its text, drawn in ``rect``, in gold if ``highlighted`` (a
    chosen tile can go there), hollow on a ``naked`` side (FIDO's, which counts 0)."""

    label: str
    text: str
    rect: Rect
    highlighted: bool
    naked: bool = False


def paint_end_badges(
    image: Image.Image,
    badges: Iterable[EndBadge],
    origin: Origin,
    end_moves: Mapping[str, str] | None = None,
) -> None:
    """Each badge centred on its rect; those whose label ``end_moves`` names marked as the
    spot a page taps to play that move there (:mod:`render.kit.spots`)."""
    spots = []
    for badge in badges:
        height = round(badge.rect.height)
        if badge.highlighted:
            sprite = sprites.badge(
                badge.text, height, END_HIGHLIGHT, LABEL_TEXT, END_HIGHLIGHT_RING, 3
            )
        elif badge.naked:
            sprite = sprites.badge(badge.text, height, BACKGROUND, LABEL_FILL, LABEL_FILL)
        else:
            sprite = sprites.badge(badge.text, height, LABEL_FILL, LABEL_TEXT, LABEL_RING)
        paste_centred(image, sprite, badge.rect.centre, origin)
        if end_moves and badge.label in end_moves:
            spots.append((end_moves[badge.label], badge.rect))
    if spots:
        mark_spots(spots)
