"""Where the open-end labels go: beside their faces.

Labels are what players type, so each must sit right by its own end and never hide a tile.
They are placed greedily from a short list of spots in order of preference (see
:func:`render.kit.geometry.pick_spot`); candidates' labels are placed in ``ghosts``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from engine.network.geometry import coords
from engine.network.layout import OpenEnd
from render.kit import sprites
from render.kit.geometry import Rect, bounds, clear_count, pick_spot
from render.kit.palette import LABEL_FILL, LABEL_RING, LABEL_TEXT
from render.kit.tiles import DX, DY
from render.kit.tiles import gap as tile_gap


def label_height(unit: int) -> int:
    """Badge height: half a tile's width, but never too small to read."""
    return max(18, round(unit * 0.5))


def badge_gap(unit: int) -> int:
    return max(2, unit // 14)


def label_badge(label: str, height: int) -> Image.Image:
    return sprites.badge(label, height, LABEL_FILL, LABEL_TEXT, LABEL_RING)


def main_face(end: OpenEnd) -> tuple[int, int]:
    """The face a label belongs to: the end face of a free half, else the only face."""
    return sorted(end.faces, key=lambda f: f[1] != end.end_dir)[0]


def face_point(square: int, direction: int, h: int) -> tuple[float, float]:
    """Middle of the face of the unit square ``square`` facing ``direction``, in px."""
    x, y = coords(square)
    cx, cy = (x + 1) * h, -(y + 1) * h
    return cx + DX[direction] * h, cy + DY[direction] * h


def _label_options(end: OpenEnd, width: float, height: float, unit: int) -> tuple[Rect, ...]:
    """Spots for an end's badge, best first: just outside its main face, then slid along
    it (by half a unit, then by half the badge more), then off its other faces; then the
    same squeezed against the face (a half-unit pocket is narrower than a badge plus its
    usual gap), then further out, then a badge's height further; last, over the end's
    own half."""
    return _face_options(end.faces, end.end_dir, width, height, unit)


@lru_cache(maxsize=2048)
def _face_options(
    end_faces: tuple[tuple[int, int], ...],
    end_dir: int | None,
    width: float,
    height: float,
    unit: int,
) -> tuple[Rect, ...]:
    """:func:`_label_options` for an end with these faces. Cached: the table picture and
    each candidate picture of a play place the same ends' badges at the same sizes."""
    h = unit // 2
    gap = badge_gap(unit)
    squeezed = 1 - tile_gap(unit)  # 1 px clear of the tile's visible edge
    faces = sorted(end_faces, key=lambda f: f[1] != end_dir)
    half_width, half_height = width / 2, height / 2
    options = []
    for distance in (gap, squeezed, gap + h * 0.6, gap + height / 2, gap + h, gap + h + height):
        for square, d in faces:
            mx, my = face_point(square, d, h)
            dx, dy = DX[d], DY[d]
            out = distance + (width / 2 if dx else height / 2)
            size = height if dx else width
            slide = h * 0.6 + size / 2  # a big label past a neighbour
            for shift in (0.0, h * 0.6, -h * 0.6, slide, -slide, slide + h, -slide - h):
                x = mx + dx * out - dy * shift
                y = my + dy * out + dx * shift
                # Rect.centred(x, y, width, height), without a call per spot
                options.append(
                    Rect(x - half_width, y - half_height, x + half_width, y + half_height)
                )
    square, d = faces[0]
    mx, my = face_point(square, d, h)
    options.append(Rect.centred(mx - DX[d] * h / 2, my - DY[d] * h / 2, width, height))
    return tuple(options)


def place_labels(
    ends: Sequence[OpenEnd],
    tile_rects: Sequence[Rect],
    beyond: Sequence[Rect],
    unit: int,
    height: int,
) -> dict[str, Rect]:
    """Where each end's label badge (``height`` px tall) goes (by label), clear of
    ``tile_rects`` and of each other where at all possible, and never in ``beyond`` if it
    can be helped."""
    options: dict[str, tuple[Rect, ...]] = {}
    nearby: dict[str, list[Rect]] = {}
    for end in ends:
        choices = _label_options(end, sprites.badge_width(end.label, height), height, unit)
        options[end.label] = choices
        reach = bounds(choices)
        assert reach is not None
        nearby[end.label] = [t for t in tile_rects if t.meets(reach)]

    def freedom(end: OpenEnd) -> int:
        return clear_count(options[end.label], nearby[end.label])

    placed: dict[str, Rect] = {}
    for end in sorted(ends, key=freedom):  # the most cramped ends choose first
        placed[end.label] = pick_spot(
            options[end.label],
            ((nearby[end.label], 1.0), (list(placed.values()), 4.0), (beyond, 100.0)),
        )
    return placed
