"""Where the candidate placements go: a see-through tile with pips for each, and its label.

Candidates often share squares (every placement off one face shares the near half, and
two ends may reach the same far square), so ghosts drawn full size pile up and their pips
become a smudge. Each ghost is therefore drawn at the largest of :data:`SCALES` at which
every ghost fits inside its own footprint without covering another ghost or an end's
label: it slides within the footprint, far half first, so it still lies where and which
way the tile would. Its pips show which number lands where, which tells apart two
placements on the same squares the other way round. Each label (the candidate's number and
the move to type) goes by its ghost's far end, never on another label.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeAlias

from engine.network import Placement
from engine.unionfind import find_root
from render.kit import sprites
from render.kit.geometry import Box, Rect, covered, meets_any, pick_spot, segment_meets
from render.kit.tiles import DX, DY, tile_size

SCALES = (1.0, 0.75, 0.6, 0.5)
"""Ghost sizes tried, as shares of the table's unit, largest first."""
SEARCH_BUDGET = 1000
"""Arrangements tried per scale before settling for the least-covering one."""
LABEL_RINGS = 14
"""How many rings of spots round a ghost its label may try, each half a label's height
further out (only as many as it takes are worked out)."""


Segment: TypeAlias = tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True, slots=True)
class GhostArrangement:
    unit: int
    """The ghosts' own unit (short side in px)."""
    bodies: tuple[Rect, ...]
    """Where each ghost is drawn, inside its footprint."""


def ghost_unit(unit: int, scale: float) -> int:
    """A ghost's unit at ``scale``: even, so its halves split evenly, and never below 8."""
    return max(8, round(unit * scale / 2) * 2)


@lru_cache(maxsize=1024)
def _body_options(footprint: Rect, d: int, small: int) -> tuple[Rect, ...]:
    """Spots for a ghost of unit ``small`` lying in direction ``d`` inside ``footprint``,
    best first: in the middle, where the tile would lie; then against the far end (where
    candidates differ), then the near end; each centred across first. Cached: every plan
    of a candidate picture, and each of its scales, asks again for the same footprints."""
    width, height = tile_size(d, small)
    along_slack = (footprint.width - width) if DX[d] else (footprint.height - height)
    across_slack = (footprint.height - height) if DX[d] else (footprint.width - width)
    spots = []
    seen: set[tuple[float, float]] = set()
    for along in (0.5, 0.0, 1.0):  # share of the slack kept between ghost and far end
        for across in (0.5, 0.0, 1.0):
            gap_far = along * along_slack
            gap_side = across * across_slack
            if DX[d]:
                left = footprint.right - gap_far - width if DX[d] > 0 else footprint.left + gap_far
                top = footprint.top + gap_side
            else:
                top = footprint.bottom - gap_far - height if DY[d] > 0 else footprint.top + gap_far
                left = footprint.left + gap_side
            if (left, top) not in seen:
                seen.add((left, top))
                spots.append(Rect(left, top, left + width, top + height))
    return tuple(spots)


def _clusters(footprints: Sequence[Rect]) -> list[list[int]]:
    """Groups of ghosts whose footprints overlap, directly or through one another: only
    ghosts in one group can get in each other's way, so each group is arranged alone."""
    group = list(range(len(footprints)))
    for i, a in enumerate(footprints):
        for j in range(i + 1, len(footprints)):
            if a.meets(footprints[j]):
                group[find_root(group, j)] = find_root(group, i)
    clusters: dict[int, list[int]] = {}
    for i in range(len(footprints)):
        clusters.setdefault(find_root(group, i), []).append(i)
    return list(clusters.values())


def _arrange(
    options: Sequence[Sequence[Rect]],
    footprints: Sequence[Rect],
    clusters: Sequence[Sequence[int]],
    avoid: Sequence[Rect],
) -> list[Rect] | None:
    """One spot per ghost with no two overlapping and none on ``avoid`` (unless all of a
    ghost's spots are: then those covering least, as an end's label is painted over it),
    preferring each ghost's earlier spots in the given order; None if none is found within
    the budget."""
    free = []
    for opts, footprint in zip(options, footprints, strict=True):
        near = [a for a in avoid if a.meets(footprint)]
        clear = [o for o in opts if not any(o.meets(a) for a in near)]
        free.append(clear or sorted(opts, key=lambda o: covered(o, near)))
    chosen: dict[int, Rect] = {}
    free_boxes = [[spot.box for spot in spots] for spots in free]
    taken: list[Box] = []  # the boxes of chosen[j] for j in order[:k], compared as numbers
    budget = SEARCH_BUDGET

    def search(order: Sequence[int], k: int) -> bool:
        nonlocal budget
        if k == len(order):
            return True
        i = order[k]
        for spot, box in zip(free[i], free_boxes[i], strict=True):
            budget -= 1
            if budget < 0:
                return False
            if meets_any(box, taken):
                continue
            chosen[i] = spot
            taken.append(box)
            if search(order, k + 1):
                return True
            taken.pop()
            del chosen[i]
        return False

    for cluster in clusters:
        order = sorted(cluster, key=lambda i: len(free[i]))  # most cramped first
        taken.clear()  # ghosts of other clusters are not in this one's way
        if not search(order, 0):
            return None
    return [chosen[i] for i in range(len(free))]


def arrange_ghosts(
    ghosts: Sequence[Placement],
    footprints: Sequence[Rect],
    avoid: Sequence[Rect],
    unit: int,
) -> GhostArrangement:
    """The largest ghosts that fit their footprints apart from one another and off the
    end labels ``avoid``; at the smallest scale, the spots that overlap least."""
    clusters = _clusters(footprints)
    crowded = any(len(cluster) > 1 for cluster in clusters)
    for scale in SCALES:
        if scale == 1 and crowded:
            continue  # full-size ghosts are their footprints, and some of those overlap
        small = ghost_unit(unit, scale)
        options = [
            _body_options(f, p.direction, small) for p, f in zip(ghosts, footprints, strict=True)
        ]
        found = _arrange(options, footprints, clusters, avoid)
        if found is not None:
            return GhostArrangement(small, tuple(found))
    bodies: list[Rect] = []
    for opts in options:
        bodies.append(pick_spot(opts, ((bodies, 8.0), (avoid, 1.0))))
    return GhostArrangement(small, tuple(bodies))


def label_text(move: str | None, p: Placement) -> str:
    """What a ghost's label reads after its number: the move to type, without the tile's
    name (the header names the tile), e.g. ``C SE``."""
    if move is None:
        return ""
    prefix = p.tile.name + " "
    return move[len(prefix) :] if move.startswith(prefix) else move


def _label_spots(
    body: Rect, p: Placement, width: float, height: float
) -> Iterator[tuple[float, float]]:
    """Centres for a label round its ghost, ring by ring outwards, each ring nearest the
    ghost's far end first: just beyond it, then along the ghost's sides, then round."""
    d = p.direction
    dx, dy = DX[d], DY[d]
    cx, cy = body.centre
    half_long = (body.width if dx else body.height) / 2
    ax, ay = cx + dx * half_long, cy + dy * half_long
    step = height / 2
    for ring in range(LABEL_RINGS + 1):
        box = body.grown(1 + ring * step)
        left, top = box.left - width / 2, box.top - height / 2
        right, bottom = box.right + width / 2, box.bottom + height / 2
        across = max(1, round((right - left) / step))
        down = max(1, round((bottom - top) / step))
        spots: list[tuple[float, float]] = []
        for i in range(across + 1):
            x = left + (right - left) * i / across
            spots += [(x, top), (x, bottom)]
        for j in range(1, down):
            y = top + (bottom - top) * j / down
            spots += [(left, y), (right, y)]
        spots.sort(key=lambda s: (s[0] - ax) ** 2 + (s[1] - ay) ** 2)
        yield from spots


def gap_between(a: Rect, b: Rect) -> float:
    """The px between two boxes (0 when they touch or overlap)."""
    dx = max(a.left - b.right, b.left - a.right, 0.0)
    dy = max(a.top - b.bottom, b.top - a.bottom, 0.0)
    return math.hypot(dx, dy)


def _label_spot(
    centres: Iterable[tuple[float, float]],
    size: tuple[float, float],
    body: Rect,
    others: Sequence[Rect],
    obstacles: Sequence[Rect],
    taken: Sequence[Rect],
    region: Rect,
    lines: Sequence[Segment] = (),
    candidates: Sequence[Rect] = (),
) -> Rect | None:
    """The first spot of ``size`` at ``centres`` (nearest first) on no label in ``taken`` and
    no line of ``lines`` (earlier labels' lines to their ghosts) that covers no ghost or
    tile and is its own ghost's beyond doubt: beside it, nearer it than any other ghost by a
    quarter of a label's height; or far enough off to get a line to it, with no other ghost
    nearer than its own or than three quarters of a label's height, its line crossing no
    other ghost or candidate label (``candidates``), nor any tile or end label. Else the
    first such spot whose line crosses a tile or an end label (drawn over it); else the
    first spot covering nothing; else the one covering least; None if every spot is on a
    label."""
    clear: Rect | None = None
    over_tile: Rect | None = None
    width, height = size
    margin = height / 4
    seen: list[Box] = []
    near_others = [o for o in others if o.meets(region)]
    blockers = [o.box for o in (body, *near_others, *obstacles, *taken)]
    half_width, half_height = width / 2, height / 2
    for x, y in centres:
        box = (x - half_width, y - half_height, x + half_width, y + half_height)
        seen.append(box)
        if meets_any(box, blockers):  # on a ghost, a tile or a label
            continue
        spot = Rect(*box)
        if any(segment_meets(*line, spot) for line in lines):
            continue
        if clear is None:
            clear = spot
        line = leader_line(spot, body)
        own = gap_between(spot, body)
        if line is None:  # beside its ghost: nearer it than any other
            if any(gap_between(spot, o) < own + margin for o in near_others):
                continue
        elif any(gap_between(spot, o) < min(own, 3 * margin) for o in near_others):
            continue  # off its ghost: its line shows whose it is, if it sits by no other
        elif any(segment_meets(*line, box) for box in (*near_others, *candidates)):
            continue
        elif any(segment_meets(*line, box) for box in (*obstacles, *taken)):
            over_tile = over_tile or spot
            continue
        return spot
    if over_tile is not None:
        return over_tile
    if clear is not None:
        return clear
    labels = [t.box for t in taken]
    free = [Rect(*box) for box in seen if not meets_any(box, labels)]
    if not free:
        return None
    return pick_spot(free, (([body, *others], 4.0), (obstacles, 4.0)))


def place_ghost_labels(
    ghosts: Sequence[Placement],
    bodies: Sequence[Rect],
    texts: Sequence[str],
    height: int,
    obstacles: Sequence[Rect],
    labels: Sequence[Rect],
) -> list[Rect]:
    """Where each ghost's label goes: never on another ghost's label or an end's label
    (``labels``), and as far as possible off the ghosts and ``obstacles`` (tiles, the
    picture's width limit)."""
    placed: list[Rect] = []
    lines: list[Segment] = []
    for number, (p, body, text) in enumerate(zip(ghosts, bodies, texts, strict=True), start=1):
        width = sprites.numbered_badge_width(str(number), text, height)
        centres = _label_spots(body, p, width, height)
        outer = body.grown(1 + LABEL_RINGS * height / 2)
        region = Rect(
            outer.left - width, outer.top - height, outer.right + width, outer.bottom + height
        )
        taken = [t for t in (*placed, *labels) if t.meets(region)]
        near = [o for o in obstacles if o.meets(region)]
        others = [b for b in bodies if b is not body]
        mine = [t for t in placed if t.meets(region)]
        spot = _label_spot(centres, (width, height), body, others, near, taken, region, lines, mine)
        ring = LABEL_RINGS
        while spot is None:  # above every label so far: always found in the end
            ring += 1
            above = Rect.centred(body.centre[0], body.top - ring * height, width, height)
            spot = None if any(above.meets(t) for t in placed + list(labels)) else above
        placed.append(spot)
        line = leader_line(spot, body)
        if line is not None:
            lines.append(line)
    return placed


LEADER_MIN = 4
"""A label further than this many px from its ghost gets a line to it."""


def leader_line(label: Rect, body: Rect) -> Segment | None:
    """A line from ``label``'s edge to the nearest point of its ghost ``body``, when the
    label had to go further off than :data:`LEADER_MIN` px; else None."""
    if gap_between(label, body) <= LEADER_MIN:
        return None
    cx, cy = label.centre
    x = min(max(cx, body.left), body.right)
    y = min(max(cy, body.top), body.bottom)
    lx = min(max(x, label.left), label.right)
    ly = min(max(y, label.top), label.bottom)
    return (lx, ly), (x, y)
