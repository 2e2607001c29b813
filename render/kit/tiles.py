"""Domino tile faces, drawn once per look and size and then reused.

Any game can use this: a face is described by its two numbers, the direction from the
first half to the second, the unit (the px length of a tile's short side) and a
:class:`TileLook`. Numbers up to 9 are drawn as pips in the standard patterns (rotating
with the tile, as on a real domino); 10 to 21 are drawn as upright numerals, which stay
readable on double-12 to double-21 sets where pip patterns stop being countable at a glance.
A game whose numbers run past 9 draws every number as a numeral instead
(:data:`NUMERALS`), so that each reads the same way on every tile of every picture.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from render.kit.fonts import draw_text, font
from render.kit.palette import BACKGROUND, DIVIDER, IVORY, IVORY_EDGE, PIP, RGB, SPINNER

N, E, S, W = 0, 1, 2, 3
"""Direction from a tile's first half to its second; the same numbering as the engine."""

DX: Final = (0, 1, 0, -1)
DY: Final = (-1, 0, 1, 0)
"""Image-space steps for each direction (image rows grow southwards)."""

MAX_NUMBER: Final = 21
MAX_PIPS: Final = 9
SUPERSAMPLE: Final = 4
"""Faces are drawn this many times larger and shrunk, which antialiases pips and corners."""

_GRID: Final = (0.26, 0.5, 0.74)
_PATTERNS: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 2), (2, 0)),
    3: ((0, 2), (1, 1), (2, 0)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
    7: ((0, 0), (1, 0), (2, 0), (1, 1), (0, 2), (1, 2), (2, 2)),
    8: ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    9: tuple((r, c) for r in range(3) for c in range(3)),
}
"""Pip cells (row, column) on a half's 3×3 grid for a standing tile, first half on top.
Six is two columns of three along the tile, as on real dominoes."""

_QUARTER_TURNS: Final = {S: 0, W: 1, N: 2, E: 3}
"""Clockwise quarter turns from the standing position (first half on top) to each direction."""


@dataclass(frozen=True, slots=True)
class TileLook:
    """How a face is coloured. ``accent`` draws a band in that colour just inside the
    edge (the table uses it for the seat that laid the tile); ``fade`` blends the whole
    tile towards ``fade_to`` (the hand picture dims unplayable tiles that way)."""

    face: RGB = IVORY
    edge: RGB = IVORY_EDGE
    pips: RGB = PIP
    divider: RGB = DIVIDER
    spinner: RGB | None = SPINNER
    accent: RGB | None = None
    fade: float = 0.0
    fade_to: RGB = BACKGROUND
    numeral: float = 0.42
    """Numerals' size as a share of a half's side (:data:`BIG_NUMERAL` on FIDO's tiles)."""
    numerals: bool = False
    """Every number as a numeral, 0 to 21 alike (FIDO's sets, double-6 to double-21)."""
    condensed: bool = False
    """Numerals in DejaVu Sans Condensed Bold: as tall as the bold face's, a tenth
    narrower, so two digits fill a half's width at a bigger ``numeral``."""


PLAIN: Final = TileLook()
BIG_NUMERAL: Final = 0.6
"""Condensed numerals this big keep "20" (the widest two digits, 1.15 times the font size)
inside the seat band of a standing tile, touching it at most, from a unit of 22 px up;
the bold face's would have to be 0.52 of a half, and a chat shows a FIDO picture no
wider than its numerals allow (:mod:`render.kit.legible`), so this lets a tree be 15%
wider and still read."""
NUMERALS: Final = TileLook(numeral=BIG_NUMERAL, numerals=True, condensed=True)
"""FIDO's tiles: every number a numeral, sized to read on a phone."""


def numeral_size(unit: int, look: TileLook = PLAIN) -> int:
    """The font size (px) of a numeral on a tile of ``unit`` (drawn supersampled: this is
    its size once shrunk, rounded down)."""
    return round(unit * SUPERSAMPLE * look.numeral) // SUPERSAMPLE


def tile_size(direction: int, unit: int) -> tuple[int, int]:
    """Width and height in px of a tile lying in ``direction``."""
    return (2 * unit, unit) if direction in (E, W) else (unit, 2 * unit)


def pip_cells(number: int, quarter_turns: int) -> tuple[tuple[int, int], ...]:
    """The pattern for ``number`` (0–9) turned clockwise by ``quarter_turns``."""
    cells = _PATTERNS[number]
    for _ in range(quarter_turns % 4):
        cells = tuple((c, 2 - r) for r, c in cells)
    return cells


def gap(unit: int) -> int:
    """Px left bare round each tile so that abutting tiles still read as separate pieces."""
    return max(1, unit // 20)


@lru_cache(maxsize=2048)
def tile_face(a: int, b: int, direction: int, unit: int, look: TileLook = PLAIN) -> Image.Image:
    """An RGBA picture of the tile with ``a`` on the first half and ``b`` on the half lying
    ``direction`` from it; the picture is exactly :func:`tile_size` and transparent round
    the rounded corners. Cached: a table needs one face per tile laid (in its seat's
    colour, at its current unit), and drawing one costs about 0.55 ms (from its cached
    blank body). The drawing worker of a bot running 50 tables of 20 plays each used 1,363
    faces (38 MB), and 200 tables of 12 plays 951 (32 MB); a cache of 512 re-drew 1.3 faces
    per table picture at 50 tables, some 7% of all drawing time. At most about 100 MB if
    every face were at the largest unit, which only a few tiles ever are."""
    for number in (a, b):
        if not 0 <= number <= MAX_NUMBER:
            raise ValueError(f"tile numbers run from 0 to {MAX_NUMBER}, not {number}")
    if unit < 8:
        raise ValueError("a tile needs at least 8 px on its short side")
    ss = SUPERSAMPLE
    width, height = tile_size(direction, unit)
    big = _body(direction in (E, W), unit, look.edge, look.face, look.accent).copy()
    draw = ImageDraw.Draw(big)
    half = unit * ss
    second = (DX[direction] * half, DY[direction] * half)
    first = (0, 0) if direction in (E, S) else (-second[0], -second[1])
    second = (first[0] + second[0], first[1] + second[1])
    turns = _QUARTER_TURNS[direction]
    _draw_half(draw, a, first, half, turns, look)
    _draw_half(draw, b, second, half, turns, look)
    _draw_divider(draw, direction, width * ss, height * ss, unit, look)

    face = big.reduce(ss)
    if look.fade:
        solid = Image.new("RGBA", face.size, (*look.fade_to, 255))
        faded = Image.blend(face, solid, look.fade)
        faded.putalpha(face.getchannel("A"))
        face = faded
    return face


@lru_cache(maxsize=16)
def _body(lying: bool, unit: int, edge: RGB, face: RGB, accent: RGB | None) -> Image.Image:
    """A tile's blank body, supersampled: what every face of that size and colouring starts
    from (its numbers and divider are drawn on a copy). Cached, a few only (each is
    16 times a face's px): a table's faces share a unit, two ways of lying and a few seats'
    colours."""
    ss = SUPERSAMPLE
    width, height = tile_size(E if lying else S, unit)
    big = Image.new("RGBA", (width * ss, height * ss), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    inset = gap(unit) * ss
    radius = round(unit * 0.13 * ss)
    body = (inset, inset, width * ss - inset - 1, height * ss - inset - 1)
    edge_width = max(ss, round(unit * 0.03 * ss))
    draw.rounded_rectangle(body, radius, fill=(*edge, 255))
    if accent is not None:
        band = max(2 * ss, round(unit * 0.07 * ss))
        inner = _shrink(body, edge_width)
        draw.rounded_rectangle(inner, radius - edge_width, fill=(*accent, 255))
        draw.rounded_rectangle(
            _shrink(inner, band), max(ss, radius - edge_width - band), fill=(*face, 255)
        )
    else:
        draw.rounded_rectangle(_shrink(body, edge_width), radius - edge_width, fill=(*face, 255))
    return big


def _shrink(box: tuple[int, int, int, int], by: int) -> tuple[int, int, int, int]:
    return (box[0] + by, box[1] + by, box[2] - by, box[3] - by)


def _draw_half(
    draw: ImageDraw.ImageDraw,
    number: int,
    origin: tuple[int, int],
    half: int,
    quarter_turns: int,
    look: TileLook,
) -> None:
    """Pips (or a numeral above 9, or always with ``look.numerals``) on the square half
    whose top-left corner is ``origin``."""
    ox, oy = origin
    if look.numerals or number > MAX_PIPS:
        face = font(round(half * look.numeral), bold=True, condensed=look.condensed)
        draw_text(draw, (ox + half / 2, oy + half / 2), str(number), face, look.pips, anchor="mm")
        return
    radius = half * (0.088 if number <= 6 else 0.078)
    for row, col in pip_cells(number, quarter_turns):
        cx, cy = ox + _GRID[col] * half, oy + _GRID[row] * half
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=look.pips)


def _draw_divider(
    draw: ImageDraw.ImageDraw, direction: int, width: int, height: int, unit: int, look: TileLook
) -> None:
    """The line across the middle, with the brass spinner pin real dominoes have."""
    ss = SUPERSAMPLE
    thickness = max(ss, round(unit * 0.045 * ss))
    margin = round(unit * 0.14 * ss)
    cx, cy = width / 2, height / 2
    box: tuple[float, float, float, float]
    if direction in (E, W):  # lying tile: the divider is vertical
        box = (cx - thickness / 2, margin, cx + thickness / 2, height - margin)
    else:
        box = (margin, cy - thickness / 2, width - margin, cy + thickness / 2)
    draw.rectangle(box, fill=look.divider)
    if look.spinner is not None:
        r = max(1.5 * ss, unit * 0.065 * ss)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=look.spinner, outline=look.divider)
