"""What the hard players' deal samplers share (classic dominoes, FIDO).

A sampler deals the tiles one seat of a line game cannot see into the other hands and the
stock, at random but consistent with what the seat has seen; each game's own constraints
(classic voids, FIDO limits) and how it deals under them stay with the game's inference
module. :class:`HiddenTiles` holds the starting point both read from the hand.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from engine.line.hand import LineHand
from engine.tiles import Tile

LH = TypeVar("LH", bound=LineHand[Any, Any, Any, Any])


class HiddenTiles(Generic[LH]):
    """The tiles ``seat`` of ``hand`` cannot see (``unseen``, in set order) and every hand's
    size; ``hand`` may be a seat's rebuilt view or a full hand (only what the seat can see
    is read). A ValueError when the view does not add up."""

    def __init__(self, hand: LH, seat: int) -> None:
        self.hand = hand
        self.seat = seat
        self.unseen: list[Tile] = hand.unseen_by(seat)
        self.sizes = [len(h) for h in hand.hands]
        self.relaxed = 0
        """How many of the oldest constraints had to be dropped (0 for any real view)."""

    def others(self) -> list[int]:
        """Every seat but ``seat``: the hands to deal."""
        return [s for s in range(len(self.sizes)) if s != self.seat]
