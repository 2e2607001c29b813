"""Message text. Public texts take only public facts (seats, totals, the log); private
texts, which name tiles, are only ever sent to the player who holds them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Final

from bot.narration import plain
from bot.service import CandidateView, SeatView, TableUpdate, network_hand, seat_names, seat_of
from bot.store import StandingRow, TableRecord, TableStatus
from bot.table_meta import TableMeta
from bot.table_options import TableOptions
from engine.match import Match
from engine.tiles import Tile

TITLE: Final = "Network dominoes"
DMS_CLOSED_NOTE: Final = "DMs closed — use Show hand"


def when(moment: datetime) -> str:
    """A Discord timestamp that every reader sees in their own time zone ("in 4 minutes")."""
    return f"<t:{int(moment.timestamp())}:R>"


# ---------------------------------------------------------------------- lobby


def lobby_content(record: TableRecord) -> str:
    options = TableOptions.from_json(record.settings)
    lines = [
        f"**{TITLE}** · table {record.id} · hosted by <@{record.creator_id}>",
        options.describe(),
        "",
        f"**Seats ({len(record.seats)}/{options.seats})**",
    ]
    for index, seat in enumerate(record.seats, start=1):
        who = f"🤖 {plain(seat.name)}" if seat.is_bot else f"<@{seat.user_id}>"
        lines.append(f"{index}. {who}")
    for index in range(len(record.seats) + 1, options.seats + 1):
        lines.append(f"{index}. _empty_")
    lines.append("")
    if record.status is TableStatus.LOBBY:
        closes = f" This lobby closes {when(record.expires_at)}." if record.expires_at else ""
        lines.append(f"Press **Join** to sit down. The host presses **Start**.{closes}")
    return "\n".join(lines)


def closed_lobby_content(record: TableRecord, reason: str) -> str:
    return f"**{TITLE}** · table {record.id}\n{reason}"


# ---------------------------------------------------------------------- table


def table_content(record: TableRecord, match: Match) -> str:
    """The channel's table message: scores, whose turn, the latest plays."""
    meta = TableMeta.from_json(record.meta)
    names = [plain(name) for name in seat_names(record)]
    header = f"**{TITLE}** · table {record.id} · hand {match.hand_number} · target {match.target}"
    scores = " · ".join(
        f"{'🤖 ' if seat.is_bot else ''}{name} **{total}**"
        for seat, name, total in zip(record.seats, names, match.totals, strict=True)
    )
    lines = [header, scores]
    if record.status is TableStatus.FINISHED and match.winner is not None:
        lines.append(f"🏆 **{names[match.winner]}** won the match.")
    elif record.status is TableStatus.CANCELLED:
        lines.append("🛑 This table was cancelled; no result was recorded.")
    else:
        lines.append(_turn_line(record, match, meta))
    if meta.log:
        lines.append("")
        lines.extend(f"• {line}" for line in meta.log)
    closed = [
        name
        for seat, name in zip(record.seats, names, strict=True)
        if seat.user_id is not None and seat.user_id in meta.dms_closed
    ]
    if closed and record.status is TableStatus.PLAYING:
        lines.append("")
        lines.append(f"📪 {', '.join(closed)}: {DMS_CLOSED_NOTE}.")
    return "\n".join(lines)


def _turn_line(record: TableRecord, match: Match, meta: TableMeta) -> str:
    seat = match.hand.current_player
    if seat is None:
        return "Waiting for the next hand."
    name = plain(record.seats[seat].name)
    away = " (the computer is playing for them)" if seat in meta.autopilot else ""
    deadline = f" · time runs out {when(meta.deadline)}" if meta.deadline else ""
    return f"▶ **{name}** to play{away}{deadline}"


# ---------------------------------------------------------------------- private


def hand_content(view: SeatView, headline: str | None = None) -> str:
    """A player's private message: their tiles and, on their turn, what to do."""
    record, match = view.record, view.match
    lines = [headline] if headline else []
    lines.append(f"**{TITLE}** · table {record.id} · hand {match.hand_number}")
    if match.is_over:
        lines.append("The match is over.")
    elif view.is_turn:
        deadline = f" Time runs out {when(view.deadline)}." if view.deadline else ""
        if view.playable:
            lines.append(f"**Your turn.** Pick a tile to see where it can go, or pass.{deadline}")
        else:
            lines.append(f"**Your turn.** None of your tiles fits anywhere: pass.{deadline}")
    else:
        seat = network_hand(match).current_player
        if seat is not None:
            lines.append(f"Waiting for **{plain(record.seats[seat].name)}** to play.")
    lines.append(f"Your tiles: {tile_list(view.tiles)}")
    return "\n".join(lines)


def candidates_content(choice: CandidateView) -> str:
    count = len(choice.moves)
    if count == 0:
        return f"**{choice.tile}** has nowhere to go. Pick another tile, or pass."
    if count == 1 and choice.moves[0].is_lead:
        return f"**{choice.tile}** leads the hand. Choose it below to play it."
    places = "1 place" if count == 1 else f"{count} places"
    return (
        f"**{choice.tile}** fits in {places}, numbered on the picture. "
        "Pick a number, another tile, or pass."
    )


def played_content(update: TableUpdate, user_id: int) -> str:
    """The reply to the player who just moved: what happened since, and what is next."""
    record, match = update.record, update.match
    lines = [f"• {line}" for line in update.story.log] or ["Done."]
    if record.status is TableStatus.FINISHED and match.winner is not None:
        lines.append(f"🏆 **{plain(record.seats[match.winner].name)}** won the match.")
        return "\n".join(lines)
    seat = match.hand.current_player
    if seat is not None:
        mover = record.seats[seat]
        lines.append(
            "**Your turn again.**"
            if mover.user_id == user_id
            else f"Next: **{plain(mover.name)}**."
        )
    if update.story.hand_dealt:
        lines.append(f"Hand {match.hand_number} has been dealt.")
    own = seat_of(record, user_id)
    if own is not None and not match.is_over:
        lines.append(f"Your tiles: {tile_list(network_hand(match).hands[own])}")
    return "\n".join(lines)


def turn_ping_content(record: TableRecord, user_id: int) -> str:
    """A channel nudge for a player whose DMs are closed (names no tile)."""
    return (
        f"<@{user_id}>, it's your turn at table {record.id}. Your DMs are closed, so press "
        "**Show hand** to see your tiles and play."
    )


def tile_list(tiles: Sequence[Tile]) -> str:
    return ", ".join(tile.name for tile in tiles) if tiles else "none"


# ---------------------------------------------------------------------- league & rules


def standings_content(rows: Sequence[StandingRow], guild_name: str) -> str:
    if not rows:
        return (
            f"**League table · {guild_name}**\n"
            "No finished matches yet. Start one with /network new."
        )
    header = f"{'#':>2}  {'Player':<18} {'P':>3} {'W':>3} {'Pts':>4} {'Rings':>5} {'Best':>4}"
    body = [
        f"{rank:>2}  {_clip(row.name, 18):<18} {row.matches_played:>3} {row.matches_won:>3} "
        f"{row.points:>4} {row.rings:>5} {row.best_hand:>4}"
        for rank, row in enumerate(rows, start=1)
    ]
    legend = "P played · W won · Pts points · Rings rings closed · Best best hand"
    return "\n".join([f"**League table · {guild_name}**", "```", header, *body, "```", legend])


def _clip(text: str, width: int) -> str:
    text = text.replace("`", "'")
    return text if len(text) <= width else text[: width - 1] + "…"


RULES: Final = """\
**Network dominoes** — a double-six set for 2–5 players.
• **Deal:** everyone gets ⌊28 ÷ players⌋ tiles (14, 9, 7 or 5); the rest are set aside. \
Nobody draws.
• **Lead:** the holder of the highest double leads it (table option: any tile may lead). \
Play goes round in seat order.
• **Placing:** a tile goes against an open end showing one of its numbers, touching it \
face to face. Wherever two tiles share an edge, the touching halves must match; corners may \
touch freely. Off a plain end there are up to 7 ways to lay a tile (table option: 5 or 3).
• **Rings:** closing a loop that encloses empty space scores 1 point per new enclosed region.
• **Passing:** you may pass even when you could play. The hand ends when everyone has passed \
in a row.
• **Bonus:** at the end of a hand, whoever last fed the most frequent open-end number scores \
+3 (ties: table option).
• **Match:** hands are played until someone reaches the target (default 10); a tie at the \
top plays another hand.

**Playing here:** `/network new` opens a table; press **Join** and the host presses \
**Start**. On your turn the bot DMs you your tiles: pick a tile, look at the numbered \
picture, pick a number — or **Pass**. `/network play` and `/network hand` do the same from \
the channel, and **Show hand** works when DMs are closed. If your time runs out you pass; \
after two timeouts in a row the computer plays for you until you come back."""
