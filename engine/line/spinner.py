"""The classic line of play (docs/rules/dominoes.md): a lead, two arms and maybe a spinner.

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

from engine.errors import N_, IllegalMoveError
from engine.line.base import LineOfPlay
from engine.tiles import Tile, parse_tile

LABELS = ("E", "W", "N", "S")
E, W, N, S = 0, 1, 2, 3
INDEX = {label: index for index, label in enumerate(LABELS)}
LEAD = -1
"""The spinner's "arm" when the spinner is the lead itself."""

_WE = (E, W)
_ALL = (E, W, N, S)


class SpinnerLine(LineOfPlay):
    """A classic line: ``open`` holds E and W once there is a lead, N and S too once the
    spinner's long sides are both covered. Ends are arms 0–3, labelled E, W, N, S."""

    __slots__ = ("spinner", "spinner_on", "spinner_value", "top")

    def __init__(self, spinner_on: bool = True, top: int = 6) -> None:
        super().__init__()
        self.spinner_on = spinner_on
        self.top = top
        self.arms = [[], [], [], []]
        self.values = [0, 0, 0, 0]
        self.counts = [0, 0, 0, 0]
        self.spinner: tuple[int, int] | None = None
        """(arm index, index in that arm), or (LEAD, 0) when the lead is the spinner."""
        self.spinner_value = 0

    def label_of(self, end: int) -> str:
        return LABELS[end]

    # ------------------------------------------------------------ reading
    @property
    def ns_open(self) -> bool:
        return len(self.open) == 4

    def total_if(self, tile: Tile, end: int | None) -> int:
        """The open-end total after laying ``tile`` on ``end`` (None: as the lead).

        Only the end played on changes, except that the first tile off a lone double lead
        turns the lead's other side into a double at the end of a line (v becomes 2v)."""
        lead = self.lead
        if lead is None or end is None:
            return tile[0] + tile[1]
        high, low = tile
        outer = self.outer(tile, end)
        total = self.total - self.counts[end] + (2 * outer if high == low else outer)
        if end < 2 and lead[0] == lead[1] and not self.arms[0] and not self.arms[1]:
            total += lead[0]
        return total

    # ------------------------------------------------------------ playing
    def play_lead(self, tile: Tile, seat: int) -> None:
        """Lay the first tile: its high half faces west, its low half east."""
        if self.lead is not None:
            raise IllegalMoveError(N_("The lead has already been played."))
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
            raise IllegalMoveError(N_("{end} is not an open end."), end=LABELS[end])
        value = self.values[end]
        high, low = tile
        outer = self.outer(tile, end)
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

    def copy(self) -> SpinnerLine:
        line = SpinnerLine(self.spinner_on, self.top)
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
    def from_json(cls, data: Mapping[str, Any], spinner_on: bool, top: int = 6) -> SpinnerLine:
        """Read :meth:`to_json` back (ends and total are recomputed, not trusted)."""
        line = cls(spinner_on, top)
        lead = data["lead"]
        if lead is not None:
            line.lead, line.lead_seat = parse_tile(lead["tile"], top), int(lead["seat"])
        arms = data["arms"]
        line.arms = [
            [
                (parse_tile(p["tile"], top), int(p["seat"]), int(p["inner"]), int(p["outer"]))
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
