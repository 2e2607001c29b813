"""The table layout of Network dominoes: placed tiles, open ends, legality and rings.

Everything here is incremental. Each open end caches the placements that fit it and what
number, if any, the far half of a tile must show there; a new tile only invalidates the
caches of ends near it. Rings are counted by looking at the cells around the new tile
first and flood-filling only when the tile touches the network in two separate places.

The table lives in one flat byte grid indexed by cell key (see
:mod:`~engine.network.geometry` for why keys stay inside it). A byte says whether its cell
is covered, and sums up the unit square whose lower-left cell it is: which numbers show
along the square's edges, or all of them when the square overlaps a tile. A half laid on a
free square beside its free partner touches exactly those numbers, so a candidate costs
one look a half, and a new tile rewrites a fixed few dozen bytes. The numbers on covered
cells are read from the placements, which only checks and pictures need.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from engine.errors import N_, IllegalMoveError
from engine.network.geometry import (
    ACROSS,
    COLUMN_SHIFT,
    DIR_NAMES,
    GRID_CELLS,
    NEIGHBOURS8,
    RING_HORIZONTAL,
    RING_VERTICAL,
    ROW_MASK,
    SQUARE,
    STEP1,
    STEP2,
    STRIDE,
    TILE_LIMIT,
    X,
    coords,
    direction_between,
    key,
    left_of,
    opposite,
    right_of,
    tile_cells,
)
from engine.tiles import Tile
from engine.unionfind import find_root

_UP_RIGHT = STRIDE + 1

ANY = -1
"""``Candidate.need`` when the far half touches nothing, so any number fits."""

_TOP_NUMBER = 6
"""Numbers run from 0 to 6 (a double-six set): each has a bit of a grid byte, below
``_COVERED``."""
_COVERED = 0x80
"""Bit of a grid byte: its cell is covered by a tile."""
_BLOCKED = 0x7F
"""A grid byte's square summary when the square overlaps a tile: every number at once, so
it fails both tests a half's square must pass (no number but the end's, at most one)."""
_NUMBER_OF_BIT = tuple(
    ANY if shown == 0 else shown.bit_length() - 1 if shown & (shown - 1) == 0 else -2
    for shown in range(256)
)
"""The number a square summary with at most one bit set shows; ANY for nothing."""

_REACH_BELOW, _REACH_ABOVE = 5, 6
"""How far, in half units, the cells a candidate at an open end covers or touches reach below
and above the lower-left cell of the end's square: the near half sits 2 away, the far half 2
more (its cells up to 5 above), and their edge neighbours 1 further. A tile laid beyond
that window cannot change what fits the end, so its cached candidates stay valid."""


class Placement(NamedTuple):
    """A placed tile: ``a`` shows on the square at (ax, ay), ``b`` on the one at (bx, by)."""

    seat: int
    a: int
    b: int
    ax: int
    ay: int
    bx: int
    by: int

    @property
    def tile(self) -> Tile:
        return Tile.of(self.a, self.b)

    @property
    def direction(self) -> int:
        """Direction from the ``a`` half to the ``b`` half."""
        return direction_between(key(self.ax, self.ay), key(self.bx, self.by))


class Candidate(NamedTuple):
    """A way to lay a tile at an open end: across ``face``, far half towards ``turn``.

    ``near``/``far`` are the square keys of the half touching the end and the other half
    (for a crosswise double, ``turn`` is X and they are its two halves). ``need`` is the
    number the far half must show (ANY if unconstrained); for doubles it is the end's number.
    """

    face: int
    turn: int
    near: int
    far: int
    need: int


@dataclass(slots=True, eq=False)
class OpenEnd:
    """A connection point of the network that a tile may be laid against.

    A non-double's free half has three faces (``end_dir`` names its end face); a double's
    end or long-side middle has one. Each face is ``(square key, outward direction)``; for a
    double's side the square is the virtual one centred on the double.
    """

    label: str
    number: int
    tile_index: int
    kind: str
    faces: tuple[tuple[int, int], ...]
    end_dir: int | None = None
    touch: tuple[int, ...] = field(default=(), repr=False)
    """Cells just across the faces: a tile covering any of them closes this end."""
    singles: list[Candidate] | None = field(default=None, repr=False)
    doubles: list[Candidate] | None = field(default=None, repr=False)

    def to_json(self) -> dict[str, object]:
        return {
            "label": self.label,
            "number": self.number,
            "tile": self.tile_index,
            "kind": self.kind,
            "faces": [[*coords(sq), DIR_NAMES[d]] for sq, d in self.faces],
        }

    def copy(self) -> OpenEnd:
        """A twin whose caches can be dropped or filled without touching this end's (the
        cached lists themselves are never changed, so they are shared)."""
        return OpenEnd(
            self.label,
            self.number,
            self.tile_index,
            self.kind,
            self.faces,
            self.end_dir,
            self.touch,
            self.singles,
            self.doubles,
        )


@dataclass(frozen=True, slots=True)
class Ring:
    """Empty cells newly enclosed by the tile at ``tile_index``, scored by ``seat``."""

    seat: int
    tile_index: int
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class PlaceOutcome:
    placement: Placement
    rings: int
    regions: tuple[Ring, ...]
    closed: tuple[str, ...]
    opened: tuple[str, ...]


def end_label(index: int) -> str:
    """A, B, … Z, AA, AB, … : short labels players can type."""
    label = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        label = chr(ord("A") + rem) + label
    return label


_LABELS = tuple(end_label(i) for i in range(26 * 27))
_LABEL_RANK = {label: rank for rank, label in enumerate(_LABELS)}
"""Each label's place in label order (A … Z, AA, AB, …)."""
_TURNS = tuple(tuple(sorted((face, left_of(face), right_of(face)))) for face in range(4))
"""The three ways a tile may leave each face (straight on and both turns), in notation order."""


_HALF_OVERLAPS = frozenset(dx * STRIDE + dy for dx in (-1, 0, 1) for dy in (-1, 0, 1))
"""Squares (from a half's square) that overlap the half's cells."""
_HALF_EDGES = tuple(
    [dx * STRIDE + dy for dx in (-2, 2) for dy in (-1, 0, 1)]
    + [dx * STRIDE + dy for dy in (-2, 2) for dx in (-1, 0, 1)]
)
"""Squares (from a half's square) with one of the half's cells along an edge that do not
overlap the half."""


def _tile_rim(direction: int) -> tuple[int, ...]:
    """Squares overlapping a tile whose second half lies ``direction`` of its first, from the
    first half's square, leaving out those at the tile's own cells."""
    second = STEP2[direction]
    overlaps = _HALF_OVERLAPS | {second + o for o in _HALF_OVERLAPS}
    return tuple(sorted(overlaps - set(tile_cells(0, second))))


_TILE_RIMS = tuple(_tile_rim(d) for d in range(4))
_EDGES_AWAY = tuple(
    tuple(o for o in _HALF_EDGES if o - STEP2[d] not in _HALF_OVERLAPS) for d in range(4)
)
"""Per direction to the partner half, the half's edge squares that the partner does not
overlap (those are blocked anyway)."""
_TOUCH = {
    directions: tuple(o for d in directions for o in ACROSS[d])
    for directions in [*_TURNS, *((d,) for d in range(4))]
}
"""The cells just across a square's faces towards these directions (a half's three, or a
double's one), from the square."""


def _side_turns(face: int) -> tuple[tuple[int, int], ...]:
    """(turn, key step from the near square to the far one) for each way off ``face``."""
    return tuple((turn, STEP2[turn]) for turn in _TURNS[face])


_FACE_TURNS = tuple(_side_turns(face) for face in range(4))
"""Per face, its three turns in notation order, each with its far-square step."""
_STRAIGHT_TURNS = tuple(((face, STEP2[face]),) for face in range(4))
"""Per face, going straight on only (side faces on a 5-attachment table)."""
_CROSSWISE = tuple((-STEP1[right_of(face)], STEP1[right_of(face)]) for face in range(4))
"""Per face, the key steps from the near square to the halves of a crosswise double."""

_new_candidate = tuple.__new__
"""Builds a Candidate from a ready tuple, skipping NamedTuple's slower ``__new__``."""


def _double_points(first: int, direction: int) -> list[tuple[str, int, int]]:
    """The four connection points of a double as (kind, square, outward direction)."""
    second = first + STEP2[direction]
    centre = first + STEP1[direction]
    return [
        ("end", first, opposite(direction)),
        ("end", second, direction),
        ("side", centre, left_of(direction)),
        ("side", centre, right_of(direction)),
    ]


class Layout:
    """Placed tiles on the half-unit lattice, with the open ends and scored rings."""

    def __init__(self, attachments: int = 7) -> None:
        if attachments not in (7, 5, 3):
            raise ValueError("attachments must be 7, 5 or 3")
        self.attachments = attachments
        self._grid = bytearray(GRID_CELLS)
        """Per cell key: ``_COVERED`` if the cell is, ORed with the summary of the unit
        square whose lower-left cell it is: ``_BLOCKED`` if the square overlaps a tile,
        else the bits of the numbers along its edges. A half at a free square next to a
        free partner touches exactly those numbers (the partner's side is empty), so
        legality is one look a half."""
        self._cell_maps: tuple[dict[int, int], dict[int, int]] | None = None
        self.placements: list[Placement] = []
        self.ends: dict[str, OpenEnd] = {}
        self.rings: list[Ring] = []
        self._box = (0, 0, 0, 0)  # min/max column and row of occupied cells, as key parts
        self._ranked: list[OpenEnd | None] = []
        """The open ends by label rank (A, B, … Z, AA, …), None where a label is free: the
        order :meth:`fits` lists them in, and the first None names the next end."""
        self._showing = [0] * (_TOP_NUMBER + 1)
        """How many open ends show each number (:meth:`fits` looks for shared places
        only where two ends show the same one)."""
        self._apart: dict[tuple[int, int], bool] = {}
        """:meth:`touches_apart` by squares, until the next tile is laid (a search asks it
        of the same places again and again: every seat after a pass, every tile of a
        hand that fits the same end)."""

    def copy(self) -> Layout:
        """An independent copy (cached candidate lists are immutable and shared; the grid
        is 64 KiB, copied in about a microsecond when recently freed memory is reused)."""
        twin = Layout.__new__(Layout)
        twin.attachments = self.attachments
        twin._grid = self._grid[:]
        twin._cell_maps = None
        twin.placements = list(self.placements)
        twin.ends = {label: end.copy() for label, end in self.ends.items()}
        ranked: list[OpenEnd | None] = [None] * len(self._ranked)
        for label, end in twin.ends.items():
            ranked[_LABEL_RANK[label]] = end
        twin._ranked = ranked
        twin._showing = self._showing[:]
        twin._apart = {}
        twin.rings = list(self.rings)
        twin._box = self._box
        return twin

    @property
    def cells(self) -> Mapping[int, int]:
        """The number shown on each covered cell, by cell key, in the order the tiles were
        laid (read-only; worked out from the placements after each new tile)."""
        return MappingProxyType(self._maps()[0])

    @property
    def owner(self) -> Mapping[int, int]:
        """The index of the placement covering each covered cell, by cell key (read-only,
        like :attr:`cells`)."""
        return MappingProxyType(self._maps()[1])

    def _maps(self) -> tuple[dict[int, int], dict[int, int]]:
        """(cell → number, cell → placement index), kept until the next tile."""
        if self._cell_maps is None:
            numbers: dict[int, int] = {}
            owners: dict[int, int] = {}
            for index, p in enumerate(self.placements):
                cells = tile_cells(key(p.ax, p.ay), key(p.bx, p.by))
                for i, c in enumerate(cells):
                    numbers[c] = p.a if i < 4 else p.b
                    owners[c] = index
            self._cell_maps = numbers, owners
        return self._cell_maps

    # ----------------------------------------------------------------- queries
    @property
    def is_empty(self) -> bool:
        return not self.placements

    def end(self, label: str) -> OpenEnd:
        found = self.ends.get(label.upper())
        if found is None:
            known = ", ".join(self.ends) or "none"
            raise IllegalMoveError(
                N_("There is no open end {label} (open ends: {known})."),
                label=label.upper(),
                known=known,
            )
        return found

    def singles(self, end: OpenEnd) -> list[Candidate]:
        """Placements for a non-double at ``end``; cached until a tile lands nearby."""
        if end.singles is None:
            end.singles = self._compute_singles(end)
        return end.singles

    def doubles(self, end: OpenEnd) -> list[Candidate]:
        """Placements for the double at ``end``; cached like :meth:`singles`."""
        if end.doubles is None:
            end.doubles = self._compute_doubles(end)
        return end.doubles

    def fits(self, tile: Tile) -> Iterator[tuple[OpenEnd, Candidate]]:
        """Every legal placement of ``tile``, each place once, by end label, then face,
        then turn. A tile whose halves touch two open ends (one showing each of its
        numbers) can be laid from either: the first end in that order names it, and
        :meth:`find` still accepts the other name."""
        ends = self._ranked
        high, low = tile.high, tile.low
        # A place already listed from another end: its squares, lower key first, with the
        # numbers they would show (a double shows its number on both).
        seen: set[tuple[int, int, int, int]] = set()
        if high == low:
            for end in ends:
                if end is None or end.number != high:
                    continue
                doubles = end.doubles
                if doubles is None:
                    doubles = end.doubles = self._compute_doubles(end)
                for cand in doubles:
                    near, far_square = cand.near, cand.far
                    place = (min(near, far_square), high, max(near, far_square), high)
                    if place not in seen:
                        seen.add(place)
                        yield end, cand
            return
        showing = self._showing
        for end in ends:
            if end is None:
                continue
            n = end.number
            if n == high:
                far = low
            elif n == low:
                far = high
            else:
                continue
            # A far half that touches nothing can only be laid the same way from another
            # end showing the same number (sharing the square the near half covers).
            free_far_is_unique = showing[n] == 1
            singles = end.singles
            if singles is None:
                singles = end.singles = self._compute_singles(end)
            for cand in singles:
                need = cand.need
                if need == ANY:
                    if free_far_is_unique:
                        yield end, cand
                        continue
                elif need != far:
                    continue
                near, far_square = cand.near, cand.far
                place = (
                    (near, n, far_square, far) if near < far_square else (far_square, far, near, n)
                )
                if place not in seen:
                    seen.add(place)
                    yield end, cand

    def can_play(self, tile: Tile) -> bool:
        return next(self.fits(tile), None) is not None

    def placement_for(self, seat: int, tile: Tile, end: OpenEnd, cand: Candidate) -> Placement:
        n = end.number
        far = tile.other(n)
        (nx, ny), (fx, fy) = coords(cand.near), coords(cand.far)
        return Placement(seat, n, far, nx, ny, fx, fy)

    def find(self, tile: Tile, label: str, face: int, turn: int) -> tuple[OpenEnd, Candidate]:
        """The candidate a move names, or IllegalMoveError saying why it does not fit."""
        end = self.ends.get(label) or self.end(label)  # moves spell labels in capitals
        n = end.number
        high, low = tile.high, tile.low
        if n != high and n != low:
            raise IllegalMoveError(
                N_("{tile} does not match end {label}, which shows {number}."),
                tile=tile,
                label=end.label,
                number=end.number,
            )
        if turn == X and high != low:
            raise IllegalMoveError(N_("Only a double can be laid crosswise (X)."))
        if high == low:
            for cand in self.doubles(end):
                if cand.face == face and cand.turn == turn:
                    return end, cand
        else:
            far = low if high == n else high
            for cand in self.singles(end):
                if cand.face == face and cand.turn == turn and cand.need in (ANY, far):
                    return end, cand
        raise self._why_not(tile, end, face, turn)

    def rings_if(self, placement: Placement) -> int:
        """Rings the placement would score, without placing it."""
        _check_room(placement, TILE_LIMIT + 4)  # a candidate reaches 4 beyond a tile down
        first, second = key(placement.ax, placement.ay), key(placement.bx, placement.by)
        if not self.touches_apart(first, second):
            return 0
        grid = self._grid
        cells = tile_cells(first, second)
        for c in cells:
            grid[c] |= _COVERED  # free cells: the finally below uncovers them again
        saved = self._box
        self._grow_box(min(first, second), max(first, second))
        try:
            count, _ = self._new_regions(first, second)
        finally:
            for c in cells:
                grid[c] &= ~_COVERED
            self._box = saved
        return count

    def open_end_numbers(self) -> dict[int, list[OpenEnd]]:
        by_number: dict[int, list[OpenEnd]] = {}
        for end in self.ends.values():
            by_number.setdefault(end.number, []).append(end)
        return by_number

    # ----------------------------------------------------------------- changes
    @staticmethod
    def lead_placement(seat: int, tile: Tile) -> Placement:
        """Where the first tile goes: a double stands north–south, any other tile lies
        high end west."""
        if tile.is_double:
            return Placement(seat, tile.high, tile.low, 0, 0, 0, 2)
        return Placement(seat, tile.high, tile.low, 0, 0, 2, 0)

    def lead(self, seat: int, tile: Tile) -> PlaceOutcome:
        if not self.is_empty:
            raise IllegalMoveError(N_("The lead has already been played."))
        return self.add(self.lead_placement(seat, tile))

    def place(self, seat: int, tile: Tile, label: str, face: int, turn: int) -> PlaceOutcome:
        end, cand = self.find(tile, label, face, turn)
        return self._lay(self.placement_for(seat, tile, end, cand), cand.near, cand.far)

    def add(self, placement: Placement) -> PlaceOutcome:
        """Put a tile down (already known legal) and update ends, caches and rings.

        Raises IllegalMoveError for a tile beyond ±TILE_LIMIT half units, where the grid
        ends (legal play from a lead at the origin never gets there)."""
        return self._lay(
            placement, key(placement.ax, placement.ay), key(placement.bx, placement.by)
        )

    def _lay(self, placement: Placement, first: int, second: int) -> PlaceOutcome:
        """:meth:`add`, given the keys of the squares of the placement's halves."""
        _check_room(placement, TILE_LIMIT)
        direction = direction_between(first, second)
        index = len(self.placements)
        grid = self._grid
        covered_and_blocked = _COVERED | _BLOCKED  # a square at a covered cell overlaps it
        for o in SQUARE:
            grid[first + o] = covered_and_blocked
            grid[second + o] = covered_and_blocked
        for o in _TILE_RIMS[direction]:
            grid[first + o] |= _BLOCKED
        shown_a, shown_b = 1 << placement.a, 1 << placement.b
        for o in _EDGES_AWAY[direction]:
            grid[first + o] |= shown_a
        for o in _EDGES_AWAY[opposite(direction)]:
            grid[second + o] |= shown_b
        self.placements.append(placement)
        self._cell_maps = None
        self._apart = {}
        low, high = (first, second) if first < second else (second, first)
        if index == 0:
            self._box = (
                first >> COLUMN_SHIFT,
                first >> COLUMN_SHIFT,
                first & ROW_MASK,
                first & ROW_MASK,
            )
        self._grow_box(low, high)

        closed = self._close_and_invalidate_near(low, high)

        opened: list[str] = []
        if placement.a == placement.b:
            for kind, square, outward in _double_points(first, direction):
                self._open_if_free(opened, placement.a, index, kind, square, (outward,), None)
        else:
            outward = opposite(direction)
            self._open_if_free(opened, placement.a, index, "half", first, _TURNS[outward], outward)
            self._open_if_free(
                opened, placement.b, index, "half", second, _TURNS[direction], direction
            )

        rings: tuple[Ring, ...] = ()
        count = 0
        if index and self.touches_apart(first, second):  # else nothing can be enclosed
            count, regions = self._new_regions(first, second)
            rings = tuple(
                Ring(placement.seat, index, tuple(sorted(coords(c) for c in region)))
                for region in regions
            )
            self.rings.extend(rings)
        return PlaceOutcome(placement, count, rings, tuple(closed), tuple(opened))

    # ----------------------------------------------------------------- internals
    def _open_if_free(
        self,
        opened: list[str],
        number: int,
        index: int,
        kind: str,
        square: int,
        directions: tuple[int, ...],
        end_dir: int | None,
    ) -> None:
        """Open an end on the faces of ``square`` towards ``directions``, under the first
        free label, unless a tile already touches one of them; the label goes on ``opened``."""
        touch = tuple([square + o for o in _TOUCH[directions]])
        grid = self._grid
        for c in touch:
            if grid[c] & _COVERED:
                return
        faces = tuple([(square, d) for d in directions])
        ranked = self._ranked
        if None in ranked:
            rank = ranked.index(None)
        else:
            rank = len(ranked)
            ranked.append(None)
        label = _LABELS[rank]
        ranked[rank] = self.ends[label] = OpenEnd(label, number, index, kind, faces, end_dir, touch)
        self._showing[number] += 1
        opened.append(label)

    def _grow_box(self, low: int, high: int) -> None:
        """Take in a tile whose halves' squares have the keys ``low`` < ``high``."""
        high += _UP_RIGHT
        low_col, low_row = low >> COLUMN_SHIFT, low & ROW_MASK
        high_col, high_row = high >> COLUMN_SHIFT, high & ROW_MASK
        min_c, max_c, min_r, max_r = self._box
        self._box = (
            min(min_c, low_col),
            max(max_c, high_col),
            min(min_r, low_row),
            max(max_r, high_row),
        )

    def _close_and_invalidate_near(self, low: int, high: int) -> list[str]:
        """After a tile at squares ``low`` < ``high`` went into the grid: drop the ends it
        covers a touch cell of (returning their labels, in order) and the caches of the ends
        whose candidates it may change. Both kinds lie within the window of the tile's
        reach, so farther ends are not looked at."""
        high += _UP_RIGHT
        lo_c, hi_c = (low >> COLUMN_SHIFT) - _REACH_ABOVE, (high >> COLUMN_SHIFT) + _REACH_BELOW
        lo_r, hi_r = (low & ROW_MASK) - _REACH_ABOVE, (high & ROW_MASK) + _REACH_BELOW
        grid = self._grid
        ends = self.ends
        closed = []
        for label, end in list(ends.items()):
            sq = end.faces[0][0]
            if lo_c <= sq >> COLUMN_SHIFT <= hi_c and lo_r <= sq & ROW_MASK <= hi_r:
                for c in end.touch:
                    if grid[c] & _COVERED:  # only this tile can cover it: it was free before
                        del ends[label]
                        self._ranked[_LABEL_RANK[label]] = None
                        self._showing[end.number] -= 1
                        closed.append(label)
                        break
                else:
                    end.singles = end.doubles = None
        return closed

    def _sides_allowed(self, end: OpenEnd, face: int) -> tuple[bool, bool]:
        """(face usable at all, only straight out) under the table's attachments option."""
        side = end.end_dir is not None and face != end.end_dir
        if not side:
            return True, False
        return self.attachments != 3, self.attachments == 5

    def _compute_singles(self, end: OpenEnd) -> list[Candidate]:
        # The engine's hottest loop: one summary a square (see _grid). The near half may
        # only meet the end's number; the far half at most one number, its need.
        grid = self._grid
        others = _BLOCKED ^ (1 << end.number)  # any other number (a blocked square has all)
        number_of = _NUMBER_OF_BIT
        limited = end.end_dir is not None and self.attachments != 7
        found: list[Candidate] = []
        for square, face in end.faces:
            turns = _FACE_TURNS[face]
            if limited and face != end.end_dir:
                if self.attachments == 3:
                    continue
                turns = _STRAIGHT_TURNS[face]
            near = square + STEP2[face]
            if grid[near] & others:
                continue
            for turn, far_step in turns:
                far = near + far_step
                shown = grid[far] & _BLOCKED
                if shown & (shown - 1) == 0:  # free, and one number at most
                    found.append(
                        _new_candidate(Candidate, (face, turn, near, far, number_of[shown]))
                    )
        return found  # already in (face, turn) order: faces are stored sorted

    def _compute_doubles(self, end: OpenEnd) -> list[Candidate]:
        """End-on doubles are the straight single placements whose far half may show the
        end's number; crosswise ones are checked here: both halves free and meeting no
        other number."""
        grid = self._grid
        n = end.number
        others = _BLOCKED ^ (1 << n)
        found = [
            _new_candidate(Candidate, (c.face, c.turn, c.near, c.far, n))
            for c in self.singles(end)
            if c.turn == c.face and (c.need == ANY or c.need == n)
        ]
        limited = end.end_dir is not None and self.attachments != 7
        crosswise = False
        for square, face in end.faces:
            if limited and face != end.end_dir:
                continue  # side faces take no crosswise double on a 5- or 3-attachment table
            near = square + STEP2[face]
            low, high = _CROSSWISE[face]
            if not (grid[near + low] | grid[near + high]) & others:
                found.append(_new_candidate(Candidate, (face, X, near + low, near + high, n)))
                crosswise = True
        if crosswise:
            found.sort(key=_geometry_order)
        return found

    def touches_apart(self, first: int, second: int) -> bool:
        """Whether a tile at these squares would touch the network along more than one
        stretch of its surroundings — else it cannot enclose anything (the quick test of
        :meth:`_new_regions`, made without laying the tile: its cells are not among these)."""
        known = self._apart.get((first, second))
        if known is None:
            known = self._apart[first, second] = self._touches_apart(first, second)
        return known

    def _touches_apart(self, first: int, second: int) -> bool:
        grid = self._grid
        base = min(first, second)
        offsets = (RING_HORIZONTAL if abs(second - first) >= STRIDE else RING_VERTICAL)[0]
        previous = grid[base + offsets[-1]] >= _COVERED
        changes = 0
        for o in offsets:
            occupied = grid[base + o] >= _COVERED
            if occupied != previous:
                changes += 1
                if changes > 2:
                    return True
                previous = occupied
        return False

    def _new_regions(self, first: int, second: int) -> tuple[int, list[list[int]]]:
        """How many empty regions the tile just laid at these squares newly encloses.

        Before the tile, its cells and all cells around it lay in one empty region R. After
        it, R minus the tile falls into k pieces, and the count of enclosed regions changes
        by k − 1 whether R was bounded or not (see docs/rules/network.md, Rings).
        """
        grid = self._grid
        base = min(first, second)
        offsets, pairs = RING_HORIZONTAL if abs(second - first) >= STRIDE else RING_VERTICAL
        around = [base + o for o in offsets]
        empty = [grid[c] < _COVERED for c in around]
        if sum(empty[i] != empty[i - 1] for i in range(len(empty))) <= 2:
            return 0, []  # the tile touches the network along one stretch: nothing splits
        parent = list(range(len(around)))  # the empty cells round the tile, joined into pieces
        for i, j in pairs:
            if empty[i] and empty[j]:
                parent[find_root(parent, i)] = find_root(parent, j)
        pieces: dict[int, int] = {}
        for i, c in enumerate(around):
            if empty[i]:
                pieces.setdefault(find_root(parent, i), c)
        if len(pieces) <= 1:
            return 0, []

        min_c, max_c, min_r, max_r = self._box
        seen: dict[int, int] = {}
        bounded: list[list[int]] = []
        escaped = False
        for piece, start in enumerate(pieces.values()):
            if start in seen:
                continue
            seen[start] = piece
            region = [start]
            stack = [start]
            leaks = False
            while stack and not leaks:
                c = stack.pop()
                col, row = c >> COLUMN_SHIFT, c & ROW_MASK
                if col < min_c or col > max_c or row < min_r or row > max_r:
                    leaks = True
                    break
                for o in NEIGHBOURS8:
                    nc = c + o
                    if grid[nc] >= _COVERED:
                        continue
                    mark = seen.get(nc)
                    if mark is None:
                        seen[nc] = piece
                        region.append(nc)
                        stack.append(nc)
                    elif mark != piece:
                        leaks = True  # reached an earlier piece that escaped to the outside
                        break
            if leaks:
                escaped = True
            else:
                bounded.append(region)
        pieces_after = len(bounded) + (1 if escaped else 0)
        if not escaped:
            # The tile split an already enclosed region; the largest piece is the old ring.
            bounded.sort(key=len)
            bounded = bounded[:-1]
        return max(0, pieces_after - 1), bounded

    def _why_not(self, tile: Tile, end: OpenEnd, face: int, turn: int) -> IllegalMoveError:
        move = f"{tile} at {end.label} {DIR_NAMES[face]}{DIR_NAMES[turn]}"
        if face not in [d for _, d in end.faces]:
            faces = " or ".join(DIR_NAMES[d] for _, d in end.faces)
            return IllegalMoveError(
                N_("{move}: end {end} can only be reached across its {faces} face."),
                move=move,
                end=end.label,
                faces=faces,
            )
        if tile.is_double and turn not in (face, X):
            return IllegalMoveError(
                N_("{move}: a double is laid straight out ({straight}) or crosswise (X)."),
                move=move,
                straight=DIR_NAMES[face] * 2,
            )
        if turn == opposite(face):
            return IllegalMoveError(
                N_("{move}: a tile cannot turn back into the end it is laid against."), move=move
            )
        square = next(sq for sq, d in end.faces if d == face)
        usable, straight_only = self._sides_allowed(end, face)
        if not usable:
            return IllegalMoveError(
                N_("{move}: this table only allows tiles off the end face of an open end."),
                move=move,
            )
        if straight_only and turn != face:
            return IllegalMoveError(
                N_("{move}: this table allows no offset tiles off a side face."), move=move
            )
        near = square + STEP2[face]
        first, second = _crosswise(near, face) if turn == X else (near, near + STEP2[turn])
        if any(self._grid[c] & _COVERED for c in tile_cells(first, second)):
            return IllegalMoveError(
                N_("{move}: that space is already taken by another tile."), move=move
            )
        return IllegalMoveError(
            N_("{move}: a half of it would touch a different number along an edge."), move=move
        )


def _crosswise(near: int, face: int) -> tuple[int, int]:
    """The halves of a double laid crosswise over ``face``, centred on the square ``near``
    just across it: half a unit either way along the face."""
    across = right_of(face)
    return near - STEP1[across], near + STEP1[across]


def _geometry_order(cand: Candidate) -> tuple[int, int]:
    return cand.face, cand.turn


def _check_room(placement: Placement, limit: int) -> None:
    """IllegalMoveError unless both halves' cells lie within ±``limit`` half units and show
    numbers of a double-six set (the grid keeps one bit a number, and a bit for blocked)."""
    _, a, b, ax, ay, bx, by = placement
    low, high = -limit, limit - 2  # a half's square covers its corner and one more cell
    if not (low <= ax <= high and low <= ay <= high and low <= bx <= high and low <= by <= high):
        raise IllegalMoveError(
            N_(
                "{tile} at {ax},{ay} is too far out: a table holds tiles within {limit} "
                "half units of the centre."
            ),
            tile=placement.tile,
            ax=placement.ax,
            ay=placement.ay,
            limit=TILE_LIMIT,
        )
    if not (0 <= a <= _TOP_NUMBER and 0 <= b <= _TOP_NUMBER):
        raise IllegalMoveError(N_("{tile} is not in the double-six set."), tile=placement.tile)
