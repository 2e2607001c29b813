"""The translations, read from the ``.po`` sources and compiled in memory once per
process, so the sources are the only files to keep (no compiled ``.mo`` to go stale)."""

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
DOMAIN: Final = "messages"


def po_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(language: str) -> Catalog:
    """A language's catalog as Babel reads it (the tests check every one)."""
    with po_path(language).open("rb") as source:
        return read_po(source, locale=language, domain=DOMAIN)


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
