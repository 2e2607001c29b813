"""Classic move notation: forgiving parsing, canonical printing, helpful errors."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.classic import DRAW, PASS, ClassicMove, parse_move, play_move
from engine.errors import NotationError, UnknownTileError
from engine.tiles import Tile, double_set


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("6-4 E", "6-4 E"),
        ("6-4 e", "6-4 E"),
        ("64 E", "6-4 E"),
        ("4-6E", "6-4 E"),
        ("  4|6   w ", "6-4 W"),
        ("3-3 n", "3-3 N"),
        ("0-5 S", "5-0 S"),
        ("6-4", "6-4"),
        ("46", "6-4"),
        ("draw", "draw"),
        (" DRAW ", "draw"),
        ("PASS", "pass"),
        ("pass", "pass"),
    ],
)
def test_parsing_forgives_and_printing_is_canonical(text: str, canonical: str) -> None:
    move = parse_move(text)
    assert str(move) == canonical
    assert parse_move(canonical) == move


def test_moves_are_small_hashable_values() -> None:
    assert parse_move("6-4 e") == ClassicMove("play", Tile(6, 4), "E")
    assert parse_move("6-4 e") is play_move(Tile(6, 4), "E")  # interned
    assert hash(parse_move("4-6E")) == hash(ClassicMove("play", Tile(6, 4), "E"))
    assert parse_move("6-4 E") != parse_move("6-4 W")
    assert parse_move("6-4") != parse_move("6-4 E")
    assert parse_move("6-4").is_lead and parse_move("6-4 E").is_play
    assert DRAW.is_draw and PASS.is_pass and not DRAW.is_play
    assert {parse_move("draw"), DRAW, parse_move("pass")} == {DRAW, PASS}
    assert pickle.loads(pickle.dumps(parse_move("5-1 S"))) == parse_move("5-1 S")
    with pytest.raises(AttributeError):
        parse_move("6-4 E").end = "W"


def test_the_fields_of_a_play() -> None:
    move = parse_move("2-5 n")
    assert (move.kind, move.tile, move.end, move.slot) == ("play", Tile(5, 2), "N", 2)
    assert (DRAW.tile, DRAW.end, DRAW.slot) == (None, None, -1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "like '6-4 E'"),
        ("hello", "like '6-4 E'"),
        ("6-4 X", "use E, W, N or S"),
        ("6-4 EW", "use E, W, N or S"),
        ("6-", "like '6-4 E'"),
        ("6-4-2", "like '6-4 E'"),
        ("draw 6-4", "like '6-4 E'"),
    ],
)
def test_unreadable_moves_say_how_to_write_one(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_move(text)


def test_tiles_outside_the_double_six_set_are_refused() -> None:
    with pytest.raises(UnknownTileError):
        parse_move("7-1 E")


def test_bad_construction_is_refused() -> None:
    with pytest.raises(ValueError):
        ClassicMove("play", Tile(6, 4))
    with pytest.raises(ValueError):
        ClassicMove("draw", Tile(6, 4))
    with pytest.raises(ValueError):
        ClassicMove("play", Tile(6, 4), "Q")


@given(st.sampled_from(double_set(6)), st.sampled_from([None, "E", "W", "N", "S"]))
def test_print_then_parse_round_trips(tile: Tile, end: str | None) -> None:
    move = play_move(tile, end)
    assert parse_move(str(move)) == move
    assert parse_move(str(move).lower()) == move
    assert parse_move(f"{tile.low}{tile.high}{end or ''}") == move
