"""The FIDO computer players (easy, normal, hard) and what the hard player infers."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from engine.fido import FidoHand, search
from engine.fido.ai import LEVELS, choose_move, computer_move
from engine.fido.differences import is_joker
from engine.fido.inference import DealSampler, read_limits
from engine.fido.policy import Unlaid, Weights, normal_move
from engine.fido.rollout import Rollout
from engine.fido.search import (
    MAX_WORLDS,
    MIN_STAGE,
    TOP_K,
    exact_deals,
    halving,
    playouts_for,
)
from engine.search import Budget
from engine.tiles import Tile, double_set, parse_tile

from .helpers import hidden_dealt_again, short_of_the_end

SMALL = Budget(4)
"""A hard player's budget for tests: a few worlds and no time cap (deterministic)."""

TABLES: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (2, {"set": 6}),
    (3, {"set": 9, "mercy": "on"}),
    (5, {"set": 12, "doubles": "in-line"}),
    (6, {"set": 12, "direction": "counter-clockwise", "divisor": 5}),
    (9, {"set": 21}),
]


def random_position(seed: int, table: int | None = None) -> FidoHand:
    """A seeded game on one of :data:`TABLES`, played at random for a while (not over)."""
    rng = random.Random(seed)
    players, options = TABLES[rng.randrange(len(TABLES)) if table is None else table]
    game = FidoHand.deal(players, options, seed)
    return short_of_the_end(game, rng, rng.randint(1, 60))


def decide(game: FidoHand, seed: int, level: str) -> str:
    """The level's move for the seat to move, from that seat's view (hard: small budget)."""
    seat = game.current_player
    assert seat is not None
    return str(choose_move(FidoHand.for_seat(game.view(seat)), seed, level, SMALL))


# ---------------------------------------------------------------- every level
def test_the_levels() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    with pytest.raises(ValueError, match="level"):
        choose_move(FidoHand.deal(4, {}, 1), 1, "expert")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_makes_a_legal_move_in_random_positions(level: str) -> None:
    for seed in range(12):
        game = random_position(seed)
        legal = {str(m) for m in game.legal_moves()}
        assert decide(game, seed, level) in legal, (seed, level)


def test_the_real_players_answer_through_the_interface() -> None:
    game = random_position(3, table=0)
    seat = game.current_player
    assert seat is not None
    legal = {str(m) for m in game.legal_moves()}
    for level in LEVELS:
        assert computer_move(game.view(seat), 7, level) in legal


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_and_seed_give_the_same_move(level: str) -> None:
    for seed in range(6):
        game = random_position(100 + seed)
        assert decide(game, seed, level) == decide(game, seed, level)


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_depend_only_on_the_seats_view(level: str) -> None:
    """Two games that differ only in tiles the seat cannot see: the same view, and the
    same decision even when the player is handed the full game."""
    changed = 0
    for seed in range(8):
        game = random_position(200 + seed)
        other = hidden_dealt_again(game, game.current_player, seed)
        seat = game.current_player
        assert seat is not None
        assert game.view(seat) == other.view(seat)
        changed += game.to_json() != other.to_json()
        assert decide(game, seed, level) == decide(other, seed, level)
        full = str(choose_move(game, seed, level, SMALL))
        assert full == str(choose_move(other, seed, level, SMALL)) == decide(game, seed, level)
    assert changed >= 6


def test_easy_plays_at_random_by_its_seed() -> None:
    game = random_position(5, table=0)
    while len(game.legal_moves()) < 4:
        game.apply(game.legal_moves()[0])
    picks = {decide(game, seed, "easy") for seed in range(30)}
    assert len(picks) >= 3


# ---------------------------------------------------------------- normal
def test_normal_takes_the_play_that_scores_most() -> None:
    seen = 0
    for seed in range(40):
        game = random_position(300 + seed)
        moves = game.legal_moves()
        best = max(game.score_if(m) for m in moves)
        if best == 0:
            continue
        seen += 1
        move = game.parse_move(decide(game, seed, "normal"))
        assert game.score_if(move) == best, seed
    assert seen >= 8


def test_the_seeds_example_normal_scores_four_with_twelve_eight() -> None:
    """Double-18 on 11 at 48 (docs/rules/fido.md's worked example): 12-8 on the 12 makes 44, four
    points; 16-12 would make 52."""
    named = [["18-18", "1-0"], ["18-12", "3-0"], ["12-8", "16-12", "5-1"], ["18-8", "2-0"]]
    hands = [[parse_tile(t, 18) for t in names] for names in named]
    dealt = {t for h in hands for t in h}
    game = FidoHand(hands, [t for t in double_set(18) if t not in dealt], {"set": 18})
    game.play(0, "18-18")
    game.play(1, "18-12 A")
    assert game.line.total == 48
    assert decide(game, 1, "normal") == "12-8 A"
    assert game.score_if(game.parse_move("12-8 A")) == 4


def test_normal_keeps_a_joker_when_an_equal_play_without_one_exists() -> None:
    """The second move of a pinned double-12 deal: 12-5 (a difference of 7, a joker) or
    12-0 on the opening double. Neither scores; weighed without the joker rule, 12-5 is
    (a little) ahead, so the joker rule alone makes normal keep it."""
    game = FidoHand.deal(4, {}, 72)
    game.apply(game.legal_moves()[0])
    joker, plain = game.parse_move("12-5 A"), game.parse_move("12-0 A")
    assert joker in game.legal_moves() and plain in game.legal_moves()
    assert joker.tile is not None and is_joker(joker.tile, game.divisor)
    assert plain.tile is not None and not is_joker(plain.tile, game.divisor)
    assert game.score_if(joker) == game.score_if(plain) == 0
    without = normal_move(game, Unlaid(game), random.Random(0), Weights(joker=0.0))
    assert without == joker
    assert decide(game, 0, "normal") == "12-0 A"


# ---------------------------------------------------------------- hard
def endgame(seed: int) -> FidoHand:
    """Two players on double-6, played at random (seeded) until the stock is empty and
    seven tiles are left: every tile is then known to the seat to move."""
    game = FidoHand.deal(2, {"set": 6}, seed)
    rng = random.Random(seed)
    while not game.is_over and (game.stock or sum(len(h) for h in game.hands) > 7):
        game.apply(rng.choice(game.legal_moves()))
    return game


def exact_margin(game: FidoHand, me: int) -> int:
    """The seat's final margin over the other with both playing perfectly (minimax)."""
    if game.is_over:
        return game.scores[me] - game.scores[1 - me]
    values = []
    for move in game.legal_moves():
        after = game.copy()
        after.apply(move)
        values.append(exact_margin(after, me))
    return max(values) if game.current_player == me else min(values)


def test_hard_prefers_the_obviously_better_move() -> None:
    """A pinned endgame (found once by search, offline) where the normal player's move
    loses the game by 41 and another end wins it by 39: hard finds the winning end for
    every seed tried, and the exact minimax values confirm which is better."""
    game = endgame(1773)
    me = game.current_player
    assert me is not None and not game.stock
    view = game.view(me)
    values = {}
    for move in game.legal_moves():
        after = game.copy()
        after.apply(move)
        values[str(move)] = exact_margin(after, me)
    assert computer_move(view, 1, "normal") == "5-4 A" and values["5-4 A"] == -41
    best = max(values, key=lambda text: values[text])
    assert best == "5-4 J" and values[best] == 39
    assert {computer_move(view, seed, "hard") for seed in range(4)} == {best}


# ---------------------------------------------------------------- inference
def test_what_draws_and_sit_outs_reveal_holds_for_the_real_hands() -> None:
    found = 0
    for seed in range(40):
        game = random_position(400 + seed)
        for limit in read_limits(game):
            found += 1
            held = [t for t in game.hands[limit.seat] if limit.counts(t)]
            assert len(held) <= limit.most, (seed, limit)
    assert found >= 5


def test_sampled_deals_keep_sizes_and_limits() -> None:
    checked = 0
    for seed in range(40):
        game = random_position(500 + seed)
        seat = game.current_player
        assert seat is not None
        view = FidoHand.for_seat(game.view(seat))
        sampler = DealSampler(view, seat)
        rng = random.Random(seed)
        for _ in range(3):
            world = sampler.sample(rng)
            assert [len(h) for h in world.hands] == [len(h) for h in game.hands]
            assert len(world.stock) == len(game.stock)
            assert world.hands[seat] == game.hands[seat]
            every = [t for h in world.hands for t in h] + world.stock + world.line.laid()
            assert sorted(every) == sorted(game.book.tiles)
            for limit in sampler.limits:
                checked += 1
                assert sum(limit.counts(t) for t in world.hands[limit.seat]) <= limit.most
        assert sampler.relaxed == 0
    assert checked >= 5


def test_doubles_above_the_opening_are_dealt_only_to_the_stock_or_a_seat_that_drew() -> None:
    game = FidoHand.deal(4, {"set": 9}, 15)
    assert game.opening == Tile(7, 7)  # so 9-9 and 8-8 lay in the stock
    higher = {Tile(9, 9), Tile(8, 8)}
    rng = random.Random(15)
    while len(game.history) < 8:
        game.apply(rng.choice(game.legal_moves()))
    seat = game.current_player
    assert seat is not None and not higher & set(game.hands[seat])
    drew = {who for who, text, _ in game.history if text == "draw"}
    sampler = DealSampler(FidoHand.for_seat(game.view(seat)), seat)
    in_stock = 0
    for _ in range(60):
        world = sampler.sample(rng)
        for other in sampler.others():
            if other not in drew:
                assert not higher & set(world.hands[other]), world.hands[other]
        in_stock += len(higher & set(world.stock))
    assert sampler.relaxed == 0
    assert in_stock > 60  # most worlds keep both there: few seats have drawn


# ---------------------------------------------------------------- the hard player's search
def test_hard_plays_fewer_playouts_only_when_they_are_long() -> None:
    opening = FidoHand.deal(4, {"set": 9}, 3)
    later = endgame(1773)
    most = MAX_WORLDS * TOP_K
    assert playouts_for(later, most) == most  # short playouts: the most
    assert 0 < playouts_for(opening, most) < most
    big = FidoHand.deal(9, {"set": 21}, 3)
    assert 0 < playouts_for(big, most) < playouts_for(opening, most)  # nine long hands
    assert playouts_for(opening, 4) == 4  # a smaller budget caps it
    assert halving(list("abcdefgh"), 240, 100) == [(8, 10), (4, 20), (2, 40)]
    assert halving(list("abcdefgh"), 24, 100) == [(8, MIN_STAGE), (4, MIN_STAGE), (2, MIN_STAGE)]
    assert halving(list("abc"), 1000, 4) == [(3, 4), (2, 4)]


def test_a_big_table_spends_its_share_of_the_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nine players get (4/9) ** SHARE_POWER of the work four would (their playout turns
    cost more than the hands' sizes say: docs/ai.md), fewer players all of it."""
    big = FidoHand.deal(9, {"set": 21}, 3)
    four = FidoHand.deal(4, {"set": 9}, 3)
    most = 10**9
    shared, whole = playouts_for(big, most), playouts_for(four, most)
    monkeypatch.setattr(search, "SHARE_FROM", 9)
    assert abs(playouts_for(big, most) * (4 / 9) ** search.SHARE_POWER - shared) <= 1
    assert playouts_for(four, most) == whole


def test_with_the_stock_empty_hard_plays_every_deal_that_agrees_with_the_history() -> None:
    """Three players on double-6 with the stock empty: the other two hands can be dealt in
    few ways, and the search takes exactly those that keep what sit-outs revealed."""
    checked = 0
    for seed in range(60):
        game = FidoHand.deal(3, {"set": 6}, seed)
        rng = random.Random(seed)
        while not game.is_over and (game.stock or sum(len(h) for h in game.hands) > 9):
            game.apply(rng.choice(game.legal_moves()))
        seat = game.current_player
        if seat is None:
            continue
        sampler = DealSampler(FidoHand.for_seat(game.view(seat)), seat)
        deals = exact_deals(sampler, 10_000)
        assert deals is not None
        others = sampler.others()
        truth = [sorted(game.hands[other]) for other in others]
        assert truth in [[sorted(hand) for hand in deal] for deal in deals]
        sizes = [len(game.hands[other]) for other in others]
        unseen = sum(sizes)
        ways = math.comb(unseen, sizes[0])
        assert len(deals) <= ways
        for deal in deals:
            assert [len(hand) for hand in deal] == sizes
            for index, other in enumerate(others):
                for limit in sampler.limits:
                    if limit.seat == other:
                        assert sum(limit.counts(t) for t in deal[index]) <= limit.most
        checked += len(deals) < ways
        assert exact_deals(sampler, ways - 1) is None  # one way too many: it samples
    assert checked >= 1  # some sit-out ruled deals out


def test_with_tiles_in_the_stock_hard_samples() -> None:
    game = FidoHand.deal(4, {"set": 9}, 5)
    game.apply(game.legal_moves()[0])
    seat = game.current_player
    assert seat is not None
    assert exact_deals(DealSampler(FidoHand.for_seat(game.view(seat)), seat), 10**9) is None


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_the_playouts_play_as_the_normal_player_and_the_game_would(table: int) -> None:
    """The search's playouts run on bare lists; they must make the very moves, draws,
    sit-outs, scores and end that the normal player makes on the real game."""
    for seed in range(8):
        game = random_position(700 + seed, table)
        if game.is_over or game.line.lead is None:
            continue
        rollout = Rollout(game)
        fast_unlaid = Unlaid(game)
        rollout.run(fast_unlaid, random.Random(seed), 10_000)
        slow = game.copy()
        slow_unlaid = Unlaid(slow)
        rng = random.Random(seed)
        while slow.current_player is not None:
            move = normal_move(slow, slow_unlaid, rng)
            slow.apply(move)
            if move.tile is not None:
                slow_unlaid.lay(move.tile)
        assert rollout.current is None
        assert rollout.scores == slow.scores, (table, seed)
        assert rollout.hands == slow.hands
        assert rollout.stock == slow.stock
        assert rollout.total == slow.line.total
        assert fast_unlaid.plain == slow_unlaid.plain
