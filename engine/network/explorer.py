"""Rules explorer: every legal placement of a tile in a position, with the rings it scores.

    network-explore "1:6-6@0,0N 2:6-3@0,4N" 3-1
    network-explore "1:6-6@0,0N 2:6-3@0,4N" 3-1 --attachments 5 --show
    network-explore --record hand-1.txt --step 12

With ``--record`` it steps through a game record instead (any game's: see
:mod:`engine.record_explorer`).

Players use it to settle rules questions; we use it to check the engine.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from engine.errors import N_, EngineError
from engine.network.geometry import DIR_NAMES
from engine.network.layout import Layout
from engine.network.moves import NetworkMove
from engine.network.position import read_position
from engine.network.text import layout_text
from engine.record_explorer import explore_record
from engine.terminal import command_line, quiet_on_closed_pipe
from engine.tiles import Tile, parse_tile


def explore(layout: Layout, tile: Tile) -> list[tuple[NetworkMove, int]]:
    """(move, rings it would score) for every legal placement of ``tile``, in stable order."""
    found = []
    for end, cand in layout.fits(tile):
        placement = layout.placement_for(0, tile, end, cand)
        move = NetworkMove(tile, end.label, cand.face, cand.turn)
        found.append((move, layout.rings_if(placement)))
    return found


def report(layout: Layout, tile: Tile, show: bool = False) -> str:
    lines = []
    if show:
        lines += [layout_text(layout), ""]
    ends = ", ".join(
        f"{e.label}={e.number} ({e.kind}, faces {''.join(DIR_NAMES[d] for _, d in e.faces)})"
        for e in layout.ends.values()
    )
    lines.append(f"Open ends: {ends or 'none'}")
    placements = explore(layout, tile)
    if not placements:
        lines.append(f"{tile} has no legal placement here.")
    for number, (move, rings) in enumerate(placements, start=1):
        scored = f"{rings} ring{'s' if rings != 1 else ''}" if rings else "no ring"
        lines.append(f"{number:>3}. {move}  {scored}")
        if show:
            end, cand = layout.find(tile, move.label or "", move.face, move.turn)
            lines += [layout_text(layout, layout.placement_for(0, tile, end, cand)), ""]
    return "\n".join(lines)


@quiet_on_closed_pipe
def main(argv: Sequence[str] | None = None) -> int:
    parser = command_line(
        "network-explore",
        "List every legal placement of a tile in a Network dominoes position.",
    )
    parser.add_argument(
        "position", nargs="?", help='position notation, e.g. "1:6-6@0,0N 2:6-3@0,4N"'
    )
    parser.add_argument("tile", nargs="?", help="the tile to place, e.g. 3-1")
    parser.add_argument("--record", help="step through this game record file instead")
    parser.add_argument("--step", type=int, help="with --record: 0 is the deal (default: last)")
    parser.add_argument("--attachments", type=int, choices=(7, 5, 3), default=7)
    parser.add_argument("--show", action="store_true", help="draw the layout and each placement")
    args = parser.parse_args(argv)
    if args.record is not None:
        return explore_record(args.record, args.step)
    if args.position is None or args.tile is None:
        parser.error("give a position and a tile, or --record FILE")
    try:
        layout = read_position(args.position, attachments=args.attachments)
        tile = parse_tile(args.tile, top=6)
        if tile in {p.tile for p in layout.placements}:
            raise EngineError(N_("{tile} is already on the table."), tile=tile)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(report(layout, tile, show=args.show))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
