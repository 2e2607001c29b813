"""bench/block_sparring.py: its turns, and the sees-all diagnostic, which must play the
exact game: against any opponent it ends a deal at least as well as perfect play from the
first move promises."""

from __future__ import annotations

import block_sparring as sparring  # beside the benchmarks: tests/bench/conftest.py
import pytest

from engine.classic.solve import WorldSolver


def perfect_value(seed: int) -> int:
    """Seat 0's margin under perfect play on both sides, from the deal (seat 0 leads)."""
    hand = sparring.deal(seed)
    moves = hand.legal_moves()
    return max(WorldSolver(hand, 0, 10**9).move_values(moves))


def test_turns_play_a_deal_to_its_end_one_legal_move_at_a_time() -> None:
    seen = 0
    hand = None
    for turn in sparring.turns({0: "normal", 1: "easy"}, 1003):
        hand = turn.hand
        assert turn.seat == hand.current_player
        assert turn.move in {move.text for move in hand.legal_moves()}
        assert turn.seconds >= 0
        seen += 1
    assert hand is not None and hand.current_player is None
    assert seen == sum(1 for _seat, _move, auto, _count in hand.history if not auto)


def test_sees_all_gets_at_least_the_perfect_value_against_any_opponent() -> None:
    for seed in range(1000, 1004):
        floor = perfect_value(seed)
        for opponent in ("easy", "normal"):
            _won, net, _times = sparring.play(("sees-all", opponent, seed, 0))
            assert net >= floor, (seed, opponent, net, floor)


def test_a_misspelt_constant_is_refused_not_set_beside_the_real_one() -> None:
    with pytest.raises(ValueError, match="SOLVE_WORDLS"):
        sparring.tuned_hard("SOLVE_WORDLS=400")
    assert sparring.tuned_hard("JUDGED=0,SOLVE_WORLDS=400") is not None
