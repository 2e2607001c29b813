"""Picture speed and size: the full 28-tile Network table, the classic line with all 28
tiles, the longest FIDO line (double-21: 181 tiles, 21 crosswise doubles, 46 arms), the
Sackson's Network board (all 20 pieces with a chosen piece and its lettered targets, a won
game's network, the 60-badge worst case), and hand pictures, among them every page of a
63-tile double-21 hand; the four-arm line once more in German (its words looked up in the
catalog: translated pictures draw no slower than English ones); and a tournament's
standings at their most rows (32 and a line for the rest), with German tie-break headings.

Prints median milliseconds and PNG bytes; asserts nothing (targets on the reference
machine: table ≤ 20 ms and ≤ 150 KB, Sackson board ≤ 30 ms, hand ≤ 5 ms; the big FIDO line
and all pages of the 63-tile hand ≤ 50 ms each). Caches are warmed first, as they are in a
running bot, where tile faces and fonts stay cached between plays.
Run: .venv/bin/python bench/bench_render.py [--repeat N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.network import NetworkHand
from engine.tiles import Tile, double_set
from i18n import Text
from render import (
    hand_page_count,
    render_fido_table,
    render_hand,
    render_line_table,
    render_network_table,
    render_sackson_board,
)
from render.tournament import StandingsRow, StandingsTable, render_standings
from tests.render import sackson_views
from tests.render.fido_cases import big_hand_groups
from tests.render.fido_views import long_double_21
from tests.render.line_cases import four_arms
from tests.render.line_views import all_28_line
from tests.render.sackson_cases import letters

NAMES = ("Alice", "Bob", "Chandra", "Dee")


def full_hand(players: int = 4) -> NetworkHand:
    """The first seeded random 4-player hand that lays all 28 tiles, played to its end."""
    for seed in range(1000):
        hand = NetworkHand.deal(players, {}, seed)
        rng = random.Random(seed)
        while not hand.is_over:
            moves = hand.legal_moves()
            plays = [m for m in moves if not m.is_pass]
            hand.apply(rng.choice(plays) if plays else moves[-1])
        if len(hand.layout.placements) == 28:
            return hand
    raise RuntimeError("no seed below 1000 lays all 28 tiles")


def measure(job: Callable[[], bytes], repeat: int) -> tuple[float, int]:
    """Median ms over ``repeat`` runs after one warm-up run, and the output size."""
    size = len(job())
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        job()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings) * 1000, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()

    hand = full_hand()
    totals = [4, 7, 2, 9]
    ms, size = measure(
        lambda: render_network_table(hand, NAMES, totals=totals, target=10), args.repeat
    )
    print(f"table, 28 tiles, hand over:  {ms:6.1f} ms  {size / 1024:6.1f} KB")

    mid = NetworkHand.deal(4, {}, 7)
    rng = random.Random(7)
    while len(mid.layout.placements) < 12:
        plays = [m for m in mid.legal_moves() if not m.is_pass]
        mid.apply(rng.choice(plays))
    seat = mid.current_player
    assert seat is not None
    tile = max(mid.hands[seat], key=lambda t: len(mid.placements_for(t)))
    ghosts = [mid.preview(move) for move in mid.placements_for(tile)]
    ms, size = measure(
        lambda: render_network_table(
            mid, NAMES, totals=totals, target=10, candidates=ghosts, candidate_tile=tile
        ),
        args.repeat,
    )
    count = len(ghosts)
    print(f"table, 12 tiles, {count} ghosts: {ms:6.1f} ms  {size / 1024:6.1f} KB")

    line = all_28_line().view()
    ms, size = measure(
        lambda: render_line_table(line, NAMES[:2], totals=[40, 55], target=100), args.repeat
    )
    print(f"line, 28 tiles (snaking):    {ms:6.1f} ms  {size / 1024:6.1f} KB")
    arms = four_arms()
    ms, size = measure(
        lambda: render_line_table(
            arms, NAMES, totals=totals, target=100, highlight_ends=("E", "N")
        ),
        args.repeat,
    )
    print(f"line, spinner, four arms:    {ms:6.1f} ms  {size / 1024:6.1f} KB")
    german = Text("de")
    ms, size = measure(
        lambda: render_line_table(
            arms, NAMES, totals=totals, target=100, highlight_ends=("E", "N"), text=german
        ),
        args.repeat,
    )
    print(f"line, four arms, in German:  {ms:6.1f} ms  {size / 1024:6.1f} KB")

    fido = long_double_21()
    ms, size = measure(
        lambda: render_fido_table(
            fido, NAMES[:3], totals=[80, 112, 95], target=200, highlight_ends=("A", "Q")
        ),
        args.repeat,
    )
    print(f"fido, double-21, 181 tiles:  {ms:6.1f} ms  {size / 1024:6.1f} KB")

    board = sackson_views.full_board()
    targets = letters(sackson_views.free_squares(board, "dark", "d3"))
    ms, size = measure(
        lambda: render_sackson_board(
            board, NAMES[:2], totals=[1, 2], target=3, chosen="d3", targets=targets
        ),
        args.repeat,
    )
    print(f"sackson, 20 pieces, {len(targets)} targets: {ms:5.1f} ms  {size / 1024:6.1f} KB")
    won = sackson_views.network_won()
    ms, size = measure(
        lambda: render_sackson_board(won, NAMES[:2], totals=[3, 2], target=3), args.repeat
    )
    print(f"sackson, won by a network:   {ms:6.1f} ms  {size / 1024:6.1f} KB")
    empty = sackson_views.sackson_view()
    open_squares = [s for s in sackson_views.ALL_SQUARES if s not in sackson_views.CORNERS]
    every = list(zip(open_squares, sackson_views.two_letter_labels(60), strict=True))
    ms, size = measure(
        lambda: render_sackson_board(empty, NAMES[:2], totals=[0, 0], target=None, targets=every),
        args.repeat,
    )
    print(f"sackson, {len(every)} two-letter targets: {ms:5.1f} ms  {size / 1024:6.1f} KB")

    dealt = NetworkHand.deal(2, {}, 3)
    tiles = dealt.hands[0]
    playable = tiles[::2]
    ms, size = measure(
        lambda: render_hand(tiles, playable, title="Your hand — your turn"), args.repeat
    )
    print(f"hand, {len(tiles)} tiles:             {ms:6.1f} ms  {size / 1024:6.1f} KB")
    seven = NetworkHand.deal(4, {}, 3).hands[0]
    ms, size = measure(
        lambda: render_hand(seven, seven[:3], title="Your hand — your turn"), args.repeat
    )
    print(f"hand, {len(seven)} tiles:              {ms:6.1f} ms  {size / 1024:6.1f} KB")

    standings = StandingsTable(
        "Freitag All Fives · Schweizer System",
        "nach Runde 5 von 7",
        ("Buchholz", "Sonneborn-Berger", "Direkter Vergleich"),
        tuple(
            StandingsRow(place, f"Spieler {place}", f"{(40 - place) / 2:g}", ("12½", "30¼", "1"))
            for place in range(1, 41)
        ),
    )
    german = Text("de")
    ms, size = measure(lambda: render_standings(standings, text=german), args.repeat)
    print(f"standings, 32 rows, German:  {ms:6.1f} ms  {size / 1024:6.1f} KB")

    big = random.Random(1).sample(double_set(21), 63)
    groups = big_hand_groups(big)
    for grouping in (None, groups):
        pages = hand_page_count(big, groups=grouping)

        def every_page(
            grouping: list[tuple[str, list[Tile]]] | None = grouping, pages: int = pages
        ) -> bytes:
            return b"".join(
                render_hand(
                    big,
                    big[::3],
                    title="Your hand — your turn",
                    scoring=big[::7],
                    groups=grouping,
                    page=page,
                )
                for page in range(1, pages + 1)
            )

        ms, size = measure(every_page, args.repeat)
        kind = "grouped" if grouping else "in order"
        print(f"hand, 63, {pages} pages, {kind:8}: {ms:5.1f} ms  {size / 1024:6.1f} KB")


if __name__ == "__main__":
    main()
