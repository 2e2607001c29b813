"""The ground of a table picture (shading, tiles and their shadows), kept between pictures
so that a play paints only what changed.

Every table picture paints its table area in one order: flat fills (a ring's shading),
sprites that lie under the tiles (a ring's seat mark, the spinner's band, the last play's
glow), every tile's shadow, every tile's face; badges and ghosts go on top afterwards.
Tiles once laid do not move, so the fills, shadows and faces (the *ground*) of one picture
are nearly those of the next, and the candidates picture of a play has the very same
ground as its table picture.

:func:`paint_ground` keeps recent grounds in a small cache, each keyed by exactly what it
holds: the unit and every fill and tile at its px relative to the first tile (so a picture
that shifts or grows around the same tiles still finds it). The picture gets a cached
ground pasted in whole; one that differs from a cached ground by a few steps gets that
ground and then has the boxes those steps cover repainted; a ground is then copied back
into the cache from the picture. A box is always repainted from scratch: background, then
every step that touches it in the usual order, clipped to the box. The sprites under the
tiles change every play (the glow follows the last tile), so their boxes are repainted
last, from scratch, with them in.

Every pixel is thus what painting the whole table step by step gives (the tests compare
the two on whole games). The cache holds at most :data:`MAX_GROUNDS` grounds and
:data:`MAX_PIXELS` px between them; drawing workers each keep their own.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final, NamedTuple

from PIL import Image, ImageDraw

from render.kit import sprites
from render.kit.palette import BACKGROUND, RGB, seat_colour
from render.kit.tiles import TileLook, tile_face, tile_size

Box = tuple[int, int, int, int]
"""(left, top, right, bottom) in px, right and bottom exclusive."""

MAX_GROUNDS: Final = 48
MAX_PIXELS: Final = 12_000_000
"""About 48 MB of grounds at most in a drawing process (Pillow keeps RGB in 4 bytes)."""
MAX_CHANGES: Final = 12
"""A cached ground is only worth starting from if it differs by at most this many steps."""


class Fill(NamedTuple):
    """A flat rectangle (a ring cell's shading), painted before everything else."""

    box: Box
    colour: RGB


class Under(NamedTuple):
    """A sprite pasted, with its own alpha, over the fills and under the tiles' shadows."""

    sprite: Image.Image
    at: tuple[int, int]


class Stone(NamedTuple):
    """A tile on the ground: its face's top-left corner, the size its shadow is drawn
    for, its two numbers, direction and the seat whose colour bands it."""

    x: int
    y: int
    width: int
    height: int
    a: int
    b: int
    direction: int
    seat: int


@dataclass(slots=True)
class Stats:
    """What the cache did: pictures given a cached ground as it was (``hits``), one a few
    steps away (``updates``), or none (``misses``); pictures painted straight onto
    themselves (``direct``: the cache off, or a ground reaching off the table area)."""

    hits: int = 0
    updates: int = 0
    misses: int = 0
    direct: int = 0


class _Laid(NamedTuple):
    """A stone, where its shadow goes, and every px its shadow or face can touch (the
    sprites themselves are only looked up to paint them)."""

    stone: Stone
    shadow_at: tuple[int, int]
    box: Box


def _laid(stones: Sequence[Stone], unit: int) -> list[_Laid]:
    ox, oy = sprites.shadow_offset(unit)
    pad = sprites.shadow_pad(unit)
    found = []
    for stone in stones:
        x, y = stone.x, stone.y
        width, height = tile_size(stone.direction, unit)
        sx, sy = x + ox, y + oy
        box = (
            min(x, sx),
            min(y, sy),
            max(x + width, sx + stone.width + 2 * pad),
            max(y + height, sy + stone.height + 2 * pad),
        )
        found.append(_Laid(stone, (sx, sy), box))
    return found


@lru_cache(maxsize=16)
def _look(seat: int) -> TileLook:
    return TileLook(accent=seat_colour(seat))


def _sprite_box(sprite: Image.Image, at: tuple[int, int]) -> Box:
    return at[0], at[1], at[0] + sprite.width, at[1] + sprite.height


def _union(a: Box, b: Box) -> Box:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _clip(a: Box, b: Box) -> Box | None:
    box = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return box if box[0] < box[2] and box[1] < box[3] else None


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(a: Box, b: Box) -> bool:
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


def _moved(box: Box, dx: int, dy: int) -> Box:
    return box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy


def _paint(
    image: Image.Image,
    corner: tuple[int, int],
    fills: Sequence[Fill],
    unders: Sequence[Under],
    laid: Sequence[_Laid],
    unit: int,
) -> None:
    """Paint the steps in order onto ``image``, whose top-left px is at ``corner`` in the
    steps' coordinates (Pillow clips whatever falls outside)."""
    cx, cy = corner
    if fills:
        draw = ImageDraw.Draw(image)
        for (x0, y0, x1, y1), colour in fills:
            draw.rectangle((x0 - cx, y0 - cy, x1 - cx - 1, y1 - cy - 1), fill=colour)
    for sprite, (x, y) in unders:
        image.paste(sprite, (x - cx, y - cy), sprite)
    for tile in laid:
        stone = tile.stone
        shade = sprites.shadow(stone.width, stone.height, unit)
        image.paste(shade, (tile.shadow_at[0] - cx, tile.shadow_at[1] - cy), shade)
    for tile in laid:
        stone = tile.stone
        face = tile_face(stone.a, stone.b, stone.direction, unit, _look(stone.seat))
        image.paste(face, (stone.x - cx, stone.y - cy), face)


def _repaint(
    image: Image.Image,
    box: Box,
    fills: Sequence[Fill],
    unders: Sequence[Under],
    laid: Sequence[_Laid],
    unit: int,
) -> None:
    """Paint ``box`` of ``image`` afresh: background, then every step that touches it."""
    x0, y0, x1, y1 = box
    patch = Image.new("RGB", (x1 - x0, y1 - y0), BACKGROUND)
    _paint(
        patch,
        (x0, y0),
        [f for f in fills if _meets(f.box, box)],
        [u for u in unders if _meets(_sprite_box(u.sprite, u.at), box)],
        [t for t in laid if _meets(t.box, box)],
        unit,
    )
    image.paste(patch, (x0, y0))


Key = tuple[int, tuple[Fill, ...], tuple[Stone, ...]]


@dataclass(slots=True)
class _Ground:
    """A painted ground: ``image`` covers ``box`` (px relative to the first stone)."""

    image: Image.Image
    box: Box
    unit: int
    fills: tuple[Fill, ...]
    stones: dict[Stone, Box]
    """Each stone and the box it can touch, in the order painted."""

    @property
    def pixels(self) -> int:
        return self.image.width * self.image.height


@dataclass(slots=True)
class _Cache:
    grounds: OrderedDict[Key, _Ground] = field(default_factory=OrderedDict)
    stats: Stats = field(default_factory=Stats)
    enabled: bool = True
    lock: threading.Lock = field(default_factory=threading.Lock)
    pixels: int = 0

    def nearest(
        self, unit: int, fills: tuple[Fill, ...], stones: tuple[Stone, ...]
    ) -> tuple[Key, _Ground] | None:
        """The cached ground fewest steps away, if within :data:`MAX_CHANGES` and its
        shared steps come in the same order (where steps overlap, order decides)."""
        best: tuple[Key, _Ground] | None = None
        best_changes = MAX_CHANGES + 1
        new_fills, new_stones = set(fills), set(stones)
        if len(new_fills) != len(fills) or len(new_stones) != len(stones):
            return None
        for key, ground in self.grounds.items():
            if ground.unit != unit:
                continue
            old_fills, old_stones = set(ground.fills), ground.stones.keys()
            changes = len(old_fills ^ new_fills) + len(old_stones ^ new_stones)
            if changes >= best_changes or not old_stones & new_stones:
                continue
            if [f for f in ground.fills if f in new_fills] != [
                f for f in fills if f in old_fills
            ] or [s for s in ground.stones if s in new_stones] != [
                s for s in stones if s in old_stones
            ]:
                continue
            best, best_changes = (key, ground), changes
        return best

    def keep(self, key: Key, ground: _Ground) -> None:
        self.grounds[key] = ground
        self.pixels += ground.pixels
        while len(self.grounds) > MAX_GROUNDS or (
            len(self.grounds) > 1 and self.pixels > MAX_PIXELS
        ):
            self.drop(next(iter(self.grounds)))

    def drop(self, key: Key) -> None:
        self.pixels -= self.grounds.pop(key).pixels


_CACHE = _Cache()


def paint_ground(
    image: Image.Image,
    fills: Sequence[Fill],
    unders: Sequence[Under],
    stones: Sequence[Stone],
    unit: int,
    area: Box,
) -> None:
    """Paint the table's fills, the sprites under the tiles, the tiles' shadows and their
    faces, in that order, onto ``image`` (px) whose ``area`` is still bare background:
    the same pixels as painting each step in turn, from a cached ground when there is one."""
    laid = _laid(stones, unit)
    boxes = [f.box for f in fills] + [t.box for t in laid]
    boxes += [_sprite_box(u.sprite, u.at) for u in unders]
    if not stones or not _CACHE.enabled or not all(_inside(box, area) for box in boxes):
        _CACHE.stats.direct += 1
        _paint(image, (0, 0), fills, unders, laid, unit)
        return
    extent = boxes[0]
    for box in boxes[1 : len(fills) + len(laid)]:
        extent = _union(extent, box)
    ax, ay = stones[0].x, stones[0].y
    key = (
        unit,
        tuple(Fill(_moved(f.box, -ax, -ay), f.colour) for f in fills),
        tuple(s._replace(x=s.x - ax, y=s.y - ay) for s in stones),
    )
    with _CACHE.lock:
        _paint_cached(image, key, fills, laid, extent, area, (ax, ay))
    for under in unders:
        _repaint(image, _sprite_box(under.sprite, under.at), fills, unders, laid, unit)


def _paint_cached(
    image: Image.Image,
    key: Key,
    fills: Sequence[Fill],
    laid: Sequence[_Laid],
    extent: Box,
    area: Box,
    anchor: tuple[int, int],
) -> None:
    """Put the ground of ``fills`` and ``laid`` on ``image`` (no unders), keeping it."""
    unit, relative_fills, relative_stones = key
    ax, ay = anchor
    cache = _CACHE
    found = cache.grounds.get(key)
    if found is not None:
        cache.grounds.move_to_end(key)
        cache.stats.hits += 1
        image.paste(found.image, (found.box[0] + ax, found.box[1] + ay))
        return
    nearest = cache.nearest(unit, relative_fills, relative_stones)
    if nearest is None:
        cache.stats.misses += 1
        _paint(image, (0, 0), fills, (), laid, unit)
    else:
        cache.stats.updates += 1
        base_key, base = nearest
        shown = _clip(_moved(base.box, ax, ay), area)
        if shown is not None:  # the rest held only stones that have gone
            x0, y0, x1, y1 = _moved(shown, -ax, -ay)
            bx, by = base.box[0], base.box[1]
            image.paste(base.image.crop((x0 - bx, y0 - by, x1 - bx, y1 - by)), shown[:2])
        new_stones = set(relative_stones)
        changed = [_moved(f.box, ax, ay) for f in set(base.fills) ^ set(relative_fills)]
        changed += [_moved(b, ax, ay) for s, b in base.stones.items() if s not in new_stones]
        changed += [
            t.box for s, t in zip(relative_stones, laid, strict=True) if s not in base.stones
        ]
        for box in changed:
            clipped = _clip(box, area)
            if clipped is not None:
                _repaint(image, clipped, fills, (), laid, unit)
        cache.drop(base_key)
    relative_extent = _moved(extent, -ax, -ay)
    stones = {
        stone: _moved(tile.box, -ax, -ay) for stone, tile in zip(relative_stones, laid, strict=True)
    }
    cache.keep(
        key,
        _Ground(image.crop(extent), relative_extent, unit, relative_fills, stones),
    )


def stats() -> Stats:
    """What the cache has done in this process so far."""
    return _CACHE.stats


def cached_grounds() -> tuple[int, int]:
    """How many grounds the cache holds, and their px between them."""
    with _CACHE.lock:
        return len(_CACHE.grounds), _CACHE.pixels


def clear() -> None:
    """Forget every cached ground (the counts too)."""
    with _CACHE.lock:
        _CACHE.grounds.clear()
        _CACHE.pixels = 0
        _CACHE.stats = Stats()


@contextmanager
def uncached() -> Iterator[None]:
    """Paint every step straight onto the picture while inside (for comparisons)."""
    with _CACHE.lock:
        _CACHE.enabled = False
    try:
        yield
    finally:
        with _CACHE.lock:
            _CACHE.enabled = True
