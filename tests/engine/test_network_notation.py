"""Move notation and position notation (docs/notation.md)."""

from collections.abc import Callable

import pytest

from engine.errors import NotationError, UnknownTileError
from engine.network import PASS, NetworkMove, parse_move, read_position, write_position
from engine.network.geometry import E, N, X
from engine.tiles import Tile

from .positions import TWO_RINGS_BEFORE


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("6-3 B NE", NetworkMove(Tile(6, 3), "B", N, E)),
        ("3-6 b ne", NetworkMove(Tile(6, 3), "B", N, E)),
        ("6-3 B:NE", NetworkMove(Tile(6, 3), "B", N, E)),
        ("63bne", NetworkMove(Tile(6, 3), "B", N, E)),
        ("5-5 AA NX", NetworkMove(Tile(5, 5), "AA", N, X)),
        ("6-6", NetworkMove(Tile(6, 6))),
        ("PASS", PASS),
        (" pass ", PASS),
    ],
)
def test_parse_accepts_forgiving_spellings(text: str, expected: NetworkMove) -> None:
    assert parse_move(text) == expected


@pytest.mark.parametrize("text", ["6-3 B NE", "5-5 AA NX", "6-6", "pass", "4-0 N NN"])
def test_printing_is_canonical_and_round_trips(text: str) -> None:
    assert str(parse_move(text)) == text


def test_a_tile_outside_double_six_is_unknown() -> None:
    with pytest.raises(UnknownTileError):
        parse_move("7-3 A NN")


def test_position_round_trips_through_text() -> None:
    layout = read_position(TWO_RINGS_BEFORE)
    assert write_position(layout) == TWO_RINGS_BEFORE
    assert write_position(read_position(write_position(layout))) == TWO_RINGS_BEFORE


@pytest.mark.parametrize(
    ("read", "text", "message"),
    [
        (parse_move, "hello", "is not a move"),
        (parse_move, "6-3 B", "needs an open end and two direction letters"),
        (parse_move, "6-3 B QE", "is not a face"),
        (parse_move, "6-3 B NQ", "is not a direction"),
        (parse_move, "6-3 B NX", "Only a double can be laid crosswise"),
        (read_position, "1:6-6@0,0N 2:6-6@0,4N", "already on the table"),
        (read_position, "1:6-6@0,0N 2:5-3@0,4N", "cannot be laid there"),
        (read_position, "1:6-6@0,0N 2:6-3@1,4N", "cannot be laid there"),
        (read_position, "1:6-6@0,0Q", "is not a position entry"),
        (read_position, "7:6-6@0,0N", "seats run from 1 to 5"),
        (read_position, "1:7-6@0,0N", "double-six"),
    ],
)
def test_a_malformed_move_or_position_is_refused_with_the_reason(
    read: Callable[[str], object], text: str, message: str
) -> None:
    with pytest.raises(NotationError, match=message):
        read(text)


def test_listed_moves_are_interned_values_equal_to_built_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from engine.network import moves

    built = NetworkMove(Tile(6, 3), "B", N, E)
    listed = moves.placed_move(Tile(6, 3), "B", N, E)
    assert listed == built and hash(listed) == hash(built) and str(listed) == "6-3 B NE"
    assert moves.placed_move(Tile(6, 3), "B", N, E) is listed
    with pytest.raises(AttributeError):
        listed.label = "C"  # type: ignore[misc]
    monkeypatch.setattr(moves, "_PLACED", {})
    monkeypatch.setattr(moves, "PLACED_LIMIT", 3)
    for label in "CDEFG":
        assert moves.placed_move(Tile(6, 3), label, N, E) == NetworkMove(Tile(6, 3), label, N, E)
    assert len(moves._PLACED) <= 3
