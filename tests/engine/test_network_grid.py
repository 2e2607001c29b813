"""The layout's flat grid: how far out tiles may go, and that the edge of the grid changes
nothing about what fits or scores (geometry.py proves real hands stay well inside)."""

from __future__ import annotations

import random

import pytest

from engine.errors import IllegalMoveError
from engine.network import NetworkHand, read_position
from engine.network.geometry import ACROSS, SQUARE, STRIDE, TILE_LIMIT, coords, key
from engine.network.layout import Layout, Placement
from engine.network.position import format_placement

from .helpers import random_move
from .positions import ONE_RING_BEFORE, TWO_RINGS_BEFORE


def shifted(position: str, dx: int, dy: int) -> str:
    """The same position with every tile moved by (dx, dy) half units."""
    layout = read_position(position)
    return " ".join(
        format_placement(p._replace(ax=p.ax + dx, ay=p.ay + dy, bx=p.bx + dx, by=p.by + dy))
        for p in layout.placements
    )


def relative_fits(layout: Layout, dx: int, dy: int) -> list[tuple[object, ...]]:
    """Every placement the layout offers: (tile, end, face, turn, squares moved back by
    (dx, dy)), then (far number needed, rings it would score)."""
    found: list[tuple[object, ...]] = []
    for high in range(7):
        for low in range(high + 1):
            tile = Placement(0, high, low, 0, 0, 0, 0).tile
            for end, cand in layout.fits(tile):
                p = layout.placement_for(0, tile, end, cand)
                moved_back = (p.ax - dx, p.ay - dy, p.bx - dx, p.by - dy)
                found.append((str(tile), end.label, cand.face, cand.turn, *moved_back))
                found.append((cand.need, layout.rings_if(p)))
    return found


@pytest.mark.parametrize("position", [ONE_RING_BEFORE, TWO_RINGS_BEFORE])
@pytest.mark.parametrize(
    "corner", [(1, 1), (-1, -1), (1, -1), (-1, 1)], ids=["NE", "SW", "SE", "NW"]
)
def test_a_position_at_the_edge_of_the_grid_plays_as_at_the_centre(
    position: str, corner: tuple[int, int]
) -> None:
    centre = read_position(position)
    xs = [x for p in centre.placements for x in (p.ax, p.bx)]
    ys = [y for p in centre.placements for y in (p.ay, p.by)]
    # Move the position as far towards the corner as tiles may go (cells < TILE_LIMIT).
    dx = TILE_LIMIT - 2 - max(xs) if corner[0] > 0 else -TILE_LIMIT - min(xs)
    dy = TILE_LIMIT - 2 - max(ys) if corner[1] > 0 else -TILE_LIMIT - min(ys)
    edge = read_position(shifted(position, dx, dy))
    assert relative_fits(edge, dx, dy) == relative_fits(centre, 0, 0)
    assert [[(coords(sq), d) for sq, d in e.faces] for e in edge.ends.values()] == [
        [(coords(sq + dx * STRIDE + dy), d) for sq, d in e.faces] for e in centre.ends.values()
    ]


def test_a_tile_beyond_the_grid_is_refused_not_misplaced() -> None:
    layout = Layout()
    with pytest.raises(IllegalMoveError, match="too far out"):
        layout.add(Placement(0, 6, 6, TILE_LIMIT - 1, 0, TILE_LIMIT - 1, 2))
    with pytest.raises(IllegalMoveError, match="too far out"):
        layout.add(Placement(0, 6, 5, 0, -TILE_LIMIT - 1, 2, -TILE_LIMIT - 1))
    assert layout.is_empty and not layout.cells
    layout.add(Placement(0, 6, 6, TILE_LIMIT - 2, -TILE_LIMIT, TILE_LIMIT - 2, -TILE_LIMIT + 2))
    assert len(layout.cells) == 8


def test_a_number_beyond_six_is_refused() -> None:
    with pytest.raises(IllegalMoveError, match="double-six"):
        Layout().add(Placement(0, 7, 6, 0, 0, 2, 0))


def test_the_cell_views_read_the_grid() -> None:
    layout = read_position("1:6-6@0,0N 2:6-3@0,4N")
    cells = dict(layout.cells)
    assert len(cells) == 16 and set(cells.values()) == {6, 3}
    assert [layout.owner[c] for c in cells] == [0] * 8 + [1] * 8
    assert -5 not in layout.cells and 10**9 not in layout.cells


def grid_byte(layout: Layout, cell: int) -> int:
    """What the layout's grid byte at ``cell`` must be, worked out from the cells: 0x80 if
    the cell is covered, ORed with the summary of the square whose lower-left cell it is
    (0x7F if that square overlaps a tile, else the bits of the numbers along its edges)."""
    cells = layout.cells
    covered = 0x80 if cell in cells else 0
    if any(cell + o in cells for o in SQUARE):
        return covered | 0x7F
    shown = 0
    for d in range(4):
        for o in ACROSS[d]:
            if cell + o in cells:
                shown |= 1 << cells[cell + o]
    return covered | shown


@pytest.mark.parametrize("attachments", [7, 3])
def test_the_grid_matches_the_cells_after_every_play(attachments: int) -> None:
    for seed in range(6):
        hand = NetworkHand.deal(2 + seed % 4, {"attachments": attachments}, seed)
        rng = random.Random(seed)
        while not hand.is_over:
            hand.apply(random_move(hand, rng))
            layout = hand.layout
            xs = [x for p in layout.placements for x in (p.ax, p.bx)]
            ys = [y for p in layout.placements for y in (p.ay, p.by)]
            for x in range(min(xs) - 4, max(xs) + 6):
                for y in range(min(ys) - 4, max(ys) + 6):
                    cell = key(x, y)
                    assert layout._grid[cell] == grid_byte(layout, cell), (x, y)


def test_rings_if_leaves_the_grid_as_it_was() -> None:
    layout = read_position(ONE_RING_BEFORE)
    before = bytes(layout._grid)
    for high in range(7):
        for low in range(high + 1):
            tile = Placement(0, high, low, 0, 0, 0, 0).tile
            for end, cand in layout.fits(tile):
                layout.rings_if(layout.placement_for(0, tile, end, cand))
    assert bytes(layout._grid) == before


def test_random_hands_stay_well_inside_the_grid() -> None:
    """Two players hold 28 tiles between them: the longest hands there are."""
    for seed in range(30):
        hand = NetworkHand.deal(2, {}, seed)
        rng = random.Random(seed)
        while not hand.is_over:
            hand.apply(random_move(hand, rng))
        for p in hand.layout.placements:
            assert all(-108 <= v <= 109 for v in (p.ax, p.ay, p.bx, p.by))
