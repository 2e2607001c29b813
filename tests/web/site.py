"""The real bot serving its web page beside itself, against the fake Discord, and the
links people open: personal (a seat), spectator, and the bad ones a page must refuse.

Links are minted with the bot's own :class:`~bot.web.tokens.Signer` and the secret the
test gave the process (``WEB_SECRET``), exactly as the bot signs the links it hands out.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Final

from bot.web.tokens import Signer, table_link
from engine.match import Match
from tests.bot.e2e.conftest import Club
from tests.bot.e2e.harness import TableDriver, start_bot
from tests.fakediscord import BotLauncher, BotProcess, User

SECRET: Final = "a web secret for the browser tests only"
LIFE: Final = timedelta(hours=1)
TABLE_ID: Final = re.compile(r" · table (\d+) · ")


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now, kept by the test across the bot's restarts (the
    pages reconnect to the same address)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Site:
    """The bot's web page at ``base`` and the links to it."""

    base: str
    signer: Signer
    process: BotProcess

    def seat_link(self, user: User, table_id: int, *, life: timedelta = LIFE) -> str:
        """``user``'s personal link to ``table_id`` (a seat if they hold one)."""
        token = self.signer.seat_link_token(user.id, table_id, datetime.now(UTC), life)
        return table_link(self.base, table_id, token)

    def watch_link(self, table_id: int) -> str:
        """The spectator link: what the channel sees."""
        token = self.signer.watch_link_token(table_id, datetime.now(UTC), LIFE)
        return table_link(self.base, table_id, token)

    def expired_link(self, user: User, table_id: int) -> str:
        """A personal link signed two hours ago for one hour."""
        then = datetime.now(UTC) - timedelta(hours=2)
        token = self.signer.seat_link_token(user.id, table_id, then, LIFE)
        return table_link(self.base, table_id, token)

    def forged_link(self, user: User, table_id: int) -> str:
        """A personal link signed with another secret."""
        other = Signer("not the bot's secret, guessed by someone")
        token = other.seat_link_token(user.id, table_id, datetime.now(UTC), LIFE)
        return table_link(self.base, table_id, token)


async def start_site(club: Club, launcher: BotLauncher, seed: str, **env: str) -> Site:
    """``python -m bot`` in the club with its web page on a free port of 127.0.0.1,
    dealing from ``seed``."""
    port = free_port()
    process = await start_bot(
        club.fake,
        launcher,
        club.db_path,
        club.guild,
        WEB_PORT=str(port),
        WEB_HOST="127.0.0.1",
        WEB_SECRET=SECRET,
        WEB_PUBLIC_URL=f"http://127.0.0.1:{port}",
        DEAL_SEED=seed,
        **env,
    )
    return Site(f"http://127.0.0.1:{port}", Signer(SECRET), process)


def table_id(table: TableDriver) -> int:
    """The table's number, from its channel message."""
    found = TABLE_ID.search(table.table().text)
    assert found, table.table().text
    return int(found.group(1))


def stored_moves(db_path: Path, table: int) -> list[tuple[int, int, str]]:
    """The table's move log in the bot's SQLite store: (hand, seat, move) in order."""
    with contextlib.closing(sqlite3.connect(db_path)) as db:
        rows = db.execute(
            "SELECT hand_number, seat, notation FROM moves WHERE table_id = ? ORDER BY seq",
            (table,),
        ).fetchall()
    return [(int(hand), int(seat), str(move)) for hand, seat, move in rows]


def stored_table(db_path: Path, table: int) -> tuple[int, Match | None]:
    """The table's version and match as the bot's SQLite store holds them now."""
    with contextlib.closing(sqlite3.connect(db_path)) as db:
        version, state = db.execute(
            "SELECT version, state FROM tables WHERE id = ?", (table,)
        ).fetchone()
    return int(version), None if not state else Match.from_json(json.loads(state))


def stored_turn(db_path: Path, table: int) -> int:
    """The table's turn counter (the moves committed so far), as the store holds it."""
    with contextlib.closing(sqlite3.connect(db_path)) as db:
        (meta,) = db.execute("SELECT meta FROM tables WHERE id = ?", (table,)).fetchone()
    return int(json.loads(meta).get("turn", 0))
