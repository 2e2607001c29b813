"""The hand picture a player gets in DMs: their tiles standing in rows, each named below.

Tiles that can be played now are bright; the rest are faded, so the choice is visible at a
glance; each tile with its name is a spot a page may tap (:mod:`render.kit.spots`), keyed
by the tile's name. It takes plain tiles, so every game can use it. Callers with big hands may also
mark the tiles that score now (a gold band and a gold name), show the tiles under group
captions, and show one page at a time (:mod:`render.kit.hand_layout` says where tiles go);
what scores and how tiles group is the caller's to say.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Final

from PIL import Image, ImageDraw

from engine.tiles import Tile
from i18n import N_, Text
from render.kit import sprites
from render.kit.fonts import clean_text, draw_text, fit_text, text_length
from render.kit.frame import png_picture
from render.kit.hand_layout import (
    GAP,
    PAD,
    PER_PAGE,
    PER_ROW,
    PILL_PAD,
    UNIT,
    HandLayout,
    arrange,
    caption_font,
    column_width,
    columns_for,
    empty_font,
    layout_groups,
    layout_rows,
    name_font,
    page_count,
    paginate,
    rows_for,
    title_font,
    word_sizes,
)
from render.kit.language import ENGLISH
from render.kit.palette import (
    BACKGROUND,
    BONUS_FILL,
    DIM_ALPHA,
    HEADER_RULE,
    TEXT,
    TEXT_MUTED,
    text_on,
)
from render.kit.spots import mark_spot
from render.kit.tiles import S, TileLook, numeral_size, tile_face

__all__ = [
    "GAP",
    "PAD",
    "PER_PAGE",
    "PER_ROW",
    "UNIT",
    "HandPlan",
    "draw_hand",
    "page_count",
    "plan_hand",
    "render_hand",
    "rows_for",
]

HAND_NUMERAL: Final = 0.56
"""Numerals (10–21) on hand tiles, in the bold face: with no seat band, two of its digits
fit a half at this size."""
BRIGHT: Final = TileLook(numeral=HAND_NUMERAL)
DIM: Final = TileLook(fade=DIM_ALPHA, spinner=None, numeral=HAND_NUMERAL)
LOOKS: Final = {
    (bright, numerals): replace(BRIGHT if bright else DIM, numerals=numerals)
    for bright in (True, False)
    for numerals in (True, False)
}
"""The face of a tile by whether it is playable and whether every number is a numeral."""
SCORES_NOW: Final = N_("scores now")
"""The legend of the gold mark."""


def draw_hand(
    tiles: Sequence[Tile],
    playable: Collection[Tile],
    *,
    title: str | None = None,
    scoring: Collection[Tile] = (),
    groups: Sequence[tuple[str, Sequence[Tile]]] | None = None,
    page: int | None = None,
    per_page: int = PER_PAGE,
    numerals: bool = False,
    text: Text = ENGLISH,
) -> Image.Image:
    """``tiles`` in the given order; those in ``playable`` bright, others dimmed;
    :func:`render_hand` gives it as PNG bytes.

    ``scoring``: tiles to mark in gold as scoring now, with a legend line. ``groups``:
    (caption, tiles) pairs drawn in that order, each under its caption (tiles of the hand
    in no group follow last). ``page`` (1-based): show only that page of at most
    ``per_page`` tiles, "page k of n" in the title (:func:`page_count` gives n).
    ``numerals``: every number as a numeral, as the game's table picture draws them (FIDO
    does, so that 0 to 21 each read one way everywhere); else pips up to 9. ``text``: the
    reader's language, for the words drawn (the title comes already in it)."""
    plan = plan_hand(
        tiles, title=title, scoring=scoring, groups=groups, page=page, per_page=per_page, text=text
    )
    return paint_hand(plan, playable, numerals=numerals, text=text)


render_hand = png_picture(draw_hand)


@dataclass(frozen=True, slots=True)
class HandPlan:
    layout: HandLayout
    heading: str
    """The title as drawn (with "page k of n" when paged)."""
    marked: frozenset[Tile]
    """Tiles of the hand marked as scoring now."""
    page: int
    pages: int

    @property
    def width(self) -> int:
        return self.layout.width

    def text_sizes(self) -> tuple[int, ...]:
        """The font size of every text the picture may draw: its words and, on its
        tiles, numerals."""
        numerals = (numeral_size(UNIT, BRIGHT),) if self.layout.cells else ()
        return (*word_sizes(), *numerals)


def plan_hand(
    tiles: Sequence[Tile],
    *,
    title: str | None = None,
    scoring: Collection[Tile] = (),
    groups: Sequence[tuple[str, Sequence[Tile]]] | None = None,
    page: int | None = None,
    per_page: int = PER_PAGE,
    text: Text = ENGLISH,
) -> HandPlan:
    """What :func:`render_hand` draws, before drawing: the page shown (``page`` clamped
    to the pages there are), its title and where its tiles go."""
    heading = clean_text(title, "") if title else ""
    marked = frozenset(scoring).intersection(tiles)
    column = column_width(tiles)
    per_row = columns_for(column)
    if groups is None and page is None:  # the hand picture every game has always had
        layout = layout_rows(
            tiles, heading=heading, legend=bool(marked), column=column, columns=per_row
        )
        return HandPlan(layout, heading, marked, 1, 1)
    arranged = arrange(tiles, groups)
    pages = paginate(arranged, per_page, text) if page is not None else [arranged]
    shown = min(max(1, page or 1), len(pages))
    if len(pages) > 1:
        if heading:
            heading = text._(
                "{title} · page {page} of {pages}", title=heading, page=shown, pages=len(pages)
            )
        else:
            heading = text._("Page {page} of {pages}", page=shown, pages=len(pages))
    on_page = pages[shown - 1]
    legend = any(t in marked for group in on_page for t in group.tiles)
    if groups is None:
        layout = layout_rows(
            on_page[0].tiles if on_page else (),
            heading=heading,
            legend=legend,
            column=column,
            columns=per_row,
            width_columns=rows_for(min(per_page, len(tiles)), per_row)[1],
        )
    else:
        layout = layout_groups(
            on_page, heading=heading, legend=legend, column=column, hand_size=len(tiles)
        )
    return HandPlan(layout, heading, marked, shown, len(pages))


def paint_hand(
    plan: HandPlan, playable: Collection[Tile], *, numerals: bool = False, text: Text = ENGLISH
) -> Image.Image:
    """Draw the planned hand: title, legend, captions, then each tile and its name."""
    layout, heading, marked = plan.layout, plan.heading, plan.marked
    image = Image.new("RGB", (layout.width, layout.height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    if heading:
        face = title_font()
        title = fit_text(heading, face, layout.width - 2 * PAD)
        draw_text(draw, (PAD, layout.title_top), title, face=face, fill=TEXT)
    if layout.legend_top is not None:
        _paint_pill(draw, text._(SCORES_NOW), PAD, layout.legend_top)
    if not layout.cells:
        top = layout.body_top
        empty = text._("No tiles left.")
        draw_text(draw, (PAD, top + 10), empty, face=empty_font(), fill=TEXT_MUTED)

        return image
    caption = caption_font()
    for group in layout.captions:
        draw_text(draw, (group.left, group.top), group.text, face=caption, fill=TEXT_MUTED)
        rule_y = group.top + caption.size + 3
        draw.line((group.left, rule_y, group.left + group.width, rule_y), fill=HEADER_RULE)
    usable = set(playable)
    names = name_font()
    for cell in layout.cells:
        tile, rect = cell.tile, cell.rect
        mark_spot(tile.name, cell.spot)  # a page taps a tile by its name: its subject key
        bright = tile in usable
        x0, y0 = round(rect.left), round(rect.top)
        if tile in marked:
            band = sprites.outline(round(rect.width), round(rect.height), UNIT, BONUS_FILL)
            pad = sprites.outline_pad(UNIT)
            image.paste(band, (x0 - pad, y0 - pad), band)
        picture = tile_face(tile.high, tile.low, S, UNIT, LOOKS[bright, numerals])
        image.paste(picture, (x0, y0), picture)
        if tile in marked:
            x, y = cell.name_at
            _paint_pill(draw, tile.name, x - text_length(tile.name, names) / 2 - PILL_PAD, y)
        else:
            fill = TEXT if bright else TEXT_MUTED
            draw_text(draw, cell.name_at, tile.name, face=names, fill=fill, anchor="ma")
    return image


def _paint_pill(draw: ImageDraw.ImageDraw, text: str, left: float, top: float) -> None:
    """``text`` in dark bold on a gold pill whose left edge is at ``left``; the text's top
    is at ``top``, where a plain name's would be."""
    face = name_font()
    right = left + text_length(text, face) + 2 * PILL_PAD
    draw.rounded_rectangle(
        (left, top - 3, right, top + face.size + 5), (face.size + 8) // 2, fill=BONUS_FILL
    )
    draw_text(draw, (left + PILL_PAD, top), text, face=face, fill=text_on(BONUS_FILL))
