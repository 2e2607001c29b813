"""The FIDO table picture: geometry (tiles inside the picture and never overlapping, arms
connected, numbers as in the view, one badge per open end clear of everything), the
budgets on the largest lines, highlights, the header's sums, and that it draws only the
public view."""

from __future__ import annotations

import io
import itertools
import random
import re
from collections.abc import Mapping
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import render
from engine.fido.hand import FidoHand
from engine.tiles import Tile
from render import render_fido_table
from render.fido import FidoPlan, empty_note, fido_notes, plan_fido, total_text
from render.fido.picture import draw_fido_table
from render.fido.plan import LEGIBLE_TILES, TREE_FLOOR
from render.kit.geometry import Rect, segment_meets
from render.kit.hand import BRIGHT, draw_hand, plan_hand
from render.kit.hand import UNIT as HAND_UNIT
from render.kit.palette import seat_colour
from render.kit.tiles import NUMERALS, PLAIN, E, N, S, TileLook, W, tile_face
from render.line.plan import (
    AREA_BUDGET,
    HEIGHT_BUDGET,
    MAX_WIDTH,
    UNIT_MAX,
    UNIT_MIN,
)
from tests.render import fido_cases as C
from tests.render.fido_views import FidoView, long_double_21, random_fido_view
from tests.render.legibility import unreadable

NAMES = ["Ada", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def touching(p: Rect, q: Rect) -> bool:
    """Whether two boxes share an edge segment without overlapping."""
    w = min(p.right, q.right) - max(p.left, q.left)
    h = min(p.bottom, q.bottom) - max(p.top, q.top)
    return (w == 0 and h > 0) or (h == 0 and w > 0)


def on_edge(point: tuple[float, float], rect: Rect) -> bool:
    x, y = point
    inside = rect.left <= x <= rect.right and rect.top <= y <= rect.bottom
    return inside and (x in (rect.left, rect.right) or y in (rect.top, rect.bottom))


def inside(point: tuple[float, float], rect: Rect) -> bool:
    x, y = point
    return rect.left <= x <= rect.right and rect.top <= y <= rect.bottom


def linked(plan: FidoPlan, start: Rect, end: Rect) -> bool:
    """Whether one of the plan's links runs from ``start``'s edge to ``end``'s."""
    return any(on_edge(link[0], start) and on_edge(link[-1], end) for link in plan.links)


def short_end(tile: Rect, parent: Rect) -> bool:
    """Whether ``tile`` touches the top or bottom edge of ``parent`` (a standing double)."""
    w = min(tile.right, parent.right) - max(tile.left, parent.left)
    return w > 0 and (tile.bottom == parent.top or tile.top == parent.bottom)


def parent_of(line: Mapping[str, Any], plan: FidoPlan, arm: Mapping[str, Any]) -> Any:
    laid = {(t.arm, t.index): t for t in plan.tiles}
    origin = arm["from"]
    if origin["arm"] == "lead":
        return laid[("lead", 0)]
    return laid[(origin["arm"], origin["index"])]


FLIPPED = {E: S, S: E, W: N, N: W}


def upright(plan: FidoPlan) -> FidoPlan:
    """A tree laid turned a quarter (arms north and south) turned back, mirrored in its
    diagonal: what the checks below expect (arms east and west, doubles standing). The
    mirror keeps every distance, so nothing that overlaps or touches changes."""
    if not plan.transposed:
        return plan

    def flip(rect: Rect) -> Rect:
        return Rect(rect.top, rect.left, rect.bottom, rect.right)

    tiles = tuple(replace(t, rect=flip(t.rect), direction=FLIPPED[t.direction]) for t in plan.tiles)
    badges = tuple(replace(b, rect=flip(b.rect)) for b in plan.badges)
    links = tuple(tuple((y, x) for x, y in link) for link in plan.links)
    return replace(plan, width=plan.height, height=plan.width, tiles=tiles, badges=badges,
                   links=links, transposed=False)  # fmt: skip


def fits_budgets(plan: FidoPlan) -> bool:
    return (
        plan.width <= MAX_WIDTH
        and plan.height <= HEIGHT_BUDGET
        and plan.width * plan.height <= AREA_BUDGET
    )


def check_plan(view: Mapping[str, Any], plan: FidoPlan) -> None:
    """Everything inside the picture; no two tiles or badges overlap and no link crosses
    one; every tile of the view drawn once with its numbers; each arm's first tile touches
    its double (A and B its long sides, every other arm a short end; an arm whose first
    double comes second, which must lie across a tile lying in a row, is joined to the
    short end by a link, as is one opening with a double) and
    every later tile the one before it (or a link joins them); one badge per open end,
    right beside its arm's tip. A tree turned a quarter is checked turned back."""
    assert plan.width <= MAX_WIDTH
    if plan.transposed:
        u = plan.unit
        for tile in plan.tiles:  # doubles lie across the arm running down the picture
            if tile.a == tile.b:
                assert (tile.rect.width, tile.rect.height, tile.direction) == (2 * u, u, E)
        assert all(b.rect.width > b.rect.height for b in plan.badges)  # text stays level
    plan = upright(plan)
    line = view["line"]
    u = plan.unit
    frame = Rect(0, 0, plan.width, plan.height)
    things = [t.rect for t in plan.tiles] + [b.rect for b in plan.badges]
    for i, rect in enumerate(things):
        assert frame.overlap(rect) == rect.width * rect.height, rect
        for other in things[i + 1 :]:
            assert not rect.overlap(other), (rect, other)
    for link in plan.links:
        for (x0, y0), (x1, y1) in pairwise(link):
            segment = Rect(min(x0, x1) - 0.5, min(y0, y1), max(x0, x1) + 0.5, max(y0, y1))
            if y0 == y1:
                segment = Rect(min(x0, x1), y0 - 0.5, max(x0, x1), y0 + 0.5)
            assert frame.overlap(segment) == segment.width * segment.height
            assert not any(segment.overlap(t) for t in things), link
    for turn in plan.turns:
        reach = turn.x + turn.heading * turn.bulge
        bend = Rect(min(turn.x, reach), min(turn.y, turn.to), max(turn.x, reach),
                    max(turn.y, turn.to))  # fmt: skip
        assert not any(bend.overlap(t) for t in things), turn
        assert frame.left <= bend.left and bend.right <= frame.right

    laid = {(t.arm, t.index): t for t in plan.tiles}
    pieces = sum(len(arm["pieces"]) for arm in line["arms"])
    assert len(laid) == pieces + 1 == len(plan.tiles)
    lead = laid[("lead", 0)]
    crosswise = line["mode"] == "crosswise"
    assert lead.direction == (S if crosswise else E)
    for arm in line["arms"]:
        before = parent_of(line, plan, arm)
        for i, piece in enumerate(arm["pieces"]):
            tile = laid[(arm["label"], i)]
            assert (tile.a, tile.b) == (piece["inner"], piece["outer"]), piece
            standing = crosswise and piece["double"]
            if standing:
                assert (tile.rect.width, tile.rect.height, tile.direction) == (u, 2 * u, S)
            else:  # lying along its row, or upright in a stem: inner half to the tile before
                inner = {E: tile.rect.left, W: tile.rect.right, N: tile.rect.bottom,
                         S: tile.rect.top}[tile.direction]  # fmt: skip
                edges = (before.rect.left, before.rect.right, before.rect.top,
                         before.rect.bottom)  # fmt: skip
                assert inner in edges or linked(plan, before.rect, tile.rect), (arm["label"], i)
            if i == 0 and arm["from"]["side"] in ("east", "west"):
                assert touching(tile.rect, before.rect) and not short_end(tile.rect, before.rect)
            elif i == 0 and not standing:
                across = len(arm["pieces"]) > 1 and crosswise and arm["pieces"][1]["double"]
                stands = short_end(tile.rect, before.rect)
                assert stands or (across and linked(plan, before.rect, tile.rect)), arm["label"]
            elif i == 0:
                assert short_end(tile.rect, before.rect) or linked(plan, before.rect, tile.rect)
            else:
                ends = {tile.rect.left, tile.rect.right} & {before.rect.left, before.rect.right}
                turned = bool(ends & {t.x for t in plan.turns})  # across an in-line turn
                joined = touching(tile.rect, before.rect) or linked(plan, before.rect, tile.rect)
                assert joined or turned, (arm["label"], i)
            before = tile
    labels = [b.label for b in plan.badges]
    assert sorted(labels) == sorted(e["label"] for e in line["ends"])
    for badge in plan.badges:
        end = next(e for e in line["ends"] if e["label"] == badge.label)
        assert badge.text.startswith(f"{badge.label} {end['value']}")
        assert badge.naked == end["naked"]
        if end["count"] != end["value"]:
            assert badge.text.endswith(f"({end['count']})")
        arm = next(a for a in line["arms"] if a["label"] == badge.label)
        tip = [t for t in plan.tiles if t.arm == badge.label]
        last = max(tip, key=lambda t: t.index).rect if tip else parent_of(line, plan, arm).rect
        gap = max(badge.rect.left - last.right, last.left - badge.rect.right)
        beside = last.top <= badge.rect.centre[1] <= last.bottom and 0 <= gap <= max(6, u // 10)
        across = min(badge.rect.right, last.right) > max(badge.rect.left, last.left)
        above = max(last.top - badge.rect.bottom, badge.rect.top - last.bottom)
        on_short_end = across and 0 <= above <= max(4, u // 4)
        assert beside or on_short_end or linked(plan, last, badge.rect), badge


def engine_views(count: int, seed: int) -> list[dict[str, Any]]:
    """Seeded random FIDO hands from the real engine, played with random legal moves to
    a random point (or to the end): every set, 2 to 9 players, both ways of laying
    doubles."""
    rng = random.Random(seed)
    views: list[dict[str, Any]] = []
    while len(views) < count:
        top = rng.choice((6, 9, 12, 15, 18, 21))
        options = {"set": top, "doubles": "crosswise" if rng.random() < 0.85 else "in-line"}
        hand = FidoHand.deal(rng.randint(2, 9), options, rng.randrange(100_000))
        for _ in range(rng.randint(0, 300)):
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_moves()))
        views.append(hand.view(None))
    return views


def played_out_double_21(seed: int) -> dict[str, Any]:
    """A double-21 hand for two played to its end with random legal moves: the longest
    lines a real game lays."""
    hand = FidoHand.deal(2, {"set": 21}, seed)
    rng = random.Random(seed)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_moves()))
    return hand.view(None)


# ------------------------------------------------------------------ geometry


@pytest.mark.parametrize(
    "make", [C.seed_example, C.branching, C.in_line, C.over, long_double_21],
    ids=lambda f: f.__name__,
)  # fmt: skip
def test_reference_lines_are_laid_out_cleanly(make: Any) -> None:
    view = make()
    check_plan(view, plan_fido(view))


@pytest.mark.parametrize(
    "make", [C.seed_example, C.branching, C.in_line, C.over], ids=lambda f: f.__name__
)
def test_short_lines_keep_the_biggest_unit_within_the_budgets(make: Any) -> None:
    plan = plan_fido(make())
    assert plan.unit == UNIT_MAX
    assert plan.height <= HEIGHT_BUDGET and plan.width * plan.height <= AREA_BUDGET


def test_the_181_tile_double_21_line_is_one_connected_tree() -> None:
    """The reference's 181 tiles, 21 crosswise doubles and 46 arms: nothing overlaps,
    every arm hangs off its double, within the width limit at the floor unit, taller
    than the height budget (with a gap between every two tiles not joined, no way of
    laying it fits all the budgets at a unit that still reads)."""
    view = long_double_21()
    line = view["line"]
    assert sum(len(a["pieces"]) for a in line["arms"]) + 1 == 181
    assert len(line["arms"]) == 46
    plan = plan_fido(view, ("Q",))
    check_plan(view, plan)
    assert plan.unit == TREE_FLOOR and taller_for_a_reason(plan)


def test_a_turned_tree_runs_a_south_and_b_north_with_numerals_upright() -> None:
    """Turned a quarter, the picture is the tree mirrored in its diagonal: A leaves the
    opening double's bottom long side and B its top, the doubles lie across the arms,
    and a tile standing in an arm shows its first number on top (upright, as every FIDO
    numeral is), where a lying one shows it on the left. A real double-21 game of three,
    146 tiles in."""
    view = engine_views(84, seed=5)[83]
    plan = plan_fido(view)
    assert plan.transposed
    laid = {(t.arm, t.index): t for t in plan.tiles}
    lead = laid[("lead", 0)].rect
    assert (lead.width, lead.height) == (2 * plan.unit, plan.unit)
    assert laid[("A", 0)].rect.top == lead.bottom and laid[("B", 0)].rect.bottom == lead.top
    tile = laid[("A", 0)]
    assert tile.direction == S and tile.a != tile.b
    image = draw_fido_table(view, NAMES[: view["players"]], last=False).convert("RGB")
    dx, dy = (image.width - plan.width) // 2, image.height - plan.height
    left, top = round(tile.rect.left) + dx, round(tile.rect.top) + dy
    drawn = image.crop((left, top, left + plan.unit, top + plan.unit))
    look = replace(NUMERALS, accent=seat_colour(tile.seat or 0))
    upright = tile_face(tile.a, tile.b, S, plan.unit, look)  # numerals upright: see above
    other_way = tile_face(tile.b, tile.a, S, plan.unit, look)
    top_half = first_half(drawn, plan.unit).tobytes()
    assert top_half == first_half(upright, plan.unit).tobytes()
    assert top_half != first_half(other_way, plan.unit).tobytes()


def taller_for_a_reason(plan: FidoPlan) -> bool:
    """A plan over the budgets is either legible at chat size (a crosswise line of up to
    60 tiles laid narrow enough for that, however tall; an in-line line's rows), a line
    of up to 60 tiles too branched for that, laid taller within the area budget where
    its numerals read bigger, or a big crosswise line at the floor unit, within the width
    limit."""
    legible = unreadable(plan) == [] and (len(plan.tiles) <= LEGIBLE_TILES or bool(plan.turns))
    few = len(plan.tiles) <= LEGIBLE_TILES and plan.width * plan.height <= AREA_BUDGET
    return legible or few or (plan.unit == TREE_FLOOR and plan.width <= MAX_WIDTH)


def test_random_lines_never_overlap_and_stay_connected() -> None:
    """100 random lines (both ways of laying doubles): all clean; most fit the budgets,
    the others taller (legible at chat size, or at the floor unit: the biggest trees,
    with a gap between every two tiles not joined)."""
    rng = random.Random(2)
    over = []
    for _ in range(100):
        view = random_fido_view(rng)
        plan = plan_fido(view)
        check_plan(view, plan)
        crosswise = view["line"]["mode"] == "crosswise"
        assert plan.unit >= (TREE_FLOOR if crosswise else UNIT_MIN)
        if not fits_budgets(plan):
            over.append(plan)
    assert len(over) <= 15
    assert all(taller_for_a_reason(p) for p in over)


def test_no_link_runs_over_or_along_a_tile_it_does_not_join() -> None:
    """The thin links that finish a side arm's climb or turn a long arm back keep clear of
    every tile but the two they join (by half their width), on random lines and real
    games."""
    rng = random.Random(4)
    views = [random_fido_view(rng, crosswise=True) for _ in range(40)]
    views += [v for v in engine_views(60, seed=6) if v["line"]["mode"] == "crosswise"]
    links = 0
    for view in views:
        plan = plan_fido(view)
        clear = max(2, plan.unit // 12) / 2
        for link in plan.links:
            ends = (link[0], link[-1])
            joined = [t for t in plan.tiles if any(inside(e, t.rect.grown(1)) for e in ends)]
            others = [t.rect.grown(clear) for t in plan.tiles if t not in joined]
            for a, b in itertools.pairwise(link):
                assert not any(segment_meets(a, b, r) for r in others), (a, b)
            links += 1
    assert links > 100


def test_random_lines_with_many_doubles_in_every_set() -> None:
    rng = random.Random(3)
    for top in (6, 9, 12, 15, 18, 21):
        for _ in range(8):
            view = random_fido_view(rng, top=top, crosswise=True, doubles=0.6)
            check_plan(view, plan_fido(view, ("A", "C", "E")))


def test_engine_positions_lay_out_cleanly() -> None:
    """200 seeded random positions from the real engine (every set, 2 to 9 players): all
    clean, at a readable unit; most fit the budgets, the others (lines of up to 60 tiles
    laid narrow enough to read at chat size, double-21 lines late in a hand at the floor
    unit) are taller than the height budget, never wider."""
    over = []
    for view in engine_views(200, seed=5):
        plan = plan_fido(view)
        check_plan(view, plan)
        assert plan.unit >= TREE_FLOOR
        if not fits_budgets(plan):
            over.append(plan)
    assert len(over) <= 20
    assert all(taller_for_a_reason(p) for p in over)


@pytest.mark.parametrize("seed", range(1, 11))
def test_played_out_double_21_hands_stay_readable(seed: int) -> None:
    """The longest lines real games lay (167 to 203 tiles): clean, at a readable unit,
    within the budgets or (with a gap between every two tiles not joined, the biggest
    trees need more room) at the floor unit within the width limit, taller."""
    view = played_out_double_21(seed)
    plan = plan_fido(view)
    check_plan(view, plan)
    assert plan.unit >= TREE_FLOOR
    assert fits_budgets(plan) or taller_for_a_reason(plan)


@pytest.mark.parametrize("seed", [21, 22, 23, 24])
def test_the_longest_double_21_lines_stay_readable(seed: int) -> None:
    """150+ tiles, 15+ crosswise doubles, 30+ arms: readable units, no overlap, within
    the width limit; the PNG stays small."""
    view = long_double_21(seed, tiles=150, doubles=15)
    line = view["line"]
    assert sum(len(a["pieces"]) for a in line["arms"]) >= 149
    assert len(line["arms"]) >= 30
    plan = plan_fido(view, ("A", "B"))
    check_plan(view, plan)
    assert plan.unit >= TREE_FLOOR
    png = render_fido_table(view, NAMES[:3], totals=[1, 2, 3], target=100)
    image = Image.open(io.BytesIO(png))
    assert image.width <= MAX_WIDTH and image.mode == "P"
    assert len(png) < 200_000


def test_a_short_line_gets_big_tiles_and_a_small_picture() -> None:
    view = C.seed_example()
    plan = plan_fido(view)
    assert plan.unit == 64
    assert plan.width < 700 and plan.height < 500


def test_in_line_doubles_lie_in_the_row_and_open_no_side_arms() -> None:
    view = C.in_line()
    plan = plan_fido(view)
    assert not plan.links and all(t.rect.height == plan.unit for t in plan.tiles)
    assert {b.label for b in plan.badges} == {"A", "B"}
    doubles = [t for t in plan.tiles if t.a == t.b]
    assert len(doubles) > 5 and all(t.direction in (E, W) for t in doubles)
    assert plan.turns  # both arms are long enough to turn


def test_side_arms_leave_the_short_ends_and_the_arm_carries_on_across_the_double() -> None:
    """As on a real table: of every double with side arms, one arm leaves its top short
    end and the other its bottom one; the tile on its naked side lies against its far long
    side, in the same row; C and D leave the opening double's short ends (checked with
    the tree upright, whichever way round it was laid)."""
    view = C.branching()
    line = view["line"]
    plan = upright(plan_fido(view))
    laid = {(t.arm, t.index): t for t in plan.tiles}
    sides: dict[tuple[str, int], list[Any]] = {}
    for arm in line["arms"]:
        origin = arm["from"]
        if origin["side"] in ("east", "west"):
            continue
        key = (origin["arm"], origin.get("index", 0))
        if arm["pieces"]:
            sides.setdefault(key, []).append(laid[(arm["label"], 0)])
    assert sorted(sides) == [("A", 1), ("B", 1), ("C", 1), ("E", 1), ("lead", 0)]
    for (arm_label, index), firsts in sides.items():
        double = laid[(arm_label, index)].rect
        grown = [t for t in firsts if t.rect.top >= double.bottom or t.rect.bottom <= double.top]
        assert len(grown) == len(firsts)
        if len(firsts) == 2:  # one above, one below
            assert {t.rect.top >= double.bottom for t in firsts} == {True, False}
        onward = laid.get((arm_label, index + 1))
        if arm_label != "lead" and onward is not None:
            assert touching(onward.rect, double) and onward.rect.centre[1] == double.centre[1]
    lead = laid[("lead", 0)].rect
    for label in ("C", "D"):  # C's first double comes second: it lies across 12-3 in a row
        first = laid[(label, 0)].rect
        assert short_end(first, lead) or (label == "C" and linked(plan, lead, first))
    for label in ("A", "B"):
        first = laid[(label, 0)].rect
        assert touching(first, lead) and first.centre[1] == lead.centre[1]


def test_two_digit_numerals_stay_inside_the_seat_band() -> None:
    """FIDO's numerals fill a half, yet the widest two digits ("20") on a standing tile,
    the narrow way, never run into its seat band, from 22 px up (at 20 and 21 px the
    band keeps its least width, 2 px, and they do by a pixel)."""
    for unit in range(22, 65):
        face = tile_face(20, 20, S, unit, replace(NUMERALS, accent=(255, 0, 0)))
        white = Image.new("RGBA", face.size, (255, 255, 255, 255))
        white.alpha_composite(face)
        px = white.convert("RGB").load()
        assert px is not None
        below = round(unit * 0.88)  # under the digits, above the divider
        band = [x for x in range(unit) if px[x, below][0] > 150 and px[x, below][1] < 100]
        ink = [
            x
            for x in range(unit)
            for y in range(round(unit * 0.15), round(unit * 0.85))
            if max(px[x, y]) < 90
        ]
        left = max(x for x in band if x < unit // 2)
        right = min(x for x in band if x > unit // 2)
        assert left < min(ink) and max(ink) < right, unit


def test_before_the_second_tile_only_what_is_open_is_drawn() -> None:
    view = FidoView(3, 21).lead("21-21").view()
    plan = plan_fido(view)
    assert [t.tile for t in plan.tiles] == ["21-21"]
    assert [b.text for b in plan.badges] == ["A 21 (0)"]


def test_an_empty_line_says_who_opens() -> None:
    view = FidoView(9, 21, leader=3).view()
    assert plan_fido(view).tiles == ()
    assert empty_note(view, NAMES) == "No tiles yet: Dee opens with the highest double."
    image = draw_fido_table(view, NAMES)
    assert image.width >= 600


# ------------------------------------------------------------------ marks


def test_the_last_play_glows_and_can_be_left_out() -> None:
    view = C.branching()
    plan = plan_fido(view)
    assert plan.last is not None
    last = plan.tiles[plan.last]
    assert (last.arm, last.index, last.tile) == ("D", 1, "11-7")
    with_glow = render_fido_table(view, NAMES[:5])
    assert render_fido_table(view, NAMES[:5], last=False) != with_glow
    opening = FidoView(3, 12).lead("12-12").view()
    first = plan_fido(opening)
    assert first.last is not None and first.tiles[first.last].arm == "lead"


def test_highlighted_ends_are_gold_and_change_the_picture() -> None:
    view = C.branching()
    plain = render_fido_table(view, NAMES[:5])
    marked = render_fido_table(view, NAMES[:5], highlight_ends=("E", "Q"))
    assert marked != plain
    plan = plan_fido(view, ("E", "Q"))
    assert [b.label for b in plan.badges if b.highlighted] == ["E"]
    badge = next(b for b in plan.badges if b.label == "E")
    image = draw_fido_table(view, NAMES[:5], highlight_ends=("E",))
    top = image.height - plan.height
    left = (image.width - plan.width) // 2
    x, y = badge.rect.left + 6, badge.rect.centre[1]
    pixel = image.getpixel((round(x) + left, round(y) + top))
    assert isinstance(pixel, tuple) and pixel[0] > 230 and pixel[2] < 140  # gold


def test_naked_sides_are_hollow_and_count_zero() -> None:
    view = C.seed_example()
    plan = plan_fido(view)
    naked = [b for b in plan.badges if b.naked]
    assert [b.text for b in naked] == ["B 18 (0)"]
    notes = fido_notes(view, NAMES)
    assert notes[2] == "Hollow badge: a naked side, counting 0"


def test_every_tile_wears_its_seats_colour() -> None:
    view = C.branching()
    plan = plan_fido(view)
    image = draw_fido_table(view, NAMES[:5], last=False).convert("RGB")
    top = image.height - plan.height
    left = (image.width - plan.width) // 2
    for tile in plan.tiles:
        x = round(tile.rect.left) + left + max(4, plan.unit // 10)
        y = round(tile.rect.centre[1]) + top
        pixel = image.getpixel((x, y))
        assert isinstance(pixel, tuple)
        want = seat_colour(tile.seat or 0)
        assert max(abs(a - b) for a, b in zip(pixel, want, strict=True)) < 40, tile


# ------------------------------------------------------------------ numbers


def first_half(face: Image.Image, unit: int) -> Image.Image:
    """The middle of a face's first half (clear of its edges, divider and pin)."""
    inset = unit // 5
    return face.crop((inset, inset, unit - inset, unit - inset)).convert("RGB")


def test_every_number_reads_the_same_way_lying_or_standing() -> None:
    """On FIDO's tiles 0 to 21 are all numerals, upright on a lying tile as on a
    standing one; pips (the classic look) turn with the tile, so a 2 lying and a 2
    standing are drawn differently."""
    unit = 40
    for number in range(22):
        lying = tile_face(number, 21 - number, E, unit, NUMERALS)
        standing = tile_face(number, (number + 5) % 22, S, unit, NUMERALS)
        assert first_half(lying, unit).tobytes() == first_half(standing, unit).tobytes()
    lying, standing = tile_face(2, 0, E, unit, PLAIN), tile_face(2, 0, S, unit, PLAIN)
    assert first_half(lying, unit).tobytes() != first_half(standing, unit).tobytes()


def half_in(
    image: Image.Image, rect: Rect, unit: int, second: bool, dx: int, dy: int
) -> Image.Image:
    """The first or second half of a lying tile drawn at ``rect`` (plan px, moved by
    ``dx``, ``dy``) as a face of its own, to compare with :func:`first_half`."""
    left = round(rect.left) + dx + (unit if second else 0)
    top = round(rect.top) + dy
    return image.crop((left, top, left + unit, top + unit))


def test_the_table_draws_low_numbers_as_numerals_too() -> None:
    """The 8 of 12-8 on the table is the numeral 8 of every FIDO face, not a pip grid."""
    view = C.seed_example()
    plan = plan_fido(view)
    image = draw_fido_table(view, NAMES[:4], last=False).convert("RGB")
    dx, dy = (image.width - plan.width) // 2, image.height - plan.height
    tile = next(t for t in plan.tiles if t.tile == "12-8")
    assert tile.direction in (E, W) and tile.b == 8
    drawn = half_in(image, tile.rect, plan.unit, tile.direction == E, dx, dy)
    look = replace(NUMERALS, accent=seat_colour(tile.seat or 0))
    numeral = tile_face(8, 8, E, plan.unit, look)
    pips = tile_face(8, 8, E, plan.unit, TileLook(accent=seat_colour(tile.seat or 0)))
    inner = first_half(drawn, plan.unit)
    assert inner.tobytes() == first_half(numeral, plan.unit).tobytes()
    assert inner.tobytes() != first_half(pips, plan.unit).tobytes()


def test_the_fido_hand_draws_every_number_as_a_numeral() -> None:
    """The hand picture with ``numerals`` (as the FIDO game draws it) shows a 2-1 as the
    numerals 2 and 1, upright as on the table; a 12-11 is numerals either way."""
    low, high = Tile(2, 1), Tile(12, 11)
    picture = draw_hand([low], [low], numerals=True).convert("RGB")
    rect = plan_hand([low]).layout.cells[0].rect
    top = picture.crop((round(rect.left), round(rect.top), round(rect.left) + HAND_UNIT,
                        round(rect.top) + HAND_UNIT))  # fmt: skip
    numeral = tile_face(2, 2, E, HAND_UNIT, replace(BRIGHT, numerals=True))
    pips = tile_face(2, 2, E, HAND_UNIT, BRIGHT)
    assert first_half(top, HAND_UNIT).tobytes() == first_half(numeral, HAND_UNIT).tobytes()
    assert first_half(top, HAND_UNIT).tobytes() != first_half(pips, HAND_UNIT).tobytes()
    high_numerals = draw_hand([high], [high], numerals=True).tobytes()
    assert high_numerals == draw_hand([high], [high]).tobytes()


# ------------------------------------------------------------------ header


def test_the_total_says_whether_the_divisor_goes_into_it() -> None:
    assert total_text(44, 11) == "Total 44 = 4 × 11 ✓"
    assert total_text(48, 11) == "Total 48 · ÷11 leaves 4"
    assert total_text(0, 7) == "Total 0"


def test_notes_spell_out_the_seed_example() -> None:
    notes = fido_notes(C.seed_example(), NAMES)
    assert notes[0] == (
        "Total 44 = 4 × 11 ✓ (ends A 8 + B 0 + C 18 + D 18) · last play 12-8 on A by Cy scored 4"
    )
    assert notes[1].startswith("Stock: 38")


def test_notes_list_who_sat_out_the_direction_and_the_result() -> None:
    hand = FidoView(4, 6, direction=-1).lead("6-6").play("6-2", "A")
    hand.stock = 1
    hand.draw().draw()
    notes = fido_notes(hand.view(), NAMES)
    assert notes[1] == "Stock: 0 · Cy drew and sat out · Bob sat out · play goes counter-clockwise"
    over = fido_notes(C.over(), NAMES)
    assert over[-1] == "Ada went out; pips deducted: Bob −9, Cy −14. Ada wins with 4."
    blocked = FidoView(3, 6).lead("6-6").end("blocked", None, [3, 3, 9]).view()
    result = fido_notes(blocked, NAMES)[-1]
    assert result.startswith("Nobody can play and the stock is empty; pips deducted: Ada −3")
    assert result.endswith("Cy −9. Ada wins with 1.")  # the opening's 12 scored 4
    tie = FidoView(3, 6).lead("6-6").end("blocked", None, [7, 3, 9]).view()
    assert fido_notes(tie, NAMES)[-1].endswith("Ada and Bob tie with -3.")


def test_the_formula_is_left_out_when_it_would_not_add_up_or_is_too_long() -> None:
    opening = fido_notes(FidoView(3, 21).lead("21-21").view(), NAMES)[0]
    assert opening.startswith("Total 42 · ÷13 leaves 3 · last play")  # only A is open yet
    assert "ends" not in fido_notes(C.branching(), NAMES)[0]


def test_nine_seats_and_a_seats_own_view_draw_the_public_picture() -> None:
    hand = FidoView(9, 21, leader=4).lead("21-21", 4).play("21-3", "A")
    hand.give(5, ["20-19", "3-3"])
    public = render_fido_table(hand.view(), NAMES)
    assert render_fido_table(hand.view_for(5), NAMES) == public


def test_rendering_is_deterministic_and_leaves_the_view_alone() -> None:
    view = long_double_21()
    before = repr(view)
    first = render_fido_table(view, NAMES[:3], totals=[1, 2, 3], target=50)
    from tests.render.test_render import clear_caches

    clear_caches()
    assert render_fido_table(view, NAMES[:3], totals=[1, 2, 3], target=50) == first
    assert repr(view) == before


def test_the_fido_picture_reads_the_view_only() -> None:
    """No engine import anywhere in render/fido: the view JSON is the only input."""
    package = Path(render.__file__).parent / "fido"
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(from|import) engine\b", text, re.M), path
