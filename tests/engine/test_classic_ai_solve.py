"""The hard player's exact endgame search (engine.classic.solve) and its model of how the
other seats play (which worlds it finds likely)."""

from __future__ import annotations

import random

import pytest

from engine.classic import VARIANTS, AllFives, BlockGame, ClassicHand, DrawGame
from engine.classic.ai import PlayModel, choose_move, likely_worlds, solved_best
from engine.classic.inference import DealSampler
from engine.classic.moves import TILES
from engine.classic.solve import (
    INDEX,
    TooBig,
    WorldSolver,
    lead_state,
    line_state,
    mask_of,
    pips_of,
    place,
)
from engine.search import Budget
from engine.tiles import Tile, parse_tile


def make(
    cls: type[ClassicHand], hands: list[list[str]], next_draws: tuple[str, ...] = ()
) -> ClassicHand:
    """Spinner off, seat 0 to lead; ``next_draws`` come off the boneyard first, in that
    order, and every other tile lies under them."""
    used = {*(t for h in hands for t in h), *next_draws}
    rest = [t.name for t in TILES if t.name not in used] + list(reversed(next_draws))
    return cls(
        [[parse_tile(x, 6) for x in h] for h in hands],
        [parse_tile(x, 6) for x in rest],
        {"spinner": "off"},
        0,
    )


def gains(before: ClassicHand, after: ClassicHand, root: int) -> int:
    """The points a move made, from ``root``'s side ((players − 1) × its own − the others')."""
    players = before.players
    return sum(
        (players - 1) * (new - old) if seat == root else old - new
        for seat, (old, new) in enumerate(zip(before.scores, after.scores, strict=True))
    )


def brute_force(hand: ClassicHand, root: int) -> int:
    """The value of the rest of ``hand`` for ``root`` by plain minimax on the engine."""
    seat = hand.current_player
    if seat is None:
        return 0
    values = []
    for move in hand.legal_moves():
        after = hand.copy()
        after.apply(move)
        values.append(gains(hand, after, root) + brute_force(after, root))
    return max(values) if seat == root else min(values)


def small_positions(count: int, seed: int, size: int = 9) -> list[ClassicHand]:
    """Random hands of every game, 2–4 players, played at random down to ``size`` tiles
    (hands and boneyard), the seat to move having a play."""
    rng = random.Random(seed)
    found: list[ClassicHand] = []
    while len(found) < count:
        cls = rng.choice(list(VARIANTS.values()))
        options = {"spinner": rng.choice(["on", "off"])}
        hand = cls.deal(rng.randint(2, 4), options, rng.getrandbits(32))
        while hand.current_player is not None and (
            sum(len(h) for h in hand.hands) + len(hand.boneyard) > size
        ):
            hand.apply(rng.choice(hand.legal_moves()))
        if hand.current_player is not None and hand.legal_moves()[0].is_play:
            found.append(hand)
    return found


# ---------------------------------------------------------------- the compact rules
@pytest.mark.parametrize("cls", list(VARIANTS.values()))
def test_the_compact_line_follows_the_engine_play_by_play(cls: type[ClassicHand]) -> None:
    rng = random.Random(cls.game)
    for index in range(60):
        spinner = "on" if index % 2 else "off"
        hand = cls.deal(2 + index % 3, {"spinner": spinner}, index)
        state = line_state(hand.line)
        while hand.current_player is not None:
            move = rng.choice(hand.legal_moves())
            if move.tile is not None:
                tile = INDEX[move.tile]
                if move.slot < 0:
                    state = lead_state(tile, spinner == "on")
                else:
                    state = place(state, tile, move.slot)
            hand.apply(move)
            assert state == line_state(hand.line), (index, move)
            assert sum(state[4:8]) == hand.line.total


def test_masks_and_pips() -> None:
    tiles = [Tile(6, 6), Tile(3, 1), Tile(0, 0)]
    assert pips_of(mask_of(tiles)) == 16
    assert pips_of(0) == 0 and mask_of([]) == 0


# ---------------------------------------------------------------- exact values
def test_exact_values_agree_with_plain_minimax_on_the_engine() -> None:
    for hand in small_positions(120, seed=3):
        root = hand.current_player
        assert root is not None
        moves = hand.legal_moves()
        values = WorldSolver(hand, root, 10**6).move_values(moves)
        for move, value in zip(moves, values, strict=True):
            after = hand.copy()
            after.apply(move)
            assert value == gains(hand, after, root) + brute_force(after, root), (hand, move)


def test_two_players_value_is_the_points_margin() -> None:
    # Block, spinner off: after 6-4, seat 0 lays 6-1 and then goes out with 1-0 (seat 1
    # follows neither a 4, a 6 nor a 1) and scores seat 1's 5-5 and 3-2: 15 points.
    hand = make(BlockGame, [["6-4", "1-0", "6-1"], ["5-5", "3-2"]])
    hand.play(0, "6-4")
    assert hand.current_player == 0  # seat 1 was passed for
    assert [str(m) for m in hand.legal_moves()] == ["6-1 W"]
    assert WorldSolver(hand, 0, 1000).move_values(hand.legal_moves()) == [15]


def test_a_search_past_its_node_cap_gives_up() -> None:
    hand = AllFives.deal(2, {}, seed=4)
    with pytest.raises(TooBig):
        WorldSolver(hand, hand.leader, 50).move_values(hand.legal_moves())


def emptied_boneyards(count: int) -> list[ClassicHand]:
    """Two-player Draw and All Fives hands played at random until the boneyard is empty
    and the seat to move has moves of different exact values."""
    rng = random.Random(11)
    found: list[ClassicHand] = []
    while len(found) < count:
        cls = rng.choice([DrawGame, AllFives])
        hand = cls.deal(2, {}, rng.getrandbits(32))
        while hand.current_player is not None and hand.boneyard:
            hand.apply(rng.choice(hand.legal_moves()))
        while hand.current_player is not None:
            seat = hand.current_player
            moves = hand.legal_moves()
            if len(moves) > 1 and len(set(WorldSolver(hand, seat, 10**5).move_values(moves))) > 1:
                found.append(hand)
                break
            hand.apply(rng.choice(moves))
    return found


def test_with_two_players_and_no_boneyard_hard_plays_a_best_move() -> None:
    for hand in emptied_boneyards(6):
        seat = hand.current_player
        assert seat is not None
        moves = hand.legal_moves()
        values = WorldSolver(hand, seat, 10**5).move_values(moves)
        best = [str(m) for m, v in zip(moves, values, strict=True) if v == max(values)]
        view = ClassicHand.for_seat(hand.view(seat))
        assert solved_best(view, seat, moves, 10**5) == best
        assert str(choose_move(view, 1, "hard", Budget(6))) in best
        assert solved_best(view, seat, moves, 1) == [str(m) for m in moves]  # past the cap


# ---------------------------------------------------------------- the other seats' play
SEAT_0 = ["6-4", "3-3", "2-1", "1-1", "5-5", "5-3", "2-2"]
SEAT_1 = ["4-0", "6-5", "3-0", "1-0", "2-0", "3-1", "5-1"]


def test_a_light_play_makes_a_heavy_fitting_tile_unlikely() -> None:
    # Block: seat 1 answered 6-4 with 4-0 on the 4. A world where it also held 6-5 (fits
    # the 6, 11 pips) makes that light play less likely than one where its other tiles were
    # only a little heavier.
    hand = make(BlockGame, [SEAT_0, SEAT_1])
    hand.play(0, "6-4")
    hand.play(1, "4-0 E")
    model = PlayModel(ClassicHand.for_seat(hand.view(0)), 0)
    assert len(model.decisions) == 1
    rest = [Tile(3, 0), Tile(1, 0), Tile(2, 0), Tile(3, 1), Tile(5, 1)]
    mine = mask_of(hand.hands[0])
    heavy = model.log_likelihood([mine, mask_of([Tile(6, 5), *rest])])
    light = model.log_likelihood([mine, mask_of([Tile(4, 1), *rest])])
    alone = model.log_likelihood([mine, mask_of([Tile(5, 2), *rest])])
    assert heavy < light < alone


def test_only_plays_since_a_seats_last_draw_tell_anything() -> None:
    # Draw: seat 1 lays 4-1, cannot follow 1-1 and 6, draws 6-5 and lays it.
    hand = make(DrawGame, [["6-4", "1-1", "3-3"], ["4-1", "5-2", "3-2"]], next_draws=("6-5",))
    hand.play(0, "6-4")
    hand.play(1, "4-1 E")
    hand.play(0, "1-1 E")
    hand.play(1, "draw")
    assert PlayModel(ClassicHand.for_seat(hand.view(0)), 0).decisions == []
    hand.play(1, "6-5 W")
    decisions = PlayModel(ClassicHand.for_seat(hand.view(0)), 0).decisions
    assert [(seat, later) for seat, later, *_ in decisions] == [(1, mask_of([Tile(6, 5)]))]


def test_likely_worlds_agree_with_the_view_and_lean_to_the_plays() -> None:
    hand = make(BlockGame, [SEAT_0, SEAT_1])
    hand.play(0, "6-4")
    hand.play(1, "4-0 E")
    view = ClassicHand.for_seat(hand.view(0))
    sampler = DealSampler(view, 0)
    sample = likely_worlds(view, 0, sampler, random.Random(2), 300)
    assert sample is not None
    worlds = [sample(random.Random()) for _ in range(300)]
    plain = [sampler.sample(random.Random(seed)) for seed in range(300)]
    for world in worlds:
        assert world.view(0) == hand.view(0)

    def heavy_six(world: ClassicHand) -> bool:
        return any(6 in t and t.pips > 4 for t in world.hands[1])

    assert sum(map(heavy_six, worlds)) < sum(map(heavy_six, plain))


def test_nothing_to_learn_from_at_the_lead() -> None:
    hand = BlockGame.deal(2, {"spinner": "off"}, seed=1)
    seat = hand.current_player
    assert seat is not None
    view = ClassicHand.for_seat(hand.view(seat))
    assert likely_worlds(view, seat, DealSampler(view, seat), random.Random(1), 10) is None
