"""What the hard player infers from a view (voids from draws and passes), the deals it
samples, and the fast hand copy its playouts run on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.classic import VARIANTS, AllFives, BlockGame, ClassicHand, DrawGame
from engine.classic.ai import choose_move
from engine.classic.inference import DealSampler, Void, read_voids
from engine.classic.moves import TILES
from engine.rng import derive_seed
from engine.tiles import Tile, parse_tile

NAMES = [t.name for t in TILES]


def make(
    cls: type[ClassicHand],
    hands: list[list[str]],
    next_draws: tuple[str, ...] = (),
    **options: Any,
) -> ClassicHand:
    """A hand with fixed tiles; ``next_draws`` come off the boneyard first, in that order,
    and every other tile lies under them."""
    used = {*(t for h in hands for t in h), *next_draws}
    rest = [n for n in NAMES if n not in used] + list(reversed(next_draws))
    return cls(
        [[parse_tile(x, 6) for x in h] for h in hands],
        [parse_tile(x, 6) for x in rest],
        options,
        0,
    )


def play(hand: ClassicHand, *moves: str) -> None:
    for move in moves:
        seat = hand.current_player
        assert seat is not None
        hand.play(seat, move)


def shows(tile: Tile, numbers: set[int] | frozenset[int]) -> bool:
    return tile[0] in numbers or tile[1] in numbers


def samples(hand: ClassicHand, count: int, seed: int = 0) -> list[ClassicHand]:
    """``count`` worlds sampled from the view of the seat to move."""
    seat = hand.current_player
    assert seat is not None
    sampler = DealSampler(ClassicHand.for_seat(hand.view(seat)), seat)
    rng = random.Random(seed)
    return [sampler.sample(rng) for _ in range(count)]


# ---------------------------------------------------------------- copy
@pytest.mark.parametrize("cls", list(VARIANTS.values()))
def test_copy_is_equal_and_independent(cls: type[ClassicHand]) -> None:
    for seed in range(4):
        hand = cls.deal(2 + seed % 3, {}, seed)
        rng = random.Random(seed)
        while hand.current_player is not None:
            copy = hand.copy()
            assert copy == hand and type(copy) is cls
            before = hand.to_json()
            move = rng.choice(copy.legal_moves())
            copy.apply(move)
            assert hand.to_json() == before  # playing on the copy leaves the original
            hand.apply(move)
            assert copy == hand
        assert hand.copy() == hand and hand.copy().result == hand.result


# ---------------------------------------------------------------- voids
def drawn_twice() -> ClassicHand:
    """Draw, spinner off: seat 1 draws on {4, 6} (0-0, then 6-5 fits), later draws on
    {3, 5} (4-0, then 3-1 fits); seat 0 is then to move."""
    hand = make(
        DrawGame,
        [["6-4", "4-3", "6-6", "5-5"], ["2-1", "1-0", "2-0"]],
        next_draws=("0-0", "6-5", "4-0", "3-1"),
        spinner="off",
    )
    play(hand, "6-4", "draw", "6-5 W", "4-3 E")
    return hand


def test_a_draw_makes_the_drawer_void_in_the_open_numbers() -> None:
    hand = drawn_twice()
    assert read_voids(hand) == [Void(1, 1, frozenset({4, 6}))]
    assert sorted(t.name for t in hand.hands[1]) == ["0-0", "1-0", "2-0", "2-1"]


def test_sampled_worlds_never_give_a_drawer_the_numbers_it_lacked() -> None:
    hand = drawn_twice()
    play(hand, "draw")  # seat 1 on {3, 5}: 4-0 does not fit, 3-1 does
    play(hand, "3-1 E")
    assert hand.current_player == 0
    voids = read_voids(hand)
    assert voids == [Void(4, 1, frozenset({3, 5}))]  # the new draw starts them afresh
    worlds = samples(hand, 200)
    assert all(not shows(t, {3, 5}) for w in worlds for t in w.hands[1])
    # the tiles it drew may show the numbers it lacked before: some worlds give it a 4 or 6
    assert any(shows(t, {4, 6}) for w in worlds for t in w.hands[1])


def test_until_it_draws_again_the_numbers_stay_void() -> None:
    hand = drawn_twice()  # seat 1 to move: seat 0 still knows it has no 4 or 6
    assert hand.current_player == 1
    worlds = [w for seed in range(3) for w in samples_for(hand, 0, 60, seed)]
    assert all(not shows(t, {4, 6}) for w in worlds for t in w.hands[1])


def samples_for(hand: ClassicHand, seat: int, count: int, seed: int) -> list[ClassicHand]:
    """Worlds sampled from ``seat``'s view (not necessarily the seat to move)."""
    sampler = DealSampler(ClassicHand.for_seat(hand.view(seat)), seat)
    rng = random.Random(seed)
    return [sampler.sample(rng) for _ in range(count)]


def test_passes_add_up_until_the_next_draw() -> None:
    hand = make(BlockGame, [["6-4", "4-3", "3-3", "0-0"], ["2-1", "1-0"]], spinner="off")
    play(hand, "6-4")  # seat 1 cannot follow a 4 or a 6 and is passed for
    play(hand, "4-3 E")  # nor a 3 or a 6
    assert [(s, m) for s, m, _, _ in hand.history] == [
        (0, "6-4"),
        (1, "pass"),
        (0, "4-3 E"),
        (1, "pass"),
    ]
    assert read_voids(hand) == [Void(1, 1, frozenset({4, 6})), Void(3, 1, frozenset({3, 6}))]
    worlds = samples(hand, 100)
    assert all(not shows(t, {3, 4, 6}) for w in worlds for t in w.hands[1])
    assert {t for w in worlds for t in w.hands[1]} == {
        t for t in TILES if not shows(t, {3, 4, 6}) and t != Tile(0, 0)
    }


def test_a_three_player_deal_honours_every_void() -> None:
    hand = make(
        AllFives,
        [
            ["6-4", "3-3", "2-1", "5-0", "1-1"],
            ["3-2", "3-1", "2-0", "1-0", "0-0"],
            ["6-6", "5-5", "4-4", "6-5", "5-4"],
        ],
        next_draws=("3-0", "6-1"),
    )
    play(hand, "6-4", "draw", "6-1 W", "4-4 E")  # seat 1 drew on {4, 6}
    assert hand.current_player == 0
    worlds = samples(hand, 300)
    assert all(not shows(t, {4, 6}) for w in worlds for t in w.hands[1])
    assert all(len(w.hands[1]) == 6 and len(w.hands[2]) == 4 for w in worlds)
    # the 4s and 6s it cannot hold go to seat 2 or the boneyard, all of them somewhere
    fours = {t for w in worlds for t in w.hands[2] if shows(t, {4, 6})}
    assert fours == {t for t in TILES if shows(t, {4, 6})} - {
        t for t in hand.hands[0] + [Tile(6, 4), Tile(6, 1), Tile(4, 4)]
    }


def test_voids_that_admit_no_deal_are_dropped_oldest_first() -> None:
    hand = drawn_twice()
    seat = 0
    mine = ClassicHand.for_seat(hand.view(seat))
    impossible = [Void(1, 1, frozenset(range(7))), Void(3, 1, frozenset({6}))]
    sampler = DealSampler(mine, seat, voids=impossible)
    world = sampler.sample(random.Random(1))
    assert sampler.relaxed == 1  # nothing can hold no number at all: that void went
    assert sampler.voids == impossible[1:]
    assert not any(shows(t, {6}) for t in world.hands[1])


# ---------------------------------------------------------------- random hands
def normal_hands(cls: type[ClassicHand], count: int) -> list[ClassicHand]:
    """Hands in play, every few turns, of seeded games of normal players."""
    positions = []
    for index in range(count):
        seed = derive_seed(17, cls.game, index)
        hand = cls.deal(2 + index % 3, {"spinner": "on" if index % 2 else "off"}, seed)
        turn = 0
        while hand.current_player is not None:
            if turn % 3 == 2:
                positions.append(hand.copy())
            hand.apply(choose_move(hand, derive_seed(seed, turn), "normal"))
            turn += 1
    return positions


@pytest.mark.parametrize("cls", list(VARIANTS.values()))
def test_real_hands_always_honour_the_voids_read_from_the_history(
    cls: type[ClassicHand],
) -> None:
    for hand in normal_hands(cls, 12):
        for void in read_voids(hand):
            assert not any(shows(t, void.numbers) for t in hand.hands[void.seat]), void


@pytest.mark.parametrize("cls", list(VARIANTS.values()))
def test_sampled_worlds_agree_with_everything_the_seat_sees(cls: type[ClassicHand]) -> None:
    rng = random.Random(5)
    for hand in normal_hands(cls, 6):
        seat = hand.current_player
        assert seat is not None
        view = hand.view(seat)
        sampler = DealSampler(ClassicHand.for_seat(view), seat)
        voids = read_voids(hand)
        for _ in range(4):
            world = sampler.sample(rng)
            assert world.view(seat) == view
            every = [t for h in world.hands for t in h] + world.boneyard
            assert len(set(every)) == len(every)
            assert sorted(every + world.line.laid()) == sorted(TILES)
            for void in voids:
                if void.seat != seat:
                    assert not any(shows(t, void.numbers) for t in world.hands[void.seat])
        assert sampler.relaxed == 0
