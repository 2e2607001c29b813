"""Where a tournament's rounds are played and what its channel is told: a public thread
per table (its people added as members), or where threads are not allowed a table
message in the tournament's channel itself; the round's tables posted with everyone
pinged (each thread, or a link to each table's message) and each person's seat sent by
DM, each round's results and standings, the final standings, a pause for want of a
place, and the sign-up deadline's own start.

Told by the tournament service's listener (:meth:`TournamentService.on_change`) until a
piece of news is told whole: each message goes out with a nonce of its own and is noted
as sent at once, so a telling a restart repeats skips what was noted and Discord keeps
one copy of a message sent again just after a kill (:mod:`bot.tournaments.news`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final, Literal

import discord

from bot.discord.tournaments import redraw_signup, tournament_text
from bot.publishing import tournament_texts as texts
from bot.publishing.delivery import Delivery
from bot.publishing.replies import Reply
from bot.store import TableRecord, TableStatus, TournamentRecord, TournamentStatus
from bot.tables.errors import UserError
from bot.tables.seats import Actor
from bot.tables.timers import TableTimers
from bot.tournaments.core import Place, PlaceRefused
from bot.tournaments.news import News, part_nonce, sent_parts
from bot.tournaments.service import TournamentService
from engine.registry import game_spec

log = logging.getLogger(__name__)

PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True)
"""A round's post pings its players (a player whose DMs are closed learns it there)."""
THREAD_ARCHIVE_MINUTES: Final[Literal[10080]] = 10080
"""A table's thread stays open a week without a message (a slow table's pace)."""
FIRST_MESSAGE_WAIT: Final = 20.0
"""Seconds a round's post waits for the first messages of its tables played in the
tournament's channel, to link them."""
FIRST_MESSAGE_LOOK: Final = 0.25
"""Seconds between looks at whether they are posted."""


class TablePlaces:
    """The tournament service's ``open_place``: a public thread in the tournament's
    channel for each table, named "<Game> · round r · table p", with its people added;
    where the bot may not open threads or post in them (or the channel holds none), the
    tournament's channel itself, each table a message there. Decided for each table as
    it opens, from the bot's permissions then."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client

    async def open(self, record: TournamentRecord, number: int, position: int) -> Place:
        try:
            channel = self._client.get_channel(record.channel_id)
            if channel is None:
                channel = await self._client.fetch_channel(record.channel_id)
        except discord.HTTPException as exc:  # gone, or out of the bot's sight
            raise PlaceRefused(str(exc)) from exc
        mine = _my_permissions(channel)
        threads = mine is None or (mine.create_public_threads and mine.send_messages_in_threads)
        if isinstance(channel, discord.TextChannel) and threads:
            try:
                return Place(await self._thread(channel, record, number, position))
            except discord.Forbidden as exc:  # permissions changed since discord.py heard
                log.info("tournament %d: no thread for a table: %s", record.id, exc)
        if mine is not None and not _may_post(channel, mine):
            raise PlaceRefused(f"the bot may not post in channel {record.channel_id}")
        return Place(record.channel_id, shared=True)

    async def _thread(
        self, channel: discord.TextChannel, record: TournamentRecord, number: int, position: int
    ) -> int:
        text = tournament_text(record)
        name = text._(
            "{game} · round {number} · table {table}",
            game=text._(game_spec(record.game).title),
            number=number,
            table=position,
        )
        thread = await channel.create_thread(
            name=name[:100],
            type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
        )
        for player in record.pairings[number - 1][position - 1]:
            user_id = record.entrants[player].user_id
            if user_id is not None:
                try:
                    await thread.add_user(discord.Object(id=user_id))
                except discord.HTTPException as exc:  # they still see the public thread
                    log.info("thread %d: could not add a player: %s", thread.id, exc)
        return thread.id


def _my_permissions(channel: object) -> discord.Permissions | None:
    """The bot's permissions in a server channel, from what the gateway told this
    process (None when it knows too little: a process started a moment ago, or one
    without the server in its cache, then tries and sees what Discord allows)."""
    if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return None
    guild = channel.guild
    if guild.unavailable or guild.me is None:
        return None
    return channel.permissions_for(guild.me)


def _may_post(channel: object, mine: discord.Permissions) -> bool:
    """Whether ``mine`` lets the bot post in ``channel`` (a thread's own permission for
    a thread)."""
    if isinstance(channel, discord.Thread):
        return mine.send_messages_in_threads
    return mine.view_channel and mine.send_messages


class TournamentPosts:
    """What a tournament's channel and players are told as it goes."""

    def __init__(
        self,
        client: discord.Client,
        tournaments: TournamentService,
        delivery: Delivery,
        timers: TableTimers,
    ) -> None:
        self._client = client
        self._tournaments = tournaments
        self._delivery = delivery
        self._timers = timers

    async def tell(self, record: TournamentRecord, news: News) -> None:
        """The service's listener: each message of the news sent with its own nonce
        and noted as sent, those noted already skipped (a telling cut by a restart)."""
        sent = _Telling(self._tournaments, record, sent_parts(record))
        if news.kind == "refused":
            await self._refused(record, news.number, sent)
            await redraw_signup(self._client, record)
            return
        key = f"{news.kind}:{news.number}"
        if news.number > 1 or news.kind == "final":
            await self._round_over(record, key, sent, final=news.kind == "final")
        if news.kind == "round":
            await self._round_open(record, news.number, sent)
        if news.number == 1 or news.kind == "final":
            await redraw_signup(self._client, record)

    async def deadline_passed(self, tournament_id: int) -> None:
        """The sign-up deadline passed: start (cancel when fewer than two signed up)."""
        service = self._tournaments
        try:
            record = await service.start(tournament_id, None)
        except UserError as exc:
            record = await service.tournament(tournament_id)
            if record.status is not TournamentStatus.SIGNUP:
                return  # started or cancelled meanwhile
            log.info("tournament %d: not started at its deadline: %s", tournament_id, exc)
            organizer = Actor(record.creator_id, "", can_manage=True)
            record = await service.cancel(tournament_id, organizer)
            await self._post(record, exc.said_in(tournament_text(record)))
        await redraw_signup(self._client, record)

    async def _refused(self, record: TournamentRecord, number: int, sent: _Telling) -> None:
        """Say in the channel (when the bot still can) and to the organizer why the
        tournament paused."""
        text = tournament_text(record)
        content = texts.refused_place(record, text)
        await sent.part(
            f"refused:{number}:post", lambda nonce: self._send(record, Reply(content), nonce)
        )
        await sent.part(f"refused:{number}:dm", self._dm_to(record, record.creator_id, content))

    async def _round_open(self, record: TournamentRecord, number: int, sent: _Telling) -> None:
        """Post the round's tables, DM each person their seat, arm the tables' timers."""
        text = tournament_text(record)
        tables = await self._tables_shown(record, number)
        for table in tables.values():
            if table.status is TableStatus.PLAYING:
                self._timers.track(table)
        places = {position: texts.table_place(record, t) for position, t in tables.items()}
        post = Reply(texts.round_tables(record, number, places, text))
        await sent.part(f"round:{number}:tables", lambda nonce: self._send(record, post, nonce))
        for position, players in enumerate(record.pairings[number - 1], start=1):
            for seat, player in enumerate(players, start=1):
                user_id = record.entrants[player].user_id
                if user_id is None:
                    continue
                if len(players) < 2:
                    notice = texts.bye_notice(record, number, text)
                elif position in tables:
                    notice = texts.seat_notice(
                        record, number, position, seat, tables[position], text
                    )
                else:
                    continue
                await sent.part(
                    f"round:{number}:dm:{user_id}", self._dm_to(record, user_id, notice)
                )

    async def _tables_shown(self, record: TournamentRecord, number: int) -> dict[int, TableRecord]:
        """The round's tables by position, once each one played in the tournament's
        channel shows its message there (for the round's post to link it): its first
        publication follows its deal within moments; after ``FIRST_MESSAGE_WAIT``
        seconds the channel is linked instead."""
        store = self._tournaments.store
        loop = asyncio.get_running_loop()
        until = loop.time() + FIRST_MESSAGE_WAIT
        while True:
            tables: dict[int, TableRecord] = {}
            for entry in await store.tournament_tables(record.id, number):
                table = await store.get_table(entry.table_id)
                if table is not None:
                    tables[entry.position] = table
            waiting = [
                t
                for t in tables.values()
                if t.channel_id == record.channel_id and t.message_id is None and t.is_open
            ]
            if not waiting or loop.time() >= until:
                return tables
            await asyncio.sleep(FIRST_MESSAGE_LOOK)

    async def _round_over(
        self, record: TournamentRecord, key: str, sent: _Telling, *, final: bool
    ) -> None:
        """Post the last finished round's results and the standings after it."""
        service = self._tournaments
        text = tournament_text(record)
        done = await service.results(record.id)
        if done:
            results = Reply(texts.round_results(record, len(done), done[-1], text))
            await sent.part(f"{key}:results", lambda nonce: self._send(record, results, nonce))
        standings = await service.standings(record.id)

        async def post_standings(nonce: int) -> int | None:
            reply = await texts.standings_message(record, standings, len(done), text, final=final)
            return await self._send(record, reply, nonce)

        await sent.part(f"{key}:standings", post_standings)

    async def _post(self, record: TournamentRecord, content: str) -> None:
        await self._send(record, Reply(content))

    async def _send(
        self, record: TournamentRecord, reply: Reply, nonce: int | None = None
    ) -> int | None:
        """Post in the tournament's channel; the message's id (None: Discord refused)."""
        channel = self._client.get_partial_messageable(record.channel_id)
        extra: dict[str, Any] = {"files": reply.files} if reply.files else {}
        if nonce is not None:
            extra["nonce"] = nonce  # discord.py asks Discord to enforce it
        try:
            message = await channel.send(reply.content, allowed_mentions=PINGS, **extra)
        except discord.HTTPException as exc:
            log.warning("tournament %d: could not post in its channel: %s", record.id, exc)
            return None
        return message.id

    def _dm_to(
        self, record: TournamentRecord, user_id: int, content: str
    ) -> Callable[[int], Awaitable[int | None]]:
        return lambda nonce: self._dm(record, user_id, content, nonce)

    async def _dm(
        self, record: TournamentRecord, user_id: int, content: str, nonce: int
    ) -> int | None:
        """DM a player (0 once sent; None when it failed: the channel's post tells them)."""
        try:
            await self._delivery.send_dm(user_id, content, nonce=nonce)
        except discord.HTTPException as exc:
            log.info("tournament %d: a DM failed: %s", record.id, exc)
            return None
        return 0


class _Telling:
    """The parts of one piece of news sent so far: each part is sent once with a nonce
    of its own and noted as sent at once (see :mod:`bot.tournaments.news`)."""

    def __init__(
        self, service: TournamentService, record: TournamentRecord, sent: dict[str, int]
    ) -> None:
        self._service = service
        self._record = record
        self._sent = sent

    async def part(self, name: str, send: Callable[[int], Awaitable[int | None]]) -> None:
        if name in self._sent:
            return
        message_id = await send(part_nonce(self._record.id, name))
        if message_id is not None:
            self._sent[name] = message_id
            await self._service.note_sent(self._record.id, name, message_id)
