"""The line of play: lead, arms, the spinner's sequencing and the open-end count."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.classic.line import E, Line, N, S, W
from engine.errors import IllegalMoveError
from engine.tiles import Tile, double_set, parse_tile


def t(text: str) -> Tile:
    return parse_tile(text, 6)


def lay(line: Line, *plays: str) -> Line:
    """Lay ``"6-6"`` (the lead) and ``"6-3 E"``-style plays on ``line``."""
    for play in plays:
        tile, _, end = play.partition(" ")
        if end:
            line.place(t(tile), "EWNS".index(end), 0)
        else:
            line.play_lead(t(tile), 0)
    return line


def ends(line: Line) -> list[tuple[str, int, int]]:
    return line.ends()


# ---------------------------------------------------------------- lone lead
@pytest.mark.parametrize(("lead", "total"), [("5-5", 10), ("6-4", 10), ("6-6", 12), ("3-0", 3)])
def test_a_lone_lead_counts_both_ends(lead: str, total: int) -> None:
    line = lay(Line(), lead)
    assert line.total == total
    assert [label for label, _, _ in ends(line)] == ["E", "W"]


def test_a_lone_double_lead_splits_its_count_and_becomes_a_line_end_when_played_on() -> None:
    line = lay(Line(), "5-5")
    assert ends(line) == [("E", 5, 5), ("W", 5, 5)]
    lay(line, "5-3 E")
    # the 5-5 is now a double at the end of the line (W): both halves count
    assert ends(line) == [("E", 3, 3), ("W", 5, 10)]
    assert line.total == 13


def test_the_lead_lies_high_half_west() -> None:
    line = lay(Line(), "6-4")
    assert ends(line) == [("E", 4, 4), ("W", 6, 6)]
    assert line.to_json()["lead"] == {
        "tile": "6-4",
        "seat": 0,
        "west": 6,
        "east": 4,
        "double": False,
    }


# ---------------------------------------------------------------- spinner
def test_a_spinner_lead_opens_north_and_south_only_once_both_long_sides_are_covered() -> None:
    line = lay(Line(), "6-6")
    assert line.spinner == (-1, 0)
    lay(line, "6-3 E")
    assert [label for label, _, _ in ends(line)] == ["E", "W"]
    assert not line.accepts(t("6-2"), N)
    with pytest.raises(IllegalMoveError):
        line.place(t("6-2"), N, 0)
    assert line.total == 3 + 12  # the spinner still has an open long side: it counts 12
    lay(line, "6-1 W")
    # both long sides covered: the spinner counts nothing, N and S are open and count 0
    assert ends(line) == [("E", 3, 3), ("W", 1, 1), ("N", 6, 0), ("S", 6, 0)]
    assert line.total == 4
    lay(line, "6-2 N")
    assert line.total == 6
    lay(line, "6-5 S", "2-2 N")
    # a later double at the end of N counts both halves
    assert ends(line) == [("E", 3, 3), ("W", 1, 1), ("N", 2, 4), ("S", 5, 5)]
    assert line.total == 13


def test_a_spinner_laid_in_an_arm_has_its_inner_side_covered_by_the_tile_it_was_played_on() -> None:
    line = lay(Line(), "6-4", "4-4 E")
    assert line.spinner == (E, 0)
    assert line.to_json()["spinner"] == {"arm": "E", "index": 0}
    assert ends(line) == [("E", 4, 8), ("W", 6, 6)]  # the spinner's outer side: both halves
    lay(line, "4-1 E")  # its outer side is covered: now N and S open
    assert ends(line) == [("E", 1, 1), ("W", 6, 6), ("N", 4, 0), ("S", 4, 0)]
    assert line.total == 7


def test_a_spinner_deeper_in_arm_w() -> None:
    line = lay(Line(), "5-3", "5-2 W", "2-2 W")
    assert line.spinner == (W, 1)
    assert line.to_json()["spinner"] == {"arm": "W", "index": 1}
    assert not line.ns_open
    lay(line, "2-6 W")
    assert line.ns_open
    assert line.values[N] == line.values[S] == 2
    assert line.total == 3 + 6


def test_only_the_first_double_is_the_spinner_later_doubles_carry_the_line_through() -> None:
    line = lay(Line(), "6-6", "6-3 E", "3-3 E")
    assert line.spinner == (-1, 0)
    assert ends(line) == [("E", 3, 6), ("W", 6, 12)]
    lay(line, "3-1 E")
    assert ends(line) == [("E", 1, 1), ("W", 6, 12)]  # the crosswise 3-3 counts nothing now
    assert not line.ns_open  # 3-3 has no N/S: only the spinner has


def test_spinner_off_the_first_double_is_an_ordinary_crosswise_double() -> None:
    line = lay(Line(spinner_on=False), "6-6", "6-3 E", "6-1 W")
    assert line.spinner is None
    assert line.to_json()["spinner"] is None
    assert [label for label, _, _ in ends(line)] == ["E", "W"]
    assert line.total == 4
    lay(line, "3-3 E")
    assert ends(line) == [("E", 3, 6), ("W", 1, 1)]
    assert not line.accepts(t("3-2"), N) and not line.accepts(t("3-2"), S)


def test_an_empty_north_or_south_counts_nothing_but_still_takes_the_spinners_number() -> None:
    line = lay(Line(), "4-4", "4-2 E", "4-0 W")
    assert line.total == 2
    assert line.accepts(t("4-3"), N) and line.accepts(t("4-3"), S)
    assert line.total_if(t("4-3"), N) == 5


def test_playing_a_tile_that_does_not_match_changes_nothing() -> None:
    line = lay(Line(), "6-4")
    before = line.to_json()
    with pytest.raises(IllegalMoveError, match="does not match"):
        line.place(t("5-1"), E, 0)
    assert line.to_json() == before


# ---------------------------------------------------------------- invariants
@st.composite
def lines(draw: st.DrawFn) -> tuple[Line, list[tuple[Tile, int]]]:
    """A line built by random legal plays, and the plays made."""
    line = Line(spinner_on=draw(st.booleans()))
    pool = draw(st.permutations(double_set(6)))
    line.play_lead(pool[0], 0)
    plays: list[tuple[Tile, int]] = []
    for tile in pool[1 : draw(st.integers(1, 27))]:
        fits = line.fits(tile)
        if fits:
            end = draw(st.sampled_from(fits))
            plays.append((tile, end))
            line.place(tile, end, 0)
    return line, plays


@settings(max_examples=200, deadline=None)
@given(lines())
def test_counts_kept_up_to_date_agree_with_counting_from_scratch(
    built: tuple[Line, list[tuple[Tile, int]]],
) -> None:
    line, _ = built
    again = Line.from_json(line.to_json(), line.spinner_on)
    assert (again.values, again.counts, again.open, again.total) == (
        line.values,
        line.counts,
        line.open,
        line.total,
    )
    assert again.to_json() == line.to_json()
    assert line.total == sum(count for _, _, count in line.ends())


@settings(max_examples=200, deadline=None)
@given(lines(), st.sampled_from(double_set(6)))
def test_total_if_predicts_the_total_after_the_play(
    built: tuple[Line, list[tuple[Tile, int]]], tile: Tile
) -> None:
    line, _ = built
    for end in line.fits(tile):
        predicted = line.total_if(tile, end)
        after = line.copy()
        after.place(tile, end, 1)
        assert after.total == predicted
    assert [label for label, _, _ in line.ends()][:2] == ["E", "W"]
    assert line.ns_open == (line.spinner is not None and len(line.open) == 4)
    if not line.spinner_on:
        assert line.spinner is None and not line.ns_open
    assert set(line.open) <= {E, W, N, S}
