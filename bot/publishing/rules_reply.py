"""``/<game> rules``: the game's whole rules page, privately, as embeds: a section each
(cut between paragraphs where one is longer than an embed holds), in as many messages as
Discord's limits need.

A page's relative links lead to files beside it in the repository, which Discord cannot
open: shown there, a link reads as its words, and a link to another game's rules page
also names the command that shows that page (in the reader's language).
"""

from __future__ import annotations

import logging
import re
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
LINK: Final = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
WEB_ADDRESS: Final = re.compile(r"[a-z][a-z0-9+.-]*:", re.IGNORECASE)
RULES_PAGE: Final = re.compile(r"(\w+)\.md(?:#[-\w]*)?")
"""A link to another rules page of the same language, beside the page."""
COMMAND_NAME: Final = re.compile(r"^[-_'\w]{1,32}$")


def _command_name(name: str, text: Text) -> str:
    """A command's name as a reader sees it (English where the translation is no name
    Discord takes, as the command tree does)."""
    translated = text._(name).lower()
    return translated if COMMAND_NAME.match(translated) else name


def shown_in_discord(page: str, text: Text = ENGLISH) -> str:
    """The page as Discord can show it: every relative link turned into its words, a
    link to another game's rules followed by the command that shows them."""

    def plain(link: re.Match[str]) -> str:
        words, target = link.group(1), link.group(2)
        if WEB_ADDRESS.match(target):
            return link.group(0)
        page_of = RULES_PAGE.fullmatch(target)
        if page_of is None:
            return words
        family = _command_name(page_of.group(1), text)
        return f"{words} (`/{family} {_command_name('rules', text)}`)"

    return LINK.sub(plain, page)


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
    for section in sections(shown_in_discord(page, text)):
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
