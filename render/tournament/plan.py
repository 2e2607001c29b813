"""Where everything of the standings picture goes, and at what size, before any pixel.

Every text is at least as big as the picture's width needs to read in a chat
(:mod:`render.kit.legible`); a column is as wide as its heading in the reader's language
or its widest figure, a long heading broken onto two lines (at a space or after a dash)
first; the name column takes what is left, and the picture grows wider (its text then a
little bigger) only when that would leave too little room for names.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from i18n import N_, Text
from render.kit.fonts import Font, clean_text, font
from render.kit.legible import legible_size
from render.tournament.table import StandingsRow, StandingsTable

BASE_WIDTH: Final = 640
"""The picture's width while the columns leave names room enough (the ranking's)."""
PAD: Final = 16
GAP: Final = 16
"""Between two columns."""
MAX_ROWS: Final = 32
"""Rows drawn at most; the rest are counted in a last line."""
NAME_EMS: Final = 12
"""The least room for a name, in the rows' text size (ems)."""
WRAP_EMS: Final = 6
"""A heading wider than this (ems of its size) and wider than its figures is broken in two."""
TRIES: Final = 5

PLACE = N_("Place")
PLAYER = N_("Player")
POINTS = N_("Points")
DROPPED_TAG = N_("dropped out")
COMPUTER_TAG = N_("computer")


@dataclass(frozen=True, slots=True)
class Sizes:
    """Font sizes in px, all from the picture's width: the smallest (``small``) reads."""

    small: int

    @property
    def heading(self) -> int:
        return self.small

    @property
    def tag(self) -> int:
        return self.small

    @property
    def body(self) -> int:
        return self.small + 2

    @property
    def subtitle(self) -> int:
        return self.small + 1

    @property
    def title(self) -> int:
        return self.small + 8

    @property
    def badge(self) -> int:
        return self.small

    @property
    def medal(self) -> int:
        """The diameter of a podium medal."""
        return round(self.body * 1.6)

    @property
    def row(self) -> int:
        return max(round(self.body * 2.1), self.medal + 8)

    @property
    def line(self) -> int:
        return round(self.heading * 1.25)

    def all(self) -> tuple[int, ...]:
        return (self.heading, self.tag, self.body, self.subtitle, self.title, self.badge)


@dataclass(frozen=True, slots=True)
class Column:
    """A column's heading (one or two lines) and its span in px."""

    heading: tuple[str, ...]
    left: int
    right: int

    @property
    def centre(self) -> float:
        return (self.left + self.right) / 2


@dataclass(frozen=True, slots=True)
class StandingsPlan:
    width: int
    height: int
    sizes: Sizes
    place: Column
    name: Column
    points: Column
    figures: tuple[Column, ...]
    header_height: int
    """The title and subtitle's strip."""
    headings_height: int
    """The column headings' row below it."""
    rows: tuple[StandingsRow, ...]
    more: int

    @property
    def table_top(self) -> int:
        return self.header_height + self.headings_height

    def text_sizes(self) -> tuple[int, ...]:
        """Every font size the picture draws in (the legibility tests measure them)."""
        return self.sizes.all()

    def columns(self) -> tuple[Column, ...]:
        return (self.place, self.name, self.points, *self.figures)


def plan_standings(table: StandingsTable, text: Text) -> StandingsPlan:
    """The standings' layout in ``text``'s language: past :data:`MAX_ROWS` rows, the rest
    are added to those the caller already left out."""
    rows = table.rows[:MAX_ROWS]
    more = table.more + len(table.rows) - len(rows)
    width = BASE_WIDTH
    for _ in range(TRIES):
        sizes = Sizes(legible_size(width))
        spans = _spans(table, rows, sizes, text)
        needed = 2 * PAD + sum(w for _, w in spans) + len(spans) * GAP + NAME_EMS * sizes.body
        if needed <= width:
            break
        width = needed
    else:  # still too narrow: the text must read at the width reached, names get less
        sizes = Sizes(legible_size(width))
        spans = _spans(table, rows, sizes, text)
    place, points, *figures = _placed(spans, width)
    name = Column((text._(PLAYER),), place.right + GAP, points.left - GAP)
    lines = max(len(column.heading) for column in (place, points, *figures))
    header = PAD + round(sizes.title * 1.25) + 4 + round(sizes.subtitle * 1.25) + 10
    headings = lines * sizes.line + 12
    body = max(1, len(rows)) + (1 if more else 0)
    height = header + headings + body * sizes.row + PAD // 2
    return StandingsPlan(
        width, height, sizes, place, name, points, tuple(figures), header, headings, rows, more
    )


def _spans(
    table: StandingsTable, rows: Sequence[StandingsRow], sizes: Sizes, text: Text
) -> list[tuple[tuple[str, ...], int]]:
    """The place, points and tie-break columns' headings and widths, in that order."""
    heading = font(sizes.heading, bold=True)
    bold, regular = font(sizes.body, bold=True), font(sizes.body)
    places = [_widest([str(row.place) for row in rows], bold), sizes.medal]
    spans = [_heading(text._(PLACE), heading, max(places))]
    spans.append(_heading(text._(POINTS), heading, _widest([r.points for r in rows], bold)))
    for index, title in enumerate(table.columns):
        figures = [row.figures[index] for row in rows if index < len(row.figures)]
        spans.append(_heading(clean_text(title, ""), heading, _widest(figures, regular)))
    return spans


def _widest(texts: Sequence[str], face: Font) -> int:
    return max((_width(t, face) for t in texts), default=0)


def _width(text: str, face: Font) -> int:
    """How far ``text`` reaches, ink included (an italic or bold last letter may lean
    past its advance)."""
    return math.ceil(max(face.getlength(text), face.getbbox(text)[2]))


def _heading(title: str, face: Font, figures: int) -> tuple[tuple[str, ...], int]:
    """A column's heading lines and the column's width: the heading on one line, or on
    two when it is long (wider than :data:`WRAP_EMS` and than the figures below it)."""
    whole = _width(title, face)
    limit = max(figures, WRAP_EMS * face.size)
    if whole <= limit:
        return (title,), max(whole, figures)
    best: tuple[tuple[str, ...], int] = ((title,), whole)
    for first, second in _splits(title):
        widest = max(_width(first, face), _width(second, face))
        if widest < best[1]:
            best = ((first, second), widest)
    lines, width = best
    return lines, max(width, figures)


def _splits(title: str) -> list[tuple[str, str]]:
    """Every way to break ``title`` in two lines: at a space (dropped) or after a dash."""
    splits = []
    for index, char in enumerate(title):
        if char == " ":
            splits.append((title[:index], title[index + 1 :]))
        elif char in "-–" and 0 < index < len(title) - 1:
            splits.append((title[: index + 1], title[index + 1 :]))
    return [(a.strip(), b.strip()) for a, b in splits if a.strip() and b.strip()]


def _placed(spans: Sequence[tuple[tuple[str, ...], int]], width: int) -> list[Column]:
    """The place column at the left, the points and tie-breaks right-aligned to the right
    edge in order (the name column is the room between)."""
    heading, place_width = spans[0]
    columns = [Column(heading, PAD, PAD + place_width)]
    right = width - PAD
    numbers: list[Column] = []
    for heading, span in reversed(spans[1:]):
        numbers.append(Column(heading, right - span, right))
        right -= span + GAP
    return columns + numbers[::-1]
