"""The hand picture a player gets in DMs: their tiles standing in rows, each named below.

Tiles that can be played now are bright; the rest are faded, so the choice is visible at a
glance. It takes plain tiles, so every game can use it.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import Final

from PIL import Image, ImageDraw

from engine.tiles import Tile
from render.kit.fonts import DRAWING, clean_text, draw_text, fit_text, font
from render.kit.palette import BACKGROUND, DIM_ALPHA, TEXT, TEXT_MUTED
from render.kit.png import encode
from render.kit.tiles import S, TileLook, tile_face, tile_size

UNIT: Final = 44
PER_ROW: Final = 10
GAP: Final = 14
PAD: Final = 18
MIN_WIDTH: Final = 320
MAX_TITLE_WIDTH: Final = 720
"""The picture widens for a long title up to this, then the title is cut."""
BRIGHT: Final = TileLook()
DIM: Final = TileLook(fade=DIM_ALPHA, spinner=None)


def render_hand(
    tiles: Sequence[Tile],
    playable: Collection[Tile],
    *,
    title: str | None = None,
) -> bytes:
    """PNG of ``tiles`` in the given order; those in ``playable`` bright, others dimmed."""
    with DRAWING:
        image = draw_hand(tiles, playable, title=title)
    return encode(image)


def rows_for(count: int) -> tuple[int, int]:
    """(rows, tiles per row): at most :data:`PER_ROW` a row, rows as even as possible."""
    if count == 0:
        return 0, 0
    rows = math.ceil(count / PER_ROW)
    return rows, math.ceil(count / rows)


def draw_hand(
    tiles: Sequence[Tile], playable: Collection[Tile], *, title: str | None = None
) -> Image.Image:
    """:func:`render_hand` before PNG encoding."""
    tile_w, tile_h = tile_size(S, UNIT)
    name_font = font(17, bold=True)
    name_h = 26
    # A column is as wide as its tile or its name ("12-11" is wider than a tile).
    column = max([tile_w, *(round(name_font.getlength(t.name)) + 6 for t in tiles)])
    step = column + GAP
    rows, per_row = rows_for(len(tiles))
    title_font = font(20, bold=True)
    heading = clean_text(title, "") if title else ""
    title_h = 34 if heading else 0
    width = max(
        2 * PAD + per_row * step - GAP,
        min(round(title_font.getlength(heading)) + 2 * PAD, MAX_TITLE_WIDTH),
        MIN_WIDTH,
    )
    height = PAD + title_h + max(rows, 1) * (tile_h + name_h) + max(0, rows - 1) * GAP + PAD
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    if heading:
        text = fit_text(heading, title_font, width - 2 * PAD)
        draw_text(draw, (PAD, PAD), text, face=title_font, fill=TEXT)
    top = PAD + title_h
    if not tiles:
        draw_text(draw, (PAD, top + 10), "No tiles left.", face=font(18), fill=TEXT_MUTED)
        return image
    usable = set(playable)
    for i, tile in enumerate(tiles):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(tiles) - row * per_row)
        row_left = (width - (in_row * step - GAP)) // 2
        centre = row_left + col * step + column // 2
        y = top + row * (tile_h + name_h + GAP)
        bright = tile in usable
        face = tile_face(tile.high, tile.low, S, UNIT, BRIGHT if bright else DIM)
        image.paste(face, (centre - tile_w // 2, y), face)
        draw_text(
            draw,
            (centre, y + tile_h + 4),
            tile.name,
            face=name_font,
            fill=TEXT if bright else TEXT_MUTED,
            anchor="ma",
        )
    return image
