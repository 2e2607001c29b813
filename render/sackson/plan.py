"""Where everything on the Sackson board goes, in px from the board area's corner.

The board has a fixed size (8 × 8 squares of :data:`CELL` px with a coordinate margin all
round), so a plan is only the view read into squares: the pieces, the last move, the
network, the chosen piece and the target badges. Keeping this apart from painting lets
tests check positions (badges inside their squares, the network's order) without pixels.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from render.kit import sprites
from render.kit.fonts import font
from render.kit.geometry import Rect, segment_meets

Colour = Literal["dark", "light"]
Zone = Literal["dark", "light", "dead"]

FILES: Final = "abcdefgh"
_FILE_INDEX: Final = {letter: i for i, letter in enumerate(FILES)}
_RANKS: Final = "12345678"
SIZE: Final = 8
CELL: Final = 80
"""A square's side in px: a 708 px picture, which a phone shows at about half size."""
MARGIN: Final = 34
"""Room round the board for the file letters and rank numbers."""
BOARD: Final = SIZE * CELL
WIDTH: Final = BOARD + 2 * MARGIN
HEIGHT: Final = BOARD + 2 * MARGIN

DISC: Final = round(CELL * 0.36)
"""A piece's radius: room round it for the rings (network, last move) inside its square."""
BADGE: Final = round(CELL * 0.5)
"""A target badge's height, shrunk only if its label would not fit the square."""
BADGE_MIN: Final = 16
BADGE_ROOM: Final = CELL - 10
"""The widest a badge may be: it stays inside its square, clear of the grid lines."""
STEP_FONT: Final = round(CELL * 0.3)
"""The network's step numbers on its pieces."""
COORDINATE_FONT: Final = 19
"""The file letters and rank numbers round the board."""

ARROW_SHAFT: Final = round(CELL * 0.11)
ARROW_HEAD: Final = round(CELL * 0.32)
"""The arrowhead's length; its half-width is a little over half of that."""
ARROW_EDGE: Final = 2
"""The dark edge round the arrow, each side."""
LAST_RING: Final = (DISC + 5, DISC + 9)
"""The last move's ring round its destination (outside the network's ring, so a final
move that completes a network shows both); the arrow stops at it."""
DETOURS: Final = (0.5, -0.5, 0.35, -0.35, 0.65, -0.65)
"""Sideways shifts (shares of a square) tried for an arrow that would cross a numeral:
half a square puts its run along the grid line between the squares it passes."""

Point = tuple[float, float]


def parse_square(square: Any) -> tuple[int, int] | None:
    """``"d4"`` → (file 3, rank 4); None for anything that is not a board square."""
    if not isinstance(square, str) or len(square) != 2:
        return None
    file, rank = _FILE_INDEX.get(square[0].lower()), square[1]
    if file is None or rank not in _RANKS:
        return None
    return file, int(rank)


def zone(file: int, rank: int) -> Zone | None:
    """Whose goal a square is in: Dark's ranks 1 and 8, Light's files a and h, the four
    corners nobody's (dead); None for the 36 middle squares."""
    edge_file = file in (0, SIZE - 1)
    edge_rank = rank in (1, SIZE)
    if edge_file and edge_rank:
        return "dead"
    if edge_rank:
        return "dark"
    if edge_file:
        return "light"
    return None


def square_rect(file: int, rank: int) -> Rect:
    """The square's box in board-area px (rank 8 at the top)."""
    left = MARGIN + file * CELL
    top = MARGIN + (SIZE - rank) * CELL
    return Rect(left, top, left + CELL, top + CELL)


@dataclass(frozen=True, slots=True)
class Piece:
    square: str
    colour: Colour
    step: int | None = None
    """Its place (1, 2, …) along the winning network, if it is on it."""


@dataclass(frozen=True, slots=True)
class TargetBadge:
    square: str
    label: str
    rect: Rect


@dataclass(frozen=True, slots=True)
class SacksonPlan:
    width: int
    height: int
    pieces: tuple[Piece, ...]
    last_from: str | None
    last_to: str | None
    chosen: str | None
    badges: tuple[TargetBadge, ...]
    badge_height: int
    network: tuple[str, ...]
    """The winning network's squares in path order (empty when there is none)."""
    network_colour: Colour | None
    arrow: tuple[Point, ...] = ()
    """The last move's arrow: from the origin's centre, through any turns that take it
    round the network's numerals, to the destination's centre (the head stops at its
    ring); empty when there is none."""

    def rect(self, square: str) -> Rect:
        spot = parse_square(square)
        if spot is None:
            raise ValueError(f"not a square: {square!r}")
        return square_rect(*spot)

    def centre(self, square: str) -> tuple[float, float]:
        return self.rect(square).centre

    def text_sizes(self) -> tuple[int, ...]:
        """The font size of every text drawn on the board: coordinates, the network's
        step numbers, target badges."""
        steps = (STEP_FONT,) if any(p.step for p in self.pieces) else ()
        badges = (sprites.badge_font_size(self.badge_height),) if self.badges else ()
        return (COORDINATE_FONT, *steps, *badges)

    def numeral_boxes(self) -> list[Rect]:
        """Where each network step number is drawn."""
        return [numeral_box(self.centre(p.square), p.step) for p in self.pieces if p.step]


def numeral_box(centre: Point, step: int) -> Rect:
    """The box the step number ``step`` covers, drawn centred on ``centre``."""
    left, top, right, bottom = font(STEP_FONT, bold=True).getbbox(str(step), anchor="mm")
    return Rect(centre[0] + left, centre[1] + top, centre[0] + right, centre[1] + bottom)


@dataclass(frozen=True, slots=True)
class ArrowShape:
    """An arrow as drawn: its shaft (a line through ``shaft``'s points, ending at the
    head's base) and its head (a triangle)."""

    shaft: tuple[Point, ...]
    head: tuple[Point, Point, Point]


def arrow_shape(route: Sequence[Point], grow: float = 0.0) -> ArrowShape:
    """The shaft and head of an arrow along ``route`` whose tip stops at the destination's
    ring, each ``grow`` px fatter all round (for its edge)."""
    *_, before, end = route
    dx, dy = end[0] - before[0], end[1] - before[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    back = LAST_RING[1] + 1
    tip = (end[0] - ux * (back - grow), end[1] - uy * (back - grow))
    base = (tip[0] - ux * (ARROW_HEAD + 2 * grow), tip[1] - uy * (ARROW_HEAD + 2 * grow))
    w = ARROW_HEAD * 0.55 + grow
    head = (tip, (base[0] + nx * w, base[1] + ny * w), (base[0] - nx * w, base[1] - ny * w))
    neck = (base[0] + ux * 2, base[1] + uy * 2)
    return ArrowShape((*route[:-1], neck), head)


def arrow_covers(route: Sequence[Point], box: Rect) -> bool:
    """Whether the arrow along ``route``, its edge included, would cover any of ``box``."""
    shape = arrow_shape(route, ARROW_EDGE)
    shaft = box.grown(ARROW_SHAFT / 2 + ARROW_EDGE)
    if any(segment_meets(a, b, shaft) for a, b in itertools.pairwise(shape.shaft)):
        return True
    tip, left, right = shape.head
    head = Rect(
        min(tip[0], left[0], right[0]),
        min(tip[1], left[1], right[1]),
        max(tip[0], left[0], right[0]),
        max(tip[1], left[1], right[1]),
    )
    return head.meets(box)


def arrow_route(start: Point, end: Point, numerals: Sequence[Rect]) -> tuple[Point, ...]:
    """The arrow's way from ``start`` to ``end``: straight if that covers no numeral;
    else stepping sideways off the origin, running beside the squares it passes and
    turning back into the destination, by the first of :data:`DETOURS` that keeps off
    every numeral (straight, if none does)."""
    straight = (start, end)
    if not any(arrow_covers(straight, box) for box in numerals):
        return straight
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    into = LAST_RING[1] + ARROW_HEAD + CELL * 0.3  # a straight run into the head
    for share in DETOURS:
        off = share * CELL
        out = (start[0] + nx * off + ux * CELL * 0.3, start[1] + ny * off + uy * CELL * 0.3)
        back = (end[0] + nx * off - ux * into, end[1] + ny * off - uy * into)
        if (back[0] - out[0]) * ux + (back[1] - out[1]) * uy <= 0:
            continue  # too short a move to run beside anything
        route = (start, out, back, end)
        if not any(arrow_covers(route, box) for box in numerals):
            return route
    return straight


def _colour(value: Any) -> Colour | None:
    return value if value in ("dark", "light") else None


def _square(value: Any) -> str | None:
    spot = parse_square(value)
    return None if spot is None else FILES[spot[0]] + str(spot[1])


def badge_height(labels: Sequence[str]) -> int:
    """One height for every target badge (a board of mixed sizes reads as noise): the
    largest at which the widest label still fits inside a square."""
    height = BADGE
    while height > BADGE_MIN and any(sprites.badge_width(t, height) > BADGE_ROOM for t in labels):
        height -= 2
    return height


def plan_board(
    view: Mapping[str, Any],
    chosen: str | None = None,
    targets: Sequence[tuple[str, str]] = (),
) -> SacksonPlan:
    """Read ``view`` (and the caller's highlights) into squares; squares that are not on
    the board are left out rather than failing the picture."""
    network = tuple(s for s in (_square(v) for v in view.get("network") or ()) if s)
    network_colour = _colour(view.get("network_colour")) if network else None
    steps: dict[str, int] = {}
    for i, step in enumerate(network):
        steps.setdefault(step, i + 1)
    occupied: dict[str, Colour] = {}
    for raw, colour in sorted((view.get("squares") or {}).items()):
        square, kind = _square(raw), _colour(colour)
        if square is not None and kind is not None:
            occupied.setdefault(square, kind)
    pieces = [
        Piece(square, kind, steps.get(square) if kind == network_colour else None)
        for square, kind in sorted(occupied.items())
    ]

    last = view.get("last_move") or {}
    last_to = _square(last.get("to"))
    last_from = _square(last.get("from")) if last_to is not None else None

    found = [(parse_square(square), str(label)) for square, label in targets]
    height = badge_height([label for spot, label in found if spot])
    badges = []
    for spot, label in found:
        if spot is None:
            continue
        cx, cy = square_rect(*spot).centre
        width = sprites.badge_width(label, height)
        square = FILES[spot[0]] + str(spot[1])
        badges.append(TargetBadge(square, label, Rect.centred(cx, cy, width, height)))

    arrow: tuple[Point, ...] = ()
    if last_from is not None and last_to is not None and last_from != last_to:
        start, end = square_rect(*_spot(last_from)).centre, square_rect(*_spot(last_to)).centre
        numerals = [
            numeral_box(square_rect(*_spot(p.square)).centre, p.step) for p in pieces if p.step
        ]
        if math.hypot(end[0] - start[0], end[1] - start[1]) > LAST_RING[1] + 1 + ARROW_HEAD:
            arrow = arrow_route(start, end, numerals)

    return SacksonPlan(
        width=WIDTH,
        height=HEIGHT,
        pieces=tuple(pieces),
        last_from=last_from,
        last_to=last_to,
        chosen=_square(chosen),
        badges=tuple(badges),
        badge_height=height,
        network=network,
        network_colour=network_colour,
        arrow=arrow,
    )


def _spot(square: str) -> tuple[int, int]:
    spot = parse_square(square)
    assert spot is not None
    return spot
