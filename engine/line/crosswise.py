"""FIDO's line of play (docs/rules/fido.md): every double crosswise, with a naked fourth side.

The opening double stands crosswise in the centre. Its long sides are arms A (east) and B
(west), naked: each counts nothing until a tile is laid on it, and the second tile of the
hand always goes on A. Its short ends are arms C (north) and D (south), counting the
double's number each. A double laid later on an arm's end (value v) stays in that arm,
which runs on through the double's far long side, now naked; its short ends open two new
arms (left and right of the arm's direction), each counting v. So a double changes the
total by −v + 2v = +v, a tile on a naked side adds its outer number, and any other tile
changes it by outer − inner.

With ``crosswise=False`` (the "doubles in line" variant) doubles lie in line like any
tile: the opening double has only arms A and B, counting its number each, and a later
double changes the total by 0.

>>> from engine.tiles import Tile
>>> line = CrosswiseLine()
>>> line.play_lead(Tile(18, 18), 0)
>>> line.total
36
>>> _ = line.place(Tile(18, 12), 0, 1); line.total    # on a long side: 18 + 18 + 12
48
>>> _ = line.place(Tile(12, 8), 0, 2); line.total     # 12-8 on the 12: 18 + 18 + 8
44
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.errors import N_, IllegalMoveError
from engine.line.base import LineOfPlay, Piece
from engine.line.labels import end_index, end_label
from engine.tiles import Tile, parse_tile

LEAD: Final = -1
"""An arm's parent when it grows from the opening double."""
LEAD_SIDES: Final = ("east", "west", "north", "south")
"""The sides of the opening double that arms A, B, C, D grow from."""
LEFT, RIGHT = 0, 1
SIDES: Final = ("left", "right")

Origin = tuple[int, int, int]
"""Where an arm grows from: (parent arm or LEAD, index of the double in it, side)."""

_SECOND: Final = (0,)


class CrosswiseLine(LineOfPlay):
    """A branching line: arms open as doubles are laid; ``naked[i]`` marks arm ``i``'s end
    as a double's free long side (value the double's number, count 0)."""

    __slots__ = ("crosswise", "naked", "origins", "top")

    def __init__(self, crosswise: bool = True, top: int = 21) -> None:
        super().__init__()
        self.crosswise = crosswise
        self.top = top
        self.naked: list[bool] = []
        self.origins: list[Origin] = []

    def label_of(self, end: int) -> str:
        return end_label(end)

    def ends(self) -> list[tuple[str, int, int]]:
        """(label, value, count) of every end, in label order: before the second tile
        only A is open, but every end counts."""
        values, counts = self.values, self.counts
        return [(end_label(i), values[i], counts[i]) for i in range(len(self.arms))]

    @property
    def second_move(self) -> bool:
        """Whether the next tile is the second of the hand (it must go on arm A)."""
        return self.open is _SECOND

    # ------------------------------------------------------------ scoring
    def total_if(self, tile: Tile, end: int | None) -> int:
        """The open-end total after laying ``tile`` on ``end`` (None: as the opening)."""
        high, low = tile
        if end is None:
            return high + low
        value = self.values[end]
        if high == low:
            return self.total - self.counts[end] + (2 * value if self.crosswise else value)
        outer = low if high == value else high
        return self.total - self.counts[end] + outer

    # ------------------------------------------------------------ playing
    def play_lead(self, tile: Tile, seat: int) -> None:
        """Open with a double: it stands crosswise, its long sides A and B naked."""
        if self.lead is not None:
            raise IllegalMoveError(N_("The opening double has already been played."))
        high, low = tile
        if high != low:
            raise IllegalMoveError(N_("The game opens with a double."))
        self.lead, self.lead_seat = tile, seat
        if self.crosswise:
            self._open_arms(high, ((LEAD, 0, 0), (LEAD, 0, 1)), naked=True)
            self._open_arms(high, ((LEAD, 0, 2), (LEAD, 0, 3)), naked=False)
        else:
            self._open_arms(high, ((LEAD, 0, 0), (LEAD, 0, 1)), naked=False)
        self.total = sum(self.counts)
        self.open = _SECOND

    def _open_arms(self, value: int, origins: tuple[Origin, ...], naked: bool) -> None:
        for origin in origins:
            self.arms.append([])
            self.values.append(value)
            self.counts.append(0 if naked else value)
            self.naked.append(naked)
            self.origins.append(origin)

    def place(self, tile: Tile, end: int, seat: int) -> int:
        """Lay ``tile`` on open end ``end``; returns its index in that arm."""
        if end not in self.open:
            if self.open is _SECOND and 0 <= end < len(self.arms):
                raise IllegalMoveError(N_("The second tile goes on the opening double's side, A."))
            raise IllegalMoveError(N_("{end} is not an open end."), end=self.label_of(end))
        value = self.values[end]
        outer = self.outer(tile, end)
        arm = self.arms[end]
        arm.append((tile, seat, value, outer))
        index = len(arm) - 1
        old = self.counts[end]
        if tile[0] == tile[1] and self.crosswise:
            self.counts[end] = 0
            self.naked[end] = True
            self._open_arms(value, ((end, index, LEFT), (end, index, RIGHT)), naked=False)
            self.total += 2 * value - old
        else:
            self.counts[end] = outer
            self.naked[end] = False
            self.values[end] = outer
            self.total += outer - old
        if self.open is _SECOND or len(self.open) != len(self.arms):
            self.open = tuple(range(len(self.arms)))
        return index

    def copy(self) -> CrosswiseLine:
        line = CrosswiseLine.__new__(CrosswiseLine)
        line.crosswise, line.top = self.crosswise, self.top
        line.lead, line.lead_seat = self.lead, self.lead_seat
        line.arms = [list(arm) for arm in self.arms]
        line.values, line.counts = list(self.values), list(self.counts)
        line.naked, line.origins = list(self.naked), list(self.origins)
        line.open, line.total = self.open, self.total
        return line

    # ------------------------------------------------------------ JSON
    def _origin_json(self, origin: Origin) -> dict[str, Any]:
        parent, index, side = origin
        if parent == LEAD:
            return {"arm": "lead", "side": LEAD_SIDES[side]}
        return {"arm": end_label(parent), "index": index, "side": SIDES[side]}

    def to_json(self) -> dict[str, Any]:
        """The public picture of the line (the view schema's "line"); also its stored form."""
        lead = self.lead
        return {
            "mode": "crosswise" if self.crosswise else "in-line",
            "lead": None
            if lead is None
            else {"tile": lead.name, "seat": self.lead_seat, "value": lead[0]},
            "arms": [
                {
                    "label": end_label(i),
                    "from": self._origin_json(self.origins[i]),
                    "pieces": [
                        {
                            "tile": tile.name,
                            "seat": seat,
                            "inner": inner,
                            "outer": outer,
                            "double": inner == outer,
                        }
                        for tile, seat, inner, outer in arm
                    ],
                }
                for i, arm in enumerate(self.arms)
            ],
            "ends": [
                {
                    "label": end_label(i),
                    "value": self.values[i],
                    "count": self.counts[i],
                    "naked": self.naked[i],
                }
                for i in range(len(self.arms))
            ],
            "total": self.total,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], top: int) -> CrosswiseLine:
        """Read :meth:`to_json` back: ends, counts and the total are recomputed from the
        tiles, not trusted."""
        line = cls(data.get("mode", "crosswise") == "crosswise", top)
        lead = data["lead"]
        if lead is None:
            return line
        line.lead, line.lead_seat = parse_tile(lead["tile"], top), int(lead["seat"])
        value = line.lead[0]
        crosswise = line.crosswise
        for i, arm in enumerate(data["arms"]):
            origin = arm["from"]
            if origin["arm"] == "lead":
                parent, index, side = LEAD, 0, LEAD_SIDES.index(origin["side"])
                start, naked = value, crosswise and side < 2
            else:
                parent, index = end_index(origin["arm"]), int(origin["index"])
                side = SIDES.index(origin["side"])
                start, naked = line.arms[parent][index][3], False
            pieces: list[Piece] = [
                (parse_tile(p["tile"], top), int(p["seat"]), int(p["inner"]), int(p["outer"]))
                for p in arm["pieces"]
            ]
            if i != len(line.arms):
                raise ValueError("arms are stored in the order they were opened")
            line.arms.append(pieces)
            line.origins.append((parent, index, side))
            if pieces:
                _, _, inner, outer = pieces[-1]
                naked = crosswise and inner == outer
                line.values.append(outer)
                line.counts.append(0 if naked else outer)
            else:
                line.values.append(start)
                line.counts.append(0 if naked else start)
            line.naked.append(naked)
        line.total = sum(line.counts)
        played = any(line.arms)
        line.open = tuple(range(len(line.arms))) if played else _SECOND
        return line
