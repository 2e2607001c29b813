"""Sackson's Network, docs/rules/sackson.md: the board, where a piece may go, turns, the end of the
game, the table options and the state, through the game's public API.

Expected legal moves are computed by ``sackson_rules`` (the rule text read literally, by
brute force over squares), never by the engine's own helpers.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import HandOverError, IllegalMoveError
from engine.sackson import SacksonGame, SacksonMove
from engine.sackson.board import DARK, LIGHT, square
from engine.sackson.network import has_network

from . import sackson_rules as rules

EQUALIZED = {"turn_order": "equalized"}
CS61B = {"both_networks": "mover_loses"}


# ------------------------------------------------------------------ helpers


def targets(game: SacksonGame) -> set[str]:
    """Where the player to move may place a piece (placement phase)."""
    moves = game.legal_moves()
    assert all(m.start is None for m in moves)
    return {str(m) for m in moves}


def board(game: SacksonGame) -> tuple[set[rules.Square], set[rules.Square]]:
    """Dark's and Light's squares, from the view."""
    squares = game.view(None)["squares"]
    return (
        {rules.sq(s) for s, c in squares.items() if c == "dark"},
        {rules.sq(s) for s, c in squares.items() if c == "light"},
    )


def expected_moves(game: SacksonGame) -> set[str]:
    """The legal moves by the rule text: placements while pieces are in hand, else moves
    of a piece, leaving out (unless the CS61B option is on) any move that would give both
    players a network."""
    view = game.view(None)
    colour = view["colour_to_move"]
    dark, light = board(game)
    own, theirs = (dark, light) if colour == rules.DARK else (light, dark)
    if view["in_hand"][colour]:
        return {rules.nm(s) for s in rules.placements(colour, own, theirs)}
    found = set()
    both_illegal = view["options"]["both_networks"] == "illegal"
    for start in own:
        rest = own - {start}
        # Lifting a piece is the only way a move can open the opponent's lines.
        unblocks = both_illegal and rules.has_network(theirs, rest, rules.other(colour))
        for end in rules.placements(colour, rest, theirs) - {start}:
            after = rest | {end}
            if (
                unblocks
                and rules.has_network(after, theirs, colour)
                and rules.has_network(theirs, after, rules.other(colour))
            ):
                continue
            found.add(f"{rules.nm(start)}-{rules.nm(end)}")
    return found


def quiet_move(game: SacksonGame, rng: random.Random, tries: int = 6) -> SacksonMove:
    """A random legal move, preferring (within a few tries) one that does not end the
    game, so seeded games reach the moving phase."""
    moves = game.legal_moves()
    move = rng.choice(moves)
    for _ in range(tries):
        trial = game.copy()
        trial.apply(move)
        if not trial.is_over:
            return move
        move = rng.choice(moves)
    return move


def colours_to_move(game: SacksonGame, plies: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    seen = []
    for _ in range(plies):
        seen.append(game.view(None)["colour_to_move"])
        game.apply(quiet_move(game, rng, tries=40))
    return seen


def frozen(game: SacksonGame) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


# Move phase, Dark to move. Dark's e4 blocks Light's a6-c6-c4-f4-f2-h2 (at e4, between c4
# and f4), and Dark's e1-e3-g3-?-e7-e8 lacks g5.
BOTH_DARK = "e1 e3 g3 e7 e8 e4 b7 b5 c2 g7"
BOTH_LIGHT = "a6 c6 c4 f4 f2 h2 d7 b2 g6 a4"

# Dark's four upright pairs cover every square Dark may use: Dark cannot place at all.
STUCK_DARK = "c2 c3 f2 f3 c6 c7 f6 f7"


# ------------------------------------------------------------------ board and pieces


def test_squares_are_named_a1_to_h8_with_a1_bottom_left() -> None:
    names = [f"{f}{r}" for r in "12345678" for f in "abcdefgh"]
    assert [square(n) for n in names] == list(range(64))
    game = SacksonGame.from_position("b1 g8", "a2 h7")
    assert game.view(None)["squares"] == {
        "b1": "dark",
        "g8": "dark",
        "a2": "light",
        "h7": "light",
    }


def test_each_player_has_ten_pieces_and_dark_moves_first() -> None:
    game = SacksonGame.deal(2, {}, seed=7)
    view = game.view(0)
    assert view["in_hand"] == {"dark": 10, "light": 10}
    assert view["squares"] == {}
    assert view["colour_to_move"] == "dark"
    assert game.current_player == view["dark"] == 0
    assert view["phase"] == "place"


def test_dark_may_use_its_own_goals_but_not_lights_nor_the_corners() -> None:
    game = SacksonGame.deal(2, {}, seed=1)
    expected = {
        f"{f}{r}" for f in "bcdefg" for r in "12345678"
    }  # every file but a and h, every rank
    assert targets(game) == expected
    assert len(expected) == 48


def test_light_may_use_its_own_goals_but_not_darks_nor_the_corners() -> None:
    game = SacksonGame.deal(2, {}, seed=1)
    game.apply(game.parse_move("d1"))  # in Dark's goal, where Light may not go anyway
    expected = {f"{f}{r}" for f in "abcdefgh" for r in "234567"}
    assert targets(game) == expected
    assert len(expected) == 48


@pytest.mark.parametrize("colour", ["dark", "light"])
def test_the_corners_are_never_usable(colour: str) -> None:
    corners = {"a1", "h1", "a8", "h8"}
    game = SacksonGame.from_position("", "", to_move=colour)
    assert not targets(game) & corners
    # Nor in the moving phase: no piece ever moves to a corner.
    moving = SacksonGame.from_position(BOTH_DARK, BOTH_LIGHT, to_move="dark")
    assert {str(m).split("-")[1] for m in moving.legal_moves()}.isdisjoint(corners)
    for corner in corners:
        with pytest.raises(IllegalMoveError, match="corner"):
            game.apply(game.parse_move(corner))


def test_the_game_is_for_two_players_only() -> None:
    for players in (1, 3, 4):
        with pytest.raises(ValueError, match="two players"):
            SacksonGame.deal(players, {}, seed=1)


def test_the_dark_option_picks_who_plays_dark_in_game_one() -> None:
    assert SacksonGame.deal(2, {"dark": "host"}, seed=3).view(0)["dark"] == 0
    guest = SacksonGame.deal(2, {"dark": "guest"}, seed=3)
    assert guest.view(0)["dark"] == 1
    assert guest.current_player == 1  # Dark moves first, whoever plays it
    drawn = [SacksonGame.deal(2, {"dark": "random"}, seed=s).dark for s in range(24)]
    assert set(drawn) == {0, 1}
    again = [SacksonGame.deal(2, {"dark": "random"}, seed=s).dark for s in range(24)]
    assert again == drawn  # the same seed draws the same seat


@pytest.mark.parametrize("choice", ["host", "guest", "random"])
def test_colours_alternate_from_game_to_game(choice: str) -> None:
    first = SacksonGame.deal(2, {"dark": choice}, seed=11)
    second = SacksonGame.deal(
        2, {"dark": choice}, seed=12, hand_number=2, previous_leader=first.leader
    )
    third = SacksonGame.deal(
        2, {"dark": choice}, seed=13, hand_number=3, previous_leader=second.leader
    )
    assert second.dark == 1 - first.dark
    assert third.dark == first.dark
    assert second.current_player == second.dark


def test_a_win_goes_to_the_seat_playing_the_winning_colour() -> None:
    game = SacksonGame.deal(2, {"dark": "guest"}, seed=5)  # the guest (seat 1) is Dark
    script = ["b1", "a3", "b3", "a5", "d3", "a7", "d6", "h3", "f6", "h5", "f8"]
    for text in script:
        seat = game.current_player
        assert seat is not None
        game.play(seat, text)
    assert game.outcome is not None
    assert game.outcome.winners == (1,)
    assert game.scores == [0, 1]
    assert game.view(0)["network"] == ["b1", "b3", "d3", "d6", "f6", "f8"]


# ------------------------------------------------------------------ where a piece may go


def test_the_empty_board_offers_48_placements() -> None:
    game = SacksonGame.deal(2, {}, seed=0)
    assert len(game.legal_moves()) == 48


def test_a_piece_goes_only_on_an_empty_square() -> None:
    game = SacksonGame.from_position("d4", "e5", to_move="dark")
    assert "e5" not in targets(game)
    assert "d4" not in targets(game)
    before = frozen(game)
    with pytest.raises(IllegalMoveError, match="e5 is taken"):
        game.apply(game.parse_move("e5"))
    assert frozen(game) == before


@pytest.mark.parametrize(
    ("dark", "banned", "allowed"),
    [
        # An upright pair: nothing may touch either piece.
        ("d4 d5", {"d3", "d6", "c4", "e5", "c6", "e3"}, {"d2", "d7", "b4", "f5"}),
        # A pair along a row.
        ("d4 e4", {"c4", "f4", "c3", "f5", "d5", "e3"}, {"b4", "g4", "d6"}),
        # A diagonal pair.
        ("d4 e5", {"c3", "f6", "e4", "d5", "c5", "f4"}, {"b2", "g7", "e2", "g5"}),
        # Two singles two apart: a piece between would join them into three.
        ("d4 f4", {"e4", "e3", "e5"}, {"c4", "g4", "d5", "f3"}),
        ("d4 f6", {"e5"}, {"e4", "d5", "c3", "g7"}),
        ("d4 d6", {"d5", "c5", "e5"}, {"c4", "c6", "e3"}),
    ],
)
def test_no_group_of_more_than_two_own_pieces(
    dark: str, banned: set[str], allowed: set[str]
) -> None:
    game = SacksonGame.from_position(dark, "", to_move="dark")
    legal = targets(game)
    assert not legal & banned
    assert allowed <= legal
    for text in banned:
        with pytest.raises(IllegalMoveError, match="group of more than two"):
            game.apply(game.parse_move(text))


def test_the_opponents_pieces_do_not_count_in_a_group() -> None:
    # Dark d4 touches Light's pair e4-e5: Dark may still make a pair c4-d4, and Light's
    # own pair is what stops Light beside it, not Dark's piece.
    dark, light = "d4", "e4 e5"
    to_dark = SacksonGame.from_position(dark, light, to_move="dark")
    assert {"c4", "c5", "d5", "f4", "f5", "f6"} <= targets(to_dark)
    to_light = SacksonGame.from_position(dark, light, to_move="light")
    legal = targets(to_light)
    assert not legal & {"f4", "f5", "f6", "d5", "e3", "e6", "d6", "f3"}
    assert "c4" in legal  # touches Dark's d4 only


def test_figure_6_legal_placements_for_dark() -> None:
    dark = "c3 d4 b7 c7 f4 f6 g1"  # two pairs, two singles two apart, a single in a goal
    light = "e4 a5 d6 h3 e7 b2"
    game = SacksonGame.from_position(dark, light, to_move="dark")
    expected = rules.placements(rules.DARK, rules.squares(dark), rules.squares(light))
    assert targets(game) == {rules.nm(s) for s in expected}
    # A few read off the diagram: f5 and g5 join f4 to f6, e5 touches the pair c3-d4,
    # a-file squares are Light's goal, f2 beside the single g1 is fine.
    assert {"f5", "g5", "e5", "e3", "a4", "b8", "e4"}.isdisjoint(targets(game))
    assert {"f2", "e8", "g4", "d1", "b5"} <= targets(game)


def test_legal_placements_match_the_rule_text_in_random_positions() -> None:
    rng = random.Random(2024)
    for _ in range(40):
        game = SacksonGame.deal(2, {}, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(1, 19)):
            if game.is_over:
                break
            game.apply(quiet_move(game, rng))
        if not game.is_over:
            assert {str(m) for m in game.legal_moves()} == expected_moves(game)


# ------------------------------------------------------------------ turns


def test_a_turn_places_a_piece_while_any_are_in_hand_then_moves_one() -> None:
    game = SacksonGame.deal(2, {}, seed=21)
    rng = random.Random(21)
    for placed in range(20):
        view = game.view(None)
        assert view["phase"] == "place"
        assert sum(view["in_hand"].values()) == 20 - placed
        assert all(m.start is None for m in game.legal_moves())
        game.apply(quiet_move(game, rng, tries=40))
    view = game.view(None)
    assert not game.is_over
    assert view["in_hand"] == {"dark": 0, "light": 0}
    assert len(view["squares"]) == 20
    assert view["phase"] == "move"
    assert game.legal_moves()
    assert all(m.start is not None for m in game.legal_moves())
    assert {str(m) for m in game.legal_moves()} == expected_moves(game)


def test_a_piece_moves_to_any_other_legal_square_judged_after_lifting_it() -> None:
    dark = "d4 e4 b7 c2 g2 b1 f7 b4 g5 c8"
    light = "a3 a6 h3 h6 c7 d2 f6 b5 h5 g3"
    game = SacksonGame.from_position(dark, light, to_move="dark")
    legal = {str(m) for m in game.legal_moves()}
    assert legal == expected_moves(game)
    # e4 may go beside its partner d4: once lifted, the pair is only d4 …
    assert {"e4-e5", "e4-d5", "e4-e3"} <= legal
    # … but no other piece may go there and join d4-e4.
    assert not {"b7-e5", "b7-d5", "b7-e3", "c8-e5"} & legal
    # A piece never "moves" to its own square.
    assert not any(m.start == m.end for m in game.legal_moves())
    with pytest.raises(IllegalMoveError, match="another square"):
        game.apply(game.parse_move("e4-e4"))


def test_passing_is_not_allowed_while_a_move_exists() -> None:
    for game in (
        SacksonGame.deal(2, {}, seed=3),
        SacksonGame.from_position(BOTH_DARK, BOTH_LIGHT, to_move="dark"),
    ):
        assert "pass" not in {str(m) for m in game.legal_moves()}
        before = frozen(game)
        with pytest.raises(IllegalMoveError, match="only when you have no legal move"):
            game.apply(game.parse_move("pass"))
        assert frozen(game) == before


def test_a_stuck_player_passes_automatically() -> None:
    # Dark still holds two pieces but has nowhere to put them.
    game = SacksonGame.from_position(STUCK_DARK, "a3 a5 b5 d4 e4 h3 h5 g5", to_move="light")
    events = game.apply(game.parse_move("e6"))
    assert [(e.kind, e.player) for e in events] == [("play", 1), ("pass", 0)]
    assert events[1].detail["auto"] is True
    view = game.view(0)
    assert view["moves"][-2:] == ["e6", "pass"]
    assert view["last_move"] == {"notation": "pass", "colour": "dark", "from": None, "to": None}
    assert view["colour_to_move"] == "light"
    assert view["in_hand"] == {"dark": 2, "light": 1}
    assert not game.is_over


def test_a_diagram_whose_player_to_move_is_stuck_passes_at_once() -> None:
    game = SacksonGame.from_position(STUCK_DARK, "a3 a5 b5 d4 e4 h3 h5 g5", to_move="dark")
    assert game.view(0)["moves"] == ["pass"]
    assert game.current_player == 1
    assert game.legal_moves()


def test_both_players_stuck_in_succession_is_a_draw() -> None:
    # Light's last free square is d7. Once it is filled, Dark (pieces in hand, no square)
    # passes and then Light (a piece in hand, no square) is stuck too.
    # We know of no position with legal piece counts where both are stuck: a randomised
    # search over boards with up to nine pieces a side (both still placing) left at best
    # one square free, and with all ten placed it never came close. So Dark holds an
    # eleventh piece here: in_hand=(1, 2) with ten Dark pieces on the board.
    dark = "b2 b7 c3 c6 e2 e7 f3 f6 g1 g8"
    light = "b3 b6 c2 c5 f2 f5 g3 g6"
    game = SacksonGame.from_position(dark, light, to_move="light", in_hand=(1, 2))
    assert targets(game) == {"d7"}
    events = game.apply(game.parse_move("d7"))
    assert [e.kind for e in events] == ["play", "pass", "draw"]
    assert game.outcome is not None
    assert game.outcome.winners == ()
    assert game.outcome.reason == "both stuck"
    assert game.scores == [0, 0]
    assert game.current_player is None
    assert game.legal_moves() == []


def test_in_the_equalized_order_one_stuck_colour_passing_twice_is_no_draw() -> None:
    # Light has no piece on the board and none in hand, so it passes both of its first
    # turns (the order runs Dark, Light, Light, Dark, Light …); Dark can still place and
    # plays on. Only both players stuck one after the other draws.
    options = {"turn_order": "equalized"}
    game = SacksonGame.from_position("d4", "", to_move="light", in_hand=(9, 0), options=options)
    assert not game.is_over
    assert game.view(0)["moves"] == ["pass", "pass"]
    assert game.view(0)["colour_to_move"] == "dark"
    assert game.current_player == 0
    events = game.apply(game.parse_move("b4"))
    # From then on the turns alternate: Dark's move, Light's pass, Dark again.
    assert [e.kind for e in events] == ["play", "pass"]
    assert not game.is_over
    assert game.current_player == 0


# ------------------------------------------------------------------ the end of the game


def test_a_placement_completing_a_network_wins() -> None:
    game = SacksonGame.from_position("b1 b3 d3 d6 f6", "a3 a5 a7 h3 h5", to_move="dark")
    assert not game.is_over
    events = game.apply(game.parse_move("f8"))
    assert events[-1].kind == "network"
    assert game.outcome is not None
    assert game.outcome.winners == (0,)
    assert game.outcome.reason == "network"
    assert game.current_player is None
    assert game.legal_moves() == []
    with pytest.raises(HandOverError):
        game.apply(game.parse_move("c5"))


def test_a_move_completing_a_network_wins() -> None:
    game = SacksonGame.from_position(BOTH_DARK, BOTH_LIGHT, to_move="dark")
    game.apply(game.parse_move("b7-g5"))
    view = game.view(1)
    assert view["last_move"] == {"notation": "b7-g5", "colour": "dark", "from": "b7", "to": "g5"}
    assert view["outcome"] == {"winners": [0], "reason": "network"}
    assert view["network"] == ["e1", "e3", "g3", "g5", "e7", "e8"]
    assert view["network_colour"] == "dark"


def lights_network_after(game: SacksonGame, move: str) -> dict[str, Any]:
    """Dark makes the legal ``move``, and Light's network stands complete: the view after."""
    assert move in {str(m) for m in game.legal_moves()}
    game.apply(game.parse_move(move))
    view = game.view(0)
    assert view["network_colour"] == "light"
    assert view["network"] == ["a6", "c6", "c4", "f4", "f2", "h2"]
    return view


def test_a_move_that_only_unblocks_the_opponent_makes_the_opponent_win() -> None:
    game = SacksonGame.from_position(BOTH_DARK, BOTH_LIGHT, to_move="dark")
    view = lights_network_after(game, "e4-d5")
    assert view["outcome"] == {"winners": [1], "reason": "network"}


def test_a_move_giving_both_players_a_network_is_illegal_by_default() -> None:
    game = SacksonGame.from_position(BOTH_DARK, BOTH_LIGHT, to_move="dark")
    legal = {str(m) for m in game.legal_moves()}
    assert "e4-g5" not in legal
    assert legal == expected_moves(game)
    before = frozen(game)
    with pytest.raises(IllegalMoveError, match="both players a network"):
        game.apply(game.parse_move("e4-g5"))
    assert frozen(game) == before


def test_with_the_cs61b_option_it_is_legal_and_the_mover_loses() -> None:
    game = SacksonGame.from_position(BOTH_DARK, BOTH_LIGHT, to_move="dark", options=CS61B)
    view = lights_network_after(game, "e4-g5")
    assert view["outcome"] == {"winners": [1], "reason": "both networks"}
    assert view["options"]["both_networks"] == "mover_loses"


def test_the_third_occurrence_of_a_position_is_a_draw_counting_the_start() -> None:
    game = SacksonGame.from_position(BOTH_DARK, BOTH_LIGHT, to_move="dark")
    assert game.view(0)["repetitions"] == 1
    cycle = ["b5-b4", "a4-a3", "b4-b5", "a3-a4"]
    for text in cycle:
        game.apply(game.parse_move(text))
    assert game.view(0)["repetitions"] == 2  # the start again, Dark to move
    for text in cycle[:3]:
        game.apply(game.parse_move(text))
        assert not game.is_over
    events = game.apply(game.parse_move(cycle[3]))
    assert events[-1].kind == "draw"
    assert game.outcome is not None
    assert game.outcome.winners == ()
    assert game.outcome.reason == "repetition"
    assert game.view(0)["repetitions"] == 3


def test_the_same_pieces_with_the_other_player_to_move_is_another_position() -> None:
    game = SacksonGame.from_position(BOTH_DARK, BOTH_LIGHT, to_move="dark")
    start = game.view(0)["squares"]
    # Dark goes round a triangle (three moves), Light back and forth (two).
    for text in ["b5-b4", "a4-a3", "b4-c5", "a3-a4", "c5-b5"]:
        game.apply(game.parse_move(text))
    view = game.view(0)
    assert view["squares"] == start
    assert view["colour_to_move"] == "light"
    assert view["repetitions"] == 1
    for text in ["a4-a3", "b5-b4", "a3-a4", "b4-b5"]:
        game.apply(game.parse_move(text))
    assert game.view(0)["repetitions"] == 2  # the same, Light to move, once before
    assert not game.is_over


def test_positions_after_a_pass_count_for_repetition() -> None:
    # Dark is stuck with two pieces in hand and passes after every Light move; Light has
    # placed all ten (while Dark passed) and shuffles d6 to e6 and back.
    light = "a3 b2 a6 b5 d4 e4 g4 h3 h6 d6"
    game = SacksonGame.from_position(STUCK_DARK, light, to_move="light")
    assert game.view(0)["in_hand"] == {"dark": 2, "light": 0}
    for text in ["d6-e6", "e6-d6", "d6-e6"]:
        events = game.apply(game.parse_move(text))
        assert [e.kind for e in events] == ["play", "pass"]
    assert game.view(0)["repetitions"] == 2  # e6, Light to move: after two passes
    events = game.apply(game.parse_move("e6-d6"))
    # The start (Light to move, d6) occurs for the third time, right after Dark's pass.
    assert [e.kind for e in events] == ["play", "pass", "draw"]
    assert game.outcome is not None
    assert game.outcome.reason == "repetition"


def test_standard_turn_order_alternates() -> None:
    game = SacksonGame.deal(2, {}, seed=4)
    assert colours_to_move(game, 24) == ["dark", "light"] * 12


def test_equalized_turn_order_is_dark_light_light_then_alternating() -> None:
    game = SacksonGame.deal(2, EQUALIZED, seed=4)
    seen = colours_to_move(game, 24)
    assert seen == ["dark", "light", "light"] + ["dark", "light"] * 10 + ["dark"]
    view = game.view(0)
    assert view["options"]["turn_order"] == "equalized"
    # Dark still places its tenth piece on the last placing turn: nobody moves early.
    assert view["in_hand"] == {"dark": 0, "light": 0}
    # The order survives a round trip through JSON.
    revived = SacksonGame.from_json(json.loads(json.dumps(game.to_json())))
    assert colours_to_move(revived, 4, seed=9) == ["light", "dark", "light", "dark"]


# ------------------------------------------------------------------ state and views


def plain_json(value: Any) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain_json(v) for k, v in value.items())
    if isinstance(value, list):
        return all(plain_json(v) for v in value)
    return value is None or isinstance(value, str | int | float | bool)


@pytest.mark.parametrize("options", [{}, EQUALIZED, CS61B, {"dark": "guest"}])
def test_state_round_trips_and_views_rebuild_the_game(options: dict[str, str]) -> None:
    for seed in range(4):
        game = SacksonGame.deal(2, options, seed=seed)
        rng = random.Random(seed)
        while True:
            data = json.loads(json.dumps(game.to_json()))
            revived = SacksonGame.from_json(data)
            assert revived == game
            assert revived.to_json() == data
            assert [str(m) for m in revived.legal_moves()] == [str(m) for m in game.legal_moves()]
            views = [game.view(seat) for seat in (0, 1, None)]
            assert all(plain_json(v) for v in views)
            assert [v.pop("you") for v in views] == [0, 1, None]
            assert views[0] == views[1] == views[2]
            assert SacksonGame.from_view(game.view(1)) == game
            assert all(game.hidden_from(seat) == frozenset() for seat in (0, 1, None))
            if game.is_over or len(game.view(0)["moves"]) > 30:
                break
            game.apply(quiet_move(game, rng))


# ------------------------------------------------------------------ properties


def colour_of_turn(turn: int, equalized: bool) -> str:
    """Dark, Light, Dark … or, equalized, Dark, Light, Light, Dark, Light … (turn 0 first)."""
    order = ["dark", "light", "light"] if equalized else ["dark", "light"]
    if turn < len(order):
        return order[turn]
    return order[(turn - len(order)) % 2] if not equalized else ["dark", "light"][(turn - 3) % 2]


def check_invariants(game: SacksonGame, equalized: bool) -> None:
    view = game.view(None)
    dark, light = board(game)
    for colour, own in ((rules.DARK, dark), (rules.LIGHT, light)):
        assert rules.largest_group(own) <= 2
        assert all(rules.may_stand(colour, s) for s in own)
        assert len(own) + view["in_hand"][colour] == 10
    turns = len(view["moves"])  # passes included
    if turns:
        assert view["last_move"]["colour"] == colour_of_turn(turns - 1, equalized)
    if game.is_over:
        return
    expected = colour_of_turn(turns, equalized)
    assert view["colour_to_move"] == expected
    assert view["to_move"] == (view["dark"] if expected == "dark" else 1 - view["dark"])
    assert not rules.has_network(dark, light, rules.DARK)
    assert not rules.has_network(light, dark, rules.LIGHT)


def check_outcome(game: SacksonGame) -> None:
    """The outcome agrees with who has a network on the final board."""
    view = game.view(None)
    dark, light = board(game)
    has = {
        "dark": rules.has_network(dark, light, rules.DARK),
        "light": rules.has_network(light, dark, rules.LIGHT),
    }
    occupied = sum(1 << square(s) for s in view["squares"])
    engine_has = {
        c: has_network(
            sum(1 << square(s) for s, o in view["squares"].items() if o == c),
            occupied,
            DARK if c == "dark" else LIGHT,
        )
        for c in ("dark", "light")
    }
    assert engine_has == has
    outcome = view["outcome"]
    mover = view["last_move"]["colour"]
    other = "light" if mover == "dark" else "dark"
    seat = {"dark": view["dark"], "light": 1 - view["dark"]}
    if outcome["reason"] in ("repetition", "both stuck"):
        assert outcome["winners"] == []
        assert has == {"dark": False, "light": False}
        assert view["network"] is None
        return
    if outcome["reason"] == "both networks":
        assert view["options"]["both_networks"] == "mover_loses"
        assert has == {"dark": True, "light": True}
        winner = other
    else:
        assert outcome["reason"] == "network"
        assert has[mover] != has[other]  # exactly one; both would be illegal or CS61B
        winner = mover if has[mover] else other
    assert outcome["winners"] == [seat[winner]]
    assert view["network_colour"] == winner
    own, theirs = (dark, light) if winner == "dark" else (light, dark)
    fewest = rules.fewest_pieces(own, theirs, winner)
    assert len(view["network"]) == fewest
    assert [rules.sq(s) for s in view["network"]] in list(rules.networks(own, theirs, winner))


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    equalized=st.booleans(),
    cs61b=st.booleans(),
    quiet=st.booleans(),
)
def test_random_play_keeps_every_rule(seed: int, equalized: bool, cs61b: bool, quiet: bool) -> None:
    options = {**(EQUALIZED if equalized else {}), **(CS61B if cs61b else {})}
    game = SacksonGame.deal(2, options, seed)
    rng = random.Random(seed)
    for _ in range(60):
        check_invariants(game, equalized)
        if game.is_over:
            check_outcome(game)
            return
        legal = {str(m) for m in game.legal_moves()}
        assert legal == expected_moves(game)
        move = quiet_move(game, rng) if quiet else rng.choice(game.legal_moves())
        game.apply(move)
