"""The application's Entry Point command: what opens the Activity from Discord's App
Launcher, handled by Discord itself (it launches the Activity; the bot hears nothing).

Discord creates a default one when Activities are enabled in the developer portal, and
refuses a bulk overwrite of the global commands that leaves it out (error 50240), so the
global sync (:func:`sync_global`) sends ours when the Activity is on, and otherwise keeps
whichever Entry Point Discord has rather than fail to start; an Entry Point Discord
refuses (Activities not enabled for the application) is left out, with a warning.
"""

from __future__ import annotations

import logging
from typing import Any, Final

import discord
from discord import app_commands

from bot.discord.command_words import command_words
from i18n import N_, language_of

log = logging.getLogger(__name__)

PRIMARY_ENTRY_POINT: Final = 4
"""The application command type of an Entry Point."""
DISCORD_LAUNCH_ACTIVITY: Final = 2
"""Its handler: Discord launches the Activity (no interaction reaches the bot)."""
ENTRY_POINT_LEFT_OUT: Final = 50240
"""Discord's error for a bulk overwrite without the existing Entry Point."""
EVERY_CONTEXT: Final = [0, 1, 2]
"""A server, the bot's DM, other DMs and group DMs: like every command of the tree."""
EITHER_INSTALL: Final = [0, 1]
"""A server's install and a user's own."""

NAME: Final = "launch"
"""Discord's own name for the default Entry Point, kept: the launcher shows the app."""
DESCRIPTION: Final = N_("Play the table running in this channel, live, by tapping")


def entry_point_command() -> dict[str, Any]:
    """The Entry Point command's payload, its description in every language we have."""
    localized: dict[str, str] = {}
    for locale in discord.Locale:
        words = command_words(app_commands.locale_str(DESCRIPTION), language_of(locale.value))
        if words is not None and words != DESCRIPTION:
            localized[locale.value] = words[:100]
    return {
        "type": PRIMARY_ENTRY_POINT,
        "name": NAME,
        "description": DESCRIPTION,
        "description_localizations": localized,
        "handler": DISCORD_LAUNCH_ACTIVITY,
        "contexts": EVERY_CONTEXT,
        "integration_types": EITHER_INSTALL,
    }


async def sync_global(
    tree: app_commands.CommandTree[Any], entry_point: dict[str, Any] | None
) -> list[app_commands.AppCommand]:
    """Overwrite the global commands with the tree's, and ``entry_point`` when given;
    without one, an Entry Point Discord already has is kept as it is."""
    client = tree.client
    application_id = client.application_id
    if application_id is None:
        raise app_commands.MissingApplicationID
    translator = tree.translator
    payload: list[Any] = [
        await command.get_translated_payload(tree, translator)
        if translator is not None
        else command.to_dict(tree)
        for command in tree.get_commands()
    ]
    extra = [] if entry_point is None else [entry_point]
    http = client.http
    try:
        data = await http.bulk_upsert_global_commands(application_id, payload=payload + extra)
    except discord.HTTPException as exc:
        if entry_point is not None and exc.status == 400:
            log.warning(
                "Discord refused the Entry Point command (are Activities enabled for the "
                "application in the developer portal?): %s; the commands are synced without it",
                exc.text,
            )
            return await sync_global(tree, None)
        if exc.code != ENTRY_POINT_LEFT_OUT:
            raise
        existing = await http.get_global_commands(application_id)
        kept = [raw for raw in existing if raw.get("type") == PRIMARY_ENTRY_POINT]
        log.info("kept the application's Entry Point command (%d) in the sync", len(kept))
        data = await http.bulk_upsert_global_commands(application_id, payload=payload + kept)
    state = client._connection
    return [app_commands.AppCommand(data=raw, state=state) for raw in data]
