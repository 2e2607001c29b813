"""Pictures in every language: the words drawn come from the catalog, the fonts draw each
accented letter the languages use, and the header's and score table's words fit their
room (German words are the longest) instead of running together or being cut short.

Every word the header draws goes through ``render.kit.header.draw_text``; the tests
record those calls (the text, where and in which face) and check the boxes they cover.
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Callable, Iterator

import pytest
from PIL import Image, ImageDraw

from engine.tiles import Tile, double_set
from i18n import LANGUAGES, Text
from render.fido.picture import draw_fido_table
from render.kit import bands, hand, header
from render.kit.fonts import ELLIPSIS, font
from render.kit.hand import draw_hand
from render.line.picture import draw_line_table
from render.network.picture import draw_network_table
from render.ranking import picture as ranking
from render.ranking.picture import RankingRow, RankingTable, draw_ranking
from render.sackson.picture import draw_sackson_board
from tests.render import fido_cases as F
from tests.render import line_cases as L
from tests.render import positions as P
from tests.render import sackson_views as V
from tests.render.cases import candidates_of, moves_of
from tests.render.drawn_words import Drawn, record_drawn_text

LETTERS = "áéíñóúüçãõß" + "ÁÉÍÑÓÚÜÇÃÕ" + "äöÄÖâêôà¿¡"
"""Every accented letter Spanish, Portuguese and German write, and their capitals."""
NAMES = ("Ann", "Bob", "Cy", "Dee")
LONG_NAMES = (
    "Bartholomew Fitzgerald-Saint-John of Little Wolverhampton",
    "Maximiliane Würzburger-Oberhausen von Hohenzollern-Sigmaringen",
    "Cy",
    "Dee",
)
"""Names long enough to be cut: they must end before the score table's first column."""


def _ink(char: str, bold: bool) -> bytes:
    canvas = Image.new("L", (48, 48))
    ImageDraw.Draw(canvas).text((8, 4), char, font=font(32, bold), fill=255)
    return canvas.tobytes()


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_both_fonts_draw_every_accented_letter(bold: bool) -> None:
    """Each letter draws a glyph of its own: ink, and not the missing-glyph box (which
    every unmapped character shares)."""
    missing = _ink("\U0010fffd", bold)
    base = {char: _ink(char, bold) for char in "aeinoucsAEINOUC"}
    for char in LETTERS:
        drawn = _ink(char, bold)
        assert any(drawn), char
        assert drawn != missing, f"{char} draws the missing-glyph box"
        plain = base.get(_unaccented(char))
        assert plain is None or drawn != plain, f"{char} draws without its accent"


def _unaccented(char: str) -> str:
    return unicodedata.normalize("NFD", char)[0]


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every text the header, the hand and the ranking (its tags: the bands) draw, with the
    box it covers."""
    yield record_drawn_text(monkeypatch, (header, hand, ranking, bands))


def _line(text: Text, names: tuple[str, ...] = NAMES) -> Image.Image:
    return draw_line_table(L.blocked(), names[:3], totals=(35, 120, 80), target=150, text=text)


def _fido(text: Text, names: tuple[str, ...] = NAMES) -> Image.Image:
    return draw_fido_table(F.over(), names[:3], totals=(10, 0, 4), target=100, text=text)


def _network(text: Text, names: tuple[str, ...] = NAMES) -> Image.Image:
    hand_ = P.CANDIDATES.hand()
    tile = P.CANDIDATE_TILE
    return draw_network_table(
        hand_,
        names[: hand_.players],
        totals=(1, 2, 3, 4)[: hand_.players],
        target=10,
        candidates=candidates_of(hand_, tile),
        candidate_tile=tile,
        candidate_moves=moves_of(hand_, tile),
        text=text,
    )


def _sackson(text: Text, names: tuple[str, ...] = NAMES) -> Image.Image:
    return draw_sackson_board(V.placing(), names[:2], totals=(1, 2), target=3, text=text)


PICTURES: dict[str, Callable[..., Image.Image]] = {
    "line": _line,
    "fido": _fido,
    "network": _network,
    "sackson": _sackson,
}
HEADINGS = {
    "line": ("tiles", "pips", "hand", "match"),
    "fido": ("tiles", "pips", "points", "match"),
    "network": ("tiles", "rings", "hand", "match"),
    "sackson": ("In hand", "Wins"),
}


def _headings(calls: list[Drawn], words: tuple[str, ...], text: Text) -> list[Drawn]:
    wanted = [text._(word) for word in words]
    found = [call for call in calls if call.text in wanted]
    assert [call.text for call in found] == wanted
    return found


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", PICTURES)
def test_the_header_fits_its_words_in_every_language(
    recorded: list[Drawn], game: str, language: str
) -> None:
    """Nothing the header draws leaves the picture or is cut short with an ellipsis;
    the score table's headings (the words that differ most in length between languages)
    never touch each other, and the names end before the first of them."""
    text = Text(language)
    image = PICTURES[game](text)
    assert recorded
    for call in recorded:
        assert call.left >= 0 and call.right <= image.width, call
        assert ELLIPSIS not in call.text, call
    headings = _headings(recorded, HEADINGS[game], text)
    for left, right in itertools.pairwise(headings):
        assert left.right < right.left, (left, right)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", PICTURES)
def test_long_names_end_before_the_score_table(
    recorded: list[Drawn], game: str, language: str
) -> None:
    """A row's words (a long name, cut if need be, its side and its tag) end before the
    first column's heading begins, however wide that heading is in the language."""
    text = Text(language)
    PICTURES[game](text, LONG_NAMES)
    headings = _headings(recorded, HEADINGS[game], text)
    table = [call for call in recorded if call.top > headings[0].bottom]
    words = [call for call in table if not call.text.lstrip("-").isdigit() and call.text != "▶"]
    assert {call.text[:4] for call in words} >= {name[:4] for name in LONG_NAMES[:2]}
    assert max(call.right for call in words) < headings[0].left


SUBTITLES = {
    "line": "Mano 1 · ",
    "fido": "Juego 1 · ",
    "network": "Mano 1 · ",
    "sackson": "Juego 1 · ",
}


@pytest.mark.parametrize("game", PICTURES)
def test_the_header_speaks_the_tables_language(recorded: list[Drawn], game: str) -> None:
    """A Spanish or German table's header draws its headings (and a Spanish one its
    subtitle) in that language, not in English, and so differs from the English picture."""
    english = PICTURES[game](Text())
    for language in ("es", "de"):
        recorded.clear()
        text = Text(language)
        picture = PICTURES[game](text)
        drawn = {call.text for call in recorded}
        assert picture.tobytes() != english.tobytes()
        _headings(recorded, HEADINGS[game], text)
        assert drawn.isdisjoint(HEADINGS[game]), drawn & set(HEADINGS[game])
        if language == "es":
            assert any(word.startswith(SUBTITLES[game]) for word in drawn), drawn


def test_sackson_names_its_sides_in_the_tables_language(recorded: list[Drawn]) -> None:
    _sackson(Text("de"))
    drawn = " ".join(call.text for call in recorded)
    assert "Dunkel" in drawn and "Hell" in drawn and "Auf der Hand" in drawn
    assert "Dark" not in drawn and "Light" not in drawn


def test_hand_pictures_speak_the_readers_language(recorded: list[Drawn]) -> None:
    """The words a hand picture adds to its title: the page count, the scoring legend,
    a group's caption carried on to the next page."""
    tiles = list(double_set(9))
    scoring = [Tile(9, 9)]
    groups = [("±1", tiles[:40]), ("±2", tiles[40:])]
    image = draw_hand(
        tiles, tiles, title="Mesa 4", scoring=scoring, groups=groups, page=2, text=Text("es")
    )
    drawn = [call.text for call in recorded]
    pages = hand.page_count(tiles, groups=groups)
    assert pages > 1
    assert f"Mesa 4 · página 2 de {pages}" in drawn
    assert "±1 (cont.)" in drawn
    for call in recorded:
        assert call.left >= 0 and call.right <= image.width, call
    recorded.clear()
    draw_hand([], [], title="Mano", text=Text("de"))
    assert "Keine Steine mehr." in [call.text for call in recorded]


def test_the_scoring_legend_is_translated(recorded: list[Drawn]) -> None:
    tiles = [Tile(6, 6), Tile(5, 0)]
    draw_hand(tiles, tiles, title="Hand", scoring=[Tile(6, 6)], text=Text("de"))
    assert "zählt jetzt" in [call.text for call in recorded]


@pytest.mark.parametrize("language", LANGUAGES)
def test_ranking_headings_fit_in_every_language(recorded: list[Drawn], language: str) -> None:
    text = Text(language)
    rows = (
        RankingRow(1, "Ann", 1612, 12, 1),
        RankingRow(2, "Bob", 1580, None, None),
        RankingRow(3, "Cy", 1490, -8, -1),
    )
    table = RankingTable("All Fives", "2026-11", ("Server",), rows, more=4)
    image = draw_ranking(table, text=text)
    drawn = {call.text: call for call in recorded}
    headings = [drawn[text._(word)] for word in ("Player", "Rating", "Change", "Moved")]
    for left, right in itertools.pairwise(headings):
        assert left.right < right.left, (left, right)
    for call in recorded:
        assert call.left >= 0 and call.right <= image.width, call
    assert text._("new") in drawn
    assert text._("… and {count} more", count=4) in drawn


def test_a_turn_status_starts_with_a_capital_but_names_keep_their_case() -> None:
    assert header.turn_status("bob") == "bob to play"
    assert header.turn_status("bob", Text("es")) == "Le toca a bob"
    assert header.turn_status("bob", Text("de")) == "bob ist am Zug"
