"""The line of play of classic dominoes (RULES.md §2): a lead, two arms and maybe a spinner.

The lead sits in the centre; arms "E" and "W" grow out of it. With the spinner option on,
the first double played is the spinner: the line runs on through its two long sides (the
tile it was played onto covers one), and once both are covered its short ends open arms
"N" and "S". Every other double lies crosswise and carries its arm straight on.

Ends are indexed E=0, W=1, N=2, S=3 on the hot path; ``LABELS`` names them. The line keeps
each end's value (the number a tile must match) and count (what it adds to the open-end
total) up to date on every play, so legal-move listing and scoring are a few list reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import IllegalMoveError
from engine.tiles import Tile, parse_tile

LABELS = ("E", "W", "N", "S")
E, W, N, S = 0, 1, 2, 3
INDEX = {label: index for index, label in enumerate(LABELS)}
LEAD = -1
"""The spinner's "arm" when the spinner is the lead itself."""

Piece = tuple[Tile, int, int, int]
"""A tile in an arm: (tile, seat that laid it, inner half, outer half)."""

_WE = (E, W)
_ALL = (E, W, N, S)


class Line:
    """The tiles on the table and their open ends.

    ``values[i]`` is the number end ``i`` shows, ``counts[i]`` what it adds to ``total``;
    ``open`` lists the ends that may be played on (E and W once there is a lead, N and S
    once the spinner's long sides are both covered)."""

    __slots__ = (
        "arms",
        "counts",
        "lead",
        "lead_seat",
        "open",
        "spinner",
        "spinner_on",
        "spinner_value",
        "total",
        "values",
    )

    def __init__(self, spinner_on: bool = True) -> None:
        self.spinner_on = spinner_on
        self.lead: Tile | None = None
        self.lead_seat = -1
        self.arms: list[list[Piece]] = [[], [], [], []]
        self.values = [0, 0, 0, 0]
        self.counts = [0, 0, 0, 0]
        self.open: tuple[int, ...] = ()
        self.spinner: tuple[int, int] | None = None
        """(arm index, index in that arm), or (LEAD, 0) when the lead is the spinner."""
        self.spinner_value = 0
        self.total = 0

    # ------------------------------------------------------------ reading
    @property
    def is_empty(self) -> bool:
        return self.lead is None

    @property
    def ns_open(self) -> bool:
        return len(self.open) == 4

    def laid(self) -> list[Tile]:
        """Every tile on the line: the lead, then each arm's tiles outward."""
        tiles = [] if self.lead is None else [self.lead]
        for arm in self.arms:
            tiles.extend(piece[0] for piece in arm)
        return tiles

    def ends(self) -> list[tuple[str, int, int]]:
        """(label, value, count) of each open end, in the order E, W, N, S."""
        return [(LABELS[i], self.values[i], self.counts[i]) for i in self.open]

    def accepts(self, tile: Tile, end: int) -> bool:
        """Whether ``tile`` can be laid on open end ``end``."""
        if end not in self.open:
            return False
        value = self.values[end]
        return tile[0] == value or tile[1] == value

    def can_play(self, tile: Tile) -> bool:
        if self.lead is None:
            return True
        values = self.values
        high, low = tile
        return any(values[i] == high or values[i] == low for i in self.open)

    def fits(self, tile: Tile) -> list[int]:
        """The open ends ``tile`` can be laid on (every tile leads on an empty line)."""
        values = self.values
        high, low = tile
        return [i for i in self.open if values[i] == high or values[i] == low]

    def total_if(self, tile: Tile, end: int | None) -> int:
        """The open-end total after laying ``tile`` on ``end`` (None: as the lead).

        Only the end played on changes, except that the first tile off a lone double lead
        turns the lead's other side into a double at the end of a line (v becomes 2v)."""
        lead = self.lead
        if lead is None or end is None:
            return tile[0] + tile[1]
        high, low = tile
        outer = self._outer(tile, end)
        total = self.total - self.counts[end] + (2 * outer if high == low else outer)
        if end < 2 and lead[0] == lead[1] and not self.arms[0] and not self.arms[1]:
            total += lead[0]
        return total

    def _outer(self, tile: Tile, end: int) -> int:
        """The half of ``tile`` that faces out once it is laid on ``end``."""
        value = self.values[end]
        if tile[0] == value:
            return tile[1]
        if tile[1] == value:
            return tile[0]
        raise IllegalMoveError(f"{tile.name} does not match the {value} at {LABELS[end]}.")

    # ------------------------------------------------------------ playing
    def play_lead(self, tile: Tile, seat: int) -> None:
        """Lay the first tile: its high half faces west, its low half east."""
        if self.lead is not None:
            raise IllegalMoveError("The lead has already been played.")
        high, low = tile
        self.lead, self.lead_seat = tile, seat
        self.values = [low, high, 0, 0]
        self.counts = [low, high, 0, 0]
        self.open = _WE
        self.total = high + low
        if high == low and self.spinner_on:
            self.spinner, self.spinner_value = (LEAD, 0), high

    def place(self, tile: Tile, end: int, seat: int) -> int:
        """Lay ``tile`` on open end ``end``; returns its index in that arm."""
        if end not in self.open:
            raise IllegalMoveError(f"{LABELS[end]} is not an open end.")
        value = self.values[end]
        high, low = tile
        outer = self._outer(tile, end)
        arms = self.arms
        arm = arms[end]
        lead = self.lead
        assert lead is not None
        if end < 2 and lead[0] == lead[1] and not arms[0] and not arms[1]:
            self.counts[1 - end] = 2 * lead[0]  # a lone double lead is now a line's end
        arm.append((tile, seat, value, outer))
        self.values[end] = outer
        if high == low:
            self.counts[end] = 2 * outer
            if self.spinner is None and self.spinner_on:
                self.spinner, self.spinner_value = (end, len(arm) - 1), outer
        else:
            self.counts[end] = outer
        if len(self.open) == 2 and self.spinner is not None and self._spinner_covered():
            self.open = _ALL
            self.values[N] = self.values[S] = self.spinner_value
        counts = self.counts
        self.total = counts[0] + counts[1] + counts[2] + counts[3]
        return len(arm) - 1

    def _spinner_covered(self) -> bool:
        """Whether both long sides of the spinner have a tile against them."""
        assert self.spinner is not None
        arm, index = self.spinner
        if arm == LEAD:
            return bool(self.arms[E]) and bool(self.arms[W])
        return len(self.arms[arm]) > index + 1

    def recount(self) -> None:
        """Derive values, counts and open ends from the tiles alone (after loading)."""
        lead = self.lead
        if lead is None:
            self.values, self.counts, self.open, self.total = [0, 0, 0, 0], [0, 0, 0, 0], (), 0
            return
        arms = self.arms
        lead_double = lead[0] == lead[1]
        values, counts = [lead[1], lead[0], 0, 0], [0, 0, 0, 0]
        for end in _WE:
            if arms[end]:
                _, _, inner, outer = arms[end][-1]
                values[end] = outer
                counts[end] = 2 * outer if inner == outer else outer
            elif lead_double:
                counts[end] = lead[0] if not arms[1 - end] else 2 * lead[0]
            else:
                counts[end] = values[end]
        self.open = _WE
        if self.spinner is not None:
            arm, index = self.spinner
            self.spinner_value = lead[0] if arm == LEAD else arms[arm][index][3]
            if self._spinner_covered():
                self.open = _ALL
                for end in (N, S):
                    if arms[end]:
                        _, _, inner, outer = arms[end][-1]
                        values[end] = outer
                        counts[end] = 2 * outer if inner == outer else outer
                    else:
                        values[end] = self.spinner_value
        self.values, self.counts, self.total = values, counts, sum(counts)

    def copy(self) -> Line:
        line = Line(self.spinner_on)
        line.lead, line.lead_seat = self.lead, self.lead_seat
        line.arms = [list(arm) for arm in self.arms]
        line.values, line.counts = list(self.values), list(self.counts)
        line.open, line.spinner = self.open, self.spinner
        line.spinner_value, line.total = self.spinner_value, self.total
        return line

    # ------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        """The public picture of the line (the view schema's "line"); also its stored form."""
        lead = self.lead
        spinner = None
        if self.spinner is not None:
            arm, index = self.spinner
            spinner = {"arm": "lead" if arm == LEAD else LABELS[arm], "index": index}
        return {
            "lead": None
            if lead is None
            else {
                "tile": lead.name,
                "seat": self.lead_seat,
                "west": lead[0],
                "east": lead[1],
                "double": lead[0] == lead[1],
            },
            "spinner": spinner,
            "arms": {
                LABELS[end]: [
                    {
                        "tile": tile.name,
                        "seat": seat,
                        "inner": inner,
                        "outer": outer,
                        "double": inner == outer,
                    }
                    for tile, seat, inner, outer in self.arms[end]
                ]
                for end in _ALL
            },
            "ends": [
                {"label": label, "value": value, "count": count}
                for label, value, count in self.ends()
            ],
            "total": self.total,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], spinner_on: bool) -> Line:
        """Read :meth:`to_json` back (ends and total are recomputed, not trusted)."""
        line = cls(spinner_on)
        lead = data["lead"]
        if lead is not None:
            line.lead, line.lead_seat = parse_tile(lead["tile"], 6), int(lead["seat"])
        arms = data["arms"]
        line.arms = [
            [
                (parse_tile(p["tile"], 6), int(p["seat"]), int(p["inner"]), int(p["outer"]))
                for p in arms.get(label, [])
            ]
            for label in LABELS
        ]
        spinner = data.get("spinner")
        if spinner is not None:
            arm = LEAD if spinner["arm"] == "lead" else INDEX[spinner["arm"]]
            line.spinner = (arm, int(spinner["index"]))
        line.recount()
        return line
