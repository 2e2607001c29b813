"""The classic line picture: geometry (tiles inside the picture, apart, each touching the
one it was laid against with the matching half), labels, highlights, header text, and
that it draws only the public view."""

from __future__ import annotations

import copy
import io
import random
from collections.abc import Mapping
from typing import Any

import pytest
from PIL import Image

from render import render_line_table
from render.kit.geometry import Rect
from render.kit.tiles import DX, DY, E, N, S, W, gap
from render.line import LinePlan, empty_note, line_notes, plan_line
from render.line.plan import MAX_WIDTH, UNIT_MIN
from tests.render import line_cases as C
from tests.render.line_views import LineView, all_28_line, random_view

NAMES = ["Ada", "Bob", "Cy", "Dee"]


def bodies(plan: LinePlan) -> list[Rect]:
    return [t.rect.grown(-gap(plan.unit)) for t in plan.tiles]


def touching(p: Rect, q: Rect) -> bool:
    """Whether two boxes meet (share at least an edge segment) without overlapping."""
    w = min(p.right, q.right) - max(p.left, q.left)
    h = min(p.bottom, q.bottom) - max(p.top, q.top)
    return (w == 0 and h > 0) or (h == 0 and w > 0)


def first_half(rect: Rect, direction: int, unit: int) -> Rect:
    """The square of a face's first half (``a``): the second lies ``direction`` from it."""
    x, y = rect.left, rect.top
    if direction == W:
        x += unit
    if direction == N:
        y += unit
    return Rect(x, y, x + unit, y + unit)


def check_geometry(view: Mapping[str, Any], plan: LinePlan) -> None:
    """Every tile inside the picture, no two bodies overlapping, every arm tile touching
    the tile before it (the lead or spinner for the first) with its inner half, and the
    numbers on each face those of the view."""
    line = view["line"]
    played = (1 if line["lead"] else 0) + sum(len(arm) for arm in line["arms"].values())
    assert len(plan.tiles) == played
    frame = Rect(0, 0, plan.width, plan.height)
    drawn = bodies(plan)
    for i, tile in enumerate(plan.tiles):
        r = tile.rect
        assert frame.left <= r.left and r.right <= frame.right, tile
        assert frame.top <= r.top and r.bottom <= frame.bottom, tile
        for j in range(i + 1, len(drawn)):
            assert not drawn[i].overlap(drawn[j]), (tile, plan.tiles[j])
    index = {(t.arm, t.index): t for t in plan.tiles}
    spinner = plan.tiles[plan.spinner] if plan.spinner is not None else index.get(("lead", 0))
    for arm, pieces in line["arms"].items():
        for i, piece in enumerate(pieces):
            tile = index[(arm, i)]
            assert (tile.a, tile.b) == (piece["inner"], piece["outer"])
            before = index[(arm, i - 1)] if i else (spinner if arm in "NS" else index[("lead", 0)])
            assert before is not None
            inner = first_half(tile.rect, tile.direction, plan.unit)
            assert touching(inner, before.rect) or piece["double"], (arm, i, piece)
            assert touching(tile.rect, before.rect), (arm, i, piece)


def check_labels(view: Mapping[str, Any], plan: LinePlan) -> None:
    ends = view["line"]["ends"]
    assert [lb.label for lb in plan.labels] == [e["label"] for e in ends]
    drawn = bodies(plan)
    frame = Rect(0, 0, plan.width, plan.height)
    for i, label in enumerate(plan.labels):
        assert not any(label.rect.overlap(b) for b in drawn), label
        assert not any(label.rect.overlap(o.rect) for o in plan.labels[i + 1 :]), label
        assert frame.overlap(label.rect) == label.rect.width * label.rect.height, label
        cx, cy = label.rect.centre
        reach = 2 * plan.unit + max(label.rect.width, label.rect.height)
        assert abs(cx - label.tip[0]) + abs(cy - label.tip[1]) <= reach, label


def engine_positions(count: int, seed: int = 3) -> list[dict[str, Any]]:
    classic = pytest.importorskip("engine.classic")
    rng = random.Random(seed)
    games = sorted(classic.VARIANTS)
    views = []
    while len(views) < count:
        cls = classic.VARIANTS[rng.choice(games)]
        options = {} if rng.random() < 0.7 else {"spinner": "off"}
        hand = cls.deal(rng.randint(2, 4), options, rng.randrange(100_000))
        stop = rng.randint(0, 40)
        for _ in range(stop):
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_moves()))
        views.append(hand.view(None))
    return views


# ------------------------------------------------------------------ geometry


@pytest.mark.parametrize("name", sorted(C.VIEWS))
def test_reference_lines_are_laid_out_cleanly(name: str) -> None:
    view = C.VIEWS[name]()
    plan = plan_line(view)
    check_geometry(view, plan)
    check_labels(view, plan)


def test_random_lines_stay_inside_apart_and_connected() -> None:
    rng = random.Random(7)
    for _ in range(400):
        view = random_view(rng)
        plan = plan_line(view)
        check_geometry(view, plan)
        check_labels(view, plan)
        assert plan.width <= MAX_WIDTH
        assert plan.unit >= UNIT_MIN


def test_long_random_lines_with_four_arms() -> None:
    rng = random.Random(8)
    for _ in range(150):
        view = random_view(rng, spinner=True, stop=27)
        plan = plan_line(view)
        check_geometry(view, plan)
        check_labels(view, plan)
        assert plan.width <= MAX_WIDTH and plan.unit >= UNIT_MIN


def test_engine_positions_render_cleanly() -> None:
    """200 seeded random positions from the real engine (every game, 2–4 players)."""
    views = engine_positions(200)
    for view in views:
        plan = plan_line(view)
        check_geometry(view, plan)
        check_labels(view, plan)
        assert plan.width <= MAX_WIDTH
    for view in views[:40]:
        png = render_line_table(view, NAMES)
        assert Image.open(io.BytesIO(png)).width <= MAX_WIDTH


def test_all_28_tiles_snake_within_the_width() -> None:
    for spinner in (False, True):
        view = all_28_line(spinner).view()
        plan = plan_line(view)
        assert len(plan.tiles) == 28
        assert plan.width <= MAX_WIDTH and plan.unit >= UNIT_MIN
        rows = {round(t.rect.centre[1]) for t in plan.tiles if t.direction in (E, W)}
        assert len(rows) >= 3, "both arms turned at the edge"
        check_geometry(view, plan)


def test_every_double_lies_crosswise() -> None:
    view = C.crosswise_doubles()
    plan = plan_line(view)
    for tile in plan.tiles:
        double = tile.a == tile.b
        standing = tile.rect.height > tile.rect.width
        assert standing == double, tile  # the line runs east–west here
    spinner = plan_line(C.four_arms())
    hub = spinner.tiles[spinner.spinner or 0]
    assert hub.arm == "lead" and hub.rect.height > hub.rect.width


def test_arms_grow_the_way_players_read_them() -> None:
    plan = plan_line(C.four_arms())
    hub = plan.tiles[plan.spinner or 0].rect
    first = {t.arm: t.rect for t in plan.tiles if t.index == 0 and t.arm != "lead"}
    assert first["E"].left >= hub.right and first["W"].right <= hub.left
    assert first["N"].bottom <= hub.top and first["S"].top >= hub.bottom
    assert {lb.label: lb.heading for lb in plan_line(C.lone_lead()).labels} == {"E": E, "W": W}


def test_spinner_and_last_play_are_found() -> None:
    view = C.highlighted()
    plan = plan_line(view)
    assert plan.spinner is not None and plan.last is not None
    spinner = plan.tiles[plan.spinner]
    assert (spinner.arm, spinner.index) == ("E", 0)
    last = plan.tiles[plan.last]
    assert (last.arm, last.index) == (view["last"]["arm"], view["last"]["index"])
    lead = plan_line(C.lone_lead())
    assert lead.last == 0 and lead.spinner is None
    assert plan_line(C.empty()).tiles == ()


def test_n_and_s_leave_the_spinner_in_the_middle_of_arm_e() -> None:
    plan = plan_line(C.highlighted())
    hub = plan.tiles[plan.spinner or 0].rect
    north = next(t for t in plan.tiles if t.arm == "N").rect
    assert north.centre[0] == hub.centre[0] and north.bottom == hub.top
    south = next(lb for lb in plan.labels if lb.label == "S")
    assert south.heading == S and south.rect.top >= hub.bottom
    assert DX[S] == 0 and DY[N] == -1


# ------------------------------------------------------------------ labels and highlights


def test_highlighted_ends_are_marked_and_labels_show_counts_where_they_count() -> None:
    plan = plan_line(C.highlighted(), {"E", "W"})
    assert {lb.label for lb in plan.labels if lb.highlighted} == {"E", "W"}
    texts = {lb.label: lb.text for lb in plan.labels}
    assert texts == {"E": "E 6", "W": "W 3", "N": "N 2", "S": "S 1 (0)"}
    draw = plan_line(C.crosswise_doubles())
    assert [lb.text for lb in draw.labels] == ["E 6", "W 4"]  # W is 4-4: counts 8, unshown


def test_highlighting_changes_only_the_badges() -> None:
    view = C.highlighted()
    plain, marked = plan_line(view), plan_line(view, ("E",))
    assert [lb.rect for lb in plain.labels] == [lb.rect for lb in marked.labels]
    assert render_line_table(view, NAMES) != render_line_table(view, NAMES, highlight_ends=["E"])
    assert render_line_table(view, NAMES, last=False) != render_line_table(view, NAMES)


# ------------------------------------------------------------------ what it shows


def test_rendering_leaves_the_view_untouched() -> None:
    for build in C.VIEWS.values():
        view = build()
        before = copy.deepcopy(view)
        render_line_table(view, NAMES, totals=[1, 2, 3, 4], target=100, highlight_ends=("E",))
        assert view == before


def test_a_seats_view_draws_exactly_the_public_picture() -> None:
    view = C.four_arms()
    seat = {**copy.deepcopy(view), "you": 0, "hand": ["6-1"]}
    assert render_line_table(seat, NAMES) == render_line_table(view, NAMES)


def test_output_is_a_palette_png_and_names_fall_back_to_seats() -> None:
    png = render_line_table(C.four_arms(), ["Only one"])
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "P" and image.width <= MAX_WIDTH


def test_empty_line_says_who_leads() -> None:
    view = LineView("draw", 3, leader=1).view()
    assert empty_note(view, NAMES) == "No tiles yet: Bob leads."


def test_notes_give_the_total_the_last_play_and_the_boneyard() -> None:
    view = C.lone_lead()
    assert line_notes(view, NAMES) == [
        "Open ends total 10 · last play 6-4 by Bob scored 10",
        "Boneyard: 8",
    ]
    assert line_notes(C.crosswise_doubles(), NAMES) == [
        "Last play 6-1 by Bob",
        "Boneyard: 12 · Ada drew 2",
    ]


def test_notes_at_the_end_of_a_hand() -> None:
    notes = line_notes(C.blocked(), NAMES)
    assert notes[1] == "Not in play: 7 · Cy passed · Ada passed · Bob passed"
    assert notes[2] == (
        "Blocked: Bob has the fewest pips (9) and scores 23 (pips left: Ada 12, Bob 9, Cy 20)."
    )
    tie = LineView("block", 2, spinner=False).lead("6-6").pass_().pass_()
    assert line_notes(tie.end("blocked", None, [30, 30], 0).view(), NAMES)[-1] == (
        "Blocked, and the lowest pip counts tie: nobody scores (pips left: Ada 30, Bob 30)."
    )
    out = LineView("all-fives", 2).lead("6-4").play("4-1", "E").draw(3).pass_()
    out.play("6-2", "W", seat=0).end("domino", 0, [0, 17], 15)
    assert line_notes(out.view(), NAMES)[1:] == [
        "Boneyard: 11",
        "Ada went out and scores 15 (pips left: Bob 17).",
    ]


def test_drawing_then_passing_reads_as_one_turn() -> None:
    hand = LineView("draw", 3).lead("5-5").draw(2).pass_().draw(1)
    assert line_notes(hand.view(), NAMES)[-1] == "Boneyard: 10 · Bob drew 2 and passed · Cy drew 1"
