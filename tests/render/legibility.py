"""Whether a picture's texts read at chat size, from its plan: each text's font size and the
picture's final width (the table area's, or the narrowest picture's)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from render.kit.header import MIN_WIDTH, header_text_sizes
from render.kit.legible import CHAT_MIN, chat_height


class Planned(Protocol):
    @property
    def width(self) -> int: ...

    def text_sizes(self) -> tuple[int, ...]: ...


def too_small(sizes: Iterable[int], width: int) -> list[str]:
    """Every size in ``sizes`` that stands under 9 px at chat width in a picture ``width``
    px wide (regular or bold), with how tall it stands there."""
    return [
        f"{size} px in a {width} px picture: {chat_height(size, width):.1f} px in chat"
        for size in sorted(set(sizes))
        if min(chat_height(size, width), chat_height(size, width, True)) < CHAT_MIN
    ]


def unreadable(plan: Planned) -> list[str]:
    """Every text size of ``plan``'s table picture (its table and its header) that stands
    under 9 px at chat width."""
    width = max(MIN_WIDTH, plan.width)
    return too_small((*plan.text_sizes(), *header_text_sizes(width)), width)
