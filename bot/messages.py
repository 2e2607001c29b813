"""Message text. Public texts take only public facts (seats, totals, the log); private
texts, which name tiles, are only ever sent to the player who holds them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Final

from bot.games import adapter_for
from bot.narration import plain
from bot.rating import PlayerRating
from bot.service import SeatView, TableUpdate, seat_names, seat_of, table_settings
from bot.store import StandingRow, TableRecord, TableStatus
from bot.table_meta import TableMeta
from engine.match import Match
from engine.registry import game_spec
from engine.spec import GameSpec

DMS_CLOSED_NOTE: Final = "DMs closed — use Show hand"


def when(moment: datetime) -> str:
    """A Discord timestamp that every reader sees in their own time zone ("in 4 minutes")."""
    return f"<t:{int(moment.timestamp())}:R>"


def title_of(record: TableRecord) -> str:
    """The game's name as the table's messages show it."""
    return game_spec(record.game).title


# ---------------------------------------------------------------------- lobby


def lobby_content(record: TableRecord) -> str:
    settings = table_settings(record)
    lines = [
        f"**{title_of(record)}** · table {record.id} · hosted by <@{record.creator_id}>",
        settings.describe(),
        "",
        f"**Seats ({len(record.seats)}/{settings.seats})**",
    ]
    for index, seat in enumerate(record.seats, start=1):
        who = f"🤖 {plain(seat.name)}" if seat.is_bot else f"<@{seat.user_id}>"
        lines.append(f"{index}. {who}")
    for index in range(len(record.seats) + 1, settings.seats + 1):
        lines.append(f"{index}. _empty_")
    lines.append("")
    if record.status is TableStatus.LOBBY:
        closes = f" This lobby closes {when(record.expires_at)}." if record.expires_at else ""
        lines.append(f"Press **Join** to sit down. The host presses **Start**.{closes}")
    return "\n".join(lines)


def closed_lobby_content(record: TableRecord, reason: str) -> str:
    return f"**{title_of(record)}** · table {record.id}\n{reason}"


# ---------------------------------------------------------------------- table


def table_content(record: TableRecord, match: Match) -> str:
    """The channel's table message: scores, whose turn, the latest plays."""
    meta = TableMeta.from_json(record.meta)
    names = [plain(name) for name in seat_names(record)]
    goal = "one game" if match.target is None else f"target {match.target}"
    header = f"**{title_of(record)}** · table {record.id} · hand {match.hand_number} · {goal}"
    scores = " · ".join(
        f"{'🤖 ' if seat.is_bot else ''}{name} **{total}**"
        for seat, name, total in zip(record.seats, names, match.totals, strict=True)
    )
    lines = [header, scores]
    if record.status is TableStatus.FINISHED and match.winner is not None:
        lines.append(f"🏆 **{names[match.winner]}** won the match.")
    elif record.status is TableStatus.FINISHED and match.outcome and match.outcome.winners:
        shared = " and ".join(f"**{names[seat]}**" for seat in match.outcome.winners)
        lines.append(f"🏆 {shared} share the win.")
    elif record.status is TableStatus.FINISHED:
        lines.append("🤝 The match ended in a draw.")
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


def hand_content(view: SeatView, headline: str | None = None, prompt: str | None = None) -> str:
    """A player's private message: their tiles and, on their turn, what to do."""
    record, match = view.record, view.match
    lines = [headline] if headline else []
    lines.append(f"**{title_of(record)}** · table {record.id} · hand {match.hand_number}")
    if match.is_over:
        lines.append("The match is over.")
    elif view.is_turn:
        deadline = f" Time runs out {when(view.deadline)}." if view.deadline else ""
        lines.append(f"**Your turn.** {prompt or 'Make your move.'}{deadline}")
    else:
        seat = match.hand.current_player
        if seat is not None:
            lines.append(f"Waiting for **{plain(record.seats[seat].name)}** to play.")
    lines.append(adapter_for(record.game).holding(view.hand, view.seat))
    return "\n".join(lines)


def played_content(update: TableUpdate, user_id: int) -> str:
    """The reply to the player who just moved: what happened since, and what is next."""
    record, match = update.record, update.match
    lines = [f"• {line}" for line in update.story.log] or ["Done."]
    if record.status is TableStatus.FINISHED:
        if match.winner is not None:
            lines.append(f"🏆 **{plain(record.seats[match.winner].name)}** won the match.")
        else:
            lines.append("🤝 The match ended in a draw.")
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
    if own is not None:
        lines[:0] = [f"🔒 {line}" for line in update.story.private.get(own, [])]
    if own is not None and not match.is_over:
        lines.append(adapter_for(record.game).holding(match.hand, own))
    return "\n".join(lines)


def turn_ping_content(record: TableRecord, user_id: int) -> str:
    """A channel nudge for a player whose DMs are closed (names no tile)."""
    return (
        f"<@{user_id}>, it's your turn at table {record.id}. Your DMs are closed, so press "
        "**Show hand** to see your tiles and play."
    )


# ---------------------------------------------------------------------- league


def standings_content(
    rows: Sequence[StandingRow],
    guild_name: str,
    spec: GameSpec | None,
    ratings: Mapping[int, PlayerRating] | None = None,
) -> str:
    """The league table of one game (with its own columns and each player's rating), or
    of all games together."""
    title = f"**League table · {guild_name}**" + (f" · {spec.title}" if spec else "")
    if not rows:
        how = f" Start one with /{spec.family} new." if spec else ""
        return f"{title}\nNo finished matches yet.{how}"
    stats = spec.stats if spec else ()
    rated = spec is not None and ratings is not None
    header = (
        f"{'#':>2}  {'Player':<18} {'P':>3} {'W':>3} {'Pts':>5}"
        + "".join(f" {stat.short:>5}" for stat in stats)
        + (f" {'Rtg':>5}" if rated else "")
    )
    body = [
        f"{rank:>2}  {_clip(row.name, 18):<18} {row.matches_played:>3} {row.matches_won:>3} "
        f"{row.points:>5}"
        + "".join(f" {row.stats.get(stat.name, 0):>5}" for stat in stats)
        + (f" {_rating_cell(ratings, row.user_id):>5}" if rated else "")
        for rank, row in enumerate(rows, start=1)
    ]
    legend = "P played · W won · Pts points" + "".join(
        f" · {stat.short} {stat.title}" for stat in stats
    )
    if spec is None:
        legend += " (all games together: pick a game for its own figures)"
    else:
        legend += " · " + rating_legend(spec)
    return "\n".join([title, "```", header, *body, "```", legend])


def rating_legend(spec: GameSpec) -> str:
    """What the rating column means, and how long results count in this game."""
    fade = spec.rating_fade_days
    ages = "" if fade is None else f"; each result fades to nothing over {fade} days"
    return f"Rtg rating from results against other people (– none yet{ages}); monthly: /ranking"


def _rating_cell(ratings: Mapping[int, PlayerRating] | None, user_id: int) -> str:
    rating = None if ratings is None else ratings.get(user_id)
    return "–" if rating is None else str(rating.display)


def _clip(text: str, width: int) -> str:
    text = text.replace("`", "'")
    return text if len(text) <= width else text[: width - 1] + "…"
