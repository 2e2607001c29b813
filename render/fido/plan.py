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
counts, so a naked side shows ``(0)``; its letters are as big as the tiles' numerals.

No two tiles overlap, by construction in both layouts (tests check it on the largest
lines). A chat shows a picture about 550 px wide, so a picture may be only so many units
wide for its numerals (and badges) to read there (:func:`width_limit`,
:mod:`render.kit.legible`). The unit (a tile's short side in px) is the largest that
keeps the picture within that width and the height and area budgets of the classic
picture. A long tree is tall and narrow, so it may be drawn turned a quarter (A running
south, B north, side arms stacking east and west; numerals stay upright and badges
level), whichever way allows the larger unit; long rows turn back, ever narrower, until
the area fits. A line of up to :data:`LEGIBLE_TILES` tiles that fits no budget is laid
that narrow however tall, its side arms reaching over other doubles' columns if it is
too branched to be that narrow otherwise (:attr:`TreeLayout.compact`; should even that
fail, as legible as the budgets allow, or a little more in a taller picture); a longer
one keeps to the budgets within the width limit, down to a unit of 20 px, where a face's
numerals still read in the picture itself: a tree too big even then grows taller, never
wider. The plan reads the view only.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Final

from render.fido.runs import Item, Laid, Turn, cross, length
from render.fido.tree import MIN_ROOM, Shape, TreeLayout, badge_height, extent
from render.kit import sprites
from render.kit.geometry import Rect
from render.kit.header import MIN_WIDTH
from render.kit.legible import chat_height, widest_for
from render.kit.plan import TileTable
from render.kit.tiles import NUMERALS, E, N, S, W, numeral_size
from render.line.plan import (
    AREA_BUDGET,
    EMPTY_SIZE,
    HEIGHT_BUDGET,
    MAX_WIDTH,
    UNIT_FLOOR,
    UNIT_MAX,
    UNIT_MIN,
    UNIT_STEP,
    LaidTile,
    badge_gap,
    end_text,
    last_index,
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
class FidoTile(LaidTile):
    """One tile in px."""

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
class FidoPlan(TileTable):
    """A FIDO line as its painter draws it."""

    tiles: tuple[FidoTile, ...]
    badges: tuple[FidoBadge, ...]
    turns: tuple[FidoTurn, ...]
    links: tuple[tuple[tuple[int, int], ...], ...]
    """Thin lines finishing a side arm's climb where its stem has too few tiles (points)."""
    last: int | None
    """Index in :attr:`tiles` of the tile laid last."""
    transposed: bool = False
    """The tree turned a quarter to fit: its arms run north and south (A south of the
    opening double, B north), side arms leave the doubles' short ends east and west."""

    def text_sizes(self) -> tuple[int, ...]:
        """The font size of every text drawn on the table: numerals and end badges."""
        badges = (sprites.badge_font_size(round(b.rect.height)) for b in self.badges)
        numerals = (numeral_size(self.unit, NUMERALS),) if self.tiles else ()
        return (*numerals, *badges)


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
FOLD_TRIES: Final = 8
"""Ever narrower rows tried at one unit before the tree is given up on there."""
LEGIBLE_TILES: Final = 60
"""Lines up to this many tiles are laid out legible at chat size however tall that makes
the picture (laid compact if their branches need it); longer ones keep to the picture
budgets, as legible as those allow."""
LEGIBLE_FLOOR: Final = 28
"""The smallest unit whose numerals read at chat size in the narrowest picture."""
TREE_FLOOR: Final = 20
"""The smallest unit at which a FIDO face still reads: at 20 px the two-digit numerals
(18, 21) stay crisp on each half of a tile; below it they blur, so a line too big for the
budgets at this unit grows taller rather than smaller."""
TALLER_AREA: Final = 1.5
"""How many times the area budget a line of up to :data:`LEGIBLE_TILES` tiles, too
branched to be laid narrow enough to read at chat size even compact, may take to be
drawn bigger (its numerals may read better in a narrow picture that breaks the budgets
than in a wide one that keeps them)..."""
TALLER_GAIN: Final = 1.0
"""...if they then stand at least this many px taller in a chat: a picture half as big
again for less is not worth it."""
COMPACT_SPARE: Final = 2
"""Columns more than the picture's limit along the rows at which a tree laid compact
(:attr:`TreeLayout.compact`) is first tried with rows turned back: its side arms, placed
anew at each width, may then keep it narrower than the rows allow."""
SLACK: Final = 1.1
"""How far over the budgets a size scaled from another unit may look and still be laid
out to see (the picture does not scale exactly with the unit)."""


def _tree_pad(unit: int) -> int:
    """The table area's margin round the tree (a little less than the classic line's)."""
    return max(8, unit // 3)


def _layout(
    line: _Line, unit: int, transposed: bool, narrow: bool = False, compact: bool = False
) -> TreeLayout:
    arms = {
        label: [(spec, spec.standing) for spec in tiles] for label, (tiles, _) in line.arms.items()
    }
    badges = {label: (end, end.text) for label, (_, end) in line.arms.items() if end is not None}
    return TreeLayout(unit, arms, badges, line.children, transposed, narrow, compact)


def _tree(layout: TreeLayout, lead: TileSpec, columns: int | None) -> Shape:
    """The tree with every arm straight; or, given ``columns``, if it is wider than that
    (along its rows), again with A's and B's sides given room in proportion to what they
    took, and less while it is still too wide (long arms then turn back into rows of their
    own)."""
    unit = layout.unit
    east = west = FAR
    shape = layout.opening(lead, east, west)
    for _ in range(ROOM_TRIES if columns is not None else 0):
        assert columns is not None
        left, _, right, _ = layout.extent(shape)
        used_east, used_west = -(-right // unit) - 1, -(left // unit)
        over = used_east + used_west + 1 - columns
        if over <= 0:
            break
        both = used_east + used_west
        east = min(east, used_east) + -(over * used_east) // both  # less by the share, up
        west = min(west, used_west) + -(over * used_west) // both
        shape = layout.opening(lead, max(east, 1), max(west, 1))
    return shape


def width_limit(unit: int) -> int:
    """The widest picture at ``unit`` whose numerals (and badges, as big) read at chat
    size (:mod:`render.kit.legible`), within :data:`MAX_WIDTH`; 0 if even the narrowest
    picture (:data:`MIN_WIDTH`) is too wide for them."""
    widest = min(MAX_WIDTH, widest_for(numeral_size(unit, NUMERALS)))
    return widest if widest >= MIN_WIDTH else 0


def _widest(unit: int, legible: bool) -> int:
    """The widest picture allowed at ``unit``: what its numerals allow, if it is to be
    ``legible`` at chat size, else :data:`MAX_WIDTH`."""
    return width_limit(unit) if legible else MAX_WIDTH


def _fits(width: int, height: int, unit: int, legible: bool = True) -> bool:
    return (
        width <= _widest(unit, legible)
        and height <= HEIGHT_BUDGET
        and width * height <= AREA_BUDGET
    )


PACKING: Final = 0.4
"""No tree covers more than this share of its picture with tiles, so a unit at which the
tiles alone would break the area budget is not even tried."""


@dataclass(frozen=True, slots=True)
class _Sized:
    """A tree at ``unit`` and its picture's ``width`` and ``height`` (turned, if
    ``transposed``)."""

    shape: Shape
    unit: int
    width: int
    height: int
    transposed: bool
    legible: bool = True

    @property
    def fits(self) -> bool:
        return _fits(self.width, self.height, self.unit, self.legible)

    @property
    def along(self) -> int:
        """The picture's px along the tree's rows."""
        return self.height if self.transposed else self.width


def _limit(transposed: bool, unit: int, legible: bool = True) -> int:
    """The picture's px allowed along the tree's rows."""
    return HEIGHT_BUDGET if transposed else _widest(unit, legible)


class _Trees:
    """The trees of one line, laid out on demand and kept: straight, or with rows turned
    back to fit, at each unit and either way round."""

    def __init__(self, line: _Line, legible: bool = True, compact: bool = False) -> None:
        self.line = line
        self.legible = legible
        """Whether the pictures must be narrow enough for their numerals to read at chat
        size (else only within :data:`MAX_WIDTH`)."""
        self.compact = compact
        """Whether the trees are laid compact (:attr:`TreeLayout.compact`)."""
        self.layouts: dict[tuple[int, bool, bool], TreeLayout] = {}
        self.made: dict[tuple[int, bool, int | None, bool], _Sized] = {}
        self.laid: dict[tuple[int, bool, int | None, bool], tuple[Shape, int, int]] = {}
        """The trees and their pictures' sizes, whatever the width allowed."""

    def loose(self) -> _Trees:
        """The same line's trees within :data:`MAX_WIDTH` alone (not ``legible``),
        sharing the trees laid out so far: a tree does not depend on the width allowed."""
        trees = _Trees(self.line, legible=False, compact=self.compact)
        trees.layouts, trees.laid = self.layouts, self.laid
        return trees

    def sized(
        self, unit: int, transposed: bool, columns: int | None, narrow: bool = False
    ) -> _Sized:
        key = (unit, transposed, columns, narrow)
        if key not in self.made:
            if key not in self.laid:
                self.laid[key] = self._laid(unit, transposed, columns, narrow)
            shape, width, height = self.laid[key]
            self.made[key] = _Sized(shape, unit, width, height, transposed, self.legible)
        return self.made[key]

    def _laid(
        self, unit: int, transposed: bool, columns: int | None, narrow: bool
    ) -> tuple[Shape, int, int]:
        if (unit, transposed, narrow) not in self.layouts:
            self.layouts[unit, transposed, narrow] = _layout(
                self.line, unit, transposed, narrow, self.compact
            )
        layout = self.layouts[unit, transposed, narrow]
        shape = _tree(layout, self.line.lead, columns)
        left, top, right, bottom = layout.extent(shape)
        pad = 2 * _tree_pad(unit)
        width, height = right - left + pad, bottom - top + pad
        return (shape, height, width) if transposed else (shape, width, height)

    def straight(self, unit: int, transposed: bool, narrow: bool = False) -> _Sized:
        return self.sized(unit, transposed, None, narrow)

    def folded(
        self, unit: int, transposed: bool, tall: bool = False, narrow: bool = False
    ) -> _Sized:
        """The tree at ``unit`` with rows turned back: to keep within the picture's limit
        along them (or a column short of the straight tree's width), then a column
        narrower at a time while it still breaks a budget (a narrower tree is taller: it
        may then fit the area), unless it is already too tall. The first that fits, else
        the least turned back within the limit. ``narrow``: laid out shortest along its
        rows rather than across them (:class:`TreeLayout`)."""
        straight = self.straight(unit, transposed, narrow)
        across = straight.width if transposed else straight.height
        if straight.fits or (across > _limit(not transposed, unit, self.legible) and not tall):
            return straight
        limit = (_limit(transposed, unit, self.legible) - 2 * _tree_pad(unit)) // unit
        first: _Sized | None = (
            straight if straight.along <= _limit(transposed, unit, self.legible) else None
        )
        left, _, right, _ = extent(straight.shape)
        spare = COMPACT_SPARE if self.compact else 0
        columns = min(limit + spare, -(-right // unit) - left // unit - 1)
        sized = straight
        for _ in range(FOLD_TRIES + spare):
            if columns < 2 * MIN_ROOM:
                break
            sized = self.sized(unit, transposed, columns, narrow)
            if sized.fits or (tall and sized.along <= _limit(transposed, unit, self.legible)):
                return sized
            if first is None and sized.along <= _limit(transposed, unit, self.legible):
                first = sized
            columns -= 1  # how far rows turn back jumps about: try each width in turn
        return first if first is not None else sized


def _tree_plan(view: View, line: _Line) -> FidoPlan:
    """The tree as legible at chat size as its size allows: at the largest unit at which
    it fits the budgets with its width within what its numerals allow
    (:func:`width_limit`, :func:`_within_budgets`); else, if it has at most
    :data:`LEGIBLE_TILES` tiles, that narrow and taller (rows turned back, side arms
    placed to keep it narrow, or the tree turned; at the units between the steps too if
    it comes near): at the largest unit within the height budget, else the smallest such
    picture; if none is that narrow, the same laid compact (side arms reaching over
    other doubles' columns) at the smallest unit at which it is, however tall; else (a
    tree too big or too branched to be that narrow) at the largest unit at which it fits
    the budgets within :data:`MAX_WIDTH`, or a taller picture whose numerals read bigger
    (:func:`_most_readable`); else the turned-back tree at :data:`TREE_FLOOR`, taller
    than the budget (or smaller while too wide, down to :data:`UNIT_FLOOR`)."""
    tiles = 1 + sum(len(tiles) for tiles, _ in line.arms.values())
    first = UNIT_MAX
    while first > TREE_FLOOR and tiles * 2 * first * first > PACKING * AREA_BUDGET:
        first -= UNIT_STEP
    trees = _Trees(line)
    found = _within_budgets(trees, first)
    if found is not None:
        return _tree_finish(view, found)
    tried: list[_Sized] = []
    lowest = LEGIBLE_FLOOR if tiles <= LEGIBLE_TILES else first + 1
    found = _tall(trees, range(first, lowest - 1, -UNIT_STEP), tried)  # taller, still legible
    if found is None and not _legible(tried) and _nearly_legible(tried):
        found = _tall(trees, _finer_units(first, lowest), tried)
    if found is None and not _legible(tried) and tiles <= LEGIBLE_TILES:
        units = reversed(range(first, lowest - 1, -UNIT_STEP))  # the smallest picture first
        found = _tall(_Trees(line, compact=True), units, tried, height=None)
    if found is not None:
        return _tree_finish(view, found)
    legible = _legible(tried)
    if legible:  # else the smallest picture
        return _tree_finish(view, min(legible, key=lambda sized: sized.width * sized.height))
    trees = trees.loose()
    found = _within_budgets(trees, first)
    if found is not None:  # or a taller picture whose numerals read bigger
        return _tree_finish(view, _most_readable(found, tried))
    sized = trees.folded(TREE_FLOOR, False, tall=True)  # taller, never wider
    while sized.width > MAX_WIDTH and sized.unit > UNIT_FLOOR:
        sized = trees.folded(sized.unit - UNIT_STEP, False, tall=True)
    return _tree_finish(view, sized)


def _tall(
    trees: _Trees, units: Iterable[int], tried: list[_Sized], height: int | None = HEIGHT_BUDGET
) -> _Sized | None:
    """The tree at the first of ``units`` at which it is legible at chat size within
    ``height`` (if any): rows turned back (side arms placed to keep the tree narrow), or
    the tree turned a quarter (and its rows turned back). Every picture tried within
    :data:`MAX_WIDTH` is added to ``tried``."""
    for unit in units:
        shapes: tuple[Callable[[], _Sized], ...] = (
            partial(trees.folded, unit, False, tall=True, narrow=True),
            partial(trees.straight, unit, True),
            partial(trees.folded, unit, True, tall=True),
        )
        for shape in shapes:
            sized = shape()
            if sized.width > MAX_WIDTH:
                continue
            tried.append(sized)
            if sized.width <= width_limit(unit) and (height is None or sized.height <= height):
                return sized
    return None


def _legible(tried: Sequence[_Sized]) -> list[_Sized]:
    return [sized for sized in tried if sized.width <= width_limit(sized.unit)]


NEARLY: Final = 1.03
"""How far over its width limit the narrowest tree tried may be for units between the
steps to be worth trying: they make a picture a few hundredths narrower, no more."""


def _nearly_legible(tried: Sequence[_Sized]) -> bool:
    return any(sized.width <= NEARLY * width_limit(sized.unit) for sized in tried)


def _finer_units(first: int, lowest: int) -> list[int]:
    """Units between the steps, from ``first`` down to ``lowest``, each the smallest to
    draw its numerals at their size: as legible as the unit a little bigger, in a
    narrower picture (the width a picture may take goes by its numerals' size)."""
    return [
        unit
        for unit in range(first, lowest - 1, -1)
        if unit % UNIT_STEP and numeral_size(unit - 1, NUMERALS) < numeral_size(unit, NUMERALS)
    ]


def _most_readable(found: _Sized, tried: Sequence[_Sized]) -> _Sized:
    """Of ``found`` (within the budgets) and the narrower, taller pictures ``tried``, the
    one whose numerals read biggest in a chat within the area budget; or one of at most
    :data:`TALLER_AREA` times that, if it reads :data:`TALLER_GAIN` px bigger still."""
    within = [found, *(s for s in tried if s.width * s.height <= AREA_BUDGET)]
    best = max(within, key=_readability)
    taller = [s for s in tried if s.width * s.height <= TALLER_AREA * AREA_BUDGET]
    bigger = max(taller, key=_readability, default=best)
    return bigger if _readability(bigger) >= _readability(best) + TALLER_GAIN else best


def _readability(sized: _Sized) -> float:
    """How tall the numerals of ``sized`` stand in a chat (px)."""
    return chat_height(numeral_size(sized.unit, NUMERALS), max(MIN_WIDTH, sized.width), True)


def _within_budgets(trees: _Trees, first: int) -> _Sized | None:
    """The tree at the largest unit, from ``first`` down to :data:`TREE_FLOOR`, at which
    it fits the budgets with every arm straight, its rows running east and west or
    (turned a quarter) north and south, whichever allows the larger unit (east and west
    if both do); only if there is none, the same with long arms turned back; or None."""
    guide = trees.straight(first, False)
    if guide.fits:
        return guide
    for lay in (trees.straight, trees.folded):
        best: _Sized | None = None
        for transposed in (False, True):
            lowest = TREE_FLOOR if best is None else best.unit + UNIT_STEP
            at = partial(lay, transposed=transposed)
            found = _largest(at, guide, first, lowest, transposed, lay == trees.folded)
            if found is not None:
                best = found
        if best is not None:
            return best
    return None


def _largest(
    at: Callable[[int], _Sized],
    guide: _Sized,
    first: int,
    lowest: int,
    transposed: bool,
    folded: bool,
) -> _Sized | None:
    """The tree at the largest unit from ``first`` down to ``lowest`` that fits the budgets,
    or None. The picture scales about with the unit: from the straight tree ``guide`` (rows
    east and west), the largest unit at which its picture, scaled (and turned, if
    ``transposed``), would about fit (only its area and its size across the rows, if
    ``folded``: rows turned back trade length for breadth) is tried first, then a step
    down while it does not fit, or up while the next unit might and does. A single unit
    (``first`` is ``lowest``) is laid out whatever the estimate says."""

    def over(unit: int) -> float:
        """How far over the budgets the guide scaled to ``unit`` is (1: just fits)."""
        width, height = (guide.height, guide.width) if transposed else (guide.width, guide.height)
        k = unit / guide.unit
        area = math.sqrt(width * height * k * k / AREA_BUDGET)
        widest = max(1, _widest(unit, guide.legible))
        across = width * k / widest if transposed else height * k / HEIGHT_BUDGET
        if folded:  # narrower, but no shorter across the rows
            return max(area, across)
        return max(area, width * k / widest, height * k / HEIGHT_BUDGET)

    def fitting(unit: int) -> _Sized | None:
        """The tree at ``unit`` if it fits; not laid out where no picture could (its
        numerals too small for even the narrowest)."""
        if _widest(unit, guide.legible) < MIN_WIDTH:
            return None
        sized = at(unit)
        return sized if sized.fits else None

    unit = first
    while unit > lowest and over(unit) > SLACK:
        unit -= UNIT_STEP
    # A single unit to try, a step above what the other way found, is laid out to see:
    # a badge's text stays level, so a turned tree does not scale exactly.
    if over(unit) > SLACK and lowest < first:
        return None
    sized = fitting(unit)
    while sized is None:
        if unit <= lowest:
            return None
        unit -= UNIT_STEP
        sized = fitting(unit)
    while unit + UNIT_STEP <= first and over(unit + UNIT_STEP) <= SLACK:
        bigger = fitting(unit + UNIT_STEP)
        if bigger is None:
            break
        unit += UNIT_STEP
        sized = bigger
    return sized


TURNED: Final = {E: S, S: E, W: N, N: W}
"""A face's direction once the tree is turned a quarter (mirrored in its diagonal): the
half drawn left of a lying tile is drawn on top of the standing one, so it reads first
either way."""


def _tree_finish(view: View, sized: _Sized) -> FidoPlan:
    """The plan of ``sized``'s tree, turned if it is to be and moved so the picture's
    corner is at (0, 0)."""
    shape, unit = sized.shape, sized.unit
    left, top, _, _ = extent(shape)
    pad = _tree_pad(unit)
    dx, dy = pad - left, pad - top
    turned = sized.transposed
    tiles: list[FidoTile] = []
    badges: list[FidoBadge] = []
    for spot in shape.spots:
        rect = Rect(spot.left + dx, spot.top + dy, spot.right + dx, spot.bottom + dy)
        direction = spot.direction
        if turned:
            rect, direction = Rect(rect.top, rect.left, rect.bottom, rect.right), TURNED[direction]
        if isinstance(spot.payload, EndSpec):
            badges.append(_badge(spot.payload, rect))
        elif isinstance(spot.payload, TileSpec):
            tiles.append(_tile(spot.payload, rect, direction))
    links = tuple(
        tuple((y + dy, x + dx) if turned else (x + dx, y + dy) for x, y in link)
        for link in shape.links
    )
    return FidoPlan(
        unit, sized.width, sized.height, tuple(tiles), tuple(badges), (), links,
        last_index(view, tiles), turned,
    )  # fmt: skip


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
    height = badge_height(unit)
    items.append(Item(sprites.badge_width(end.text, height), height, end, badge_gap(unit)))
    return items, 1


def _reaches(whole: int, unit: int) -> list[int]:
    """Half-widths to try: the one giving the picture about :data:`ASPECT`, then the
    widest the width limit allows."""
    widest = (max(MIN_WIDTH, width_limit(unit)) - 2 * padding(unit)) // 2 - unit
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
            if _fits(plan.width, plan.height, unit):
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
                    last_index(view, tiles))  # fmt: skip


def _turn(turn: Turn, centres: Mapping[int, int], bulge: int, dx: int, dy: int) -> FidoTurn:
    return FidoTurn(turn.x + dx, centres[turn.row] + dy, centres[turn.to] + dy, turn.heading,
                    bulge)  # fmt: skip


# ---------------------------------------------------------------- the plan


def plan_fido(view: View, highlight_ends: Collection[str] = ()) -> FidoPlan:
    """Lay out the public view's line: tiles, end badges (those in ``highlight_ends`` in
    gold), links or turns, and the last play."""
    line = _read(view.get("line") or {}, frozenset(highlight_ends))
    if line is None:
        return FidoPlan(UNIT_MAX, *EMPTY_SIZE, (), (), (), (), None)
    if line.crosswise:
        return _tree_plan(view, line)
    return _in_line_plan(view, line)
