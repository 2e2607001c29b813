"""Where each tile of the hand picture goes: in even rows, or group by group under captions,
one page at a time. Pure geometry (no drawing), so tests can check it without pixels.

Big hands (a double-21 set deals 63 tiles to each of three players) are read on phones, so
they can be split into pages of at most ``per_page`` tiles. Groups are kept whole on a page
when they fit on one; a group bigger than a page fills pages of its own and carries on
under its caption marked "(cont.)". Every page of a hand has the same width, so paging
through it does not make the picture jump.

A chat shows the picture about 550 px wide, so its rows hold as many tiles as keep the
picture narrow enough for its smallest text to read there (:mod:`render.kit.legible`):
ten one-digit tiles, fewer when names like "12-11" widen the columns.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final

from engine.tiles import Tile
from i18n import N_, Text
from render.kit.fonts import Font, font, text_length
from render.kit.geometry import Rect
from render.kit.language import ENGLISH
from render.kit.legible import widest_for
from render.kit.tiles import S, tile_size

UNIT: Final = 44
PER_ROW: Final = 10
GAP: Final = 14
PAD: Final = 18
MIN_WIDTH: Final = 320
MAX_TITLE_WIDTH: Final = 720
"""The picture widens for a long title up to this, then the title is cut."""
PER_PAGE: Final = 30
"""Tiles on a page by default: three rows of ten, which a phone shows at a readable size."""

NAME_H: Final = 26
TITLE_H: Final = 34
LEGEND_H: Final = 30
CAPTION_H: Final = 26
GROUP_GAP: Final = 30
"""Px between two groups sharing a row."""
PILL_PAD: Final = 7
"""Px each side of a tile name on its gold pill (tiles that score now): less than half of
:data:`GAP` more than the 3 px a column leaves each side of a name."""
CONTINUED: Final = N_("{caption} (cont.)")
"""A group's caption on the pages after its first."""


def name_font() -> Font:
    return font(17, bold=True)


def title_font() -> Font:
    return font(20, bold=True)


def caption_font() -> Font:
    return font(16, bold=True)


def empty_font() -> Font:
    """The "No tiles left." line."""
    return font(18)


def word_sizes() -> tuple[int, ...]:
    """Every font size a hand picture draws its words with (names, pills, title,
    captions, the empty line)."""
    faces = (name_font(), title_font(), caption_font(), empty_font())
    return tuple(int(face.size) for face in faces)


def widest() -> int:
    """The widest a hand picture may be: its smallest text still reads in a chat."""
    return widest_for(min(word_sizes()))


def columns_for(column: int, most: int = PER_ROW) -> int:
    """How many columns ``column`` px wide a row holds (at most ``most``, at least one)
    within :func:`widest`."""
    fits = (widest() - 2 * PAD + GAP) // (column + GAP)
    return max(1, min(most, fits))


@dataclass(frozen=True, slots=True)
class Group:
    """Tiles shown together; ``caption`` (e.g. ``+3 / −4``) above them, or none."""

    caption: str | None
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Cell:
    """A tile standing at ``rect`` with its name centred below it at ``name_at``."""

    tile: Tile
    rect: Rect
    name_at: tuple[int, int]
    spot: Rect
    """What a page may tap for it: its column and half the gaps round it, from above the
    tile to below its name (touching its neighbours' spots, never over them)."""


def _cell(tile: Tile, centre: int, top: int, column: int) -> Cell:
    """The cell of ``tile`` standing centred on ``centre``, its top at ``top``."""
    tile_w, tile_h = tile_size(S, UNIT)
    x0 = centre - tile_w // 2
    reach = (column + GAP) / 2
    return Cell(
        tile,
        Rect(x0, top, x0 + tile_w, top + tile_h),
        (centre, top + tile_h + 4),
        Rect(centre - reach, top - GAP / 2, centre + reach, top + tile_h + NAME_H + GAP / 2),
    )


@dataclass(frozen=True, slots=True)
class Caption:
    text: str
    left: int
    top: int
    width: int
    """The width of the group below it, which its rule spans."""


@dataclass(frozen=True, slots=True)
class HandLayout:
    width: int
    height: int
    title_top: int
    legend_top: int | None
    """Where the "scores now" legend line goes, if it is shown."""
    body_top: int
    cells: tuple[Cell, ...]
    captions: tuple[Caption, ...]


def rows_for(count: int, per_row: int = PER_ROW) -> tuple[int, int]:
    """(rows, tiles per row): at most ``per_row`` a row, rows as even as possible."""
    if count == 0:
        return 0, 0
    rows = math.ceil(count / per_row)
    return rows, math.ceil(count / rows)


def arrange(
    tiles: Sequence[Tile], groups: Sequence[tuple[str, Sequence[Tile]]] | None
) -> list[Group]:
    """The hand as groups: the caller's, in order, keeping only tiles of the hand and each
    tile once; tiles in no group follow in a last group without a caption. No groups: one
    group of all the tiles, in the order given."""
    if groups is None:
        return [Group(None, tuple(tiles))]
    held = set(tiles)
    seen: set[Tile] = set()
    found = []
    for caption, members in groups:
        kept = []
        for tile in members:
            if tile in held and tile not in seen:
                seen.add(tile)
                kept.append(tile)
        if kept:
            found.append(Group(caption, tuple(kept)))
    rest = tuple(t for t in tiles if t not in seen)
    if rest:
        found.append(Group(None, rest))
    return found


def paginate(groups: Sequence[Group], per_page: int, text: Text = ENGLISH) -> list[list[Group]]:
    """Pages of at most ``per_page`` tiles (at least one page, maybe empty)."""
    if per_page < 1:
        raise ValueError("a page holds at least one tile")
    pages: list[list[Group]] = [[]]
    count = 0
    for group in groups:
        tiles, caption, shown = group.tiles, group.caption, group.caption
        while tiles:
            room = per_page - count
            if len(tiles) > room and count and len(tiles) <= per_page:
                pages.append([])  # the group fits a page of its own: keep it whole
                count, room = 0, per_page
            pages[-1].append(Group(shown, tiles[:room]))
            count += min(room, len(tiles))
            tiles = tiles[room:]
            if tiles:
                pages.append([])
                count = 0
                if caption is not None:
                    shown = text._(CONTINUED, caption=caption)

    return pages


def page_count(
    tiles: Sequence[Tile],
    *,
    groups: Sequence[tuple[str, Sequence[Tile]]] | None = None,
    per_page: int = PER_PAGE,
) -> int:
    """How many pages :func:`render.kit.hand.render_hand` splits this hand into."""
    return len(paginate(arrange(tiles, groups), per_page))


def column_width(tiles: Collection[Tile]) -> int:
    """A column is as wide as its tile or its name ("12-11" is wider than a tile). The gold
    pill round the name of a tile that scores now may reach into the gap between columns,
    so marking tiles never moves any."""
    face = name_font()
    return max([tile_size(S, UNIT)[0], *(round(text_length(t.name, face)) + 6 for t in tiles)])


def _frame(heading: str, legend: bool, content: int) -> tuple[int, int, int | None, int]:
    """Width for ``content`` px of tiles and the title, and the tops of the title, the
    legend and the tiles."""
    width = max(
        2 * PAD + content,
        min(round(text_length(heading, title_font())) + 2 * PAD, MAX_TITLE_WIDTH, widest()),
        MIN_WIDTH,
    )
    top = PAD + (TITLE_H if heading else 0)
    legend_top = top if legend else None
    return width, PAD, legend_top, top + (LEGEND_H if legend else 0)


def layout_rows(
    tiles: Sequence[Tile],
    *,
    heading: str,
    legend: bool,
    column: int,
    columns: int = PER_ROW,
    width_columns: int | None = None,
) -> HandLayout:
    """Tiles in even rows of at most ``columns``, each row centred; the picture is as wide
    as its widest row, or as ``width_columns`` tiles (every page of a hand alike)."""
    _, tile_h = tile_size(S, UNIT)
    step = column + GAP
    rows, per_row = rows_for(len(tiles), columns)
    content = (per_row if width_columns is None else width_columns) * step - GAP
    width, title_top, legend_top, top = _frame(heading, legend, content)
    height = top + max(rows, 1) * (tile_h + NAME_H) + max(0, rows - 1) * GAP + PAD
    cells = []
    for i, tile in enumerate(tiles):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(tiles) - row * per_row)
        row_left = (width - (in_row * step - GAP)) // 2
        centre = row_left + col * step + column // 2
        cells.append(_cell(tile, centre, top + row * (tile_h + NAME_H + GAP), column))
    return HandLayout(width, height, title_top, legend_top, top, tuple(cells), ())


def layout_groups(
    groups: Sequence[Group], *, heading: str, legend: bool, column: int, hand_size: int
) -> HandLayout:
    """Groups left to right in rows as wide as the hand's ``hand_size`` tiles need, up to
    ten tiles or :func:`widest`, each under its caption; a group that would not fit the
    rest of a row starts the next, and one longer than a row takes whole rows (its
    caption on the first). Every page of a hand has the same rows."""
    _, tile_h = tile_size(S, UNIT)
    step = column + GAP
    face = caption_font()
    columns = columns_for(column, max(1, hand_size))
    most = min(PER_ROW, max(1, hand_size)) * step - GAP
    row_width = max(columns * step - GAP, min(most, widest() - 2 * PAD))
    blocks: list[tuple[str, tuple[Tile, ...], int]] = []  # caption, tiles, px wide
    for group in groups:
        for start in range(0, len(group.tiles), columns):
            part = group.tiles[start : start + columns]
            text = (group.caption or "") if start == 0 else ""
            text_w = round(text_length(text, face)) if text else 0
            blocks.append((text, part, max(len(part) * step - GAP, text_w)))
    rows: list[list[tuple[str, tuple[Tile, ...], int]]] = []
    used = 0
    for block in blocks:
        if rows and used + GROUP_GAP + block[2] <= row_width:
            rows[-1].append(block)
            used += GROUP_GAP + block[2]
        else:
            rows.append([block])
            used = block[2]
    content = max([row_width, *(b[2] for b in blocks)])
    width, title_top, legend_top, top = _frame(heading, legend, content)
    left = (width - content) // 2
    cells, captions = [], []
    y = top
    for row in rows:
        band = CAPTION_H if any(text for text, _, _ in row) else 0
        x = left
        for text, part, block_w in row:
            if text:
                captions.append(Caption(text, x, y, block_w))
            for i, tile in enumerate(part):
                cells.append(_cell(tile, x + i * step + column // 2, y + band, column))
            x += block_w + GROUP_GAP
        y += band + tile_h + NAME_H + GAP
    height = max(y - GAP, top + tile_h + NAME_H) + PAD
    return HandLayout(width, height, title_top, legend_top, top, tuple(cells), tuple(captions))
