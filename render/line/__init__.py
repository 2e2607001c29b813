"""The line of play of classic dominoes (All Fives, All Threes, Fives and Threes, Draw,
Block) drawn from the hand's public view JSON: ``plan`` lays the line out (snaking at the
picture's edges), ``paint`` draws it, ``picture`` adds the header and encodes the PNG."""

from __future__ import annotations

from render.line.picture import draw_line_table, empty_note, line_notes, render_line_table
from render.line.plan import EndLabel, LinePlan, LineTile, plan_line

__all__ = [
    "EndLabel",
    "LinePlan",
    "LineTile",
    "draw_line_table",
    "empty_note",
    "line_notes",
    "plan_line",
    "render_line_table",
]
