"""Runs and cross lines (``render.fido.runs``): items in a row never overlap, rows keep
their limits, and a turn joins the end of one row to the start of the next."""

from __future__ import annotations

import random
from itertools import pairwise

from render.fido.runs import Item, cross, length, run


def items(rng: random.Random, count: int, first: int = 0) -> list[Item[int]]:
    """Tiles and badges of assorted sizes, numbered from ``first``."""
    return [
        Item(rng.choice((20, 40, 40, 40, 55)), rng.choice((20, 40)), first + i, rng.choice((0, 3)))
        for i in range(count)
    ]


def test_runs_snake_within_their_limits_without_overlap() -> None:
    rng = random.Random(5)
    for _ in range(300):
        laid_items = items(rng, rng.randint(0, 60))
        low, high = -rng.randint(100, 400), rng.randint(100, 400)
        keep = 1 if laid_items and rng.random() < 0.5 else 0
        laid = run(laid_items, 0, 1, 1, low, high, keep)
        assert [p.item.payload for p in laid.items] == list(range(len(laid_items)))
        rows: dict[int, list[tuple[int, int]]] = {}
        for p in laid.items:
            rows.setdefault(p.row, []).append((p.left, p.right))
            assert p.right - p.left == p.item.width
        for spans in rows.values():
            spans.sort()
            for (_, right), (left, _) in pairwise(spans):
                assert right <= left  # never overlapping within a row
            if len(spans) > 1 + keep:
                assert low <= spans[0][0] and spans[-1][1] <= high + (55 + 3) * keep
        assert list(rows) == list(range(len(rows)))  # rows 0, 1, 2 … one after another
        for turn in laid.turns:
            ending = [p for p in laid.items if p.row == turn.row][-1]
            starting = next(p for p in laid.items if p.row == turn.to)
            assert turn.x in (ending.left, ending.right) and turn.x in (
                starting.left,
                starting.right,
            )
            assert starting.heading == -ending.heading == -turn.heading


def test_an_end_badge_stays_beside_the_last_tile() -> None:
    tiles = [Item(40, 20, i) for i in range(5)]
    badge = Item(30, 20, 99, 3)
    laid = run([*tiles, badge], 0, 1, 1, 0, 200, keep=1)  # 200 holds 5 tiles, not the badge
    rows = {p.item.payload: p.row for p in laid.items}
    assert rows[99] == rows[4] == 1  # the last tile moved down with its badge
    assert max(p.right for p in laid.items if p.row == 0) <= 200


def test_a_cross_line_runs_west_above_and_east_below() -> None:
    rng = random.Random(6)
    centre = Item(20, 40, -1)
    west, east = items(rng, 30), items(rng, 30, first=100)
    laid = cross(centre, west, east, 0, -300, 300)
    middle = laid.items[0]
    assert (middle.left, middle.right, middle.row) == (-10, 10, 0)
    west_rows = {p.row for p in laid.items[1:] if p.item.payload < 100}
    east_rows = {p.row for p in laid.items[1:] if p.item.payload >= 100}
    assert max(west_rows) == 0 and min(east_rows) == 0
    assert min(west_rows) < 0 < max(east_rows)
    row0 = sorted((p.left, p.right) for p in laid.items if p.row == 0)
    for (_, right), (left, _) in pairwise(row0):
        assert right <= left
    assert length(east) == sum(i.width + i.gap for i in east)
