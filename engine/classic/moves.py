"""Move notation for classic dominoes.

* ``6-4`` — lead a tile (the first play of a hand);
* ``6-4 E`` — lay 6-4 on the open end E (or W, N, S);
* ``draw`` — draw from the boneyard until you can play (or it runs out);
* ``pass`` — only ever made for a player, who cannot play and cannot draw.

Parsing is forgiving about case and spacing (``6-4 e``, ``64 E``, ``4-6E``, ``PASS``); the
printed form is canonical. See docs/notation.md.
"""

from __future__ import annotations

from typing import cast

from engine.errors import N_
from engine.line.moves import LineMove, MoveBook, parse_line_move
from engine.line.spinner import INDEX, LABELS
from engine.tiles import Tile

SET_TOP = 6


class ClassicMove(LineMove):
    """A classic move: ends are the four arms E, W, N, S (E=0, W=1, N=2, S=3)."""

    __slots__ = ()

    example = "6-4 E"
    end_advice = N_("'{written}' is not an end: use E, W, N or S, like '{tile} E'.")

    @classmethod
    def slot_of(cls, end: str) -> int:
        try:
            return INDEX[end]
        except KeyError:
            raise ValueError(f"unknown end {end!r}") from None

    @classmethod
    def label_of(cls, slot: int) -> str:
        return LABELS[slot]


BOOK = MoveBook(SET_TOP, ClassicMove)
DRAW = cast(ClassicMove, BOOK.draw)
PASS = cast(ClassicMove, BOOK.pass_)
TILES: tuple[Tile, ...] = BOOK.tiles
LEADS = cast(dict[Tile, ClassicMove], BOOK.leads)
PLAYS = cast(dict[Tile, list[ClassicMove]], BOOK.plays)
"""``PLAYS[tile][end]``: the interned move laying ``tile`` on end index ``end``."""


def play_move(tile: Tile, end: str | None = None) -> ClassicMove:
    """The move laying ``tile`` on ``end`` (None: leading it)."""
    if end is None:
        return LEADS[tile]
    return PLAYS[tile][INDEX[end]]


def parse_move(text: str) -> ClassicMove:
    """Read a move; raises NotationError with an example when it cannot."""
    return cast(ClassicMove, parse_line_move(text, BOOK))
