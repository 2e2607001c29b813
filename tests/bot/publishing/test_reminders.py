"""A long turn's reminder: its words (no tile, the time left, a link to the table), sent by
DM with the button to the player's controls, or in the table's channel when DMs are closed."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord

from bot.publishing.delivery import Delivery
from bot.publishing.reminders import reminder_content, send_reminder
from bot.store import Store
from bot.tables.service import TableService
from bot.tables.timeouts import Reminder
from bot.views import ids
from tests.bot.tables.test_service import ADA, BEA, CHANNEL, GUILD, Clock, settings_for


class Recorder(Delivery):
    """A delivery that records what it is asked to send; ``open``: whether DMs arrive."""

    def __init__(self, *, open: bool) -> None:
        self.open = open
        self.sent: list[tuple[str, int, str, list[str]]] = []

    async def send_dm(self, user_id: int, content: str, **extra: Any) -> bool:
        self.sent.append(("dm", user_id, content, _ids(extra.get("view"))))
        return self.open

    async def post(
        self, channel_id: int, content: str, *, view: discord.ui.View | None = None
    ) -> None:
        self.sent.append(("channel", channel_id, content, _ids(view)))


def _ids(view: discord.ui.View | None) -> list[str]:
    children = [] if view is None else view.children
    return [str(getattr(item, "custom_id", "")) for item in children]


async def due_reminder(tmp_path: Path, language: str | None = None) -> Reminder:
    """A reminder due at a Network table (in ``language``, its players' Discord in German
    when given)."""
    clock = Clock()
    settings = settings_for(turn_seconds=8 * 3600)
    ada, bea = ADA, BEA
    if language is not None:
        settings = replace(settings, language=language)
        ada, bea = replace(ADA, locale="de"), replace(BEA, locale="de")
    async with Store.open(tmp_path / "t.db", clock=clock) as store:
        service = TableService(store, clock=clock, new_seed=lambda: 7)
        record = await service.create(GUILD, CHANNEL, ada, settings)
        await service.join(record.id, bea)
        update = await service.start(record.id, ada)
        clock.advance(6 * 3600)
        reminder = await service.remind(record.id, update.record.meta["turn"])
    assert reminder is not None
    return reminder


async def test_the_reminder_says_how_long_is_left_and_names_no_tile(tmp_path: Path) -> None:
    reminder = await due_reminder(tmp_path)
    text = reminder_content(reminder)
    mention = f"<@{reminder.user_id}>"
    assert text.startswith(f"⏳ {mention}, it's still your turn at **Network dominoes**")
    assert f"table {reminder.record.id} (https://discord.com/channels/{GUILD}/{CHANNEL})" in text
    assert "about 2 hours left" in text
    assert f"<t:{int(reminder.deadline.timestamp())}:R>" in text
    assert not re.search(r"\b[0-6]-[0-6]\b", text)


async def test_the_reminder_goes_by_dm_with_the_controls_button(tmp_path: Path) -> None:
    reminder = await due_reminder(tmp_path)
    delivery = Recorder(open=True)
    await send_reminder(delivery, reminder)
    button = ids.show_hand_id(reminder.record.id)
    assert delivery.sent == [("dm", reminder.user_id, reminder_content(reminder), [button])]


async def test_with_dms_closed_the_reminder_pings_in_the_tables_channel(tmp_path: Path) -> None:
    reminder = await due_reminder(tmp_path)
    delivery = Recorder(open=False)
    await send_reminder(delivery, reminder)
    button = ids.show_hand_id(reminder.record.id)
    assert [(where, to) for where, to, _, _ in delivery.sent] == [
        ("dm", reminder.user_id),
        ("channel", CHANNEL),
    ]
    assert delivery.sent[1][2].startswith(f"⏳ <@{reminder.user_id}>")
    assert delivery.sent[1][3] == [button]


async def test_the_player_reads_it_in_their_language_and_the_channel_in_the_tables(
    tmp_path: Path,
) -> None:
    """A German player at a Spanish table: their DM is German; the same reminder posted in
    the channel (DMs closed) is the table's Spanish, its button too."""
    reminder = await due_reminder(tmp_path, language="es")
    delivery = Recorder(open=False)
    await send_reminder(delivery, reminder)
    (_, _, dm, _), (_, _, posted, _) = delivery.sent
    assert dm.startswith(f"⏳ <@{reminder.user_id}>, du bist noch am Zug an **")
    assert posted.startswith(f"⏳ <@{reminder.user_id}>, sigue siendo tu turno en ")
