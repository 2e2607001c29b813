"""Sackson move notation (docs/notation.md): ``d4`` places a piece on d4, ``d4-f6`` moves
the piece on d4 to f6, ``pass`` is the move of a player who cannot move.

>>> str(SacksonMove.parse("D4 F6")), str(SacksonMove.parse("e5")), SacksonMove.parse("d4-f6").code
('d4-f6', 'e5', 1733)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from engine.errors import N_, NotationError
from engine.game import Move
from engine.sackson.board import name, square
from engine.sackson.position import PASS, PLACE

_MOVE: Final = re.compile(r"^([a-h][1-8])(?:\s*(?:-|–|—|\s|x|to)?\s*([a-h][1-8]))?$")


@dataclass(frozen=True, slots=True)
class SacksonMove(Move):
    """A placement (``start`` None), a move of a piece, or a pass (both None)."""

    start: int | None
    end: int | None

    @property
    def is_pass(self) -> bool:
        return self.end is None

    @property
    def code(self) -> int:
        """The move as :class:`~engine.sackson.position.Position` plays it."""
        if self.end is None:
            return PASS
        return (PLACE if self.start is None else self.start) * 64 + self.end

    @classmethod
    def from_code(cls, code: int) -> SacksonMove:
        if code == PASS:
            return cls(None, None)
        start = code >> 6
        return cls(None if start == PLACE else start, code & 63)

    @classmethod
    def parse(cls, text: str) -> SacksonMove:
        cleaned = " ".join(text.strip().lower().split())
        if cleaned == "pass":
            return cls(None, None)
        found = _MOVE.match(cleaned)
        if found is None:
            raise NotationError(
                N_(
                    "“{text}” is not a move: write a square to place a piece (d4) or two "
                    "squares to move one (d4-f6)."
                ),
                text=text.strip()[:20],
            )
        first, second = found.groups()
        if second is None:
            return cls(None, square(first))
        return cls(square(first), square(second))

    def __str__(self) -> str:
        if self.end is None:
            return "pass"
        if self.start is None:
            return name(self.end)
        return f"{name(self.start)}-{name(self.end)}"
