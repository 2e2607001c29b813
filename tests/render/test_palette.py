"""Seat colours: one per seat of the largest table, each clearly apart from the others and
from the table and tile they are drawn on."""

from __future__ import annotations

import math

from render.kit.palette import BACKGROUND, HEADER_BACKGROUND, IVORY, RGB, seat_colour


def distance(p: RGB, q: RGB) -> float:
    return math.dist(p, q)


def test_nine_seats_get_nine_distinct_colours() -> None:
    colours = [seat_colour(seat) for seat in range(9)]
    assert len(set(colours)) == 9
    for i, colour in enumerate(colours):
        for other in colours[i + 1 :]:
            assert distance(colour, other) >= 60, (colour, other)


def test_the_ninth_colour_shows_on_the_table_the_header_and_a_tile() -> None:
    ninth = seat_colour(8)
    for ground in (BACKGROUND, HEADER_BACKGROUND, IVORY):
        assert distance(ninth, ground) >= 90, ground
    nearest = min(distance(ninth, seat_colour(seat)) for seat in range(8))
    assert nearest >= 100


def test_the_first_eight_colours_are_okabe_ito_as_before() -> None:
    """Existing pictures (2–5 seats) keep their colours."""
    assert [seat_colour(seat) for seat in range(8)] == [
        (230, 159, 0),
        (86, 180, 233),
        (0, 158, 115),
        (204, 121, 167),
        (240, 228, 66),
        (213, 94, 0),
        (0, 114, 178),
        (187, 187, 187),
    ]
