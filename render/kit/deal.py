"""The deal, in a replay's first frame: before the first tile the table area of a replay
is as big as the hand's fullest table, so instead of one note in an empty area it shows
each seat's dealt tiles face down, a row a seat in the seat's colour, under the note
saying who leads. Face down, so that a replay of a hand still in play shows nothing
hidden; the counts are public."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from PIL import Image, ImageDraw

from render.kit.fonts import draw_text, font
from render.kit.palette import BACKGROUND, TEXT_MUTED, seat_colour

_DEAL: ContextVar[tuple[int, ...] | None] = ContextVar("deal", default=None)
UNIT_MAX = 56
UNIT_MIN = 6
NOTE_SIZE = 20


@contextmanager
def showing_the_deal(counts: Sequence[int]) -> Iterator[None]:
    """A picture drawn inside this block before the first tile shows ``counts[seat]``
    tiles face down for each seat instead of an empty table."""
    token = _DEAL.set(tuple(counts))
    try:
        yield
    finally:
        _DEAL.reset(token)


def current_deal() -> tuple[int, ...] | None:
    return _DEAL.get()


def deal_unit(counts: Sequence[int], width: int, height: int) -> int:
    """The largest tile unit (≤ :data:`UNIT_MAX`) at which every row fits ``width`` and
    all the rows, under the note, fit ``height``."""
    longest = max(counts, default=0)
    rows = len(counts)
    for unit in range(UNIT_MAX, UNIT_MIN - 1, -1):
        row_width = longest * (unit + unit // 3) + 2 * unit
        rows_height = rows * (2 * unit + unit // 2) + NOTE_SIZE * 3
        if row_width <= width and rows_height <= height:
            return unit
    return UNIT_MIN


def paint_deal(image: Image.Image, top: int, counts: Sequence[int], note: str) -> None:
    """The table area from ``top`` down: the note, then a row of face-down tiles a seat."""
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, top, image.width, image.height), fill=BACKGROUND)
    area = image.height - top
    unit = deal_unit(counts, image.width, area)
    step, row_step = unit + unit // 3, 2 * unit + unit // 2
    block = NOTE_SIZE * 2 + len(counts) * row_step
    y = top + max(NOTE_SIZE, (area - block) // 2)
    draw_text(draw, (image.width / 2, y), note, face=font(NOTE_SIZE), fill=TEXT_MUTED, anchor="mm")
    y += NOTE_SIZE * 2
    for seat, count in enumerate(counts):
        colour = seat_colour(seat)
        x = (image.width - count * step + (step - unit)) // 2
        for _ in range(count):
            _back(draw, x, y, unit, colour)
            x += step
        y += row_step


def _back(
    draw: ImageDraw.ImageDraw, x: int, y: int, unit: int, colour: tuple[int, int, int]
) -> None:
    """A tile standing face down: the seat's colour, a darker middle line."""
    radius = max(2, unit // 5)
    draw.rounded_rectangle((x, y, x + unit, y + 2 * unit), radius=radius, fill=colour)
    shade = tuple(channel * 3 // 5 for channel in colour)
    middle = y + unit
    draw.line(
        (x + unit // 4, middle, x + unit - unit // 4, middle), fill=shade, width=max(1, unit // 12)
    )
