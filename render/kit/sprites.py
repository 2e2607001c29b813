"""Small cached pictures pasted onto the table: shadows, the last-play glow, badges, ghosts.

Each is drawn once per size (supersampled for smooth edges) and pasted with its own alpha,
which is much cheaper than drawing antialiased shapes onto every new table picture. Their
text goes through :func:`render.kit.fonts.draw_text`, so a number or a move already drawn
for another badge is stamped, not rendered again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw, ImageFilter

from render.kit.fonts import draw_text, font
from render.kit.palette import (
    GHOST_ALPHA,
    GHOST_BADGE,
    GHOST_BADGE_TEXT,
    GHOST_EDGE,
    GHOST_FACE,
    GHOST_LABEL_FILL,
    HIGHLIGHT,
    RGB,
    SHADOW,
    seat_colour,
    text_on,
)
from render.kit.tiles import SUPERSAMPLE, TileLook, gap, tile_face


@lru_cache(maxsize=64)
def shadow(width: int, height: int, unit: int) -> Image.Image:
    """A soft shadow for a ``width``×``height`` tile; paste it offset by :func:`shadow_offset`."""
    blur = max(1, unit // 16)
    pad = 2 * blur
    im = Image.new("RGBA", (width + 2 * pad, height + 2 * pad), (0, 0, 0, 0))
    inset = gap(unit)
    ImageDraw.Draw(im).rounded_rectangle(
        (pad + inset, pad + inset, pad + width - inset - 1, pad + height - inset - 1),
        round(unit * 0.13),
        fill=SHADOW,
    )
    return im.filter(ImageFilter.GaussianBlur(blur))


def shadow_offset(unit: int) -> tuple[int, int]:
    """Where :func:`shadow` goes relative to its tile's top-left corner (light from top left)."""
    blur = max(1, unit // 16)
    return max(1, unit // 28) - 2 * blur, max(1, unit // 14) - 2 * blur


@lru_cache(maxsize=64)
def glow(width: int, height: int, unit: int) -> Image.Image:
    """The halo drawn under the last tile laid; paste it at the tile's corner minus
    :func:`glow_pad` so it shows in the gaps round the tile."""
    pad = glow_pad(unit)
    blur = max(1, unit // 14)
    ss = SUPERSAMPLE
    big = Image.new("RGBA", ((width + 2 * pad) * ss, (height + 2 * pad) * ss), (0, 0, 0, 0))
    inner = pad - max(2, unit // 8)
    ImageDraw.Draw(big).rounded_rectangle(
        (
            inner * ss,
            inner * ss,
            (width + 2 * pad - inner) * ss - 1,
            (height + 2 * pad - inner) * ss - 1,
        ),
        round(unit * 0.25 * ss),
        fill=(*HIGHLIGHT, 255),
    )
    return big.reduce(ss).filter(ImageFilter.GaussianBlur(blur / 2))


def glow_pad(unit: int) -> int:
    return max(4, unit // 5)


def badge_font_size(height: int) -> int:
    """The font size of a badge ``height`` px tall (and of a candidate label's number)."""
    return round(height * 0.62)


def badge_text_size(height: int) -> int:
    """The font size of the move beside a candidate label's number."""
    return round(height * 0.55)


def badge_height_for(size: int, floor: int = 0, numbered: bool = False) -> int:
    """The least badge height (at least ``floor``) whose text is ``size`` px or more
    (``numbered``: a candidate's label, the move beside its number too)."""
    height = max(floor, 1)
    smallest = badge_text_size if numbered else badge_font_size
    while smallest(height) < size:
        height += 1
    return height


def seat_mark_font_size(size: int) -> int:
    """The font size of the number in a seat mark ``size`` px square."""
    return round(size * 0.7)


@lru_cache(maxsize=256)
def badge(
    text: str,
    height: int,
    fill: RGB,
    ink: RGB,
    ring: RGB,
    ring_width: int = 2,
) -> Image.Image:
    """A round badge (a pill for longer text) ``height`` px tall with ``text`` centred.
    Used for open-end labels and candidate numbers, which must read at a glance."""
    ss = SUPERSAMPLE
    face = font(badge_font_size(height) * ss, bold=True)
    width = badge_width(text, height)
    big = Image.new("RGBA", (width * ss, height * ss), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle(
        (0, 0, width * ss - 1, height * ss - 1), height * ss // 2, fill=(*ring, 255)
    )
    rw = ring_width * ss
    draw.rounded_rectangle(
        (rw, rw, width * ss - 1 - rw, height * ss - 1 - rw),
        (height * ss - 2 * rw) // 2,
        fill=(*fill, 255),
    )
    draw_text(draw, (width * ss / 2, height * ss / 2), text, face, ink, anchor="mm")
    return big.reduce(ss)


@lru_cache(maxsize=1024)
def badge_width(text: str, height: int) -> int:
    """The width of :func:`badge` for ``text`` at ``height``, without drawing it (cached:
    a big FIDO line sizes dozens of end badges at each unit it tries)."""
    face = font(badge_font_size(height) * SUPERSAMPLE, bold=True)
    return max(height, round(face.getlength(text) / SUPERSAMPLE + height * 0.55))


GHOST_LOOK: Final = TileLook(face=GHOST_FACE, edge=GHOST_EDGE, spinner=None)
GHOST_ALPHA_TABLE: Final = [round(v * GHOST_ALPHA) for v in range(256)]


@lru_cache(maxsize=512)
def ghost(a: int, b: int, direction: int, unit: int) -> Image.Image:
    """A see-through tile for a candidate placement: pale, with its pips (so it shows which
    number lands where) and no seat band, the table showing faintly through it."""
    face = tile_face(a, b, direction, unit, GHOST_LOOK)
    faded = face.copy()
    faded.putalpha(face.getchannel("A").point(GHOST_ALPHA_TABLE))
    return faded


@lru_cache(maxsize=256)
def numbered_badge(number: str, text: str, height: int) -> Image.Image:
    """A candidate's label: its number white on a dark disc and, when ``text`` is given,
    the move to type beside it on a white pill, so the two read as one label."""
    ss = SUPERSAMPLE
    width = numbered_badge_width(number, text, height)
    big = Image.new("RGBA", (width * ss, height * ss), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    radius = height * ss // 2
    ring = max(1, height // 14) * ss
    disc = badge_width(number, height) * ss
    if text:
        draw.rounded_rectangle(
            (0, 0, width * ss - 1, height * ss - 1), radius, fill=(*GHOST_BADGE, 255)
        )
        draw.rounded_rectangle(
            (disc // 2, ring, width * ss - 1 - ring, height * ss - 1 - ring),
            radius - ring,
            fill=(*GHOST_LABEL_FILL, 255),
        )
    draw.rounded_rectangle((0, 0, disc - 1, height * ss - 1), radius, fill=(*GHOST_BADGE, 255))
    face = font(badge_font_size(height) * ss, bold=True)
    draw_text(draw, (disc / 2, height * ss / 2), number, face, GHOST_BADGE_TEXT, anchor="mm")
    if text:
        small = font(badge_text_size(height) * ss, bold=True)
        x = disc + (width * ss - disc) / 2 - ring / 2
        draw_text(draw, (x, height * ss / 2), text, small, GHOST_BADGE, anchor="mm")
    return big.reduce(ss)


@lru_cache(maxsize=1024)
def numbered_badge_width(number: str, text: str, height: int) -> int:
    """The width of :func:`numbered_badge`, without drawing it."""
    disc = badge_width(number, height)
    if not text:
        return disc
    small = font(badge_text_size(height) * SUPERSAMPLE, bold=True)
    return disc + round(small.getlength(text) / SUPERSAMPLE + height * 0.45)


@lru_cache(maxsize=64)
def seat_mark(seat: int, size: int) -> Image.Image:
    """A seat's swatch with its number, as in the header's score table: marks what a seat
    owns (a ring) in a way that does not depend on telling colours apart."""
    ss = SUPERSAMPLE
    colour = seat_colour(seat)
    big = Image.new("RGBA", (size * ss, size * ss), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle(
        (0, 0, size * ss - 1, size * ss - 1), max(2, size // 5) * ss, fill=(*colour, 255)
    )
    draw_text(
        draw,
        (size * ss / 2, size * ss / 2 + ss),
        str(seat + 1),
        face=font(seat_mark_font_size(size) * ss, bold=True),
        fill=text_on(colour),
        anchor="mm",
    )
    return big.reduce(ss)


@lru_cache(maxsize=32)
def outline(width: int, height: int, unit: int, colour: RGB) -> Image.Image:
    """A rounded band round a ``width``×``height`` tile, from just outside its box to its
    body's edge (the classic line marks its spinner with one). Paste it under the tile, at
    the tile's corner minus :func:`outline_pad`."""
    pad = outline_pad(unit)
    ss = SUPERSAMPLE
    band = (pad + gap(unit)) * ss
    w, h = (width + 2 * pad) * ss, (height + 2 * pad) * ss
    big = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, w - 1, h - 1), round(unit * 0.2 * ss), outline=(*colour, 255), width=band
    )
    return big.reduce(ss)


def outline_pad(unit: int) -> int:
    return max(2, round(unit * 0.07))
