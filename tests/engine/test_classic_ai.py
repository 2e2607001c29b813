"""The computer players (easy, normal, hard), the specs in the registry, and whole matches."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from engine.classic import SPECS, VARIANTS, AllFives, ClassicHand, DrawGame, parse_move
from engine.classic.ai import LEVELS, choose_move, computer_move
from engine.classic.options import COUNTING, HAND_SIZE, SPINNER
from engine.match import Match
from engine.registry import GAMES, families, game_spec, hand_from_json
from engine.rng import derive_seed
from engine.search import Budget
from engine.tiles import parse_tile

from .helpers import hidden_dealt_again, short_of_the_end

SMALL = Budget(6)
"""A hard player's budget for tests: a few worlds and no time cap (so it is deterministic)."""


def make(cls: type[ClassicHand], hands: list[list[str]], boneyard: tuple[str, ...] = ()) -> Any:
    return cls(
        [[parse_tile(x, 6) for x in h] for h in hands],
        [parse_tile(x, 6) for x in boneyard],
        None,
        0,
    )


def player_seat(hand: ClassicHand) -> dict[str, Any]:
    seat = hand.current_player
    assert seat is not None
    return hand.view(seat)


def decide(hand: ClassicHand, seed: int, level: str, budget: Budget = SMALL) -> str:
    """The level's move from the view of the seat to move (hard: a small budget)."""
    mine = ClassicHand.for_seat(player_seat(hand))
    return str(choose_move(mine, seed, level, budget))


def random_position(game: str, seed: int) -> ClassicHand:
    """A seeded hand of ``game`` (random players and options), played at random for a while."""
    rng = random.Random(seed)
    spec = game_spec(game)
    options = {option.name: rng.choice(option.values) for option in spec.options}
    hand = VARIANTS[game].deal(rng.randint(2, 4), options, seed)
    return short_of_the_end(hand, rng, rng.randint(0, 14))


def play_hand(
    cls: type[ClassicHand], levels: list[str], seed: int, budget: Budget = SMALL
) -> list[int]:
    """A seeded hand with each seat at its level; the points each scored."""
    hand = cls.deal(len(levels), {}, seed)
    turn = 0
    while hand.current_player is not None:
        seat = hand.current_player
        hand.play(seat, decide(hand, derive_seed(seed, turn), levels[seat], budget))
        turn += 1
    return hand.scores


def level_points(
    cls: type[ClassicHand], weak: str, strong: str, deals: range, budget: Budget = SMALL
) -> tuple[int, int]:
    """(weak's, strong's) points over ``deals``, each played twice with the seats swapped."""
    totals = {weak: 0, strong: 0}
    for seed in deals:
        for levels in ([weak, strong], [strong, weak]):
            points_by_seat = play_hand(cls, levels, seed, budget)
            for level, points in zip(levels, points_by_seat, strict=True):
                totals[level] += points
    return totals[weak], totals[strong]


# ---------------------------------------------------------------- every level
def test_the_levels_and_the_default() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    for spec in SPECS:
        assert spec.levels == LEVELS and spec.default_level == "normal"


@pytest.mark.parametrize("game", list(VARIANTS))
def test_every_level_makes_a_legal_move_in_random_positions(game: str) -> None:
    for seed in range(8):
        hand = random_position(game, seed)
        legal = {str(m) for m in hand.legal_moves()}
        for level in LEVELS:
            assert decide(hand, seed, level) in legal, (game, seed, level)
        assert computer_move(player_seat(hand), seed, "normal") in legal


def test_the_real_hard_player_answers_through_the_interface() -> None:
    hand = AllFives.deal(4, {}, seed=5)
    hand.play(hand.leader, str(hand.legal_moves()[0]))
    assert parse_move(computer_move(player_seat(hand), 1, "hard")) in hand.legal_moves()


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_and_seed_give_the_same_move(level: str) -> None:
    for seed in range(6):
        hand = random_position("all-fives", 100 + seed)
        assert decide(hand, seed, level) == decide(hand, seed, level)


def test_easy_plays_at_random_by_its_seed() -> None:
    hand = make(AllFives, [["6-4", "0-0"], ["6-1", "4-4", "4-0", "6-2"]])
    hand.play(0, "6-4")
    picks = {decide(hand, seed, "easy") for seed in range(40)}
    assert picks == {str(m) for m in hand.legal_moves()}


def test_a_stored_baseline_seat_plays_as_normal() -> None:
    for seed in range(6):
        view = player_seat(random_position("all-threes", seed))
        assert computer_move(view, seed, "baseline") == computer_move(view, seed, "normal")


def test_unknown_level_and_finished_hand_are_refused() -> None:
    hand = AllFives.deal(2, {}, seed=9)
    with pytest.raises(ValueError, match="level"):
        computer_move(player_seat(hand), 1, "grandmaster")
    hand = make(AllFives, [["6-4"], ["1-0"]])
    hand.play(0, "6-4")
    for level in LEVELS:
        with pytest.raises(ValueError, match="over"):
            choose_move(hand, 1, level)


def test_it_decides_from_the_view_alone() -> None:
    hand = AllFives.deal(4, {}, seed=9)
    view = player_seat(hand)
    assert "hands" not in view and view["hand"] == [t.name for t in hand.hands[view["you"]]]
    for level in LEVELS:
        assert parse_move(decide(hand, 3, level)) in hand.legal_moves()


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_draws_when_it_cannot_play(level: str) -> None:
    hand = make(AllFives, [["6-4", "1-0"], ["3-3", "2-1"]], boneyard=("0-0",))
    hand.play(0, "6-4")
    assert decide(hand, 1, level) == "draw"


# ---------------------------------------------------------------- normal
@pytest.mark.parametrize(
    ("game", "tiles", "expected"),
    [
        # 6-1 W leaves 4 + 1 = 5
        pytest.param(AllFives, ["6-1", "4-4", "4-0", "6-2"], "6-1 W", id="scores-most"),
        pytest.param(DrawGame, ["4-1", "6-2", "6-3"], "6-3 W", id="sheds-the-heaviest"),
        # 6-3 is heavier, but 4-4 fits only a 4: get rid of it now
        pytest.param(DrawGame, ["4-1", "6-3", "4-4"], "4-4 E", id="plays-a-double-while-it-can"),
        # 6-2 W would leave 6-1 and 2-0 (three numbers) and a 2 it can follow; 6-1 W leaves
        # 6-2 and 2-0 (two numbers) and a 1 it cannot follow, for the same weight lost
        pytest.param(DrawGame, ["6-1", "6-2", "2-0"], "6-2 W", id="keeps-numbers-it-can-follow"),
    ],
)
def test_normal_answers_a_6_4_lead_as_a_good_player_would(
    game: type[ClassicHand], tiles: list[str], expected: str
) -> None:
    """It takes the play that scores most; when nothing scores it sheds the heaviest tile,
    plays a double while it still fits, and keeps numbers it can follow."""
    hand = make(game, [["6-4", "0-0"], tiles])
    hand.play(0, "6-4")
    assert computer_move(player_seat(hand), seed=1, level="normal") == expected


def test_normal_breaks_a_tie_with_its_seed() -> None:
    hand = make(DrawGame, [["6-6", "0-0"], ["6-3", "1-0"]])
    hand.play(0, "6-6")  # 6-3 E and 6-3 W are the same to it
    picks = {computer_move(player_seat(hand), seed, "normal") for seed in range(20)}
    assert picks == {"6-3 E", "6-3 W"}


def test_normal_beats_easy_over_pinned_two_player_all_fives_hands() -> None:
    easy, normal = level_points(AllFives, "easy", "normal", range(30))
    assert normal - easy >= 800  # found once: easy 1210, normal 2210 over 60 hands


# ---------------------------------------------------------------- hard
@pytest.mark.parametrize("game", ["all-fives", "draw", "block", "fives-and-threes"])
def test_the_hard_player_ignores_the_tiles_it_cannot_see(game: str) -> None:
    for seed in range(6):
        hand = random_position(game, 200 + seed)
        seat = hand.current_player
        assert seat is not None
        other = hidden_dealt_again(hand, seat, seed, sort=True)
        assert other.view(seat) == hand.view(seat)
        assert other != hand  # the hidden tiles lie elsewhere
        # given the full hands, it still decides only from what the seat sees
        assert choose_move(hand, seed, "hard", SMALL) == choose_move(other, seed, "hard", SMALL)


def test_hard_beats_normal_over_pinned_two_player_all_fives_hands() -> None:
    normal, hard = level_points(AllFives, "normal", "hard", range(20), Budget(12))
    # found: normal 1225, hard 1275 over these 40 hands (before the play model read whole
    # hands as normal does, 1125 and 1365: 400 hands measure the two level, docs/ai.md)
    assert hard > normal


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
        events = match.play(seat, spec.computer(hand.view(seat), turns, "normal"))
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


def judged_best(level: str, game: str, players: int, seeds: range) -> tuple[int, int]:
    """(plays judged best for the true hand, plays judged) of ``level`` players over
    ``seeds``: each play read by the play model from seat 0, with the world's real hands."""
    from engine.classic.ai import JUDGED_SLIP, PlayModel, judged_log
    from engine.classic.solve import mask_of

    best = judged = 0
    for seed in seeds:
        hand = VARIANTS[game].deal(players, {}, seed)
        turn = 0
        while hand.current_player is not None:
            seat = hand.current_player
            hand.play(seat, str(choose_move(hand, derive_seed(seed, turn), level)))
            turn += 1
        model = PlayModel(hand, 0)
        masks = [mask_of(tiles) for tiles in hand.hands]
        for who, later, placements, played, slot in model.judged:
            chance = math.exp(judged_log(masks[who] | later, placements, played, slot))
            if chance < 1:  # more than one play was open to it
                judged += 1
                best += chance > JUDGED_SLIP / 2
    return best, judged


@pytest.mark.parametrize(("game", "players"), [("block", 2), ("all-fives", 4), ("block", 4)])
def test_the_play_model_reads_a_normal_player_exactly_and_a_random_one_not(
    game: str, players: int
) -> None:
    best, judged = judged_best("normal", game, players, range(6))
    assert judged >= 20 and best == judged  # its every choice, whatever the hand held
    best, judged = judged_best("easy", game, players, range(6))
    assert judged >= 20 and best < 0.8 * judged
