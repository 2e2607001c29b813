"""FIDO's crosswise line drawn as it lies on a table, on lines from real games: every
double lies across the end it closes, nothing sits flush against a tile it is not joined
to, and no connector crosses a tile. Measured on the plans, in the picture's px, with
the gaps scaled as a chat shows the picture (about 550 px wide)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from itertools import combinations, pairwise
from typing import Any

from render.fido import FidoPlan, plan_fido
from render.kit.geometry import Rect, segment_meets
from render.kit.header import MIN_WIDTH
from render.kit.legible import CHAT_WIDTH
from tests.render.test_fido import engine_views, upright

Key = tuple[str, int]
CHAT_GAP = 2
"""The least gap (px, once the picture is shown at chat width) between unjoined things."""


@cache
def lines() -> tuple[tuple[dict[str, Any], FidoPlan, int], ...]:
    """160 positions of real games (the engine's, random legal moves, every set from
    double-6 to double-21, 2 to 9 seats), crosswise only, each with its plan turned back
    upright (arms east and west) if it was laid turned a quarter, and the picture's
    width."""
    views = [v for v in engine_views(190, seed=37) if v["line"].get("mode") == "crosswise"]
    plans = [plan_fido(view) for view in views[:160]]
    return tuple(
        (view, upright(plan), max(MIN_WIDTH, plan.width))
        for view, plan in zip(views, plans, strict=False)
    )


def joins(line: Mapping[str, Any]) -> dict[Key, Key]:
    """Each tile's key (arm, index) and the key of the tile it was laid against."""
    before: dict[Key, Key] = {}
    for arm in line["arms"]:
        origin = arm["from"]
        parent = ("lead", 0) if origin["arm"] == "lead" else (origin["arm"], origin["index"])
        for index in range(len(arm["pieces"])):
            before[arm["label"], index] = parent
            parent = (arm["label"], index)
    return before


def apart(p: Rect, q: Rect) -> float:
    """The gap between two boxes (0 if they touch, even at a corner; < 0 if they overlap)."""
    return max(q.left - p.right, p.left - q.right, q.top - p.bottom, p.top - q.bottom)


def least_gap(width: int) -> float:
    """CHAT_GAP chat px in the px of a picture ``width`` px wide, once a chat shrinks it
    to CHAT_WIDTH."""
    return CHAT_GAP * max(width, CHAT_WIDTH) / CHAT_WIDTH


def test_the_lines_cover_every_set_many_seats_and_doubles() -> None:
    views = [view for view, _, _ in lines()]
    assert len(views) == 160
    assert {v["set_top"] for v in views} == {6, 9, 12, 15, 18, 21}
    assert len({v["players"] for v in views}) >= 7
    doubles = sum(p["double"] for v in views for a in v["line"]["arms"] for p in a["pieces"])
    assert doubles > 300


def doubles_and_what_they_close(
    view: Mapping[str, Any], plan: FidoPlan
) -> Iterator[tuple[Key, Rect, Rect]]:
    laid = {(t.arm, t.index): t for t in plan.tiles}
    for key, parent in joins(view["line"]).items():
        tile = laid[key]
        if tile.a == tile.b:
            yield key, tile.rect, laid[parent].rect


def test_every_double_lies_across_the_end_it_closes() -> None:
    """A double lies against the end of the tile before it (or the far long side of a
    double before it), its long side across that end and its middle on the end's line:
    standing against a tile lying east or west, lying against one standing."""
    checked = 0
    for view, plan, _ in lines():
        for key, double, before in doubles_and_what_they_close(view, plan):
            if double.left == before.right or double.right == before.left:
                across = double.height == 2 * double.width
                centred = double.centre[1] == before.centre[1]
            elif double.top == before.bottom or double.bottom == before.top:
                across = double.width == 2 * double.height
                centred = double.centre[0] == before.centre[0]
            else:
                across = centred = False  # not against the tile it closes at all
            assert across and centred, (key, double, before)
            checked += 1
    assert checked > 300


def test_nothing_sits_flush_against_a_tile_it_is_not_joined_to() -> None:
    """Between two tiles not laid one against the other, and between an end badge and
    any tile but its arm's tip, at least 2 px at chat size."""
    pairs = 0
    for view, plan, width in lines():
        least = least_gap(width)
        joined = {frozenset(pair) for pair in joins(view["line"]).items()}
        laid = {(t.arm, t.index): t.rect for t in plan.tiles}
        for (a, p), (b, q) in combinations(laid.items(), 2):
            if frozenset((a, b)) not in joined:
                assert apart(p, q) >= least, (a, b, apart(p, q), least)
                pairs += 1
        tips = {key[0]: key for key in sorted(laid)}
        for badge in plan.badges:
            tip = tips.get(badge.label)
            for key, rect in laid.items():
                if key != tip and (tip is not None or key not in opened_by(view, badge.label)):
                    assert apart(badge.rect, rect) >= least, (badge.label, key)
    assert pairs > 100_000


def opened_by(view: Mapping[str, Any], label: str) -> set[Key]:
    """The double whose side (or the opening's) an arm with no tiles yet leaves."""
    for arm in view["line"]["arms"]:
        if arm["label"] == label:
            origin = arm["from"]
            return {("lead", 0) if origin["arm"] == "lead" else (origin["arm"], origin["index"])}
    return set()


def test_no_connector_crosses_a_tile() -> None:
    """The thin links that finish a side arm's climb or turn a long arm back pass through
    no tile but the two they join (the ones their ends touch)."""
    links = 0
    for _, plan, _ in lines():
        rects = [t.rect for t in plan.tiles] + [b.rect for b in plan.badges]
        for link in plan.links:
            ends = (link[0], link[-1])
            others = [r for r in rects if not any(touches(point, r) for point in ends)]
            for a, b in pairwise(link):
                assert not any(segment_meets(a, b, r) for r in others), (a, b)
            links += 1
    assert links > 200


def touches(point: tuple[float, float], rect: Rect) -> bool:
    x, y = point
    return rect.left <= x <= rect.right and rect.top <= y <= rect.bottom
