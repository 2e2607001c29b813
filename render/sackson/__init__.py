"""Sid Sackson's Network (docs/rules/sackson.md) drawn from the game's view JSON: ``plan`` reads the
view and the caller's highlights into squares, ``look`` holds the colours and cached
sprites (pieces, rings, the empty board), ``paint`` draws the board, ``picture`` adds the
header and encodes the PNG."""

from __future__ import annotations

from render.sackson.picture import (
    draw_sackson_board,
    notes,
    render_sackson_board,
    sackson_header,
    status_text,
)
from render.sackson.plan import Piece, SacksonPlan, TargetBadge, plan_board

__all__ = [
    "Piece",
    "SacksonPlan",
    "TargetBadge",
    "draw_sackson_board",
    "notes",
    "plan_board",
    "render_sackson_board",
    "sackson_header",
    "status_text",
]
