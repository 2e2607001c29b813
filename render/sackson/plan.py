"""Where everything on the Sackson board goes, in px from the board area's corner.

The board has a fixed size (8 × 8 squares of :data:`CELL` px with a coordinate margin all
round), so a plan is only the view read into squares: the pieces, the last move, the
network, the chosen piece and the target badges. Keeping this apart from painting lets
tests check positions (badges inside their squares, the network's order) without pixels.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from render.kit import sprites
from render.kit.geometry import Rect

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

    def rect(self, square: str) -> Rect:
        spot = parse_square(square)
        if spot is None:
            raise ValueError(f"not a square: {square!r}")
        return square_rect(*spot)

    def centre(self, square: str) -> tuple[float, float]:
        return self.rect(square).centre


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
    )
