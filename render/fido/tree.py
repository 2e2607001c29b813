"""FIDO's crosswise line laid out as on a real table: one connected, branching picture.

Every arm runs along a row (A east of the opening double, B west of it). A double in an
arm stands across the row, against the end of the tile before it and centred on its
line; the arm carries on straight from its far long side (the naked side), and its two
short ends open side arms that leave it at right angles: a *stem* of the side arm's first
tiles standing in the double's own column, then a turn, and the rest of the arm runs along
a row of its own, parallel to the parent arm and the same way. A double always stands in
a row, never in a stem: a stem stops at least one tile short of the arm's first double,
so that the double stands across the end of a tile lying in the row (an arm whose first
double is its second tile reaches its row by a thin link instead of a stem).

Nothing can overlap, by construction, like a tidy tree drawing, and things not joined
keep a gap (:attr:`TreeLayout.gap`) across rows and along them (the profiles below
are kept per column and per column line):

* every subtree lies on its root's side of the root column (east of it, for an arm
  running east), so the stem column of a double is free of everything its later (more
  eastern) siblings hold;
* each arm's subtree is laid out bottom-up, and knows its *profile*: how far it reaches
  above and below its row in every column (one column per unit);
* a double's side arms are placed from the arm's last double back to its first, each as
  close to the row as the profile of what is already placed allows (plus a gap): the
  later doubles' side arms end up nearer the row, the earlier ones' go over them where
  their columns meet, and share a level where they do not;
* a side arm may instead turn west, back along its arm, if all of its subtree stays
  east of the column next to the double before (whose stem must stay free, with a
  column to spare), whichever keeps the row's subtree shortest;
* the stem is as many standing tiles as the height needs; if the arm has too few tiles
  before its first double, a thin link finishes the climb to the row;
* an arm too long for the picture's width turns back (a U-turn drawn as a link, past
  everything else on that side) into a row of its own, running the other way; never
  just before a double, which must stand against the tile before it.

The opening double's short ends C and D open side arms the same way; each turns east or
west, whichever of the four ways gives the smaller picture.

Laid *compact* (for a line too branched to be narrow enough otherwise), side arms may
also reach over the columns of doubles whose side arms are already placed, further from
the row, so that a subtree need not drift ever further east:

* a row's doubles are placed in every order that keeps each stem still to climb free:
  the first few from the first on (their side arms turning east only short of the next
  double), then the rest from the last back;
* beyond a side arm's row, away from the stem that climbs to it, its own side arms may
  reach west past its column 0, where nothing climbs;
* the opening's side arms C and D may be placed as soon as A's (or B's) tiles lie,
  short of its first double, and A's side arms then reach west over the opening's
  column, beyond them and B's subtree;

and of the ways each row (and the opening) could be laid, the shortest along it is kept.

The layout is the same drawn turned a quarter (rows running north and south, mirrored in
the diagonal by the planner), except for the end badges, whose text stays level: laid out
for turning, a badge takes its height along the row and its width across it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

from render.kit import sprites
from render.kit.legible import CHAT_WIDTH
from render.kit.tiles import NUMERALS, E, N, S, W, numeral_size
from render.line.plan import MAX_WIDTH

NEG = -(10**9)
"""A column's reach when nothing is in it."""
MIN_ROOM = 8
"""Columns a row may always use before it turns back, however little room it is given."""

CLEAR = -(-2 * MAX_WIDTH // CHAT_WIDTH)
"""The least gap (px) between things that are not joined: 2 px once even the widest
picture is shown at chat width, so that no tile seems to lie against one it does not."""

WEST_ROOM = 4
"""Columns a side arm needs between its double and the one before to turn west there."""
WIDE = 10_000
"""Room (columns) for a side arm's row that need never turn back."""

Point: TypeAlias = tuple[int, int]
Side: TypeAlias = tuple[dict[int, int], dict[int, int]]


@dataclass(frozen=True, slots=True)
class Spot:
    """A tile or badge in px (``payload`` is the planner's business), with the direction
    from the tile's first half to its second (badges: unused)."""

    left: int
    top: int
    right: int
    bottom: int
    payload: object
    direction: int


@dataclass(slots=True)
class Shape:
    """A laid-out subtree: its spots and links in px, and its profile per column (column
    ``c`` spans ``c * unit`` to ``(c + 1) * unit`` px): px it reaches above y = 0 (``up``)
    and below (``down``)."""

    unit: int
    margin: int = 0
    """How near (px) a column line a thing must come to count in :attr:`up_edges`."""
    spots: list[Spot] = field(default_factory=list)
    links: list[tuple[Point, ...]] = field(default_factory=list)
    up: dict[int, int] = field(default_factory=dict)
    down: dict[int, int] = field(default_factory=dict)
    up_edges: dict[int, int] = field(default_factory=dict)
    down_edges: dict[int, int] = field(default_factory=dict)
    """The profile along the column lines (line ``b`` at ``b * unit`` px) of what comes
    within :attr:`margin` of them: things on either side of a line must clear each other
    there, or they would lie flush side by side."""
    corridor: int | None = None
    """While a row's side arms are placed: the column from which its middle line stays
    free all the way east (the way its turn back will take)."""

    def add(self, spot: Spot) -> None:
        self.spots.append(spot)
        self.cover(spot.left, spot.top, spot.right, spot.bottom)

    def cover(self, left: int, top: int, right: int, bottom: int) -> None:
        """Mark the box as taken in the profile (and the column lines it comes near)."""
        u, margin = self.unit, self.margin
        for column in range(left // u, -(-right // u)):
            if -top > self.up.get(column, NEG):
                self.up[column] = -top
            if bottom > self.down.get(column, NEG):
                self.down[column] = bottom
        for line in range(-(-(left - margin) // u), (right + margin) // u + 1):
            if -top > self.up_edges.get(line, NEG):
                self.up_edges[line] = -top
            if bottom > self.down_edges.get(line, NEG):
                self.down_edges[line] = bottom

    def side(self, up: bool) -> Side:
        """The profile above the row (``up``) or below it, by column and by column line."""
        return (self.up, self.up_edges) if up else (self.down, self.down_edges)

    def merge(self, other: Shape, columns: int, dy: int) -> None:
        """Add ``other`` moved ``columns`` columns east and ``dy`` px down."""
        dx = columns * self.unit
        self.spots += [
            Spot(s.left + dx, s.top + dy, s.right + dx, s.bottom + dy, s.payload, s.direction)
            for s in other.spots
        ]
        self.links += [tuple((x + dx, y + dy) for x, y in link) for link in other.links]
        for mine, theirs, shift in (
            (self.up, other.up, -dy),
            (self.down, other.down, dy),
            (self.up_edges, other.up_edges, -dy),
            (self.down_edges, other.down_edges, dy),
        ):
            for column, reach in theirs.items():
                key = column + columns
                if reach + shift > mine.get(key, NEG):
                    mine[key] = reach + shift

    def mirrored(self) -> Shape:
        """The shape reflected about the middle of column 0 (east becomes west)."""
        u = self.unit
        flipped = {E: W, W: E}
        out = Shape(u, self.margin)
        out.spots = [
            Spot(u - s.right, s.top, u - s.left, s.bottom, s.payload,
                 flipped.get(s.direction, s.direction))
            for s in self.spots
        ]  # fmt: skip
        out.links = [tuple((u - x, y) for x, y in link) for link in self.links]
        out.up = {-c: r for c, r in self.up.items()}
        out.down = {-c: r for c, r in self.down.items()}
        out.up_edges = {1 - b: r for b, r in self.up_edges.items()}
        out.down_edges = {1 - b: r for b, r in self.down_edges.items()}
        return out


def clearance(
    placed: Side,
    at: int,
    near: Side,
    gap: int,
    corridor: int | None = None,
) -> int:
    """The least distance from the placed row's middle at which a shape whose near side
    reaches ``near`` (per its own column, and column line) clears ``placed`` by ``gap``,
    its column 0 at column ``at`` (and clears the middle line from column ``corridor``
    on)."""
    need = NEG
    for column, reach in near[0].items():
        key = column + at
        there = placed[0].get(key, NEG)
        if corridor is not None and key >= corridor:
            there = max(there, 1)
        if there + gap + reach > need:
            need = there + gap + reach
    edges = placed[1]
    for line, reach in near[1].items():
        there = edges.get(line + at, NEG)
        if there + gap + reach > need:
            need = there + gap + reach
    return need


@dataclass(eq=False)
class TreeLayout:
    """Lays out one line at one unit. ``arms`` maps an arm's label to its tile payloads,
    nearest its double first, with ``standing`` telling which stand across the row;
    ``badges`` an open end's badge payload and text; ``children`` maps (arm, index) of a
    double to its side arms by side ("left", "right", or for the opening "north",
    "south"). With ``transposed`` the layout is to be drawn turned a quarter (rows running
    north/south): a badge, whose text stays horizontal, then takes its height along the
    row and its width across it. With ``narrow`` a double's side arms go whichever way
    keeps the tree shortest along its rows (then across them), not across them first:
    for a picture whose width is what must stay small. With ``compact`` the side arms
    may also reach over other doubles' columns (see the module's text): many more ways
    are tried, each row laid several times over."""

    unit: int
    arms: Mapping[str, Sequence[tuple[object, bool]]]
    badges: Mapping[str, tuple[object, str]]
    children: Mapping[tuple[str, int], Mapping[str, str]]
    transposed: bool = False
    narrow: bool = False
    compact: bool = False

    def __post_init__(self) -> None:
        unit = self.unit
        self.badge_height = badge_height(unit)
        self.badge_gap = max(3, unit // 10)
        self.gap = max(CLEAR, unit // 8)
        self._rows: dict[tuple[str, int, int, bool | None, bool | None], Shape] = {}
        self._needs: dict[tuple[str, int], int] = {}
        self._openings: dict[tuple[object, int, int], Shape] = {}
        self._extents: dict[int, tuple[Shape, tuple[int, int, int, int]]] = {}
        """The extent of each opening laid out, by the id of its shape (kept alive)."""
        self._overhangs = (False, True) if self.compact else (False,)
        """Whether a side arm's row may reach past its stem's column, each way tried."""
        self._mirrored: dict[int, tuple[Shape, Shape]] = {}
        """Rows turned west, by the id of the row (kept alive beside it)."""

    # ------------------------------------------------------------ a row and its subtree

    def _badge(self, label: str, x: int) -> Spot | None:
        found = self.badges.get(label)
        if found is None:
            return None
        payload, text = found
        along, across = self._badge_size(text)
        return Spot(x, -(across // 2), x + along, across - across // 2, payload, E)

    def _badge_size(self, text: str) -> tuple[int, int]:
        """A badge's px along its row and across it."""
        height = self.badge_height
        width = sprites.badge_width(text, height)
        return (height, width) if self.transposed else (width, height)

    def row(self, label: str, skip: int, room: int, fold_up: bool, overhang: bool = False) -> Shape:
        """Arm ``label`` from its tile ``skip`` on, running east from column 1 along y = 0,
        then its badge, with every standing double's side arms. Everything stays within
        columns 1 to ``room``: where the next tile would pass it, the rest of the arm
        makes a U-turn (up if ``fold_up``, else down) into a row of its own. With
        :attr:`compact`, the side arms are placed in every order :meth:`_side_arms`
        allows and the row kept is the shortest along (or across) it, as in :meth:`pair`;
        with ``overhang`` too, what lies beyond the row on the ``fold_up`` side (away
        from the stem that climbs to it) may reach west past its column 0."""
        need = self.need(label, skip)
        room = self._room(label, skip, room)
        far_side = fold_up if overhang else None
        key = (label, skip, room, fold_up if room < need else None, far_side)
        if key in self._rows:
            return self._rows[key]
        far = () if far_side is None else (far_side,)
        orders = 1 + self.count_doubles(label, skip) if self.compact else 1
        found = []
        for forward in range(orders):
            shape = Shape(self.unit, self.gap)
            if self._laid_row(shape, label, skip, room, fold_up, far, forward) is not None:
                found.append(shape)
        shape = min(found, key=self._score) if len(found) > 1 else found[0]
        self._rows[key] = shape
        return shape

    def _room(self, label: str, skip: int, room: int) -> int:
        """The columns row ``label`` from tile ``skip`` on is laid in when given ``room``:
        less than :data:`MIN_ROOM` lays the same row, and so does more than it needs
        straight, which never turns back either way (so it is laid out once for both)."""
        return min(max(room, MIN_ROOM), max(self.need(label, skip), MIN_ROOM))

    def _laid_row(
        self,
        shape: Shape,
        label: str,
        skip: int,
        room: int,
        fold_up: bool,
        far: Collection[bool],
        forward: int,
        first: Callable[[Shape, Sequence[tuple[int, int]]], bool] | None = None,
    ) -> Shape | None:
        """Row ``label`` laid into ``shape`` (:meth:`row`): its tiles, then what ``first``
        places (given the row's doubles), then their side arms (:meth:`_side_arms`) and
        its turn back; None if something had nowhere to go."""
        doubles, fold_at, x = self._row_tiles(shape, label, skip, room)
        if forward > len(doubles):
            return None
        if first is not None and not first(shape, doubles):
            return None
        if not self._side_arms(shape, label, doubles, room, forward, far):
            return None
        if fold_at is not None:
            shape.corridor = None
            self.fold(shape, label, fold_at, x, fold_up)
        return shape

    def count_doubles(self, label: str, skip: int) -> int:
        """How many doubles stand in arm ``label`` from its tile ``skip`` on."""
        return sum(1 for _, standing in self.arms.get(label, ())[skip:] if standing)

    def _score(self, shape: Shape) -> tuple[int, int]:
        """How long ``shape`` is along its rows (columns) and across them (px): the
        first of the two :meth:`pair` minimises."""
        along = max(*shape.up, *shape.down) - min(*shape.up, *shape.down)
        across = max(shape.up.values()) + max(shape.down.values())
        return (along, across) if self.narrow else (across, along)

    def _row_tiles(
        self, shape: Shape, label: str, skip: int, room: int
    ) -> tuple[list[tuple[int, int]], int | None, int]:
        """Add the row's own tiles and badge within ``room`` columns to ``shape``: its
        doubles (column, index), the tile at which the arm turns back (if it does) and
        where the row ends (px)."""
        u = self.unit
        limit = room * u
        x = u
        doubles: list[tuple[int, int]] = []
        pieces = self.arms.get(label, ())
        badge_room = self._badge_width(label)
        fold_at: int | None = None
        for index in range(skip, len(pieces)):
            payload, standing = pieces[index]
            width = u if standing else 2 * u
            tail = badge_room if index == len(pieces) - 1 else 0
            if index > skip and x + width + tail > limit:
                fold_at = index
                break
            if index > skip and not standing and self._double_follows(pieces, index):
                after = badge_room if index + 1 == len(pieces) - 1 else 0
                if x + 3 * u + after > limit:  # the double must lie across this tile's end
                    fold_at = index
                    break
            if standing:
                shape.add(Spot(x, -u, x + u, u, payload, S))
                doubles.append((x // u, index))
            else:
                shape.add(Spot(x, -(u // 2), x + 2 * u, u - u // 2, payload, E))
            x += width
        if fold_at is None and x > u and x + badge_room > limit:
            fold_at = len(pieces)  # only the badge turns back
        if fold_at is None:
            badge = self._badge(label, x + self._tip_gap(label))
            if badge is not None:
                shape.add(badge)
        else:
            shape.corridor = -(-x // u)
        return doubles, fold_at, x

    def _side_arms(
        self,
        shape: Shape,
        label: str,
        doubles: Sequence[tuple[int, int]],
        room: int,
        forward: int,
        far: Collection[bool],
    ) -> bool:
        """Attach the side arms of row ``label``'s ``doubles``: the first ``forward`` of
        them from the first on, then the rest from the last back. A side arm may reach
        over the columns of the doubles placed before it (further from the row), never
        over those of a double still to place, whose stem must stay free (with a column
        to spare): one of the first ``forward`` east only short of the next double, one
        of the rest west only short of the double before, unless that was placed
        already. Nor west of the row's column 2 (its own stem climbs column 0), but on
        the sides ``far``, where nothing climbs to the row. False if some side arm had
        nowhere to go."""
        count = len(doubles)
        for at in [*range(forward), *reversed(range(forward, count))]:
            column, index = doubles[at]
            sides = self.children.get((label, index), {})
            before = doubles[at - 1][0] if at > forward else None
            highest = doubles[at + 1][0] - 2 if at < forward and at + 1 < count else None
            bounds = {
                up: (before + 2 if before is not None else None if up in far else 2, highest)
                for up in (True, False)
            }
            lowest = [low for low, _ in bounds.values() if low is not None]
            east = room - column - 1 if highest is None else highest - column + 1
            turns = [(False, east)]
            west = column - min(lowest) + 1 if len(lowest) == 2 else WIDE
            if west >= WEST_ROOM:  # room enough west, short of the double before
                turns.append((True, west))
            if not self.pair(shape, column, sides.get("left"), sides.get("right"), turns, bounds):
                return False
        return True

    @staticmethod
    def _double_follows(pieces: Sequence[tuple[object, bool]], index: int) -> bool:
        """Whether the tile after ``index`` is a double standing across the row."""
        return index + 1 < len(pieces) and pieces[index + 1][1]

    def need(self, label: str, skip: int) -> int:
        """Columns enough for arm ``label`` from tile ``skip`` on (as :meth:`row` lays it)
        and every side arm turned east off it to run straight, badges included: with as
        many or more, nothing turns back."""
        key = (label, skip)
        if key not in self._needs:
            column, need = 1, 0
            pieces = self.arms.get(label, ())
            for index in range(skip, len(pieces)):
                if pieces[index][1]:
                    for side in self.children.get((label, index), {}).values():
                        need = max(need, column + 1 + self.need(side, 0))
                    column += 1
                else:
                    column += 2
            end = column * self.unit + self._badge_width(label)
            self._needs[key] = max(need, -(-end // self.unit))
        return self._needs[key]

    def _badge_width(self, label: str) -> int:
        found = self.badges.get(label)
        if found is None:
            return 0
        return self._tip_gap(label) + self._badge_size(found[1])[0]

    def _tip_gap(self, label: str) -> int:
        """Px between an arm's tip and its badge: wider beyond a double's naked side, where
        a badge taller than the double would come near its side arms' first tiles."""
        pieces = self.arms.get(label, ())
        return CLEAR if pieces and pieces[-1][1] else self.badge_gap

    def fold(self, shape: Shape, label: str, at: int, end: int, going_up: bool) -> None:
        """The rest of arm ``label`` from tile ``at``, its row ending at ``end`` px: a link
        carries on along the row to the first column east of everything on that side,
        turns up (or down) past it all, and the arm comes back west in a row of its own."""
        u = self.unit
        placed = shape.side(going_up)
        sign = -1 if going_up else 1
        turn = max(max(placed[0]) + 1, -(-end // u), MIN_ROOM + 2)
        back = self.row(label, at, turn - 2, going_up)
        turn = max(turn, max(back.up) + 1)  # all of the way back stays east of column 0
        child = back.mirrored()
        near = child.side(not going_up)
        lowest = u // 2 + self.gap + max(near[0].values())
        height = max(clearance(placed, turn, near, self.gap), lowest)
        middle = turn * u + u // 2
        shape.links.append(
            ((end, 0), (middle, 0), (middle, sign * height), (turn * u, sign * height))
        )
        shape.cover(end, -1, middle + 1, 1)
        if going_up:
            shape.up[turn] = max(shape.up.get(turn, NEG), height)
        else:
            shape.down[turn] = max(shape.down.get(turn, NEG), height)
        shape.merge(child, turn, sign * height)

    def pair(
        self,
        shape: Shape,
        column: int,
        first: str | None,
        second: str | None,
        turns: Sequence[tuple[bool, int]],
        bounds: Mapping[bool, tuple[int | None, int | None]] | None = None,
    ) -> bool:
        """Attach a double's two side arms to its short ends: ``first`` up and ``second``
        down or the other way round, each turning east or (if ``turns`` allows) west with
        as many columns of room as it gives, whichever keeps ``shape`` shortest from top to
        bottom (then narrowest; the other way round if :attr:`narrow`)."""
        best: tuple[tuple[int, int], Placement | None, Placement | None] | None = None
        left, right = min(shape.up), max(shape.up)
        for up_label, down_label in ((first, second), (second, first)):
            ups = self.options(shape, column, up_label, True, turns, bounds)
            downs = self.options(shape, column, down_label, False, turns, bounds)
            for up in ups:
                for down in downs:
                    top, bottom = max(shape.up.values()), max(shape.down.values())
                    west_end, east_end = left, right
                    if up is not None:
                        top = max(top, up.reach)
                        west_end = min(west_end, column + min(up.child.up))
                        east_end = max(east_end, column + max(up.child.up))
                    if down is not None:
                        bottom = max(bottom, down.reach)
                        west_end = min(west_end, column + min(down.child.up))
                        east_end = max(east_end, column + max(down.child.up))
                    across, along = top + bottom, east_end - west_end
                    score = (along, across) if self.narrow else (across, along)
                    if best is None or score < best[0]:
                        best = (score, up, down)
        if best is None:
            return False
        _, up, down = best
        if up is not None:
            self.put(shape, column, up)
        if down is not None:  # again: the arm above may have come round below the row
            again = self.fit(shape, column, down.label, False, down.west, down.room, down.overhang)
            assert again is not None
            self.put(shape, column, again)
        return True

    def options(
        self,
        shape: Shape,
        column: int,
        label: str | None,
        going_up: bool,
        turns: Sequence[tuple[bool, int]],
        bounds: Mapping[bool, tuple[int | None, int | None]] | None = None,
    ) -> list[Placement | None]:
        """Every way side arm ``label`` may go (None alone if there is nothing to lay):
        each of ``turns`` (west or not, and the room its row is given) that keeps all of
        the arm's subtree within the columns ``bounds`` gives for its side (the least
        and the greatest, each if any), clear of the stems still to climb."""
        lowest, highest = bounds[going_up] if bounds else (None, None)
        found: list[Placement | None] = []
        for west, room in turns:
            for overhang in self._overhangs:
                placement = self.fit(shape, column, label, going_up, west, room, overhang)
                if placement is None:
                    return [None]
                if self._within(placement, column, lowest, highest):
                    found.append(placement)
        return found

    @staticmethod
    def _within(placement: Placement, column: int, lowest: int | None, highest: int | None) -> bool:
        """Whether all of ``placement``'s subtree, off the double in ``column``, keeps
        within columns ``lowest`` to ``highest`` (each if any): clear of the stems still
        to climb. Only an arm turned west, or reaching past its stem, can reach west of
        its double's column."""
        child = placement.child
        west = placement.west or placement.overhang
        if west and lowest is not None and column + min(min(child.up), min(child.down)) < lowest:
            return False
        return highest is None or column + max(max(child.up), max(child.down)) <= highest

    def fit(
        self,
        shape: Shape,
        column: int,
        label: str | None,
        going_up: bool,
        west: bool,
        room: int,
        overhang: bool = False,
    ) -> Placement | None:
        """Where side arm ``label`` goes, leaving the short end (top if ``going_up``) of
        the double standing in ``column`` of ``shape``: its stem climbs that column, then
        its row turns east (west if ``west``) as close as ``shape``'s profile allows
        (what lies beyond it reaching past the stem's column, if ``overhang``)."""
        if label is None:
            return None
        u = self.unit
        pieces = self.arms.get(label, ())
        if not pieces and label not in self.badges:
            return None
        placed = shape.side(going_up)

        def laid(child: Shape) -> Shape:
            if not west:
                return child
            if id(child) not in self._mirrored:
                self._mirrored[id(child)] = (child, child.mirrored())
            return self._mirrored[id(child)][1]

        def near(child: Shape) -> Side:
            return child.side(not going_up)

        def far(child: Shape) -> int:
            return max((child.up if going_up else child.down).values())

        if not pieces:  # a badge alone, on the short end
            badge = self._badge(label, 0)
            assert badge is not None
            child = Shape(u, self.gap)
            child.add(badge)
            child = laid(child)
            lowest = u + self.badge_gap + max(near(child)[0].values())
            height = max(clearance(placed, column, near(child), self.gap, shape.corridor), lowest)
            reach = height + far(child)
            linked = height > lowest
            return Placement(label, going_up, west, room, overhang, child, height, 0, linked, reach)
        prefix = 0
        while prefix < len(pieces) and not pieces[prefix][1]:
            prefix += 1
        if prefix < len(pieces):  # a double must lie across a lying tile's end in the row
            prefix -= 1
        stem = 1 if prefix > 0 else 0
        while True:
            child = laid(self.row(label, stem, room, going_up, overhang))
            need = clearance(placed, column, near(child), self.gap, shape.corridor)
            flush = 2 * u * stem + u // 2  # the row's middle level with the stem's end
            if stem and need <= flush:  # the row's first tile lies against the top tile
                height, linked = max(need, flush - u + self.gap), False
                if stem < len(pieces):  # (else the row is the arm's badge, at its tip)
                    top = u + 2 * u * stem
                    beside = self._beside_stem(child, pieces[stem][0], going_up, west, top)
                    height = max(height, min(beside, flush + self.gap))
                break
            wanted = max(1, -(-(need - u // 2) // (2 * u)))
            if stem < prefix:
                stem = min(wanted, prefix)
                continue
            height, linked = max(need, 2 * u + self.gap), True
            break
        alone = stem >= len(pieces)  # the row is its badge alone, beside the stem or linked
        if linked and stem and height - u // 2 < u + 2 * u * stem:
            linked = alone and height > u + 2 * u * stem  # else the row touches the stem
        reach = max(height + far(child), u + 2 * u * stem)
        return Placement(label, going_up, west, room, overhang, child, height, stem, linked, reach)

    def _beside_stem(
        self, child: Shape, first: object, going_up: bool, west: bool, top: int
    ) -> int:
        """The least distance from the parent row at which nothing of side arm row
        ``child`` but its ``first`` tile (an arm turned back, or a side arm, running back
        towards the stem) lies flush beside the stem's top tile, which ends ``top`` px from
        the parent row, past the row's middle if the row is nearer: the stem must then end
        short of them. 0 if nothing comes near the stem's column."""
        u, gap = self.unit, self.gap
        line = 0 if west else u  # between the stem's column and the row's first tile
        if child.side(going_up)[1].get(line // u, NEG) <= (u // 2 if going_up else u - u // 2):
            return 0  # nothing beyond the first tile comes near that line
        least = 0
        for spot in child.spots:
            if spot.payload is first or spot.left >= line + gap or spot.right <= line - gap:
                continue
            least = max(least, top + gap + (spot.bottom if going_up else -spot.top))
        return least

    def put(self, shape: Shape, column: int, placement: Placement) -> None:
        """Add ``placement``'s stem, link and row to ``shape``."""
        u = self.unit
        sign = -1 if placement.going_up else 1  # image y of "away from the row"
        pieces = self.arms.get(placement.label, ())
        top = u  # the short end, then the stem's tiles one after another
        for index in range(placement.stem):
            y0, y1 = sorted((sign * top, sign * (top + 2 * u)))
            direction = N if placement.going_up else S  # the inner half towards the double
            shape.add(Spot(column * u, y0, column * u + u, y1, pieces[index][0], direction))
            top += 2 * u
        height = placement.height
        if placement.linked and not pieces:  # up to a badge that sits further out
            middle = column * u + u // 2
            near = max(
                (placement.child.down if placement.going_up else placement.child.up).values()
            )
            shape.links.append(((middle, sign * u), (middle, sign * (height - near))))
            reach = height - near
            if placement.going_up:
                shape.up[column] = max(shape.up.get(column, NEG), reach)
            else:
                shape.down[column] = max(shape.down.get(column, NEG), reach)
        elif placement.linked:
            middle = column * u + u // 2
            turn_x = column * u + (0 if placement.west else u)
            if placement.stem >= len(pieces):  # the row is its badge alone: on to it
                turn_x += -self.badge_gap if placement.west else self.badge_gap
            link = ((middle, sign * top), (middle, sign * height), (turn_x, sign * height))
            shape.links.append(link)
            reach = height + u // 2
            if placement.going_up:
                shape.up[column] = max(shape.up.get(column, NEG), reach)
            else:
                shape.down[column] = max(shape.down.get(column, NEG), reach)
        shape.merge(placement.child, column, sign * height)

    # ------------------------------------------------------------ the opening double

    def opening(self, payload: object, east: int, west: int) -> Shape:
        """The opening double standing in column 0, A running east (within ``east``
        columns) and B west (within ``west``), and C and D off its short ends, each
        turned the way that gives the smallest picture. Laid out once for each room
        (the planner tries many widths that come to the same rooms): the shape is shared,
        not to be changed."""
        # The rows use no less than MIN_ROOM, and no more than they need straight.
        sides = self.children.get(("lead", 0), {}).values()
        opened = max((1 + self.need(side, 0) for side in sides), default=0)
        east = min(max(east, MIN_ROOM), max(self.need("A", 0), opened, MIN_ROOM))
        west = min(max(west, MIN_ROOM), max(self.need("B", 0), opened, MIN_ROOM))
        key = (payload, east, west)
        if key not in self._openings:
            self._openings[key] = self._opening(payload, east, west)
        return self._openings[key]

    def extent(self, shape: Shape) -> tuple[int, int, int, int]:
        """:func:`extent` of a shape :meth:`opening` made, measured once."""
        if id(shape) not in self._extents:
            self._extents[id(shape)] = (shape, extent(shape))
        return self._extents[id(shape)][1]

    def _opening(self, payload: object, east: int, west: int) -> Shape:
        u = self.unit
        shape = Shape(u, self.gap)
        shape.add(Spot(0, -u, u, u, payload, S))
        shape.merge(self.row("A", 0, east, True), 0, 0)
        shape.merge(self.row("B", 0, west, False).mirrored(), 0, 0)
        sides = self.children.get(("lead", 0), {})
        turns = ((False, east - 1), (True, west - 1))
        self.pair(shape, 0, sides.get("north"), sides.get("south"), turns)
        if not self.compact:
            return shape
        found = [shape, *self._reaching_over(payload, "A", east, west)]
        found += [s.mirrored() for s in self._reaching_over(payload, "B", west, east)]
        return min(found, key=self._score)

    def _reaching_over(self, payload: object, label: str, room: int, other: int) -> list[Shape]:
        """The opening with arm ``label`` running east (within ``room`` columns) and the
        other arm west (within ``other``), and the opening's side arms placed once
        ``label``'s tiles lie, short of its first double's column: the side arms of
        ``label``'s doubles may then reach west over the opening's column, beyond them,
        in every order :meth:`_side_arms` allows (B's turned back east by the
        caller)."""
        u = self.unit
        sides = self.children.get(("lead", 0), {})
        turns = ((False, room - 1), (True, other - 1))
        room = self._room(label, 0, room)

        def opened(shape: Shape, doubles: Sequence[tuple[int, int]]) -> bool:
            highest = doubles[0][0] - 2 if doubles else None
            bounds = {up: (None, highest) for up in (True, False)}
            return self.pair(shape, 0, sides.get("north"), sides.get("south"), turns, bounds)

        found = []
        for forward in range(1 + self.count_doubles(label, 0)):
            shape = Shape(u, self.gap)
            shape.add(Spot(0, -u, u, u, payload, S))
            shape.merge(
                self.row("B" if label == "A" else "A", 0, other, label == "B").mirrored(), 0, 0
            )
            laid = self._laid_row(
                shape, label, 0, room, label == "A", (True, False), forward, opened
            )
            if laid is not None:
                found.append(laid)
        return found


@dataclass(frozen=True, slots=True)
class Placement:
    """A side arm as :meth:`TreeLayout.fit` would place it: its row ``child`` (turned
    west or not) with its middle ``height`` px from the parent row's, ``stem`` tiles
    standing in the column, a link if they fall short, and how far it all ``reach``-es
    from the parent row."""

    label: str
    going_up: bool
    west: bool
    room: int
    overhang: bool
    child: Shape
    height: int
    stem: int
    linked: bool
    reach: int


def extent(shape: Shape) -> tuple[int, int, int, int]:
    """Left, top, right and bottom of everything in ``shape`` (px), links included."""
    spots = shape.spots
    xs = [x for link in shape.links for x, _ in link]
    ys = [y for link in shape.links for _, y in link]
    return (
        min([*(s.left for s in spots), *xs]),
        min([*(s.top for s in spots), *ys]),
        max([*(s.right for s in spots), *xs]),
        max([*(s.bottom for s in spots), *ys]),
    )


def badge_height(unit: int) -> int:
    """An end badge's height at ``unit``: its letters as big as the tiles' numerals, so
    that wherever the numerals read at chat size the badges do too."""
    return sprites.badge_height_for(numeral_size(unit, NUMERALS), 20)
