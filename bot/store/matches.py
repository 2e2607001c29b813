"""The store's finished matches and the standings they add up to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from bot.store.base import Claim, StoreBase, positive
from bot.store.codec import encode_json, encode_object, time_to_text
from bot.store.database import Transaction
from bot.store.errors import TableStateError
from bot.store.records import FinishedMatchRecord, SeatResult, StandingRow, TableRecord, TableStatus
from bot.store.results import (
    StandingsLine,
    check_combine,
    merge_stats,
    resolve_winner,
    standings_lines,
)
from bot.store.rows import from_row, stats_from_text


class StoreMatches(StoreBase):
    """A match's result, recorded in the commit that finishes its table, and the league
    tables (standings) it updates in that same commit."""

    async def finish_match(
        self,
        table_id: int,
        expected_version: int,
        *,
        state: Mapping[str, Any],
        result: Sequence[SeatResult],
        winner_user_id: int | None,
        winner_seat: int | None = None,
        combine: Mapping[str, str] | None = None,
        answer: Mapping[str, Any] | None = None,
    ) -> TableRecord:
        """Atomically finish a playing table, record its result and update standings
        (``answer``: the interaction of the move that won, for the job that shows both).

        Every human seat gets played +1 and points += total, and its ``stats`` are merged
        into the row's: ``combine[name]`` is ``"sum"`` (add) or ``"max"`` (keep the
        larger); a stat missing from ``combine`` is summed. The winner also gets won +1.
        A user holding several seats counts once, the seats merged by the same rules.
        Computer seats are recorded in the result but never enter standings.
        ``winner_seat`` is derived from ``winner_user_id`` when omitted (pass it
        explicitly when a computer wins).
        """
        rules = check_combine(combine)
        winner_seat, winner_user_id = resolve_winner(result, winner_user_id, winner_seat)
        lines = standings_lines(result, winner_user_id, rules)
        result_json = encode_json([line.to_json() for line in result])
        state_json = encode_object(state)
        async with self._db.transaction() as db:
            claim = await self._claim(db, table_id, expected_version)
            if claim.status is not TableStatus.PLAYING:
                raise TableStateError(table_id, claim.status.value, "finish the match")
            row = await self._bump(
                db, claim, [("status", TableStatus.FINISHED.value), ("state", state_json)]
            )
            now = row["updated_at"]
            await db.execute(
                "INSERT INTO finished_matches (table_id, guild_id, game, finished_at, result,"
                " winner_user_id, winner_seat) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    claim.guild_id,
                    claim.game,
                    now,
                    result_json,
                    winner_user_id,
                    winner_seat,
                ),
            )
            await self._add_standings(db, claim, lines, rules, now)
            job = await self._name_job(db, row, answer)
        return self._committed(row, job)

    async def finished_matches(
        self,
        guild_id: int,
        game: str,
        *,
        after: datetime | None = None,
        before: datetime | None = None,
    ) -> list[FinishedMatchRecord]:
        """One game's finished matches in a guild, finished strictly between ``after`` and
        ``before`` (either may be open), in the order they finished (ties by id): the
        history a league rating is replayed from, the same list every time it is asked."""
        sql = (
            "SELECT id, table_id, guild_id, game, finished_at, result, winner_user_id,"
            " winner_seat FROM finished_matches WHERE guild_id = ? AND game = ?"
        )
        params: list[object] = [guild_id, game]
        if after is not None:
            sql += " AND finished_at > ?"
            params.append(time_to_text(after))
        if before is not None:
            sql += " AND finished_at < ?"
            params.append(time_to_text(before))
        rows = await self._fetch(sql + " ORDER BY finished_at, id", params)
        return [from_row(FinishedMatchRecord, row) for row in rows]

    async def standings(self, guild_id: int, game: str, limit: int = 20) -> list[StandingRow]:
        """One game's league table: most wins, then most points, then fewest matches played."""
        rows = await self._fetch(
            "SELECT guild_id, game, user_id, name, matches_played, matches_won, points,"
            " stats, updated_at FROM standings WHERE guild_id = ? AND game = ?"
            " ORDER BY matches_won DESC, points DESC, matches_played ASC, user_id ASC LIMIT ?",
            (guild_id, game, positive(limit)),
        )
        return [from_row(StandingRow, row) for row in rows]

    async def standings_games(self, guild_id: int) -> list[str]:
        """The games with standings in this guild, most recently updated first."""
        rows = await self._fetch(
            "SELECT game FROM standings WHERE guild_id = ?"
            " GROUP BY game ORDER BY MAX(updated_at) DESC, game ASC",
            (guild_id,),
        )
        return [str(row["game"]) for row in rows]

    async def _add_standings(
        self,
        db: Transaction,
        claim: Claim,
        lines: Sequence[StandingsLine],
        rules: Mapping[str, str],
        now: str,
    ) -> None:
        """Add one match's lines to the standings, inside the caller's write transaction.

        SQL cannot merge JSON maps by rule, so the current stats are read here, under the
        guild and game's lock, and the merged maps written back with the counters.
        """
        if not lines:
            return
        await db.serialize(f"standings:{claim.guild_id}:{claim.game}")
        users = [line.user_id for line in lines]
        existing = await db.fetch(
            "SELECT user_id, stats FROM standings WHERE guild_id = ? AND game = ?"
            f" AND user_id IN ({', '.join('?' * len(users))})",
            (claim.guild_id, claim.game, *users),
        )
        stats_before = {row["user_id"]: stats_from_text(row["stats"]) for row in existing}
        await db.executemany(
            "INSERT INTO standings (guild_id, game, user_id, name, matches_played,"
            " matches_won, points, stats, updated_at)"
            " VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
            " name = excluded.name,"
            " matches_played = standings.matches_played + 1,"
            " matches_won = standings.matches_won + excluded.matches_won,"
            " points = standings.points + excluded.points,"
            " stats = excluded.stats,"
            " updated_at = excluded.updated_at",
            [
                (
                    claim.guild_id,
                    claim.game,
                    line.user_id,
                    line.name,
                    line.won,
                    line.points,
                    encode_json(merge_stats(stats_before.get(line.user_id, {}), line.stats, rules)),
                    now,
                )
                for line in lines
            ],
        )
