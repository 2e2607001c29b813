"""The core every handler answers through: one answer per interaction (a refusal as a
private note, a bug as an apology), and a table's timer armed after each commit.

Every entry point answers its interaction exactly once: the result on success, or a
polite ephemeral note when the request cannot be done (nothing changes then). Only after
answering does it publish to the channel and other players.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord

from bot.discord.places import bot_is_absent
from bot.publishing.answers import AnswerTicket
from bot.publishing.delivery import Delivery
from bot.publishing.jobs import JobQueue
from bot.publishing.publisher import Publisher
from bot.publishing.replies import SORRY, Reply, ack_budget, tell
from bot.publishing.unshown import unshown
from bot.store import PublishJob, TableRecord
from bot.store.tokens import TokenKind
from bot.tables.commands import Command
from bot.tables.errors import UserError
from bot.tables.service import Actor, TableService, TableUpdate, table_settings
from bot.tables.timers import TableTimers
from bot.web.links import WebLinks
from engine.errors import Term
from engine.registry import game_spec
from i18n import N_, Text, text_in

log = logging.getLogger(__name__)

T = TypeVar("T")


def no_table(family: str) -> UserError:
    return UserError(
        N_("There is no open table in this channel. Start one with {command}."),
        command=Command(f"{family} new"),
    )


def same_command_in(interaction: discord.Interaction[Any], family: str) -> Command:
    """The command the user ran, in ``family``'s group (``/fido status`` for a
    ``/dominoes status`` typed at a FIDO table)."""
    ran = interaction.command
    words = [] if ran is None else ran.qualified_name.split()[1:]
    return Command(" ".join([family, *(words or ["status"])]))


def reader_text(interaction: discord.Interaction[Any]) -> Text:
    """The words of a private answer: the reader's own Discord language."""
    return text_in(interaction.locale.value)


def server_text(interaction: discord.Interaction[Any]) -> Text:
    """The words of a message the command posts for the whole server: the server's
    language as Discord gives it (English when it gives none)."""
    locale = interaction.guild_locale
    return text_in(None if locale is None else locale.value)


def actor_of(interaction: discord.Interaction[Any]) -> Actor:
    permissions = interaction.permissions
    return Actor(
        user_id=interaction.user.id,
        name=interaction.user.display_name,
        can_manage=bool(permissions.manage_guild or permissions.administrator),
        locale=interaction.locale.value,
    )


async def ready(reply: Reply) -> Reply:
    """A reply already made, as the work :func:`~bot.publishing.replies.answer` awaits."""
    return reply


async def acknowledge(interaction: discord.Interaction[Any], *, edit: bool) -> None:
    """Acknowledge now; a job finishes the answer (an edit of the original response)."""
    if edit:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


async def acknowledged_after(
    interaction: discord.Interaction[Any], change: Awaitable[T], *, edit: bool
) -> T:
    """Await ``change`` (a commit), then acknowledge the interaction, whose answer a job
    finishes: a player told that their click was received finds it committed, whatever
    happens to this process next. Only when Discord's margin runs short first is the
    click acknowledged while the commit is still under way; what follows is then the
    truth either way: the job's answer, or the refusal, which :meth:`Desk.guarded` sends
    as a follow-up."""
    task = asyncio.ensure_future(change)
    done, _ = await asyncio.wait({task}, timeout=ack_budget(interaction))
    if done:
        result = task.result()  # a refusal is raised here, unacknowledged: answered once
        await acknowledge(interaction, edit=edit)
        return result
    log.debug("interaction %d: acknowledged while its commit finishes", interaction.id)
    try:
        await acknowledge(interaction, edit=edit)
    except discord.HTTPException as exc:  # the commit goes on; its job answers if it can
        log.warning("interaction %d: could not acknowledge: %s", interaction.id, exc)
    return await task


@dataclass(eq=False)
class Desk:
    """What every group of handlers is built on: the table service, the publishing, the
    timers, and the one way to answer an interaction."""

    service: TableService
    publisher: Publisher
    queue: JobQueue
    timers: TableTimers
    delivery: Delivery
    owns_guild: Callable[[int], bool] = field(default=lambda _: True)
    """Whether this process runs the guild's shard: it alone resumes the guild's tables
    after a start (other processes still serve the tables' DM controls)."""
    web: WebLinks | None = None
    """Who gets which link to a table's page (None: the bot gives no links)."""
    activity: bool = False
    """Whether a table opens inside Discord as an Activity (Play here)."""

    async def guarded(
        self, interaction: discord.Interaction[Any], action: Callable[[], Awaitable[None]]
    ) -> None:
        """Run ``action``; turn refusals into a private note and bugs into an apology."""
        in_own_dm = interaction.guild_id is None and not bot_is_absent(interaction)
        if in_own_dm and interaction.channel_id is not None:  # not a group DM's: not ours
            self.delivery.remember_dm_channel(interaction.user.id, interaction.channel_id)
        try:
            await action()
        except UserError as exc:
            await self.refuse(interaction, exc.said_in(reader_text(interaction)))
        except Exception:
            log.exception("interaction %d failed", interaction.id)
            await self.refuse(interaction, reader_text(interaction)._(SORRY))

    async def refuse(self, interaction: discord.Interaction[Any], text: str) -> None:
        """A polite private no (also for a control that cannot be read)."""
        try:
            await tell(interaction, text)
        except discord.HTTPException as exc:
            log.warning("interaction %d: could not answer: %s", interaction.id, exc)

    def settle(self, update: TableUpdate) -> None:
        """Arm the table's timer after a committed update (its commits named the jobs
        that publish it)."""
        self.timers.track(update.record)

    async def table_here(self, interaction: discord.Interaction[Any], family: str) -> TableRecord:
        """The channel's open table, if it is of the command's game family."""
        if interaction.channel_id is None:
            raise no_table(family)
        record = await self.service.table_in_channel(interaction.channel_id, interaction.user.id)
        if record is None:
            raise no_table(family)
        spec = game_spec(record.game)
        if spec.family != family:
            raise UserError(
                N_("This channel's table is a {game} table: use its own commands, like {command}."),
                game=Term(spec.title),
                command=same_command_in(interaction, spec.family),
            )
        return record

    async def note_token(
        self, interaction: discord.Interaction[Any], table_id: int, *, on_table: bool
    ) -> None:
        """Remember the token of an interaction in a chat the bot is not in, for the table
        there: ``on_table``, a click answered by updating the table message (the newest way
        to redraw it); else any interaction, before it changes the table (a follow-up
        through it tells the players what the change did). The store keeps it only if the
        table is in the interaction's chat."""
        channel = interaction.channel_id
        absent = bot_is_absent(interaction)
        if channel is None or not (absent or (on_table and interaction.guild_id is None)):
            return
        ticket = AnswerTicket.of(interaction).to_json()
        kind: TokenKind = "table" if on_table else "any"
        await self.service.store.note_token(table_id, channel, kind, interaction.id, ticket)

    async def catch_up(self, record: TableRecord) -> None:
        """A table shown through interactions that is behind (quiet past its tokens' life
        while computers or the turn timer moved): publish it through the token just noted."""
        if table_settings(record).by_interactions and record.state is not None and unshown(record):
            await self.queue.enqueue(PublishJob(record.id, record.version))

    async def edit_quietly(self, record: TableRecord, reply: Reply) -> None:
        """Redraw the table message, logging (not raising) when Discord refuses."""
        try:
            await self.publisher.edit_table_message(record, reply)
        except discord.HTTPException as exc:
            log.warning("table %d: could not edit the table message: %s", record.id, exc)
