"""Looking without moving: a player's hand, a hint, the subject menu's other pages, the
table's status and a replay, each answered to the one who asked."""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import replace
from typing import Any

import discord

from bot.discord.answering import Desk, no_table, reader_text, ready
from bot.discord.lobby import lobby_reply
from bot.discord.places import bot_is_absent
from bot.publishing import messages, pictures
from bot.publishing.private import private_hand
from bot.publishing.publisher import table_reply
from bot.publishing.replies import Reply, answer
from bot.replays.command import replay_here
from bot.store import TableStatus
from bot.tables.service import TableUpdate


class LookHandlers(Desk):
    """Hands, hints, pages, status and replays."""

    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """The Show hand button (on the table message, or a reminder's)."""

        async def run() -> None:
            if interaction.guild_id is None or bot_is_absent(interaction):
                await self._hand_by_token(interaction, table_id)
            else:
                await self._send_hand(interaction, table_id)

        await self.guarded(interaction, run)

    async def hand_here(self, interaction: discord.Interaction[Any], family: str) -> None:
        async def run() -> None:
            record = await self.table_here(interaction, family)
            await self._send_hand(interaction, record.id)

        await self.guarded(interaction, run)

    async def _send_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        updates: list[TableUpdate] = []
        player_id = interaction.user.id

        async def work() -> Reply:
            player, update = await self.service.player_seat(table_id, interaction.user.id)
            if update is not None:
                updates.append(update)
            record = await self.service.seen(player.record, player_id, interaction.locale.value)
            return await private_hand(replace(player, record=record))

        try:
            await answer(interaction, work(), edit=False, ephemeral=True)
        finally:
            for update in updates:
                self.settle(update)

    async def _hand_by_token(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """Show hand where the table lives on interactions (a DM or group DM): the click
        answers by updating the table message (its token is the newest way to redraw it,
        and a table behind after a quiet spell is brought up to date through it), and the
        hand comes as an ephemeral follow-up, the only private place there."""
        await interaction.response.defer()
        await self.note_token(interaction, table_id, on_table=True)
        await self._send_hand(interaction, table_id)
        record = await self.service.store.get_table(table_id)
        if record is not None:
            await self.catch_up(record)

    async def turn_page(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int, page: int
    ) -> None:
        """Another page of the subject menu (hands longer than one menu)."""

        async def work() -> Reply:
            player = await self.service.player_on_turn(table_id, interaction.user.id, turn)
            seen = await self.service.seen(
                player.record, interaction.user.id, interaction.locale.value
            )
            return await private_hand(replace(player, record=seen), page=page)

        async def run() -> None:
            await answer(interaction, work(), edit=True)

        await self.guarded(interaction, run)

    async def hint(self, interaction: discord.Interaction[Any], table_id: int, turn: int) -> None:
        """The Hint button on a player's controls: the hard computer's move, privately."""

        async def run() -> None:
            await self._send_hint(interaction, table_id, turn)

        await self.guarded(interaction, run)

    async def hint_here(self, interaction: discord.Interaction[Any], family: str) -> None:
        """``/<family> hint``: the same, asked in the table's channel."""

        async def run() -> None:
            record = await self.table_here(interaction, family)
            await self._send_hint(interaction, record.id, None)

        await self.guarded(interaction, run)

    async def _send_hint(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int | None
    ) -> None:
        async def work() -> Reply:
            hint = await self.service.hint(table_id, interaction.user.id, turn)
            seen = await self.service.seen(
                hint.player.record, interaction.user.id, interaction.locale.value
            )
            hint = replace(hint, player=replace(hint.player, record=seen))
            picture = await pictures.hint_picture(hint.player, hint.move)
            return Reply(messages.hint_content(hint), [picture], None)

        await answer(interaction, work(), edit=False, ephemeral=True)

    async def status_here(self, interaction: discord.Interaction[Any], family: str) -> None:
        async def run() -> None:
            record = await self.table_here(interaction, family)
            text = reader_text(interaction)  # a private answer: in the asker's language
            if record.status is TableStatus.LOBBY:
                lobby = lobby_reply(record, text)
                await answer(interaction, _without_view(ready(lobby)), edit=False)
                return
            _, match = await self.service.snapshot(record.id)
            if match is None:
                raise no_table(family)
            reply = table_reply(record, match, text=text)
            await answer(interaction, _without_view(reply), edit=False)

        await self.guarded(interaction, run)

    async def replay(
        self, interaction: discord.Interaction[Any], family: str, table_id: int | None
    ) -> None:
        """``/<family> replay``: the last finished hand, animated, with its record."""
        await self.guarded(
            interaction, lambda: replay_here(interaction, self.service.store, family, table_id)
        )


async def _without_view(reply: Awaitable[Reply]) -> Reply:
    done = await reply
    return Reply(done.content, done.files, None, layout=done.layout)
