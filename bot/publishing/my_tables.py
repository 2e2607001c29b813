"""``/games``: a player's own list of the tables they sit at, in every server, the latest
move first: the game, where it is (a link to the table message), the score, whose turn
and how long they have; a button opens their controls where it is their turn. Only
public facts: the list is the player's, but it names no tile."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

import discord

from bot.games import ADAPTERS
from bot.games.narration import plain
from bot.games.words import words_for
from bot.publishing.messages import jump_link
from bot.publishing.replies import Reply
from bot.store import TableRecord, TableStatus
from bot.tables.commands import mention
from bot.tables.meta import TableMeta
from bot.tables.pace import format_turn
from bot.tables.service import load_match, seat_names, table_settings
from bot.views import ids
from bot.views.components import button
from engine.registry import game_spec
from i18n import Text

SHOWN: Final = 10
"""Tables listed at most (a few lines each, to stay within a message's 2000 characters);
the rest are counted."""
MAX_CHARACTERS: Final = 2000
ENGLISH: Final = Text()


@dataclass(frozen=True, slots=True)
class Place:
    """Where a table is, as far as this process knows (None: not in its cache)."""

    server: str | None
    channel: str | None


Places = Callable[[TableRecord], Place]


def time_left(seconds: float, text: Text = ENGLISH) -> str:
    """What is left of a turn, as precise as it matters: ``1 d 11 h``, ``3 h 20 min``,
    ``4 min``, ``under a minute``."""
    whole = int(seconds)
    if whole < 60:
        return text._("under a minute")
    if whole >= 86400:
        whole -= whole % 3600
    else:
        whole -= whole % 60
    return format_turn(whole)


def _where(record: TableRecord, place: Place, text: Text) -> str:
    chat = table_settings(record).place
    if chat in ("group_dm", "dm"):
        said = text._("in a group DM") if chat == "group_dm" else text._("in a DM")
        return f"[{said}]({jump_link(record)})"
    server = plain(place.server) if place.server else text._("a server")
    channel = f"#{plain(place.channel)}" if place.channel else text._("its channel")
    return f"{server} · [{channel}]({jump_link(record)})"


def _standing(record: TableRecord, user_id: int, now: datetime, text: Text) -> tuple[str, bool]:
    """The table's score and whose turn, and whether it is ``user_id``'s."""
    settings = table_settings(record)
    if record.status is TableStatus.LOBBY:
        waiting = text._(
            "waiting to start · {taken}/{seats} seats",
            taken=len(record.seats),
            seats=settings.seats,
        )
        return waiting, False
    match = load_match(record)
    spec = game_spec(record.game)
    names = [plain(name) for name in seat_names(record)]
    counted = spec.utility == "points" or match.target is not None
    score = " · ".join(
        f"{name} **{total}**" if counted else name
        for name, total in zip(names, match.totals, strict=True)
    )
    seat = match.hand.current_player
    if seat is None:
        coming = (
            text._("next game coming")
            if words_for(spec).round == "game"
            else text._("next hand coming")
        )
        return f"{score} · {coming}", False
    meta = TableMeta.from_json(record.meta)
    yours = record.seats[seat].user_id == user_id and not record.seats[seat].is_bot
    left = None if meta.deadline is None else time_left((meta.deadline - now).total_seconds(), text)
    if yours:
        who = (
            text._("▶ **your turn**")
            if left is None
            else text._("▶ **your turn**, {left} left", left=left)
        )
    else:
        who = (
            text._("{name} to play", name=names[seat])
            if left is None
            else text._("{name} to play, {left} left", name=names[seat], left=left)
        )
    return f"{score} · {who}", yours


def my_tables_reply(
    records: Sequence[TableRecord],
    total: int,
    user_id: int,
    now: datetime,
    places: Places,
    text: Text = ENGLISH,
) -> Reply:
    """The list (``records``: the latest first; ``total``: how many tables in all), in
    ``text``'s language (the asker's)."""
    if not records:
        return Reply(
            text._(
                "You are not sitting at any table. Open one in a server channel with a game's "
                "own command ({commands}), or join one with its **{join}** button.",
                commands=", ".join(mention(f"{family} new", text) for family in ADAPTERS),
                join=text._("Join"),
            )
        )
    lines = [text._("**Your tables** ({count}), the latest move first:", count=total)]
    view = discord.ui.View(timeout=None)
    for record in records[:SHOWN]:
        spec = game_spec(record.game)
        standing, yours = _standing(record, user_id, now, text)
        heading = text._(
            "**{game}** · table {table} · {where}",
            game=text._(spec.title),
            table=record.id,
            where=_where(record, places(record), text),
        )
        entry = f"{heading}\n   {standing}"
        if len("\n".join([*lines, entry])) > MAX_CHARACTERS - 80:
            break
        lines.append(entry)
        if yours:
            label = text._(
                "{button}: table {table}",
                button=text._(words_for(spec).show_button),
                table=record.id,
            )
            view.add_item(
                button(ids.show_hand_id(record.id), label[:80], discord.ButtonStyle.primary)
            )
    listed = len(lines) - 1
    if total > listed:
        lines.append(text._("…and {count} more.", count=total - listed))
    return Reply("\n".join(lines), view=view if view.children else None)
