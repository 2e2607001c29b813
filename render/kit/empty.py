"""The table area before the first tile: one muted line saying who leads."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.kit.fonts import draw_text, font
from render.kit.palette import BACKGROUND, TEXT_MUTED


def paint_empty(image: Image.Image, top: int, message: str) -> None:
    """The table before the lead: a short line saying who leads with what."""
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, top, image.width, image.height), fill=BACKGROUND)
    draw_text(
        draw,
        (image.width / 2, top + (image.height - top) / 2),
        message,
        face=font(20),
        fill=TEXT_MUTED,
        anchor="mm",
    )
