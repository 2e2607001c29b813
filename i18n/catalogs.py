"""The translations, read from the ``.po`` sources and compiled in memory once per
process, so the sources are the only files to keep (no compiled ``.mo`` to go stale).

A language's catalog comes in parts, one per part of the code (:data:`PARTS`), each
extracted from its own folders and kept in its own ``.po``; they are read as one."""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from i18n.languages import LANGUAGES, SOURCE

LOCALES: Final = Path(__file__).parent / "locales"
PARTS: Final = {
    "tables": (
        "bot/app",
        "bot/discord",
        "bot/views",
        "bot/league",
        "bot/tournaments",
        "bot/tables",
        "engine",
    ),
    "games": ("bot/games", "bot/publishing", "bot/replays", "bot/web"),
    "pictures": ("render",),
}
"""Each catalog part and the folders whose marked messages it holds (scripts/catalogs.sh)."""


def po_path(language: str, part: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{part}.po"


def read_catalog(language: str) -> Catalog:
    """A language's catalog, its parts read as one (the tests check every one)."""
    whole = Catalog(locale=language)
    for part in PARTS:
        path = po_path(language, part)
        if not path.exists():
            continue
        with path.open("rb") as source:
            catalog = read_po(source, locale=language, domain=part)
        for message in catalog:
            if message.id and message.id not in whole:
                whole[message.id] = message
    return whole


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The language's compiled catalog; English (the source) needs none. Fuzzy entries
    are left out, so a doubtful translation reads in English."""
    if language == SOURCE or language not in LANGUAGES:
        return gettext.NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, read_catalog(language), use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
