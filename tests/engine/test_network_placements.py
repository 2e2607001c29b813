"""Placement counts (docs/rules/network.md, "Placing a tile") and options."""

from collections import Counter

import pytest

from engine.network import read_position
from engine.network.layout import Layout
from engine.tiles import Tile

LEAD_DOUBLE = "1:6-6@0,0N"
DOUBLE_THEN_STRAIGHT = "1:6-6@0,0N 2:6-3@0,4N"  # open end B shows 3 on a non-double


def count_by_end(layout: Layout, tile: Tile) -> Counter[str]:
    return Counter(end.label for end, _ in layout.fits(tile))


def test_eight_placements_of_a_non_double_around_a_lone_lead_double() -> None:
    layout = read_position(LEAD_DOUBLE)
    assert sum(count_by_end(layout, Tile.of(6, 2)).values()) == 8


def test_three_placements_on_each_end_and_one_on_each_side_of_a_double() -> None:
    layout = read_position(LEAD_DOUBLE)
    counts = count_by_end(layout, Tile.of(6, 2))
    kinds = {end.label: end.kind for end in layout.ends.values()}
    assert sorted(counts[label] for label, kind in kinds.items() if kind == "end") == [3, 3]
    assert sorted(counts[label] for label, kind in kinds.items() if kind == "side") == [1, 1]


def test_seven_placements_of_a_non_double_onto_a_non_double_end() -> None:
    layout = read_position(DOUBLE_THEN_STRAIGHT)
    assert layout.ends["B"].number == 3 and layout.ends["B"].kind == "half"
    moves = [(c.face, c.turn) for _, c in layout.fits(Tile.of(3, 1))]
    assert len(moves) == 7
    # 3 off the end face (north): straight, turned west, turned east ...
    assert sorted(t for f, t in moves if f == 0) == [0, 1, 3]
    # ... and 2 off each side face: straight out, and the offset towards the end.
    assert sorted(t for f, t in moves if f == 1) == [0, 1]
    assert sorted(t for f, t in moves if f == 3) == [0, 3]


def test_four_placements_of_a_double_onto_a_non_double_end() -> None:
    layout = read_position(DOUBLE_THEN_STRAIGHT)
    assert sum(count_by_end(layout, Tile.of(3, 3)).values()) == 4


@pytest.mark.parametrize(("attachments", "single", "double"), [(7, 7, 4), (5, 5, 4), (3, 3, 2)])
def test_attachments_option_limits_side_face_placements(
    attachments: int, single: int, double: int
) -> None:
    layout = read_position(DOUBLE_THEN_STRAIGHT, attachments=attachments)
    assert sum(count_by_end(layout, Tile.of(3, 1)).values()) == single
    assert sum(count_by_end(layout, Tile.of(3, 3)).values()) == double


@pytest.mark.parametrize("attachments", [7, 5, 3])
def test_attachments_option_never_limits_a_double(attachments: int) -> None:
    layout = read_position(LEAD_DOUBLE, attachments=attachments)
    assert sum(count_by_end(layout, Tile.of(6, 2)).values()) == 8


def test_a_tile_that_matches_no_open_end_has_no_placement() -> None:
    layout = read_position(DOUBLE_THEN_STRAIGHT)
    assert list(layout.fits(Tile.of(5, 1))) == []


def test_rule_d_forbids_touching_a_different_number_along_an_edge() -> None:
    # Off the lead's east side, 6-1 turned north or south would rub its 1 against a 6.
    layout = read_position(DOUBLE_THEN_STRAIGHT)
    east_side = next(e for e in layout.ends.values() if e.kind == "side" and e.faces[0][1] == 1)
    turns = [c.turn for end, c in layout.fits(Tile.of(6, 1)) if end is east_side]
    assert turns == [1]  # only straight out


def test_placing_closes_the_used_end_and_opens_the_free_half() -> None:
    layout = read_position(LEAD_DOUBLE)
    north = next(e for e in layout.ends.values() if e.kind == "end" and e.faces[0][1] == 0)
    outcome = layout.place(1, Tile.of(6, 3), north.label, 0, 0)
    assert north.label in outcome.closed
    (opened,) = outcome.opened
    assert layout.ends[opened].number == 3 and layout.ends[opened].kind == "half"
    assert len(layout.ends) == 4


def test_a_double_adds_its_three_unused_points() -> None:
    layout = read_position(DOUBLE_THEN_STRAIGHT)
    outcome = layout.place(0, Tile.of(3, 3), "B", 0, 0)
    assert outcome.closed == ("B",)
    assert len(outcome.opened) == 3
    assert sorted(layout.ends[label].kind for label in outcome.opened) == ["end", "side", "side"]


def test_crosswise_double_sits_half_a_unit_off_the_grid() -> None:
    layout = read_position(DOUBLE_THEN_STRAIGHT)
    outcome = layout.place(0, Tile.of(3, 3), "B", 0, 4)  # 4 = X: crosswise over the north face
    p = outcome.placement
    assert (p.ay, p.by) == (8, 8) and sorted([p.ax, p.bx]) == [-1, 1]
