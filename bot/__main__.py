"""``python -m bot``: read the settings, set up logging and run until stopped.

Configuration mistakes end with one clear line on stderr and exit status 2, never a
traceback: a missing or malformed token, a bad setting, or a token Discord rejects.
"""

from __future__ import annotations

import logging
import sys

import discord
from pydantic import ValidationError

from bot.client import DominoBot, point_at
from bot.settings import Settings, describe_error

CONFIG_ERROR = 2


def _fail(message: str) -> int:
    print(f"domino-tables: {message}", file=sys.stderr)
    return CONFIG_ERROR


def _skip_voice_warnings(record: logging.LogRecord) -> bool:
    """The bot never joins voice, so discord.py's missing-voice-library warnings are noise."""
    return "voice will NOT be supported" not in record.getMessage()


def main() -> int:
    try:
        settings = Settings()  # type: ignore[call-arg]  # fields come from the environment
    except ValidationError as exc:
        return _fail(describe_error(exc))
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    # discord.py's and aiosqlite's DEBUG output includes raw payloads and SQL parameters,
    # which hold players' hidden tiles: those loggers never go below INFO.
    quiet = max(logging.INFO, logging.getLevelNamesMapping()[settings.log_level])
    for name in ("discord", "aiosqlite"):
        logging.getLogger(name).setLevel(quiet)
    logging.getLogger("discord.client").addFilter(_skip_voice_warnings)
    point_at(settings)
    bot = DominoBot(settings)
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except discord.LoginFailure:
        return _fail("Discord rejected DISCORD_TOKEN (401 Unauthorized): check the bot token.")
    except discord.PrivilegedIntentsRequired:
        return _fail("Discord refused the gateway intents this bot asked for.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
