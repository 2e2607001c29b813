"""Position notation for Network layouts, in the spirit of chess's FEN.

A position lists the placed tiles in the order they were laid, separated by spaces::

    1:6-6@0,0N 2:6-3@0,4N 3:3-1@2,6E

Each entry is ``seat:a-b@x,yD``: the seat (1-based) that laid it, the number ``a`` shown on
the half whose lower-left corner is at ``(x, y)`` in half units, the number ``b`` on the
other half, which lies one unit away in direction ``D`` (N, E, S or W). Order matters: the
open ends and who scored which ring follow from it. Reading a position checks every tile
after the first against the rules (:class:`~engine.errors.NotationError` if one breaks them).
"""

from __future__ import annotations

import re

from engine.errors import N_, NotationError
from engine.network.geometry import DIR_NAMES, DX, DY
from engine.network.layout import Layout, Placement
from engine.tiles import Tile

_ENTRY_RE = re.compile(r"^(\d):(\d)-(\d)@(-?\d+),(-?\d+)([NESWnesw])$")


def format_placement(p: Placement) -> str:
    return f"{p.seat + 1}:{p.a}-{p.b}@{p.ax},{p.ay}{DIR_NAMES[p.direction]}"


def write_position(layout: Layout) -> str:
    return " ".join(format_placement(p) for p in layout.placements)


def parse_placement(entry: str, seats: int = 5) -> Placement:
    match = _ENTRY_RE.match(entry.strip())
    if match is None:
        raise NotationError(
            N_("'{entry}' is not a position entry; write it like 2:6-3@0,4N."), entry=entry
        )
    seat, a, b, x, y = (int(match.group(i)) for i in range(1, 6))
    if not 1 <= seat <= seats:
        raise NotationError(N_("'{entry}': seats run from 1 to {seats}."), entry=entry, seats=seats)
    if a > 6 or b > 6:
        raise NotationError(N_("'{entry}': Network dominoes uses a double-six set."), entry=entry)
    d = DIR_NAMES.index(match.group(6).upper())
    return Placement(seat - 1, a, b, x, y, x + 2 * DX[d], y + 2 * DY[d])


def read_position(text: str, attachments: int = 7, seats: int = 5) -> Layout:
    """Rebuild a layout from position notation, checking each placement is legal."""
    layout = Layout(attachments)
    seen: set[Tile] = set()
    for number, entry in enumerate(text.split(), start=1):
        placement = parse_placement(entry, seats)
        tile = placement.tile
        problem = None
        if tile in seen:
            problem = N_("Entry {number} ('{entry}'): {tile} is already on the table.")
        elif not layout.is_empty and not _is_legal(layout, placement):
            problem = N_("Entry {number} ('{entry}'): {tile} cannot be laid there under the rules.")
        if problem is not None:
            raise NotationError(problem, number=number, entry=entry, tile=tile)
        seen.add(tile)
        layout.add(placement)
    return layout


def _is_legal(layout: Layout, placement: Placement) -> bool:
    tile = placement.tile
    for end, cand in layout.fits(tile):
        p = layout.placement_for(placement.seat, tile, end, cand)
        same = (p.ax, p.ay, p.bx, p.by) == (placement.ax, placement.ay, placement.bx, placement.by)
        flipped = (p.bx, p.by, p.ax, p.ay) == (
            placement.ax,
            placement.ay,
            placement.bx,
            placement.by,
        )
        if (same and (p.a, p.b) == (placement.a, placement.b)) or (
            flipped and (p.b, p.a) == (placement.a, placement.b)
        ):
            return True
    return False
