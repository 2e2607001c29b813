"""The Network dominoes table: where everything goes (:func:`plan_table`) and painting it.

Engine coordinates are half units with y growing north; a half-unit is ``unit // 2`` px
here, so crosswise doubles and half-unit offsets land exactly where the engine puts them.
The unit (a tile's short side in px) is the largest that keeps the picture within
:data:`MAX_WIDTH` and a pixel budget, but never below :data:`UNIT_MIN`; a big layout makes
the picture taller instead of the tiles smaller.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.network import NetworkHand, NetworkMove, Placement
from engine.network.geometry import coords
from engine.network.layout import OpenEnd, Ring
from engine.tiles import Tile
from render import sprites
from render.fonts import font
from render.geometry import Rect, bounds, pick_spot
from render.palette import (
    BACKGROUND,
    BONUS_FILL,
    GHOST_BADGE,
    GHOST_BADGE_TEXT,
    LABEL_FILL,
    LABEL_RING,
    LABEL_TEXT,
    TEXT_MUTED,
    ring_tint,
    seat_colour,
)
from render.tiles import DX, DY, TileLook, tile_face
from render.tiles import gap as tile_gap

UNIT_MAX = 80
UNIT_MIN = 28
UNIT_STEP = 4
"""Units are multiples of 4, so cached tile faces are reused as the layout grows."""
MAX_WIDTH = 1600
AREA_BUDGET = 1_000_000
HEIGHT_BUDGET = 900
"""Table px beyond which the unit stops growing (down to :data:`UNIT_MIN`): chat clients
shrink a picture to fit the window, so a bigger one only costs upload time and bytes."""
EMPTY_SIZE = (600, 160)


@dataclass(frozen=True, slots=True)
class TileSpot:
    index: int
    placement: Placement
    rect: Rect
    direction: int


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


@dataclass(frozen=True, slots=True)
class GhostSpot:
    number: int
    move: NetworkMove
    placement: Placement
    rect: Rect
    direction: int
    badge: Rect
    rings: int


@dataclass(frozen=True, slots=True)
class TablePlan:
    """Everything the painter needs, in px relative to the table area's top-left corner."""

    unit: int
    width: int
    height: int
    tiles: tuple[TileSpot, ...]
    labels: tuple[LabelSpot, ...]
    ghosts: tuple[GhostSpot, ...]
    ring_cells: tuple[tuple[Rect, int], ...]
    ring_marks: tuple[tuple[Rect, int], ...]
    """Seat-number swatches inside rings roomy enough, so shading never relies on colour."""
    last: int | None


def label_height(unit: int) -> int:
    return max(18, round(unit * 0.5))


def badge_gap(unit: int) -> int:
    return max(2, unit // 14)


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
    :data:`MAX_WIDTH` and the height and area budgets; else :data:`UNIT_MIN` as long as the tiles
    themselves fit the width (labels at the far left and right then move onto other faces).
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


EDGE_MIN = 2
"""Fewest px kept between the picture's side and anything drawn."""


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


def plan_table(hand: NetworkHand, candidates: Tile | None = None) -> TablePlan:
    """Lay out tiles, ring shading, labels and (for ``candidates``) numbered ghosts."""
    layout = hand.layout
    placements = layout.placements
    moves = hand.placements_for(candidates) if candidates is not None else []
    previews = [hand.preview(m) for m in moves]
    boxes = [_half_box(p.ax, p.ay, p.bx, p.by) for p in placements]
    ghost_boxes = [_half_box(p.ax, p.ay, p.bx, p.by) for p, _ in previews]
    everything = boxes + ghost_boxes
    if not everything:
        return TablePlan(UNIT_MAX, *EMPTY_SIZE, (), (), (), (), (), None)
    x0, x1 = min(b[0] for b in everything), max(b[2] for b in everything)
    y0, y1 = min(b[1] for b in everything), max(b[3] for b in everything)
    unit = choose_unit(x1 - x0, y1 - y0)
    h = unit // 2
    beyond = _outside_width(x0 * h, x1 * h)

    tiles = [
        TileSpot(i, p, _to_px(box, h), p.direction)
        for i, (p, box) in enumerate(zip(placements, boxes, strict=True))
    ]
    tile_rects = [t.rect for t in tiles]
    bodies = [r.grown(-tile_gap(unit)) for r in tile_rects]  # what is actually drawn
    bonus_numbers, scorers = _bonus_marks(hand)
    labels = _place_labels(
        sorted(layout.ends.values(), key=lambda e: (len(e.label), e.label)),
        bodies,
        beyond,
        unit,
        bonus_numbers,
        scorers,
    )
    ghosts = _place_ghosts(moves, previews, bodies + beyond, [lb.rect for lb in labels], unit)
    rings = [
        (Rect(x * h, -(y + 1) * h, (x + 1) * h, -y * h), ring.seat)
        for ring in layout.rings
        for x, y in ring.cells
    ]
    marks = _ring_marks(layout.rings, unit, [lb.rect for lb in labels])

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
        pad = max(EDGE_MIN, (MAX_WIDTH - round(content.width)) // 2)
        width = round(content.width) + 2 * pad
    dx, dy = pad - content.left, pad - content.top
    dx, dy = round(dx), round(dy)
    return TablePlan(
        unit=unit,
        width=width,
        height=round(content.height) + 2 * pad,
        tiles=tuple(
            TileSpot(t.index, t.placement, t.rect.moved(dx, dy), t.direction) for t in tiles
        ),
        labels=tuple(
            LabelSpot(
                lb.label,
                lb.number,
                lb.rect.moved(dx, dy),
                lb.face.moved(dx, dy),
                lb.bonus,
                lb.scorer,
            )
            for lb in labels
        ),
        ghosts=tuple(
            GhostSpot(
                g.number,
                g.move,
                g.placement,
                g.rect.moved(dx, dy),
                g.direction,
                g.badge.moved(dx, dy),
                g.rings,
            )
            for g in ghosts
        ),
        ring_cells=tuple((r.moved(dx, dy), seat) for r, seat in rings),
        ring_marks=tuple((r.moved(dx, dy), seat) for r, seat in marks),
        last=len(placements) - 1 if placements else None,
    )


def mark_size(unit: int) -> int:
    return max(14, round(unit * 0.42))


def _ring_marks(
    rings: Sequence[Ring], unit: int, label_rects: Sequence[Rect]
) -> list[tuple[Rect, int]]:
    """For each ring with a 2×2 block of empty cells clear of labels, a swatch centred on
    the block nearest the ring's middle."""
    h = unit // 2
    size = mark_size(unit)
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


def _bonus_marks(hand: NetworkHand) -> tuple[frozenset[int], dict[str, int]]:
    """Numbers that won the bonus count, and the deciding end label → scoring seat."""
    bonus = hand.bonus
    if bonus is None:
        return frozenset(), {}
    scorers = {label: seat for _, seat, _, label in bonus.contributors if seat in bonus.awarded}
    return frozenset(bonus.numbers), scorers


def _face_point(square: int, direction: int, h: int) -> tuple[float, float]:
    """Middle of the face of the unit square ``square`` facing ``direction``, in px."""
    x, y = coords(square)
    cx, cy = (x + 1) * h, -(y + 1) * h
    return cx + DX[direction] * h, cy + DY[direction] * h


def _label_options(end: OpenEnd, width: float, height: float, unit: int) -> list[Rect]:
    """Spots for an end's badge, best first: just outside its main face, then slid along
    it, then off its other faces; then the same squeezed against the face (a half-unit
    pocket is narrower than a badge plus its usual gap), then further out; last, over the
    end's own half."""
    h = unit // 2
    gap = badge_gap(unit)
    squeezed = 1 - tile_gap(unit)  # 1 px clear of the tile's visible edge
    faces = sorted(end.faces, key=lambda f: f[1] != end.end_dir)
    options = []
    for distance in (gap, squeezed, gap + h * 0.6):
        for square, d in faces:
            mx, my = _face_point(square, d, h)
            dx, dy = DX[d], DY[d]
            out = distance + (width / 2 if dx else height / 2)
            for shift in (0.0, h * 0.6, -h * 0.6):
                x = mx + dx * out - dy * shift
                y = my + dy * out + dx * shift
                options.append(Rect.centred(x, y, width, height))
    square, d = faces[0]
    mx, my = _face_point(square, d, h)
    options.append(Rect.centred(mx - DX[d] * h / 2, my - DY[d] * h / 2, width, height))
    return options


def _place_labels(
    ends: Sequence[OpenEnd],
    tile_rects: Sequence[Rect],
    beyond: Sequence[Rect],
    unit: int,
    bonus_numbers: frozenset[int],
    scorers: dict[str, int],
) -> list[LabelSpot]:
    height = label_height(unit)
    h = unit // 2
    options: dict[str, list[Rect]] = {}
    nearby: dict[str, list[Rect]] = {}
    for end in ends:
        badge = sprites.badge(end.label, height, LABEL_FILL, LABEL_TEXT, LABEL_RING)
        choices = _label_options(end, badge.width, height, unit)
        options[end.label] = choices
        reach = bounds(choices)
        assert reach is not None
        nearby[end.label] = [t for t in tile_rects if t.overlap(reach)]

    def freedom(end: OpenEnd) -> int:
        tiles = nearby[end.label]
        return sum(1 for o in options[end.label] if not any(o.overlap(t) for t in tiles))

    placed: dict[str, Rect] = {}
    for end in sorted(ends, key=freedom):  # the most cramped ends choose first
        placed[end.label] = pick_spot(
            options[end.label],
            ((nearby[end.label], 1.0), (list(placed.values()), 4.0), (beyond, 8.0)),
        )
    spots = []
    for end in ends:
        square, d = sorted(end.faces, key=lambda f: f[1] != end.end_dir)[0]
        mx, my = _face_point(square, d, h)
        face = Rect.centred(mx, my, h * 2 if DY[d] else 1, h * 2 if DX[d] else 1)
        spots.append(
            LabelSpot(
                end.label,
                end.number,
                placed[end.label],
                face,
                end.number in bonus_numbers,
                scorers.get(end.label),
            )
        )
    return spots


def _ghost_options(p: Placement, unit: int, width: float, height: float) -> list[Rect]:
    """Spots for a candidate's number, best first: astride the ghost's far end, where no
    other candidate can have its far end (candidates often share a near half, and may share
    a far square, but never both); then just inside that end; then elsewhere on the ghost."""
    h = unit // 2
    d = p.direction
    dx, dy = DX[d], DY[d]
    fx, fy = (p.bx + 1) * h, -(p.by + 1) * h
    nx, ny = (p.ax + 1) * h, -(p.ay + 1) * h
    inside = h - (width if dx else height) / 2 - 1
    side = h / 2
    spots = [
        (fx + dx * h, fy + dy * h),
        (fx + dx * inside, fy + dy * inside),
        (fx + dx * inside - dy * side, fy + dy * inside + dx * side),
        (fx + dx * inside + dy * side, fy + dy * inside - dx * side),
        (fx, fy),
        (nx, ny),
    ]
    return [Rect.centred(x, y, width, height) for x, y in spots]


def _place_ghosts(
    moves: Sequence[NetworkMove],
    previews: Sequence[tuple[Placement, int]],
    tile_rects: Sequence[Rect],
    label_rects: Sequence[Rect],
    unit: int,
) -> list[GhostSpot]:
    h = unit // 2
    height = label_height(unit)
    rects = [_to_px(_half_box(p.ax, p.ay, p.bx, p.by), h) for p, _ in previews]
    badges: list[Rect] = []
    ghosts = []
    for i, (move, (p, rings)) in enumerate(zip(moves, previews, strict=True)):
        width = sprites.badge(
            str(i + 1), height, GHOST_BADGE, GHOST_BADGE_TEXT, GHOST_BADGE_TEXT
        ).width
        badge = pick_spot(
            _ghost_options(p, unit, width, height),
            ((badges, 8.0), (tile_rects, 4.0), (label_rects, 1.0)),
        )
        badges.append(badge)
        ghosts.append(GhostSpot(i + 1, move, p, rects[i], p.direction, badge, rings))
    return ghosts


def paint_table(image: Image.Image, plan: TablePlan, top: int, left: int = 0) -> None:
    """Draw ``plan`` onto ``image`` with the table area's corner at (``left``, ``top``)."""
    draw = ImageDraw.Draw(image)
    unit = plan.unit

    def at(r: Rect) -> tuple[int, int]:
        return round(r.left) + left, round(r.top) + top

    for cell, seat in plan.ring_cells:
        x0, y0 = at(cell)
        draw.rectangle(
            (x0, y0, x0 + round(cell.width) - 1, y0 + round(cell.height) - 1),
            fill=ring_tint(seat),
        )
    for box, seat in plan.ring_marks:
        mark = sprites.seat_mark(seat, round(box.width))
        image.paste(mark, at(box), mark)
    if plan.last is not None:
        last = plan.tiles[plan.last].rect
        halo = sprites.glow(round(last.width), round(last.height), unit)
        pad = sprites.glow_pad(unit)
        x0, y0 = at(last)
        image.paste(halo, (x0 - pad, y0 - pad), halo)
    ox, oy = sprites.shadow_offset(unit)
    for spot in plan.tiles:
        shade = sprites.shadow(round(spot.rect.width), round(spot.rect.height), unit)
        x0, y0 = at(spot.rect)
        image.paste(shade, (x0 + ox, y0 + oy), shade)
    for spot in plan.tiles:
        p = spot.placement
        face = tile_face(p.a, p.b, spot.direction, unit, TileLook(accent=seat_colour(p.seat)))
        image.paste(face, at(spot.rect), face)
    height = label_height(unit)
    for label in plan.labels:
        fill = BONUS_FILL if label.bonus else LABEL_FILL
        ring = seat_colour(label.scorer) if label.scorer is not None else LABEL_RING
        width = 4 if label.scorer is not None else 2
        badge = sprites.badge(label.label, height, fill, LABEL_TEXT, ring, width)
        cx, cy = label.rect.centre
        image.paste(
            badge, (round(cx - badge.width / 2) + left, round(cy - height / 2) + top), badge
        )
    for ghost in plan.ghosts:
        sprite = sprites.ghost(round(ghost.rect.width), round(ghost.rect.height), unit)
        image.paste(sprite, at(ghost.rect), sprite)
    for ghost in plan.ghosts:
        badge = sprites.badge(
            str(ghost.number), height, GHOST_BADGE, GHOST_BADGE_TEXT, GHOST_BADGE_TEXT
        )
        cx, cy = ghost.badge.centre
        image.paste(
            badge, (round(cx - badge.width / 2) + left, round(cy - height / 2) + top), badge
        )


def paint_empty(image: Image.Image, top: int, message: str) -> None:
    """The table before the lead: a short line saying who leads with what."""
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, top, image.width, image.height), fill=BACKGROUND)
    draw.text(
        (image.width / 2, top + (image.height - top) / 2),
        message,
        font=font(20),
        fill=TEXT_MUTED,
        anchor="mm",
    )
