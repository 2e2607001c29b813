"""What every table request shares: the store, one lock per table, loading a table and
committing to it (a move, a change, a finished match's result).

Each request takes the table's lock (one coroutine per table at a time in this process),
reloads the table, lets the engine decide, and commits with the version it loaded, so a
second process or a double click cannot apply a turn twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Final

from bot.games import adapter_for
from bot.games.narration import Narration, narrate
from bot.games.words import words_for
from bot.metrics.measures import PLAYS, move_kind
from bot.store import (
    Clock,
    JsonObject,
    Seat,
    StaleVersionError,
    Store,
    TableRecord,
    TableStateError,
    TableStatus,
    utc_now,
)
from bot.store.publication import Publication
from bot.tables.errors import TableClosedError, UserError
from bot.tables.languages import seat_text, table_text
from bot.tables.listeners import MatchOverListeners
from bot.tables.meta import News, TableMeta
from bot.tables.pace import reminder_lead
from bot.tables.results import result_lines
from bot.tables.seats import (
    check_in_play,
    closed_error,
    computer_plays,
    seat_names,
    seat_of,
    seen_in,
    table_settings,
)
from bot.tables.settings import TableSettings
from engine.game import Event, HandState
from engine.match import Match
from engine.registry import game_spec
from i18n import LANGUAGES, N_

log = logging.getLogger(__name__)

BUSY_MESSAGE: Final = N_("This table is busy with another move just now. Please try again.")
RACE_MESSAGE: Final = N_(
    "Someone else acted at this table at the same moment, so nothing was changed. Please try again."
)


def _random_seed() -> int:
    return secrets.randbits(63)


@dataclass(frozen=True, slots=True)
class TableUpdate:
    """A committed change to a running table and the public story of it."""

    record: TableRecord
    match: Match
    story: Narration
    finished_hands: tuple[HandState[Any], ...] = ()
    """Hands that ended in this update, oldest first, for end-of-hand pictures."""
    actor_id: int | None = None
    """The user whose interaction made this update; their reply already shows the result."""
    untold: Narration | None = None
    """What of ``story`` is not yet committed as :class:`News` (None: all of it). A news
    entry is never changed once committed: a worker may be publishing it already."""

    @property
    def meta(self) -> TableMeta:
        return TableMeta.from_json(self.record.meta)


class TableCore(MatchOverListeners):
    """The store and the service's settings, a lock per table, and reading and writing one
    table under its lock."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock = utc_now,
        lobby_timeout: timedelta = timedelta(minutes=15),
        new_seed: Callable[[], int] = _random_seed,
    ) -> None:
        self.store = store
        self._clock = clock
        self._lobby_timeout = lobby_timeout
        self._new_seed = new_seed
        self._locks: dict[int, asyncio.Lock] = {}
        self._match_over = []

    @contextlib.asynccontextmanager
    async def _lock(self, table_id: int) -> AsyncIterator[None]:
        """One request for a table at a time: in this process, then across every process
        sharing the store (on PostgreSQL an interaction for a table may reach any of them).
        A table another process keeps busy too long (a long run of computer moves) is a
        polite refusal, not a failure."""
        async with contextlib.AsyncExitStack() as held:
            await held.enter_async_context(self._locks.setdefault(table_id, asyncio.Lock()))
            try:
                await held.enter_async_context(self.store.hold_table(table_id))
            except TimeoutError:
                raise UserError(BUSY_MESSAGE) from None
            yield

    def _forget(self, table_id: int) -> None:
        """Drop a closed table's lock; a late waiter still holds its own reference."""
        self._locks.pop(table_id, None)

    # ------------------------------------------------------------------ reading

    async def table(self, table_id: int) -> TableRecord:
        record = await self.store.get_table(table_id)
        if record is None:
            raise TableClosedError(N_("That table does not exist."))
        return record

    async def table_in_channel(
        self, channel_id: int, user_id: int | None = None
    ) -> TableRecord | None:
        """The open table a command in the channel is about: the one ``user_id`` sits
        at when several share it (a tournament's tables played as messages), else the
        channel's own, else its oldest."""
        tables = await self.store.open_tables_in_channel(channel_id)
        seated = [t for t in tables if user_id is not None and seat_of(t, user_id) is not None]
        found = seated or tables
        return found[0] if found else None

    def now(self) -> datetime:
        """The service's clock (the one its deadlines are set by)."""
        return self._clock()

    async def snapshot(self, table_id: int) -> tuple[TableRecord, Match | None]:
        """The table as committed, with its match once started (public use only)."""
        record = await self.table(table_id)
        return record, (None if record.state is None else Match.from_json(record.state))

    async def set_message(self, table_id: int, message_id: int) -> TableRecord:
        """Remember the channel message that shows the table."""
        async with self._lock(table_id):
            record = await self.table(table_id)
            return await self.store.update_table(table_id, record.version, message_id=message_id)

    async def _load_lobby(
        self, table_id: int, started: str = N_("This table has already started.")
    ) -> TableRecord:
        record = await self.table(table_id)
        if record.status is TableStatus.PLAYING:
            raise UserError(started)
        if record.status is not TableStatus.LOBBY:
            raise closed_error(record)
        return record

    async def _load_playing(self, table_id: int) -> TableRecord:
        record = await self.table(table_id)
        check_in_play(record)
        return record

    @staticmethod
    def _options(record: TableRecord) -> TableSettings:
        return table_settings(record)

    @staticmethod
    def _meta(record: TableRecord) -> TableMeta:
        return TableMeta.from_json(record.meta)

    # ------------------------------------------------------------------ writing

    async def _update(self, record: TableRecord, **changes: Any) -> TableRecord:
        """Write a change; one to a started table is for players to see (published)."""
        publish = record.state is not None or changes.get("state") is not None
        try:
            return await self.store.update_table(
                record.id, record.version, publish=publish, **changes
            )
        except StaleVersionError as exc:
            raise UserError(RACE_MESSAGE) from exc
        except TableStateError as exc:
            raise TableClosedError(N_("This table is closed.")) from exc

    async def seen(self, record: TableRecord, user_id: int, locale: str | None) -> TableRecord:
        """Keep the player's Discord language on their seat, as seen on a request that
        changes nothing else (showing their hand, picking a tile): written only when it
        changed, so most requests write nothing."""
        if seen_in(record, user_id, locale) is None:
            return record
        async with self._lock(record.id):
            current = await self.store.get_table(record.id)
            seats = None if current is None else seen_in(current, user_id, locale)
            if current is None or seats is None:
                return record
            try:
                return await self.store.update_table(current.id, current.version, seats=seats)
            except (StaleVersionError, TableStateError):
                return record  # another write won: the language is kept next time

    async def _edit_meta(
        self,
        table_id: int,
        edit: Callable[[TableRecord, TableMeta], TableMeta | None],
        attempts: int = 1,
    ) -> TableRecord | None:
        """Bookkeeping beside the game: commit ``edit``'s new meta for the table as it is
        now. Returns the written record, or None when ``edit`` declined (None), the table
        is gone or closed, or another write won every attempt."""
        async with self._lock(table_id):
            for _ in range(attempts):
                record = await self.store.get_table(table_id)
                if record is None:
                    return None
                meta = edit(record, self._meta(record))
                if meta is None:
                    return None
                try:
                    return await self.store.update_table(
                        table_id, record.version, meta=meta.to_json()
                    )
                except StaleVersionError:
                    continue
                except TableStateError:
                    return None
            return None

    def _timed(self, record: TableRecord, match: Match, meta: TableMeta) -> TableMeta:
        """``meta`` with the turn's deadline (None when nobody is waited for) and, for a
        long turn, when its player is reminded."""
        seat = match.hand.current_player
        if match.is_over or seat is None or computer_plays(record, meta, seat):
            return replace(meta, deadline=None, remind_at=None)
        seconds = self._options(record).turn_seconds
        deadline = self._clock() + timedelta(seconds=seconds)
        lead = reminder_lead(seconds)
        return replace(meta, deadline=deadline, remind_at=None if lead is None else deadline - lead)

    async def _commit(
        self,
        update: TableUpdate,
        meta: TableMeta,
        seat: int,
        move: str,
        events: Sequence[Event],
        answer: Callable[[TableUpdate], JsonObject] | None = None,
        seats: Sequence[Seat] | None = None,
    ) -> TableUpdate:
        """Commit one applied move with the version it was loaded at, then record the
        result if it ended the match (:class:`StaleVersionError` if the version moved).
        ``answer``: see :meth:`~bot.tables.play.Play.play`; ``seats``: the seats, when a
        player's language changed on them (written in the same commit)."""
        record, match = update.record, update.match
        story = narrate(
            adapter_for(record.game).narrate,
            events,
            seat_names(record),
            match.target,
            words_for(game_spec(record.game)),
            text=table_text(record),
            readers=lambda seat: seat_text(record, seat),
        )
        finished = tuple(
            hand
            for hand in (match.last_hand,)
            if hand is not None and any(e.kind == "hand_over" for e in events)
        )
        hand_number = next(
            (int(e.detail["hand_number"]) for e in events if e.kind == "hand_over"),
            match.hand_number,
        )
        others = (language for language in LANGUAGES if language != story.text.language)
        meta = replace(meta, turn=meta.turn + 1, actor=update.actor_id)
        meta = meta.with_log(story.log, story.told_in(others))
        meta = self._timed(record, match, meta)
        merged = Narration()
        merged.extend(update.story)
        merged.extend(story)
        fresh = Narration()
        fresh.extend(update.story if update.untold is None else update.untold)
        fresh.extend(story)
        told = Publication.from_json(record.publication).news_sent
        news = tuple(old for old in meta.news if old.id > told)
        if fresh.announcements or finished or fresh.hand_dealt:
            item = News(
                meta.turn,
                tuple(fresh.announcements),
                finished[-1].to_json() if finished else None,
                fresh.hand_dealt,
            )
            news = (*news, item)
        meta = replace(meta, news=news)
        ticket = None
        if answer is not None:  # as the commit will have it (a won match: finished)
            status = TableStatus.FINISHED if match.is_over else record.status
            committed = replace(record, status=status, meta=meta.to_json())
            if seats is not None:
                committed = replace(committed, seats=tuple(seats))
            finished_hands = update.finished_hands + finished
            ticket = answer(TableUpdate(committed, match, merged, finished_hands, update.actor_id))
        ending = match.is_over  # then the result's commit shows the move with it
        try:
            record = await self.store.commit_move(
                record.id,
                record.version,
                hand_number=hand_number,
                seat=seat,
                notation=move,
                state=match.to_json(),
                meta=meta.to_json(),
                answer=None if ending else ticket,
                publish=not ending,
                seats=seats,
            )
        except TableStateError as exc:
            raise TableClosedError(N_("This table is closed.")) from exc
        log.info("table %d: seat %d played %s", record.id, seat, move)
        by = "computer" if record.seats[seat].is_bot or seat in meta.autopilot else "person"
        PLAYS.labels(record.game, move_kind(move), by).inc()
        update = TableUpdate(
            record, match, merged, update.finished_hands + finished, update.actor_id, Narration()
        )
        return await self._finish(update, ticket) if ending else update

    async def _finish(
        self, update: TableUpdate, answer: Mapping[str, Any] | None = None
    ) -> TableUpdate:
        """Record a finished match: result lines, standings, and the table's final state
        (``answer``: the winning move's interaction ticket, for the job showing both)."""
        record, match = update.record, update.match
        lines, combine = result_lines(record, match)
        winner = match.winner
        winner_user = None if winner is None else record.seats[winner].user_id
        try:
            record = await self.store.finish_match(
                record.id,
                record.version,
                state=match.to_json(),
                result=lines,
                winner_user_id=winner_user,
                winner_seat=winner,
                combine=combine,
                answer=answer,
            )
        except (StaleVersionError, TableStateError):
            log.warning("table %d: the result was recorded elsewhere", record.id)
            return update
        self._forget(record.id)
        log.info("table %d: match over, seat %s won", record.id, winner)
        await self._tell_match_over(record)
        return replace(update, record=record)
