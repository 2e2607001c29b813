"""FIDO move notation: the shared line notation with ends lettered A, B, C … (then AA …).

* ``12-12`` — open with the highest double;
* ``12-5 A`` — lay 12-5 on end A;
* ``draw`` — draw one tile and sit out (only when nothing fits);
* ``pass`` — only ever made for a player who cannot play with the stock empty.

>>> str(book(18).parse("8-18 c"))
'18-8 C'
"""

from __future__ import annotations

from functools import cache

from engine.line.moves import LineMove, MoveBook


class FidoMove(LineMove):
    """A FIDO move; end labels are arm letters (:func:`engine.line.end_label`)."""

    __slots__ = ()
    example = "12-5 A"


@cache
def book(top: int) -> MoveBook:
    """The interned moves of a double-``top`` set (built once per set)."""
    return MoveBook(top, FidoMove, slots=4 + 2 * top)
