"""The baseline computer player."""

from __future__ import annotations

import random

import pytest

from engine.match import Match
from engine.network import NetworkHand
from engine.network.ai import choose_move
from engine.network.layout import Layout
from engine.tiles import Tile, double_set

from .helpers import random_move
from .positions import hand_in_position


def ring_chances(layout: Layout, unseen: set[Tile]) -> int:
    """Placements of tiles in ``unseen`` that would close a ring now."""
    count = 0
    for tile in unseen:
        for end, cand in layout.fits(tile):
            placement = layout.placement_for(0, tile, end, cand)
            count += layout.rings_if(placement) > 0
    return count


ONE_RING = [[0, 1, 2, 0, 0, 2, 0], [1, 2, 3, 4, 0, 4, 2], [0, 3, 4, 4, 4, 2, 4]]


def test_takes_a_ring_when_it_can() -> None:
    hand = hand_in_position(ONE_RING, [["6-6"], ["4-1", "5-5", "6-5"]], current=1)
    move = choose_move(hand, seed=1)
    _, rings = hand.preview(move)  # type: ignore[arg-type]
    assert rings == 1


def test_avoids_leaving_a_ring_for_the_next_player() -> None:
    # Only 1-2 and 2-3 lie down. 3-4 turned west would leave the 4-1 ring open to others
    # (4-1 is unseen); 3-4 straight north leaves nothing.
    placements = ONE_RING[:2]
    hand = hand_in_position(placements, [["6-6"], ["3-4"]], current=1)
    move = choose_move(hand, seed=3)
    assert str(move) != "3-4 B NW"
    assert not move.is_pass
    placement, _ = hand.preview(move)  # type: ignore[arg-type]
    after = hand.layout.copy()
    after.add(placement._replace(seat=1))
    unseen = set(double_set(6)) - {p.tile for p in after.placements} - {Tile(6, 6)}
    assert ring_chances(after, unseen) == 0


def test_passes_when_every_play_would_only_help_others() -> None:
    # Search seeded games for a computer pass made while it held a legal play, then check
    # that pass was right: no play scored, and every play gave the others more ring chances.
    for seed in range(400):
        match = Match("network", 2, 100, seed)
        hand = match.hand
        assert isinstance(hand, NetworkHand)
        rng = random.Random(seed)
        while not hand.is_over:
            seat = hand.current_player
            legal = hand.legal_moves()
            if seat == 1 and len(legal) > 1:
                move = choose_move(hand, seed)
                if move.is_pass:
                    unseen = set(double_set(6)) - {p.tile for p in hand.layout.placements}
                    unseen -= set(hand.hands[1])
                    now = ring_chances(hand.layout, unseen)
                    for play in legal[:-1]:
                        placement, rings = hand.preview(play)
                        assert rings == 0
                        after = hand.layout.copy()
                        after.add(placement)
                        assert ring_chances(after, unseen - {play.tile}) > now  # type: ignore[operator]
                    return
            else:
                move = random_move(hand, rng)
            hand.apply(move)  # type: ignore[arg-type]
    pytest.fail("the computer never chose to pass while holding a legal play")


def test_choices_are_deterministic_and_legal() -> None:
    hand = NetworkHand.deal(4, {}, seed=8)
    rng = random.Random(8)
    while not hand.is_over:
        move = choose_move(hand, seed=len(hand.history))
        assert str(move) in {str(m) for m in hand.legal_moves()}
        twin = NetworkHand.from_json(hand.to_json())
        assert str(choose_move(twin, seed=len(hand.history))) == str(move)
        hand.apply(move if rng.random() < 0.8 else random_move(hand, rng))


def test_beats_random_players_over_many_hands() -> None:
    computer, others = 0, [0, 0, 0]
    for seed in range(40):
        hand = NetworkHand.deal(4, {}, seed)
        rng = random.Random(seed)
        while not hand.is_over:
            if hand.current_player == 0:
                hand.apply(choose_move(hand, seed))
            else:
                hand.apply(random_move(hand, rng))
        computer += hand.scores[0]
        others = [o + s for o, s in zip(others, hand.scores[1:], strict=True)]
    assert computer > 1.5 * max(others)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown computer level"):
        choose_move(NetworkHand.deal(2, {}, 1), seed=1, level="grandmaster")
