"""What the standings picture shows, already in the reader's language: the caller formats
every figure and translates the tie-breaks' headings (render asks no rules questions)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One player's line."""

    place: int
    name: str
    points: str
    """Already formatted by the caller (``2½``, ``3``)."""
    figures: tuple[str, ...]
    """The tie-break figures, formatted, in the order of :attr:`StandingsTable.columns`."""
    dropped: bool = False
    """Out of the event: shown muted, with a tag."""
    computer: bool = False
    """A computer filling a seat: tagged."""


@dataclass(frozen=True, slots=True)
class StandingsTable:
    title: str
    subtitle: str
    columns: tuple[str, ...]
    """The tie-breaks' headings, in the reader's language."""
    rows: tuple[StandingsRow, ...]
    more: int = 0
    """Players placed below the last row given."""
