"""A ranking as a picture: a header, then one row a player (position, name, rating, the
rating's change and the position's move since the last report; a newcomer is tagged).

Climbs and falls are told by a sign and an arrow as well as by colour (Okabe–Ito blue and
vermillion), so they read the same to colour-blind players.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from i18n import N_, Text
from render.kit.bands import header_band, striped_rows, tag_pill
from render.kit.fonts import DRAWING, clean_text, draw_text, fit_text, font
from render.kit.language import ENGLISH
from render.kit.palette import (
    BACKGROUND,
    BONUS_FILL,
    OKABE_ITO,
    RGB,
    TEXT,
    TEXT_MUTED,
)
from render.kit.png import encode

WIDTH = 640
PAD = 16
ROW = 32
UP: RGB = OKABE_ITO[1]  # sky blue
DOWN: RGB = OKABE_ITO[5]  # vermillion
NEW_TAG = N_("new")
"""The tag after a player new to the ranking."""

# Right edges of the number columns, from the picture's right side.
_MOVE_RIGHT = WIDTH - PAD
_CHANGE_RIGHT = _MOVE_RIGHT - 86
_RATING_RIGHT = _CHANGE_RIGHT - 100
_NAME_LEFT = PAD + 46


@dataclass(frozen=True, slots=True)
class RankingRow:
    """One player. ``change`` (rating) and ``moved`` (places climbed, negative: fallen)
    are None for a player new to the ranking."""

    position: int
    name: str
    rating: int
    change: int | None
    moved: int | None


@dataclass(frozen=True, slots=True)
class RankingTable:
    title: str
    subtitle: str
    notes: tuple[str, ...]
    rows: tuple[RankingRow, ...]
    more: int = 0
    """Players ranked below the last row shown."""
    empty: str | None = None
    """What an empty ranking says (default: no rated results yet)."""


def render_ranking(table: RankingTable, *, text: Text = ENGLISH) -> bytes:
    """The ranking as PNG bytes (the same table always gives the same bytes); ``text``:
    the language of the words the picture adds to the table's own (headings, tags)."""
    with DRAWING:
        image = draw_ranking(table, text=text)
    return encode(image)


def _header_height(table: RankingTable) -> int:
    return PAD + 28 + len(table.notes) * 24 + 12 + 22


def draw_ranking(table: RankingTable, *, text: Text = ENGLISH) -> Image.Image:
    top = _header_height(table)
    body = max(1, len(table.rows)) * ROW + (ROW if table.more else 0)
    image = Image.new("RGB", (WIDTH, top + body + PAD), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_header(draw, table, top, text)
    if not table.rows:
        face = font(18)
        empty = table.empty if table.empty is not None else text._("No rated results yet.")
        draw_text(draw, (WIDTH / 2, top + ROW / 2), empty, face, TEXT_MUTED, anchor="mm")
        return image
    y = striped_rows(
        draw, table.rows, top, WIDTH, ROW, lambda row, middle: _draw_row(draw, row, middle, text)
    )
    if table.more:
        more = text._("… and {count} more", count=table.more)
        draw_text(draw, (_NAME_LEFT, y + ROW // 2), more, font(15), TEXT_MUTED, anchor="lm")
    return image


def _draw_header(draw: ImageDraw.ImageDraw, table: RankingTable, height: int, text: Text) -> None:
    header_band(draw, WIDTH, height)
    sub_face = font(16)
    subtitle = fit_text(table.subtitle, sub_face, WIDTH / 3)
    sub_width = sub_face.getlength(subtitle)
    title_face = font(24, bold=True)
    title = fit_text(table.title, title_face, WIDTH - 3 * PAD - sub_width)
    draw_text(draw, (PAD, PAD), title, title_face, TEXT)
    draw_text(draw, (WIDTH - PAD, PAD + 6), subtitle, sub_face, TEXT_MUTED, anchor="ra")
    y = PAD + 28
    note_face = font(15)
    for note in table.notes:
        line = fit_text(note, note_face, WIDTH - 2 * PAD)
        draw_text(draw, (PAD, y + 4), line, note_face, TEXT_MUTED)
        y += 24
    y += 12
    if not table.rows:
        return
    small = font(15)
    for x, heading, anchor in (
        (PAD + 30, "#", "ra"),
        (_NAME_LEFT, text._("Player"), "la"),
        (_RATING_RIGHT, text._("Rating"), "ra"),
        (_CHANGE_RIGHT, text._("Change"), "ra"),
        (_MOVE_RIGHT, text._("Moved"), "ra"),
    ):
        draw_text(draw, (x, y), heading, small, TEXT_MUTED, anchor=anchor)


def _draw_row(draw: ImageDraw.ImageDraw, row: RankingRow, middle: int, text: Text) -> None:
    face = font(17)
    bold = font(17, bold=True)
    draw_text(draw, (PAD + 30, middle), f"{row.position}", bold, TEXT, anchor="rm")
    name_room = _RATING_RIGHT - 70 - _NAME_LEFT
    if row.change is None:
        name_room -= 50
    name = fit_text(clean_text(row.name, text._("Player")), face, name_room)
    draw_text(draw, (_NAME_LEFT, middle), name, face, TEXT, anchor="lm")
    if row.change is None:
        left = _NAME_LEFT + face.getlength(name) + 10
        tag_pill(draw, left, middle, text._(NEW_TAG), font(15, bold=True), 10, BONUS_FILL)
    draw_text(draw, (_RATING_RIGHT, middle), str(row.rating), bold, TEXT, anchor="rm")
    if row.change is not None:
        change, colour = _signed(row.change)
        draw_text(draw, (_CHANGE_RIGHT, middle), change, face, colour, anchor="rm")
    if row.moved is not None:
        moved, colour = _signed(row.moved)
        draw_text(draw, (_MOVE_RIGHT, middle), moved, face, colour, anchor="rm")


def _signed(number: int) -> tuple[str, RGB]:
    """``▲ +12``, ``▼ −5`` or ``=``, and its colour."""
    if number > 0:
        return f"▲ +{number}", UP
    if number < 0:
        return f"▼ −{-number}", DOWN
    return "=", TEXT_MUTED
