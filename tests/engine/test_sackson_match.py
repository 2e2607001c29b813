"""Sackson's Network in a match: games won add up, a drawn game counts for nobody, and
colours swap every game (docs/rules/sackson.md, "Matches")."""

from __future__ import annotations

import random

from engine.match import Match
from engine.registry import game_spec
from engine.sackson import SacksonGame

SPEC = game_spec("sackson")


def finish_game(match: Match, rng: random.Random) -> SacksonGame:
    number = match.hand_number
    while not match.is_over and match.hand_number == number:
        match.apply(rng.choice(match.hand.legal_moves()))
    finished = match.last_hand
    assert isinstance(finished, SacksonGame)
    return finished


def test_a_match_to_two_wins_swaps_colours_every_game_and_counts_wins() -> None:
    rng = random.Random(3)
    match = Match("sackson", 2, 2, seed=11, options={"dark": "guest"})
    assert isinstance(match.hand, SacksonGame) and match.hand.dark == 1
    darks = []
    while not match.is_over:
        game = match.hand
        assert isinstance(game, SacksonGame)
        darks.append(game.dark)
        assert game.number == len(darks) == match.hand_number, "each game knows its number"
        finished = finish_game(match, rng)
        assert finished.dark == darks[-1]
    assert darks == [1 - (index % 2) for index in range(len(darks))], darks
    winner = match.winner
    assert winner is not None and match.totals[winner] == 2
    assert sum(match.totals) == sum(1 for result in match.results if sum(result.scores) == 1), (
        "each won game adds one win; a drawn game adds nothing"
    )
    assert all(sum(result.scores) in (0, 1) for result in match.results)


def test_a_single_game_match_ends_with_the_game_and_a_draw_has_no_winner() -> None:
    match = Match("sackson", 2, None, seed=5)
    # Every piece placed (a diagram: two a side), then both shuffle one piece to and fro.
    match.hand = SacksonGame.from_position("c3 f6", "d4 e2", in_hand=(0, 0))
    for _ in range(2):
        for move in ("c3-c4", "d4-d3", "c4-c3", "d3-d4"):
            match.play(match.hand.current_player or 0, move)
    assert match.is_over and match.outcome is not None
    assert match.outcome.is_draw and match.outcome.reason == "repetition"
    assert match.totals == [0, 0] and match.winner is None


def test_the_spec_declares_a_perfect_information_win_loss_game_for_two() -> None:
    assert SPEC.information == "perfect" and not SPEC.has_hands
    assert SPEC.chance == "deterministic" and SPEC.utility == "win-loss"
    assert SPEC.match.unit == "wins" and SPEC.match.single_game is False
    assert SPEC.match.check_target(None) is None, "one game by default"
    assert SPEC.match.goal_words(3) == "first to 3 wins"
    assert (SPEC.min_seats, SPEC.max_seats) == (2, 2)
    assert SPEC.round_word == "game" and SPEC.piece_word == "piece"
