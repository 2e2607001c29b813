"""The bands a table-like picture is painted in: a header band ruled off from what is
below it, rows striped every second one so the eye keeps its line across, and the pill a
short tag sits in after a row's name."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from PIL import ImageDraw

from render.kit.fonts import Font, draw_text
from render.kit.palette import CURRENT_ROW, HEADER_BACKGROUND, HEADER_RULE, RGB, TEXT_MUTED, text_on

Row = TypeVar("Row")


def header_band(draw: ImageDraw.ImageDraw, width: float, height: int) -> None:
    """The header's background across the top ``height`` px, ruled off at its bottom."""
    draw.rectangle((0, 0, width, height - 1), fill=HEADER_BACKGROUND)
    draw.line((0, height - 1, width, height - 1), fill=HEADER_RULE, width=2)


def striped_rows(
    draw: ImageDraw.ImageDraw,
    rows: Sequence[Row],
    top: int,
    width: float,
    height: int,
    paint: Callable[[Row, int], None],
) -> int:
    """Each row on a band ``height`` px tall from ``top``, every second one shaded;
    ``paint(row, middle)`` draws its contents. Returns the top of the band after the last."""
    y = top
    for index, row in enumerate(rows):
        if index % 2:
            draw.rectangle((0, y, width, y + height - 1), fill=CURRENT_ROW)
        paint(row, y + height // 2)
        y += height
    return y


def pill_width(tag: str, face: Font) -> float:
    """How wide :func:`tag_pill` draws ``tag`` in ``face``: the word and 6 px each side."""
    return face.getlength(tag) + 12


def tag_pill(
    draw: ImageDraw.ImageDraw,
    left: float,
    middle: int,
    tag: str,
    face: Font,
    half: int,
    fill: RGB | None = None,
) -> None:
    """``tag`` in a pill from ``left``, ``2 * half`` px tall round ``middle``: filled with
    ``fill`` and its word in the ink that reads on it, or without ``fill`` outlined and
    worded in muted ink, so that two kinds of tag differ by more than colour."""
    box = (left, middle - half, left + pill_width(tag, face), middle + half)
    if fill is not None:
        draw.rounded_rectangle(box, half, fill=fill)
        ink = text_on(fill)
    else:
        draw.rounded_rectangle(box, half, outline=TEXT_MUTED, width=1)
        ink = TEXT_MUTED
    draw_text(draw, (left + 6, middle), tag, face, ink, anchor="lm")
