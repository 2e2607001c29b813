"""Sackson's Network views built by hand, following the view schema (the game's view JSON),
for render tests that must not depend on the engine. ``free_squares`` applies the
placement rules of docs/rules/sackson.md (empty, not a corner, not the opponent's goal, no group of
more than two) so the target lists the tests pass are ones the game could offer."""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]
FILES = "abcdefgh"
ALL_SQUARES = [f + str(r) for r in range(1, 9) for f in FILES]
CORNERS = {"a1", "h1", "a8", "h8"}


def sackson_view(
    dark: str = "",
    light: str = "",
    *,
    dark_seat: int = 0,
    to_move: int | None = None,
    last: str | None = None,
    last_colour: str | None = None,
    outcome: JSON | None = None,
    network: list[str] | None = None,
    network_colour: str | None = None,
    repetitions: int = 1,
) -> JSON:
    """A view with Dark's pieces on ``dark`` and Light's on ``light`` (space-separated
    squares). ``last`` is a move in notation: ``"d4"`` (placement), ``"d4-f6"``, ``"pass"``.
    Unless given, the seat to move is the colour that did not make the last move (Dark
    before any), and nobody is to move once there is an outcome."""
    squares = {s: "dark" for s in dark.split()} | {s: "light" for s in light.split()}
    in_hand = {
        "dark": 10 - len(dark.split()),
        "light": 10 - len(light.split()),
    }
    last_move = None
    if last is not None:
        colour = last_colour or ("dark" if len(squares) % 2 else "light")
        start, _, end = last.partition("-")
        if last == "pass":
            last_move = {"notation": "pass", "colour": colour, "from": None, "to": None}
        elif end:
            last_move = {"notation": last, "colour": colour, "from": start, "to": end}
        else:
            last_move = {"notation": last, "colour": colour, "from": None, "to": start}
    colour_to_move: str | None
    if outcome is not None:
        to_move, colour_to_move = None, None
    else:
        if last_move is None:
            colour_to_move = "dark"
        else:
            colour_to_move = "light" if last_move["colour"] == "dark" else "dark"
        if to_move is None:
            to_move = dark_seat if colour_to_move == "dark" else 1 - dark_seat
        else:
            colour_to_move = "dark" if to_move == dark_seat else "light"
    phase = None
    if colour_to_move is not None:
        phase = "place" if in_hand[colour_to_move] else "move"
    return {
        "game": "sackson",
        "players": 2,
        "dark": dark_seat,
        "squares": squares,
        "in_hand": in_hand,
        "to_move": to_move,
        "colour_to_move": colour_to_move,
        "phase": phase,
        "last_move": last_move,
        "game_number": 1,
        "outcome": outcome,
        "network": network,
        "network_colour": network_colour if network else None,
        "repetitions": repetitions,
        "options": {"equalized": "off", "both_networks": "illegal", "dark": "host"},
    }


def _opponent_goal(square: str, colour: str) -> bool:
    file, rank = square[0], int(square[1])
    if colour == "dark":
        return file in "ah"
    return rank in (1, 8)


def _neighbours(square: str) -> list[str]:
    f, r = FILES.index(square[0]), int(square[1])
    return [
        FILES[f + df] + str(r + dr)
        for df in (-1, 0, 1)
        for dr in (-1, 0, 1)
        if (df or dr) and 0 <= f + df < 8 and 1 <= r + dr <= 8
    ]


def _group(square: str, own: set[str]) -> set[str]:
    seen, todo = {square}, [square]
    while todo:
        for n in _neighbours(todo.pop()):
            if n in own and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def free_squares(view: JSON, colour: str, moving: str | None = None) -> list[str]:
    """Where ``colour`` may put a piece (``moving``: the square it lifts one from)."""
    squares = dict(view["squares"])
    if moving is not None:
        del squares[moving]
    own = {s for s, c in squares.items() if c == colour}
    found = []
    for square in ALL_SQUARES:
        if square in squares or square in CORNERS or square == moving:
            continue
        if _opponent_goal(square, colour):
            continue
        if len(_group(square, own | {square})) <= 2:
            found.append(square)
    return found


def two_letter_labels(count: int) -> list[str]:
    """``AA``, ``AB``, … the labels of a long target list, widest letters included."""
    wide = "WMQOGDHN"
    return [wide[i % len(wide)] + chr(ord("A") + (i * 7) % 26) for i in range(count)]


# ------------------------------------------------------------------ positions

NETWORK_DARK = "d1 d3 b5 e5 g7 g8 b2 f3 c7 g4"
NETWORK_LIGHT = "a3 a6 b6 c3 e4 f5 d7 e7 h2 h5"
NETWORK_PATH = ["d1", "d3", "b5", "e5", "g7", "g8"]
"""A Dark network of six: vertical, diagonal, across, diagonal, vertical; every piece
changes direction, only the ends are in goals, no group holds more than two."""


def network_won() -> JSON:
    """All 20 pieces down; Dark has just moved f2-e5 and won with the network above."""
    return sackson_view(
        NETWORK_DARK,
        NETWORK_LIGHT,
        last="f2-e5",
        last_colour="dark",
        outcome={"winners": [0], "reason": "network"},
        network=NETWORK_PATH,
        network_colour="dark",
    )


FULL_DARK = "c2 d3 f3 b4 e5 g5 c6 f7 d8 e1"
FULL_LIGHT = "a3 b3 d4 h4 c5 f5 a6 e6 g7 h7"


def full_board(**changes: Any) -> JSON:
    """All 20 pieces down, no network; Light has just moved b2-b3, Dark to move."""
    return sackson_view(FULL_DARK, FULL_LIGHT, last="b2-b3", last_colour="light", **changes)


def placing() -> JSON:
    """Seven pieces placed; Dark's last placement was e5, Light to place."""
    return sackson_view("d4 e5 c2 f7", "a4 d6 h5", last="e5", last_colour="dark")
