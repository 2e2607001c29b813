"""Which language each reader of a table is spoken to in: the public table (its message,
narration and pictures) in the table's language; a player's DMs in their own Discord
language as last seen, else the table's."""

from __future__ import annotations

from bot.store import TableRecord
from i18n import Text, text_in


def table_text(record: TableRecord) -> Text:
    """The words of the table's public messages and pictures (read from the settings'
    language alone, so a record whose other settings are not complete still speaks)."""
    language = record.settings.get("language")
    return text_in(language if isinstance(language, str) else None)


def seat_text(record: TableRecord, seat: int) -> Text:
    """The words of a DM to the player at ``seat``."""
    locale = record.seats[seat].locale
    return text_in(locale) if locale is not None else table_text(record)
