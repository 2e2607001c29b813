"""The monthly ranking picture: a PNG with a row a player, climbs, falls and newcomers
marked in colour and by sign."""

from __future__ import annotations

import io
import pickle

from PIL import Image

from render.kit.palette import BONUS_FILL
from render.ranking import RankingRow, RankingTable, render_ranking
from render.ranking.picture import DOWN, ROW, UP, draw_ranking

ROWS = (
    RankingRow(1, "Ada", 1234, 12, 1),
    RankingRow(2, "Bea 🎲", 1200, None, None),
    RankingRow(3, "Cal with a name far too long to fit beside the numbers", 1100, -7, -1),
    RankingRow(3, "Dan", 1100, 0, 0),
)


def table(rows: tuple[RankingRow, ...] = ROWS, more: int = 0) -> RankingTable:
    return RankingTable(
        "FIDO ranking", "November 2026", ("Domino Club", "Since October"), rows, more
    )


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {colour for _, colour in image.getcolors(image.width * image.height) or []}


def test_the_ranking_is_a_png_a_row_taller_for_every_player() -> None:
    data = render_ranking(table())
    picture = Image.open(io.BytesIO(data))
    assert picture.format == "PNG"
    assert data == render_ranking(table())  # the same ranking, the same bytes
    two = Image.open(io.BytesIO(render_ranking(table(ROWS[:2]))))
    assert picture.width == two.width
    assert picture.height - two.height == 2 * ROW
    more = Image.open(io.BytesIO(render_ranking(table(more=5))))
    assert more.height - picture.height == ROW


def test_climbs_falls_and_newcomers_are_coloured() -> None:
    everything = colours(draw_ranking(table()))
    assert {UP, DOWN, BONUS_FILL} <= everything
    steady = colours(draw_ranking(table((ROWS[0], ROWS[3]))))  # one climb, no fall, no one new
    assert UP in steady and DOWN not in steady and BONUS_FILL not in steady


def test_an_empty_ranking_still_draws_and_the_table_travels_to_a_drawing_process() -> None:
    empty = Image.open(io.BytesIO(render_ranking(table(()))))
    assert empty.format == "PNG" and empty.height > ROW
    assert pickle.loads(pickle.dumps(table())) == table()
