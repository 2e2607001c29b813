"""The Network dominoes table picture: header text from the hand, then the table below it."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.network import NetworkHand
from engine.network.bonus import BONUS_POINTS
from engine.tiles import Tile
from render.kit.frame import framed, png_picture
from render.kit.header import Header, SeatRow, hand_subtitle, seat_names
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
    title: str = "Network dominoes",
) -> Image.Image:
    """The table: header, score table (the seat-colour legend), tiles, ring shading,
    open-end labels and the last play glowing; :func:`render_network_table` gives it as
    PNG bytes.

    ``candidates`` are places a tile could go, as ``(Placement, rings)`` pairs the caller
    worked out (the bot takes each legal move of ``candidate_tile``); they are drawn as
    see-through tiles with their pips, numbered 1, 2, … in the given order and labelled
    with ``candidate_moves`` (each one's notation, as the player would type it) when given;
    the header says how many there are and which close rings. The picture asks the engine
    no rules questions: it reads state only.
    """
    seats = seat_names(names, hand.players)
    plan = plan_table(hand, candidates or (), candidate_moves)
    if candidates is not None and candidate_tile is None and candidates:
        candidate_tile = candidates[0][0].tile
    header = network_header(
        hand, seats, plan, totals, target, candidates is not None, candidate_tile, title
    )
    empty = None if plan.tiles or plan.ghosts else lead_note(hand, seats)
    return framed(header, plan, paint_table, empty)


render_network_table = png_picture(draw_network_table)


def lead_note(hand: NetworkHand, names: Sequence[str]) -> str:
    """What the empty table says: who leads, and with what the table's lead option allows."""
    leader = names[hand.leader]
    if hand.options.lead == "any":
        return f"No tiles yet: {leader} leads with any tile."
    return f"No tiles yet: {leader} leads {hand.lead_tile.name}."


def network_header(
    hand: NetworkHand,
    names: Sequence[str],
    plan: TablePlan,
    totals: Sequence[int] | None,
    target: int | None,
    show_candidates: bool,
    candidate_tile: Tile | None,
    title: str,
) -> Header:
    """Header text for the hand: status, the last play, the bonus and the candidates key."""
    subtitle = hand_subtitle(hand.hand_number, target)
    current = hand.current_player
    status = "Hand over" if current is None else f"{names[current]} to play"

    notes = []
    last = hand.last_placement
    if last is not None:
        index = len(hand.layout.placements) - 1
        rings = sum(1 for r in hand.layout.rings if r.tile_index == index)
        note = f"Last tile: {last.tile.name} by {names[last.seat]}"
        if rings:
            note += f", closing {rings} ring{'s' if rings > 1 else ''} (+{rings})"
        notes.append(note)
    awarded: set[int] = set()
    if hand.bonus is not None:
        bonus_note, awarded = _bonus_note(hand, names)
        notes.append(bonus_note)
    if show_candidates:
        notes.append(_candidates_note(hand, plan, candidate_tile))

    columns = ("tiles", "rings", "hand") + (("match",) if totals is not None else ())
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
                tag=f"+{BONUS_POINTS} bonus" if seat in awarded else None,
            )
        )
    return Header(title, subtitle, status, tuple(notes), columns, tuple(rows))


def _bonus_note(hand: NetworkHand, names: Sequence[str]) -> tuple[str, set[int]]:
    bonus = hand.bonus
    assert bonus is not None
    if not bonus.numbers:
        return "No open ends, so no bonus.", set()
    ends = "open end" if bonus.count == 1 else "open ends"
    if len(bonus.numbers) == 1:
        number, seat, _, label = bonus.contributors[0]
        text = (
            f"Bonus: {number} is the most frequent number, on {bonus.count} {ends} (gold); "
            f"{names[seat]} fed it last, at {label}"
        )
    else:
        tied = " and ".join(str(n) for n in bonus.numbers)
        fed = "; ".join(
            f"{n} last fed by {names[seat]} at {label}" for n, seat, _, label in bonus.contributors
        )
        text = f"Bonus: {tied} tie, on {bonus.count} {ends} each (gold); {fed}"
    if bonus.awarded:
        text += f". +{BONUS_POINTS} to " + " and ".join(names[s] for s in bonus.awarded) + "."
    else:
        text += ". No bonus on a tie."
    return text, set(bonus.awarded)


def _candidates_note(hand: NetworkHand, plan: TablePlan, tile: Tile | None) -> str:
    name = tile.name if tile is not None else "This tile"
    if hand.layout.is_empty:
        return f"{name}: the first tile is the lead, so there is no place to choose."
    if not plan.ghosts:
        return f"{name} fits nowhere on the table."
    count = len(plan.ghosts)
    if count == 1:
        text = f"{name} fits in 1 place, numbered 1"
    else:
        text = f"{name} fits in {count} places, numbered 1–{count}"
    first = plan.ghosts[0]
    if first.text and tile is not None:
        text += f", each with its move after the tile (1 = {tile.name} {first.text})"
    scoring = [g for g in plan.ghosts if g.rings]
    if scoring:
        each = ", ".join(f"{g.number} (+{g.rings})" for g in scoring)
        text += f". Closing a ring: {each}"
    return text + "."
