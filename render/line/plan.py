"""Where every tile and end label of a classic line of play goes, before anything is drawn.

The line is laid out as players lay it on a real table. The lead sits in the centre; arm E
runs to the right and W to the left; the spinner's N and S arms run up and down. Every
double lies crosswise, the spinner too. An arm that reaches its limit turns a corner (the
turning tile's first half beside the last tile's end, as at a table) and snakes back, so
the picture grows a few rows rather than off the side. The arms turn like a pinwheel and
each snakes in its own region, so arms never meet:

* E: along the centre row to the right, then rows below it, right of the S arm;
* W: along the centre row to the left, then rows above it, left of the N arm;
* N: up from the spinner, then rows above that, right of W's rows;
* S: down from the spinner, then rows below that, left of E's rows.

Without a spinner E's and W's rows span the whole width. An arm holding the spinner never
turns before it, so the spinner always sits on the centre row.

Layout happens in half units (a tile is 4 × 2), y growing downwards, origin at the lead's
centre; the unit (a tile's short side in px) is then the largest that keeps the picture
within :data:`MAX_WIDTH` and the height and area budgets. The plan reads the view only.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Final, Protocol

from render.kit import sprites
from render.kit.geometry import Rect, bounds, clear_count, pick_spot
from render.kit.labels import legible_labels
from render.kit.plan import TileTable
from render.kit.tiles import DX, DY, E, N, S, W
from render.kit.tiles import gap as tile_gap

UNIT_MAX: Final = 64
UNIT_MIN: Final = 28
UNIT_STEP: Final = 4
"""Units are multiples of 4 (a half unit is then a whole, even number of px), and cached
tile faces are shared with the Network picture's units."""
UNIT_FLOOR: Final = 16
"""Below :data:`UNIT_MIN` only when the tiles would not fit the width otherwise."""
MAX_WIDTH: Final = 1400
HEIGHT_BUDGET: Final = 900
AREA_BUDGET: Final = 900_000
"""Table px beyond which the unit stops growing: chat clients shrink big pictures anyway,
so a bigger one only costs upload time and bytes."""
EMPTY_SIZE: Final = (600, 160)

ROW_REACH: Final = 22
"""Half units from the centre (or the spinner, plus room) at which the E and W arms turn."""
COLUMN_REACH: Final = 14
"""Half units above and below the spinner's middle at which N and S turn (3 tiles each)."""
COLUMN_CLEAR: Final = 10
"""E's rows turn back this far right of the spinner's middle (W's this far left), which
leaves the N and S arms, their crosswise doubles and an end label room between."""
ROW_MIN: Final = 12
"""Half units of row between the turn-back point and the far limit: three tiles."""

ARMS: Final = ("E", "W", "N", "S")


@dataclass(frozen=True, slots=True)
class LaidTile:
    """A tile of a line and how it lies, as the layout (:class:`_Cell`) and the plans
    (:class:`LineTile`, FIDO's :class:`~render.fido.plan.FidoTile`) all hold it. ``a`` is
    drawn on the half the face's ``direction`` points from."""

    arm: str
    """"lead", or its arm's label (the classic line's "E", "W", "N", "S")."""
    index: int
    """Position in its arm, nearest where the arm starts first; 0 for the lead."""
    tile: str
    seat: int
    a: int
    b: int
    direction: int


@dataclass(frozen=True, slots=True)
class LineTile(LaidTile):
    """One tile in px."""

    rect: Rect
    spinner: bool


@dataclass(frozen=True, slots=True)
class EndLabel:
    """An open end's badge: its letter, the number to match and (if it differs and the
    game counts ends) what it adds to the total."""

    label: str
    value: int
    count: int
    text: str
    rect: Rect
    tip: tuple[float, float]
    """The middle of the open face, in px."""
    heading: int
    """The way the arm grows from that face."""
    highlighted: bool


@dataclass(frozen=True, slots=True)
class LinePlan(TileTable):
    """A classic line as its painter draws it."""

    tiles: tuple[LineTile, ...]
    labels: tuple[EndLabel, ...]
    last: int | None
    """Index in :attr:`tiles` of the tile laid last."""
    spinner: int | None
    """Index in :attr:`tiles` of the spinner."""

    def text_sizes(self) -> tuple[int, ...]:
        """The font size of every text drawn on the table (its end labels)."""
        return tuple(sprites.badge_font_size(round(lb.rect.height)) for lb in self.labels)


# ---------------------------------------------------------------- half-unit layout

Box = tuple[int, int, int, int]
"""(x0, y0, x1, y1) in half units."""


@dataclass(frozen=True, slots=True)
class _Cell(LaidTile):
    """One tile in half units, before the unit is chosen."""

    box: Box
    double: bool


def _square(x: int, y: int) -> Box:
    return x - 1, y - 1, x + 1, y + 1


def _union(p: Box, q: Box) -> Box:
    return min(p[0], q[0]), min(p[1], q[1]), max(p[2], q[2]), max(p[3], q[3])


def _along(x: int, y: int, d: int) -> int:
    return x * DX[d] + y * DY[d]


def _across(d: int) -> int:
    """The direction a crosswise double's face runs when its arm heads ``d``."""
    return S if d in (E, W) else E


@dataclass(frozen=True, slots=True)
class _Leg:
    heading: int
    reach: int
    """How far along ``heading`` a head may be after a straight tile."""

    @classmethod
    def until(cls, heading: int, coordinate: int) -> _Leg:
        """A leg heading ``heading`` that turns at x (E/W) or y (N/S) = ``coordinate``."""
        return cls(heading, coordinate * (DX[heading] + DY[heading]))


class _Turtle:
    """Lays an arm's tiles one after another from an open face, turning at leg limits."""

    def __init__(self, x: int, y: int, heading: int) -> None:
        self.x, self.y, self.heading = x, y, heading

    def straight(self, inner: int, outer: int, double: bool) -> tuple[int, int, int, Box]:
        d, x, y = self.heading, self.x, self.y
        length, half = (2, 2) if double else (4, 1)
        px, py = DY[d] * half, DX[d] * half  # across the heading
        fx, fy = x + DX[d] * length, y + DY[d] * length
        box = (
            min(x - px, x + px, fx - px, fx + px),
            min(y - py, y + py, fy - py, fy + py),
            max(x - px, x + px, fx - px, fx + px),
            max(y - py, y + py, fy - py, fy + py),
        )
        self.x, self.y = fx, fy
        if double:
            return inner, outer, _across(d), box
        return inner, outer, d, box

    def turn(self, heading: int, inner: int, outer: int) -> tuple[int, int, int, Box]:
        """The tile's first half beside the open face, its second towards ``heading``."""
        d = self.heading
        nx, ny = self.x + DX[d], self.y + DY[d]
        fx, fy = nx + 2 * DX[heading], ny + 2 * DY[heading]
        self.x, self.y = nx + 3 * DX[heading], ny + 3 * DY[heading]
        self.heading = heading
        return inner, outer, heading, _union(_square(nx, ny), _square(fx, fy))

    def room(self, reach: int) -> bool:
        return _along(self.x, self.y, self.heading) + 4 <= reach


def _walk(
    arm: str,
    pieces: Sequence[Mapping[str, Any]],
    turtle: _Turtle,
    legs: Iterator[_Leg],
    growth: int,
    forced: int = 0,
) -> list[_Cell]:
    """Lay ``pieces`` from ``turtle``; the first ``forced`` go straight whatever the limit.

    A tile that would pass its leg's limit turns: straight into the next leg when that is
    at right angles, else towards ``growth`` first (one tile), then into the next leg.
    Doubles never turn (they lie crosswise), so the tile after one does."""
    cells = []
    leg = next(legs)
    pending: _Leg | None = None
    for i, piece in enumerate(pieces):
        inner, outer = int(piece["inner"]), int(piece["outer"])
        double = inner == outer
        if pending is not None:  # between two rows, heading ``growth``
            if double:
                placed = turtle.straight(inner, outer, True)
            else:
                placed = turtle.turn(pending.heading, inner, outer)
                leg, pending = pending, None
        elif double or i < forced or turtle.room(leg.reach):
            placed = turtle.straight(inner, outer, double)
        else:
            following = next(legs)
            if (following.heading - turtle.heading) % 2:  # at right angles
                placed = turtle.turn(following.heading, inner, outer)
                leg = following
            else:
                placed = turtle.turn(growth, inner, outer)
                pending = following
        a, b, direction, box = placed
        tile, seat = str(piece["tile"]), int(piece["seat"])
        cells.append(_Cell(arm, i, tile, seat, a, b, direction, box, double))
    return cells


def _alternate(first: _Leg, there: _Leg, back: _Leg) -> Iterator[_Leg]:
    yield first
    while True:
        yield there
        yield back


@dataclass(frozen=True, slots=True)
class _End:
    x: int
    y: int
    heading: int
    double: bool
    """The tile at the end is a double (its open face is twice as long)."""


def _layout(line: Mapping[str, Any]) -> tuple[list[_Cell], dict[str, _End], int | None]:
    """Cells of every tile (lead first, then arms E, W, N, S, nearest first), where each
    arm's open face is, and the spinner's index in the cells."""
    lead = line.get("lead")
    if lead is None:
        return [], {}, None
    arms: Mapping[str, Sequence[Mapping[str, Any]]] = line.get("arms") or {}
    west, east = int(lead["west"]), int(lead["east"])
    lead_double = west == east
    direction: int
    box: Box
    if lead_double:
        direction, box = S, (-1, -2, 1, 2)
    else:
        direction, box = E, (-2, -1, 2, 1)
    lead_cell = _Cell(
        "lead", 0, str(lead["tile"]), int(lead["seat"]), west, east, direction, box, lead_double
    )
    x0, x1 = lead_cell.box[0], lead_cell.box[2]
    pieces = {label: list(arms.get(label) or []) for label in ARMS}

    spinner_arm, spinner_index = _spinner(line, pieces, lead_double)
    column: int | None = None
    if spinner_arm == "lead":
        column = 0
    elif spinner_arm is not None:
        sign = 1 if spinner_arm == "E" else -1
        start = x1 if sign > 0 else -x0
        widths = sum(2 if _is_double(p) else 4 for p in pieces[spinner_arm][:spinner_index])
        column = sign * (start + widths + 1)

    reach = ROW_REACH
    if column is None:
        e_back, w_back = -reach, reach
        e_reach = w_reach = reach
    else:
        e_reach = max(reach, column + COLUMN_CLEAR + ROW_MIN)
        w_reach = max(reach, -column + COLUMN_CLEAR + ROW_MIN)
        e_back, w_back = column + COLUMN_CLEAR, column - COLUMN_CLEAR

    cells = [lead_cell]
    ends: dict[str, _End] = {}

    def lay(
        arm: str, turtle: _Turtle, legs: Iterator[_Leg], growth: int, base: _Cell, forced: int = 0
    ) -> None:
        """Walk ``arm``'s pieces from ``turtle`` onto the cells, and note its open end."""
        cells.extend(_walk(arm, pieces[arm], turtle, legs, growth, forced))
        ends[arm] = _end_of(turtle, cells, arm, base)

    lay(
        "E",
        _Turtle(x1, 0, E),
        _alternate(_Leg.until(E, e_reach), _Leg.until(W, e_back), _Leg.until(E, e_reach)),
        S,
        lead_cell,
        spinner_index + 1 if spinner_arm == "E" else 0,
    )
    lay(
        "W",
        _Turtle(x0, 0, W),
        _alternate(_Leg.until(W, -w_reach), _Leg.until(E, w_back), _Leg.until(W, -w_reach)),
        N,
        lead_cell,
        spinner_index + 1 if spinner_arm == "W" else 0,
    )

    spinner_at: int | None = None
    if spinner_arm is not None:
        spinner_at = next(
            i
            for i, c in enumerate(cells)
            if c.arm == spinner_arm and (c.arm == "lead" or c.index == spinner_index)
        )
    hub = cells[spinner_at] if spinner_at is not None else lead_cell
    cx = (hub.box[0] + hub.box[2]) // 2
    far = COLUMN_CLEAR + ROW_MIN
    north = _alternate(
        _Leg.until(N, -COLUMN_REACH), _Leg.until(E, max(reach, cx + far)), _Leg.until(W, cx + 2)
    )
    lay("N", _Turtle(cx, hub.box[1], N), north, N, hub)
    south = _alternate(
        _Leg.until(S, COLUMN_REACH), _Leg.until(W, min(-reach, cx - far)), _Leg.until(E, cx - 2)
    )
    lay("S", _Turtle(cx, hub.box[3], S), south, S, hub)
    return cells, ends, spinner_at


def _is_double(piece: Mapping[str, Any]) -> bool:
    return int(piece["inner"]) == int(piece["outer"])


def _spinner(
    line: Mapping[str, Any], pieces: Mapping[str, Sequence[Mapping[str, Any]]], lead_double: bool
) -> tuple[str | None, int]:
    """Where the spinner lies, if the view names a double that is there."""
    spinner = line.get("spinner")
    if not spinner:
        return None, 0
    arm, index = str(spinner.get("arm")), int(spinner.get("index") or 0)
    if arm == "lead":
        return ("lead", 0) if lead_double else (None, 0)
    if arm in ("E", "W") and 0 <= index < len(pieces[arm]) and _is_double(pieces[arm][index]):
        return arm, index
    return None, 0


def _end_of(turtle: _Turtle, cells: Sequence[_Cell], arm: str, base: _Cell) -> _End:
    """The arm's open face. It is a long side (two units) when the tile there is a double
    lying across the arm: the last double laid, or a double lead with E or W still empty;
    the spinner's N and S faces are its short ends."""
    last = next((c for c in reversed(cells) if c.arm == arm), None)
    double = (base.double and arm in ("E", "W")) if last is None else last.double
    return _End(turtle.x, turtle.y, turtle.heading, double)


# ---------------------------------------------------------------- px plan


def label_height(unit: int) -> int:
    """Badge height: a little over half a tile's width, but never too small to read."""
    return max(20, round(unit * 0.56))


def badge_gap(unit: int) -> int:
    return max(3, unit // 10)


def padding(unit: int) -> int:
    return max(12, unit // 3)


def end_text(label: str, value: int, count: int, counting: bool) -> str:
    """``E 4``; with the count when it is not the number itself, ``E 5 (10)``."""
    if counting and count != value:
        return f"{label} {value} ({count})"
    return f"{label} {value}"


def _label_options(end: _End, width: float, height: float, unit: int) -> list[Rect]:
    """Spots for an end's badge, best first: just beyond the open face (centred, then slid
    either way), beside the end half on either side, further out; last, over the end."""
    h = unit // 2
    gap = badge_gap(unit)
    d = end.heading
    dx, dy = DX[d], DY[d]
    tx, ty = end.x * h, end.y * h
    along = width / 2 if dx else height / 2
    side = height / 2 if dx else width / 2
    half_width = (2 if end.double else 1) * h
    spots = []
    for distance in (gap, gap + h):
        out = distance + along
        for shift in (0.0, h * 0.8, -h * 0.8):
            spots.append((tx + dx * out - dy * shift, ty + dy * out + dx * shift))
    for back in (h, 3 * h):
        for sign in (1, -1):
            off = sign * (half_width + gap + side)
            spots.append((tx - dx * back - dy * off, ty - dy * back + dx * off))
    out = 2 * h + gap + along
    spots.append((tx + dx * out, ty + dy * out))
    spots.append((tx - dx * h, ty - dy * h))
    return [Rect.centred(x, y, width, height) for x, y in spots]


def _place_labels(
    ends: Sequence[tuple[Mapping[str, Any], _End]],
    bodies: Sequence[Rect],
    unit: int,
    height: int,
    counting: bool,
    highlight: Collection[str],
) -> list[EndLabel]:
    h = unit // 2
    options: dict[str, list[Rect]] = {}
    texts: dict[str, str] = {}
    for data, end in ends:
        label = str(data["label"])
        texts[label] = end_text(label, int(data["value"]), int(data["count"]), counting)
        options[label] = _label_options(
            end, sprites.badge_width(texts[label], height), height, unit
        )

    def freedom(item: tuple[Mapping[str, Any], _End]) -> int:
        return clear_count(options[str(item[0]["label"])], bodies)

    placed: dict[str, Rect] = {}
    for data, _ in sorted(ends, key=freedom):  # the most cramped ends choose first
        label = str(data["label"])
        placed[label] = pick_spot(options[label], ((bodies, 1.0), (list(placed.values()), 4.0)))
    return [
        EndLabel(
            str(data["label"]),
            int(data["value"]),
            int(data["count"]),
            texts[str(data["label"])],
            placed[str(data["label"])],
            (end.x * h, end.y * h),
            end.heading,
            str(data["label"]) in highlight,
        )
        for data, end in ends
    ]


class OnArm(Protocol):
    """A laid tile as a plan keeps it: its arm ("lead" for the opening) and its index
    there."""

    @property
    def arm(self) -> str: ...

    @property
    def index(self) -> int: ...


def last_index(view: Mapping[str, Any], laid: Sequence[OnArm]) -> int | None:
    """Where in ``laid`` the tile of the view's last play is, or None (nothing played
    yet, or not among them)."""
    last = view.get("last")
    if not last:
        return None
    arm, index = str(last.get("arm")), int(last.get("index") or 0)
    for i, tile in enumerate(laid):
        if tile.arm == arm and (arm == "lead" or tile.index == index):
            return i
    return None


def within_budgets(plan: LinePlan) -> bool:
    """Whether ``plan`` is within the width limit and the height and area budgets."""
    return (
        plan.width <= MAX_WIDTH
        and plan.height <= HEIGHT_BUDGET
        and plan.width * plan.height <= AREA_BUDGET
    )


def plan_line(view: Mapping[str, Any], highlight_ends: Collection[str] = ()) -> LinePlan:
    """Lay out the public view's line: tiles, the open ends' labels (those in
    ``highlight_ends`` marked), the last play and the spinner.

    The unit is the largest (from :data:`UNIT_MAX` down to :data:`UNIT_MIN`) whose plan
    fits the width and the budgets; below that only the width counts, so a tall line
    grows the picture rather than shrinking the tiles past reading."""
    line: Mapping[str, Any] = view.get("line") or {}
    cells, ends, spinner_at = _layout(line)
    if not cells:
        return LinePlan(UNIT_MAX, *EMPTY_SIZE, (), (), None, None)
    counting = bool(view.get("scores_during_play", True))
    open_ends = [(e, ends[str(e["label"])]) for e in line.get("ends") or () if e["label"] in ends]
    last = last_index(view, cells)
    unit = UNIT_MAX
    while True:
        plan = legible_labels(
            partial(_plan_at, cells, open_ends, spinner_at, last, unit, counting, highlight_ends),
            label_height(unit),
        )
        small = unit <= UNIT_MIN and plan.width <= MAX_WIDTH  # tall, but tiles still readable
        if within_budgets(plan) or small or unit <= UNIT_FLOOR:
            return plan
        unit -= UNIT_STEP


def _plan_at(
    cells: Sequence[_Cell],
    open_ends: Sequence[tuple[Mapping[str, Any], _End]],
    spinner_at: int | None,
    last: int | None,
    unit: int,
    counting: bool,
    highlight: Collection[str],
    height: int,
) -> LinePlan:
    h = unit // 2
    rects = [Rect(c.box[0] * h, c.box[1] * h, c.box[2] * h, c.box[3] * h) for c in cells]
    bodies = [r.grown(-tile_gap(unit)) for r in rects]
    labels = _place_labels(open_ends, bodies, unit, height, counting, highlight)
    content = bounds([*rects, *(lb.rect for lb in labels)])
    assert content is not None
    pad = padding(unit)
    dx, dy = round(pad - content.left), round(pad - content.top)
    tiles = tuple(
        LineTile(
            c.arm, c.index, c.tile, c.seat, c.a, c.b, c.direction, r.moved(dx, dy), i == spinner_at
        )
        for i, (c, r) in enumerate(zip(cells, rects, strict=True))
    )
    moved = tuple(
        EndLabel(
            lb.label,
            lb.value,
            lb.count,
            lb.text,
            lb.rect.moved(dx, dy),
            (lb.tip[0] + dx, lb.tip[1] + dy),
            lb.heading,
            lb.highlighted,
        )
        for lb in labels
    )
    return LinePlan(
        unit=unit,
        width=round(content.width) + 2 * pad,
        height=round(content.height) + 2 * pad,
        tiles=tiles,
        labels=moved,
        last=last,
        spinner=spinner_at,
    )
