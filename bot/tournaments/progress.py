"""Rounds that run themselves: :meth:`TournamentRounds.advance` opens the next round once
every table of the current one has closed, or finishes the tournament after its last.

It is idempotent and safe from several processes at once and after a restart: the round
is chosen from what the store holds and written as one versioned change (a second
writer's is refused and it reads again), and each of its tables is created with its row
in one transaction keyed by (round, position), so a round is opened once and none of its
tables twice; a round half opened when a process died is completed by the next call.
Results are read from the tables each time (:mod:`bot.tournaments.outcomes`), so none
is ever counted twice. Call it when a tournament starts or resumes, whenever one of its
tables closes (the table service's listener), and for every running tournament when the
bot starts (:meth:`TournamentRounds.resume_running`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

from bot.store import (
    Seat,
    StaleVersionError,
    TableRecord,
    TableStatus,
    TournamentRecord,
    TournamentStatus,
)
from bot.tournaments.core import PlaceRefused, TournamentCore
from bot.tournaments.news import News, due, is_told, refusals, sent_parts, told, with_shown
from bot.tournaments.outcomes import played_rounds
from bot.tournaments.rounds import PlayedRound
from bot.tournaments.schedule import next_round
from bot.tournaments.standings import Standing, standings

log = logging.getLogger(__name__)


class TournamentRounds(TournamentCore):
    """Opening rounds, reading their results and the standings."""

    async def advance(self, tournament_id: int) -> TournamentRecord | None:
        """Open the next round if the current one is over (or finish the tournament),
        complete a round half opened, and do nothing otherwise. Returns the tournament
        as this call left it; None when this process was already moving it on (that
        call will look again)."""
        moving, again = self._moving, self._again
        if tournament_id in moving:
            again.add(tournament_id)
            return None
        moving.add(tournament_id)
        try:
            async with self.store.hold_tournament(tournament_id):
                while True:
                    again.discard(tournament_id)
                    try:
                        record = await self._move_on(tournament_id)
                    except PlaceRefused:
                        record = await self._pause_refused(tournament_id)
                    if tournament_id not in again:
                        self._tell_later(tournament_id)
                        return record
        finally:
            moving.discard(tournament_id)

    async def _pause_refused(self, tournament_id: int) -> TournamentRecord:
        """A round's table could not be placed: pause (a resume tries again), and in the
        same write make the refusal due to be told (each refusal counted, so one after a
        resume that found nothing changed is told too). A write that came first (news
        noted as told, a pause by hand) is read again, never left to leave the tournament
        running with a table nowhere."""
        while True:
            record = await self.tournament(tournament_id)
            if record.status is not TournamentStatus.RUNNING:
                return record
            try:
                record = await self.store.update_tournament(
                    record.id,
                    record.version,
                    status=TournamentStatus.PAUSED,
                    settings=with_shown(record, refused=refusals(record) + 1),
                )
            except StaleVersionError:
                continue
            log.warning("tournament %d: a table could not be placed; paused", record.id)
            return record

    def _tell_later(self, tournament_id: int) -> None:
        """Tell what is due of the tournament in a task of its own, so that no caller
        (a person's Start, a table's last move) waits for the posts and DMs; one such
        task a tournament, looking again when asked while it runs."""
        if not self._listeners:
            return
        running = self._telling.get(tournament_id)
        if running is not None and not running.done():
            self._tell_again.add(tournament_id)
            return
        task = asyncio.create_task(self._tell_due(tournament_id))
        self._telling[tournament_id] = task
        task.add_done_callback(lambda _: self._forget_telling(tournament_id, task))

    def _forget_telling(self, tournament_id: int, task: asyncio.Task[None]) -> None:
        """A telling ended: forget its task (a long-running process tells many
        tournaments)."""
        if self._telling.get(tournament_id) is task:
            del self._telling[tournament_id]

    async def _tell_due(self, tournament_id: int) -> None:
        while True:
            self._tell_again.discard(tournament_id)
            try:
                async with self.store.hold_tournament_news(tournament_id):
                    await self._announce(await self.tournament(tournament_id))
            except Exception:
                log.exception("tournament %d: its news could not be told", tournament_id)
            if tournament_id not in self._tell_again:
                return

    async def stop_telling(self) -> None:
        """Stop what this process is telling (a stop): the next start tells the rest,
        what went out already sent again with its nonce, so nothing is doubled."""
        tasks = list(self._telling.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def settled(self) -> None:
        """Wait until what this process is telling is told (tests)."""
        while pending := [task for task in self._telling.values() if not task.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    async def _announce(self, record: TournamentRecord) -> None:
        """Tell every piece of news not told yet, then write it as told (see
        :mod:`bot.tournaments.news`)."""
        placed: dict[int, int] = {}
        for entry in await self.store.tournament_tables(record.id):
            placed[entry.round] = placed.get(entry.round, 0) + 1
        complete = {
            number
            for number, tables in enumerate(record.pairings, start=1)
            if placed.get(number, 0) >= sum(1 for players in tables if len(players) >= 2)
        }
        for news in due(record, complete):
            record = await self.tournament(record.id)
            if is_told(record, news):
                continue
            await self._tell(record, news)
            await self._write_told(record.id, news)

    async def _write_told(self, tournament_id: int, news: News) -> None:
        await self._write_shown(
            tournament_id, lambda record: None if is_told(record, news) else told(record, news)
        )

    async def note_sent(self, tournament_id: int, part: str, message_id: int) -> None:
        """A listener sent ``part`` of the news it is telling (``message_id``: its
        message, 0 for a DM): a repeat of the telling skips it."""
        await self._write_shown(
            tournament_id,
            lambda record: with_shown(record, sent={**sent_parts(record), part: message_id}),
        )

    async def _write_shown(
        self, tournament_id: int, change: Callable[[TournamentRecord], dict[str, Any] | None]
    ) -> None:
        """Write the settings JSON ``change`` makes of the tournament's (None: nothing
        to write), reading it again when another write came first: what was shown is
        noted whatever the tournament's other writes do meanwhile."""
        while True:
            record = await self.tournament(tournament_id)
            settings = change(record)
            if settings is None:
                return
            try:
                await self.store.update_tournament(record.id, record.version, settings=settings)
                return
            except StaleVersionError:
                continue

    async def _tell(self, record: TournamentRecord, news: News) -> None:
        for listener in self._listeners:
            try:
                await listener(record, news)
            except Exception:
                log.exception("tournament %d: telling %s failed", record.id, news)

    async def remember_signup_message(self, tournament_id: int, message_id: int) -> None:
        """Keep the sign-up message's id, so it can be redrawn later."""
        await self._write_shown(
            tournament_id, lambda record: with_shown(record, signup_message=message_id)
        )

    async def resume_running(self) -> None:
        """After a start: move on every running tournament (a round that ended, or was
        half opened, while no process was running), and tell what is still untold of
        every other open or just finished one (a process killed while telling it)."""
        statuses = (TournamentStatus.RUNNING, TournamentStatus.PAUSED, TournamentStatus.FINISHED)
        for record in await self.store.tournaments_with_status(*statuses):
            rounds = set(range(1, record.round + 1))
            if record.status is not TournamentStatus.RUNNING and not due(record, rounds):
                continue
            try:
                await self.advance(record.id)
            except Exception:
                log.exception("tournament %d: could not be moved on", record.id)

    async def table_over(self, table: TableRecord) -> None:
        """The table service's listener: a table closed; its tournament may move on."""
        entry = await self.store.tournament_of_table(table.id)
        if entry is not None:
            await self.advance(entry.tournament_id)

    async def results(self, tournament_id: int) -> list[PlayedRound]:
        """Every round whose tables have all closed, each table's result in order."""
        record = await self.tournament(tournament_id)
        done, _ = await self._played(record)
        return done

    async def standings(self, tournament_id: int) -> list[Standing]:
        """Everyone's place and figures after the rounds played so far (players named
        by their number in :attr:`TournamentRecord.entrants`)."""
        record = await self.tournament(tournament_id)
        done, _ = await self._played(record)
        seats = self.settings_of(record).seats
        return standings(list(range(len(record.entrants))), done, seats=seats)

    async def _move_on(self, tournament_id: int) -> TournamentRecord:
        while True:
            record = await self.tournament(tournament_id)
            if record.status is not TournamentStatus.RUNNING:
                return record
            if record.round:
                await self._open_tables(record)
            done, over = await self._played(record)
            if not over:
                return record
            pairing = next_round(self.settings_of(record), record.entrants, done)
            try:
                if pairing is None:
                    record = await self.store.update_tournament(
                        record.id, record.version, status=TournamentStatus.FINISHED
                    )
                    log.info("tournament %d: finished after %d rounds", record.id, record.round)
                    return record
                await self.store.update_tournament(
                    record.id, record.version, pairings=[*record.pairings, pairing.tables]
                )
                log.info("tournament %d: round %d paired", record.id, record.round + 1)
            except StaleVersionError:
                continue  # another process moved it first: look again

    async def _open_tables(self, record: TournamentRecord) -> None:
        """Create every table of the current round not created yet, and deal every one
        not dealt yet (a process may have died between the two). A table in play is
        not touched: a move that ends it holds it while it tells this room, which must
        not wait for it in turn."""
        number = record.round
        placed = await self.store.tournament_tables(record.id, number)
        made = {entry.position: entry.table_id for entry in placed}
        settings = self.settings_of(record)
        for position, players in enumerate(record.pairings[-1], start=1):
            if len(players) < 2:
                continue
            table_id = made.get(position)
            if table_id is not None:
                table = await self.store.get_table(table_id)
                if table is None or table.status is not TableStatus.LOBBY:
                    continue  # dealt already: its lock is left to its players
            else:
                place = await self._open_place(record, number, position)
                table, created = await self.store.create_tournament_table(
                    record.id,
                    number,
                    position,
                    guild_id=record.guild_id,
                    channel_id=place.channel_id,
                    shares_channel=place.shared,
                    creator_id=record.creator_id,
                    game=record.game,
                    settings=settings.table_of(len(players)).to_json(),
                    seats=self._seats(record, players),
                )
                table_id = table.id
                if created:
                    log.info(
                        "tournament %d: round %d table %d opened%s",
                        record.id,
                        number,
                        position,
                        " in the tournament's channel" if place.shared else "",
                    )
            await self.tables.start_seated(table_id)

    @staticmethod
    def _seats(record: TournamentRecord, players: Sequence[int]) -> list[Seat]:
        seats = []
        for number in players:
            entrant = record.entrants[number]
            if entrant.is_computer:
                seats.append(Seat(None, entrant.name, is_bot=True, level=entrant.level))
            else:
                seats.append(Seat(entrant.user_id, entrant.name))
        return seats

    async def _played(self, record: TournamentRecord) -> tuple[list[PlayedRound], bool]:
        placed = await self.store.tournament_tables(record.id)
        tables = {}
        for entry in placed:
            table = await self.store.get_table(entry.table_id)
            if table is not None:
                tables[table.id] = table
        results = await self.store.match_results(list(tables))
        return played_rounds(record, placed, tables, results)
