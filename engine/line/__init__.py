"""The line of play shared by the line games: classic dominoes and FIDO.

A line grows from a lead along *arms*; each arm's outer end is an open end with a value
(the number a tile must match) and a count (what it adds to the open-end total). The two
rule sets differ in how doubles lie and which ends count:

* :class:`SpinnerLine` (classic): arms E and W from the lead, and N and S from the spinner
  once its long sides are covered; a double at the end of an arm counts both halves.
* :class:`CrosswiseLine` (FIDO): every double lies crosswise; its short ends open two new
  arms and its far long side is a *naked* end that counts nothing until a tile covers it.

Moves of both are :class:`LineMove` values in one notation (``6-4``, ``12-5 C``, ``draw``,
``pass``), for any set up to double-21.
"""

from engine.line.base import LineOfPlay, Piece
from engine.line.crosswise import CrosswiseLine
from engine.line.labels import end_index, end_label
from engine.line.moves import DRAW, PASS, LineMove, MoveBook, parse_line_move
from engine.line.spinner import SpinnerLine

__all__ = [
    "DRAW",
    "PASS",
    "CrosswiseLine",
    "LineMove",
    "LineOfPlay",
    "MoveBook",
    "Piece",
    "SpinnerLine",
    "end_index",
    "end_label",
    "parse_line_move",
]
