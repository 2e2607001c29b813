"""Where every tile and end badge of a FIDO line goes, before anything is drawn.

FIDO's line is a tree: every crosswise double opens two side arms, and a double-21 hand can
lay 150+ tiles in 30+ arms. Drawn as on a real table, arms would run into each other, so
the picture is a schematic made of *cross lines* (see :mod:`render.fido.runs`):

* the main line: arm B ← the opening double (standing crosswise, in the centre) → arm A,
  snaking into the rows above (B) and below (A) when it reaches the picture's edge, as
  the classic line does;
* below it, one cross line for each double with side arms, in the order they were laid:
  a faded copy of the double (every double is unique, so its copy names it) with its
  left arm running west and its right arm east. The opening double's C and D come first.
  Short cross lines share rows; a long one snakes like the main line.

Doubles inside arms stand crosswise (their side arms have their own cross line); in the
"in-line" mode doubles lie in line and there is only the main line. Each open end gets a
badge at its arm's tip: label, value and (when it differs) what it counts, so a naked
side shows ``(0)``.

Rows never overlap and items within a row are laid one after another, so no two tiles
can meet (tests check it on the largest lines). The unit (a tile's short side in px) is
the largest that keeps the picture within the width limit and the height and area
budgets of the classic picture; rows are as wide as a pleasing shape needs, up to the
width limit. The plan reads the view only.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from render.fido.runs import Item, Laid, Placed, Turn, cross, length, shifted
from render.kit import sprites
from render.kit.geometry import Rect
from render.kit.tiles import E, S, W
from render.line.plan import (
    AREA_BUDGET,
    EMPTY_SIZE,
    HEIGHT_BUDGET,
    MAX_WIDTH,
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
"""Width over height that the rows aim for (about the classic picture's shape)."""
MIN_REACH: Final = 8
"""Units each side of the centre before the main line turns, at the least."""
PITCH: Final = 2.6
"""Estimated units per row (rows with a standing double are 2 units tall, plus gaps)."""


@dataclass(frozen=True, slots=True)
class TileSpec:
    """A tile to draw: where it lies in the line, and how."""

    arm: str
    """"lead", the arm's label, or for a copy the labels of the arms it opened."""
    index: int
    tile: str
    seat: int | None
    """The seat that laid it; None for a faded copy heading a cross line."""
    inner: int
    outer: int
    standing: bool
    """Crosswise across its row (a double in crosswise mode)."""
    note: str | None = None
    """A copy's caption: where the double lies (``on A``, ``opening``)."""


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
    seat: int | None
    a: int
    b: int
    direction: int
    rect: Rect

    @property
    def copy(self) -> bool:
        """A faded copy of a double, heading the cross line of its side arms."""
        return self.seat is None


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
class FidoCaption:
    """Small text over a copy saying where its double lies."""

    text: str
    rect: Rect


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
    captions: tuple[FidoCaption, ...]
    rule: int | None
    """Where the line between the main line and the side arms' cross lines goes (y)."""
    last: int | None
    """Index in :attr:`tiles` of the tile laid last."""


# ---------------------------------------------------------------- reading the view


@dataclass(frozen=True, slots=True)
class _Cross:
    """A cross line before layout: its centre tile and the arms running west and east."""

    centre: TileSpec
    left: str | None
    right: str | None


@dataclass(frozen=True, slots=True)
class _Line:
    crosswise: bool
    lead: TileSpec
    arms: Mapping[str, tuple[tuple[TileSpec, ...], EndSpec | None]]
    """Each arm's tiles, nearest its double first, and its open end's badge if open."""
    crosses: tuple[_Cross, ...]


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
    arms: dict[str, Sequence[Mapping[str, Any]]] = {}
    children: dict[tuple[str, int], dict[str, str]] = {}
    order: list[tuple[str, int]] = []
    for arm in line.get("arms") or ():
        label = str(arm["label"])
        arms[label] = list(arm.get("pieces") or ())
        origin = arm.get("from") or {}
        parent = str(origin.get("arm", "lead"))
        key = (parent, 0 if parent == "lead" else int(origin.get("index") or 0))
        if key not in children:
            children[key] = {}
            order.append(key)
        children[key][str(origin.get("side", ""))] = label
    ends = {str(e["label"]): e for e in line.get("ends") or ()}
    specs = {
        label: _arm_specs(label, pieces, ends.get(label), crosswise, highlight)
        for label, pieces in arms.items()
    }
    crosses = []
    for key in order:
        sides = children[key]
        parent, index = key
        if parent == "lead":
            left, right = sides.get("north"), sides.get("south")
            centre = TileSpec(
                f"{left}/{right}", 0, lead_spec.tile, None, value, value, False, "opening"
            )
        else:
            pieces = arms.get(parent) or ()
            if not 0 <= index < len(pieces):
                continue
            piece = pieces[index]
            left, right = sides.get("left"), sides.get("right")
            number = int(piece["outer"])
            centre = TileSpec(
                f"{left}/{right}",
                0,
                str(piece["tile"]),
                None,
                number,
                number,
                False,
                f"on {parent}",
            )
        if not any(label in ends or arms.get(label) for label in (left, right) if label):
            continue  # nothing to show (the opening's C and D before the second tile)
        crosses.append(_Cross(centre, left, right))
    return _Line(crosswise, lead_spec, specs, tuple(crosses))


# ---------------------------------------------------------------- items and layout


class _Planner:
    """The items of every arm at one unit; lays them out with a given reach."""

    def __init__(self, line: _Line, unit: int) -> None:
        self.line = line
        self.unit = unit
        self.badge_height = label_height(unit)
        self.items = {label: self._arm_items(*specs) for label, specs in line.arms.items()}
        main = _Cross(line.lead, "B", "A")
        self.main = self.cross_items(main)
        self.crosses = [self.cross_items(c) for c in line.crosses] if line.crosswise else []

    def tile_item(self, spec: TileSpec) -> Item[Spec]:
        """A tile lies along its row, or stands across it; a copy keeps half a unit above
        it for its caption (a row holding a standing double has that room anyway)."""
        u = self.unit
        if spec.standing:
            return Item(u, 2 * u, spec)
        return Item(2 * u, u, spec, rise=u // 2 if spec.note else 0)

    def _arm_items(
        self, tiles: Sequence[TileSpec], end: EndSpec | None
    ) -> tuple[list[Item[Spec]], int]:
        """An arm's tiles then its end badge (if open); and 1 if there is a badge."""
        items = [self.tile_item(spec) for spec in tiles]
        if end is None:
            return items, 0
        width = sprites.badge_width(end.text, self.badge_height)
        items.append(Item(width, self.badge_height, end, badge_gap(self.unit)))
        return items, 1

    def cross_items(
        self, cross_line: _Cross
    ) -> tuple[Item[Spec], list[Item[Spec]], list[Item[Spec]], int, int]:
        left, keep_left = self.items.get(cross_line.left or "", ([], 0))
        right, keep_right = self.items.get(cross_line.right or "", ([], 0))
        return self.tile_item(cross_line.centre), left, right, keep_left, keep_right

    def lengths(self) -> int:
        """Px every cross line would take in one row (sizes the rows' reach)."""
        total = 0
        for centre, left, right, _, _ in [self.main, *self.crosses]:
            total += centre.width + length(left) + length(right) + self.unit
        return total

    def bands(self, reach: int) -> list[Laid[Spec]]:
        """The main line, then rows of cross lines: each band a laid-out group of rows,
        x centred on 0, rows counted from the band's centre row."""
        u = self.unit
        centre, west, east, keep_w, keep_e = self.main
        bands = [cross(centre, west, east, 0, -reach, reach, keep_w, keep_e)]
        shelf: list[Laid[Spec]] = []
        used = 0
        separation = round(u * 0.8)

        def close() -> None:
            nonlocal shelf, used
            if shelf:
                merged = Laid(
                    tuple(p for laid in shelf for p in laid.items),
                    tuple(t for laid in shelf for t in laid.turns),
                )
                bands.append(shifted(merged, -used // 2))
            shelf, used = [], 0

        for centre, left, right, keep_l, keep_r in self.crosses:
            west_len = length(left)
            whole = west_len + centre.width + length(right)
            if whole > 2 * reach:  # snakes: a band of its own, centred like the main line
                close()
                bands.append(cross(centre, left, right, 0, -reach, reach, keep_l, keep_r))
                continue
            start = used + separation if shelf else 0
            if start + whole > 2 * reach:
                close()
                start = 0
            middle = start + west_len + centre.width // 2
            shelf.append(cross(centre, left, right, middle, start, start + whole, keep_l, keep_r))
            used = start + whole
        close()
        return bands


def _row_extents(laid: Laid[Spec]) -> dict[int, tuple[int, int]]:
    """Px each row reaches above and below its middle line."""
    extents: dict[int, tuple[int, int]] = {}
    for p in laid.items:
        up, down = extents.get(p.row, (0, 0))
        extents[p.row] = (max(up, p.item.up), max(down, p.item.down))
    return extents


@dataclass(frozen=True, slots=True)
class _Arranged:
    """A layout before it becomes a plan: items with their rows' middles (y), turns, the
    rule, and the extent of it all (px, the main line's centre row at y = 0 or below)."""

    unit: int
    placed: tuple[tuple[Placed[Spec], int], ...]
    turns: tuple[FidoTurn, ...]
    rule: int | None
    left: int
    top: int
    right: int
    bottom: int

    @property
    def width(self) -> int:
        return self.right - self.left + 2 * padding(self.unit)

    @property
    def height(self) -> int:
        return self.bottom - self.top + 2 * padding(self.unit)

    def within_budgets(self) -> bool:
        width, height = self.width, self.height
        return width <= MAX_WIDTH and height <= HEIGHT_BUDGET and width * height <= AREA_BUDGET


def _arrange(planner: _Planner, reach: int) -> _Arranged:
    """Stack the bands' rows: each row as tall as its tallest item, a rule under the
    main line, and find the extent of everything."""
    unit = planner.unit
    row_gap, band_gap, rule_gap = unit // 2, round(unit * 0.4), unit
    bulge = max(6, unit // 2)
    placed: list[tuple[Placed[Spec], int]] = []
    turns: list[FidoTurn] = []
    y = 0
    rule: int | None = None
    for number, band in enumerate(planner.bands(reach)):
        if number == 1:
            rule = y - row_gap + rule_gap // 2
            y += rule_gap - row_gap
        elif number > 1:
            y += band_gap - row_gap
        extents = _row_extents(band)
        centres = {}
        for row in band.rows:
            up, down = extents.get(row, (unit // 2, unit // 2))
            centres[row] = y + up
            y += up + down + row_gap
        placed += [(p, centres[p.row]) for p in band.items]
        turns += [_turn(t, centres, bulge) for t in band.turns]
    left = min(p.left for p, _ in placed)
    right = max(p.right for p, _ in placed)
    top = min(y - p.item.up for p, y in placed)
    bottom = max(y + p.item.down for p, y in placed)
    for t in turns:
        reach_x = t.x + t.heading * (t.bulge + max(2, unit // 12))
        left, right = min(left, reach_x), max(right, reach_x)
    return _Arranged(unit, tuple(placed), tuple(turns), rule, left, top, right, bottom)


def _finish(view: View, arranged: _Arranged) -> FidoPlan:
    """The plan of ``arranged``, moved so the picture's corner is at (0, 0)."""
    pad = padding(arranged.unit)
    dx, dy = pad - arranged.left, pad - arranged.top
    tiles: list[FidoTile] = []
    badges: list[FidoBadge] = []
    captions: list[FidoCaption] = []
    for p, centre_y in arranged.placed:
        top = centre_y - p.item.height // 2 + dy
        rect = Rect(p.left + dx, top, p.right + dx, top + p.item.height)
        spec = p.item.payload
        if isinstance(spec, TileSpec) and spec.note is not None:  # a copy's caption
            above = Rect(rect.left, top - p.item.rise, rect.right, top)
            captions.append(FidoCaption(spec.note, above))
        if isinstance(spec, EndSpec):
            badges.append(
                FidoBadge(
                    spec.label,
                    spec.value,
                    spec.count,
                    spec.naked,
                    spec.text,
                    rect,
                    spec.highlighted,
                )
            )
        else:
            tiles.append(_tile(spec, rect, p.heading))
    turns = tuple(
        FidoTurn(t.x + dx, t.y + dy, t.to + dy, t.heading, t.bulge) for t in arranged.turns
    )
    return FidoPlan(
        unit=arranged.unit,
        width=arranged.width,
        height=arranged.height,
        tiles=tuple(tiles),
        badges=tuple(badges),
        turns=turns,
        captions=tuple(captions),
        rule=None if arranged.rule is None else arranged.rule + dy,
        last=_last_index(view, tiles),
    )


def _turn(turn: Turn, centres: Mapping[int, int], bulge: int) -> FidoTurn:
    return FidoTurn(turn.x, centres[turn.row], centres[turn.to], turn.heading, bulge)


def _tile(spec: TileSpec, rect: Rect, heading: int) -> FidoTile:
    if spec.standing:
        direction = S
    else:
        direction = E if heading > 0 or spec.seat is None or spec.arm == "lead" else W
    return FidoTile(
        spec.arm, spec.index, spec.tile, spec.seat, spec.inner, spec.outer, direction, rect
    )


def _last_index(view: View, tiles: Sequence[FidoTile]) -> int | None:
    last = view.get("last")
    if not last:
        return None
    arm, index = str(last.get("arm")), int(last.get("index") or 0)
    for i, tile in enumerate(tiles):
        if not tile.copy and tile.arm == arm and (arm == "lead" or tile.index == index):
            return i
    return None


def _reaches(planner: _Planner) -> list[int]:
    """Half-widths to try at this unit: the one giving the picture about :data:`ASPECT`,
    then the widest the width limit allows."""
    u = planner.unit
    widest = (MAX_WIDTH - 2 * padding(u)) // 2 - u
    least = min(MIN_REACH * u, widest)
    area = planner.lengths() * PITCH * u
    aimed = round(math.sqrt(ASPECT * area) / 2)
    first = max(least, min(aimed, widest))
    return [first] if first == widest else [first, widest]


PACKING: Final = 0.6
"""No layout here covers more than this share of its area with tiles, so a unit at which
the tiles alone would break the area budget is not even tried."""


def plan_fido(view: View, highlight_ends: Collection[str] = ()) -> FidoPlan:
    """Lay out the public view's line: tiles, copies heading cross lines, end badges
    (those in ``highlight_ends`` in gold), turns and the last play.

    The unit is the largest (from :data:`UNIT_MAX` down to :data:`UNIT_MIN`) whose plan
    keeps the width limit and the budgets; at :data:`UNIT_MIN` a plan is taken even if it
    is taller (the width never needs more than the limit: rows turn at it)."""
    line = _read(view.get("line") or {}, frozenset(highlight_ends))
    if line is None:
        return FidoPlan(UNIT_MAX, *EMPTY_SIZE, (), (), (), (), None, None)
    tiles = 1 + len(line.crosses) + sum(len(tiles) for tiles, _ in line.arms.values())
    for unit in range(UNIT_MAX, UNIT_MIN - 1, -UNIT_STEP):
        if unit > UNIT_MIN and tiles * 2 * unit * unit > PACKING * AREA_BUDGET:
            continue
        planner = _Planner(line, unit)
        for reach in _reaches(planner):
            arranged = _arrange(planner, reach)
            if arranged.within_budgets():
                return _finish(view, arranged)
    return _finish(view, arranged)  # the smallest unit, the widest rows: as short as it gets
