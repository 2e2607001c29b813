"""The cached ground (``render.kit.ground``): pictures painted from a cached ground, or from
one a few plays old, have exactly the pixels of a picture painted step by step."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from engine.network import NetworkHand
from render.kit import ground
from render.kit.fonts import DRAWING
from render.line.picture import draw_line_table
from render.network.picture import draw_network_table
from render.network.plan import plan_table

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    ground.clear()
    yield
    ground.clear()


def same_pixels(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and a.tobytes() == b.tobytes()


def network(hand: NetworkHand, **kwargs: Any) -> Image.Image:
    with DRAWING:
        return draw_network_table(hand, NAMES, totals=[3] * hand.players, target=50, **kwargs)


def network_fresh(hand: NetworkHand, **kwargs: Any) -> Image.Image:
    with ground.uncached():
        return network(hand, **kwargs)


def candidates(hand: NetworkHand) -> dict[str, Any] | None:
    """What the bot shows the player to move: every place of their most placeable tile."""
    seat = hand.current_player
    if seat is None or hand.layout.is_empty:
        return None
    tile = max(hand.hands[seat], key=lambda t: len(hand.placements_for(t)))
    ghosts = [hand.preview(move) for move in hand.placements_for(tile)]
    return {"candidates": ghosts, "candidate_tile": tile, "title": f"Where {tile} can go"}


def network_games(count: int, seed: int) -> Iterator[NetworkHand]:
    """Seeded random hands (2–5 players), yielded after every move to their end."""
    rng = random.Random(seed)
    for _ in range(count):
        hand = NetworkHand.deal(rng.randint(2, 5), {}, rng.randrange(10_000))
        yield hand
        while not hand.is_over:
            plays = [m for m in hand.legal_moves() if not m.is_pass]
            hand.apply(rng.choice(plays) if plays else hand.legal_moves()[-1])
            yield hand


def test_network_games_drawn_play_by_play_match_drawings_from_scratch() -> None:
    """As in the bot: after every play the next player's candidates picture, then the
    table picture; each compared with the same picture painted without the cache."""
    steps = 0
    for hand in network_games(6, seed=5):
        shown = candidates(hand)
        if shown is not None:
            assert same_pixels(network(hand, **shown), network_fresh(hand, **shown))
        assert same_pixels(network(hand), network_fresh(hand))
        steps += 1
    counts = ground.stats()
    # Most pictures start from the previous play's ground or reuse this play's.
    assert counts.updates + counts.hits > steps
    assert counts.hits > steps / 2


def test_interleaved_tables_share_one_cache_correctly() -> None:
    """Several tables playing at once, as in a drawing worker serving them all."""
    games = [network_games(1, seed) for seed in range(4)]
    live = list(games)
    while live:
        for game in list(live):
            hand = next(game, None)
            if hand is None:
                live.remove(game)
                continue
            assert same_pixels(network(hand), network_fresh(hand))
    assert ground.stats().updates > 0


def classic_games(count: int, seed: int) -> Iterator[tuple[dict[str, Any], str | None]]:
    """Seeded random classic hands (every game, spinner on and off), yielded as public
    views after every move, with an end to highlight when there is one."""
    classic = pytest.importorskip("engine.classic")
    rng = random.Random(seed)
    games = sorted(classic.VARIANTS)
    for _ in range(count):
        cls = classic.VARIANTS[rng.choice(games)]
        options = {} if rng.random() < 0.6 else {"spinner": "off"}
        hand = cls.deal(rng.randint(2, 4), options, rng.randrange(100_000))
        while True:
            view = hand.view(None)
            ends = sorted(str(e["label"]) for e in (view.get("line") or {}).get("ends") or ())
            yield view, (rng.choice(ends) if ends else None)
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_moves()))


def test_classic_lines_drawn_play_by_play_match_drawings_from_scratch() -> None:
    def line(view: dict[str, Any], **kwargs: Any) -> Image.Image:
        with DRAWING:
            return draw_line_table(view, NAMES, totals=[1, 2, 3, 4], target=100, **kwargs)

    for view, end in classic_games(8, seed=9):
        highlight = {"highlight_ends": (end,)} if end else {}
        for kwargs in (highlight, {}, {"last": False}):
            cached = line(view, **kwargs)
            with ground.uncached():
                assert same_pixels(cached, line(view, **kwargs))
    assert ground.stats().updates > 0
    assert ground.stats().hits > 0


def test_a_cached_ground_gives_the_same_pixels_again() -> None:
    hand = next(h for h in network_games(1, seed=2) if len(h.layout.placements) >= 10)
    first = network(hand)
    before = ground.stats().hits
    again = network(hand)
    assert ground.stats().hits == before + 1
    assert same_pixels(first, again)
    assert same_pixels(again, network_fresh(hand))


def test_the_cache_stays_within_its_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = [h for h in network_games(40, seed=7) if h.is_over]
    for hand in hands:
        network(hand)
        entries, pixels = ground.cached_grounds()
        assert entries <= ground.MAX_GROUNDS
        assert pixels <= ground.MAX_PIXELS
    monkeypatch.setattr(ground, "MAX_GROUNDS", 3)
    for hand in hands[:10]:
        network(hand)
        assert ground.cached_grounds()[0] <= 3
    monkeypatch.setattr(ground, "MAX_PIXELS", 1)
    network(hands[0])
    assert ground.cached_grounds()[0] == 1  # the ground just painted, nothing more
    assert same_pixels(network(hands[1]), network_fresh(hands[1]))


def test_a_new_unit_paints_a_new_ground_and_a_moved_view_reuses_it() -> None:
    """The unit shrinks as a layout grows (or ghosts widen it): nothing painted at the old
    unit is reused. Where the unit holds but the picture's frame moves round the tiles
    (a label or ghost further out), the ground is found all the same."""
    unit_changed = frame_moved = False
    for hand in network_games(6, seed=3):
        shown = candidates(hand)
        if shown is None:
            continue
        plain, ghosts = plan_table(hand), plan_table(hand, shown["candidates"])
        if not plain.tiles:
            continue
        ground.clear()
        network(hand)
        counts = ground.stats()
        assert (counts.misses, counts.hits) == (1, 0)
        cached = network(hand, **shown)
        assert same_pixels(cached, network_fresh(hand, **shown))
        if plain.unit != ghosts.unit:
            assert (counts.misses, counts.hits) == (2, 0)
            unit_changed = True
        else:
            assert (counts.misses, counts.hits) == (1, 1)
            frame_moved |= plain.tiles[0].rect != ghosts.tiles[0].rect
    assert unit_changed and frame_moved
