"""A replay's deal frame: each seat's dealt tiles face down, a row a seat in its colour."""

from __future__ import annotations

from PIL import Image

from render.kit.deal import deal_unit, paint_deal
from render.kit.palette import BACKGROUND, seat_colour


def tiles_in_row(image: Image.Image, colour: tuple[int, int, int]) -> int:
    """How many tiles of ``colour`` a row shows: the stretches most pixel rows cross
    (the row through the tiles' middle lines crosses each twice)."""
    crossing = [runs for runs in runs_of(image, colour) if runs]
    return max(set(crossing), key=crossing.count)


def runs_of(image: Image.Image, colour: tuple[int, int, int]) -> list[int]:
    """For each pixel row, how many separate stretches of ``colour`` it crosses."""
    pixels = image.load()
    counts = []
    for y in range(image.height):
        inside, runs = False, 0
        for x in range(image.width):
            here = pixels[x, y] == colour
            runs += here and not inside
            inside = here
        counts.append(runs)
    return counts


def test_each_seat_shows_its_dealt_tiles_face_down_in_its_colour() -> None:
    image = Image.new("RGB", (800, 700), BACKGROUND)
    paint_deal(image, 100, [3, 7, 5], "No tiles yet: bob leads.")
    for seat, count in enumerate([3, 7, 5]):
        assert tiles_in_row(image, seat_colour(seat)) == count
    assert all(run == 0 for run in runs_of(image, seat_colour(0))[:100])  # below the header


def test_a_big_deal_still_fits_the_area() -> None:
    counts = [25] * 9  # nine players on double-21
    unit = deal_unit(counts, 1100, 800)
    assert 25 * (unit + unit // 3) <= 1100
    image = Image.new("RGB", (1100, 900), BACKGROUND)
    paint_deal(image, 100, counts, "note")
    for seat in range(9):
        assert tiles_in_row(image, seat_colour(seat)) == 25
