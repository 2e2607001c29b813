"""A long turn's reminder: the player to move is told, once, that a quarter of their time
is left, by DM with the button that opens their controls (in the table's channel, with a
ping, when their DMs are closed). It names no tile."""

from __future__ import annotations

import logging
from datetime import timedelta

import discord

from bot.games.words import words_for
from bot.publishing.delivery import Delivery
from bot.publishing.messages import jump_link, when
from bot.tables.languages import seat_text, table_text
from bot.tables.service import table_settings
from bot.tables.timeouts import Reminder
from bot.views.builders import table_view
from bot.views.surfaces import offered
from engine.registry import game_spec
from i18n import Text

log = logging.getLogger(__name__)


def reminder_content(reminder: Reminder, text: Text | None = None) -> str:
    """The reminder's words: which table, how long is left, and what happens then; in the
    player's language (``text``: the table's, for the channel)."""
    record = reminder.record
    spec = game_spec(record.game)
    words = words_for(spec)
    text = text or seat_text(record, reminder.seat)
    left = text.duration(timedelta(seconds=table_settings(record).turn_seconds // 4))
    return text._(
        "⏳ <@{user}>, it's still your turn at **{game}** table {table} ({link}): about "
        "{left} left, until {deadline}. Press **{button}** to {see}; if time runs out your "
        "move is made for you.",
        user=reminder.user_id,
        game=text._(spec.title),
        table=record.id,
        link=jump_link(record),
        left=left,
        deadline=when(reminder.deadline),
        button=text._(words.show_button),
        see=text._(words.see),
    )


async def send_reminder(delivery: Delivery, reminder: Reminder) -> None:
    """DM the reminder in the player's language, or post it in the table's channel, in the
    table's, when DMs are closed."""
    record = reminder.record
    words = words_for(game_spec(record.game))
    own = seat_text(record, reminder.seat)
    try:
        own_view = table_view(record.id, words, own)
        if await delivery.send_dm(reminder.user_id, reminder_content(reminder, own), view=own_view):
            return
        public = table_text(record)
        public_view = table_view(record.id, words, public, activity=offered().activity)
        await delivery.post(record.channel_id, reminder_content(reminder, public), view=public_view)
    except discord.HTTPException as exc:
        log.warning("table %d: could not send the turn reminder: %s", record.id, exc)
