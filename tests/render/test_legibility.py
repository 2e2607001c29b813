"""Every label, badge and numeral of a table or hand picture reads once a chat shows the picture
about 550 px wide (Discord's chat column): its capitals and digits stand at least 9 px
tall there. Measured on the plans the painters draw from (each text's font size, and the
picture's final width), for every game, on tables of every size up to 60 tiles, and on
tournament standings whatever their headings."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.fido.differences import groups as difference_groups
from engine.tiles import double_set
from i18n import LANGUAGES, Text
from render.fido import plan_fido
from render.fido.plan import FidoPlan
from render.kit.hand import plan_hand
from render.kit.header import MIN_WIDTH
from render.kit.legible import CHAT_MIN, CHAT_WIDTH, chat_height, legible_size
from render.kit.tiles import NUMERALS, numeral_size
from render.line import plan_line
from render.network import plan_table
from render.ranking import picture as ranking_picture
from render.ranking.picture import RankingRow, RankingTable
from render.sackson import plan_board
from render.tournament import StandingsRow, StandingsTable
from render.tournament.plan import plan_standings
from tests.render import sackson_views as S
from tests.render.cases import candidates_of, moves_of
from tests.render.fido_views import random_fido_view
from tests.render.legibility import too_small, unreadable
from tests.render.line_views import all_28_line, random_view
from tests.render.test_fido import engine_views
from tests.render.test_render import random_positions

MOST_TILES = 60


def test_the_measure_itself() -> None:
    """9 px at chat width: the smallest legible size grows with the picture's width."""
    assert chat_height(legible_size(CHAT_WIDTH), CHAT_WIDTH) >= CHAT_MIN
    assert chat_height(legible_size(CHAT_WIDTH) - 1, CHAT_WIDTH) < CHAT_MIN
    assert legible_size(1400) > 2 * legible_size(600)
    assert chat_height(14, 1339) < 6  # the old FIDO end badges, 5 px tall in a chat


def fido_views() -> Iterator[tuple[str, dict[str, object]]]:
    """Hand-built random lines of 1 to 60 tiles, crosswise and in line, in every set
    big enough, with doubles laid whenever one fits three times in ten (far more
    branching than real games lay)."""
    rng = random.Random(37)
    for tiles in range(1, MOST_TILES + 1):
        for crosswise in (True, False):
            top = rng.choice([t for t in (6, 9, 12, 15, 18, 21) if (t + 1) * (t + 2) // 2 > tiles])
            view = random_fido_view(rng, top=top, plays=tiles - 1, crosswise=crosswise)
            yield f"{tiles} tiles, double-{top}, {'crosswise' if crosswise else 'in line'}", view


def numerals_in_chat(plan: FidoPlan) -> float:
    return chat_height(numeral_size(plan.unit, NUMERALS), max(MIN_WIDTH, plan.width), True)


def test_fido_tables_read_at_chat_size() -> None:
    """Real games (the engine's, every set, 2 to 9 players, both ways of laying doubles)
    up to 60 tiles, and the hand-built lines, a double every three or four tiles: every
    text reads, the most branched lines laid narrow and tall."""
    real = [v for v in engine_views(160, seed=37) if 0 < laid(v) <= MOST_TILES]
    for view in real:
        assert unreadable(plan_fido(view)) == [], laid(view)
    assert len(real) > 60
    for what, view in fido_views():
        ends = [str(e["label"]) for e in view["line"]["ends"]][:2]  # type: ignore[index]
        plan = plan_fido(view, ends)
        assert unreadable(plan) == [], (what, f"{numerals_in_chat(plan):.1f} px")


def laid(view: dict[str, object]) -> int:
    line = view["line"]
    if not line.get("lead"):  # type: ignore[attr-defined]
        return 0
    return 1 + sum(len(arm["pieces"]) for arm in line["arms"])  # type: ignore[index]


def test_classic_lines_read_at_chat_size() -> None:
    rng = random.Random(37)
    views = [random_view(rng, stop=tiles % 28) for tiles in range(60)]
    views += [all_28_line(spinner).view() for spinner in (False, True)]
    for view in views:
        ends = [str(e["label"]) for e in view["line"]["ends"]]
        assert unreadable(plan_line(view, ends[:1])) == []


def test_network_tables_and_their_candidates_read_at_chat_size() -> None:
    checked = 0
    for hand in random_positions(40, seed=37):
        assert unreadable(plan_table(hand)) == []
        seat = hand.current_player
        if seat is None or hand.layout.is_empty:
            continue
        for tile in hand.hands[seat][:2]:
            if hand.placements_for(tile):
                plan = plan_table(hand, candidates_of(hand, tile), moves_of(hand, tile))
                assert unreadable(plan) == [], tile
                checked += 1
    assert checked > 20


def test_sackson_boards_read_at_chat_size() -> None:
    views = [S.network_won(), S.full_board(), S.sackson_view("c2 d3", "a3")]
    for view in views:
        assert unreadable(plan_board(view)) == []
    every = [s for s in S.ALL_SQUARES if s not in S.CORNERS]
    targets = [(square, f"{chr(65 + i // 26)}{chr(65 + i % 26)}") for i, square in enumerate(every)]
    assert unreadable(plan_board(S.full_board(), "c2", targets)) == []


def test_hand_pictures_read_at_chat_size() -> None:
    """The DM hand picture of every set, 0 to 63 tiles, in rows or paged, in difference
    groups under their captions (continued on later pages), tiles marked as scoring now,
    a title too long to fit, in every language: its names, title, captions, legend and
    numerals all read."""
    rng = random.Random(37)
    title = "alice's hand in the double-21 FIDO game at the long table · page 1 of 3"
    checked = 0
    for top in (6, 9, 12, 15, 18, 21):
        for count in (0, 1, 7, 10, 14, 25, 30, 44, 63):
            tiles = rng.sample(double_set(top), min(count, len(double_set(top))))
            for language in LANGUAGES:
                text = Text(language)
                grouped = [(text._(c), m) for c, m in difference_groups(tiles, 7 + top % 5)]
                pictures = [plan_hand(tiles, title=title, scoring=tiles[:2], text=text)]
                for per_page in (25, 30):
                    for page in (1, 2, 3):
                        pictures.append(plan_hand(tiles, page=page, per_page=per_page, text=text))
                        pictures.append(
                            plan_hand(
                                tiles,
                                title=title,
                                scoring=tiles[::3],
                                groups=grouped,
                                page=page,
                                per_page=per_page,
                                text=text,
                            )
                        )
                for plan in pictures:
                    assert too_small(plan.text_sizes(), plan.width) == [], (top, count, language)
                    checked += 1
    assert checked > 1000


def test_tournament_standings_read_at_chat_size() -> None:
    """Every text of the standings (title, headings, names, figures, medals, tags) reads,
    in every language, with English and German tie-break headings, a heading too long to
    break, many rows: a picture its headings widen has bigger text."""
    headings = (
        ("Buchholz", "Sonneborn–Berger", "direct encounter"),
        ("Buchholz", "Sonneborn-Berger", "Direkter Vergleich"),
        ("Spielpunkte", "Punkte der Gegnerinnen und Gegner"),
        ("x" * 60, "y " * 30),
    )
    checked = 0
    for language in LANGUAGES:
        for columns in headings:
            for count in (0, 3, 40):
                rows = tuple(
                    StandingsRow(place, f"Player {place}", "12½", ("10½",) * len(columns))
                    for place in range(1, count + 1)
                )
                table = StandingsTable("Friday All Fives · Swiss", "final standings", columns, rows)
                plan = plan_standings(table, Text(language))
                assert too_small(plan.text_sizes(), plan.width) == [], (language, columns)
                checked += 1
    assert checked == len(LANGUAGES) * len(headings) * 3


def test_the_ranking_reads_at_chat_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text the monthly ranking draws (title, month, notes, headings, names, figures,
    the new tag, the rest counted), in every language."""
    sizes: list[int] = []
    real = ranking_picture.draw_text

    def recording(draw: Any, xy: Any, text: str, face: Any, fill: Any, anchor: Any = None) -> None:
        sizes.append(int(face.size))
        real(draw, xy, text, face, fill, anchor=anchor)

    monkeypatch.setattr(ranking_picture, "draw_text", recording)
    rows = (
        RankingRow(1, "ada", 1120, 14, 2),
        RankingRow(2, "bea", 1040, None, None),
        RankingRow(3, "cal", 990, -8, -1),
    )
    for language in LANGUAGES:
        table = RankingTable("All Fives ranking", "March 2026", ("a note",), rows, more=4)
        ranking_picture.draw_ranking(table, text=Text(language))
    assert len(set(sizes)) > 3
    assert too_small(sizes, ranking_picture.WIDTH) == []
