"""What a publish job's NOTIFY costs PostgreSQL per job-taking process that LISTENs.

A job NOTIFYs only its partition's channel (``bot/publishing/jobs/leases.py``), so only the
partition's holder is woken in Python. PostgreSQL itself (up to version 18) still signals
every session of the database that LISTENs on any channel, and each checks the channel
names: this measures that remainder. A throwaway local PostgreSQL server (default
durability); N sessions each LISTEN on a channel of its own, and one session sends
``--notifies`` NOTIFYs to channels nobody listens to; prints the server's CPU microseconds
(``/proc``, every server process) per NOTIFY for each N, twice. Asserts nothing.

Run: .venv/bin/python bench/bench_notify.py [--listeners 1 8] [--notifies 3000]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from process_cpu import pids_with_args, tree_cpu_seconds  # beside this file

from tests.postgres_server import PostgresServer


def server_cpu(server: PostgresServer) -> float:
    """CPU seconds of the server's main process and its backends."""
    main = min(pids_with_args("postgres", f"-p {server.port}"))
    return tree_cpu_seconds([main])[0]


async def measure(server: PostgresServer, listeners: int, notifies: int) -> float:
    """Server CPU microseconds per NOTIFY while ``listeners`` sessions LISTEN elsewhere."""
    url = server.url()
    sender = await asyncpg.connect(url)
    sessions: list[asyncpg.Connection[Any]] = []
    try:
        for n in range(listeners):
            session = await asyncpg.connect(url)
            await session.add_listener(f"listening_{n}", lambda *_: None)
            sessions.append(session)
        before = server_cpu(server)
        for n in range(notifies):
            await sender.execute("SELECT pg_notify($1, '')", f"nobody_{n % 8}")
        await asyncio.sleep(0.5)  # the signalled sessions have caught up
        return (server_cpu(server) - before) * 1e6 / notifies
    finally:
        for session in [sender, *sessions]:
            await session.close()


async def run(counts: list[int], notifies: int) -> None:
    with PostgresServer(durable=True) as server:
        conn = await asyncpg.connect(server.url())
        print(f"PostgreSQL {await conn.fetchval('SHOW server_version')}, {notifies} NOTIFYs")
        await conn.close()
        for _ in range(2):
            for count in counts:
                cost = await measure(server, count, notifies)
                print(f"  {count} listening session(s): {cost:6.1f} µs of server CPU a NOTIFY")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listeners", type=int, nargs="+", default=[1, 8])
    parser.add_argument("--notifies", type=int, default=3000)
    args = parser.parse_args()
    asyncio.run(run(args.listeners, args.notifies))


if __name__ == "__main__":
    main()
