"""The bands a table-like picture is painted in: a header band ruled off from what is
below it, and rows striped every second one so the eye keeps its line across."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from PIL import ImageDraw

from render.kit.palette import CURRENT_ROW, HEADER_BACKGROUND, HEADER_RULE

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
