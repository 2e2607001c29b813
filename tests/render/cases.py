"""The pictures that have committed references: one function per picture, returning PNG."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from engine.network import NetworkHand
from engine.tiles import Tile
from i18n import Text
from render import render_hand, render_network_table
from render.kit.png import encode
from render.kit.tiles import E, N, S, TileLook, W, tile_face
from render.network import Candidate
from render.tournament import StandingsRow, StandingsTable, render_standings
from tests.render import positions as P
from tests.render.fido_cases import FIDO_CASES
from tests.render.line_cases import LINE_CASES
from tests.render.sackson_cases import SACKSON_CASES

TOTALS = (2, 7, 0, 4, 1)


def candidates_of(hand: NetworkHand, tile: Tile) -> list[Candidate]:
    """What the bot passes for a chosen tile: each legal placement previewed, in order."""
    return [hand.preview(move) for move in hand.placements_for(tile)]


def moves_of(hand: NetworkHand, tile: Tile) -> list[str]:
    """The notation the bot labels each candidate with, in the same order."""
    return [str(move) for move in hand.placements_for(tile)]


def table(position: P.Position, tile: Tile | None = None) -> Callable[[], bytes]:
    def render() -> bytes:
        hand = position.hand()
        return render_network_table(
            hand,
            P.NAMES[: hand.players],
            totals=TOTALS[: hand.players],
            target=10,
            candidates=None if tile is None else candidates_of(hand, tile),
            candidate_tile=tile,
            candidate_moves=None if tile is None else moves_of(hand, tile),
        )

    return render


def empty_any_lead() -> bytes:
    """Before the lead at a table whose leader may lead any tile."""
    hand = NetworkHand.deal(3, {"lead": "any"}, 0)
    return render_network_table(hand, P.NAMES[:3], totals=TOTALS[:3], target=10)


def hand_of_current(position: P.Position) -> bytes:
    hand = position.hand()
    seat = hand.current_player
    assert seat is not None
    return render_hand(hand.hands[seat], hand.playable_tiles(seat), title="Your hand — your turn")


def fourteen_tiles() -> bytes:
    """Two players hold 14 tiles each: the hand wraps into two rows."""
    hand = NetworkHand.deal(2, {}, 5)
    hand.apply(hand.legal_moves()[0])
    seat = hand.current_player
    assert seat is not None
    return render_hand(hand.hands[seat], hand.playable_tiles(seat), title="Your hand")


def tile_faces() -> bytes:
    """Every face from 0 to 21 (pips to 9, numerals above) in each direction, plain and
    with a seat band: the reference for games with bigger sets."""
    unit, gap = 40, 8
    faces = [
        tile_face(n, (n + 7) % 22, d, unit, TileLook(accent=accent))
        for n in range(22)
        for d, accent in ((S, None), (N, (230, 159, 0)), (E, None), (W, (86, 180, 233)))
    ]
    per_row = 8
    cell_w, cell_h = 2 * unit + gap, 2 * unit + gap
    rows = (len(faces) + per_row - 1) // per_row
    sheet = Image.new("RGB", (per_row * cell_w + gap, rows * cell_h + gap), (38, 48, 58))
    for i, face in enumerate(faces):
        row, col = divmod(i, per_row)
        sheet.paste(face, (gap + col * cell_w, gap + row * cell_h), face)
    return encode(sheet)


def standings_german() -> bytes:
    """A Swiss after round 3 of 5 in German: the podium's medals, a name too long for its
    column, a computer filler, a player who dropped out, headings broken onto two lines."""
    rows = (
        StandingsRow(1, "Ada", "3", ("6", "9", "1")),
        StandingsRow(2, "Maximiliane Würzburger-Oberhausen", "2½", ("7½", "6¼", "0")),
        StandingsRow(3, "Cal", "2", ("5", "4", "½")),
        StandingsRow(4, "Computer (schnell)", "1½", ("4", "2", "0"), computer=True),
        StandingsRow(5, "Dan", "1", ("3½", "1", "0"), dropped=True),
        StandingsRow(6, "Eve", "0", ("3", "0", "0")),
    )
    table = StandingsTable(
        "Freitag All Fives · Schweizer System",
        "nach Runde 3 von 5",
        ("Buchholz", "Sonneborn-Berger", "Direkter Vergleich"),
        rows,
        more=2,
    )
    return render_standings(table, text=Text("de"))


CASES: dict[str, Callable[[], bytes]] = {
    "table_empty": table(P.EMPTY),
    "table_empty_any_lead": empty_any_lead,
    "table_lead_double": table(P.LEAD_DOUBLE),
    "table_ring": table(P.RING),
    "table_crosswise": table(P.CROSSWISE),
    "table_full_hand_end": table(P.FULL),
    "table_candidates": table(P.CANDIDATES, P.CANDIDATE_TILE),
    "hand_seven": lambda: hand_of_current(P.LEAD_DOUBLE),
    "hand_fourteen": fourteen_tiles,
    "tile_faces": tile_faces,
    "standings_german": standings_german,
    **LINE_CASES,
    **FIDO_CASES,
    **SACKSON_CASES,
}
"""Every picture with a reference: Network tables, hands, tile faces, then classic lines
(``line_cases``), FIDO tables and a big hand (``fido_cases``) and Sackson's Network
boards (``sackson_cases``); a tournament's standings are among the first."""
