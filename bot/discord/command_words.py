"""The slash commands in each player's language: discord.py asks :class:`CommandWords` for
every name, description and choice of the tree when it registers the commands, once per
Discord locale, and Discord shows each user their own.

Every command's words are English messages marked for the catalogs where the command is
built; a description with values (``Number of seats, 2 to 4 (default 4)``) is a
:func:`said` string carrying its template and values, which the translator fills in the
translated template. A name is lower-cased (its message may be shared with a word shown
capitalised elsewhere, a German noun on a picture); a translated name that Discord would
still refuse (a space, too long) is left out, so the English name stands.
"""

from __future__ import annotations

from typing import Any, Final

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation, TranslationContextTypes, locale_str

from bot.tables.commands import is_name
from engine.errors import Term
from i18n import SOURCE, Text, language_of

NAMES: Final = frozenset(
    {
        TranslationContextLocation.command_name,
        TranslationContextLocation.group_name,
        TranslationContextLocation.parameter_name,
    }
)
LONGEST: Final = 100
"""Discord's limit for a description or a choice's name."""


def said(template: str, /, **values: Any) -> locale_str:
    """A command's words with values in them: English filled in for Discord's default,
    the template and values kept for the translator (``template`` marked with ``N_``; a
    value that is a :class:`~engine.errors.Term`, a game's title, is translated too)."""
    return locale_str(template.format(**values), template=template, values=values)


def verbatim(words: str) -> locale_str:
    """Words every language shows as they are (a language named in its own words)."""
    return locale_str(words, verbatim=True)


def command_words(string: locale_str, language: str) -> str | None:
    """``string`` in ``language`` (None: Discord shows the English): the catalog's
    translation of its message (or template, filled in with its values)."""
    if language == SOURCE or string.extras.get("verbatim"):
        return None
    text = Text(language)
    template = string.extras.get("template", string.message)
    values = {
        name: text._(value) if isinstance(value, Term) else value
        for name, value in string.extras.get("values", {}).items()
    }
    return text._(template, **values)


class CommandWords(app_commands.Translator):
    """The translator set on the command tree (both the gateway's and the interactions
    endpoint's)."""

    async def translate(
        self, string: locale_str, locale: discord.Locale, context: TranslationContextTypes
    ) -> str | None:
        words = command_words(string, language_of(locale.value))
        if words is None:
            return None
        if context.location in NAMES:
            words = words.lower()  # a name shares its message with words shown capitalised
            return words if is_name(words) else None
        return words[:LONGEST]
