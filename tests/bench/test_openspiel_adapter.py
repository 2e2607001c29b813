"""The open_spiel adapter of bench/bench_openspiel.py: edge mapping, cross-checks and the
ISMCTS resampler, on pinned positions (the test command installs the bench extra)."""

from __future__ import annotations

import random

import pytest
from open_spiel.python.games import block_dominoes

from bench import bench_openspiel as arena
from engine.tiles import parse_tile


def dealt(seat0: list[str], seat1: list[str]):
    """A python_block_dominoes state with these hands (the rest undealt), seat 0 to lead."""
    state = block_dominoes.BlockDominoesGame().new_initial_state()
    for name in seat0 + seat1:
        state.apply_action(block_dominoes._DECK.index(arena.to_theirs(parse_tile(name, 6))))
    assert state.current_player() == 0
    return state


def ends(hand) -> dict[str, int]:
    return arena.view_ends({"line": hand.line.to_json()})


def test_edges_map_by_number_and_both_engines_agree_move_by_move() -> None:
    state = dealt(
        ["6-4", "5-5", "3-1", "2-0", "1-1", "0-0", "4-2"],
        ["6-2", "4-3", "5-3", "6-6", "1-0", "3-3", "2-2"],
    )
    hand = arena.mirror_of(state)
    arena.check_agree(state, hand)

    lead = arena.move_to_action(0, "6-4", ends(hand))
    assert state.action_to_string(0, lead) == "p0 tile:(4.0, 6.0) pip:None"
    assert arena.apply_both(state, hand, lead) == "6-4"
    assert ends(hand) == {"E": 4, "W": 6}  # high half west
    assert state.open_edges == [4.0, 6.0]

    six_two = arena.move_to_action(1, "6-2 W", ends(hand))
    assert state.action_to_string(1, six_two) == "p1 tile:(2.0, 6.0) pip:6.0"
    assert arena.apply_both(state, hand, six_two) == "6-2 W"
    assert arena.apply_both(state, hand, arena.move_to_action(0, "4-2 E", ends(hand))) == "4-2 E"
    assert ends(hand) == {"E": 2, "W": 2}

    # Both ends show 2: one open_spiel action, our W by convention.
    double = arena.move_to_action(1, "2-2 E", ends(hand))
    assert double == arena.move_to_action(1, "2-2 W", ends(hand))
    assert arena.apply_both(state, hand, double) == "2-2 W"
    assert state.open_edges == [2.0, 2.0]
    assert hand.current_player == state.current_player() == 0


def test_a_disagreement_fails_loudly() -> None:
    state = dealt(
        ["6-4", "5-5", "3-1", "2-0", "1-1", "0-0", "4-2"],
        ["6-2", "4-3", "5-3", "6-6", "1-0", "3-3", "2-2"],
    )
    hand = arena.mirror_of(state)
    arena.apply_both(state, hand, arena.move_to_action(0, "6-4", ends(hand)))
    hand.play(1, "6-2 W")  # ours only
    with pytest.raises(arena.Disagreement):
        arena.check_agree(state, hand)
    with pytest.raises(arena.Disagreement):
        arena.move_to_action(0, "3-1 E", ends(hand))  # 3-1 fits neither open end


# Seat 1 holds no 5 or 6: it is skipped after 6-6, 6-5 and 5-5, then plays 4-2 on the 4.
PASSING = (
    ["6-6", "6-5", "6-4", "6-3", "5-5", "0-0", "2-0"],
    ["2-1", "3-2", "4-2", "2-2", "1-1", "3-1", "4-1"],
)


def passing_state():
    state = dealt(*PASSING)
    hand = arena.mirror_of(state)
    for player, move in [(0, "6-6"), (0, "6-5 W"), (0, "5-5 W"), (0, "6-4 E"), (1, "4-2 E")]:
        assert state.current_player() == player
        arena.apply_both(state, hand, arena.move_to_action(player, move, ends(hand)))
    assert [seat for seat, move, auto, _ in hand.history if move == "pass"] == [1, 1, 1]
    return state


def test_passes_are_read_from_repeated_turns() -> None:
    state = passing_state()
    assert state.current_player() == 0
    assert arena.passed_on(state.actions_history, 0, 1) == {5.0, 6.0}
    assert arena.passed_on(state.actions_history, 0, 0) == set()


def test_the_resampler_keeps_what_the_searcher_knows_and_respects_passes() -> None:
    state = passing_state()
    key = state.information_state_string(0)
    rng = random.Random(7)
    hands = set()
    for _ in range(200):
        sample = arena.resample(state, 0, rng)
        assert sample.information_state_string(0) == key
        assert sample.current_player() == 0
        assert sample.hands[0] == state.hands[0]
        opponent = sample.hands[1]
        assert len(opponent) == 6
        assert all(5.0 not in t and 6.0 not in t for t in opponent)
        played = {act.tile for act in sample.actions_history}
        every = set(sample.hands[0]) | set(opponent) | set(sample.deck) | played
        assert len(every) == 28 and len(sample.deck) == 14
        hands.add(tuple(opponent))
        # The sampled world replays to the same position: it agrees with every pass.
        replay = dealt(
            *[
                [
                    arena.to_ours(t).name
                    for t in sorted(
                        list(sample.hands[seat])
                        + [a.tile for a in sample.actions_history if a.player == seat]
                    )
                ]
                for seat in (0, 1)
            ]
        )
        for act in sample.actions_history:
            replay.apply_action(block_dominoes._ACTIONS_STR.index(str(act)))
        assert replay.information_state_string(0) == key
        assert replay.current_player() == 0
    assert len(hands) > 20  # really drawn, not the true hand every time
    assert tuple(state.hands[1]) == tuple(sorted(state.hands[1]))  # the real state untouched


def test_whole_games_cross_check_every_move() -> None:
    level = arena.resolve_level("normal")[0]
    ours = arena.Side("ours", level=level)
    for index in range(2):  # one deal, both seats
        result = arena.play_game(ours, arena.Side("greedy"), index, seed=3)
        assert result.moves >= 2 and result.seconds
    result = arena.play_game(arena.Side("ismcts", sims=20), arena.Side("greedy"), 1, seed=3)
    assert result.moves >= 2


def test_wilson_interval() -> None:
    low, high = arena.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
