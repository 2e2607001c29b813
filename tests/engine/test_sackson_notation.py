"""Sackson's Network: reading moves, and a clear reason for every kind of illegal move,
with the game left exactly as it was."""

from __future__ import annotations

import json

import pytest

from engine.errors import IllegalMoveError, NotationError, NotYourTurnError
from engine.sackson import SacksonGame, SacksonMove
from engine.sackson.board import square

# Move phase, Dark to move; Dark's e4 blocks Light's network a6-c6-c4-f4-f2-h2, and
# moving it to g5 would complete Dark's e1-e3-g3-g5-e7-e8 as well.
BOTH_DARK = "e1 e3 g3 e7 e8 e4 b7 b5 c2 g7"
BOTH_LIGHT = "a6 c6 c4 f4 f2 h2 d7 b2 g6 a4"


def frozen(game: SacksonGame) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


# ------------------------------------------------------------------ notation


@pytest.mark.parametrize(
    ("text", "start", "end", "written"),
    [
        ("d4", None, "d4", "d4"),
        ("D4", None, "d4", "d4"),
        ("  h7 ", None, "h7", "h7"),
        ("d4-f6", "d4", "f6", "d4-f6"),
        ("D4 F6", "d4", "f6", "d4-f6"),
        ("d4f6", "d4", "f6", "d4-f6"),
        ("d4 - f6", "d4", "f6", "d4-f6"),
        ("d4–f6", "d4", "f6", "d4-f6"),
        ("b1 to b8", "b1", "b8", "b1-b8"),
    ],
)
def test_moves_are_read_in_every_documented_form(
    text: str, start: str | None, end: str, written: str
) -> None:
    move = SacksonMove.parse(text)
    assert move.start == (None if start is None else square(start))
    assert move.end == square(end)
    assert not move.is_pass
    assert str(move) == written
    assert SacksonMove.parse(str(move)) == move


@pytest.mark.parametrize("text", ["pass", "PASS", " Pass "])
def test_pass_is_read(text: str) -> None:
    move = SacksonMove.parse(text)
    assert move.is_pass
    assert str(move) == "pass"


def test_every_square_round_trips() -> None:
    for rank in "12345678":
        for file in "abcdefgh":
            assert str(SacksonMove.parse(file + rank)) == file + rank
            assert str(SacksonMove.parse(f"{file}{rank}-d4")) == f"{file}{rank}-d4"


def test_the_game_reads_moves_the_same_way() -> None:
    game = SacksonGame.deal(2, {}, seed=1)
    for text in ("d4", "D4 F6", "pass"):
        assert game.parse_move(text) == SacksonMove.parse(text)


@pytest.mark.parametrize(
    "text", ["", "   ", "i1", "a9", "a0", "d", "44", "d4-", "-d4", "d4-f6-g7", "hello", "pass d4"]
)
def test_bad_input_raises_a_readable_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as raised:
        SacksonMove.parse(text)
    message = str(raised.value)
    assert "d4" in message  # shows how a move is written
    assert message.endswith(".")


def test_bad_input_to_a_game_changes_nothing() -> None:
    game = SacksonGame.deal(2, {}, seed=2)
    game.play(0, "d4")
    before = frozen(game)
    with pytest.raises(NotationError):
        game.play(1, "z9")
    with pytest.raises(NotYourTurnError):
        game.play(0, "e5")
    assert frozen(game) == before


# ------------------------------------------------------------------ why a move is illegal


def refused(game: SacksonGame, text: str) -> str:
    """The message a player gets for ``text``, checking that nothing changed."""
    before = frozen(game)
    move = game.parse_move(text)
    assert str(move) not in {str(m) for m in game.legal_moves()}
    with pytest.raises(IllegalMoveError) as raised:
        game.apply(move)
    assert frozen(game) == before
    assert str(raised.value) == game.why_illegal(move)
    return str(raised.value)


def placing() -> SacksonGame:
    return SacksonGame.from_position("d4 e4 b2", "c6 a3", to_move="dark")


def moving() -> SacksonGame:
    return SacksonGame.from_position(BOTH_DARK, BOTH_LIGHT, to_move="dark")


def test_an_occupied_square_is_refused() -> None:
    assert refused(placing(), "c6") == "c6 is taken."
    assert refused(placing(), "d4") == "d4 is taken."
    assert refused(moving(), "b7-c6") == "c6 is taken."


def test_a_corner_is_refused() -> None:
    for corner in ("a1", "h1", "a8", "h8"):
        assert "corner" in refused(placing(), corner)
    assert "corner" in refused(moving(), "b7-h8")


def test_the_opponents_goal_is_refused_for_both_colours() -> None:
    assert refused(placing(), "a5") == "a5 is in your opponent's goal."
    assert refused(moving(), "b7-h5") == "h5 is in your opponent's goal."
    light = SacksonGame.from_position("d4 e4 b2", "c6 a3", to_move="light")
    assert refused(light, "d1") == "d1 is in your opponent's goal."
    assert refused(light, "g8") == "g8 is in your opponent's goal."


def test_a_group_of_three_is_refused() -> None:
    assert "group of more than two" in refused(placing(), "f5")
    assert "group of more than two" in refused(placing(), "c3")  # joins b2 to d4
    assert "group of more than two" in refused(moving(), "b7-d4")  # beside e3 and e4


def test_moving_a_piece_while_pieces_are_in_hand_is_refused() -> None:
    message = refused(placing(), "d4-d6")
    assert message == "You still have 7 pieces to place: name one square (e.g. d4)."


def test_placing_a_piece_with_none_in_hand_is_refused() -> None:
    assert refused(moving(), "d6").startswith("All your pieces are on the board")


def test_moving_from_a_square_without_an_own_piece_is_refused() -> None:
    assert refused(moving(), "d5-d6") == "You have no piece on d5."
    assert refused(moving(), "c6-d5") == "You have no piece on c6."  # Light's piece


def test_a_move_to_the_same_square_is_refused() -> None:
    assert refused(moving(), "b7-b7") == "A piece must move to another square."


def test_a_move_giving_both_players_a_network_is_refused() -> None:
    message = refused(moving(), "e4-g5")
    assert message == "That move would give both players a network, which is not allowed."


def test_a_voluntary_pass_is_refused() -> None:
    assert refused(placing(), "pass") == "You may pass only when you have no legal move."
    assert refused(moving(), "pass") == "You may pass only when you have no legal move."
