"""The bot's languages: English (the source) and the catalogs translating it.

Pure Python over Babel, for ``bot/`` and ``render/`` alike: :func:`language_of` maps a
Discord locale to a catalog, :func:`text_in` gives the words of one language (``_`` and
``n_`` look a message up, then fill its ``{placeholders}``; numbers, dates and durations
are formatted by Babel for the language). A message without a translation reads in
English, never as a key or a blank.
"""

from i18n.languages import LANGUAGES, NAMES, SOURCE, language_of
from i18n.text import Text, text_in


def N_(message: str) -> str:
    """Marks an English message for the catalogs where it is written, to be looked up
    later in the reader's language (an error's sentence, a label kept as data)."""
    return message


__all__ = ["LANGUAGES", "NAMES", "N_", "SOURCE", "Text", "language_of", "text_in"]
