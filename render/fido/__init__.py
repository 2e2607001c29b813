"""The line of FIDO divisor dominoes drawn from the hand's public view JSON: ``tree`` lays
the crosswise line out as on a real table (arms branching off every double), ``runs``
lays the in-line variant's main line in rows that snake, ``plan`` reads the view and picks
the unit, ``paint`` draws it, ``picture`` adds the header and encodes the PNG."""

from __future__ import annotations

from render.fido.picture import (
    draw_fido_table,
    empty_note,
    fido_notes,
    render_fido_table,
    total_text,
)
from render.fido.plan import FidoBadge, FidoPlan, FidoTile, plan_fido

__all__ = [
    "FidoBadge",
    "FidoPlan",
    "FidoTile",
    "draw_fido_table",
    "empty_note",
    "fido_notes",
    "plan_fido",
    "render_fido_table",
    "total_text",
]
