"""Message text. Public texts take only public facts (seats, totals, the log); private
texts, which name tiles, are only ever sent to the player who holds them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Final

from bot.games import adapter_for
from bot.games.narration import plain
from bot.games.words import words_for
from bot.league.rating import PlayerRating
from bot.store import StandingRow, TableRecord, TableStatus
from bot.tables.meta import TableMeta
from bot.tables.service import (
    DRAWN_STAT,
    HINTS_STAT,
    Hint,
    PlayerSeat,
    TableUpdate,
    seat_names,
    seat_of,
    table_settings,
)
from bot.tables.settings import TableSettings
from engine.match import Match
from engine.registry import game_spec
from engine.spec import GameSpec, StatSpec


def dms_closed_note(spec: GameSpec) -> str:
    """The table message's note on players whose DMs are closed."""
    return f"DMs closed — use {words_for(spec).show_button}"


def when(moment: datetime) -> str:
    """A Discord timestamp that every reader sees in their own time zone ("in 4 minutes")."""
    return f"<t:{int(moment.timestamp())}:R>"


def title_of(record: TableRecord) -> str:
    """The game's name as the table's messages show it."""
    return game_spec(record.game).title


# ---------------------------------------------------------------------- lobby


def lobby_content(record: TableRecord) -> str:
    settings = table_settings(record)
    if settings.is_challenge:
        return _challenge_content(record, settings)
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


def _challenge_content(record: TableRecord, settings: TableSettings) -> str:
    """A two-player table's lobby: who challenges whom, and how to accept."""
    host = f"<@{record.creator_id}>"
    opponent = settings.opponent_id
    who = f"{host} challenges <@{opponent}>" if opponent else f"{host} is looking for an opponent"
    lines = [f"**{title_of(record)}** · table {record.id} · {who}", settings.describe(), ""]
    if record.status is TableStatus.LOBBY:
        if opponent:
            lines.append(f"<@{opponent}>, press **Accept** to play, or **Decline**.")
        else:
            lines.append(
                f"Press **Accept** to play {host}. The host can instead pick a computer "
                "opponent from the menu."
            )
        if record.expires_at:
            lines.append(f"This challenge closes {when(record.expires_at)}.")
    return "\n".join(lines)


def closed_lobby_content(record: TableRecord, reason: str) -> str:
    return f"**{title_of(record)}** · table {record.id}\n{reason}"


# ---------------------------------------------------------------------- table


def table_content(record: TableRecord, match: Match, dms_closed: frozenset[int]) -> str:
    """The channel's table message in words (the text twin of its picture): scores, whose
    turn, what lies on the table, the latest plays, whose DMs are closed."""
    meta = TableMeta.from_json(record.meta)
    spec = game_spec(record.game)
    names = [plain(name) for name in seat_names(record)]
    header = (
        f"**{title_of(record)}** · table {record.id} · {words_for(spec).round} "
        f"{match.hand_number} · {spec.match.goal_label(match.target)}"
    )
    adapter = adapter_for(record.game)
    shown = match.last_hand if match.is_over and match.last_hand is not None else match.hand
    counted = spec.utility == "points" or match.target is not None
    scores = " · ".join(
        f"{'🤖 ' if seat.is_bot else ''}{name}{adapter.seat_tag(shown, index)}"
        + (f" **{total}**" if counted else "")
        for index, (seat, name, total) in enumerate(
            zip(record.seats, names, match.totals, strict=True)
        )
    )
    lines = [header, scores]
    if record.status is TableStatus.FINISHED:
        lines.append(result_line(spec, match, names))
    elif record.status is TableStatus.CANCELLED:
        lines.append("🛑 This table was cancelled; no result was recorded.")
    else:
        lines.append(_turn_line(record, match, meta))
    lines.append(adapter.table_words(shown))  # the picture in words, as its alt text says
    if meta.log:
        lines.append("")
        lines.extend(f"• {line}" for line in meta.log)
    closed = [
        name
        for seat, name in zip(record.seats, names, strict=True)
        if seat.user_id is not None and seat.user_id in dms_closed
    ]
    if closed and record.status is TableStatus.PLAYING:
        lines.append("")
        lines.append(f"📪 {', '.join(closed)}: {dms_closed_note(spec)}.")
    return "\n".join(lines)


def result_line(spec: GameSpec, match: Match, names: Sequence[str]) -> str:
    """How a finished match ended, in one line (``names`` already escaped)."""
    what = words_for(spec).contest(match.target)
    outcome = match.outcome
    if match.winner is not None:
        return f"🏆 **{names[match.winner]}** won the {what}."
    if outcome is not None and outcome.winners:
        shared = " and ".join(f"**{names[seat]}**" for seat in outcome.winners)
        return f"🏆 {shared} share the win."
    return f"🤝 The {what} ended in a draw."


def _turn_line(record: TableRecord, match: Match, meta: TableMeta) -> str:
    seat = match.hand.current_player
    if seat is None:
        return f"Waiting for the next {words_for(game_spec(record.game)).round}."
    name = plain(record.seats[seat].name)
    away = " (the computer is playing for them)" if seat in meta.autopilot else ""
    deadline = f" · time runs out {when(meta.deadline)}" if meta.deadline else ""
    return f"▶ **{name}** to play{away}{deadline}"


# ---------------------------------------------------------------------- private


def hand_content(player: PlayerSeat, headline: str | None = None, prompt: str | None = None) -> str:
    """A player's private message: their tiles and, on their turn, what to do."""
    record, match = player.record, player.match
    lines = [headline] if headline else []
    round_word = words_for(game_spec(record.game)).round
    lines.append(f"**{title_of(record)}** · table {record.id} · {round_word} {match.hand_number}")
    if match.is_over:
        lines.append(f"The {words_for(game_spec(record.game)).contest(match.target)} is over.")
    elif player.is_turn:
        deadline = f" Time runs out {when(player.deadline)}." if player.deadline else ""
        lines.append(f"**Your turn.** {prompt or 'Make your move.'}{deadline}")
    else:
        seat = match.hand.current_player
        if seat is not None:
            lines.append(f"Waiting for **{plain(record.seats[seat].name)}** to play.")
    holding = adapter_for(record.game).holding(player.hand, player.seat)
    if holding:
        lines.append(holding)
    return "\n".join(lines)


def hint_content(hint: Hint) -> str:
    """The private answer to a hint: the hard computer's move and why, in a line."""
    player = hint.player
    adapter = adapter_for(player.record.game)
    reason = adapter.hint_reason(player.hand, player.seat, hint.move)
    used = "1 hint" if hint.used == 1 else f"{hint.used} hints"
    family = game_spec(player.record.game).family
    return (
        f"💡 The hard computer would play **{hint.move}**: {reason}.\n"
        f"Play it from your controls or with `/{family} play {hint.move}`. "
        f"You have used {used} this match (the standings count them)."
    )


def played_content(update: TableUpdate, user_id: int) -> str:
    """The reply to the player who just moved: what happened since, and what is next."""
    record, match = update.record, update.match
    spec = game_spec(record.game)
    lines = [f"• {line}" for line in update.story.log] or ["Done."]
    if record.status is TableStatus.FINISHED:
        lines.append(result_line(spec, match, [plain(name) for name in seat_names(record)]))
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
        words = words_for(spec)
        lines.append(f"{words.round_title} {match.hand_number} {words.begun}.")
    own = seat_of(record, user_id)
    if own is not None:
        lines[:0] = [f"🔒 {line}" for line in update.story.private.get(own, [])]
    if own is not None and not match.is_over:
        holding = adapter_for(record.game).holding(match.hand, own)
        if holding:
            lines.append(holding)
    return "\n".join(lines)


def turn_ping_content(record: TableRecord, user_id: int) -> str:
    """A channel nudge for a player whose DMs are closed (names no tile)."""
    words = words_for(game_spec(record.game))
    return (
        f"<@{user_id}>, it's your turn at table {record.id}. Your DMs are closed, so press "
        f"**{words.show_button}** to {words.see}."
    )


# ---------------------------------------------------------------------- league


def no_standings_content(guild_name: str) -> str:
    """The league table of a server where no game has finished yet."""
    return f"**League table · {guild_name}**\nNo finished matches yet."


def standings_content(
    rows: Sequence[StandingRow],
    guild_name: str,
    spec: GameSpec,
    ratings: Mapping[int, PlayerRating] | None = None,
) -> str:
    """One game's league table, with its own columns and each player's rating."""
    title = f"**League table · {guild_name}** · {spec.title}"
    if not rows:
        return f"{title}\nNo finished matches yet. Start one with /{spec.family} new."
    rated = ratings is not None
    hints = _hints_used(rows)
    if spec.utility == "win-loss":
        return _win_loss_standings(title, rows, spec, ratings, hints)
    stats = [*spec.stats, *hints]
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
    legend += " · " + rating_legend(spec)
    return "\n".join([title, "```", header, *body, "```", legend])


HINTS_COLUMN: Final = StatSpec(HINTS_STAT, "hints asked for", "Hint")
"""Shown in a game's standings once anyone there has used a hint."""


def _hints_used(rows: Sequence[StandingRow]) -> list[StatSpec]:
    """The hints column, when any player in the table has used a hint."""
    return [HINTS_COLUMN] if any(row.stats.get(HINTS_STAT) for row in rows) else []


def _win_loss_standings(
    title: str,
    rows: Sequence[StandingRow],
    spec: GameSpec,
    ratings: Mapping[int, PlayerRating] | None,
    hints: Sequence[StatSpec] = (),
) -> str:
    """A game with no points: matches played, won, drawn and lost, and the rating."""
    rated = ratings is not None
    header = (
        f"{'#':>2}  {'Player':<18} {'P':>3} {'W':>3} {'D':>3} {'L':>3}"
        + "".join(f" {stat.short:>5}" for stat in hints)
        + (f" {'Rtg':>5}" if rated else "")
    )
    body = []
    for rank, row in enumerate(rows, start=1):
        drawn = int(row.stats.get(DRAWN_STAT, 0))
        lost = max(0, row.matches_played - row.matches_won - drawn)
        body.append(
            f"{rank:>2}  {_clip(row.name, 18):<18} {row.matches_played:>3} "
            f"{row.matches_won:>3} {drawn:>3} {lost:>3}"
            + "".join(f" {row.stats.get(stat.name, 0):>5}" for stat in hints)
            + (f" {_rating_cell(ratings, row.user_id):>5}" if rated else "")
        )
    legend = (
        "P played · W won · D drawn · L lost · "
        + "".join(f"{stat.short} {stat.title} · " for stat in hints)
        + rating_legend(spec)
    )
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
