"""Recording every text a picture draws (and the box it covers), for the tests that check
a picture's words: which language they are in, and that they fit."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest
from PIL import ImageDraw

from render.kit import fonts


@dataclass(frozen=True)
class Drawn:
    text: str
    left: float
    right: float
    top: float
    bottom: float


def record_drawn_text(
    monkeypatch: pytest.MonkeyPatch, modules: Iterable[ModuleType]
) -> list[Drawn]:
    """Every text ``modules`` draw from now on (through ``draw_text``), still drawn."""
    calls: list[Drawn] = []
    real = fonts.draw_text

    def recording(
        draw: ImageDraw.ImageDraw,
        xy: tuple[float, float],
        text: str,
        face: fonts.Font,
        fill: Any,
        anchor: str | None = None,
    ) -> None:
        left, top, right, bottom = face.getbbox(text, anchor=anchor)
        x, y = xy
        calls.append(Drawn(text, x + left, x + right, y + top, y + bottom))
        real(draw, xy, text, face, fill, anchor=anchor)

    for module in modules:
        monkeypatch.setattr(module, "draw_text", recording)
    return calls
