"""The Sackson board's colours and its cached sprites: pieces, rings, the empty board.

Dark and Light pieces are near-black and ivory discs, each with a rim of the other's
colour, so a disc reads on every square, a dark disc on Dark's darker goal tint too.
The goal zones are tinted in their owner's colour (Dark's darker, Light's lighter than
the middle squares); the dead corners are hatched in the background colour.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw, ImageFilter

from render.kit.fonts import draw_text, font
from render.kit.palette import BACKGROUND, END_HIGHLIGHT, OKABE_ITO, RGB, TEXT_DARK, TEXT_MUTED
from render.kit.tiles import SUPERSAMPLE
from render.sackson.plan import (
    CELL,
    COORDINATE_FONT,
    FILES,
    HEIGHT,
    MARGIN,
    SIZE,
    WIDTH,
    Colour,
    square_rect,
    zone,
)

DARK_PIECE: Final[RGB] = (30, 31, 36)
LIGHT_PIECE: Final[RGB] = (247, 243, 231)
PIECE: Final[dict[Colour, RGB]] = {"dark": DARK_PIECE, "light": LIGHT_PIECE}
RIM: Final[dict[Colour, RGB]] = {"dark": (214, 218, 224), "light": DARK_PIECE}
"""Each disc's rim, in the other colour, so it stands out on its own goal tint."""

SQUARE: Final[RGB] = (122, 134, 148)
DARK_GOAL: Final[RGB] = (72, 80, 92)
LIGHT_GOAL: Final[RGB] = (192, 199, 208)
GRID: Final[RGB] = (30, 38, 46)
DEAD: Final[RGB] = BACKGROUND
HATCH: Final[RGB] = (92, 104, 118)
SQUARE_FILL: Final[dict[str | None, RGB]] = {
    None: SQUARE,
    "dark": DARK_GOAL,
    "light": LIGHT_GOAL,
    "dead": DEAD,
}

LAST_MOVE: Final[RGB] = OKABE_ITO[1]
"""Sky blue: the last move's ring, faint origin and arrow."""
CHOSEN: Final[RGB] = END_HIGHLIGHT
"""Gold, as the badges of the squares the chosen piece can go to."""
NETWORK_RING: Final[RGB] = END_HIGHLIGHT
EDGE: Final[RGB] = TEXT_DARK
"""The thin dark edge of rings and arrows, which keeps them visible on light squares."""
WASH: Final = 0.28
"""How strongly the last move's two squares are washed with :data:`LAST_MOVE`."""

GRID_LINE: Final = 2
HATCH_STEP: Final = 11


@lru_cache(maxsize=1)
def empty_board() -> Image.Image:
    """The board without pieces: squares, goal tints, hatched corners and coordinates.
    Drawn once; every picture pastes a copy."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle(
        (MARGIN - GRID_LINE, MARGIN - GRID_LINE, WIDTH - MARGIN + 1, HEIGHT - MARGIN + 1),
        fill=GRID,
    )
    half = GRID_LINE // 2
    for file in range(SIZE):
        for rank in range(1, SIZE + 1):
            kind = zone(file, rank)
            r = square_rect(file, rank)
            box = (r.left + half, r.top + half, r.right - 1 - half, r.bottom - 1 - half)
            if kind == "dead":
                image.paste(_dead_square(round(r.width) - 2 * half), (int(box[0]), int(box[1])))
            else:
                draw.rectangle(box, fill=SQUARE_FILL[kind])
    face = font(COORDINATE_FONT, bold=True)
    for i in range(SIZE):
        x = MARGIN + i * CELL + CELL / 2
        y = MARGIN + (SIZE - 1 - i) * CELL + CELL / 2
        for edge_y in (MARGIN / 2, HEIGHT - MARGIN / 2):
            draw_text(draw, (x, edge_y), FILES[i], face, TEXT_MUTED, anchor="mm")
        for edge_x in (MARGIN / 2, WIDTH - MARGIN / 2):
            draw_text(draw, (edge_x, y), str(i + 1), face, TEXT_MUTED, anchor="mm")
    return image


def _dead_square(size: int) -> Image.Image:
    """A corner square: the background colour hatched diagonally, plainly not in play."""
    ss = SUPERSAMPLE
    big = Image.new("RGB", (size * ss, size * ss), DEAD)
    draw = ImageDraw.Draw(big)
    for k in range(-size, size, HATCH_STEP):
        draw.line(((k * ss, size * ss), ((k + size) * ss, 0)), fill=HATCH, width=2 * ss)
    return big.reduce(ss)


@lru_cache(maxsize=8)
def disc(colour: Colour, radius: int) -> Image.Image:
    """A piece with a soft shadow, ``2 × (radius + 3)`` px square, centred."""
    ss = SUPERSAMPLE
    size = 2 * (radius + 3)
    c = size * ss / 2
    shadow = Image.new("RGBA", (size * ss, size * ss), (0, 0, 0, 0))
    r = radius * ss
    ImageDraw.Draw(shadow).ellipse(
        (c - r + ss, c - r + 2 * ss, c + r + ss, c + r + 2 * ss), fill=(0, 0, 0, 110)
    )
    big = shadow.filter(ImageFilter.GaussianBlur(1.5 * ss))
    draw = ImageDraw.Draw(big)
    draw.ellipse((c - r, c - r, c + r, c + r), fill=(*RIM[colour], 255))
    inner = r - max(2, round(radius * 0.09)) * ss
    draw.ellipse((c - inner, c - inner, c + inner, c + inner), fill=(*PIECE[colour], 255))
    return big.reduce(ss)


@lru_cache(maxsize=16)
def ring(colour: RGB, inner: int, outer: int, alpha: int = 255) -> Image.Image:
    """A ring from radius ``inner`` to ``outer`` with a 1 px dark edge either side,
    ``2 × (outer + 2)`` px square and centred (the last move, the chosen piece, the
    network's pieces)."""
    ss = SUPERSAMPLE
    size = 2 * (outer + 2)
    c = size * ss / 2
    big = Image.new("RGBA", (size * ss, size * ss), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    for radius, fill in (
        (outer + 1, (*EDGE, alpha)),
        (outer, (*colour, alpha)),
        (inner, (*EDGE, alpha)),
        (inner - 1, (0, 0, 0, 0)),
    ):
        r = radius * ss
        draw.ellipse((c - r, c - r, c + r, c + r), fill=fill)
    return big.reduce(ss)
