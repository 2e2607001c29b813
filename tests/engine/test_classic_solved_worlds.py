"""The hard player's exact search of sampled worlds in a small two-player hand."""

from __future__ import annotations

import random

from engine.classic import AllFives, BlockGame
from engine.classic.solve import WorldSolver
from engine.classic.solved_worlds import SOLVE_TILES, small_enough, solved_best, solved_means

from .test_classic_ai_solve import small_positions


def test_the_mean_over_one_known_world_is_its_exact_value() -> None:
    checked = 0
    for hand in small_positions(60, seed=5):
        seat = hand.current_player
        assert seat is not None
        moves = hand.legal_moves()
        if hand.players != 2 or len(moves) < 2 or not moves[0].is_play:
            continue
        means = solved_means(seat, moves, lambda _, h=hand: h.copy(), random.Random(0), 10**6, 3)
        exact = WorldSolver(hand, seat, 10**6).move_values(moves)
        assert means == [float(value) for value in exact]
        checked += 1
    assert checked >= 5


def test_a_hand_too_big_to_solve_is_handed_back_to_the_playouts() -> None:
    hand = AllFives.deal(2, {}, seed=4)
    seat = hand.current_player
    assert seat is not None
    moves = hand.legal_moves()
    sample = lambda _: hand.copy()  # noqa: E731
    assert solved_best(seat, moves, sample, random.Random(0)) is None  # its first world


def test_a_hand_is_small_enough_by_the_tiles_still_in_play() -> None:
    # Block draws nothing: only the tiles in hand count, not the fourteen set aside.
    block = BlockGame.deal(2, {"spinner": "off"}, seed=2)
    rng = random.Random(2)
    while sum(len(tiles) for tiles in block.hands) > SOLVE_TILES:
        assert not small_enough(block)
        block.apply(rng.choice(block.legal_moves()))
    assert block.current_player is None or small_enough(block)
    # A game that draws counts the boneyard too.
    fives = AllFives.deal(2, {}, seed=2)
    fives.hands = [fives.hands[0][:3], fives.hands[1][:3]]
    assert len(fives.boneyard) == 14
    assert not small_enough(fives)
