"""What every tile game's table plan starts with, before its own tiles, labels and marks."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TileTable:
    """Everything a tile game's painter needs, in px from the table area's top-left
    corner: the unit (a tile's short side) and the area's size, then (in each game's
    plan) what lies on it."""

    unit: int
    width: int
    height: int
