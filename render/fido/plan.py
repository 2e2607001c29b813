"""Where every tile and end badge of a FIDO line goes, before anything is drawn.

FIDO's line is a tree: every crosswise double opens two side arms, and a double-21 hand can
lay 150+ tiles in 30+ arms. With doubles crosswise (FIDO's rule) it is drawn as the tiles
lie on a real table (:mod:`render.fido.tree`): the opening double in the middle, A running
east and B west, and every double standing across its arm with its side arms attached to
its short ends, climbing away from the arm and turning to run beside it. With doubles in
line (the Sönke Hansen variant) there are only A and B: the main line runs B ← opening
double → A, snaking into the rows above (B) and below (A) at the picture's edge, as the
classic line does (:mod:`render.fido.runs`).

Each open end gets a badge at its arm's tip: label, value and (when it differs) what it
counts, so a naked side shows ``(0)``.

No two tiles can meet, by construction in both layouts (tests check it on the largest
lines). The unit (a tile's short side in px) is the largest that keeps the picture within
the width limit and the height and area budgets of the classic picture. The plan reads
the view only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

from render.fido.runs import Item, Laid, Turn, cross, length
from render.fido.tree import Shape, TreeLayout
from render.kit import sprites
from render.kit.geometry import Rect
from render.kit.tiles import E, W
from render.line.plan import (
    AREA_BUDGET,
    EMPTY_SIZE,
    HEIGHT_BUDGET,
    MAX_WIDTH,
    UNIT_FLOOR,
    UNIT_MAX,
    UNIT_MIN,
    UNIT_STEP,
    badge_gap,
    end_text,
    label_height,
    padding,
)

View = Mapping[str, Any]

ASPECT: Final = 1.7
"""Width over height that the in-line rows aim for (about the classic picture's shape)."""
MIN_REACH: Final = 8
"""Units each side of the centre before the in-line main line turns, at the least."""


@dataclass(frozen=True, slots=True)
class TileSpec:
    """A tile to draw: where it lies in the line, and how."""

    arm: str
    """"lead" or the arm's label."""
    index: int
    tile: str
    seat: int
    inner: int
    outer: int
    standing: bool
    """Crosswise across its row (a double in crosswise mode)."""


@dataclass(frozen=True, slots=True)
class EndSpec:
    label: str
    value: int
    count: int
    naked: bool
    text: str
    highlighted: bool


Spec = TileSpec | EndSpec


@dataclass(frozen=True, slots=True)
class FidoTile:
    """One tile in px. ``a`` is drawn on the half the face's ``direction`` points from."""

    arm: str
    index: int
    tile: str
    seat: int
    a: int
    b: int
    direction: int
    rect: Rect


@dataclass(frozen=True, slots=True)
class FidoBadge:
    label: str
    value: int
    count: int
    naked: bool
    text: str
    rect: Rect
    highlighted: bool


@dataclass(frozen=True, slots=True)
class FidoTurn:
    """Where a row of an arm ends at ``x`` and the arm comes back in the row at ``to``:
    a U drawn from ``y`` to ``to`` bulging ``bulge`` px towards ``heading``."""

    x: int
    y: int
    to: int
    heading: int
    bulge: int


@dataclass(frozen=True, slots=True)
class FidoPlan:
    """Everything the painter needs, in px from the table area's top-left corner."""

    unit: int
    width: int
    height: int
    tiles: tuple[FidoTile, ...]
    badges: tuple[FidoBadge, ...]
    turns: tuple[FidoTurn, ...]
    links: tuple[tuple[tuple[int, int], ...], ...]
    """Thin lines finishing a side arm's climb where its stem has too few tiles (points)."""
    last: int | None
    """Index in :attr:`tiles` of the tile laid last."""


# ---------------------------------------------------------------- reading the view


@dataclass(frozen=True, slots=True)
class _Line:
    crosswise: bool
    lead: TileSpec
    arms: Mapping[str, tuple[tuple[TileSpec, ...], EndSpec | None]]
    """Each arm's tiles, nearest its double first, and its open end's badge if open."""
    children: Mapping[tuple[str, int], Mapping[str, str]]
    """The side arms each double opened, by side (the opening's: by compass point)."""


def _arm_specs(
    label: str,
    pieces: Sequence[Mapping[str, Any]],
    end: Mapping[str, Any] | None,
    crosswise: bool,
    highlight: Collection[str],
) -> tuple[tuple[TileSpec, ...], EndSpec | None]:
    tiles = []
    for i, piece in enumerate(pieces):
        inner, outer = int(piece["inner"]), int(piece["outer"])
        standing = crosswise and inner == outer
        tiles.append(
            TileSpec(label, i, str(piece["tile"]), int(piece["seat"]), inner, outer, standing)
        )
    if end is None:
        return tuple(tiles), None
    value, count = int(end["value"]), int(end["count"])
    text = end_text(label, value, count, True)
    badge = EndSpec(label, value, count, bool(end.get("naked")), text, label in highlight)
    return tuple(tiles), badge


def _read(line: Mapping[str, Any], highlight: Collection[str]) -> _Line | None:
    lead = line.get("lead")
    if lead is None:
        return None
    crosswise = line.get("mode", "crosswise") != "in-line"
    value = int(lead["value"])
    lead_spec = TileSpec("lead", 0, str(lead["tile"]), int(lead["seat"]), value, value, crosswise)
    ends = {str(e["label"]): e for e in line.get("ends") or ()}
    arms = {}
    children: dict[tuple[str, int], dict[str, str]] = {}
    for arm in line.get("arms") or ():
        label = str(arm["label"])
        arms[label] = _arm_specs(
            label, list(arm.get("pieces") or ()), ends.get(label), crosswise, highlight
        )
        origin = arm.get("from") or {}
        parent = str(origin.get("arm", "lead"))
        key = (parent, 0 if parent == "lead" else int(origin.get("index") or 0))
        children.setdefault(key, {})[str(origin.get("side", ""))] = label
    return _Line(crosswise, lead_spec, arms, children)


# ---------------------------------------------------------------- crosswise: the tree


FAR: Final = 10_000
"""Room (columns) for an arm that need never turn back."""
ROOM_TRIES: Final = 6


def _tree(line: _Line, unit: int, fold: bool) -> Shape:
    """The tree at ``unit``. With ``fold``, if it is wider than the width limit, again
    with A's and B's sides given room in proportion to what they took, and less while it
    is still too wide (long arms then turn back into rows of their own)."""
    arms = {
        label: [(spec, spec.standing) for spec in tiles] for label, (tiles, _) in line.arms.items()
    }
    badges = {label: (end, end.text) for label, (_, end) in line.arms.items() if end is not None}
    layout = TreeLayout(unit, arms, badges, line.children)
    columns = (MAX_WIDTH - 2 * padding(unit)) // unit
    east = west = FAR
    shape = layout.opening(line.lead, east, west)
    for _ in range(ROOM_TRIES if fold else 0):
        left, _, right, _ = _tree_size(shape)
        used_east, used_west = -(-right // unit) - 1, -(left // unit)
        over = used_east + used_west + 1 - columns
        if over <= 0:
            break
        both = used_east + used_west
        east = min(east, used_east) + -(over * used_east) // both  # less by the share, up
        west = min(west, used_west) + -(over * used_west) // both
        shape = layout.opening(line.lead, max(east, 1), max(west, 1))
    return shape


def _tree_size(shape: Shape) -> tuple[int, int, int, int]:
    """Left, top, right and bottom of everything in ``shape`` (px), links included."""
    spots = shape.spots
    xs = [x for link in shape.links for x, _ in link]
    ys = [y for link in shape.links for _, y in link]
    return (
        min([*(s.left for s in spots), *xs]),
        min([*(s.top for s in spots), *ys]),
        max([*(s.right for s in spots), *xs]),
        max([*(s.bottom for s in spots), *ys]),
    )


def _fits(width: int, height: int) -> bool:
    return width <= MAX_WIDTH and height <= HEIGHT_BUDGET and width * height <= AREA_BUDGET


PACKING: Final = 0.4
"""No tree covers more than this share of its picture with tiles, so a unit at which the
tiles alone would break the area budget is not even tried."""


Sized = tuple[Shape, int, int, int]
"""A tree with its unit and the picture's width and height."""


def _tree_plan(view: View, line: _Line) -> FidoPlan:
    """The largest unit at which the whole tree fits the budgets with every arm straight;
    only if there is none, the largest at which it fits with long arms turned back. If
    neither fits, the turned-back tree at :data:`UNIT_MIN`, taller than the budget, or at
    a smaller unit while it is still too wide (down to :data:`UNIT_FLOOR`), as the classic
    line does."""
    made: dict[tuple[int, bool], Sized] = {}

    def at(unit: int, fold: bool) -> Sized:
        if (unit, fold) not in made:
            straight = made.get((unit, False))
            if fold and straight is not None and straight[2] <= MAX_WIDTH:
                made[unit, fold] = straight  # nothing to turn back
            else:
                shape = _tree(line, unit, fold)
                left, top, right, bottom = _tree_size(shape)
                pad = 2 * padding(unit)
                made[unit, fold] = (shape, unit, right - left + pad, bottom - top + pad)
        return made[unit, fold]

    tiles = 1 + sum(len(tiles) for tiles, _ in line.arms.values())
    first = UNIT_MAX
    while first > UNIT_MIN and tiles * 2 * first * first > PACKING * AREA_BUDGET:
        first -= UNIT_STEP
    for fold in (False, True):
        found = _largest(partial(at, fold=fold), first)
        if found is not None:
            return _tree_finish(view, *found)
    sized = at(UNIT_MIN, True)
    while sized[2] > MAX_WIDTH and sized[1] > UNIT_FLOOR:  # taller is allowed, wider is not
        sized = at(sized[1] - UNIT_STEP, True)
    return _tree_finish(view, *sized)


def _largest(at: Callable[[int], Sized], first: int) -> Sized | None:
    """The tree at the largest unit from ``first`` down to :data:`UNIT_MIN` that fits the
    budgets, or None: ``first``; if that does not fit, a guess from its size (the picture
    scales about with the unit), then a step down while it does not fit or up while the
    next unit does."""
    sized = at(first)
    if _fits(sized[2], sized[3]):
        return sized
    width, height = sized[2], sized[3]
    scale = min(
        MAX_WIDTH / width, HEIGHT_BUDGET / height, math.sqrt(AREA_BUDGET / (width * height))
    )
    steps = (first - round(first * scale)) // UNIT_STEP
    unit = max(UNIT_MIN, first - max(1, steps) * UNIT_STEP)
    sized = at(unit)
    while not _fits(sized[2], sized[3]):
        if unit <= UNIT_MIN:
            return None
        unit -= UNIT_STEP
        sized = at(unit)
    while unit + UNIT_STEP < first:
        bigger = at(unit + UNIT_STEP)
        if not _fits(bigger[2], bigger[3]):
            break
        unit += UNIT_STEP
        sized = bigger
    return sized


def _tree_finish(view: View, shape: Shape, unit: int, width: int, height: int) -> FidoPlan:
    """The plan of ``shape``, moved so the picture's corner is at (0, 0)."""
    left, top, _, _ = _tree_size(shape)
    pad = padding(unit)
    dx, dy = pad - left, pad - top
    tiles: list[FidoTile] = []
    badges: list[FidoBadge] = []
    for spot in shape.spots:
        rect = Rect(spot.left + dx, spot.top + dy, spot.right + dx, spot.bottom + dy)
        if isinstance(spot.payload, EndSpec):
            badges.append(_badge(spot.payload, rect))
        elif isinstance(spot.payload, TileSpec):
            tiles.append(_tile(spot.payload, rect, spot.direction))
    links = tuple(tuple((x + dx, y + dy) for x, y in link) for link in shape.links)
    return FidoPlan(
        unit, width, height, tuple(tiles), tuple(badges), (), links, _last_index(view, tiles)
    )


def _badge(spec: EndSpec, rect: Rect) -> FidoBadge:
    return FidoBadge(
        spec.label, spec.value, spec.count, spec.naked, spec.text, rect, spec.highlighted
    )


def _tile(spec: TileSpec, rect: Rect, direction: int) -> FidoTile:
    return FidoTile(
        spec.arm, spec.index, spec.tile, spec.seat, spec.inner, spec.outer, direction, rect
    )


# ---------------------------------------------------------------- in line: the main line


def _items(line: _Line, unit: int, label: str) -> tuple[list[Item[Spec]], int]:
    """An arm's tiles then its end badge (if open); and 1 if there is a badge."""
    tiles, end = line.arms.get(label, ((), None))
    items: list[Item[Spec]] = [Item(2 * unit, unit, spec) for spec in tiles]
    if end is None:
        return items, 0
    height = label_height(unit)
    items.append(Item(sprites.badge_width(end.text, height), height, end, badge_gap(unit)))
    return items, 1


def _reaches(whole: int, unit: int) -> list[int]:
    """Half-widths to try: the one giving the picture about :data:`ASPECT`, then the
    widest the width limit allows."""
    widest = (MAX_WIDTH - 2 * padding(unit)) // 2 - unit
    least = min(MIN_REACH * unit, widest)
    aimed = round(math.sqrt(ASPECT * whole * 1.6 * unit) / 2)
    first = max(least, min(aimed, widest))
    return [first] if first == widest else [first, widest]


def _main_line(line: _Line, unit: int, reach: int) -> Laid[Spec]:
    west, keep_w = _items(line, unit, "B")
    east, keep_e = _items(line, unit, "A")
    centre: Item[Spec] = Item(2 * unit, unit, line.lead)
    return cross(centre, west, east, 0, -reach, reach, keep_w, keep_e)


def _in_line_plan(view: View, line: _Line) -> FidoPlan:
    """The largest unit (down to :data:`UNIT_MIN`) whose snaking main line keeps the
    budgets; at :data:`UNIT_MIN` the widest rows, however tall."""
    for unit in range(UNIT_MAX, UNIT_MIN - 1, -UNIT_STEP):
        west, _ = _items(line, unit, "B")
        east, _ = _items(line, unit, "A")
        whole = length(west) + length(east) + 2 * unit
        for reach in _reaches(whole, unit):
            plan = _in_line_finish(view, unit, _main_line(line, unit, reach))
            if _fits(plan.width, plan.height):
                return plan
    return plan


def _in_line_finish(view: View, unit: int, laid: Laid[Spec]) -> FidoPlan:
    """Rows stacked at a gap of half a unit, turns bulging beyond the rows' ends."""
    row_gap, bulge, pad = unit // 2, max(6, unit // 2), padding(unit)
    rows = laid.rows
    centres = {row: (row - rows.start) * (unit + row_gap) + unit // 2 for row in rows}
    turn_reach = bulge + max(2, unit // 12)
    left = min([laid.left, *(t.x - turn_reach for t in laid.turns if t.heading < 0)])
    right = max([laid.right, *(t.x + turn_reach for t in laid.turns if t.heading > 0)])
    dx = pad - left
    tiles: list[FidoTile] = []
    badges: list[FidoBadge] = []
    for p in laid.items:
        top = centres[p.row] - p.item.height // 2 + pad
        rect = Rect(p.left + dx, top, p.right + dx, top + p.item.height)
        spec = p.item.payload
        if isinstance(spec, EndSpec):
            badges.append(_badge(spec, rect))
        else:
            tiles.append(_tile(spec, rect, E if p.heading > 0 or spec.arm == "lead" else W))
    turns = tuple(_turn(t, centres, bulge, dx, pad) for t in laid.turns)
    width = right - left + 2 * pad
    height = len(rows) * (unit + row_gap) - row_gap + 2 * pad
    return FidoPlan(unit, width, height, tuple(tiles), tuple(badges), turns, (),
                    _last_index(view, tiles))  # fmt: skip


def _turn(turn: Turn, centres: Mapping[int, int], bulge: int, dx: int, dy: int) -> FidoTurn:
    return FidoTurn(turn.x + dx, centres[turn.row] + dy, centres[turn.to] + dy, turn.heading,
                    bulge)  # fmt: skip


# ---------------------------------------------------------------- the plan


def _last_index(view: View, tiles: Sequence[FidoTile]) -> int | None:
    last = view.get("last")
    if not last:
        return None
    arm, index = str(last.get("arm")), int(last.get("index") or 0)
    for i, tile in enumerate(tiles):
        if tile.arm == arm and (arm == "lead" or tile.index == index):
            return i
    return None


def plan_fido(view: View, highlight_ends: Collection[str] = ()) -> FidoPlan:
    """Lay out the public view's line: tiles, end badges (those in ``highlight_ends`` in
    gold), links or turns, and the last play."""
    line = _read(view.get("line") or {}, frozenset(highlight_ends))
    if line is None:
        return FidoPlan(UNIT_MAX, *EMPTY_SIZE, (), (), (), (), None)
    if line.crosswise:
        return _tree_plan(view, line)
    return _in_line_plan(view, line)
