"""A plain-text picture of a layout: one character per half-unit cell, north up.

Used by the rules explorer and by tests so a reader can check a position by eye.
"""

from __future__ import annotations

from engine.network.geometry import coords
from engine.network.layout import Layout, Placement


def layout_text(layout: Layout, extra: Placement | None = None, mark: str = "*") -> str:
    """Each cell shows the number of the half covering it, ``.`` when empty; the cells of
    ``extra`` (a placement being considered) show ``mark``."""
    shown = {coords(c): str(v) for c, v in layout.cells.items()}
    if extra is not None:
        for x, y in ((extra.ax, extra.ay), (extra.bx, extra.by)):
            for dx in (0, 1):
                for dy in (0, 1):
                    shown[(x + dx, y + dy)] = mark
    if not shown:
        return "(empty table)"
    xs = [x for x, _ in shown]
    ys = [y for _, y in shown]
    return "\n".join(
        "".join(shown.get((x, y), ".") for x in range(min(xs), max(xs) + 1))
        for y in range(max(ys), min(ys) - 1, -1)
    )
