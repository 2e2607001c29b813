"""Playing a turn: a tile picked from the private controls, a target or action played from
them or a move typed as ``/<family> play``, each committed, answered and published; a long
turn's reminder; and a turn whose time ran out."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

from bot.discord.answering import Desk, acknowledge, acknowledged_after
from bot.publishing import messages
from bot.publishing.answers import AnswerTicket
from bot.publishing.private import pick_targets, played_reply, subject_reply
from bot.publishing.reminders import reminder_content, send_reminder
from bot.publishing.replies import Reply, answer
from bot.store import JsonObject, PublishJob
from bot.tables.languages import table_text
from bot.tables.service import PlayerSeat, TableUpdate, table_settings


class TurnHandlers(Desk):
    """Moves, from the pick to the published result."""

    async def choose_subject(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int, subject: str
    ) -> None:
        """A tile (or piece) picked from the private controls: show where it can go (drawn
        here with SQLite; on PostgreSQL by whichever worker takes the answer job, once the
        pick is checked here: most picks are DMs, which Discord sends to shard 0 alone)."""
        user_id = interaction.user.id

        async def seen_now() -> PlayerSeat:
            """The player's seat, their language as this click says (kept for the answer)."""
            player = await self.service.player_on_turn(table_id, user_id, turn)
            record = await self.service.seen(player.record, user_id, interaction.locale.value)
            return replace(player, record=record)

        async def work() -> Reply:
            return await subject_reply(await seen_now(), subject)

        async def run() -> None:
            if self.queue.in_process:
                await answer(interaction, work(), edit=True)
                return
            player = await seen_now()
            pick_targets(player, subject)  # refused here, before it is acknowledged
            await acknowledge(interaction, edit=True)
            ticket = AnswerTicket.of(interaction, subject=subject, turn=turn)
            version = player.record.version
            await self.queue.enqueue(PublishJob(table_id, version, ticket.to_json()))

        await self.guarded(interaction, run)

    async def play(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int, notation: str
    ) -> None:
        """A target or an action (Pass, Draw) from the private controls (edits that message)."""

        async def run() -> None:
            await self._play(interaction, table_id, notation, turn, edit=True)

        await self.guarded(interaction, run)

    async def play_here(
        self, interaction: discord.Interaction[Any], family: str, notation: str
    ) -> None:
        """``/<family> play``: the same move, typed in the channel (answered privately)."""

        async def run() -> None:
            record = await self.table_here(interaction, family)
            await self._play(interaction, record.id, notation, None, edit=False)

        await self.guarded(interaction, run)

    async def _play(
        self,
        interaction: discord.Interaction[Any],
        table_id: int,
        notation: str,
        turn: int | None,
        *,
        edit: bool,
    ) -> None:
        """Commit the move here, and only then tell the player it was received. Answer it
        here when this process runs its jobs (SQLite); else acknowledge once committed and
        leave the answer and the computers' replies to jobs any worker may take (pictures
        and searches are the costly part, and most plays are DM picks, which Discord
        sends to shard 0 alone)."""
        user_id = interaction.user.id
        await self.note_token(interaction, table_id, on_table=False)
        if not self.queue.in_process:

            def answer_with(update: TableUpdate) -> JsonObject:
                content = messages.played_content(update, user_id)
                return AnswerTicket.of(interaction, content).to_json()

            # The move's publish job answers, and lets the computers reply, in any process.
            committed = self.service.play(
                table_id,
                user_id,
                notation,
                turn,
                computers=False,
                answer=answer_with,
                locale=interaction.locale.value,
            )
            self.settle(await acknowledged_after(interaction, committed, edit=edit))
            return
        updates: list[TableUpdate] = []

        async def work() -> Reply:
            update = await self.service.play(
                table_id, user_id, notation, turn, locale=interaction.locale.value
            )
            updates.append(update)
            content = messages.played_content(update, user_id)
            return await played_reply(update.record, update.match, user_id, content)

        try:
            with self.queue.held():  # published once answered: the answer goes first
                await answer(interaction, work(), edit=edit, ephemeral=True)
        finally:  # a committed move is published even if answering it failed
            for update in updates:
                self.settle(update)

    async def turn_reminder(self, table_id: int, turn: int) -> None:
        """Timer callback: a quarter of a long turn is left; remind its player once."""
        reminder = await self.service.remind(table_id, turn)
        if reminder is not None:
            self.timers.track(reminder.record)
            reminded = reminder.record
            if table_settings(reminded).by_interactions:  # said through a live token, if any
                content = reminder_content(reminder, table_text(reminded))
                await self.publisher.remind_by_token(reminded, content, reminder.user_id)
            else:
                await send_reminder(self.delivery, reminder)
            return
        record = await self.service.store.get_table(table_id)
        if record is not None:
            self.timers.track(record)

    async def turn_expired(self, table_id: int, turn: int) -> None:
        """Timer callback: the player to move ran out of time."""
        update = await self.service.timeout(table_id, turn)
        if update is not None:
            self.settle(update)
            return
        record = await self.service.store.get_table(table_id)
        if record is not None:
            self.timers.track(record)
