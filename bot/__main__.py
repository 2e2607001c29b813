"""``python -m bot``: read the settings, set up logging and run until stopped.

Configuration mistakes end with one clear line on stderr and exit status 2, never a
traceback: a missing or malformed token, a bad setting, a database that cannot be
opened or reached, a Discord (or proxy) that cannot be reached, or a token Discord rejects.

``python -m bot worker`` runs publish jobs only, for a bot on PostgreSQL (``bot.app.worker``).
``python -m bot migrate-to-postgres`` copies a SQLite store into PostgreSQL (``bot.app.migrate``);
``python -m bot demo`` writes the README's pictures (``bot.app.demo``); ``python -m bot replay
<database> <table>`` writes a table's replays (``bot.replays.export``). None needs a token.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import sys

import aiohttp
import asyncpg
import discord
from pydantic import ValidationError

from bot.app.client import DominoBot, point_at
from bot.app.settings import Settings, describe_error

CONFIG_ERROR = 2


def _fail(message: str) -> int:
    print(f"domino-tables: {message}", file=sys.stderr)
    return CONFIG_ERROR


def _skip_voice_warnings(record: logging.LogRecord) -> bool:
    """The bot never joins voice, so discord.py's missing-voice-library warnings are noise."""
    return "voice will NOT be supported" not in record.getMessage()


def _check_database(settings: Settings) -> str | None:
    """Open (creating) the SQLite file, or connect to PostgreSQL, once, so an unusable
    database fails before login."""
    if settings.database_url is not None:
        return asyncio.run(_check_postgres(settings))
    path = settings.database_path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        sqlite3.connect(path).close()
    except (OSError, sqlite3.Error) as exc:
        return f"cannot open DATABASE_PATH {path}: {exc}"
    return None


async def _check_postgres(settings: Settings) -> str | None:
    try:
        conn = await asyncpg.connect(str(settings.database), timeout=10)
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        return f"cannot reach DATABASE_URL {settings.database_name}: {exc}"
    await conn.close()
    return None


def _run_worker(settings: Settings) -> int:
    from bot.app.worker import run_worker

    try:
        asyncio.run(run_worker(settings))
    except discord.LoginFailure:
        return _fail("Discord rejected DISCORD_TOKEN (401 Unauthorized): check the bot token.")
    except aiohttp.ClientConnectionError as exc:
        return _fail(f"cannot reach Discord at {settings.discord_api_base}: {exc}")
    return 0


def main() -> int:
    if sys.argv[1:2] == ["migrate-to-postgres"]:
        from bot.app.migrate import main as migrate

        return migrate(sys.argv[2:])
    if sys.argv[1:2] == ["demo"]:
        from bot.app.demo import main as demo

        return demo(sys.argv[2:])
    if sys.argv[1:2] == ["replay"]:
        from bot.replays.export import main as replay

        return replay(sys.argv[2:])
    worker = sys.argv[1:2] == ["worker"]
    try:
        settings = Settings()  # type: ignore[call-arg]  # fields come from the environment
    except ValidationError as exc:
        return _fail(describe_error(exc))
    if worker and settings.database_url is None:
        return _fail("a worker shares the bot's jobs through PostgreSQL: set DATABASE_URL.")
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    # discord.py's and aiosqlite's DEBUG output includes raw payloads and SQL parameters,
    # which hold players' hidden tiles: those loggers never go below INFO.
    quiet = max(logging.INFO, logging.getLevelNamesMapping()[settings.log_level])
    for name in ("discord", "aiosqlite", "asyncpg", "pgqueuer"):
        logging.getLogger(name).setLevel(quiet)
    logging.getLogger("discord.client").addFilter(_skip_voice_warnings)
    problem = _check_database(settings)
    if problem is not None:
        return _fail(problem)
    point_at(settings)
    if worker:
        return _run_worker(settings)
    bot = DominoBot(settings)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except discord.LoginFailure:
        return _fail("Discord rejected DISCORD_TOKEN (401 Unauthorized): check the bot token.")
    except discord.PrivilegedIntentsRequired:
        return _fail("Discord refused the gateway intents this bot asked for.")
    except aiohttp.ClientConnectionError as exc:
        return _fail(f"cannot reach Discord at {settings.discord_api_base}: {exc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
