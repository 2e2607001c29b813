"""FIDO divisor dominoes (docs/rules/fido.md): big sets, up to nine players, divisor scoring.

The line of play is the shared branching :class:`~engine.line.CrosswiseLine`; this package
adds the deal, the opening, compulsory play with drawing, the scoring and the end."""

from engine.fido.hand import FidoHand
from engine.fido.moves import FidoMove
from engine.fido.options import FidoOptions
from engine.fido.spec import SPEC

__all__ = ["SPEC", "FidoHand", "FidoMove", "FidoOptions"]
