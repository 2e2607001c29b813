"""League ratings: the worked examples of docs/rating.md, and how long a replay takes.

First the numbers the rating page quotes (one two-player win between new players, a
four-player match, what one win is worth as it ages in a game that fades over 365 days).
Then the time to rebuild a guild's ratings from N stored four-player matches among 40
people: the replay alone, and ``league_ratings`` on a SQLite store (read, decode, replay),
as ``/standings`` does it (``/ranking`` does it twice). Prints medians; asserts nothing.
Run: .venv/bin/python bench/bench_rating.py [--matches 100 1000 10000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.league.rating import MODEL, PlayerRating, league_ratings, replay
from bot.store import FinishedMatchRecord, SeatResult, Store
from bot.store.codec import time_to_text
from engine.registry import GAMES

START = datetime(2026, 1, 1, tzinfo=UTC)
PEOPLE = 40
SEATS = 4


def record(number: int, at: datetime, order: list[int]) -> FinishedMatchRecord:
    lines = tuple(
        SeatResult(seat, user, f"p{user}", False, 100 - 10 * seat)
        for seat, user in enumerate(order)
    )
    return FinishedMatchRecord(number, number, 1, "network", at, lines, order[0], 0)


def shown(rating: PlayerRating) -> str:
    return f"μ {rating.mu:.3f}, σ {rating.sigma:.3f}, shown {rating.display}"


def worked_examples() -> None:
    print("Worked examples (openskill Plackett–Luce, defaults; shown = 1000 + 20 × (μ − 3σ))")
    fresh = PlayerRating(0, "new", MODEL.mu, MODEL.sigma, 0)
    print(f"  a new player:                 {shown(fresh)}")
    two = replay([record(1, START, [1, 2])], as_of=START + timedelta(days=1))
    print(f"  first match, 2 players, won:  {shown(two[1])}")
    print(f"  first match, 2 players, lost: {shown(two[2])}")
    four = replay([record(1, START, [1, 2, 3, 4])], as_of=START + timedelta(days=1))
    for place, user in enumerate((1, 2, 3, 4), start=1):
        print(f"  first match, 4 players, #{place}:   {shown(four[user])}")
    print("One two-player win between new players, in a game whose results fade over 365 days:")
    for days in (0, 91.25, 182.5, 273.75, 364, 365):
        as_of = START + timedelta(days=days)
        rated = replay(
            [record(1, START - timedelta(microseconds=1), [1, 2])], as_of=as_of, fade_days=365
        )
        winner = f"winner {shown(rated[1])}" if rated else "no rating left"
        print(f"  {days:>7} days old: {winner}")


def history(matches: int) -> list[FinishedMatchRecord]:
    """``matches`` four-player matches among ``PEOPLE`` people, one every few hours."""
    rng = random.Random(matches)
    return [
        record(n + 1, START + timedelta(hours=3 * n), rng.sample(range(1, PEOPLE + 1), SEATS))
        for n in range(matches)
    ]


def write_store(path: Path, records: list[FinishedMatchRecord]) -> None:
    """The rows ``finish_match`` would have written, inserted in bulk (faster to set up)."""
    with closing(sqlite3.connect(path)) as db, db:
        db.executemany(
            "INSERT INTO tables (id, guild_id, channel_id, creator_id, game, status, settings,"
            " seats, meta, created_at, updated_at) VALUES (?, 1, ?, 1, 'network', 'finished',"
            " '{}', '[]', '{}', ?, ?)",
            [
                (r.id, r.id, time_to_text(r.finished_at), time_to_text(r.finished_at))
                for r in records
            ],
        )
        db.executemany(
            "INSERT INTO finished_matches (table_id, guild_id, game, finished_at, result,"
            " winner_user_id, winner_seat) VALUES (?, 1, 'network', ?, ?, ?, 0)",
            [
                (
                    r.id,
                    time_to_text(r.finished_at),
                    json.dumps([line.to_json() for line in r.result]),
                    r.winner_user_id,
                )
                for r in records
            ],
        )


def median_ms(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        run()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


async def timings(sizes: list[int], repeat: int) -> None:
    print(f"Rebuilding a guild's ratings ({SEATS}-player matches among {PEOPLE} people), median:")
    print(f"  {'matches':>8} {'replay ms':>10} {'from SQLite ms':>15}")
    spec = GAMES["network"]
    for size in sizes:
        records = history(size)
        as_of = records[-1].finished_at + timedelta(hours=1)
        replay_ms = median_ms(partial(replay, records, as_of=as_of), repeat)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "bench.sqlite3"
            async with Store.open(path):
                pass  # creates the schema
            write_store(path, records)
            async with Store.open(path) as store:
                times = []
                for _ in range(repeat):
                    began = time.perf_counter()
                    await league_ratings(store, 1, spec, as_of)
                    times.append((time.perf_counter() - began) * 1000)
        print(f"  {size:>8} {replay_ms:>10.1f} {statistics.median(times):>15.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    worked_examples()
    asyncio.run(timings(args.matches, args.repeat))


if __name__ == "__main__":
    main()
