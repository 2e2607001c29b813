"""Sackson's Network pictures with committed references: a game being placed, a full
board with a chosen piece and its lettered destinations, and a game won by a network.
Views are built by hand (``sackson_views`` follows the view schema)."""

from __future__ import annotations

from collections.abc import Callable

from render import render_sackson_board
from tests.render import sackson_views as V

NAMES = ("Ann", "Bartholomew Fitzgerald-Saint-John")
CHOSEN = "d3"


def letters(squares: list[str]) -> list[tuple[str, str]]:
    """What a select menu would name them: A, B, … then AA, AB, …"""
    labels = [chr(ord("A") + i) for i in range(26)]
    labels += [a + b for a in labels for b in labels]
    return list(zip(squares, labels, strict=False))


def placing() -> bytes:
    return render_sackson_board(V.placing(), NAMES, totals=(0, 0), target=None)


def targets() -> bytes:
    view = V.full_board()
    return render_sackson_board(
        view,
        NAMES,
        totals=(1, 2),
        target=3,
        game_number=4,
        title=f"Where {CHOSEN} can go",
        chosen=CHOSEN,
        targets=letters(V.free_squares(view, "dark", CHOSEN)),
    )


def network() -> bytes:
    return render_sackson_board(V.network_won(), NAMES, totals=(3, 2), target=3, game_number=5)


SACKSON_CASES: dict[str, Callable[[], bytes]] = {
    "sackson_placing": placing,
    "sackson_targets": targets,
    "sackson_network": network,
}
