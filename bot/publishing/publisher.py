"""Publish jobs: make a committed table change visible — DMs to the player to move,
announcements, the channel's table message — and answer a mover's deferred interaction.

A job reads the committed record once, sends what the table's :class:`Publication` says is
not shown yet, and records what it sent in one write. It runs under the table's lock (see
``bot.publishing.jobs``), so publications of a table never cross, and reads the newest state there,
so an older state is never shown after a newer one. Per play this costs one DM and one
edit of the table message. When the turn moves to a player whose DMs are closed, the table
message itself is the reminder: posted anew at the bottom of the channel with a line that
pings them (kept on every redraw while their turn lasts), and the old one deleted
(``bot.publishing.table_message``: one live table message whenever a process stops).
Scoring events, hand ends and the result add one announcement. Every message a job
creates carries a nonce, so a job taken again after its worker was killed mid-send
creates nothing twice (Discord returns the first copy). A table whose publication is up
to date is left alone: a job for it, or a restart, sends nothing (:func:`unshown`).
Publishing never raises: the move is committed, and a Discord hiccup must not undo it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable
from dataclasses import replace
from typing import Final

import discord

from bot.games.words import words_for
from bot.metrics.measures import PUBLISH_LAG_SECONDS, answered
from bot.publishing import messages, pictures
from bot.publishing.answers import AnswerTicket
from bot.publishing.by_token import TokenPublisher
from bot.publishing.delivery import Delivery
from bot.publishing.jobs import JobQueue
from bot.publishing.private import played_reply, subject_reply
from bot.publishing.replies import NO_MENTIONS, Reply
from bot.publishing.table_message import Sent, TableMessages
from bot.publishing.turn_notices import TurnNotifier, message_nonce, pinged_player
from bot.publishing.unshown import unshown
from bot.store import PublishJob, Store, TableRecord, TableStatus
from bot.store.publication import Publication
from bot.tables.errors import UserError
from bot.tables.languages import seat_text, table_text
from bot.tables.meta import News, TableMeta
from bot.tables.service import TableService, player_on_turn_in, seat_of, table_settings
from bot.views.builders import finished_view, table_view
from bot.views.surfaces import offered
from engine.match import Match
from engine.registry import game_spec, hand_from_json
from i18n import Text

log = logging.getLogger(__name__)


async def table_reply(
    record: TableRecord,
    match: Match,
    dms_closed: frozenset[int] | None = None,
    text: Text | None = None,
    *,
    pinged: int | None = None,
) -> Reply:
    """The channel's table message for a running or finished match (``dms_closed``: as
    the publication being made knows them; else as the last one recorded); ``text``: the
    same shown to one reader (their status), in their language. ``pinged``: the player to
    move whose DMs are closed, named in its ping line (kept while their turn lasts, so a
    redraw never drops it)."""
    text = text or table_text(record)
    picture = await pictures.table_picture(record, match, text)
    view: discord.ui.View | None = None
    if record.status is TableStatus.PLAYING:
        view = table_view(
            record.id, words_for(game_spec(record.game)), text, activity=offered().activity
        )
    elif record.status is TableStatus.FINISHED:
        view = finished_view(record.id, text)
    if dms_closed is None:
        dms_closed = Publication.from_json(record.publication).dms_closed
    content = messages.table_content(record, match, dms_closed, text)
    reply = Reply(content, [picture], view, layout=True)
    if pinged is not None:
        reply.note = messages.turn_ping_content(record, pinged)
    return reply


RETRY_DM_AFTER: Final = (2.0, 10.0, 60.0, 300.0)
"""Seconds before a failed turn DM is tried again: the first, second, third, and every
later time in a row."""

ANNOUNCEMENT: Final = -1


async def _table_by_token(record: TableRecord, match: Match) -> Reply:
    """The table message where the bot is not in the chat: no DMs, so no player is noted
    as having them closed, and the call to move is a follow-up of its own."""
    return await table_reply(record, match, frozenset())


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
        self._tables = TableMessages(client, store)
        self._by_token = TokenPublisher(client, store, _table_by_token)
        self._queue = queue
        self._service = service
        self._retries: dict[int, int] = {}
        """Tables whose turn DM failed, with how often it has in a row."""
        self._retrying: set[asyncio.Task[None]] = set()

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
            shown = await self._publish(job.table_id, ticket)
        service = self._service
        if shown is not None and service is not None and service.computer_to_move(*shown):
            async with self._queue.computer_turns(job.table_id) as mine:
                if mine:  # its commits name the jobs that publish them
                    await self._step(job.table_id, "computer moves", service.resume(job.table_id))

    def _retry_if(self, failed: bool, record: TableRecord) -> None:
        """After a turn's DM failed (Discord down or rate limited past its retries), publish
        the table again later, sooner first, so a game never waits on a lost DM; a
        process stopped meanwhile leaves it to the next start (the turn is untold)."""
        if not failed:
            self._retries.pop(record.id, None)
            return
        tries = self._retries.get(record.id, 0)
        self._retries[record.id] = tries + 1
        delay = RETRY_DM_AFTER[min(tries, len(RETRY_DM_AFTER) - 1)]
        log.info("table %d: its turn's DM goes again in %.0f s", record.id, delay)
        job = PublishJob(record.id, record.version)

        def again() -> None:
            task = asyncio.ensure_future(self._queue.enqueue(job))
            self._retrying.add(task)
            task.add_done_callback(self._retrying.discard)

        asyncio.get_running_loop().call_later(delay, again)

    async def edit_table_message(self, record: TableRecord, reply: Reply) -> None:
        """Replace the table message's content (lobby changes, closed lobbies); at a table
        shown through interactions, only while one of its tokens lives."""
        if table_settings(record).by_interactions:
            await self._by_token.redraw_lobby(record, reply)
            return
        await self._tables.edit(record, reply)

    async def remind_by_token(self, record: TableRecord, content: str, user_id: int) -> bool:
        """A long turn's reminder at a table shown through interactions (False: no token
        lives to send it with)."""
        return await self._by_token.remind(record, content, user_id)

    # ------------------------------------------------------------------ publishing

    async def _publish(
        self, table_id: int, via: AnswerTicket | None
    ) -> tuple[TableRecord, Match] | None:
        """Publish what of the table as committed now is not shown yet (through ``via``, a
        click on the table message such as Start, which that answers); returns what it
        read (None: no table)."""
        record = await self._store.get_table(table_id)
        if record is None or record.state is None:
            return None
        match = Match.from_json(record.state)
        if table_settings(record).by_interactions:
            if via is not None or unshown(record):
                await self._step(
                    record.id, "publishing", self._publish_by_token(record, match, via)
                )
            return record, match
        done = Publication.from_json(record.publication)
        meta = TableMeta.from_json(record.meta)
        if not unshown(record):  # a repeated job, or one a newer job overtook
            if via is not None:  # the click still wants its answer: the table as shown
                pinged = pinged_player(record, match, meta, done)
                await self._step(
                    record.id, "answering", self._answer_on_table(record, match, done, via, pinged)
                )
            return record, match
        news = sorted((item for item in meta.news if item.id > done.news_sent), key=lambda n: n.id)
        sent = Sent(replace(done, version=record.version))
        for user, channel in done.dm_channels.items():
            self._delivery.remember_dm_channel(user, channel)
        drawn = False  # whether the live table message shows this version already
        if done.moving is not None:  # a process stopped while moving the table message
            try:
                drawn = await self._finish_move(record, match, sent)
            except Exception:
                log.exception("table %d: finishing the table message's move failed", record.id)
        deal = next((item for item in news if item.deal), None)
        dms = await self._turns.notify_players(record, match, meta, deal, sent.publication)
        sent.publication, ping = dms.publication, dms.ping
        told = [item for item in news if item.announcements]
        if not told or await self._step(
            record.id, "announcing", self._announce(record, match, told)
        ):
            news_sent = news[-1].id if news else done.news_sent
            sent.publication = replace(sent.publication, news_sent=news_sent)
        new_hand = any(item.deal and item.finished_hand for item in news)
        pinged = pinged_player(record, match, meta, sent.publication)
        closed = sent.publication.dms_closed
        drawn = drawn and ping is None and closed == done.dms_closed
        if sent.publication.moving is not None or drawn:
            # A move still unfinished is left to the next publication (it is recorded);
            # one just finished already shows this version.
            if via is not None:
                await self._step(
                    record.id,
                    "answering",
                    self._answer_on_table(record, match, sent.publication, via, pinged),
                )
        elif record.message_id is None or ((new_hand or ping is not None) and record.is_open):
            # A seated table (a tournament's) has no message yet: its first is posted,
            # finished already when computers played it out before any publication.
            if via is not None:  # the click is answered before its message makes way
                await self._step(
                    record.id,
                    "answering",
                    self._answer_on_table(record, match, sent.publication, via, None),
                )
            reply = await table_reply(record, match, closed, pinged=pinged)
            await self._step(
                record.id, "moving the table", self._tables.move(record, reply, sent, ping=ping)
            )
        elif via is not None:
            await self._step(
                record.id,
                "redrawing",
                self._answer_on_table(record, match, sent.publication, via, pinged),
            )
        elif record.version > done.version or closed != done.dms_closed:
            reply = await table_reply(record, match, closed, pinged=pinged)
            await self._step(record.id, "redrawing", self._tables.redraw(record, reply, sent))
        await self._step(
            record.id,
            "recording what was sent",
            self._store.record_publication(record.id, sent.publication.to_json(), sent.message_id),
        )
        self._retry_if(dms.failed, record)
        return record, match

    async def _publish_by_token(
        self, record: TableRecord, match: Match, via: AnswerTicket | None
    ) -> None:
        """A table in a chat the bot is not in: shown through its players' interactions
        (:mod:`bot.publishing.by_token`), and recorded as shown only as far as it was."""
        published = await self._by_token.publish(record, match, via)
        if published is not None:
            shown, moved_to = published
            await self._store.record_publication(record.id, shown.to_json(), moved_to)

    async def _finish_move(self, record: TableRecord, match: Match, sent: Sent) -> bool:
        """The table message's move a stopped process left unfinished, finished with the
        table as committed now (see ``bot.publishing.table_message``)."""
        meta = TableMeta.from_json(record.meta)
        pinged = pinged_player(record, match, meta, sent.publication)
        reply = await table_reply(record, match, sent.publication.dms_closed, pinged=pinged)
        return await self._tables.finish_move(record, reply, sent)

    @staticmethod
    async def _step(table_id: int, what: str, step: Awaitable[object]) -> bool:
        """One publishing step; a failure is logged and the other steps still run."""
        try:
            await step
        except Exception:
            log.exception("table %d: %s failed", table_id, what)
            return False
        return True

    async def _answer_on_table(
        self,
        record: TableRecord,
        match: Match,
        shown: Publication,
        via: AnswerTicket,
        pinged: int | None,
    ) -> None:
        """Answer ``via``, the interaction clicked on the table message, with the table
        redrawn in place."""
        await self._edit_answer(
            via, await table_reply(record, match, shown.dms_closed, pinged=pinged)
        )

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
