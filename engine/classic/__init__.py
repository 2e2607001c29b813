"""Classic dominoes: All Fives, All Threes, Fives and Threes, Draw and Block
(docs/rules/dominoes.md).

One line of play from a central lead, with an optional spinner; the games differ only in
scoring, drawing and options."""

from engine.classic.hand import (
    VARIANTS,
    AllFives,
    AllThrees,
    BlockGame,
    ClassicHand,
    DrawGame,
    FivesAndThrees,
)
from engine.classic.line import LABELS, Line
from engine.classic.moves import DRAW, PASS, ClassicMove, parse_move, play_move
from engine.classic.options import ClassicOptions
from engine.classic.spec import SPECS

__all__ = [
    "DRAW",
    "LABELS",
    "PASS",
    "SPECS",
    "VARIANTS",
    "AllFives",
    "AllThrees",
    "BlockGame",
    "ClassicHand",
    "ClassicMove",
    "ClassicOptions",
    "DrawGame",
    "FivesAndThrees",
    "Line",
    "parse_move",
    "play_move",
]
