"""The Sackson's Network picture: header text from the view, then the board below it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from PIL import Image

from i18n import N_, Text
from render.kit.fonts import fit_text, font
from render.kit.frame import framed, png_picture
from render.kit.header import Header, SeatRow, seat_names
from render.kit.language import ENGLISH
from render.sackson.look import PIECE, RIM
from render.sackson.paint import paint_board
from render.sackson.plan import Colour, plan_board

View = Mapping[str, Any]
PLAYERS = 2
TITLE = N_("Sackson's Network")

NAME_ROOM = 220
"""The px a name may take in the status line and notes (bold, at the status size): a long
name is cut there, so what the player is to do still shows after it."""
NAME_FACE = 18
GOALS_NOTE = N_("Dark's goals: rows 1 and 8 · Light's: columns a and h · corners are out of play")
SIDES = {"dark": N_("Dark"), "light": N_("Light")}
"""Each colour's name as the header says it (the sides of the board)."""


def draw_sackson_board(
    view: View,
    names: Sequence[str],
    *,
    totals: Sequence[int],
    target: int | None,
    game_number: int = 1,
    title: str | None = None,
    chosen: str | None = None,
    targets: Sequence[tuple[str, str]] = (),
    tappable: Mapping[str, str] | None = None,
    text: Text = ENGLISH,
) -> Image.Image:
    """The board of a Sackson's Network game, from its view (every seat sees the same),
    with what the caller highlights; :func:`render_sackson_board` gives it as PNG bytes.

    Header: ``title`` (default the game's name), ``Game N`` and the match target, whose
    turn and what they do (or the result), the last move, and a score table that is the
    piece-colour legend (pieces in hand; games won when ``target`` is set). Below it the
    board: goal zones tinted in their owner's colour, dead corners hatched, the last move
    ringed with an arrow from its origin, the winning network as a path through its
    pieces (numbered in order), ``chosen`` framed in gold and each of ``targets``
    (square, label) as a gold badge with its label. ``tappable``: squares a page may tap
    (a target's, a piece's), each with what tapping it means, marked as spots
    (:mod:`render.kit.spots`). ``text``: the table's language, for every word drawn."""
    seats = seat_names(names, PLAYERS, text)
    plan = plan_board(view, chosen, targets)
    header = sackson_header(view, seats, totals, target, game_number, title, text)
    return framed(header, plan, partial(paint_board, tappable=tappable))


render_sackson_board = png_picture(draw_sackson_board)


def short_name(name: str) -> str:
    """``name`` cut with an ellipsis to :data:`NAME_ROOM` px, for sentences about it."""
    return fit_text(name, font(NAME_FACE, bold=True), NAME_ROOM)


def seat_colour_of(view: View, seat: int) -> Colour:
    """The colour ``seat`` plays in this game."""
    return "dark" if seat == _int(view.get("dark"), 0) else "light"


def _int(value: Any, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _who(view: View, names: Sequence[str], seat: int, text: Text) -> str:
    side = text._(SIDES[seat_colour_of(view, seat)])
    return text._("{name} ({side})", name=names[seat], side=side)


def _seat_of(view: View, colour: Any) -> int | None:
    if colour not in ("dark", "light"):
        return None
    dark = _int(view.get("dark"), 0)
    return dark if colour == "dark" else 1 - dark


def status_text(view: View, names: Sequence[str], text: Text = ENGLISH) -> str:
    """Whose turn and what they do, or how the game ended."""
    outcome = view.get("outcome")
    if outcome is not None:
        winners = [int(w) for w in outcome.get("winners") or () if 0 <= int(w) < len(names)]
        if winners:
            name = names[winners[0]]
            network = view.get("network") or ()
            if outcome.get("reason") == "network" and network:
                return text._(
                    "{name} wins with a network of {count} pieces", name=name, count=len(network)
                )
            return text._("{name} wins", name=name)
        reason = outcome.get("reason")
        if reason == "repetition":
            return text._("Draw by threefold repetition")
        if reason == "both stuck":
            return text._("Draw: neither player can move")
        return text._("Drawn game")
    seat = view.get("to_move")
    if seat not in (0, 1):
        return text._("Game over")
    colour = seat_colour_of(view, seat)
    in_hand = _int((view.get("in_hand") or {}).get(colour), 0)
    phase = view.get("phase") or ("place" if in_hand else "move")
    who = _who(view, names, seat, text)
    if phase == "place":
        return text._("{who} to move · placing, {count} in hand", who=who, count=in_hand)
    return text._("{who} to move · moving a piece", who=who)


def notes(view: View, names: Sequence[str], text: Text = ENGLISH) -> list[str]:
    """The last move (or, before the first, where each side's goals are), and a warning
    when the position has occurred twice (a third time draws)."""
    last = view.get("last_move")
    seat = _seat_of(view, (last or {}).get("colour"))
    if not last or seat is None:
        return [text._(GOALS_NOTE)]
    who = _who(view, names, seat, text)
    start, end = last.get("from"), last.get("to")
    if end is None:
        note = text._("Last move: {who} passed, having no legal move", who=who)
    elif start is None:
        note = text._("Last move: {who} placed a piece on {square}", who=who, square=end)
    else:
        note = text._("Last move: {who} moved {start} → {end}", who=who, start=start, end=end)
    if view.get("outcome") is None and _int(view.get("repetitions"), 1) == 2:
        note = text._("{note} · this position has occurred twice: a third time draws", note=note)
    return [note]


def sackson_header(
    view: View,
    names: Sequence[str],
    totals: Sequence[int],
    target: int | None,
    game_number: int,
    title: str | None,
    text: Text = ENGLISH,
) -> Header:
    """Header for the view: the status, the last move, and one row per seat in its piece
    colour, saying which it plays (Dark or Light), with pieces in hand (and games won, in
    a match to a target)."""
    if target is None:
        subtitle = text._("Game {number}", number=game_number)
    else:
        subtitle = text._(
            "Game {number} · first to {target} wins", number=game_number, target=target
        )
    over = view.get("outcome") is not None
    to_move = None if over else view.get("to_move")
    winners = {int(w) for w in ((view.get("outcome") or {}).get("winners") or ())}
    in_hand = view.get("in_hand") or {}
    columns: tuple[str, ...] = (text._("In hand"),)
    if target is not None:
        columns += (text._("Wins"),)
    rows = []
    for seat, name in enumerate(names):
        colour = seat_colour_of(view, seat)
        values: tuple[int | None, ...] = (_int(in_hand.get(colour), 0),)
        if target is not None:
            values += (int(totals[seat]) if seat < len(totals) else None,)
        rows.append(
            SeatRow(
                name,
                PIECE[colour],
                values,
                to_play=seat == to_move,
                tag=text._("wins") if seat in winners else None,
                ring=RIM[colour],
                side=text._(SIDES[colour]),
            )
        )
    short = [short_name(name) for name in names]
    return Header(
        title if title is not None else text._(TITLE),
        subtitle,
        status_text(view, short, text),
        tuple(notes(view, short, text)),
        columns,
        tuple(rows),
    )
