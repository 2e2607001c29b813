"""Learning the ids Discord gave the bot's slash commands, so that messages can name a
command as a clickable mention (:mod:`bot.tables.commands`).

The gateway bot learns them from its own registration; a process that does not register
(an interactions endpoint, a worker) reads them back once at start, the server-only ones
from the development server too when DEV_GUILD_ID puts them there. If Discord cannot be
asked, messages name commands as typed text, and nothing else changes.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import discord

from bot.tables.commands import COMMAND_IDS

log = logging.getLogger(__name__)


def learn_registered(commands: Iterable[discord.app_commands.AppCommand]) -> None:
    """Remember the ids of the slash commands a sync registered (not the Entry Point)."""
    COMMAND_IDS.learn(
        (command.name, command.id)
        for command in commands
        if command.type is discord.AppCommandType.chat_input
    )


async def read_command_ids(client: discord.Client, dev_guild_id: int | None) -> None:
    """Ask Discord for the application's commands (global, then the development server's,
    which take precedence there) and remember their ids."""
    application_id = client.application_id
    if application_id is None:
        log.warning("no application id: commands are named as typed text")
        return
    try:
        found: list[Any] = list(await client.http.get_global_commands(application_id))
        if dev_guild_id is not None:
            found += await client.http.get_guild_commands(application_id, dev_guild_id)
    except discord.HTTPException as exc:
        log.warning("could not read the command ids (%s): commands are named as typed text", exc)
        return
    COMMAND_IDS.learn(
        (str(raw["name"]), int(raw["id"])) for raw in found if int(raw.get("type", 1)) == 1
    )
    log.info("read the ids of %d commands", len(found))
