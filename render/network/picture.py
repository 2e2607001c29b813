"""The Network dominoes table picture: header text from the hand, then the table below it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from PIL import Image

from engine.network import NetworkHand
from engine.network.bonus import BONUS_POINTS
from engine.tiles import Tile
from i18n import Text
from render.kit.frame import framed, png_picture
from render.kit.header import Header, SeatRow, hand_subtitle, seat_names, turn_status
from render.kit.language import ENGLISH
from render.kit.palette import seat_colour
from render.network.plan import Candidate, TablePlan, plan_table
from render.network.table import paint_table


def draw_network_table(
    hand: NetworkHand,
    names: Sequence[str],
    *,
    totals: Sequence[int] | None = None,
    target: int | None = None,
    candidates: Sequence[Candidate] | None = None,
    candidate_tile: Tile | None = None,
    candidate_moves: Sequence[str] | None = None,
    title: str | None = None,
    text: Text = ENGLISH,
) -> Image.Image:
    """The table: header, score table (the seat-colour legend), tiles, ring shading,
    open-end labels and the last play glowing; :func:`render_network_table` gives it as
    PNG bytes.

    ``candidates`` are places a tile could go, as ``(Placement, rings)`` pairs the caller
    worked out (the bot takes each legal move of ``candidate_tile``); they are drawn as
    see-through tiles with their pips, numbered 1, 2, … in the given order and labelled
    with ``candidate_moves`` (each one's notation, as the player would type it) when given;
    the header says how many there are and which close rings; each one's label and ghost
    are the spot a page taps to play its move (:mod:`render.kit.spots`). The picture asks
    the engine no rules questions: it reads state only. ``title`` defaults to the game's name;
    ``text``: the table's language, for every word drawn.
    """
    seats = seat_names(names, hand.players, text)
    plan = plan_table(hand, candidates or (), candidate_moves)
    if candidates is not None and candidate_tile is None and candidates:
        candidate_tile = candidates[0][0].tile
    header = network_header(
        hand,
        seats,
        plan,
        totals,
        target,
        candidates is not None,
        candidate_tile,
        title if title is not None else text._("Network dominoes"),
        text,
    )
    empty = None if plan.tiles or plan.ghosts else lead_note(hand, seats, text)
    return framed(header, plan, partial(paint_table, moves=candidate_moves), empty)


render_network_table = png_picture(draw_network_table)


def lead_note(hand: NetworkHand, names: Sequence[str], text: Text = ENGLISH) -> str:
    """What the empty table says: who leads, and with what the table's lead option allows."""
    leader = names[hand.leader]
    if hand.options.lead == "any":
        return text._("No tiles yet: {name} leads with any tile.", name=leader)
    return text._("No tiles yet: {name} leads {tile}.", name=leader, tile=hand.lead_tile.name)


def network_header(
    hand: NetworkHand,
    names: Sequence[str],
    plan: TablePlan,
    totals: Sequence[int] | None,
    target: int | None,
    show_candidates: bool,
    candidate_tile: Tile | None,
    title: str,
    text: Text = ENGLISH,
) -> Header:
    """Header text for the hand: status, the last play, the bonus and the candidates key."""
    subtitle = hand_subtitle(hand.hand_number, target, text=text)
    current = hand.current_player
    status = text._("Hand over") if current is None else turn_status(names[current], text)

    notes = []
    last = hand.last_placement
    if last is not None:
        index = len(hand.layout.placements) - 1
        rings = sum(1 for r in hand.layout.rings if r.tile_index == index)
        tile, who = last.tile.name, names[last.seat]
        if rings:
            note = text.n_(
                "Last tile: {tile} by {name}, closing {count} ring (+{count})",
                "Last tile: {tile} by {name}, closing {count} rings (+{count})",
                rings,
                tile=tile,
                name=who,
            )
        else:
            note = text._("Last tile: {tile} by {name}", tile=tile, name=who)
        notes.append(note)
    awarded: set[int] = set()
    if hand.bonus is not None:
        bonus_note, awarded = _bonus_note(hand, names, text)
        notes.append(bonus_note)
    if show_candidates:
        notes.append(_candidates_note(hand, plan, candidate_tile, text))

    columns: tuple[str, ...] = (text._("tiles"), text._("rings"), text._("hand"))
    if totals is not None:
        columns += (text._("match"),)
    rows = []
    for seat in range(hand.players):
        values: tuple[int | None, ...] = (
            len(hand.hands[seat]),
            hand.ring_counts[seat],
            hand.scores[seat],
        )
        if totals is not None:
            values += (totals[seat] if seat < len(totals) else None,)
        rows.append(
            SeatRow(
                names[seat],
                seat_colour(seat),
                values,
                to_play=seat == current,
                tag=text._("+{points} bonus", points=BONUS_POINTS) if seat in awarded else None,
            )
        )
    return Header(title, subtitle, status, tuple(notes), columns, tuple(rows))


def _bonus_note(hand: NetworkHand, names: Sequence[str], text: Text) -> tuple[str, set[int]]:
    bonus = hand.bonus
    assert bonus is not None
    if not bonus.numbers:
        return text._("No open ends, so no bonus."), set()
    if len(bonus.numbers) == 1:
        number, seat, _, label = bonus.contributors[0]
        note = text.n_(
            "Bonus: {number} is the most frequent number, on {count} open end (gold); "
            "{name} fed it last, at {end}",
            "Bonus: {number} is the most frequent number, on {count} open ends (gold); "
            "{name} fed it last, at {end}",
            bonus.count,
            number=number,
            name=names[seat],
            end=label,
        )
    else:
        tied = _and(text, [str(n) for n in bonus.numbers])
        fed = "; ".join(
            text._("{number} last fed by {name} at {end}", number=n, name=names[seat], end=label)
            for n, seat, _, label in bonus.contributors
        )
        note = text.n_(
            "Bonus: {numbers} tie, on {count} open end each (gold); {fed}",
            "Bonus: {numbers} tie, on {count} open ends each (gold); {fed}",
            bonus.count,
            numbers=tied,
            fed=fed,
        )
    if bonus.awarded:
        who = _and(text, [names[s] for s in bonus.awarded])
        note = text._("{note}. +{points} to {names}.", note=note, points=BONUS_POINTS, names=who)
    else:
        note = text._("{note}. No bonus on a tie.", note=note)
    return note, set(bonus.awarded)


def _and(text: Text, items: Sequence[str]) -> str:
    """``1 and 4 and 6``: items joined as the header has always joined them."""
    joined = items[0]
    for item in items[1:]:
        joined = text._("{first} and {last}", first=joined, last=item)
    return joined


def _candidates_note(hand: NetworkHand, plan: TablePlan, tile: Tile | None, text: Text) -> str:
    name = tile.name if tile is not None else text._("This tile")
    if hand.layout.is_empty:
        return text._(
            "{tile}: the first tile is the lead, so there is no place to choose.", tile=name
        )
    if not plan.ghosts:
        return text._("{tile} fits nowhere on the table.", tile=name)
    count = len(plan.ghosts)
    if count == 1:
        note = text._("{tile} fits in 1 place, numbered 1", tile=name)
    else:
        note = text._("{tile} fits in {count} places, numbered 1–{count}", tile=name, count=count)
    first = plan.ghosts[0]
    if first.text and tile is not None:
        note = text._(
            "{note}, each with its move after the tile (1 = {tile} {move})",
            note=note,
            tile=tile.name,
            move=first.text,
        )
    scoring = [g for g in plan.ghosts if g.rings]
    if scoring:
        each = ", ".join(f"{g.number} (+{g.rings})" for g in scoring)
        note = text._("{note}. Closing a ring: {each}", note=note, each=each)
    return note + "."
