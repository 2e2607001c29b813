"""The classic line picture: header text from the public view, then the line below it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, Unpack

from PIL import Image

from i18n import Text
from render.kit.frame import png_picture
from render.kit.language import ENGLISH
from render.kit.line_table import LineGame, LineTableOptions, draw_line_game
from render.kit.view_header import View, play_note, seat_name
from render.line.paint import paint_line
from render.line.plan import plan_line


def draw_line_table(
    view: View, names: Sequence[str], **options: Unpack[LineTableOptions]
) -> Image.Image:
    """The line of a classic dominoes hand, from its public view (never a seat's: the
    picture shows what everyone at the table sees); :func:`render_line_table` gives it as
    PNG bytes.

    Header: title, hand and target, whose turn, the open-end total and the last play's
    score, the boneyard, the result once over, and a score table that is also the seat
    colour legend (tiles held, this hand's points, ``totals`` for the match). Below it the
    line, each open end labelled with the letter players choose it by; ends named in
    ``highlight_ends`` (where a chosen tile can go) in gold, and those in ``end_moves``
    (label → the move that plays there) marked as spots a page taps to play it; the last
    play glowing unless ``last`` is false. ``goal``: the target in the caller's words
    (default "first to N"). The options: :class:`~render.kit.line_table.LineTableOptions`."""
    return draw_line_game(LINE_TABLE, view, names, **options)


render_line_table = png_picture(draw_line_table)


def empty_note(view: View, names: Sequence[str], text: Text = ENGLISH) -> str:
    """What an empty line says: in these games the leader may lead any tile."""
    return text._("No tiles yet: {name} leads.", name=names[int(view["leader"])])


def seat_tag(result: Mapping[str, Any], seat: int, text: Text = ENGLISH) -> str | None:
    """After the winner's name once the hand is over: how it won."""
    winner = result.get("winner")
    if winner is None or seat != int(winner):
        return None
    if result.get("reason") == "domino":
        return text._("went out")
    return text._("fewest pips")


def line_notes(view: View, names: Sequence[str], text: Text = ENGLISH) -> list[str]:
    """The open-end total and the last play; the boneyard and turns since; the result."""
    line: Mapping[str, Any] = view.get("line") or {}
    counting = bool(view.get("scores_during_play", True))
    opening = None
    if line.get("lead") is not None and counting:
        opening = text._("Open ends total {total}", total=line.get("total", 0))
    notes = play_note(opening, view, names, partial(_last_tile, line), text)
    count = int(view.get("boneyard") or 0)
    if view.get("draws_allowed", True):
        stock = text._("Boneyard: {count}", count=count)
    else:
        stock = text._("Not in play: {count}", count=count)
    notes.append(" · ".join([stock, *_since_last_play(view, names, text)]))
    result = view.get("result")
    if result is not None:
        notes.append(result_note(result, names, text))
    return notes


def _last_tile(line: Mapping[str, Any], last: Mapping[str, Any]) -> str:
    arm, index = str(last.get("arm")), int(last.get("index") or 0)
    if arm == "lead" and line.get("lead"):
        return str(line["lead"]["tile"])
    pieces = (line.get("arms") or {}).get(arm) or []
    if 0 <= index < len(pieces):
        return str(pieces[index]["tile"])
    return str(last.get("move", "")).split(" ")[0]


def _since_last_play(view: View, names: Sequence[str], text: Text) -> list[str]:
    """Draws and passes since the last tile was laid, one phrase per player in turn:
    ``Bob drew 3 and passed``."""
    turns: list[tuple[int, int, bool]] = []  # seat, tiles drawn, passed
    for entry in reversed(list(view.get("history") or ())):
        move = str(entry.get("move", ""))
        if move not in ("draw", "pass"):
            break
        seat = int(entry.get("seat", -1))
        drawn = int(entry.get("count", 1)) if move == "draw" else 0
        if turns and turns[0][0] == seat and not turns[0][1] and turns[0][2] and drawn:
            turns[0] = (seat, drawn, True)  # drew, then passed (one turn)
        else:
            turns.insert(0, (seat, drawn, move == "pass"))
    phrases = []
    for seat, drawn, passed in turns:
        name = seat_name(names, seat, text)
        if drawn and passed:
            phrases.append(text._("{name} drew {count} and passed", name=name, count=drawn))
        elif drawn:
            phrases.append(text._("{name} drew {count}", name=name, count=drawn))
        else:
            phrases.append(text._("{name} passed", name=name))
    return phrases


def result_note(result: Mapping[str, Any], names: Sequence[str], text: Text = ENGLISH) -> str:
    """Who went out, or that the hand blocked; the pips left; what was scored."""
    winner = result.get("winner")
    points = int(result.get("points") or 0)
    pips = [int(p) for p in result.get("pips") or ()]
    others = list(enumerate(pips))
    if winner is None:
        outcome = text._("Blocked, and the lowest pip counts tie: nobody scores")
    elif result.get("reason") == "domino":
        name = seat_name(names, winner, text)
        others = [(s, p) for s, p in others if s != int(winner)]
        if points:
            outcome = text._("{name} went out and scores {points}", name=name, points=points)
        else:
            outcome = text._("{name} went out, scoring nothing", name=name)
    else:
        name = seat_name(names, winner, text)
        low = pips[int(winner)] if int(winner) < len(pips) else 0
        if points:
            outcome = text._(
                "Blocked: {name} has the fewest pips ({pips}) and scores {points}",
                name=name,
                pips=low,
                points=points,
            )
        else:
            outcome = text._(
                "Blocked: {name} has the fewest pips ({pips}), scoring nothing", name=name, pips=low
            )
    if not others:
        return outcome + "."
    left = ", ".join(f"{seat_name(names, s, text)} {p}" for s, p in others)
    return text._("{outcome} (pips left: {left}).", outcome=outcome, left=left)


LINE_TABLE = LineGame("Dominoes", plan_line, paint_line, line_notes, seat_tag, empty_note)
"""How a classic line is planned, painted and told (:mod:`render.kit.line_table`)."""
