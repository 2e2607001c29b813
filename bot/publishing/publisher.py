"""Publish jobs: make a committed table change visible — DMs to the player to move,
announcements, the channel's table message — and answer a mover's deferred interaction.

A job reads the committed record once, sends what the table's :class:`Publication` says is
not shown yet, and records what it sent in one write. It runs under the table's lock (see
``bot.publishing.jobs``), so publications of a table never cross, and reads the newest state there,
so an older state is never shown after a newer one. Per play this costs one DM and one
edit of the table message. When the turn moves to a player whose DMs are closed, the table
message itself is the reminder: posted anew at the bottom of the channel with a line that
pings them, and the old one deleted. Scoring events, hand ends and the result add one
announcement. Every message a job creates carries a nonce, so a job taken again after its
worker was killed mid-send creates nothing twice (Discord returns the first copy).
Publishing never raises: the move is committed, and a Discord hiccup must not undo it.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Awaitable
from dataclasses import dataclass, replace
from typing import Final

import discord

from bot.games.words import words_for
from bot.metrics.measures import PUBLISH_LAG_SECONDS, answered
from bot.publishing import messages, pictures
from bot.publishing.answers import AnswerTicket
from bot.publishing.delivery import Delivery
from bot.publishing.jobs import JobQueue
from bot.publishing.private import played_reply, subject_reply
from bot.publishing.replies import NO_MENTIONS, Reply
from bot.publishing.turn_notices import TurnNotifier, message_nonce
from bot.store import PublishJob, Store, TableRecord, TableStatus
from bot.store.publication import Publication
from bot.tables.errors import UserError
from bot.tables.languages import seat_text, table_text
from bot.tables.meta import News, TableMeta
from bot.tables.service import TableService, player_on_turn_in, seat_of
from bot.views.builders import finished_view, table_view
from engine.match import Match
from engine.registry import game_spec, hand_from_json
from i18n import Text

log = logging.getLogger(__name__)


async def table_reply(
    record: TableRecord,
    match: Match,
    dms_closed: frozenset[int] | None = None,
    text: Text | None = None,
) -> Reply:
    """The channel's table message for a running or finished match (``dms_closed``: as
    the publication being made knows them; else as the last one recorded); ``text``: the
    same shown to one reader (their status), in their language."""
    text = text or table_text(record)
    picture = await pictures.table_picture(record, match, text)
    view: discord.ui.View | None = None
    if record.status is TableStatus.PLAYING:
        view = table_view(record.id, words_for(game_spec(record.game)), text)
    elif record.status is TableStatus.FINISHED:
        view = finished_view(record.id, text)
    if dms_closed is None:
        dms_closed = Publication.from_json(record.publication).dms_closed
    content = messages.table_content(record, match, dms_closed, text)
    return Reply(content, [picture], view, layout=True)


ANNOUNCEMENT: Final = -1
TABLE_MESSAGE: Final = -2


@dataclass(slots=True)
class _Sent:
    """What one publication sent so far: becomes the table's next :class:`Publication`."""

    publication: Publication
    message_id: int | None = None
    """The table message's new id, when it was posted anew."""


class Publisher:
    """Runs publish jobs (:meth:`run`), in whichever process takes them."""

    def __init__(
        self,
        client: discord.Client,
        store: Store,
        delivery: Delivery,
        queue: JobQueue,
        service: TableService | None = None,
    ) -> None:
        """``service``: when given, a job whose table has a computer to move lets it move
        (after publishing), wherever the job runs: the process that committed the move
        left that to the jobs (on PostgreSQL, so shard 0 does not think for every table
        whose DM plays it receives)."""
        self._client = client
        self._store = store
        self._delivery = delivery
        self._turns = TurnNotifier(delivery)
        self._queue = queue
        self._service = service

    async def run(self, job: PublishJob) -> None:
        """Run one job: publish the table up to its newest version, after answering the
        mover's interaction if the job carries it (or through it, when that is a click on
        the table message); a tile pick's job only answers (no table lock: it edits the
        player's own message)."""
        await self._run(job)  # a job tried again (its table busy elsewhere) counts once
        if job.committed_at is not None:
            PUBLISH_LAG_SECONDS.observe(max(0.0, time.time() - job.committed_at))

    async def _run(self, job: PublishJob) -> None:
        ticket = None if job.answer is None else AnswerTicket.from_json(job.answer)
        if ticket is not None and not ticket.publishes_table:
            # The mover first, and not behind another publication of the table.
            await self._step(job.table_id, "answering", self._answer(job.table_id, ticket))
            if ticket.subject is not None:
                return  # a tile pick: nothing was committed
            ticket = None
        async with self._queue.table_lock(job.table_id):
            shown = await self._publish(job.table_id, ticket, remind=job.remind)
        service = self._service
        if shown is not None and service is not None and service.computer_to_move(*shown):
            async with self._queue.computer_turns(job.table_id) as mine:
                if mine:  # its commits name the jobs that publish them
                    await self._step(job.table_id, "computer moves", service.resume(job.table_id))

    async def edit_table_message(self, record: TableRecord, reply: Reply) -> None:
        """Replace the table message's content (lobby changes, closed lobbies)."""
        if record.message_id is None:
            return
        message = self._channel(record).get_partial_message(record.message_id)
        content, view = reply.parts()
        await message.edit(
            content=content, attachments=reply.files, view=view, allowed_mentions=NO_MENTIONS
        )

    # ------------------------------------------------------------------ publishing

    async def _publish(
        self, table_id: int, via: AnswerTicket | None, *, remind: bool = False
    ) -> tuple[TableRecord, Match] | None:
        """Publish the table as committed now (through ``via``, a click on the table message
        such as Start, which that answers); returns what it read (None: no table)."""
        record = await self._store.get_table(table_id)
        if record is None or record.state is None:
            return None
        match = Match.from_json(record.state)
        done = Publication.from_json(record.publication)
        meta = TableMeta.from_json(record.meta)
        news = sorted((item for item in meta.news if item.id > done.news_sent), key=lambda n: n.id)
        # After a restart the player to move gets their controls once more, anew (the
        # killed process may not have sent them) — unless a new hand's DMs are still to
        # go: those go once, with their nonces.
        fresh = remind and record.is_open and not any(item.deal for item in news)
        if fresh:
            done = replace(
                done, version=min(done.version, record.version - 1), dm_turn=meta.turn - 1
            )
        if record.version <= done.version:  # a repeated job, or one a newer job overtook
            if via is not None:  # the click still wants its answer: the table as shown
                await self._step(
                    record.id, "answering", self._refresh(record, match, done.dms_closed, via)
                )
            return record, match
        sent = _Sent(replace(done, version=record.version))
        for user, channel in done.dm_channels.items():
            self._delivery.remember_dm_channel(user, channel)
        deal = next((item for item in news if item.deal), None)
        if fresh:  # the table first: the reminder then finds it as it will stay
            await self._step(
                record.id, "redrawing", self._refresh(record, match, done.dms_closed, via)
            )
        sent.publication, ping = await self._turns.notify_players(
            record, match, meta, deal, sent.publication, anew=fresh
        )
        told = [item for item in news if item.announcements]
        if not told or await self._step(
            record.id, "announcing", self._announce(record, match, told)
        ):
            news_sent = news[-1].id if news else done.news_sent
            sent.publication = replace(sent.publication, news_sent=news_sent)
        new_hand = any(item.deal and item.finished_hand for item in news)
        closed = sent.publication.dms_closed
        if (new_hand or ping is not None) and record.is_open:
            if via is not None:  # the click is answered before its message makes way
                await self._step(record.id, "answering", self._refresh(record, match, closed, via))
            await self._step(
                record.id, "moving the table", self._repost(record, match, closed, ping, sent)
            )
        elif not fresh or closed != done.dms_closed:
            await self._step(record.id, "redrawing", self._refresh(record, match, closed, via))
        await self._step(
            record.id,
            "recording what was sent",
            self._store.record_publication(record.id, sent.publication.to_json(), sent.message_id),
        )
        return record, match

    @staticmethod
    async def _step(table_id: int, what: str, step: Awaitable[object]) -> bool:
        """One publishing step; a failure is logged and the other steps still run."""
        try:
            await step
        except Exception:
            log.exception("table %d: %s failed", table_id, what)
            return False
        return True

    async def _refresh(
        self,
        record: TableRecord,
        match: Match,
        closed: frozenset[int],
        via: AnswerTicket | None = None,
    ) -> None:
        """Redraw the table message in place (through ``via``, the interaction clicked on
        it, which that answers)."""
        if via is None and record.message_id is None:
            return
        reply = await table_reply(record, match, closed)
        if via is None:
            await self.edit_table_message(record, reply)
        else:
            await self._edit_answer(via, reply)

    async def _repost(
        self,
        record: TableRecord,
        match: Match,
        closed: frozenset[int],
        ping: int | None,
        sent: _Sent,
    ) -> None:
        """Post the table message anew at the bottom of the channel and delete the old one,
        so the channel holds one live table: for a new hand (the hand just finished is in
        the announcement above it), and to remind ``ping``, the player to move whose DMs
        are closed (its note mentions them; an edit would not notify them)."""
        reply = await table_reply(record, match, closed)
        mentions = NO_MENTIONS
        if ping is not None:
            reply.note = messages.turn_ping_content(record, ping)
            mentions = discord.AllowedMentions(users=[discord.Object(id=ping)])
        _, view = reply.parts()
        assert view is not None
        posted = await self._channel(record).send(
            files=reply.files,
            view=view,
            allowed_mentions=mentions,
            nonce=message_nonce(record.id, record.version, TABLE_MESSAGE),
        )
        sent.message_id = posted.id
        if record.message_id != posted.id:
            await self._delete(record, record.message_id)

    async def _delete(self, record: TableRecord, message_id: int | None) -> None:
        """Remove one of the bot's channel messages (gone already is fine)."""
        if message_id is not None:
            with contextlib.suppress(discord.NotFound):
                await self._channel(record).get_partial_message(message_id).delete()

    async def _announce(self, record: TableRecord, match: Match, news: list[News]) -> None:
        """One channel message for the news not yet told (several commits' news when the
        computers moved on before a worker got to the table), with each finished hand."""
        files = []
        for item in news:
            if item.finished_hand is not None:
                hand = hand_from_json(item.finished_hand)
                files.append(await pictures.finished_hand_picture(record, hand, match))
        await self._channel(record).send(
            "\n".join(line for item in news for line in item.announcements),
            files=files,
            allowed_mentions=NO_MENTIONS,
            nonce=message_nonce(record.id, news[0].id, ANNOUNCEMENT),
        )

    def _channel(self, record: TableRecord) -> discord.PartialMessageable:
        return self._client.get_partial_messageable(
            record.channel_id, guild_id=record.guild_id, type=discord.ChannelType.text
        )

    # ------------------------------------------------------------------ answers

    async def _answer(self, table_id: int, answer: AnswerTicket) -> None:
        """Finish a player's deferred interaction with their private answer (to their move,
        or where a picked tile goes), drawn from the table as committed now, through the
        interaction's own edit endpoint (which any process may call while its token lives).
        A pick gone stale meanwhile is answered with the reason, privately."""
        record = await self._store.get_table(table_id)
        if record is None or record.state is None:
            return
        match = Match.from_json(record.state)
        if answer.subject is None:
            assert answer.content is not None
            reply = await played_reply(record, match, answer.user_id, answer.content)
        else:
            try:
                player = player_on_turn_in(record, answer.user_id, answer.turn, match)
                reply = await subject_reply(player, answer.subject)
            except UserError as exc:
                own = seat_of(record, answer.user_id)
                text = table_text(record) if own is None else seat_text(record, own)
                followup = answer.interaction(self._client).followup
                refusal = exc.said_in(text)
                await answer.once_acknowledged(
                    lambda: followup.send(refusal, ephemeral=True, allowed_mentions=NO_MENTIONS)
                )
                return
        await self._edit_answer(answer, reply)

    async def _edit_answer(self, answer: AnswerTicket, reply: Reply) -> None:
        """Put ``reply`` in place of the interaction's original response."""
        content, view = reply.parts()
        interaction = answer.interaction(self._client)
        edited = await answer.once_acknowledged(
            lambda: interaction.edit_original_response(
                content=content, attachments=reply.files, view=view, allowed_mentions=NO_MENTIONS
            )
        )
        if edited is not None:
            answered(answer.interaction_id, "job")
