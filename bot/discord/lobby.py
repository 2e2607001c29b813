"""Tables before play: opening one, the lobby's buttons (join, leave, a computer, start, a
challenge accepted or declined, a rematch), joining or cancelling by command, and a lobby
closing when nobody starts it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

from bot.discord.answering import Desk, acknowledged_after, actor_of, reader_text, ready
from bot.discord.places import league_of, place_of
from bot.games.narration import plain
from bot.publishing import messages
from bot.publishing.answers import AnswerTicket
from bot.publishing.replies import Reply, answer, tell
from bot.store import TableRecord, TableStatus
from bot.tables.errors import UserError
from bot.tables.languages import table_text
from bot.tables.service import Actor, table_settings
from bot.tables.settings import TableSettings
from bot.views import ids
from bot.views.builders import lobby_view
from engine.registry import game_spec
from i18n import N_, Text


def lobby_reply(record: TableRecord, text: Text | None = None) -> Reply:
    """The lobby message: public, in the table's language; ``text``: shown to one reader
    (their status), in theirs."""
    text = text or table_text(record)
    if record.status is TableStatus.LOBBY:
        spec = game_spec(record.game)
        settings = table_settings(record)
        view = lobby_view(
            record.id,
            spec.levels,
            spec.level_notes,
            challenge=settings.is_challenge,
            named=settings.opponent_id is not None,
            text=text,
        )
        return Reply(messages.lobby_content(record, text), [], view, layout=True)
    return closed_lobby(record, text._("Everyone left, so this table is closed."))


def closed_lobby(record: TableRecord, reason: str) -> Reply:
    """The lobby message of a table that closed before play, saying why."""
    return Reply(messages.closed_lobby_content(record, reason), layout=True)


class LobbyHandlers(Desk):
    """Opening, filling, starting and closing tables."""

    async def create(
        self,
        interaction: discord.Interaction[Any],
        settings: TableSettings,
        computer: str | None = None,
    ) -> None:
        """Open a table; with ``computer`` (a level), seat a computer opponent and start
        at once (a two-player game against the computer needs no lobby)."""

        async def action() -> None:
            if interaction.channel_id is None:
                raise UserError(N_("Tables can only be opened in a channel or a chat."))
            actor = actor_of(interaction)
            place = place_of(interaction)
            record = await self.service.create(
                league_of(interaction, place),
                interaction.channel_id,
                actor,
                replace(settings, place=place),
            )
            await self._post_lobby(interaction, record)
            if computer is not None:
                await self.service.add_computer(record.id, actor, computer)
                self.settle(await self.service.start(record.id, actor))

        await self.guarded(interaction, action)

    async def _post_lobby(self, interaction: discord.Interaction[Any], record: TableRecord) -> None:
        """Answer with the new lobby as a channel message, which becomes its table message
        (a lobby whose message could not be sent is discarded)."""
        reply = lobby_reply(record)
        opponent = table_settings(record).opponent_id
        mentions = (
            discord.AllowedMentions.none()
            if opponent is None
            else discord.AllowedMentions(users=[discord.Object(id=opponent)])
        )
        try:
            _, layout = reply.parts()
            assert isinstance(layout, discord.ui.LayoutView)
            callback = await interaction.response.send_message(
                view=layout, allowed_mentions=mentions
            )
            message_id = callback.message_id
            if message_id is None:
                message_id = (await interaction.original_response()).id
            record = await self.service.set_message(record.id, message_id)
        except Exception:
            await self.service.discard_lobby(record.id)
            raise
        await self.note_token(interaction, record.id, on_table=True)
        self.timers.track(record)

    async def lobby_button(
        self,
        interaction: discord.Interaction[Any],
        table_id: int,
        action: ids.LobbyAction,
        level: str | None = None,
    ) -> None:
        async def run() -> None:
            actor = actor_of(interaction)
            if action != "rematch":  # answered on this message (a rematch opens another)
                await self.note_token(interaction, table_id, on_table=True)
            if action in ("start", "accept"):
                await self._start_here(interaction, table_id, actor, accept=action == "accept")
            elif action == "decline":
                record = await self.service.decline(table_id, actor)
                reason = table_text(record)._(
                    "{name} declined the challenge.", name=plain(actor.name)
                )
                await answer(interaction, ready(closed_lobby(record, reason)), edit=True)
                self.timers.forget(table_id)
            elif action == "rematch":
                record = await self.service.rematch(table_id, actor)
                await self._post_lobby(interaction, record)
                if table_settings(record).is_challenge and len(record.seats) == 2:
                    self.settle(await self.service.start(record.id, actor))  # a computer
            else:
                await self._seat(interaction, table_id, actor, action, level)

        await self.guarded(interaction, run)

    async def _start_here(
        self, interaction: discord.Interaction[Any], table_id: int, actor: Actor, *, accept: bool
    ) -> None:
        """Start (or accept) from the lobby message: acknowledged once committed, and the
        publish job answers by drawing the table here (in process, after the
        acknowledgement it edits)."""
        ticket = AnswerTicket.of(interaction, None).to_json()
        begin = self.service.accept if accept else self.service.start
        with self.queue.held():
            update = await acknowledged_after(
                interaction, begin(table_id, actor, ticket), edit=True
            )
        self.settle(update)

    async def _seat(
        self,
        interaction: discord.Interaction[Any],
        table_id: int,
        actor: Actor,
        action: ids.LobbyAction,
        level: str | None,
    ) -> None:
        """Join, leave or seat a computer; the lobby message shows the seats after."""
        if action == "join":
            record = await self.service.join(table_id, actor)
        elif action == "leave":
            record = await self.service.leave(table_id, actor)
        else:
            record = await self.service.add_computer(table_id, actor, level)
            if table_settings(record).is_challenge:  # the opponent is seated: play
                await self._start_here(interaction, table_id, actor, accept=False)
                return
        await answer(interaction, ready(lobby_reply(record)), edit=True)
        self.timers.track(record)

    async def join_here(self, interaction: discord.Interaction[Any], family: str) -> None:
        async def run() -> None:
            record = await self.table_here(interaction, family)
            if table_settings(record).is_challenge:
                update = await self.service.accept(record.id, actor_of(interaction))
                await tell(
                    interaction,
                    reader_text(interaction)._(
                        "You accepted the challenge at table {table}.", table=record.id
                    ),
                )
                self.settle(update)
                return
            record = await self.service.join(record.id, actor_of(interaction))
            await tell(
                interaction,
                reader_text(interaction)._("You joined table {table}.", table=record.id),
            )
            await self.edit_quietly(record, lobby_reply(record))

        await self.guarded(interaction, run)

    async def cancel_here(self, interaction: discord.Interaction[Any], family: str) -> None:
        async def run() -> None:
            record = await self.table_here(interaction, family)
            was_playing = record.status is TableStatus.PLAYING
            actor = actor_of(interaction)
            record = await self.service.cancel(record.id, actor)
            self.timers.forget(record.id)
            text = table_text(record)
            await interaction.response.send_message(
                text._(
                    "🛑 Table {table} was cancelled by {name}.",
                    table=record.id,
                    name=plain(actor.name),
                ),
                allowed_mentions=discord.AllowedMentions.none(),
            )
            if not was_playing:  # a game's table message is redrawn by its publish job
                reason = text._("Cancelled by {name}.", name=plain(actor.name))
                await self.edit_quietly(record, closed_lobby(record, reason))

        await self.guarded(interaction, run)

    async def expire_lobby(self, table_id: int) -> None:
        """Timer callback: close a lobby nobody started in time."""
        record = await self.service.expire_lobby(table_id)
        if record is not None:
            text = table_text(record)
            reason = text._("Nobody started this table in time, so it has closed.")
            await self.edit_quietly(record, closed_lobby(record, reason))
