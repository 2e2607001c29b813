"""Network dominoes: tiles laid on a 2-D grid, touching halves must match, rings score."""

from engine.network.hand import NetworkHand
from engine.network.layout import Layout, Placement
from engine.network.moves import PASS, NetworkMove, parse_move
from engine.network.options import NetworkOptions
from engine.network.position import read_position, write_position
from engine.network.spec import SPEC

__all__ = [
    "PASS",
    "SPEC",
    "Layout",
    "NetworkHand",
    "NetworkMove",
    "NetworkOptions",
    "Placement",
    "parse_move",
    "read_position",
    "write_position",
]
