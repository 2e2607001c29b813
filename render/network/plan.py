"""Where everything on the Network table picture goes, in px, before anything is drawn.

Engine coordinates are half units with y growing north; a half-unit is ``unit // 2`` px
here, so crosswise doubles and half-unit offsets land exactly where the engine puts them.
The unit (a tile's short side in px) is the largest that keeps the picture within
:data:`MAX_WIDTH` and a pixel budget, but never below :data:`UNIT_MIN`; a big layout makes
the picture taller instead of the tiles smaller.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from engine.network import NetworkHand, Placement
from engine.network.layout import OpenEnd, Ring
from render.kit import sprites
from render.kit.geometry import Rect, bounds
from render.kit.header import MIN_WIDTH
from render.kit.labels import legible_labels
from render.kit.legible import legible_size
from render.kit.plan import TileTable
from render.kit.tiles import DX, DY
from render.kit.tiles import gap as tile_gap
from render.network.badges import (
    badge_gap,
    face_point,
    label_height,
    main_face,
    place_labels,
)
from render.network.ghosts import arrange_ghosts, label_text, place_ghost_labels

UNIT_MAX = 80
UNIT_MIN = 28
UNIT_STEP = 4
"""Units are multiples of 4, so cached tile faces are reused as the layout grows."""
MAX_WIDTH = 1600
AREA_BUDGET = 1_000_000
HEIGHT_BUDGET = 900
"""Table px beyond which the unit stops growing (down to :data:`UNIT_MIN`): chat clients
shrink a picture to fit the window, so a bigger one only costs upload time and bytes."""
EDGE_MIN = 2
"""Fewest px kept between the picture's side and anything drawn."""
EMPTY_SIZE = (600, 160)


@dataclass(frozen=True, slots=True)
class TileSpot:
    index: int
    placement: Placement
    rect: Rect
    direction: int

    def moved(self, dx: float, dy: float) -> TileSpot:
        """This tile ``dx``, ``dy`` px further (built afresh: ``dataclasses.replace`` costs
        several times as much, and a plan moves every spot it has)."""
        return TileSpot(self.index, self.placement, self.rect.moved(dx, dy), self.direction)


@dataclass(frozen=True, slots=True)
class LabelSpot:
    label: str
    number: int
    rect: Rect
    face: Rect
    """The open end's main face, as a thin box (what the badge belongs to)."""
    bonus: bool
    scorer: int | None
    """Seat that scores the bonus through this end (None if it does not decide one)."""

    def moved(self, dx: float, dy: float) -> LabelSpot:
        """This label and its face ``dx``, ``dy`` px further."""
        rect, face = self.rect.moved(dx, dy), self.face.moved(dx, dy)
        return LabelSpot(self.label, self.number, rect, face, self.bonus, self.scorer)


@dataclass(frozen=True, slots=True)
class GhostSpot:
    number: int
    placement: Placement
    rect: Rect
    """The placement's footprint: where the tile would lie."""
    body: Rect
    """Where its ghost is drawn, inside the footprint (smaller when ghosts crowd)."""
    direction: int
    badge: Rect
    """Its label: the number and, when the caller gave it, the move to type."""
    text: str
    rings: int

    def moved(self, dx: float, dy: float) -> GhostSpot:
        """This ghost, its footprint and its label ``dx``, ``dy`` px further."""
        rect, body, badge = (box.moved(dx, dy) for box in (self.rect, self.body, self.badge))
        number, text, rings = self.number, self.text, self.rings
        return GhostSpot(number, self.placement, rect, body, self.direction, badge, text, rings)


@dataclass(frozen=True, slots=True)
class TablePlan(TileTable):
    """A Network dominoes table as its painter draws it."""

    tiles: tuple[TileSpot, ...]
    labels: tuple[LabelSpot, ...]
    ghosts: tuple[GhostSpot, ...]
    ghost_unit: int
    """The ghosts' unit: the table's, or smaller where full-size ghosts would overlap."""
    ring_cells: tuple[tuple[Rect, int], ...]
    ring_marks: tuple[tuple[Rect, int], ...]
    """Seat-number swatches inside rings roomy enough, so shading never relies on colour."""
    last: int | None

    def text_sizes(self) -> tuple[int, ...]:
        """The font size of every text drawn on the table: end letters, candidates'
        numbers and moves, seat numbers in rings."""
        sizes = [sprites.badge_font_size(round(lb.rect.height)) for lb in self.labels]
        for ghost in self.ghosts:
            height = round(ghost.badge.height)
            sizes.append(sprites.badge_font_size(height))
            if ghost.text:
                sizes.append(sprites.badge_text_size(height))
        sizes += [sprites.seat_mark_font_size(round(box.width)) for box, _ in self.ring_marks]
        return tuple(sizes)


def padding(unit: int) -> int:
    return max(10, unit // 3)


def _half_box(ax: int, ay: int, bx: int, by: int) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1) in half units, y north, of a tile with halves at these squares."""
    return min(ax, bx), min(ay, by), max(ax, bx) + 2, max(ay, by) + 2


def _to_px(box: tuple[int, int, int, int], h: int) -> Rect:
    x0, y0, x1, y1 = box
    return Rect(x0 * h, -y1 * h, x1 * h, -y0 * h)


def choose_unit(span_x: int, span_y: int) -> int:
    """The unit for a layout ``span_x`` × ``span_y`` half units across its tiles and ghosts.

    The largest unit whose picture, with room for labels round the tiles, fits
    :data:`MAX_WIDTH` and the height and area budgets; else :data:`UNIT_MIN` as long as the
    tiles themselves fit the width (labels at the far left and right then move onto other
    faces).
    Only a near-straight line of 27 or 28 tiles, shown with ghosts, needs a smaller unit.
    """
    for unit in range(UNIT_MAX, UNIT_MIN - 1, -UNIT_STEP):
        width, height = _estimate(span_x, span_y, unit)
        if width <= MAX_WIDTH and height <= HEIGHT_BUDGET and width * height <= AREA_BUDGET:
            return unit
    unit = UNIT_MIN
    while unit > 2 * UNIT_STEP and span_x * (unit // 2) + 2 * EDGE_MIN > MAX_WIDTH:
        unit -= UNIT_STEP
    return unit


def _estimate(span_x: int, span_y: int, unit: int) -> tuple[int, int]:
    reach = label_height(unit) + badge_gap(unit) + padding(unit)
    h = unit // 2
    return span_x * h + 2 * reach, span_y * h + 2 * reach


def _outside_width(left: float, right: float) -> list[Rect]:
    """Obstacles beyond the widest band a picture centred on [left, right] can show."""
    slack = (MAX_WIDTH - (right - left)) / 2 - EDGE_MIN
    far = 10.0 * MAX_WIDTH
    if slack >= 2 * MAX_WIDTH:
        return []
    return [
        Rect(left - slack - far, -far, left - slack, far),
        Rect(right + slack, -far, right + slack + far, far),
    ]


Candidate = tuple[Placement, int]
"""Where a tile could go and how many rings it would close there, as the caller found it."""


def plan_table(
    hand: NetworkHand,
    candidates: Sequence[Candidate] = (),
    moves: Sequence[str] | None = None,
) -> TablePlan:
    """Lay out tiles, ring shading, labels and the ``candidates`` as ghosts numbered 1, 2, …
    in the given order, each labelled with its move in ``moves`` (the notation a player
    types, one per candidate) when given. Reads the hand's state only; the caller decides
    the candidates."""
    layout = hand.layout
    placements = layout.placements
    given = list(candidates)
    if moves is not None and len(moves) != len(given):
        raise ValueError(f"{len(moves)} moves for {len(given)} candidates")
    boxes = [_half_box(p.ax, p.ay, p.bx, p.by) for p in placements]
    ghost_boxes = [_half_box(p.ax, p.ay, p.bx, p.by) for p, _ in given]
    everything = boxes + ghost_boxes
    if not everything:
        return TablePlan(UNIT_MAX, *EMPTY_SIZE, (), (), (), UNIT_MAX, (), (), None)
    x0, x1 = min(b[0] for b in everything), max(b[2] for b in everything)
    y0, y1 = min(b[1] for b in everything), max(b[3] for b in everything)
    unit = choose_unit(x1 - x0, y1 - y0)
    h = unit // 2
    beyond = _outside_width(x0 * h, x1 * h)

    numbered = bool(given) and moves is not None and any(moves)
    plan_at = partial(_plan_at, hand, given, moves, boxes, ghost_boxes, unit, beyond)
    return legible_labels(plan_at, label_height(unit), numbered)


def _plan_at(
    hand: NetworkHand,
    given: Sequence[Candidate],
    moves: Sequence[str] | None,
    boxes: Sequence[tuple[int, int, int, int]],
    ghost_boxes: Sequence[tuple[int, int, int, int]],
    unit: int,
    beyond: list[Rect],
    height: int,
) -> TablePlan:
    """The plan at ``unit`` with labels ``height`` px tall."""
    layout = hand.layout
    placements = layout.placements
    h = unit // 2

    tiles = [
        TileSpot(i, p, _to_px(box, h), p.direction)
        for i, (p, box) in enumerate(zip(placements, boxes, strict=True))
    ]
    tile_rects = [t.rect for t in tiles]
    bodies = [r.grown(-tile_gap(unit)) for r in tile_rects]  # what is actually drawn
    bonus_numbers, scorers = _bonus_marks(hand)
    ends = sorted(layout.ends.values(), key=lambda e: (len(e.label), e.label))
    placed = place_labels(ends, bodies, beyond, unit, height)
    labels = [
        LabelSpot(
            end.label,
            end.number,
            placed[end.label],
            _face_box(end, h),
            end.number in bonus_numbers,
            scorers.get(end.label),
        )
        for end in ends
    ]
    ghost_placements = [p for p, _ in given]
    footprints = [_to_px(box, h) for box in ghost_boxes]
    end_labels = list(placed.values())
    arranged = arrange_ghosts(ghost_placements, footprints, end_labels, unit)
    texts = [
        label_text(None if moves is None else moves[i], p) for i, p in enumerate(ghost_placements)
    ]
    obstacles = tile_rects + beyond
    badges = place_ghost_labels(
        ghost_placements, arranged.bodies, texts, height, obstacles, end_labels
    )
    ghosts = [
        GhostSpot(number, p, footprint, body, p.direction, badge, text, rings)
        for number, ((p, rings), footprint, body, badge, text) in enumerate(
            zip(given, footprints, arranged.bodies, badges, texts, strict=True), start=1
        )
    ]
    rings = [
        (Rect(x * h, -(y + 1) * h, (x + 1) * h, -y * h), ring.seat)
        for ring in layout.rings
        for x, y in ring.cells
    ]

    content = bounds(
        [
            *tile_rects,
            *(lb.rect for lb in labels),
            *(g.rect for g in ghosts),
            *(g.badge for g in ghosts),
        ]
    )
    assert content is not None
    pad = padding(unit)
    width = round(content.width) + 2 * pad
    if width > MAX_WIDTH:
        pad = max(0, (MAX_WIDTH - round(content.width)) // 2)  # labels reach its edges
        width = round(content.width) + 2 * pad
    dx, dy = round(pad - content.left), round(pad - content.top)
    legible = legible_size(max(MIN_WIDTH, width))
    marks = _ring_marks(layout.rings, unit, [lb.rect for lb in labels], legible)
    return TablePlan(
        unit=unit,
        width=width,
        height=round(content.height) + 2 * pad,
        tiles=tuple(t.moved(dx, dy) for t in tiles),
        labels=tuple(lb.moved(dx, dy) for lb in labels),
        ghosts=tuple(g.moved(dx, dy) for g in ghosts),
        ghost_unit=arranged.unit,
        ring_cells=tuple((r.moved(dx, dy), seat) for r, seat in rings),
        ring_marks=tuple((r.moved(dx, dy), seat) for r, seat in marks),
        last=len(placements) - 1 if placements else None,
    )


def mark_size(unit: int) -> int:
    return max(14, round(unit * 0.42))


def _ring_marks(
    rings: Sequence[Ring], unit: int, label_rects: Sequence[Rect], legible: int
) -> list[tuple[Rect, int]]:
    """For each ring with a 2×2 block of empty cells clear of labels, a swatch centred on
    the block nearest the ring's middle; none if a swatch whose number reads at
    ``legible`` px would not fit such a block."""
    h = unit // 2
    size = mark_size(unit)
    while sprites.seat_mark_font_size(size) < legible:
        size += 1
    if size > unit:
        return []
    marks = []
    for ring in rings:
        cells = set(ring.cells)
        mx = sum(x for x, _ in cells) / len(cells)
        my = sum(y for _, y in cells) / len(cells)
        blocks = sorted(
            (
                ((x + 1 - mx) ** 2 + (y + 1 - my) ** 2, x, y)
                for x, y in cells
                if {(x + 1, y), (x, y + 1), (x + 1, y + 1)} <= cells
            ),
        )
        for _, x, y in blocks:
            spot = Rect.centred((x + 1) * h, -(y + 1) * h, size, size)
            if not any(spot.overlap(r) for r in label_rects):
                marks.append((spot, ring.seat))
                break
    return marks


def _face_box(end: OpenEnd, h: int) -> Rect:
    """The end's main face as a thin box: what its label belongs to."""
    square, d = main_face(end)
    x, y = face_point(square, d, h)
    return Rect.centred(x, y, h * 2 if DY[d] else 1, h * 2 if DX[d] else 1)


def _bonus_marks(hand: NetworkHand) -> tuple[frozenset[int], dict[str, int]]:
    """Numbers that won the bonus count, and the deciding end label → scoring seat."""
    bonus = hand.bonus
    if bonus is None:
        return frozenset(), {}
    scorers = {label: seat for _, seat, _, label in bonus.contributors if seat in bonus.awarded}
    return frozenset(bonus.numbers), scorers
