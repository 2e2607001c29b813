"""The tournament standings picture: a PNG with a row a player, the podium as medals,
long names cut to their column, every heading in its own room in every language (German's
are the longest), at most 32 rows and then how many more. (That every text reads at chat
size is measured in test_legibility.py.)"""

from __future__ import annotations

import io
import pickle

import pytest
from PIL import Image

from i18n import LANGUAGES, Text
from render.kit import bands
from render.kit.fonts import ELLIPSIS
from render.tournament import (
    StandingsRow,
    StandingsTable,
    draw_standings,
    picture,
    render_standings,
)
from render.tournament.picture import COMPUTER_FILL, MEDALS
from render.tournament.plan import MAX_ROWS, plan_standings
from tests.render.drawn_words import Drawn, record_drawn_text

LONG_NAME = "Maximiliane Würzburger-Oberhausen von Hohenzollern-Sigmaringen"
TWO_SEATS = ("Buchholz", "Sonneborn–Berger", "direct encounter")
GERMAN_TWO_SEATS = ("Buchholz", "Sonneborn-Berger", "Direkter Vergleich")
GERMAN_TABLES = ("Spielpunkte", "Punkte der Gegnerinnen und Gegner")
ROWS = (
    StandingsRow(1, "Ada", "3", ("6", "9", "1")),
    StandingsRow(2, LONG_NAME, "2½", ("7½", "6¼", "0")),
    StandingsRow(3, "Cal 🎲", "2", ("5", "4", "½")),
    StandingsRow(4, "Computer (fast)", "1½", ("4", "2", "0"), computer=True),
    StandingsRow(5, "Dan", "1", ("3½", "1", "0"), dropped=True),
    StandingsRow(6, "Eve", "0", ("3", "0", "0")),
)


def table(
    rows: tuple[StandingsRow, ...] = ROWS, columns: tuple[str, ...] = TWO_SEATS, more: int = 0
) -> StandingsTable:
    return StandingsTable("Friday All Fives · Swiss", "after round 3 of 5", columns, rows, more)


def many(count: int) -> tuple[StandingsRow, ...]:
    return tuple(
        StandingsRow(place, f"Player {place}", str(count - place), (str(place), "1"))
        for place in range(1, count + 1)
    )


def colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {colour for _, colour in image.getcolors(image.width * image.height) or []}


def drawn(monkeypatch: pytest.MonkeyPatch, table: StandingsTable, text: Text) -> list[Drawn]:
    words = record_drawn_text(monkeypatch, [picture, bands])  # bands: the tags
    draw_standings(table, text=text)
    return words


def test_the_standings_are_a_png_a_row_taller_for_every_player_and_the_same_bytes() -> None:
    data = render_standings(table())
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    plan = plan_standings(table(), Text())
    assert image.size == (plan.width, plan.height)
    assert data == render_standings(table())
    two = Image.open(io.BytesIO(render_standings(table(ROWS[:2]))))
    assert image.width == two.width
    assert image.height - two.height == 4 * plan.sizes.row
    assert pickle.loads(pickle.dumps(table())) == table()  # it travels to a drawing process


def test_the_podium_wears_medals_and_a_computer_its_filled_tag(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    everything = colours(draw_standings(table()))
    assert set(MEDALS.values()) | {COMPUTER_FILL} <= everything
    humans = colours(draw_standings(table((ROWS[4], ROWS[5]))))  # places 5 and 6
    assert not (set(MEDALS.values()) | {COMPUTER_FILL}) & humans
    words = [w.text for w in drawn(monkeypatch, table(), Text())]
    assert words.count("computer") == 1 and words.count("dropped out") == 1
    assert {"1", "2", "3", "4", "5", "6"} <= set(words)  # the medals carry their number


def test_a_long_name_is_cut_before_the_points(monkeypatch: pytest.MonkeyPatch) -> None:
    plan = plan_standings(table(), Text())
    words = drawn(monkeypatch, table(), Text())
    name = next(w for w in words if w.text.startswith("Maximiliane"))
    assert name.text.endswith(ELLIPSIS)
    assert name.right <= plan.name.right
    assert "Cal" in {w.text for w in words}  # the die, which the font lacks, is dropped


@pytest.mark.parametrize(
    "columns", [GERMAN_TWO_SEATS, GERMAN_TABLES, TWO_SEATS], ids=["two seats", "tables", "en"]
)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_heading_fits_its_column_in_every_language(
    monkeypatch: pytest.MonkeyPatch, language: str, columns: tuple[str, ...]
) -> None:
    """No two texts drawn overlap, every one lies inside the picture, and every column's
    heading is whole (not cut) and inside its column's span, which keeps a gap from
    the next."""
    rows = tuple(StandingsRow(r.place, r.name, r.points, r.figures[: len(columns)]) for r in ROWS)
    standings = table(rows, columns)
    text = Text(language)
    plan = plan_standings(standings, text)
    words = drawn(monkeypatch, standings, text)
    for word in words:
        assert word.left >= 0 and word.right <= plan.width, word
        assert word.top >= 0 and word.bottom <= plan.height, word
    for index, word in enumerate(words):
        for other in words[index + 1 :]:
            apart = (
                word.right <= other.left
                or other.right <= word.left
                or word.bottom <= other.top
                or other.bottom <= word.top
            )
            assert apart, (word, other)
    for column, heading in zip(plan.figures, columns, strict=True):
        assert " ".join(column.heading).replace("- ", "-").replace("– ", "–") == heading
        for line in column.heading:
            box = next(w for w in words if w.text == line)
            # right-aligned on its advance, a bold letter's ink may lean 1 px past it
            assert column.left <= box.left and box.right <= column.right + 1


def test_german_headings_widen_the_picture_only_as_far_as_names_need() -> None:
    english = plan_standings(table(), Text())
    german = plan_standings(table(columns=GERMAN_TWO_SEATS), Text("de"))
    assert german.name.right - german.name.left >= 12 * german.sizes.body
    assert german.width <= 800 and english.width <= 800
    assert english.name.right - english.name.left >= 12 * english.sizes.body


def test_past_32_rows_the_rest_are_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    forty = table(many(40), ("game points", "opponents' points"))
    plan = plan_standings(forty, Text())
    assert len(plan.rows) == MAX_ROWS and plan.more == 8
    words = [w.text for w in drawn(monkeypatch, forty, Text())]
    assert words[-1] == "… and 8 more"
    assert "Player 32" in words and "Player 33" not in words
    given = table(many(20), ("game points", "opponents' points"), more=5)
    assert [w.text for w in drawn(monkeypatch, given, Text("de"))][-1] == "… und 5 weitere"


def test_no_players_yet_still_draws() -> None:
    image = Image.open(io.BytesIO(render_standings(table(()), text=Text("es"))))
    assert image.format == "PNG" and image.height > plan_standings(table(()), Text()).table_top
