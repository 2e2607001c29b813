"""The FIDO table picture: header text from the public view, then the line below it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, Unpack

from PIL import Image

from i18n import Text
from render.fido.paint import paint_fido
from render.fido.plan import plan_fido
from render.kit.frame import png_picture
from render.kit.language import ENGLISH
from render.kit.line_table import LineGame, LineTableOptions, draw_line_game
from render.kit.view_header import View, play_note, seat_name, value_at

FORMULA_ENDS = 6
"""Up to this many open ends, the header spells the total out end by end."""


def draw_fido_table(
    view: View, names: Sequence[str], **options: Unpack[LineTableOptions]
) -> Image.Image:
    """The line of a FIDO game, from its public view (what everyone at the table sees; a
    seat's own view draws the same picture: its hand is not shown here);
    :func:`render_fido_table` gives it as PNG bytes.

    Header: title, game and target, whose turn, the open-end total S with the divisor d
    (``Total 44 = 4 × 11 ✓`` when d divides S, else what ÷ d leaves), the last play and
    what it scored, the stock and who sat out since, the result once over, and a score
    table that is also the seat colour legend (tiles held, this game's points, ``totals``
    for the match). Below it the line (:mod:`render.fido.plan`): every open end's badge
    with its label, value and, for a naked side, ``(0)``; the ends in ``highlight_ends``
    (where a chosen tile can go) in gold, and those in ``end_moves`` (label → the move
    that plays there) marked as spots a page taps to play it; the last play glowing
    unless ``last`` is false. The options: :class:`~render.kit.line_table.LineTableOptions`."""
    return draw_line_game(FIDO_TABLE, view, names, **options)


render_fido_table = png_picture(draw_fido_table)


def empty_note(view: View, names: Sequence[str], text: Text = ENGLISH) -> str:
    """Before the opening: the holder of the highest double opens with it."""
    return text._(
        "No tiles yet: {name} opens with the highest double.",
        name=seat_name(names, view.get("leader"), text),
    )


def seat_tag(result: Mapping[str, Any], seat: int, text: Text = ENGLISH) -> str | None:
    """After a seat's name once the game is over: ``went out``, ``wins`` or both."""
    tags = []
    out = result.get("out")
    if out is not None and seat == int(out):
        tags.append(text._("went out"))
    if seat in {int(s) for s in result.get("winners") or ()}:
        tags.append(text._("wins"))
    return ", ".join(tags) or None


def total_text(total: int, divisor: int, text: Text = ENGLISH) -> str:
    """``Total 44 = 4 × 11 ✓`` when ``divisor`` divides a total above 0, else
    ``Total 48 · ÷11 leaves 4`` (a total of 0 scores nothing, so it is just ``Total 0``)."""
    if divisor <= 0 or total == 0:
        return text._("Total {total}", total=total)
    if total and total % divisor == 0:
        return text._(
            "Total {total} = {times} × {divisor} ✓",
            total=total,
            times=total // divisor,
            divisor=divisor,
        )
    return text._(
        "Total {total} · ÷{divisor} leaves {rest}",
        total=total,
        divisor=divisor,
        rest=total % divisor,
    )


def ends_formula(line: Mapping[str, Any], total: int) -> str | None:
    """``A 5 + B 0 + C 12 + D 12`` for a line with few open ends that add up to
    ``total``, else None."""
    ends = list(line.get("ends") or ())
    if not ends or len(ends) > FORMULA_ENDS or sum(int(e["count"]) for e in ends) != total:
        return None
    return " + ".join(f"{e['label']} {int(e['count'])}" for e in ends)


def fido_notes(view: View, names: Sequence[str], text: Text = ENGLISH) -> list[str]:
    """The total and divisor, each end's share and the last play; the stock and who sat
    out since the last tile; what a hollow badge means, when there is one; the result."""
    line: Mapping[str, Any] = view.get("line") or {}
    opening = None
    if line.get("lead") is not None:
        total = int(view.get("total", line.get("total", 0)) or 0)
        opening = total_text(total, int(view.get("divisor") or 0), text)
        formula = ends_formula(line, total)
        if formula is not None:
            opening = text._("{total} (ends {formula})", total=opening, formula=formula)
    notes = play_note(opening, view, names, partial(_last_tile, line, text=text), text)
    stock = [
        text._("Stock: {count}", count=int(view.get("stock") or 0)),
        *_since_last_play(view, names, text),
    ]
    if int(view.get("direction") or 1) < 0:
        stock.append(text._("play goes counter-clockwise"))
    notes.append(" · ".join(stock))
    if any(e.get("naked") for e in line.get("ends") or ()):
        notes.append(text._("Hollow badge: a naked side, counting 0"))
    result = view.get("result")
    if result is not None:
        notes.append(result_note(result, names, text))
    return notes


def _last_tile(line: Mapping[str, Any], last: Mapping[str, Any], *, text: Text) -> str:
    arm, index = str(last.get("arm")), int(last.get("index") or 0)
    if arm == "lead" and line.get("lead"):
        return str(line["lead"]["tile"])
    for entry in line.get("arms") or ():
        pieces = entry.get("pieces") or []
        if entry.get("label") == arm and 0 <= index < len(pieces):
            return text._("{tile} on {end}", tile=pieces[index]["tile"], end=arm)
    return str(last.get("move", ""))


def _since_last_play(view: View, names: Sequence[str], text: Text) -> list[str]:
    """Who sat out since the last tile was laid, in turn: ``Bob drew and sat out``."""
    phrases: list[str] = []
    for entry in reversed(list(view.get("history") or ())):
        move = str(entry.get("move", ""))
        name = seat_name(names, entry.get("seat"), text)
        if move == "draw":
            phrases.insert(0, text._("{name} drew and sat out", name=name))
        elif move == "pass":
            phrases.insert(0, text._("{name} sat out", name=name))
        else:
            break
    return phrases


def result_note(result: Mapping[str, Any], names: Sequence[str], text: Text = ENGLISH) -> str:
    """Who went out (or that nobody could play), each other seat's pips deducted, and
    who has the highest score."""
    out = result.get("out")
    if result.get("reason") == "domino" and out is not None:
        note = text._("{name} went out", name=seat_name(names, out, text))
    else:
        note = text._("Nobody can play and the stock is empty")
    deducted = [int(d) for d in result.get("deducted") or ()]
    cuts = [f"{seat_name(names, s, text)} −{d}" for s, d in enumerate(deducted) if d]
    if cuts:
        note = text._("{note}; pips deducted: {cuts}", note=note, cuts=", ".join(cuts))
    winners = [int(s) for s in result.get("winners") or ()]
    if winners:
        who = [seat_name(names, s, text) for s in winners]
        best = value_at(list(result.get("scores") or ()), winners[0])
        note = f"{note}. {_winners(who, best, text)}"
    return note + "."


def _winners(who: Sequence[str], best: int | None, text: Text) -> str:
    """``Ann wins with 120``, ``Ann and Bob tie with 80`` (no score: just who)."""
    if len(who) == 1:
        if best is None:
            return text._("{name} wins", name=who[0])
        return text._("{name} wins with {points}", name=who[0], points=best)
    names = who[0]
    for name in who[1:]:
        names = text._("{first} and {last}", first=names, last=name)

    if best is None:
        return text._("{names} tie", names=names)
    return text._("{names} tie with {points}", names=names, points=best)


FIDO_TABLE = LineGame(
    "FIDO",
    plan_fido,
    paint_fido,
    fido_notes,
    seat_tag,
    empty_note,
    deals_are_games=True,
)
"""How a FIDO line is planned, painted and told (:mod:`render.kit.line_table`)."""
