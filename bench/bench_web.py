"""The live page under load: how soon a move reaches every page watching its table, and
what a web process spends on it.

A web process (this script with ``--serve``, started by the script itself) serves N
two-player tables (All Fives, people only) from a SQLite store, or from PostgreSQL with
``--database postgresql`` (a throwaway server). For each table three pages connect its
socket: both players and a spectator, each with its own signed link. Then both players
play their tables to the end (or ``--moves`` plays each) the way the page does: the
player on turn reads their state, asks where a playable tile goes, and posts the first
place (or draws, or passes); every table at once.

Printed: the latency from a move's request to each watching page's update (p50, p95,
max), the web process's CPU seconds per update sent and per move (its drawing included),
and its memory per connected page (resident size after connecting every page, less
before, divided by their number). Loopback only; the clients share the machine's cores.

    .venv/bin/python bench/bench_web.py --tables 50
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from process_cpu import tree_cpu_seconds  # noqa: E402  (beside this file)

SECRET = "bench secret, long enough"
GAME = "all-fives"


# ---------------------------------------------------------------------- the web process


async def _serve(database: str, port: int, tables: int, painters: int) -> None:
    from aiohttp import web

    from bot.publishing import pictures
    from bot.store import Store
    from bot.tables.service import Actor, TableService
    from bot.tables.settings import TableSettings
    from bot.web.access import WebConfig
    from bot.web.api import WebSurface
    from bot.web.hub import ChangeListener, Hub
    from bot.web.links import WebLinks
    from bot.web.scenes import Scenes
    from bot.web.state import States
    from bot.web.tokens import Signer

    painting = pictures.use_processes(painters)  # as the bot draws: RENDER_PROCESSES
    store = await Store.open(database)
    seeds = iter(range(1, 10**6))
    service = TableService(store, new_seed=lambda: next(seeds))
    signer = Signer(SECRET)
    now, life = service.now(), timedelta(hours=2)
    links = []
    for index in range(tables):
        alice, bob = 1000 + 2 * index, 1001 + 2 * index
        settings = TableSettings.build(GAME, seats=2, target=None, turn_seconds=3600, options={})
        record = await service.create(1, 10_000 + index, Actor(alice, f"a{index}"), settings)
        await service.join(record.id, Actor(bob, f"b{index}"))
        await service.start(record.id, Actor(alice, f"a{index}"))
        links.append(
            {
                "table": record.id,
                "players": [
                    signer.seat_link_token(alice, record.id, now, life),
                    signer.seat_link_token(bob, record.id, now, life),
                ],
                "watcher": signer.watch_link_token(record.id, now, life),
            }
        )
    hub = Hub()
    store.on_commit(hub.changed)
    listener = ChangeListener(database, hub) if database.startswith("postgresql") else None
    if listener is not None:
        await listener.start()
    address = WebLinks(signer, f"http://127.0.0.1:{port}", life)
    config = WebConfig(address, "http://127.0.0.1:1", None, lambda: None)
    surface = WebSurface(
        service, config, hub, States(Scenes()), play_inline=True, settle=lambda _: None
    )
    runner = web.AppRunner(surface.app(), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    print(json.dumps(links), flush=True)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    await pictures.stop_processes(painting)
    os._exit(0)  # the pages' sockets end with the process


# ---------------------------------------------------------------------- the pages


@dataclass
class Page:
    """One connected page: its token and the versions it has seen, with when."""

    token: str
    table: int
    seen: dict[int, float] = field(default_factory=dict)
    state: dict[str, Any] | None = None
    updated: asyncio.Event = field(default_factory=asyncio.Event)


async def _watch(
    session: aiohttp.ClientSession, base: str, page: Page, ready: asyncio.Event
) -> None:
    url = f"{base.replace('http', 'ws')}/api/tables/{page.table}/socket"
    async with session.ws_connect(url) as socket:
        await socket.send_json({"token": page.token})
        async for message in socket:
            data = json.loads(message.data)
            if data.get("type") != "state":
                raise RuntimeError(data)
            state = data["state"]
            page.seen.setdefault(state["version"], time.perf_counter())
            page.state = state
            page.updated.set()
            ready.set()


async def _play_table(
    session: aiohttp.ClientSession,
    base: str,
    players: list[Page],
    watcher: Page,
    moves: int,
    latencies: list[float],
    rng: random.Random,
    think: tuple[float, float],
) -> int:
    """Play the table the way its pages would; the latency of each move to every page."""
    made = 0
    pages = [*players, watcher]
    while made < moves:
        state = players[0].state
        if state is None or state["status"] != "playing":
            break
        mover = next(
            (p for p in players if p.state and p.state["you"] and p.state["you"]["on_turn"]),
            None,
        )
        if mover is None:  # a page not yet told: wait for the next update
            players[0].updated.clear()
            await players[0].updated.wait()
            continue
        assert mover.state is not None
        await asyncio.sleep(rng.uniform(*think))  # the player looks before tapping
        you, headers = mover.state["you"], {"Authorization": f"Bearer {mover.token}"}
        playable = [s for s in you["subjects"] if s["playable"]]
        if playable:
            subject = rng.choice(playable)["key"]
            async with session.get(
                f"{base}/api/tables/{mover.table}/places",
                params={"subject": subject},
                headers=headers,
            ) as response:
                move = (await response.json())["targets"][0]["move"]
        else:
            move = you["actions"][0]["move"]
        before = mover.state["version"]
        sent = time.perf_counter()
        async with session.post(
            f"{base}/api/tables/{mover.table}/moves",
            json={"move": move, "turn": mover.state["turn"]},
            headers=headers,
        ) as response:
            if response.status != 200:
                raise RuntimeError(await response.text())
            version = (await response.json())["state"]["version"]
        for page in pages:
            while not any(v > before for v in page.seen):
                page.updated.clear()
                await page.updated.wait()
            latencies.append(min(t for v, t in page.seen.items() if v > before) - sent)
        for page in pages:  # every page at the committed version before the next move
            while version not in page.seen and max(page.seen) < version:
                page.updated.clear()
                await page.updated.wait()
        made += 1
    return made


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def _drive(
    base: str, pid: int, links: list[dict[str, Any]], moves: int, think: tuple[float, float]
) -> None:
    latencies: list[float] = []
    rng = random.Random(7)
    connector = aiohttp.TCPConnector(limit=0)  # every page keeps a socket open
    async with aiohttp.ClientSession(connector=connector) as session:
        rss_before = _rss_kib(pid)
        tables, watchers = [], []
        ready_events = []
        for link in links:
            players = [Page(token, link["table"]) for token in link["players"]]
            watcher = Page(link["watcher"], link["table"])
            tables.append((players, watcher))
            for page in (*players, watcher):
                ready = asyncio.Event()
                ready_events.append(ready)
                watchers.append(asyncio.create_task(_watch(session, base, page, ready)))
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in ready_events)), 600)
        connected = len(ready_events)
        rss_after = _rss_kib(pid)
        cpu_before = tree_cpu_seconds([pid])[0]
        started = time.perf_counter()
        made = await asyncio.gather(
            *(
                _play_table(session, base, players, watcher, moves, latencies, rng, think)
                for players, watcher in tables
            )
        )
        wall = time.perf_counter() - started
        cpu = tree_cpu_seconds([pid])[0] - cpu_before
        for task in watchers:
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*watchers, return_exceptions=True)
    total_moves = sum(made)
    updates = len(latencies)
    ms = sorted(1000 * x for x in latencies)
    print(
        f"{len(links)} tables, {connected} pages connected, {total_moves} moves in {wall:.1f} s "
        f"({total_moves / wall:.1f} a second; players think {think[0]:g}-{think[1]:g} s a move)"
    )
    print(
        f"move to every watching page's update: p50 {statistics.median(ms):.1f} ms, "
        f"p95 {ms[int(0.95 * (len(ms) - 1))]:.1f} ms, max {ms[-1]:.1f} ms ({updates} updates)"
    )
    print(
        f"web process CPU: {1000 * cpu / updates:.2f} ms an update, "
        f"{1000 * cpu / max(1, total_moves):.2f} ms a move (pictures included)"
    )
    print(
        f"memory: {(rss_after - rss_before) / connected:.1f} KiB a connected page "
        f"({rss_before / 1024:.0f} MiB before connecting, {rss_after / 1024:.0f} MiB after)"
    )


@contextlib.contextmanager
def _database(kind: str) -> Iterator[str]:
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield str(Path(folder) / "web.sqlite3")
        return
    from tests.postgres_server import PostgresServer

    with PostgresServer(durable=True) as server:
        yield server.url()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=12, help="plays a table (at most)")
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=(2.0, 8.0),
        metavar=("MIN", "MAX"),
        help="seconds a player looks before each move, drawn evenly (0 0: as fast as it goes)",
    )
    parser.add_argument(
        "--render-processes", type=int, default=1, help="drawing processes (the bot's default: 1)"
    )
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(_serve(args.serve, args.port, args.tables, args.render_processes))
        return
    port = args.port or _free_port()
    with _database(args.database) as database:
        server = subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--serve",
                database,
                "--port",
                str(port),
                "--tables",
                str(args.tables),
                "--render-processes",
                str(args.render_processes),
            ],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        try:
            assert server.stdout is not None
            links = json.loads(server.stdout.readline())
            base = f"http://127.0.0.1:{port}"
            asyncio.run(_drive(base, server.pid, links, args.moves, tuple(args.think)))
        finally:
            server.terminate()
            server.wait(10)


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


if __name__ == "__main__":
    main()
