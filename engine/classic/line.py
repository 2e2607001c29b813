"""Classic dominoes' line of play is the shared :class:`engine.line.SpinnerLine`; this
module keeps the names classic code and tests use (``Line``, end indexes E, W, N, S)."""

from engine.line.spinner import _ALL, _WE, INDEX, LABELS, LEAD, E, N, S, W
from engine.line.spinner import SpinnerLine as Line

__all__ = ["INDEX", "LABELS", "LEAD", "_ALL", "_WE", "E", "Line", "N", "S", "W"]
