"""Where a tournament's rounds are played and what its channel is told: a public thread
per table (its people added as members), the round's tables posted with everyone pinged
and each person's seat sent by DM, each round's results and standings, the final
standings, and the sign-up deadline's own start.

Told by the tournament service's listener (:meth:`TournamentService.on_change`): each
piece of news reaches here once, after the write that claimed it.
"""

from __future__ import annotations

import logging
from typing import Any, Final, Literal

import discord

from bot.discord.tournaments import redraw_signup, tournament_text
from bot.publishing import tournament_texts as texts
from bot.publishing.delivery import Delivery
from bot.publishing.replies import Reply
from bot.store import TableStatus, TournamentRecord, TournamentStatus
from bot.tables.errors import UserError
from bot.tables.seats import Actor
from bot.tables.timers import TableTimers
from bot.tournaments.core import PlaceRefused
from bot.tournaments.news import News
from bot.tournaments.service import TournamentService
from engine.registry import game_spec

log = logging.getLogger(__name__)

PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True)
"""A round's post pings its players (a player whose DMs are closed learns it there)."""
THREAD_ARCHIVE_MINUTES: Final[Literal[10080]] = 10080
"""A table's thread stays open a week without a message (a slow table's pace)."""


class ThreadPlaces:
    """The tournament service's ``open_place``: a public thread in the tournament's
    channel for each table, named "<Game> · round r · table p"."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client

    async def open(self, record: TournamentRecord, number: int, position: int) -> int:
        text = tournament_text(record)
        name = text._(
            "{game} · round {number} · table {table}",
            game=text._(game_spec(record.game).title),
            number=number,
            table=position,
        )
        try:
            channel = self._client.get_channel(record.channel_id)
            if channel is None:
                channel = await self._client.fetch_channel(record.channel_id)
            if not isinstance(channel, discord.TextChannel):
                raise PlaceRefused(f"channel {record.channel_id} holds no threads")
            thread = await channel.create_thread(
                name=name[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.Forbidden as exc:
            raise PlaceRefused(str(exc)) from exc
        for player in record.pairings[number - 1][position - 1]:
            user_id = record.entrants[player].user_id
            if user_id is not None:
                try:
                    await thread.add_user(discord.Object(id=user_id))
                except discord.HTTPException as exc:  # they still see the public thread
                    log.info("thread %d: could not add a player: %s", thread.id, exc)
        return thread.id


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
        """The service's listener."""
        if news.kind == "refused":
            await self._post(record, texts.refused_place(record, tournament_text(record)))
            await redraw_signup(self._client, record)
            return
        if news.number > 1 or news.kind == "final":
            await self._round_over(record, final=news.kind == "final")
        if news.kind == "round":
            await self._round_open(record, news.number)
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

    async def _round_open(self, record: TournamentRecord, number: int) -> None:
        """Post the round's tables, DM each person their seat, arm the tables' timers."""
        text = tournament_text(record)
        service = self._tournaments
        places: dict[int, int] = {}
        for entry in await service.store.tournament_tables(record.id, number):
            table = await service.store.get_table(entry.table_id)
            if table is None:
                continue
            places[entry.position] = table.channel_id
            if table.status is TableStatus.PLAYING:
                self._timers.track(table)
        await self._post(record, texts.round_tables(record, number, places, text))
        for position, players in enumerate(record.pairings[number - 1], start=1):
            for seat, player in enumerate(players, start=1):
                user_id = record.entrants[player].user_id
                if user_id is None:
                    continue
                if len(players) < 2:
                    notice = texts.bye_notice(record, number, text)
                elif position in places:
                    notice = texts.seat_notice(
                        record, number, position, seat, places[position], text
                    )
                else:
                    continue
                try:
                    await self._delivery.send_dm(user_id, notice)
                except discord.HTTPException as exc:  # the channel's ping tells them
                    log.info("tournament %d: a seat's DM failed: %s", record.id, exc)

    async def _round_over(self, record: TournamentRecord, *, final: bool) -> None:
        """Post the last finished round's results and the standings after it."""
        service = self._tournaments
        text = tournament_text(record)
        done = await service.results(record.id)
        if done:
            await self._post(record, texts.round_results(record, len(done), done[-1], text))
        standings = await service.standings(record.id)
        reply = await texts.standings_message(record, standings, len(done), text, final=final)
        await self._send(record, reply)

    async def _post(self, record: TournamentRecord, content: str) -> None:
        await self._send(record, Reply(content))

    async def _send(self, record: TournamentRecord, reply: Reply) -> None:
        channel = self._client.get_partial_messageable(record.channel_id)
        extra: dict[str, Any] = {"files": reply.files} if reply.files else {}
        try:
            await channel.send(reply.content, allowed_mentions=PINGS, **extra)
        except discord.HTTPException as exc:
            log.warning("tournament %d: could not post in its channel: %s", record.id, exc)
