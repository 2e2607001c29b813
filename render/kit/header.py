"""The strip above the table: game, hand, whose turn, notes, and a score table that doubles
as the seat-colour legend (every colour on the table is explained by a row here).

It is game-agnostic: callers describe it with :class:`Header` and :class:`SeatRow`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from i18n import Text
from render.kit.bands import header_band
from render.kit.fonts import clean_text, draw_text, fit_text, font, text_length, wrap_text
from render.kit.language import ENGLISH
from render.kit.legible import legible_size
from render.kit.palette import (
    BACKGROUND,
    BONUS_FILL,
    CURRENT_ROW,
    RGB,
    TEXT,
    TEXT_MUTED,
    text_on,
)

MIN_WIDTH = 600
"""Narrowest picture: a one-tile table still gets a legible score table."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat in the score table; ``None`` leaves a cell blank."""

    name: str
    colour: RGB
    values: tuple[int | None, ...]
    """One per column of :attr:`Header.columns`."""
    to_play: bool = False
    tag: str | None = None
    """A short highlighted note after the name, e.g. ``"+3 bonus"``."""
    ring: RGB | None = None
    """An outline round the swatch, for a colour that would vanish on the header's own
    (Sackson's near-black Dark pieces)."""
    side: str | None = None
    """What the seat plays, in muted letters after the name (Sackson's ``Dark``)."""


@dataclass(frozen=True, slots=True)
class Header:
    title: str
    subtitle: str
    status: str
    notes: tuple[str, ...]
    columns: tuple[str, ...]
    rows: tuple[SeatRow, ...]


def seat_names(names: Sequence[str], players: int, text: Text = ENGLISH) -> list[str]:
    """One printable name per seat: the caller's, cleaned, or ``Seat n`` where it is
    missing or unprintable."""
    return [
        clean_text(names[seat] if seat < len(names) else "", seat_word(seat, text))
        for seat in range(players)
    ]


def seat_word(seat: int, text: Text = ENGLISH) -> str:
    """``Seat 3`` for seat index 2: a seat with no name to show."""
    return text._("Seat {number}", number=seat + 1)


def turn_status(name: str, text: Text = ENGLISH) -> str:
    """``Bob to play``, begun with a capital in a language whose sentence does not start
    with the name (``Le toca a bob``); a name stays as its player writes it."""
    status = text._("{name} to play", name=name)
    if status.startswith(name):
        return status
    return status[:1].upper() + status[1:]


def hand_subtitle(
    hand_number: int,
    target: int | None,
    goal: str | None = None,
    text: Text = ENGLISH,
    game: bool = False,
) -> str:
    """``Hand 3``, and ``· first to 100`` in a match to a target (``goal``: the caller's
    own words for it, e.g. ``first past 100`` where a total must exceed the target);
    ``Game 3`` with ``game``, for a game whose deals are games (FIDO)."""
    goal = goal or (None if target is None else text._("first to {target}", target=target))
    if game:
        if goal is None:
            return text._("Game {number}", number=hand_number)
        return text._("Game {number} · {goal}", number=hand_number, goal=goal)
    if goal is None:
        return text._("Hand {number}", number=hand_number)
    return text._("Hand {number} · {goal}", number=hand_number, goal=goal)


def scale_for(width: int) -> float:
    """Text grows with the picture, because chat clients shrink wide pictures to fit: the
    smallest text (the score table's headings and seat numbers) stays legible at chat
    size (:mod:`render.kit.legible`). In tenths, so a handful of font sizes (cached)
    serve every width."""
    need = legible_size(width)
    tenths = max(10, round(width / 76))
    while min(_smallest(tenths / 10)) < need:
        tenths += 1
    return tenths / 10


def _smallest(scale: float) -> tuple[int, int]:
    """The header's smallest font sizes at ``scale``: headings and tags, seat numbers."""
    m = _metrics(scale)
    return m["small"], _swatch_font(m)


def _swatch_font(m: dict[str, int]) -> int:
    return round(m["swatch"] * 0.7)


def header_text_sizes(width: int) -> tuple[int, ...]:
    """Every font size the header of a picture ``width`` px wide draws with."""
    m = _metrics(scale_for(width))
    return (m["title"], m["sub"], m["status"], m["note"], m["small"], m["name"], _swatch_font(m))


def _metrics(scale: float) -> dict[str, int]:
    return {
        "pad": round(14 * scale),
        "title": round(24 * scale),
        "sub": round(16 * scale),
        "status": round(18 * scale),
        "note": round(16 * scale),
        "small": round(13 * scale),
        "row": round(27 * scale),
        "name": round(17 * scale),
        "column": round(64 * scale),
        "swatch": round(20 * scale),
    }


NOTE_LINES = 3
"""A note longer than this many lines is cut with an ellipsis."""


def _note_lines(header: Header, width: int, m: dict[str, int]) -> list[str]:
    face = font(m["note"])
    return [
        line
        for note in header.notes
        for line in wrap_text(note, face, width - 2 * m["pad"], NOTE_LINES)
    ]


def _subtitle_below(header: Header, width: int, m: dict[str, int]) -> bool:
    """Whether the subtitle goes on a line of its own under the title: when it does not
    fit beside the title (which keeps at least half the width, cut short if longer)."""
    title = min(text_length(header.title, font(m["title"], bold=True)), width / 2)
    subtitle = text_length(header.subtitle, font(m["sub"]))
    return title + subtitle + 3 * m["pad"] > width


def header_height(header: Header, width: int) -> int:
    m = _metrics(scale_for(width))
    notes = _note_lines(header, width, m)
    lines = m["title"] + 8 + m["status"] + 6 + len(notes) * (m["note"] + 6)
    if _subtitle_below(header, width, m):
        lines += m["sub"] + 6
    return m["pad"] + lines + _rows_height(header, m)


def _rows_height(header: Header, m: dict[str, int]) -> int:
    """The score table's height with the space under it: its headings and one row a seat."""
    return m["small"] + 6 + len(header.rows) * m["row"] + 4 + m["pad"]


def header_over_table(
    header: Header, table_width: int, table_height: int
) -> tuple[Image.Image, int, int]:
    """A new picture with ``header`` drawn across the top and room below it for a table
    area ``table_width`` × ``table_height`` px, centred when the picture is wider (it is at
    least :data:`MIN_WIDTH`). Returns the picture and the area's ``top`` and ``left``."""
    width = max(MIN_WIDTH, table_width)
    top = header_height(header, width)
    image = Image.new("RGB", (width, top + table_height), BACKGROUND)
    draw_header(image, header, top)
    return image, top, (width - table_width) // 2


def draw_header(image: Image.Image, header: Header, height: int) -> None:
    """Paint ``header`` across the top ``height`` px of ``image``: title, status and notes
    from the top, the score table at the bottom (so that in a box taller than this header
    needs, as in a replay's frames, the score table keeps its place)."""
    width = image.width
    m = _metrics(scale_for(width))
    pad = m["pad"]
    draw = ImageDraw.Draw(image)
    header_band(draw, width, height)

    sub_font = font(m["sub"])
    title_font = font(m["title"], bold=True)
    y = pad
    if _subtitle_below(header, width, m):
        title = fit_text(header.title, title_font, width - 2 * pad)
        draw_text(draw, (pad, y), title, face=title_font, fill=TEXT)
        y += m["title"] + 6
        subtitle = fit_text(header.subtitle, sub_font, width - 2 * pad)
        draw_text(draw, (pad, y), subtitle, face=sub_font, fill=TEXT_MUTED)
        y += m["sub"] + 8
    else:
        room = width - 3 * pad - text_length(header.subtitle, sub_font)
        title = fit_text(header.title, title_font, room)
        draw_text(draw, (pad, y), title, face=title_font, fill=TEXT)
        draw_text(
            draw,
            (width - pad, y + m["title"] - m["sub"]),
            header.subtitle,
            face=sub_font,
            fill=TEXT_MUTED,
            anchor="ra",
        )
        y += m["title"] + 8
    status_font = font(m["status"], bold=True)
    draw_text(
        draw,
        (pad, y),
        fit_text(header.status, status_font, width - 2 * pad),
        face=status_font,
        fill=TEXT,
    )
    y += m["status"] + 6
    note_font = font(m["note"])
    for line in _note_lines(header, width, m):
        draw_text(draw, (pad, y), line, face=note_font, fill=TEXT_MUTED)
        y += m["note"] + 6
    _draw_rows(draw, header, height - _rows_height(header, m), width, m)


def column_widths(header: Header, width: int) -> list[int]:
    """Each score-table column's width in px: the usual width, or more for a heading
    longer than it (a language's longer word) so that headings never run together."""
    m = _metrics(scale_for(width))
    return _column_widths(header, m)


def _column_widths(header: Header, m: dict[str, int]) -> list[int]:
    small = font(m["small"])
    return [
        max(m["column"], math.ceil(text_length(heading, small)) + m["pad"])
        for heading in header.columns
    ]


def _draw_rows(
    draw: ImageDraw.ImageDraw, header: Header, y: int, width: int, m: dict[str, int]
) -> None:
    pad = m["pad"]
    small = font(m["small"])
    widths = _column_widths(header, m)
    column_right = [width - pad - sum(widths[i + 1 :]) for i in range(len(widths))]
    for right, heading in zip(column_right, header.columns, strict=True):
        draw_text(draw, (right, y), heading, face=small, fill=TEXT_MUTED, anchor="ra")
    y += m["small"] + 6
    name_left = pad + round(m["swatch"] * 2.2)
    first = column_right[0] - widths[0] if column_right else width - pad
    name_right = first + m["pad"]
    for seat, row in enumerate(header.rows):
        top, bottom = y, y + m["row"]
        middle = (top + bottom) // 2
        if row.to_play:
            draw.rounded_rectangle(
                (pad // 2, top + 1, width - pad // 2, bottom - 1), m["row"] // 4, fill=CURRENT_ROW
            )
            marker = font(m["name"], bold=True)
            draw_text(draw, (pad, middle), "▶", face=marker, fill=TEXT, anchor="lm")
        sw = m["swatch"]
        sx = pad + round(sw * 0.9)
        swatch = (sx, middle - sw // 2, sx + sw, middle + sw // 2)
        if row.ring is None:
            draw.rounded_rectangle(swatch, max(2, sw // 5), fill=row.colour)
        else:
            draw.rounded_rectangle(
                swatch, max(2, sw // 5), fill=row.colour, outline=row.ring, width=max(2, sw // 10)
            )
        draw_text(
            draw,
            (sx + sw / 2, middle + 1),
            str(seat + 1),
            face=font(_swatch_font(m), bold=True),
            fill=text_on(row.colour),
            anchor="mm",
        )
        name_font = font(m["name"], bold=row.to_play)
        tag_font = font(m["small"], bold=True)
        tag_width = 0 if row.tag is None else round(text_length(row.tag, tag_font) + m["small"])
        side = "" if row.side is None else f" · {row.side}"
        side_font = font(m["name"])
        side_width = round(text_length(side, side_font))
        name = fit_text(row.name, name_font, name_right - name_left - tag_width - side_width)
        draw_text(draw, (name_left, middle), name, face=name_font, fill=TEXT, anchor="lm")
        name_end = name_left + text_length(name, name_font)
        if side:
            draw_text(draw, (name_end, middle), side, face=side_font, fill=TEXT_MUTED, anchor="lm")
            name_end += side_width
        if row.tag is not None:
            tx = name_end + m["small"] * 0.6
            tw = text_length(row.tag, tag_font)
            th = m["small"] + 6
            draw.rounded_rectangle(
                (tx, middle - th / 2, tx + tw + m["small"] * 0.8, middle + th / 2),
                th // 2,
                fill=BONUS_FILL,
            )
            draw_text(
                draw,
                (tx + m["small"] * 0.4, middle),
                row.tag,
                face=tag_font,
                fill=text_on(BONUS_FILL),
                anchor="lm",
            )
        for right, value in zip(column_right, row.values, strict=True):
            if value is not None:
                draw_text(draw, (right, middle), str(value), face=name_font, fill=TEXT, anchor="rm")
        y = bottom
