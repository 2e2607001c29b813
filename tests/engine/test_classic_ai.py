"""The baseline computer player, the specs in the registry, and whole matches."""

from __future__ import annotations

from typing import Any

import pytest

from engine.classic import SPECS, AllFives, ClassicHand, DrawGame, parse_move
from engine.classic.ai import LEVELS, choose_move, computer_move
from engine.classic.options import COUNTING, HAND_SIZE, SPINNER
from engine.match import Match
from engine.registry import GAMES, families, game_spec, hand_from_json
from engine.tiles import parse_tile


def make(cls: type[ClassicHand], hands: list[list[str]], boneyard: tuple[str, ...] = ()) -> Any:
    return cls(
        len(hands),
        [[parse_tile(x, 6) for x in h] for h in hands],
        [parse_tile(x, 6) for x in boneyard],
        None,
        0,
    )


def seat_view(hand: ClassicHand) -> dict[str, Any]:
    seat = hand.current_player
    assert seat is not None
    return hand.view(seat)


# ---------------------------------------------------------------- the computer player
def test_it_takes_the_play_that_scores_most() -> None:
    hand = make(AllFives, [["6-4", "0-0"], ["6-1", "4-4", "4-0", "6-2"]])
    hand.play(0, "6-4")
    assert computer_move(seat_view(hand), seed=1, level="baseline") == "6-1 W"


def test_between_equal_scores_it_sheds_the_heaviest_tile_doubles_first() -> None:
    hand = make(DrawGame, [["6-4", "0-0"], ["4-1", "6-2", "4-4", "6-3"]])
    hand.play(0, "6-4")  # nothing scores in Draw: 6-3 (9) is the heaviest
    assert computer_move(seat_view(hand), seed=1, level="baseline") == "6-3 W"
    hand = make(DrawGame, [["6-4", "0-0"], ["4-1", "6-2", "4-4"]])
    hand.play(0, "6-4")  # 6-2 and 4-4 both weigh 8: the double goes first
    assert computer_move(seat_view(hand), seed=1, level="baseline") == "4-4 E"


def test_a_seeded_coin_decides_what_is_still_equal() -> None:
    hand = make(DrawGame, [["6-6", "0-0"], ["6-3", "1-0"]])
    hand.play(0, "6-6")  # 6-3 E and 6-3 W are the same to it
    picks = {computer_move(seat_view(hand), seed, "baseline") for seed in range(20)}
    assert picks == {"6-3 E", "6-3 W"}
    view = seat_view(hand)
    assert computer_move(view, 7, "baseline") == computer_move(view, 7, "baseline")


def test_it_draws_when_it_cannot_play() -> None:
    hand = make(AllFives, [["6-4", "1-0"], ["3-3", "2-1"]], boneyard=("0-0",))
    hand.play(0, "6-4")
    assert computer_move(seat_view(hand), seed=1, level="baseline") == "draw"


def test_it_decides_from_the_view_alone() -> None:
    hand = AllFives.deal(4, {}, seed=9)
    view = seat_view(hand)
    assert "hands" not in view and view["hand"] == [t.name for t in hand.hands[view["you"]]]
    move = parse_move(computer_move(view, 3, "baseline"))
    assert move in hand.legal_moves()


def test_unknown_level_and_finished_hand_are_refused() -> None:
    hand = AllFives.deal(2, {}, seed=9)
    with pytest.raises(ValueError, match="level"):
        computer_move(seat_view(hand), 1, "grandmaster")
    hand = make(AllFives, [["6-4"], ["1-0"]])
    hand.play(0, "6-4")
    with pytest.raises(ValueError, match="over"):
        choose_move(hand, 1)
    assert LEVELS == ("baseline",)


# ---------------------------------------------------------------- specs and registry
def test_the_five_games_are_registered_in_one_family() -> None:
    names = ["all-fives", "all-threes", "fives-and-threes", "draw", "block"]
    assert [spec.name for spec in SPECS] == names
    assert [spec.title for spec in SPECS] == [
        "All Fives",
        "All Threes",
        "Fives and Threes",
        "Draw",
        "Block",
    ]
    assert [spec.name for spec in families()["dominoes"]] == names
    assert "network" in GAMES
    for spec in SPECS:
        assert game_spec(spec.name) is spec
        assert spec.hand_class.game == spec.name
        assert (spec.min_seats, spec.max_seats, spec.default_seats) == (2, 4, 4)
        assert spec.match.targets == (100, 250, 500) and spec.match.default_target == 100
        assert spec.rules_page == "docs/rules/dominoes.md"
        assert spec.family_title == "Dominoes"
        assert [s.name for s in spec.stats] == ["hands_won", "best_hand"]
        hand = spec.hand_class.deal(3, {}, 4)
        assert type(hand_from_json(hand.to_json())) is spec.hand_class


def test_options_are_declared_once_and_each_game_takes_its_own() -> None:
    by_name = {spec.name: spec for spec in SPECS}
    assert by_name["all-fives"].options == (HAND_SIZE, SPINNER)
    assert by_name["all-threes"].options == (HAND_SIZE, SPINNER)
    assert by_name["draw"].options == (HAND_SIZE, SPINNER)
    assert by_name["fives-and-threes"].options == (HAND_SIZE, SPINNER, COUNTING)
    assert by_name["block"].options == (SPINNER,)
    assert by_name["all-fives"].check_options({}) == {"hand_size": "standard", "spinner": "on"}
    with pytest.raises(ValueError, match="British counting is only for Fives and Threes"):
        by_name["all-fives"].check_options({"counting": "british"})
    with pytest.raises(ValueError, match="Block always deals 7 tiles each"):
        by_name["block"].check_options({"hand_size": "large"})
    assert by_name["fives-and-threes"].describe_options({"counting": "british"})[2] == (
        "Fives and Threes counting: each five and three scores 1 (15 scores 8)"
    )


# ---------------------------------------------------------------- a whole match
def test_a_match_of_all_fives_to_100_runs_to_its_end() -> None:
    spec = game_spec("all-fives")
    match = Match("all-fives", 4, 100, seed=2024)
    leaders = [match.hand.leader]
    turns = 0
    while not match.is_over:
        hand = match.hand
        seat = hand.current_player
        assert seat is not None
        events = match.play(seat, spec.computer(hand.view(seat), turns, "baseline"))
        turns += 1
        if any(e.kind == "hand_started" for e in events):
            leaders.append(match.hand.leader)
        assert turns < 5000
    assert match.winner is not None
    assert max(match.totals) >= 100
    assert match.totals[match.winner] == max(match.totals)
    assert sorted(match.totals).count(max(match.totals)) == 1
    assert len(match.results) >= 2
    assert leaders[1:] == [(leader + 1) % 4 for leader in leaders[:-1]]  # the lead rotates
    assert [sum(r.scores[s] for r in match.results) for s in range(4)] == match.totals
    assert Match.from_json(match.to_json()) == match
