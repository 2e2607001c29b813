"""Which catalogs there are, and which one a Discord locale reads."""

from __future__ import annotations

from typing import Final

SOURCE: Final = "en"
"""The language the code's messages are written in."""
LANGUAGES: Final = ("en", "es", "pt_BR", "de")
NAMES: Final = {"en": "English", "es": "Español", "pt_BR": "Português (Brasil)", "de": "Deutsch"}
"""Each language in its own words (what a player picks from)."""

_BY_PREFIX: Final = {"es": "es", "pt": "pt_BR", "de": "de"}


def language_of(locale: str | None) -> str:
    """The catalog for a Discord locale (``es-ES`` and ``es-419`` read Spanish, ``pt-BR``
    Brazilian Portuguese, ``de`` German); any other locale, or none, reads English.
    A catalog name (``pt_BR``) is taken as it is."""
    if not locale:
        return SOURCE
    if locale in LANGUAGES:
        return locale
    prefix = locale.replace("_", "-").split("-")[0].lower()
    return _BY_PREFIX.get(prefix, SOURCE)
