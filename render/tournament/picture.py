"""A tournament's standings as a picture: a header (title, subtitle), the columns'
headings, then a row a player: place, name, points and the tie-break figures.

The podium is told by shape as well as colour: places 1 to 3 are medals (a ringed disc
with the number in it), the others a plain number. A player out of the event is drawn in
muted letters with an outlined tag, a computer filler with a filled tag, so no mark rests
on colour alone.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from i18n import N_, Text
from render.kit.bands import header_band, pill_width, striped_rows, tag_pill
from render.kit.fonts import clean_text, draw_text, fit_text, font
from render.kit.frame import png_picture
from render.kit.language import ENGLISH
from render.kit.palette import (
    BACKGROUND,
    BONUS_FILL,
    OKABE_ITO,
    RGB,
    TEXT,
    TEXT_MUTED,
    text_on,
)
from render.tournament.plan import (
    COMPUTER_TAG,
    DROPPED_TAG,
    PAD,
    PLAYER,
    StandingsPlan,
    plan_standings,
)
from render.tournament.table import StandingsRow, StandingsTable

MEDALS: dict[int, RGB] = {1: BONUS_FILL, 2: (198, 204, 212), 3: (205, 133, 63)}
"""Gold, silver and bronze; the number in the medal says which, whatever one sees."""
MEDAL_RING: RGB = TEXT
COMPUTER_FILL: RGB = OKABE_ITO[1]  # sky blue
MORE = N_("… and {count} more")
EMPTY = N_("No players yet.")


def draw_standings(table: StandingsTable, *, text: Text = ENGLISH) -> Image.Image:
    """The standings as a picture (PNG bytes from :func:`render_standings`, the same
    table always giving the same bytes); ``text``: the language of the words the picture
    adds to the table's own (the place, player and points headings, tags)."""
    plan = plan_standings(table, text)
    image = Image.new("RGB", (plan.width, plan.height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_header(draw, table, plan)
    _draw_headings(draw, plan, text)
    row_height = plan.sizes.row
    if not plan.rows:
        middle = plan.table_top + row_height // 2
        face = font(plan.sizes.body)
        draw_text(draw, (plan.width / 2, middle), text._(EMPTY), face, TEXT_MUTED, anchor="mm")
    y = striped_rows(
        draw,
        plan.rows,
        plan.table_top,
        plan.width,
        row_height,
        lambda row, middle: _draw_row(draw, plan, row, middle, text),
    )
    if plan.more:
        more = text._(MORE, count=plan.more)
        face = font(plan.sizes.small)
        draw_text(draw, (plan.name.left, y + row_height // 2), more, face, TEXT_MUTED, "lm")
    return image


render_standings = png_picture(draw_standings)


def _draw_header(draw: ImageDraw.ImageDraw, table: StandingsTable, plan: StandingsPlan) -> None:
    header_band(draw, plan.width, plan.header_height)
    room = plan.width - 2 * PAD
    title_face = font(plan.sizes.title, bold=True)
    title = fit_text(clean_text(table.title, ""), title_face, room)
    draw_text(draw, (PAD, PAD), title, title_face, TEXT)
    sub_face = font(plan.sizes.subtitle)
    subtitle = fit_text(clean_text(table.subtitle, ""), sub_face, room)
    sub_top = PAD + round(plan.sizes.title * 1.25) + 4
    draw_text(draw, (PAD, sub_top), subtitle, sub_face, TEXT_MUTED)


def _draw_headings(draw: ImageDraw.ImageDraw, plan: StandingsPlan, text: Text) -> None:
    """Each heading's lines sit on the row's bottom line; numbers' headings align right
    like their numbers, the place's is centred over the medals."""
    face = font(plan.sizes.heading, bold=True)
    bottom = plan.table_top - 6
    line = plan.sizes.line
    for column in plan.columns():
        if column is plan.name:
            heading = fit_text(column.heading[0], face, column.right - column.left)
            draw_text(draw, (column.left, bottom), heading, face, TEXT_MUTED, "ld")
            continue
        for index, words in enumerate(reversed(column.heading)):
            y = bottom - index * line
            if column is plan.place:
                draw_text(draw, (column.centre, y), words, face, TEXT_MUTED, "md")
            else:
                draw_text(draw, (column.right, y), words, face, TEXT_MUTED, "rd")


def _draw_row(
    draw: ImageDraw.ImageDraw, plan: StandingsPlan, row: StandingsRow, middle: int, text: Text
) -> None:
    sizes = plan.sizes
    colour = TEXT_MUTED if row.dropped else TEXT
    bold, regular = font(sizes.body, bold=True), font(sizes.body)
    _draw_place(draw, plan, row.place, middle, colour)
    tags = []
    if row.computer:
        tags.append((text._(COMPUTER_TAG), True))
    if row.dropped:
        tags.append((text._(DROPPED_TAG), False))
    tag_face = font(sizes.tag, bold=True)
    tag_widths = [pill_width(tag, tag_face) for tag, _ in tags]
    room = plan.name.right - plan.name.left - sum(width + 8 for width in tag_widths)
    name = fit_text(clean_text(row.name, text._(PLAYER)), regular, max(room, 0))
    draw_text(draw, (plan.name.left, middle), name, regular, colour, anchor="lm")
    left = plan.name.left + regular.getlength(name) + 8
    half = round(sizes.tag * 0.8)
    for (tag, filled), width in zip(tags, tag_widths, strict=True):
        tag_pill(draw, left, middle, tag, tag_face, half, COMPUTER_FILL if filled else None)
        left += width + 8
    draw_text(draw, (plan.points.right, middle), row.points, bold, colour, anchor="rm")
    for column, figure in zip(plan.figures, row.figures, strict=False):
        draw_text(draw, (column.right, middle), figure, regular, colour, anchor="rm")


def _draw_place(
    draw: ImageDraw.ImageDraw, plan: StandingsPlan, place: int, middle: int, colour: RGB
) -> None:
    """A medal for the podium, otherwise the number alone, centred in the place column."""
    x = plan.place.centre
    fill = MEDALS.get(place)
    if fill is None:
        face = font(plan.sizes.body, bold=True)
        draw_text(draw, (x, middle), str(place), face, colour, anchor="mm")
        return
    radius = plan.sizes.medal / 2
    box = (x - radius, middle - radius, x + radius, middle + radius)
    draw.ellipse(box, fill=fill, outline=MEDAL_RING, width=2)
    face = font(plan.sizes.badge + 1, bold=True)
    draw_text(draw, (x, middle), str(place), face, text_on(fill), anchor="mm")
