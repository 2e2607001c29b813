"""How big text must be to read once a chat client has shrunk the picture.

Discord shows a picture in a chat at about :data:`CHAT_WIDTH` px wide, whatever its own
width, so a label drawn at 14 px on a 1400 px picture is a blur of 5 px there. Every
label, badge and numeral is drawn big enough that its capitals and digits stand at least
:data:`CHAT_MIN` px tall at that width: the smaller the picture, the smaller the text may
be, so a table that would grow too wide is laid out narrower instead (taller rows, a
bigger unit), never with smaller text.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

from render.kit.fonts import font

CHAT_WIDTH: Final = 550
"""About how wide a chat shows a picture (Discord's chat column on a desktop)."""
CHAT_MIN: Final = 9
"""The least height in px, at :data:`CHAT_WIDTH`, of a capital or a digit drawn anywhere."""


@lru_cache(maxsize=256)
def cap_height(size: int, bold: bool = False) -> float:
    """How tall DejaVu Sans at ``size`` px draws a capital or a digit (its ink), in px."""
    _, top, _, bottom = font(size, bold).getbbox("H0", anchor="ls")
    return bottom - top


def chat_height(size: int, width: int, bold: bool = False) -> float:
    """How tall text at ``size`` px stands once a picture ``width`` px wide is shown at
    :data:`CHAT_WIDTH` (a narrower picture is not blown up)."""
    return cap_height(size, bold) * CHAT_WIDTH / max(width, CHAT_WIDTH)


@lru_cache(maxsize=4096)
def legible_size(width: int) -> int:
    """The smallest font size (px) that reads in a picture ``width`` px wide."""
    size = max(1, math.floor(CHAT_MIN / 0.75 * max(width, CHAT_WIDTH) / CHAT_WIDTH) - 2)
    while min(chat_height(size, width), chat_height(size, width, True)) < CHAT_MIN:
        size += 1
    return size


@lru_cache(maxsize=128)
def widest_for(size: int) -> int:
    """The widest picture (px) in which text at ``size`` px still reads."""
    width = CHAT_WIDTH
    while legible_size(width + 1) <= size:
        width += 1
    return width
