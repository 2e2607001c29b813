"""What every line of play shares: a lead, arms of pieces, and the open ends' numbers.

``values[i]`` is the number end ``i`` shows (what a tile must match there), ``counts[i]``
what it adds to ``total``; ``open`` lists the ends that may be played on now. Subclasses
keep these up to date on every play, so legal-move listing and scoring are list reads.
"""

from __future__ import annotations

from engine.errors import N_, IllegalMoveError
from engine.tiles import Tile

Piece = tuple[Tile, int, int, int]
"""A tile in an arm: (tile, seat that laid it, inner half, outer half)."""


class LineOfPlay:
    """The tiles on the table and their open ends (see the module docstring)."""

    __slots__ = ("arms", "counts", "lead", "lead_seat", "open", "total", "values")

    def __init__(self) -> None:
        self.lead: Tile | None = None
        self.lead_seat = -1
        self.arms: list[list[Piece]] = []
        self.values: list[int] = []
        self.counts: list[int] = []
        self.open: tuple[int, ...] = ()
        self.total = 0

    def label_of(self, end: int) -> str:
        """The name players see for end ``end``."""
        raise NotImplementedError

    # ------------------------------------------------------------ reading
    @property
    def is_empty(self) -> bool:
        return self.lead is None

    def laid(self) -> list[Tile]:
        """Every tile on the line: the lead, then each arm's tiles outward."""
        tiles = [] if self.lead is None else [self.lead]
        for arm in self.arms:
            tiles.extend(piece[0] for piece in arm)
        return tiles

    def ends(self) -> list[tuple[str, int, int]]:
        """(label, value, count) of each open end, in end order."""
        values, counts, label = self.values, self.counts, self.label_of
        return [(label(i), values[i], counts[i]) for i in self.open]

    def text(self) -> str:
        """The line in plain text: its open ends (and total) and the tiles laid."""
        if self.lead is None:
            return "(nothing laid yet)"
        ends = ", ".join(f"{label} {value}" for label, value, _ in self.ends())
        laid = ", ".join(tile.name for tile in self.laid())
        return f"Open ends: {ends or 'none'} (total {self.total})\nLaid: {laid}"

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
        """The open ends ``tile`` can be laid on (none on an empty line)."""
        values = self.values
        high, low = tile
        return [i for i in self.open if values[i] == high or values[i] == low]

    def outer(self, tile: Tile, end: int) -> int:
        """The half of ``tile`` that faces out once it is laid on ``end``."""
        value = self.values[end]
        if tile[0] == value:
            return tile[1]
        if tile[1] == value:
            return tile[0]
        raise IllegalMoveError(
            N_("{tile} does not match the {value} at {end}."),
            tile=tile.name,
            value=value,
            end=self.label_of(end),
        )

    # ------------------------------------------------------------ laying
    def play_lead(self, tile: Tile, seat: int) -> None:
        """Lay ``tile`` as the lead, for ``seat``."""
        raise NotImplementedError

    def place(self, tile: Tile, end: int, seat: int) -> int:
        """Lay ``tile`` on open end ``end`` for ``seat``; its index in its arm."""
        raise NotImplementedError

    def lay(self, tile: Tile, slot: int, seat: int) -> None:
        """Lay ``tile`` for ``seat`` as a recorded move says: the lead when ``slot`` is
        negative (a lead's slot), else on end ``slot`` (for replaying a history)."""
        if slot < 0:
            self.play_lead(tile, seat)
        else:
            self.place(tile, slot, seat)
