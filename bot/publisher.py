"""Makes a committed table change visible: DMs to the player to move, announcements, and
the channel's table message.

Per play this costs one DM and one edit of the table message. When the turn moves to a
player whose DMs are closed, the table message itself is the reminder: it is posted anew at
the bottom of the channel with a line that pings them, and the old one deleted (two calls,
where a separate reminder cost three: deleting the last one, posting it, editing the table).
Scoring events, hand ends and the result add one announcement message. Publishing never
raises: the move is already committed, and a Discord hiccup must not undo it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Awaitable

import discord

from bot import messages, pictures
from bot.delivery import Delivery
from bot.games import adapter_for
from bot.replies import NO_MENTIONS, Reply
from bot.service import PlayerSeat, TableService, TableUpdate, table_settings
from bot.store import StoreError, TableRecord, TableStatus
from bot.table_meta import News, TableMeta
from bot.views.builders import MAX_TARGETS, controls_view, finished_view, table_view
from bot.words import words_for
from engine.match import Match
from engine.registry import game_spec, hand_from_json

log = logging.getLogger(__name__)


async def private_hand(
    player: PlayerSeat, headline: str | None = None, page: int | None = None
) -> Reply:
    """A player's hand picture with the controls they may use now (private). On their
    turn it already shows where their first playable tile goes, with its places in the
    menus, so playing that tile takes one pick (picking another tile shows its places)."""
    hand = await pictures.hand_picture(player, page or 0)
    files = [] if hand is None else [hand]
    controls = None
    prompt = None
    if player.is_turn:
        adapter = adapter_for(player.record.game)
        offered = adapter.controls(player.hand, player.seat)
        prompt = offered.prompt
        focus = next((s.key for s in offered.subjects if s.playable), None)
        targets = (
            []
            if focus is None or page is not None
            else adapter.targets(player.hand, player.seat, focus)
        )
        if targets and len(targets) <= MAX_TARGETS:
            assert focus is not None
            preview = await pictures.candidates_picture(player, focus, targets)
            if preview is not None:
                files.append(preview)
            prompt = adapter.targets_prompt(focus, targets)
        else:
            focus, targets = None, []
        controls = controls_view(
            player.record.id,
            player.turn,
            offered,
            chosen=focus,
            targets=targets,
            page=page,
            hint=table_settings(player.record).hints,
        )
    if not files:  # nothing hidden and nothing chosen: the board is the picture
        files.append(await pictures.table_picture(player.record, player.match))
    return Reply(messages.hand_content(player, headline, prompt), files, controls)


async def table_reply(record: TableRecord, match: Match) -> Reply:
    """The channel's table message for a running or finished match."""
    picture = await pictures.table_picture(record, match)
    view: discord.ui.View | None = None
    if record.status is TableStatus.PLAYING:
        view = table_view(record.id, words_for(game_spec(record.game)))
    elif record.status is TableStatus.FINISHED:
        view = finished_view(record.id)
    return Reply(messages.table_content(record, match), [picture], view, layout=True)


def message_nonce(table_id: int, news_id: int, seat: int) -> int:
    """A message's nonce (under 2⁶³): the same for a resend of the same news to the same
    place, so Discord (which enforces nonces for a few minutes) keeps one copy."""
    digest = hashlib.blake2b(f"{table_id}:{news_id}:{seat}".encode(), digest_size=7).digest()
    return int.from_bytes(digest, "big")


class Publisher:
    """Sends what players and the channel should see after each committed change."""

    def __init__(self, client: discord.Client, service: TableService, delivery: Delivery) -> None:
        self._client = client
        self._service = service
        self._delivery = delivery
        self._locks: dict[int, asyncio.Lock] = {}
        self._published: dict[int, int] = {}

    async def publish(self, update: TableUpdate, *, table_message_done: bool = False) -> None:
        """Notify players, announce, and refresh the table message, in that order, so the
        table message can already say whose DMs are closed. What the committed news
        (:class:`~bot.table_meta.News`) asks for is sent once — each message carries a
        nonce, so a resend after a restart is dropped by Discord — and then cleared."""
        record = update.record
        async with self._locks.setdefault(record.id, asyncio.Lock()):
            news = await self._pending_news(record)
            deal = next((item for item in news if item.deal), None)
            closed, ping = await self._notify_players(update, deal)
            published = [item.id for item in news if not item.announcements]
            for item in news:
                if item.announcements and await self._step(
                    record, "announcing", self._announce(record, update.match, item)
                ):
                    published.append(item.id)
            if closed:
                with contextlib.suppress(StoreError):
                    record = await self._service.store.get_table(record.id) or record
            new_hand = any(item.deal and item.finished_hand for item in news)
            if (new_hand or ping is not None) and record.is_open:
                await self._step(
                    record, "moving the table", self._repost(record, update.match, ping)
                )
            elif not table_message_done or closed:
                await self._step(record, "redrawing", self._refresh(record, update.match))
            await self._step(
                record, "clearing news", self._service.clear_news(record.id, published)
            )
        if not record.is_open:
            self._locks.pop(record.id, None)
            self._published.pop(record.id, None)

    async def _pending_news(self, record: TableRecord) -> tuple[News, ...]:
        """The news still to send as the store has it now: an earlier publish of the same
        table may have sent (and cleared) some of what ``record`` still lists. A record
        committed with no news needs no second look (most plays)."""
        if not TableMeta.from_json(record.meta).news:
            return ()
        with contextlib.suppress(StoreError):
            current = await self._service.store.get_table(record.id)
            if current is not None:
                return TableMeta.from_json(current.meta).news
        return TableMeta.from_json(record.meta).news

    async def refresh_table_message(self, record: TableRecord, match: Match | None) -> None:
        """Redraw the table message (used after a cancel or an expired lobby)."""
        async with self._locks.setdefault(record.id, asyncio.Lock()):
            await self._step(record, "redrawing", self._refresh(record, match))

    async def edit_table_message(self, record: TableRecord, reply: Reply) -> None:
        """Replace the table message's content (lobby changes, closed lobbies)."""
        if record.message_id is None:
            return
        message = self._channel(record).get_partial_message(record.message_id)
        content, view = reply.parts()
        await message.edit(
            content=content, attachments=reply.files, view=view, allowed_mentions=NO_MENTIONS
        )

    # ------------------------------------------------------------------ internals

    @staticmethod
    async def _step(record: TableRecord, what: str, step: Awaitable[None]) -> bool:
        """One publishing step; a failure is logged and the other steps still run."""
        try:
            await step
        except Exception:
            log.exception("table %d: %s failed", record.id, what)
            return False
        return True

    async def _refresh(self, record: TableRecord, match: Match | None) -> None:
        if record.message_id is None or match is None:
            return
        if self._published.get(record.id, -1) > record.version:
            return  # a newer state is already on show
        self._published[record.id] = record.version
        await self.edit_table_message(record, await table_reply(record, match))

    async def _repost(self, record: TableRecord, match: Match, ping: int | None = None) -> None:
        """Post the table message anew at the bottom of the channel and delete the old one,
        so the channel holds one live table: for a new hand (the hand just finished is in
        the announcement above it), and to remind ``ping``, the player to move whose DMs
        are closed (its note mentions them; an edit would not notify them)."""
        if self._published.get(record.id, -1) > record.version:
            return  # a newer state is already on show
        self._published[record.id] = record.version
        reply = await table_reply(record, match)
        mentions = NO_MENTIONS
        if ping is not None:
            reply.note = messages.turn_ping_content(record, ping)
            mentions = discord.AllowedMentions(users=[discord.Object(id=ping)])
        _, view = reply.parts()
        assert view is not None
        sent = await self._channel(record).send(
            files=reply.files, view=view, allowed_mentions=mentions
        )
        old = record.message_id
        await self._service.set_message(record.id, sent.id)
        await self._delete(record, old)

    async def _notify_players(
        self, update: TableUpdate, deal: News | None
    ) -> tuple[set[int], int | None]:
        """DM the player to move (everyone when a hand was dealt: ``deal``). Returns the
        users whose DMs turned out to be closed just now, and the player to move if they
        are to be reminded in the channel (their DMs are closed; once per turn)."""
        record, match = update.record, update.match
        if record.status is not TableStatus.PLAYING or match.is_over:
            return set(), None
        meta = update.meta
        to_move = match.hand.current_player
        everyone = deal is not None and game_spec(record.game).has_hands
        seats = range(len(record.seats)) if everyone else [to_move]
        targets = [
            seat
            for seat in seats
            if seat is not None
            and not record.seats[seat].is_bot
            and seat not in meta.autopilot
            and record.seats[seat].user_id != update.actor_id
        ]
        results = await asyncio.gather(
            *(self._notify(record, match, meta, seat, deal) for seat in targets),
            return_exceptions=True,
        )
        closed: set[int] = set()
        ping: int | None = None
        for seat, result in zip(targets, results, strict=True):
            if isinstance(result, BaseException):
                log.error("table %d: notifying seat %d failed: %r", record.id, seat, result)
                continue
            user_id, newly_closed = result
            if newly_closed and user_id is not None:
                closed.add(user_id)
            if seat == to_move and user_id is not None and await self._claim_reminder(record, meta):
                ping = user_id
        return closed, ping

    async def _notify(
        self, record: TableRecord, match: Match, meta: TableMeta, seat: int, deal: News | None
    ) -> tuple[int | None, bool]:
        """DM one player their hand. Returns their user id when their DMs are closed (None
        when the DM went through), and whether that was not known before."""
        user_id = record.seats[seat].user_id
        if user_id is None:
            return None, False
        if user_id in meta.dms_closed:
            return user_id, False
        to_move = seat == match.hand.current_player
        reply = await private_hand(PlayerSeat(record, match, seat))
        nonce = None if deal is None or to_move else message_nonce(record.id, deal.id, seat)
        if await self._delivery.send_dm(
            user_id, reply.content, files=reply.files, view=reply.view, nonce=nonce
        ):
            return None, False
        await self._service.mark_dms_closed(record.id, user_id)
        return user_id, True

    async def _claim_reminder(self, record: TableRecord, meta: TableMeta) -> bool:
        """Whether this turn's channel reminder is still to be given (once per turn, across
        restarts). A separate reminder message left by an earlier version is deleted.
        Never raises: without a claim the table is redrawn in place instead."""
        try:
            remind, previous = await self._service.claim_turn_reminder(record.id, meta.turn)
        except Exception:
            log.exception("table %d: claiming the turn reminder failed", record.id)
            return False
        if remind and previous is not None:
            await self._step(record, "deleting an old reminder", self._delete(record, previous))
        return remind

    async def _delete(self, record: TableRecord, message_id: int | None) -> None:
        """Remove one of the bot's channel messages (gone already is fine)."""
        if message_id is not None:
            with contextlib.suppress(discord.NotFound):
                await self._channel(record).get_partial_message(message_id).delete()

    async def _announce(self, record: TableRecord, match: Match, news: News) -> None:
        files = []
        if news.finished_hand is not None:
            hand = hand_from_json(news.finished_hand)
            files.append(await pictures.finished_hand_picture(record, hand, match))
        await self._channel(record).send(
            "\n".join(news.announcements),
            files=files,
            allowed_mentions=NO_MENTIONS,
            nonce=message_nonce(record.id, news.id, -1),
        )

    def _channel(self, record: TableRecord) -> discord.PartialMessageable:
        return self._client.get_partial_messageable(
            record.channel_id, guild_id=record.guild_id, type=discord.ChannelType.text
        )
