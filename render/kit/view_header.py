"""The header of a line game read from its public view (classic dominoes and FIDO).

Both games publish the same view keys for whose turn it is, the tiles held, the hand's
points and the result's pips, and both say the last play the same way, so their headers
share the status line, the score table and the last-play sentence from here. What each
says about its line (the total, the stock, the result) stays in its own picture module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from i18n import Text
from render.kit.header import Header, SeatRow, seat_word, turn_status
from render.kit.language import ENGLISH
from render.kit.palette import seat_colour

View = Mapping[str, Any]


def seat_name(names: Sequence[str], seat: Any, text: Text = ENGLISH) -> str:
    """The name of ``seat`` (a view's seat number, or None), or ``Seat n`` when there is no
    such seat."""
    index = int(seat) if seat is not None else -1
    return names[index] if 0 <= index < len(names) else seat_word(index, text)


def value_at(values: Sequence[Any], index: int) -> int | None:
    """``values[index]`` as an int; None when missing."""
    return int(values[index]) if index < len(values) and values[index] is not None else None


def view_header(
    view: View,
    names: Sequence[str],
    *,
    title: str,
    subtitle: str,
    notes: Sequence[str],
    totals: Sequence[int] | None,
    tag: Callable[[int], str | None],
    text: Text = ENGLISH,
    game: bool = False,
) -> Header:
    """The header for ``view``: whose turn (or that the hand is over) and a score table
    that is also the seat colour legend, each seat with its tiles held, pips left once the
    hand is over, this hand's points and ``totals`` for the match; ``tag(seat)`` is the
    note after a seat's name. With ``game``, a deal is called a game, as FIDO calls it:
    "Game over", and a "points" column for the game's points."""
    current = view.get("current_player")
    over = bool(view.get("over")) or current is None
    ended = text._("Game over") if game else text._("Hand over")
    status = ended if over else turn_status(seat_name(names, current, text), text)
    result = view.get("result")

    columns: tuple[str, ...] = (text._("tiles"),)
    if result is not None:
        columns += (text._("pips"),)
    columns += (text._("points") if game else text._("hand"),)
    if totals is not None:
        columns += (text._("match"),)
    sizes = list(view.get("hand_sizes") or ())
    scores = list(view.get("scores") or ())
    pips = list(result.get("pips") or ()) if result is not None else []
    rows = []
    for seat, name in enumerate(names):
        values: tuple[int | None, ...] = (value_at(sizes, seat),)
        if result is not None:
            values += (value_at(pips, seat),)
        values += (value_at(scores, seat),)
        if totals is not None:
            values += (value_at(totals, seat),)
        rows.append(
            SeatRow(
                name, seat_colour(seat), values, to_play=not over and seat == current, tag=tag(seat)
            )
        )
    return Header(title, subtitle, status, tuple(notes), columns, tuple(rows))


def play_note(
    opening: str | None,
    view: View,
    names: Sequence[str],
    last_tile: Callable[[Mapping[str, Any]], str],
    text: Text = ENGLISH,
) -> list[str]:
    """The first note: ``opening`` (what the game says about its open ends), then the last
    play, ``last play 6-3 by Bob scored 10`` (``last_tile`` names the tile of the view's
    ``last``), joined by `` · `` and capitalised; no note when there is neither."""
    parts = [] if opening is None else [opening]
    last = view.get("last")
    if last:
        tile, who = last_tile(last), seat_name(names, last.get("seat"), text)
        points = int(last.get("points") or 0)
        if points:
            play = text._(
                "last play {tile} by {name} scored {points}", tile=tile, name=who, points=points
            )
        else:
            play = text._("last play {tile} by {name}", tile=tile, name=who)
        parts.append(play)
    if not parts:
        return []
    note = " · ".join(parts)
    return [note[0].upper() + note[1:]]
