"""The quick spot tests give exactly what the plain definitions give: the pictures'
bytes depend on every choice they make."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from render.kit.fonts import font, text_length
from render.kit.geometry import Rect, clear_count, meets_any, pick_spot

COORDINATE = st.floats(min_value=-60, max_value=60, allow_nan=False).map(lambda v: round(v, 1))
SIZE = st.floats(min_value=0.5, max_value=40, allow_nan=False).map(lambda v: round(v, 1))


@st.composite
def rects(draw: st.DrawFn) -> Rect:
    left, top = draw(COORDINATE), draw(COORDINATE)
    return Rect(left, top, left + draw(SIZE), top + draw(SIZE))


RECTS = st.lists(rects(), max_size=12)


def plain_pick(options: list[Rect], layers: list[tuple[list[Rect], float]]) -> Rect:
    """The first spot covering nothing, else the least weighted overlap, earliest on a
    tie: the definition, summed obstacle by obstacle."""
    best, best_cost = options[0], float("inf")
    for spot in options:
        cost = 0.0
        for obstacles, weight in layers:
            if weight:
                cost += weight * sum(spot.overlap(o) for o in obstacles)
        if cost == 0:
            return spot
        if cost < best_cost:
            best, best_cost = spot, cost
    return best


@settings(max_examples=300, deadline=None)
@given(
    st.lists(rects(), min_size=1, max_size=12),
    RECTS,
    RECTS,
    st.sampled_from([0.0, 1.0, 4.0, 100.0]),
)
def test_pick_spot_picks_what_the_definition_picks(
    options: list[Rect], tiles: list[Rect], labels: list[Rect], weight: float
) -> None:
    layers = [(tiles, 1.0), (labels, weight)]
    assert pick_spot(options, layers) is plain_pick(options, layers)


@settings(max_examples=300, deadline=None)
@given(RECTS, RECTS)
def test_clear_count_counts_the_spots_that_overlap_nothing(
    options: list[Rect], obstacles: list[Rect]
) -> None:
    expected = sum(1 for o in options if not any(o.overlap(t) > 0 for t in obstacles))
    assert clear_count(options, obstacles) == expected


@settings(max_examples=300, deadline=None)
@given(rects(), RECTS)
def test_meets_any_is_meets_on_numbers(spot: Rect, others: list[Rect]) -> None:
    assert meets_any(spot.box, [o.box for o in others]) == any(spot.meets(o) for o in others)


def test_text_length_is_the_fonts_own_measure() -> None:
    for text in ("Alice", "Chandra · East", "Где 6-6 может пойти", ""):
        for face in (font(14), font(23, bold=True)):
            assert text_length(text, face) == face.getlength(text)
