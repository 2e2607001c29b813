"""Starting the bot, a worker or an interactions endpoint: log, check the database, run
until stopped, and turn what stops a start into one line for the command line.

Each ``start_*`` returns the message of a configuration mistake (a database that cannot be
opened or reached, a Discord or proxy that cannot be reached, a token Discord rejects), or
None once the process ran and stopped; ``bot.app.cli`` prints it and exits with status 2.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import sys
from collections.abc import Callable, Coroutine
from typing import Any

import aiohttp
import asyncpg
import discord

from bot.app.client import DominoBot, point_at
from bot.app.settings import InteractionSettings, Settings, StoreSettings

_REJECTED = "Discord rejected DISCORD_TOKEN (401 Unauthorized): check the bot token."


def set_up_logging(level: str) -> None:
    """Log to stderr at ``level`` (LOG_LEVEL), keeping players' hidden tiles out of it."""
    logging.basicConfig(
        level=level,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    # discord.py's and aiosqlite's DEBUG output includes raw payloads and SQL parameters,
    # which hold players' hidden tiles: those loggers never go below INFO.
    quiet = max(logging.INFO, logging.getLevelNamesMapping()[level])
    for name in ("discord", "aiosqlite", "asyncpg"):
        logging.getLogger(name).setLevel(quiet)
    logging.getLogger("discord.client").addFilter(_skip_voice_warnings)


def _skip_voice_warnings(record: logging.LogRecord) -> bool:
    """The bot never joins voice, so discord.py's missing-voice-library warnings are noise."""
    return "voice will NOT be supported" not in record.getMessage()


def check_database(settings: StoreSettings) -> str | None:
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


async def _check_postgres(settings: StoreSettings) -> str | None:
    try:
        conn = await asyncpg.connect(str(settings.database), timeout=10)
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        return f"cannot reach DATABASE_URL {settings.database_name}: {exc}"
    await conn.close()
    return None


def start_bot(settings: Settings) -> str | None:
    """Run the bot until it is stopped (SIGTERM or Ctrl-C: ``bot.app.stopping``)."""
    problem = check_database(settings)
    if problem is not None:
        return problem
    point_at(settings)
    bot = DominoBot(settings)
    try:
        asyncio.run(bot.run_until_stopped(settings.discord_token.get_secret_value()))
    except discord.LoginFailure:
        return _REJECTED
    except discord.PrivilegedIntentsRequired:
        return "Discord refused the gateway intents this bot asked for."
    except aiohttp.ClientConnectionError as exc:
        return f"cannot reach Discord at {settings.discord_api_base}: {exc}"
    return None


def start_worker(settings: Settings) -> str | None:
    """Run publish jobs until stopped: a bot on PostgreSQL only (``bot.app.worker``)."""
    if settings.database_url is None:
        return "a worker shares the bot's jobs through PostgreSQL: set DATABASE_URL."
    problem = check_database(settings)
    if problem is not None:
        return problem
    point_at(settings)
    from bot.app.worker import run_worker

    return _run_without_gateway(settings, run_worker(settings))


def _run_without_gateway(settings: Settings, body: Coroutine[Any, Any, None]) -> str | None:
    """Run a process body that logs in over HTTP alone; what stopped it from starting."""
    try:
        asyncio.run(body)
    except discord.LoginFailure:
        return _REJECTED
    except aiohttp.ClientConnectionError as exc:
        return f"cannot reach Discord at {settings.discord_api_base}: {exc}"
    return None


def _start_beside_the_bot(
    settings: Settings,
    why_postgres: str,
    body: Callable[[], Coroutine[Any, Any, None]],
    listening: str,
) -> str | None:
    """Run a process that shares the bot's tables through PostgreSQL and listens for HTTP:
    ``why_postgres`` says why SQLite will not do, ``listening`` names the address settings
    in the message when the port cannot be had."""
    if settings.database_url is None:
        return why_postgres
    problem = check_database(settings)
    if problem is not None:
        return problem
    point_at(settings)
    try:
        return _run_without_gateway(settings, body())
    except OSError as exc:
        return f"cannot listen on {listening}: {exc}"


def start_interactions(settings: InteractionSettings) -> str | None:
    """Receive interactions by HTTP until stopped: a bot on PostgreSQL only
    (``bot.app.interactions``)."""
    from bot.app.interactions import run_interactions

    return _start_beside_the_bot(
        settings,
        "the interactions endpoint shares the tables with the bot's other processes "
        "through PostgreSQL: set DATABASE_URL.",
        lambda: run_interactions(settings),
        f"INTERACTIONS_HOST {settings.interactions_host}, "
        f"INTERACTIONS_PORT {settings.interactions_port}",
    )


def start_web(settings: Settings) -> str | None:
    """Serve the web page alone until stopped: a bot on PostgreSQL only (its moves and
    the bot's reach each other through the database)."""
    if settings.web_port is None:
        return "set WEB_PORT (and WEB_SECRET) to serve the web page."
    from bot.app.interactions import run_web

    return _start_beside_the_bot(
        settings,
        "a separate web process shares the tables with the bot through PostgreSQL: set "
        "DATABASE_URL, or with SQLite let the bot serve the page (WEB_PORT in `run`).",
        lambda: run_web(settings),
        f"WEB_HOST {settings.web_host}, WEB_PORT {settings.web_port}",
    )
