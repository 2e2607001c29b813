"""FIDO's crosswise line drawn as it lies on a table, on lines from real games: every
double lies across the end it closes, nothing sits flush against a tile it is not joined
to, and no connector crosses a tile. Measured on the plans, in the picture's px, with
the gaps scaled as a chat shows the picture (about 550 px wide)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from itertools import combinations, pairwise
from typing import Any

from render.fido import FidoPlan, plan_fido
from render.kit.geometry import Rect, segment_meets
from render.kit.header import MIN_WIDTH
from render.kit.legible import CHAT_WIDTH
from tests.render.test_fido import engine_views, upright
from tests.render.test_legibility import fido_views

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


@cache
def branched() -> tuple[tuple[dict[str, Any], FidoPlan, int], ...]:
    """The hand-built crosswise lines of 45 to 60 tiles, a double every three or four
    tiles: the most branched, some laid narrow enough to read at chat size only with
    side arms reaching over other doubles' columns (upright, with their width)."""
    views = [v for what, v in fido_views() if "crosswise" in what and int(what.split()[0]) >= 45]
    plans = [(view, plan_fido(view)) for view in views]
    return tuple((view, upright(plan), max(MIN_WIDTH, plan.width)) for view, plan in plans)


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
    assert doubles_across(lines()) > 300


def test_the_most_branched_lines_keep_to_the_same_rules() -> None:
    """Laid narrow for their numerals to read, the hand-built lines with the most
    doubles still lay each double across the end it closes, keep every two things not
    joined apart and no connector crosses a tile."""
    assert doubles_across(branched()) > 100
    assert things_apart(branched()) > 10_000
    assert links_clear(branched()) > 50


def doubles_across(laid_lines: Iterable[tuple[dict[str, Any], FidoPlan, int]]) -> int:
    """How many doubles were checked to lie across the end they close."""
    checked = 0
    for view, plan, _ in laid_lines:
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
    return checked


def test_nothing_sits_flush_against_a_tile_it_is_not_joined_to() -> None:
    """Between two tiles not laid one against the other, and between an end badge and
    any tile but its arm's tip, at least 2 px at chat size."""
    assert things_apart(lines()) > 100_000


def things_apart(laid_lines: Iterable[tuple[dict[str, Any], FidoPlan, int]]) -> int:
    """How many pairs of tiles not joined were checked to keep apart (and every badge
    from every tile but its arm's tip)."""
    pairs = 0
    for view, plan, width in laid_lines:
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
    return pairs


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
    assert links_clear(lines()) > 200


def links_clear(laid_lines: Iterable[tuple[dict[str, Any], FidoPlan, int]]) -> int:
    """How many links were checked to cross no tile."""
    links = 0
    for _, plan, _ in laid_lines:
        rects = [t.rect for t in plan.tiles] + [b.rect for b in plan.badges]
        for link in plan.links:
            ends = (link[0], link[-1])
            others = [r for r in rects if not any(touches(point, r) for point in ends)]
            for a, b in pairwise(link):
                assert not any(segment_meets(a, b, r) for r in others), (a, b)
            links += 1
    return links


def touches(point: tuple[float, float], rect: Rect) -> bool:
    x, y = point
    return rect.left <= x <= rect.right and rect.top <= y <= rect.bottom
