"""Message text. Public texts take only public facts (seats, totals, the log); private
texts, which name tiles, are only ever sent to the player who holds them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from bot.games import adapter_for
from bot.games.narration import joined, plain
from bot.games.words import ENGLISH, game_title, goal_label, words_for
from bot.league.rating import PlayerRating
from bot.store import StandingRow, TableRecord, TableStatus
from bot.tables.commands import mention
from bot.tables.languages import seat_text, table_text
from bot.tables.meta import TableMeta
from bot.tables.places import in_a_server
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
from i18n import N_, Text


def dms_closed_note(spec: GameSpec, text: Text = ENGLISH) -> str:
    """The table message's note on players whose DMs are closed."""
    return text._("DMs closed — use {button}", button=text._(words_for(spec).show_button))


def when(moment: datetime) -> str:
    """A Discord timestamp that every reader sees in their own time zone ("in 4 minutes")."""
    return f"<t:{int(moment.timestamp())}:R>"


def title_of(record: TableRecord, text: Text = ENGLISH) -> str:
    """The game's name as the table's messages show it."""
    return game_title(text, game_spec(record.game))


def _heading(record: TableRecord, text: Text, after: str | None = None) -> str:
    """The first line of a table's messages: "**All Fives** · table 7", then ``after``."""
    head = text._("**{game}** · table {table}", game=title_of(record, text), table=record.id)
    return head if after is None else f"{head} · {after}"


def button(text: Text, label: str) -> str:
    """A lobby button's label as the button itself reads in ``text``'s language: the
    views mark and translate their labels, so a sentence naming one looks it up there
    (the English label where it has no translation), never translating it twice."""
    return text._(label)


# ---------------------------------------------------------------------- lobby


def lobby_content(record: TableRecord, text: Text | None = None) -> str:
    """The lobby message: public, in the table's language; ``text``: shown to one reader,
    in theirs."""
    text = text or table_text(record)
    settings = table_settings(record)
    if settings.is_challenge:
        return _challenge_content(record, settings, text)
    host = f"<@{record.creator_id}>"
    hosted = text._("hosted by {host}", host=host)
    lines = [
        _heading(record, text, hosted),
        settings.describe(text),
        "",
        text._("**Seats ({taken}/{seats})**", taken=len(record.seats), seats=settings.seats),
    ]
    for index, seat in enumerate(record.seats, start=1):
        who = f"🤖 {plain(seat.name)}" if seat.is_bot else f"<@{seat.user_id}>"
        lines.append(f"{index}. {who}")
    empty = text._("empty")
    for index in range(len(record.seats) + 1, settings.seats + 1):
        lines.append(f"{index}. _{empty}_")
    lines.append("")
    if record.status is TableStatus.LOBBY:
        sit = text._(
            "Press **{join}** to sit down. The host presses **{start}**.",
            join=button(text, "Join"),
            start=button(text, "Start"),
        )
        if record.expires_at:
            closes = text._("This lobby closes {when}.", when=when(record.expires_at))
            sit = f"{sit} {closes}"
        lines.append(sit)
        lines.extend(_quiet_note(settings, text))
    return "\n".join(lines)


QUIET_AFTER: Final = 15 * 60
"""Seconds an interaction's token lives: a table shown through interactions cannot change
on its own for longer than that."""


def _quiet_note(settings: TableSettings, text: Text) -> list[str]:
    """For a table in a chat the bot is not in, played at a pace slower than an
    interaction's life: how it catches up after a quiet spell."""
    if not settings.by_interactions or settings.turn_seconds <= QUIET_AFTER:
        return []
    return [
        "",
        text._(
            "The bot is not a member of this chat, so this table changes only when someone "
            "uses it. After a quiet spell, press any of its buttons to bring it up to date: "
            "moves made meanwhile by computers or by the turn timer show then."
        ),
    ]


def _challenge_content(record: TableRecord, settings: TableSettings, text: Text) -> str:
    """A two-player table's lobby: who challenges whom, and how to accept."""
    host = f"<@{record.creator_id}>"
    opponent = settings.opponent_id
    challenged = f"<@{opponent}>"
    who = (
        text._("{host} challenges {opponent}", host=host, opponent=challenged)
        if opponent
        else text._("{host} is looking for an opponent", host=host)
    )
    lines = [_heading(record, text, who), settings.describe(text), ""]
    if record.status is TableStatus.LOBBY:
        if opponent:
            lines.append(
                text._(
                    "{opponent}, press **{accept}** to play, or **{decline}**.",
                    opponent=challenged,
                    accept=button(text, "Accept"),
                    decline=button(text, "Decline"),
                )
            )
        else:
            lines.append(
                text._(
                    "Press **{accept}** to play {host}. The host can instead pick a computer "
                    "opponent from the menu.",
                    host=host,
                    accept=button(text, "Accept"),
                )
            )
        if record.expires_at:
            lines.append(text._("This challenge closes {when}.", when=when(record.expires_at)))
        lines.extend(_quiet_note(settings, text))
    return "\n".join(lines)


def closed_lobby_content(record: TableRecord, reason: str) -> str:
    return f"{_heading(record, table_text(record))}\n{reason}"


# ---------------------------------------------------------------------- table


def table_content(
    record: TableRecord, match: Match, dms_closed: frozenset[int], text: Text | None = None
) -> str:
    """The channel's table message in words (the text twin of its picture): scores, whose
    turn, what lies on the table, the latest plays, whose DMs are closed. Public: in the
    table's language; ``text``: shown to one reader (their status), in theirs."""
    text = text or table_text(record)
    meta = TableMeta.from_json(record.meta)
    spec = game_spec(record.game)
    words = words_for(spec)
    names = [plain(name) for name in seat_names(record)]
    header = _heading(
        record,
        text,
        f"{words.numbered(text, match.hand_number)} · {goal_label(text, spec.match, match.target)}",
    )
    adapter = adapter_for(record.game)
    shown = match.last_hand if match.is_over and match.last_hand is not None else match.hand
    counted = spec.utility == "points" or match.target is not None
    scores = " · ".join(
        f"{'🤖 ' if seat.is_bot else ''}{name}{adapter.seat_tag(shown, index, text=text)}"
        + (f" **{total}**" if counted else "")
        for index, (seat, name, total) in enumerate(
            zip(record.seats, names, match.totals, strict=True)
        )
    )
    lines = [header, scores]
    if record.status is TableStatus.FINISHED:
        lines.append(result_line(spec, match, names, text))
    elif record.status is TableStatus.CANCELLED:
        lines.append(text._("🛑 This table was cancelled; no result was recorded."))
    else:
        lines.append(_turn_line(record, match, meta, text))
    lines.append(adapter.table_words(shown, text=text))  # the picture in words (its alt text)
    log = meta.log_in(text.language)
    if log:
        lines.append("")
        lines.extend(f"• {line}" for line in log)
    closed = [
        name
        for seat, name in zip(record.seats, names, strict=True)
        if seat.user_id is not None and seat.user_id in dms_closed
    ]
    if closed and record.status is TableStatus.PLAYING:
        lines.append("")
        lines.append(f"📪 {', '.join(closed)}: {dms_closed_note(spec, text)}.")
    return "\n".join(lines)


def result_line(spec: GameSpec, match: Match, names: Sequence[str], text: Text = ENGLISH) -> str:
    """How a finished match ended, in one line (``names`` already escaped)."""
    words = words_for(spec)
    outcome = match.outcome
    if match.winner is not None:
        return words.winner_line(text, names[match.winner], match.target)
    if outcome is not None and outcome.winners:
        shared = joined(text, [f"**{names[seat]}**" for seat in outcome.winners])
        return text._("🏆 {names} share the win.", names=shared)
    return words.drawn_line(text, match.target)


def _turn_line(record: TableRecord, match: Match, meta: TableMeta, text: Text) -> str:
    seat = match.hand.current_player
    if seat is None:
        return words_for(game_spec(record.game)).waiting_next(text)
    name = plain(record.seats[seat].name)
    if seat in meta.autopilot:
        line = text._("▶ **{name}** to play (the computer is playing for them)", name=name)
    else:
        line = text._("▶ **{name}** to play", name=name)
    if meta.deadline:
        line += " · " + text._("time runs out {when}", when=when(meta.deadline))
    return line


# ---------------------------------------------------------------------- private


def hand_content(player: PlayerSeat, headline: str | None = None, prompt: str | None = None) -> str:
    """A player's private message: their tiles and, on their turn, what to do (in their
    own language)."""
    record, match = player.record, player.match
    text = seat_text(record, player.seat)
    words = words_for(game_spec(record.game))
    lines = [headline] if headline else []
    lines.append(_heading(record, text, words.numbered(text, match.hand_number)))
    if match.is_over:
        lines.append(words.contest_over(text, match.target))
    elif player.is_turn:
        turn = text._("**Your turn.**") + " " + (prompt or text._("Make your move."))
        if player.deadline:
            turn += " " + text._("Time runs out {when}.", when=when(player.deadline))
        lines.append(turn)
    else:
        seat = match.hand.current_player
        if seat is not None:
            lines.append(
                text._("Waiting for **{name}** to play.", name=plain(record.seats[seat].name))
            )
    holding = adapter_for(record.game).holding(player.hand, player.seat, text=text)
    if holding:
        lines.append(holding)
    return "\n".join(lines)


def hint_content(hint: Hint) -> str:
    """The private answer to a hint: the hard computer's move and why, in a line (in the
    player's language)."""
    player = hint.player
    text = seat_text(player.record, player.seat)
    adapter = adapter_for(player.record.game)
    reason = adapter.hint_reason(player.hand, player.seat, hint.move, text=text)
    command = mention(f"{game_spec(player.record.game).family} play", text)
    return "\n".join(
        (
            text._(
                "💡 The hard computer would play **{move}**: {reason}.",
                move=hint.move,
                reason=reason,
            ),
            text.n_(
                "Play it from your controls or with {command} `{move}`. You have used {count} "
                "hint this match (the standings count them).",
                "Play it from your controls or with {command} `{move}`. You have used {count} "
                "hints this match (the standings count them).",
                hint.used,
                command=command,
                move=hint.move,
            ),
        )
    )


def played_content(update: TableUpdate, user_id: int) -> str:
    """The reply to the player who just moved: what happened since, and what is next,
    in the mover's language (the table's log lines told again in it)."""
    record, match = update.record, update.match
    spec = game_spec(record.game)
    own = seat_of(record, user_id)
    text = table_text(record) if own is None else seat_text(record, own)
    lines = [f"• {line}" for line in update.story.log_in(text)] or [text._("Done.")]
    if record.status is TableStatus.FINISHED:
        names = [plain(name) for name in seat_names(record)]
        lines.append(result_line(spec, match, names, text))
        return "\n".join(lines)
    seat = match.hand.current_player
    if seat is not None:
        mover = record.seats[seat]
        lines.append(
            text._("**Your turn again.**")
            if mover.user_id == user_id
            else text._("Next: **{name}**.", name=plain(mover.name))
        )
    if update.story.hand_dealt:
        lines.append(words_for(spec).begun_line(text, match.hand_number))
    if own is not None:
        lines[:0] = [f"🔒 {line}" for line in update.story.private.get(own, [])]
    if own is not None and not match.is_over:
        holding = adapter_for(record.game).holding(match.hand, own, text=text)
        if holding:
            lines.append(holding)
    return "\n".join(lines)


def jump_link(record: TableRecord) -> str:
    """The table message's address (the channel's, before it has a message)."""
    chat = record.guild_id if in_a_server(table_settings(record).place) else "@me"
    place = f"https://discord.com/channels/{chat}/{record.channel_id}"
    return place if record.message_id is None else f"{place}/{record.message_id}"


def turn_ping_content(record: TableRecord, user_id: int) -> str:
    """The public call to the player to move: in a server channel, for one whose DMs are
    closed (a line of the table message); where the bot is not in the chat (a group DM),
    every turn's follow-up that pings them. Names no tile (public: the table's language)."""
    text = table_text(record)
    words = words_for(game_spec(record.game))
    player = f"<@{user_id}>"
    said = {
        "player": player,
        "table": record.id,
        "button": text._(words.show_button),
        "see": text._(words.see),
    }
    if table_settings(record).by_interactions:
        return text._(
            "{player}, it's your turn at table {table}: press **{button}** on the table "
            "({link}) to {see}.",
            link=jump_link(record),
            **said,
        )
    return text._(
        "{player}, it's your turn at table {table}. Your DMs are closed, so press "
        "**{button}** to {see}.",
        **said,
    )


# ---------------------------------------------------------------------- league
# Standings are answers to whoever asks: in the asker's language (``text``).


def no_standings_content(guild_name: str, text: Text = ENGLISH) -> str:
    """The league table of a server where no game has finished yet."""
    return "\n".join(
        (
            text._("**League table · {server}**", server=guild_name),
            text._("No finished matches yet."),
        )
    )


def standings_content(
    rows: Sequence[StandingRow],
    guild_name: str,
    spec: GameSpec,
    ratings: Mapping[int, PlayerRating] | None = None,
    text: Text = ENGLISH,
) -> str:
    """One game's league table, with its own columns and each player's rating."""
    title = text._(
        "**League table · {server}** · {game}", server=guild_name, game=game_title(text, spec)
    )
    if not rows:
        command = mention(f"{spec.family} new", text)
        start = text._("No finished matches yet. Start one with {command}.", command=command)
        return f"{title}\n{start}"
    rated = ratings is not None
    hints = _hints_used(rows)
    if spec.utility == "win-loss":
        return _win_loss_standings(title, rows, spec, ratings, hints, text)
    stats = [*spec.stats, *hints]
    heads = _Heads.said_in(text)
    header = (
        f"{'#':>2}  {heads.player:<18} {heads.played:>3} {heads.won:>3} {heads.points:>5}"
        + "".join(f" {_clip(text._(stat.short), 5):>5}" for stat in stats)
        + (f" {heads.rating:>5}" if rated else "")
    )
    body = [
        f"{rank:>2}  {_clip(row.name, 18):<18} {row.matches_played:>3} {row.matches_won:>3} "
        f"{row.points:>5}"
        + "".join(f" {row.stats.get(stat.name, 0):>5}" for stat in stats)
        + (f" {_rating_cell(ratings, row.user_id):>5}" if rated else "")
        for rank, row in enumerate(rows, start=1)
    ]
    legend = [text._("P played · W won · Pts points")]
    legend += [f"{text._(stat.short)} {text._(stat.title)}" for stat in stats]
    legend.append(rating_legend(spec, text))
    return "\n".join([title, "```", header, *body, "```", " · ".join(legend)])


@dataclass(frozen=True, slots=True)
class _Heads:
    """The standings' column heads in a language (the legend under the table spells the
    same letters out)."""

    player: str
    played: str
    won: str
    drawn: str
    lost: str
    points: str
    rating: str

    @classmethod
    def said_in(cls, text: Text) -> _Heads:
        return cls(
            _clip(text._("Player"), 18),
            _clip(text._("P"), 3),
            _clip(text._("W"), 3),
            _clip(text._("D"), 3),
            _clip(text._("L"), 3),
            _clip(text._("Pts"), 5),
            _clip(text._("Rtg"), 5),
        )


HINTS_COLUMN: Final = StatSpec(HINTS_STAT, N_("hints asked for"), N_("Hint"))
"""Shown in a game's standings once anyone there has used a hint."""


def _hints_used(rows: Sequence[StandingRow]) -> list[StatSpec]:
    """The hints column, when any player in the table has used a hint."""
    return [HINTS_COLUMN] if any(row.stats.get(HINTS_STAT) for row in rows) else []


def _win_loss_standings(
    title: str,
    rows: Sequence[StandingRow],
    spec: GameSpec,
    ratings: Mapping[int, PlayerRating] | None,
    hints: Sequence[StatSpec],
    text: Text,
) -> str:
    """A game with no points: matches played, won, drawn and lost, and the rating."""
    rated = ratings is not None
    heads = _Heads.said_in(text)
    header = (
        f"{'#':>2}  {heads.player:<18} {heads.played:>3} {heads.won:>3} "
        f"{heads.drawn:>3} {heads.lost:>3}"
        + "".join(f" {_clip(text._(stat.short), 5):>5}" for stat in hints)
        + (f" {heads.rating:>5}" if rated else "")
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
    legend = [text._("P played · W won · D drawn · L lost")]
    legend += [f"{text._(stat.short)} {text._(stat.title)}" for stat in hints]
    legend.append(rating_legend(spec, text))
    return "\n".join([title, "```", header, *body, "```", " · ".join(legend)])


def rating_legend(spec: GameSpec, text: Text = ENGLISH) -> str:
    """What the rating column means, and how long results count in this game."""
    fade = spec.rating_fade_days
    ranking = mention("ranking", text)
    if fade is None:
        return text._(
            "Rtg rating from results against other people (– none yet); monthly: {command}",
            command=ranking,
        )
    return text.n_(
        "Rtg rating from results against other people (– none yet; each result fades to "
        "nothing over {count} day); monthly: {command}",
        "Rtg rating from results against other people (– none yet; each result fades to "
        "nothing over {count} days); monthly: {command}",
        fade,
        command=ranking,
    )


def _rating_cell(ratings: Mapping[int, PlayerRating] | None, user_id: int) -> str:
    rating = None if ratings is None else ratings.get(user_id)
    return "–" if rating is None else str(rating.display)


def _clip(text: str, width: int) -> str:
    text = text.replace("`", "'")
    return text if len(text) <= width else text[: width - 1] + "…"
