"""Rings: newly enclosed empty regions, 8-connected (docs/rules/network.md, 'Rings')."""

from engine.network import parse_move, read_position
from engine.network.layout import Layout, PlaceOutcome
from engine.network.text import layout_text

from .positions import (
    CORNER_BEFORE,
    CORNER_TOUCH,
    ONE_RING_BEFORE,
    ONE_RING_CLOSE,
    ONE_RING_ONE_END,
    TWO_RINGS_BEFORE,
    TWO_RINGS_CLOSE,
)


def play(layout: Layout, text: str, seat: int = 0) -> PlaceOutcome:
    move = parse_move(text)
    assert move.tile is not None and move.label is not None
    return layout.place(seat, move.tile, move.label, move.face, move.turn)


def test_closing_a_loop_around_one_hole_scores_one_ring() -> None:
    layout = read_position(ONE_RING_BEFORE)
    outcome = play(layout, ONE_RING_CLOSE, seat=1)
    assert outcome.rings == 1
    (ring,) = outcome.regions
    assert ring.seat == 1
    # The enclosed hole is exactly the one unit square (four half-unit cells) in the middle.
    assert ring.cells == ((2, 2), (2, 3), (3, 2), (3, 3))
    assert layout.rings == [ring]


def test_the_ring_closing_tile_closes_both_ends_it_abuts() -> None:
    layout = read_position(ONE_RING_BEFORE)
    assert sorted(e.number for e in layout.ends.values()) == [1, 4]
    outcome = play(layout, ONE_RING_CLOSE)
    assert len(outcome.closed) == 2
    assert outcome.opened == ()
    assert layout.ends == {}


def test_a_tile_abutting_the_network_at_one_end_only_scores_nothing() -> None:
    layout = read_position(ONE_RING_BEFORE)
    assert play(layout, ONE_RING_ONE_END).rings == 0


def test_one_play_closing_two_regions_scores_two() -> None:
    layout = read_position(TWO_RINGS_BEFORE)
    move = parse_move(TWO_RINGS_CLOSE)
    assert move.tile is not None and move.label is not None
    end, cand = layout.find(move.tile, move.label, move.face, move.turn)
    picture = layout_text(layout, layout.placement_for(0, move.tile, end, cand))
    assert "****" in picture  # the picture helps a reader check the position by eye
    outcome = play(layout, TWO_RINGS_CLOSE)
    assert outcome.rings == 2
    assert len(outcome.regions) == 2


def test_corner_only_contact_never_closes_a_ring() -> None:
    layout = read_position(CORNER_BEFORE)
    outcome = play(layout, CORNER_TOUCH)
    assert outcome.rings == 0
    # The new tile's corner meets another tile's corner: the cells diagonally across stay
    # connected to the outside, which is why 8-connectivity leaves the region open.
    assert outcome.regions == ()


def test_rings_if_predicts_without_changing_the_layout() -> None:
    layout = read_position(ONE_RING_BEFORE)
    before = dict(layout.cells)
    move = parse_move(ONE_RING_CLOSE)
    assert move.tile is not None and move.label is not None
    end, cand = layout.find(move.tile, move.label, move.face, move.turn)
    assert layout.rings_if(layout.placement_for(0, move.tile, end, cand)) == 1
    assert layout.cells == before
