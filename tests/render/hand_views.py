"""What the hand-built line views share: the seats, the stock, whose turn, the scores, the
lead, the last play, the history and the result, and laying a tile from a seat's hand.

:class:`~tests.render.line_views.LineView` (classic) and
:class:`~tests.render.fido_views.FidoView` (FIDO) build on :class:`HandView` and keep
their own line: its arms, its ends and how a play scores.
"""

from __future__ import annotations

from typing import Any

from engine.tiles import Tile, parse_tile

JSON = dict[str, Any]


class HandView:
    """A hand in progress on a ``top`` set: ``hand_size`` tiles dealt to each of
    ``players`` seats, ``stock`` left over; ``leader`` is on turn."""

    def __init__(
        self, players: int, top: int, *, leader: int, hand_number: int, hand_size: int, stock: int
    ) -> None:
        self.players = players
        self.top = top
        self.leader = leader
        self.hand_number = hand_number
        self.hand_sizes = [hand_size] * players
        self.stock = stock
        self.current: int | None = leader
        self.scores = [0] * players
        self.lead_tile: JSON | None = None
        self.last: JSON | None = None
        self.history: list[JSON] = []
        self.result: JSON | None = None
        self.played: set[Tile] = set()

    def _take(self, text: str, seat: int | None) -> tuple[Tile, int]:
        """Lay the tile ``text`` from ``seat``'s hand (the seat on turn if None): it must not
        have been played, and the seat must still hold a tile."""
        tile = parse_tile(text, self.top)
        if tile in self.played:
            raise ValueError(f"{tile} was played already")
        self.played.add(tile)
        if seat is None:
            assert self.current is not None
            seat = self.current
        self.hand_sizes[seat] -= 1
        if self.hand_sizes[seat] < 0:
            raise ValueError(f"seat {seat} has no tiles left")
        return tile, seat
