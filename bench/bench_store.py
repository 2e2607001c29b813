"""Store speed: milliseconds per committed move (commit_move with a ~20 KB JSON state),
and per interaction claimed (what every interaction waits for before its handler; a
replay's refused claim too), on SQLite (a WAL file) and on PostgreSQL, in the same run.

PostgreSQL is the server at ``--database-url`` (its database must be empty, or new), or
else a throwaway local one started for the run (``scripts/postgres.sh`` installs it), with
its default durability (fsync on), as a production server would run.
Prints median and p95 for each; asserts nothing (target: median ≤ 2 ms on SQLite).
Run: .venv/bin/python bench/bench_store.py [--moves N] [--claims N] [--state-kb K]
     [--backend both]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from intervals import percentile  # beside this file: bench/ is on the path

from bot.store import Seat, Store, TableStatus
from bot.store.codec import encode_json
from tests.postgres_server import PostgresServer

TILES = [[a, b] for a in range(13) for b in range(a, 13)]  # a double-twelve set


def match_state(rng: random.Random, turn: int, target_bytes: int) -> dict[str, Any]:
    """A match state shaped like the engine's: hands, layout, history, scores.

    The history grows until the encoded state reaches about ``target_bytes``.
    """
    tiles = TILES[:]
    rng.shuffle(tiles)
    state: dict[str, Any] = {
        "game": "network",
        "version": 1,
        "target": 150,
        "hand_number": 1 + turn // 40,
        "totals": [rng.randrange(200) for _ in range(4)],
        "hand": {
            "seed": rng.randrange(2**62),
            "current_player": turn % 4,
            "hands": [tiles[i * 15 : (i + 1) * 15] for i in range(4)],
            "boneyard": tiles[60:],
            "layout": {
                "placements": [
                    {
                        "tile": tile,
                        "x": rng.randrange(-20, 20),
                        "y": rng.randrange(-20, 20),
                        "direction": rng.choice("NESW"),
                        "by": n % 4,
                    }
                    for n, tile in enumerate(tiles[:24])
                ],
                "open_ends": [[rng.randrange(13), rng.randrange(-20, 20)] for _ in range(6)],
            },
            "passed": [False, True, False, False],
            "stats": [{"rings": rng.randrange(4), "draws": rng.randrange(9)} for _ in range(4)],
        },
        "results": [],
        "history": [],
    }
    n = 0
    while len(encode_json(state).encode()) < target_bytes:
        state["history"].append(
            {
                "turn": n,
                "seat": n % 4,
                "move": f"{rng.randrange(13)}-{rng.randrange(13)}@N3",
                "at": "2025-03-01T12:00:00.000000+00:00",
            }
        )
        n += 1
    return state


async def time_moves(target: str | Path, states: list[dict[str, Any]], moves: int) -> list[float]:
    """Milliseconds for each of ``moves`` commits, after 20 that warm caches."""
    async with Store.open(target) as store:
        seats = [Seat(1000 + i, f"player {i}") for i in range(3)]
        seats.append(Seat(None, "computer", True, "hard"))
        table = await store.create_table(1, 2, 1000, "network", {"target": 150}, seats)
        table = await store.update_table(table.id, 0, status=TableStatus.PLAYING, state=states[0])
        timings: list[float] = []
        for turn in range(moves + 20):  # the first 20 warm caches and are discarded
            began = time.perf_counter()
            table = await store.commit_move(
                table.id,
                table.version,
                hand_number=1 + turn // 40,
                seat=turn % 4,
                notation=f"{turn % 13}-{(turn * 7) % 13}",
                state=states[turn % len(states)],
            )
            timings.append((time.perf_counter() - began) * 1000)
        if len(await store.moves(table.id)) != moves + 20:
            raise SystemExit("the move log lost moves")
    return timings[20:]


async def time_claims(target: str | Path, claims: int) -> tuple[list[float], list[float]]:
    """Milliseconds for each of ``claims`` interaction claims, one at a time, then for
    each refused claim of the same ids again (replays), after 20 that warm caches."""
    first = 1_300_000_000_000_000_000  # a snowflake; later ones are larger, as Discord's
    ids = [first + (n << 22) for n in range(claims + 20)]
    async with Store.open(target) as store:
        timings: dict[bool, list[float]] = {True: [], False: []}
        for expected in (True, False):
            for interaction_id in ids:
                began = time.perf_counter()
                if await store.claim_interaction(interaction_id) is not expected:
                    raise SystemExit(f"claim of {interaction_id} was not {expected}")
                timings[expected].append((time.perf_counter() - began) * 1000)
    return timings[True][20:], timings[False][20:]


@contextmanager
def postgres(url: str | None) -> Iterator[str]:
    """The given server, or a throwaway one with PostgreSQL's default durability."""
    if url is not None:
        yield url
        return
    with PostgresServer(durable=True) as server:
        yield server.url()


def print_line(name: str, timings: list[float]) -> None:
    print(
        f"  {name:<28} median {statistics.median(timings):6.3f} ms   "
        f"p95 {percentile(timings, 0.95):6.3f} ms   max {max(timings):6.3f} ms"
    )


async def run(moves: int, claims: int, state_kb: int, backend: str, url: str | None) -> None:
    rng = random.Random(7)
    states = [match_state(rng, turn, state_kb * 1024) for turn in range(32)]
    size = statistics.fmean(len(encode_json(s).encode()) for s in states)
    print(f"commit_move, ~{size / 1024:.1f} KB state, {moves} moves a backend;")
    print(f"claim_interaction, {claims} new ids then the same again (replays refused)")
    if backend in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as tmp:
            print_line("SQLite (WAL file)", await time_moves(Path(tmp) / "bench.db", states, moves))
            claimed, refused = await time_claims(Path(tmp) / "bench.db", claims)
            print_line("SQLite claim", claimed)
            print_line("SQLite replay refused", refused)
    if backend in ("postgresql", "both"):
        with postgres(url) as target:
            print_line("PostgreSQL (asyncpg pool)", await time_moves(target, states, moves))
            claimed, refused = await time_claims(target, claims)
            print_line("PostgreSQL claim", claimed)
            print_line("PostgreSQL replay refused", refused)
    print("  target: median ≤ 2 ms (SQLite)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=400, help="moves to time (default 400)")
    parser.add_argument(
        "--claims", type=int, default=1000, help="interactions to claim (default 1000)"
    )
    parser.add_argument("--state-kb", type=int, default=20, help="state size in KB (default 20)")
    parser.add_argument(
        "--backend", choices=("sqlite", "postgresql", "both"), default="both", help="default both"
    )
    parser.add_argument(
        "--database-url", help="an empty PostgreSQL database (default: a throwaway server)"
    )
    args = parser.parse_args()
    asyncio.run(run(args.moves, args.claims, args.state_kb, args.backend, args.database_url))


if __name__ == "__main__":
    main()
