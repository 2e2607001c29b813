"""What each button, menu and slash command does, from the click to the published result.

Every entry point answers its interaction exactly once: the result on success, or a
polite ephemeral note when the request cannot be done (nothing changes then). Only after
answering does it publish to the channel and other players.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.games import adapter_for
from bot.games.narration import plain
from bot.publishing import messages, pictures
from bot.publishing.answers import AnswerTicket
from bot.publishing.delivery import Delivery
from bot.publishing.jobs import JobQueue
from bot.publishing.private import pick_targets, played_reply, private_hand, subject_reply
from bot.publishing.publisher import Publisher, table_reply
from bot.publishing.replies import SORRY, Reply, answer, tell
from bot.replays.command import replay_here
from bot.store import JsonObject, PublishJob, TableRecord, TableStatus
from bot.tables.errors import UserError
from bot.tables.service import Actor, TableService, TableUpdate, table_settings
from bot.tables.settings import TableSettings
from bot.tables.timers import TableTimers
from bot.views import ids
from bot.views.builders import lobby_view
from engine.registry import game_spec

log = logging.getLogger(__name__)


def no_table(family: str) -> str:
    return f"There is no open table in this channel. Start one with /{family} new."


def actor_of(interaction: discord.Interaction[Any]) -> Actor:
    permissions = interaction.permissions
    return Actor(
        user_id=interaction.user.id,
        name=interaction.user.display_name,
        can_manage=bool(permissions.manage_guild or permissions.administrator),
    )


def lobby_reply(record: TableRecord) -> Reply:
    if record.status is TableStatus.LOBBY:
        spec = game_spec(record.game)
        settings = table_settings(record)
        view = lobby_view(
            record.id,
            spec.levels,
            spec.level_notes,
            challenge=settings.is_challenge,
            named=settings.opponent_id is not None,
        )
        return Reply(messages.lobby_content(record), [], view, layout=True)
    reason = "Everyone left, so this table is closed."
    return Reply(messages.closed_lobby_content(record, reason), layout=True)


async def _ready(reply: Reply) -> Reply:
    return reply


class Handlers:
    """Interaction logic shared by the dynamic controls and the slash commands."""

    def __init__(
        self,
        service: TableService,
        publisher: Publisher,
        queue: JobQueue,
        timers: TableTimers,
        delivery: Delivery,
        owns_guild: Callable[[int], bool] = lambda _: True,
    ) -> None:
        self.service = service
        self.publisher = publisher
        self.queue = queue
        self.timers = timers
        self.delivery = delivery
        self.owns_guild = owns_guild
        """Whether this process runs the guild's shard: it alone resumes the guild's tables
        after a start (other processes still serve the tables' DM controls)."""

    # ------------------------------------------------------------------ plumbing

    async def guarded(
        self, interaction: discord.Interaction[Any], action: Callable[[], Awaitable[None]]
    ) -> None:
        """Run ``action``; turn refusals into a private note and bugs into an apology."""
        if interaction.guild_id is None and interaction.channel_id is not None:
            self.delivery.remember_dm_channel(interaction.user.id, interaction.channel_id)
        try:
            await action()
        except UserError as exc:
            await self._tell(interaction, str(exc))
        except Exception:
            log.exception("interaction %d failed", interaction.id)
            await self._tell(interaction, SORRY)

    @staticmethod
    async def _tell(interaction: discord.Interaction[Any], text: str) -> None:
        try:
            await tell(interaction, text)
        except discord.HTTPException as exc:
            log.warning("interaction %d: could not answer: %s", interaction.id, exc)

    def settle(self, update: TableUpdate) -> None:
        """Arm the table's timer after a committed update (its commits named the jobs
        that publish it)."""
        self.timers.track(update.record)

    # ------------------------------------------------------------------ lobby

    async def refuse(self, interaction: discord.Interaction[Any], text: str) -> None:
        """A polite private no, for a control that cannot be read."""
        await self._tell(interaction, text)

    async def create(
        self,
        interaction: discord.Interaction[Any],
        settings: TableSettings,
        computer: str | None = None,
    ) -> None:
        """Open a table; with ``computer`` (a level), seat a computer opponent and start
        at once (a two-player game against the computer needs no lobby)."""

        async def action() -> None:
            if interaction.guild_id is None or interaction.channel_id is None:
                raise UserError("Tables can only be opened in a server channel.")
            actor = actor_of(interaction)
            record = await self.service.create(
                interaction.guild_id, interaction.channel_id, actor, settings
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
            if action in ("start", "accept"):
                # Acknowledged first: the publish job answers by drawing the table here.
                await _acknowledge(interaction, edit=True)
                ticket = AnswerTicket.of(interaction, None).to_json()
                if action == "start":
                    update = await self.service.start(table_id, actor, ticket)
                else:
                    update = await self.service.accept(table_id, actor, ticket)
                self.settle(update)
                return
            if action == "decline":
                record = await self.service.decline(table_id, actor)
                reason = f"{plain(actor.name)} declined the challenge."
                closed = Reply(messages.closed_lobby_content(record, reason), layout=True)
                await answer(interaction, _ready(closed), edit=True)
                self.timers.forget(table_id)
                return
            if action == "rematch":
                record = await self.service.rematch(table_id, actor)
                await self._post_lobby(interaction, record)
                if table_settings(record).is_challenge and len(record.seats) == 2:
                    self.settle(await self.service.start(record.id, actor))  # a computer
                return
            if action == "join":
                record = await self.service.join(table_id, actor)
            elif action == "leave":
                record = await self.service.leave(table_id, actor)
            else:
                record = await self.service.add_computer(table_id, actor, level)
                if table_settings(record).is_challenge:  # the opponent is seated: play
                    await _acknowledge(interaction, edit=True)  # the job draws the table here
                    ticket = AnswerTicket.of(interaction, None).to_json()
                    self.settle(await self.service.start(table_id, actor, ticket))
                    return
            await answer(interaction, _ready(lobby_reply(record)), edit=True)
            self.timers.track(record)

        await self.guarded(interaction, run)

    async def join_here(self, interaction: discord.Interaction[Any], family: str) -> None:
        async def run() -> None:
            record = await self._table_here(interaction, family)
            if table_settings(record).is_challenge:
                update = await self.service.accept(record.id, actor_of(interaction))
                await tell(interaction, f"You accepted the challenge at table {record.id}.")
                self.settle(update)
                return
            record = await self.service.join(record.id, actor_of(interaction))
            await tell(interaction, f"You joined table {record.id}.")
            await self._redraw_lobby(record)

        await self.guarded(interaction, run)

    async def cancel_here(self, interaction: discord.Interaction[Any], family: str) -> None:
        async def run() -> None:
            record = await self._table_here(interaction, family)
            was_playing = record.status is TableStatus.PLAYING
            actor = actor_of(interaction)
            record = await self.service.cancel(record.id, actor)
            self.timers.forget(record.id)
            await interaction.response.send_message(
                f"🛑 Table {record.id} was cancelled by {plain(actor.name)}.",
                allowed_mentions=discord.AllowedMentions.none(),
            )
            if not was_playing:  # a game's table message is redrawn by its publish job
                reason = f"Cancelled by {plain(actor.name)}."
                await self._edit_quietly(
                    record, Reply(messages.closed_lobby_content(record, reason), layout=True)
                )

        await self.guarded(interaction, run)

    async def expire_lobby(self, table_id: int) -> None:
        """Timer callback: close a lobby nobody started in time."""
        record = await self.service.expire_lobby(table_id)
        if record is not None:
            reason = "Nobody started this table in time, so it has closed."
            await self._edit_quietly(
                record, Reply(messages.closed_lobby_content(record, reason), layout=True)
            )

    # ------------------------------------------------------------------ play

    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        async def run() -> None:
            await self._send_hand(interaction, table_id)

        await self.guarded(interaction, run)

    async def hand_here(self, interaction: discord.Interaction[Any], family: str) -> None:
        async def run() -> None:
            record = await self._table_here(interaction, family)
            await self._send_hand(interaction, record.id)

        await self.guarded(interaction, run)

    async def _send_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        updates: list[TableUpdate] = []

        async def work() -> Reply:
            player, update = await self.service.player_seat(table_id, interaction.user.id)
            if update is not None:
                updates.append(update)
            return await private_hand(player)

        try:
            await answer(interaction, work(), edit=False, ephemeral=True)
        finally:
            for update in updates:
                self.settle(update)

    async def choose_subject(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int, subject: str
    ) -> None:
        """A tile (or piece) picked from the private controls: show where it can go (drawn
        here with SQLite; on PostgreSQL by whichever worker takes the answer job, once the
        pick is checked here: most picks are DMs, which Discord sends to shard 0 alone)."""
        user_id = interaction.user.id

        async def work() -> Reply:
            player = await self.service.player_on_turn(table_id, user_id, turn)
            return await subject_reply(player, subject)

        async def run() -> None:
            if self.queue.in_process:
                await answer(interaction, work(), edit=True)
                return
            player = await self.service.player_on_turn(table_id, user_id, turn)
            pick_targets(player, subject)  # refused here, before it is acknowledged
            await _acknowledge(interaction, edit=True)
            ticket = AnswerTicket.of(interaction, subject=subject, turn=turn)
            version = player.record.version
            await self.queue.enqueue(PublishJob(table_id, version, ticket.to_json()))

        await self.guarded(interaction, run)

    async def turn_page(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int, page: int
    ) -> None:
        """Another page of the subject menu (hands longer than one menu)."""

        async def work() -> Reply:
            player = await self.service.player_on_turn(table_id, interaction.user.id, turn)
            return await private_hand(player, page=page)

        async def run() -> None:
            await answer(interaction, work(), edit=True)

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
            record = await self._table_here(interaction, family)
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
        """Commit the move here; answer it here when this process runs its jobs (SQLite),
        else acknowledge at once and leave the answer and the computers' replies to jobs
        any worker may take (pictures and searches are the costly part, and most plays
        are DM picks, which Discord sends to shard 0 alone)."""
        user_id = interaction.user.id
        if not self.queue.in_process:
            await _acknowledge(interaction, edit=edit)

            def answer_with(update: TableUpdate) -> JsonObject:
                content = messages.played_content(update, user_id)
                return AnswerTicket.of(interaction, content).to_json()

            # The move's publish job answers, and lets the computers reply, in any process.
            update = await self.service.play(
                table_id, user_id, notation, turn, computers=False, answer=answer_with
            )
            self.settle(update)
            return
        updates: list[TableUpdate] = []

        async def work() -> Reply:
            update = await self.service.play(table_id, user_id, notation, turn)
            updates.append(update)
            content = messages.played_content(update, user_id)
            return await played_reply(update.record, update.match, user_id, content)

        try:
            with self.queue.held():  # published once answered: the answer goes first
                await answer(interaction, work(), edit=edit, ephemeral=True)
        finally:  # a committed move is published even if answering it failed
            for update in updates:
                self.settle(update)

    async def hint(self, interaction: discord.Interaction[Any], table_id: int, turn: int) -> None:
        """The Hint button on a player's controls: the hard computer's move, privately."""

        async def run() -> None:
            await self._send_hint(interaction, table_id, turn)

        await self.guarded(interaction, run)

    async def hint_here(self, interaction: discord.Interaction[Any], family: str) -> None:
        """``/<family> hint``: the same, asked in the table's channel."""

        async def run() -> None:
            record = await self._table_here(interaction, family)
            await self._send_hint(interaction, record.id, None)

        await self.guarded(interaction, run)

    async def _send_hint(
        self, interaction: discord.Interaction[Any], table_id: int, turn: int | None
    ) -> None:
        async def work() -> Reply:
            hint = await self.service.hint(table_id, interaction.user.id, turn)
            picture = await pictures.hint_picture(hint.player, hint.move)
            return Reply(messages.hint_content(hint), [picture], None)

        await answer(interaction, work(), edit=False, ephemeral=True)

    async def autocomplete_moves(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[tuple[str, str]]:
        """(label, value) choices for ``/<family> play``: the user's legal moves, actions
        (Pass, Draw) first so a long list never cuts them off. When there is nothing to
        offer, one choice says why (picking it gets the same answer as a reply)."""
        if interaction.channel_id is None:
            return []
        record = await self.service.table_in_channel(interaction.channel_id)
        if record is None:
            return [_hint("There is no table in this channel.")]
        if record.status is not TableStatus.PLAYING:
            return [_hint("The game has not started yet.")]
        try:
            player, moves = await self.service.legal_moves(record.id, interaction.user.id)
        except UserError as exc:
            return [_hint(str(exc))]
        if not player.is_turn:
            return [_hint(f"It is not your turn: {player.waiting_for}.")]
        adapter = adapter_for(record.game)
        actions = {action.move for action in adapter.controls(player.hand, player.seat).actions}
        ranked = adapter.rank_moves(player.hand, moves)
        ordered = sorted(ranked, key=lambda move: move not in actions)
        matching = [move for move in ordered if typed_matches(move, current)]
        if not matching:
            return [_hint(f"No move of yours matches “{current.strip()[:40]}”.", current)]
        return [(adapter.move_label(player.hand, move), move) for move in matching[:25]]

    async def status_here(self, interaction: discord.Interaction[Any], family: str) -> None:
        async def run() -> None:
            record = await self._table_here(interaction, family)
            if record.status is TableStatus.LOBBY:
                await answer(interaction, _without_view(_ready(lobby_reply(record))), edit=False)
                return
            _, match = await self.service.snapshot(record.id)
            if match is None:
                raise UserError(no_table(family))
            reply = table_reply(record, match)
            await answer(interaction, _without_view(reply), edit=False)

        await self.guarded(interaction, run)

    async def replay(
        self, interaction: discord.Interaction[Any], family: str, table_id: int | None
    ) -> None:
        """``/<family> replay``: the last finished hand, animated, with its record."""
        await self.guarded(
            interaction, lambda: replay_here(interaction, self.service.store, family, table_id)
        )

    # ------------------------------------------------------------------ restarts & timers

    async def turn_expired(self, table_id: int, turn: int) -> None:
        """Timer callback: the player to move ran out of time."""
        update = await self.service.timeout(table_id, turn)
        if update is not None:
            self.settle(update)
            return
        record = await self.service.store.get_table(table_id)
        if record is not None:
            self.timers.track(record)

    async def restore(self) -> None:
        """After a start: finish half-done work (computer turns, a won match not yet
        recorded), re-arm every timer (expired lobbies close at once), and show each
        running table again with a reminder to its player to move, for the tables of
        this process's guilds."""
        resumed = 0
        for record in await self.service.store.open_tables():
            if not self.owns_guild(record.guild_id):
                continue
            try:
                if record.status is TableStatus.LOBBY:
                    self.timers.track(record)
                    continue
                update = await self.service.resume(record.id)
                self.timers.track(record if update is None else update.record)
                await self.queue.enqueue(PublishJob(record.id, record.version, remind=True))
                resumed += 1
            except Exception:
                log.exception("table %d: could not be resumed", record.id)
        log.info("resumed %d running tables", resumed)

    async def republish(self) -> None:
        """Publish what a killed process left unshown: finished tables whose result no job
        has shown yet (on PostgreSQL their jobs are still queued; a repeat is a no-op).
        Running tables got theirs from :meth:`restore`."""
        for record in await self.service.store.unpublished_tables():
            if record.is_open or not (self.queue.in_process or self.owns_guild(record.guild_id)):
                continue
            await self.queue.enqueue(PublishJob(record.id, record.version))

    # ------------------------------------------------------------------ helpers

    async def _table_here(self, interaction: discord.Interaction[Any], family: str) -> TableRecord:
        """The channel's open table, if it is of the command's game family."""
        if interaction.channel_id is None:
            raise UserError(no_table(family))
        record = await self.service.table_in_channel(interaction.channel_id)
        if record is None:
            raise UserError(no_table(family))
        spec = game_spec(record.game)
        if spec.family != family:
            raise UserError(
                f"This channel's table is a {spec.title} table: use /{spec.family} commands for it."
            )
        return record

    async def _redraw_lobby(self, record: TableRecord) -> None:
        await self._edit_quietly(record, lobby_reply(record))

    async def _edit_quietly(self, record: TableRecord, reply: Reply) -> None:
        try:
            await self.publisher.edit_table_message(record, reply)
        except discord.HTTPException as exc:
            log.warning("table %d: could not edit the table message: %s", record.id, exc)


async def _acknowledge(interaction: discord.Interaction[Any], *, edit: bool) -> None:
    """Acknowledge now; a job finishes the answer (an edit of the original response)."""
    if edit:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


async def _without_view(reply: Awaitable[Reply]) -> Reply:
    done = await reply
    return Reply(done.content, done.files, None, layout=done.layout)


def _hint(text: str, value: str = "?") -> tuple[str, str]:
    """An autocomplete choice that explains an empty list; its value is no move, so
    choosing it is answered with the reason again."""
    return text[:100], (value.strip() or "?")[:100]


_TOKEN = re.compile(r"[0-9]+|[a-z]+")


def typed_matches(move: str, typed: str) -> bool:
    """Whether an autocomplete entry ``move`` fits what the player has typed so far: the
    text as it stands, from the start of a number or word (``6-7`` is not in ``16-7``), or
    its numbers and letters in any order and spelling (``5 12 c``
    and ``5-12C`` find ``12-5 C``), the last one possibly half typed (``12-5 c`` … ``1``)."""
    wanted = typed.strip().lower()
    if re.search(r"(?<![0-9a-z])" + re.escape(wanted), move.lower()):
        return True
    tokens = _TOKEN.findall(wanted)
    if not tokens:
        return False
    left = _TOKEN.findall(move.lower())
    for token in tokens[:-1]:
        if token not in left:
            return False
        left.remove(token)
    return any(part.startswith(tokens[-1]) for part in left)
