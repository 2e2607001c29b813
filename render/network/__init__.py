"""The Network dominoes table picture (docs/rules/network.md): tiles on their half-unit grid, rings
shaded in their scorers' colours, open-end labels, and candidate placements as numbered
ghosts. ``plan`` places everything in px, ``badges`` places labels and numbers, ``table``
paints the plan, ``picture`` adds the header and encodes the PNG."""

from __future__ import annotations

from render.network.picture import draw_network_table, lead_note, render_network_table
from render.network.plan import Candidate, TablePlan, plan_table

__all__ = [
    "Candidate",
    "TablePlan",
    "draw_network_table",
    "lead_note",
    "plan_table",
    "render_network_table",
]
