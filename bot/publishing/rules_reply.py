"""``/<game> rules``: the game's whole rules page, privately, as embeds: a section each
(cut between paragraphs where one is longer than an embed holds), in as many messages as
Discord's limits need.
"""

from __future__ import annotations

import logging
from typing import Any, Final

import discord

from bot.games.rules_pages import RulesPageMissing, Section, rules_page, sections
from bot.games.words import ENGLISH
from bot.publishing.replies import NO_MENTIONS, tell
from i18n import Text, text_in

log = logging.getLogger(__name__)

DESCRIPTION_LIMIT: Final = 4096
TITLE_LIMIT: Final = 256
MESSAGE_LIMIT: Final = 6000
"""Characters of all a message's embeds together."""
EMBEDS_PER_MESSAGE: Final = 10


def _pieces(section: Section, text: Text) -> list[tuple[str, str]]:
    """``section`` as (title, description) pairs, each description within the limit."""
    title = section.heading[:TITLE_LIMIT]
    pieces: list[str] = []
    for paragraph in section.body.split("\n\n"):
        while len(paragraph) > DESCRIPTION_LIMIT:  # one paragraph longer than an embed
            pieces.append(paragraph[:DESCRIPTION_LIMIT])
            paragraph = paragraph[DESCRIPTION_LIMIT:]
        if pieces and len(pieces[-1]) + 2 + len(paragraph) <= DESCRIPTION_LIMIT:
            pieces[-1] += "\n\n" + paragraph
        else:
            pieces.append(paragraph)
    return [
        (title if index == 0 else text._("{title} (continued)", title=title)[:TITLE_LIMIT], piece)
        for index, piece in enumerate(pieces)
    ]


def rules_messages(page: str, text: Text = ENGLISH) -> list[list[discord.Embed]]:
    """The page as messages of embeds, each message within Discord's limits."""
    messages: list[list[discord.Embed]] = [[]]
    used = 0
    for section in sections(page):
        for title, description in _pieces(section, text):
            size = len(title) + len(description)
            if messages[-1] and (
                used + size > MESSAGE_LIMIT or len(messages[-1]) == EMBEDS_PER_MESSAGE
            ):
                messages.append([])
                used = 0
            messages[-1].append(discord.Embed(title=title or None, description=description))
            used += size
    return messages


async def show_rules(interaction: discord.Interaction[Any], family: str, summary: str) -> None:
    """Answer ``/<family> rules`` with the whole page in the asker's language (English
    where it has no translation), only for them; ``summary`` (the adapter's short rules)
    if this installation lacks the page."""
    text = text_in(interaction.locale.value)
    try:
        page = rules_page(family, text.language)
    except RulesPageMissing as missing:
        log.warning("rules: %s", missing)
        await tell(interaction, summary)
        return
    for batch in rules_messages(page, text):
        if interaction.response.is_done():
            await interaction.followup.send(
                embeds=batch, ephemeral=True, allowed_mentions=NO_MENTIONS
            )
        else:
            await interaction.response.send_message(
                embeds=batch, ephemeral=True, allowed_mentions=NO_MENTIONS
            )
