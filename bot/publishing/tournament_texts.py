"""What a tournament says in public and in DMs: the sign-up message, a round's tables,
its results, the standings with their tie-breaks, and each player's seat. Public texts
speak the tournament's language (its tables'); they name only public facts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bot.games.words import game_title, goal_label
from bot.publishing import pictures
from bot.publishing.messages import jump_link
from bot.publishing.replies import Reply
from bot.store import TableRecord, TournamentRecord, TournamentStatus
from bot.tables.pace import format_turn
from bot.tournaments.rounds import PlayedRound
from bot.tournaments.settings import TournamentSettings
from bot.tournaments.standings import Standing
from engine.registry import game_spec
from i18n import N_, Text
from render.tournament import StandingsRow, StandingsTable

FORMAT_NAMES: Final = {
    "swiss": N_("Swiss"),
    "round-robin": N_("round robin"),
    "knockout": N_("knockout"),
}
LEVEL_NAMES: Final = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
TWO_SEAT_COLUMNS: Final = (N_("Buchholz"), N_("Sonneborn–Berger"), N_("Direct"))
TABLE_COLUMNS: Final = (N_("Game pts"), N_("Opp. pts"))
NAME_WIDTH: Final = 18
PICTURE_ROWS: Final = 32
"""The standings picture's rows at most (the rest are counted under them)."""


def entrant_label(record: TournamentRecord, player: int) -> str:
    """A player as a public post names them: a person by mention, a computer by name."""
    entrant = record.entrants[player]
    return entrant.name if entrant.user_id is None else f"<@{entrant.user_id}>"


def title(record: TournamentRecord, text: Text) -> str:
    spec = game_spec(record.game)
    return text._("{game} tournament #{number}", game=game_title(text, spec), number=record.id)


def settings_line(settings: TournamentSettings, text: Text) -> str:
    """The format, length, table size, pace, goal and the game's options set away from
    their defaults, in one line."""
    table = settings.table
    spec = table.spec
    parts = [
        text._(FORMAT_NAMES[settings.format]),
        text.n_("{count} round", "{count} rounds", settings.rounds)
        if settings.format == "swiss" or (settings.format == "round-robin" and settings.seats > 2)
        else None,
        text._("tables of {seats}", seats=settings.seats),
        text.n_(
            "the top {count} player of each table goes on",
            "the top {count} players of each table go on",
            settings.advance,
        )
        if settings.format == "knockout" and settings.seats > 2
        else None,
        text._("{length} a turn", length=format_turn(table.turn_seconds)),
        None if spec.match.single_game else goal_label(text, spec.match, table.target),
        *table.chosen_options(text),
    ]
    return " · ".join(part for part in parts if part)


def signup_content(record: TournamentRecord, text: Text) -> str:
    """The sign-up message: settings, organizer, who is in, the cap and the deadline,
    and where the tournament stands."""
    settings = TournamentSettings.from_json(record.game, record.settings)
    people = [e for e in record.entrants if not e.is_computer]
    lines = [f"**{title(record, text)}**", settings_line(settings, text)]
    organizer = f"<@{record.creator_id}>"
    lines.append(text._("Organizer: {organizer}", organizer=organizer))
    count = (
        text._("{count} of {cap} places taken", count=len(people), cap=settings.cap)
        if settings.cap is not None
        else text.n_("{count} player", "{count} players", len(people))
    )
    if settings.deadline is not None and record.status is TournamentStatus.SIGNUP:
        when = f"<t:{int(settings.deadline.timestamp())}:R>"
        count += " · " + text._("sign-up closes {when}, then it starts", when=when)
    lines.append(count)
    if settings.fill is not None:
        level = text._(LEVEL_NAMES.get(settings.fill, settings.fill))
        lines.append(text._("Computers ({level}) fill the empty seats.", level=level))
    names = ", ".join(f"<@{e.user_id}>" for e in people if not e.dropped)
    lines.append(text._("Players: {names}", names=names or "—"))
    lines.append(status_line(record, text))
    return "\n".join(lines)


def status_line(record: TournamentRecord, text: Text) -> str:
    if record.status is TournamentStatus.SIGNUP:
        return text._("Sign-up is open: press Join.")
    if record.status is TournamentStatus.RUNNING:
        return text._("Started: round {number} is being played.", number=record.round)
    if record.status is TournamentStatus.PAUSED:
        return text._("Paused: no new round opens until an organizer resumes it.")
    if record.status is TournamentStatus.FINISHED:
        return text._("Finished after {count} rounds.", count=record.round)
    return text._("Cancelled by the organizer.")


def table_place(record: TournamentRecord, table: TableRecord) -> str:
    """Where a round's table is played, as a post names it: its thread, or, for a table
    played in the tournament's channel itself, a link to its message there (the channel
    before it has one)."""
    if table.channel_id != record.channel_id:
        return f"<#{table.channel_id}>"
    return jump_link(table) if table.message_id is not None else f"<#{table.channel_id}>"


def round_tables(record: TournamentRecord, number: int, places: dict[int, str], text: Text) -> str:
    """Round ``number``'s tables (``places``: position -> where it is played, from
    :func:`table_place`) and its byes."""
    lines = [f"**{title(record, text)} · " + text._("round {number}", number=number) + "**"]
    for position, players in enumerate(record.pairings[number - 1], start=1):
        names = ", ".join(entrant_label(record, p) for p in players)
        if len(players) < 2:
            lines.append(text._("Bye: {player}", player=names))
            continue
        place = places.get(position)
        where = f" {place}" if place is not None else ""
        lines.append(text._("Table {number}:", number=position) + where + " " + names)
    return "\n".join(lines)


def seat_notice(
    record: TournamentRecord, number: int, position: int, seat: int, table: TableRecord, text: Text
) -> str:
    """A player's DM: where they sit in the round just opened (a thread, or a table's
    message in the tournament's channel)."""
    said = {"tournament": title(record, text), "number": number, "table": position}
    place = f"<#{table.channel_id}>"
    if table.channel_id != record.channel_id:
        return text._(
            "{tournament}, round {number}: you play at table {table}, seat {seat}, in {place}.",
            seat=seat,
            place=place,
            **said,
        )
    link = jump_link(table)
    return text._(
        "{tournament}, round {number}: you play at table {table}, seat {seat}, on its "
        "message in {channel}: {link}",
        seat=seat,
        channel=place,
        link=link,
        **said,
    )


def bye_notice(record: TournamentRecord, number: int, text: Text) -> str:
    return text._(
        "{tournament}, round {number}: you have a bye (it counts as a win).",
        tournament=title(record, text),
        number=number,
    )


def round_results(record: TournamentRecord, number: int, played: PlayedRound, text: Text) -> str:
    """Round ``number``'s results: each table's players with the points they took."""
    lines = ["**" + text._("Results of round {number}", number=number) + "**"]
    for position, table in enumerate(played, start=1):
        if len(table.players) < 2:
            lines.append(text._("Bye: {player}", player=entrant_label(record, table.players[0])))
            continue
        taken = ", ".join(
            f"{record.entrants[p].name} {text.number(points)}"
            for p, points in zip(table.players, table.match_points, strict=True)
        )
        lines.append(text._("Table {number}:", number=position) + " " + taken)
    return "\n".join(lines)


def standings_table(
    record: TournamentRecord, standings: Sequence[Standing], seats: int, text: Text
) -> str:
    """The standings as a fixed-width table with the tie-breaks' columns, in the order
    they break ties."""
    columns = TWO_SEAT_COLUMNS if seats == 2 else TABLE_COLUMNS
    headings = [text._("Pts"), *(text._(c) for c in columns)]
    widths = [max(5, len(h)) for h in headings]
    head = (
        "#   "
        + text._("Player").ljust(NAME_WIDTH)
        + " "
        + " ".join(h.rjust(w) for h, w in zip(headings, widths, strict=True))
    )
    rows = [head]
    for line in standings:
        entrant = record.entrants[line.player]
        name = (entrant.name + (" †" if entrant.dropped else ""))[:NAME_WIDTH]
        figures = [line.points, *line.tiebreaks]
        cells = " ".join(text.number(f).rjust(w) for f, w in zip(figures, widths, strict=True))
        rows.append(f"{line.place:<3} {name.ljust(NAME_WIDTH)} {cells}")
    return "```\n" + "\n".join(rows) + "\n```"


def standings_heading(rounds_done: int, text: Text, *, final: bool = False) -> str:
    """What standings are after: the final ones, or those after a round."""
    if final:
        return text._("Final standings")
    if rounds_done:
        return text._("Standings after round {number}", number=rounds_done)
    return text._("Standings")


def standings_reply(
    record: TournamentRecord,
    standings: Sequence[Standing],
    rounds_done: int,
    text: Text,
    *,
    final: bool = False,
) -> Reply:
    """The standings after ``rounds_done`` rounds as a message: the place where a
    standings picture is attached (``files``), with the table as text."""
    settings = TournamentSettings.from_json(record.game, record.settings)
    heading = standings_heading(rounds_done, text, final=final)
    lines = [f"**{title(record, text)} · {heading}**"]
    if final and standings:
        lines.append(text._("Winner: {player}", player=entrant_label(record, standings[0].player)))
    lines.append(standings_table(record, standings, settings.seats, text))
    return Reply("\n".join(lines))


def standings_picture_table(
    record: TournamentRecord, standings: Sequence[Standing], heading: str, text: Text
) -> StandingsTable:
    """The standings as the picture shows them: every figure formatted in ``text``'s
    language, the tie-break columns in the order they break ties."""
    settings = TournamentSettings.from_json(record.game, record.settings)
    columns = TWO_SEAT_COLUMNS if settings.seats == 2 else TABLE_COLUMNS
    rows = []
    for line in standings[:PICTURE_ROWS]:
        entrant = record.entrants[line.player]
        rows.append(
            StandingsRow(
                line.place,
                entrant.name,
                text.number(line.points),
                tuple(text.number(figure) for figure in line.tiebreaks),
                dropped=entrant.dropped,
                computer=entrant.is_computer,
            )
        )
    more = max(0, len(standings) - PICTURE_ROWS)
    return StandingsTable(
        title(record, text), heading, tuple(text._(c) for c in columns), tuple(rows), more
    )


async def standings_message(
    record: TournamentRecord,
    standings: Sequence[Standing],
    rounds_done: int,
    text: Text,
    *,
    final: bool = False,
) -> Reply:
    """:func:`standings_reply` with its picture attached (its alt text: the places and
    points in words)."""
    reply = standings_reply(record, standings, rounds_done, text, final=final)
    heading = standings_heading(rounds_done, text, final=final)
    table = standings_picture_table(record, standings, heading, text)
    alt = "; ".join(f"{row.place}. {row.name}: {row.points}" for row in table.rows)
    described = f"{table.title} · {heading}: {alt}" if alt else f"{table.title} · {heading}"
    reply.files = [await pictures.standings_picture(table, described, text)]
    return reply


def refused_place(record: TournamentRecord, text: Text) -> str:
    """Said (in the channel when still possible, and to the organizer) when a round's
    table could not be placed: the bot may not even post in the tournament's channel."""
    channel = f"<#{record.channel_id}>"
    return text._(
        "{tournament} is paused: I cannot post in {channel}, where its tables are played. "
        "Please give me the View Channel and Send Messages permissions there, then an "
        "organizer can run {command}.",
        tournament=title(record, text),
        channel=channel,
        command="`/tournament resume`",
    )
