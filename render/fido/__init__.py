"""The line of FIDO divisor dominoes drawn from the hand's public view JSON: ``runs`` lays
items in rows that never overlap, ``plan`` turns the line (a tree) into cross lines and
lays them out, ``paint`` draws them, ``picture`` adds the header and encodes the PNG."""

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
