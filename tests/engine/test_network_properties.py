"""Property tests over random seeded games of 2–5 players."""

from __future__ import annotations

import json
import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.network import NetworkHand
from engine.network.geometry import ACROSS, STRIDE
from engine.network.layout import Candidate, Layout, OpenEnd
from engine.network.position import read_position
from engine.tiles import Tile

from .helpers import play_for, play_random, random_move

games = st.tuples(
    st.integers(2, 5),
    st.integers(0, 2**32),
    st.sampled_from([7, 5, 3]),
    st.sampled_from([0.0, 0.2]),
)


def assert_layout_valid(layout: Layout) -> None:
    """No overlap, every shared edge matches, and no open end is already touched."""
    assert len(layout.cells) == 8 * len(layout.placements)
    for cell, number in layout.cells.items():
        for step in (1, STRIDE):  # neighbour to the north and to the east
            other = cell + step
            if other in layout.cells and layout.owner[other] != layout.owner[cell]:
                assert layout.cells[other] == number, "halves with different numbers touch"
    for end in layout.ends.values():
        for square, d in end.faces:
            assert all(square + o not in layout.cells for o in ACROSS[d])


@settings(max_examples=40, deadline=None)
@given(games)
def test_every_legal_move_keeps_the_layout_valid(game: tuple[int, int, int, float]) -> None:
    players, seed, attachments, pass_rate = game
    hand = NetworkHand.deal(players, {"attachments": attachments}, seed)
    rng = random.Random(seed)
    while not hand.is_over:
        hand.apply(random_move(hand, rng, pass_rate))
        assert_layout_valid(hand.layout)
        # Candidates are cached per open end; a fresh state has no caches at all.
        fresh = NetworkHand.from_json(hand.to_json())
        assert [str(m) for m in fresh.legal_moves()] == [str(m) for m in hand.legal_moves()]


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 40))
def test_json_round_trip_is_identical(game: tuple[int, int, int, float], stop: int) -> None:
    players, seed, attachments, pass_rate = game
    hand = NetworkHand.deal(players, {"attachments": attachments}, seed)
    play_for(hand, seed, stop, pass_rate)
    text = json.dumps(hand.to_json())
    revived = NetworkHand.from_json(json.loads(text))
    assert revived == hand
    assert json.dumps(revived.to_json()) == text
    assert [str(m) for m in revived.legal_moves()] == [str(m) for m in hand.legal_moves()]
    assert [revived.view(p) for p in range(players)] == [hand.view(p) for p in range(players)]


@settings(max_examples=40, deadline=None)
@given(games)
def test_replaying_the_moves_from_the_seed_reproduces_the_state(
    game: tuple[int, int, int, float],
) -> None:
    players, seed, attachments, pass_rate = game
    options = {"attachments": attachments}
    hand = NetworkHand.deal(players, options, seed)
    play_random(hand, seed, pass_rate)
    replay = NetworkHand.deal(players, options, seed)
    for turn in hand.history:
        if not turn.auto:
            replay.play(turn.seat, turn.move)
    assert replay == hand


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 30))
def test_hidden_hands_never_appear_in_another_players_view(
    game: tuple[int, int, int, float], stop: int
) -> None:
    players, seed, attachments, pass_rate = game
    hand = NetworkHand.deal(players, {"attachments": attachments}, seed)
    play_for(hand, seed, stop, pass_rate)
    for viewer in [None, *range(players)]:
        text = json.dumps(hand.view(viewer))
        hidden = [t for seat, h in enumerate(hand.hands) if seat != viewer for t in h]
        for tile in hidden + hand.set_aside:
            for spelled in {f"{tile.high}-{tile.low}", f"{tile.low}-{tile.high}"}:
                assert spelled not in text, f"{tile} leaked into the view of {viewer}"
        if viewer is not None:
            assert hand.view(viewer)["hand"] == [t.name for t in hand.hands[viewer]]


def _physical(layout: Layout, tile: Tile, end: OpenEnd, cand: Candidate) -> frozenset[object]:
    placement = layout.placement_for(0, tile, end, cand)
    return frozenset(
        {(placement.ax, placement.ay, placement.a), (placement.bx, placement.by, placement.b)}
    )


def test_a_place_reachable_from_two_ends_is_offered_once_and_both_names_play() -> None:
    layout = read_position("1:6-6@0,0N 2:6-3@2,1E 1:3-3@6,0N 2:6-2@0,4E")
    listed = [f"{end.label} {cand.face}{cand.turn}" for end, cand in layout.fits(Tile.of(3, 2))]
    assert "B 11" in listed and "E 03" not in listed  # 3-2 B EE is 3-2 E NW
    twin = layout.copy()
    first = layout.place(0, Tile.of(3, 2), "B", 1, 1).placement
    second = twin.place(0, Tile.of(3, 2), "E", 0, 3).placement
    assert {(first.ax, first.ay, first.a), (first.bx, first.by, first.b)} == {
        (second.ax, second.ay, second.a),
        (second.bx, second.by, second.b),
    }


@settings(max_examples=40, deadline=None)
@given(games)
@example((2, 825228311, 7, 0.0))  # two ends showing 5 share a square: a free far half
def test_every_place_is_offered_once(game: tuple[int, int, int, float]) -> None:
    players, seed, attachments, pass_rate = game
    hand = NetworkHand.deal(players, {"attachments": attachments}, seed)
    rng = random.Random(seed)
    while not hand.is_over:
        layout = hand.layout
        seat = hand.current_player
        assert seat is not None
        for tile in hand.hands[seat]:
            places = [_physical(layout, tile, end, cand) for end, cand in layout.fits(tile)]
            assert len(places) == len(set(places))
        hand.apply(random_move(hand, rng, pass_rate))
