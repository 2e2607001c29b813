"""FIDO pictures with committed references: the worked example of docs/rules/fido.md, a long
double-21 line, doubles laid in line, and a 63-tile hand's page. Views are built by hand
(``fido_views.FidoView`` follows the view schema)."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.tiles import Tile, double_set
from render import render_fido_table, render_hand
from tests.render.fido_views import FidoView, long_double_21
from tests.render.hand_views import JSON

NAMES = ("Alice", "Bartholomew Fitzgerald-Saint-John", "Zoë", "Иван", "Eve", "Femi")
DIVISOR_21 = 13


def seed_example() -> JSON:
    """The worked example's second and third moves on a double-18 (divisor 11): 18 + 18 + 12 = 48,
    then 12-8 on the 12 gives 18 + 18 + 8 = 44 = 4 × 11, four points for Zoë."""
    return FidoView(4, 18).lead("18-18").play("18-12", "A").play("12-8", "A").view()


def branching() -> JSON:
    """Double-12 for five: doubles on A, on B and on a side arm; C and D grown; E's end
    highlighted by the caller; Femi drew and sat out."""
    hand = FidoView(5, 12, leader=1).lead("12-12")
    for tile, end in [
        ("12-5", "A"), ("12-9", "B"), ("5-5", "A"), ("12-3", "C"), ("9-9", "B"),
        ("5-1", "E"), ("3-3", "C"), ("12-7", "D"), ("1-1", "E"), ("5-4", "A"),
        ("9-0", "G"), ("3-10", "J"), ("1-8", "L"), ("7-11", "D"),
    ]:  # fmt: skip
        hand.play(tile, end)
    return hand.draw().view()


def in_line() -> JSON:
    """Doubles laid in line (no side arms): the opening lies in the row; both arms turn."""
    hand = FidoView(3, 9, crosswise=False).lead("9-9")
    east = ["9-4", "4-4", "4-2", "2-7", "7-7", "7-1", "1-6", "6-6", "6-0", "0-3", "3-3"]
    west = ["9-8", "8-8", "8-5", "5-5", "5-2", "2-2", "2-6", "6-8", "8-1", "1-1", "1-3"]
    for a, b in zip(east, west, strict=True):
        hand.play(a, "A").play(b, "B")
    return hand.view()


def over() -> JSON:
    """A short double-6 hand for three, over: Alice went out, the others' pips deducted."""
    hand = FidoView(3, 6).lead("6-6").play("6-3", "A").play("3-3", "A").play("6-1", "B")
    return hand.end("domino", 0, [0, 9, 14]).view()


def big_hand_groups(tiles: list[Tile]) -> list[tuple[str, list[Tile]]]:
    """FIDO's sorting by difference for divisor 13 (what a caller would pass)."""
    groups: list[tuple[str, list[Tile]]] = []
    for k in range(DIVISOR_21 // 2 + 1):
        members = [t for t in tiles if min((t.high - t.low) % 13, -(t.high - t.low) % 13) == k]
        members.sort(key=lambda t: (t.high - t.low, t.high))
        groups.append(("doubles and ±13" if k == 0 else f"+{k} / −{13 - k}", members))
    return groups


def hand_63_page() -> bytes:
    """Page 2 of a 63-tile double-21 hand, grouped by difference, scoring tiles in gold,
    every number a numeral (as the FIDO table draws them)."""
    tiles = random.Random(1).sample(double_set(21), 63)
    return render_hand(
        tiles,
        tiles[::3],
        title="Table 12 · hand 1 — your turn",
        scoring=tiles[::3][::4],
        groups=big_hand_groups(tiles),
        page=2,
        numerals=True,
    )


def table(
    view: Callable[[], JSON], players: int, highlight_ends: tuple[str, ...] = ()
) -> Callable[[], bytes]:
    def render() -> bytes:
        return render_fido_table(
            view(),
            NAMES[:players],
            totals=[12, 40, 7, 0, 3, 9][:players],
            target=100,
            highlight_ends=highlight_ends,
        )

    return render


FIDO_CASES: dict[str, Callable[[], bytes]] = {
    "fido_seed_example": table(seed_example, 4),
    "fido_branching": table(branching, 5, highlight_ends=("E", "A")),
    "fido_in_line": table(in_line, 3),
    "fido_over": table(over, 3),
    "fido_long_double_21": lambda: render_fido_table(
        long_double_21(), NAMES[:3], totals=[80, 112, 95], target=200, highlight_ends=("Q",)
    ),
    "hand_63_page_2": hand_63_page,
}
