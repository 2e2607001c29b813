"""Every message the code can send is in every catalog, translated, with the same
placeholders; every catalog compiles; a missing or broken translation fails here."""

from __future__ import annotations

import io
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from i18n import LANGUAGES, SOURCE
from i18n.catalogs import PARTS, po_path, read_catalog

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"_": None, "n_": (1, 2), "N_": None}
TRANSLATED = [language for language in LANGUAGES if language != SOURCE]


def _code_messages() -> Iterator[tuple[str, tuple[str, ...]]]:
    """Every message marked in the code: (where, its singular and plural forms)."""
    for package in ("bot", "render", "engine"):
        for filename, line, message, _comments, _context in extract_from_dir(
            ROOT / package, keywords=KEYWORDS, comment_tags=()
        ):
            forms = message if isinstance(message, tuple) else (message,)
            yield f"{package}/{filename}:{line}", tuple(forms)


CODE = list(_code_messages())


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(language: str) -> None:
    catalog = read_catalog(language)
    problems = []
    for where, forms in CODE:
        entry = catalog.get(forms[0])
        if entry is None or entry.fuzzy:
            problems.append(f"{where}: {forms[0]!r} is {'fuzzy' if entry else 'missing'}")
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if not all(strings):
            problems.append(f"{where}: {forms[0]!r} has no translation")
            continue
        wanted = set().union(*(placeholders(form) for form in forms))
        for translated in strings:
            if placeholders(translated) - wanted or (
                len(forms) == 1 and placeholders(translated) != wanted
            ):
                problems.append(f"{where}: {translated!r} fills {placeholders(translated)}")
    assert problems == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalog_reads_and_compiles(language: str) -> None:
    catalog = read_catalog(language)
    assert catalog.locale is not None and str(catalog.locale) == language
    assert not list(catalog.check())  # Babel's own checks: formats and plural forms
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    assert compiled.getvalue()


def test_the_code_marks_its_messages_in_full() -> None:
    """A message built by pasting (an f-string, +) cannot be looked up: marked messages
    are literal and fill their values through {placeholders}."""
    pasted = re.compile(r"\b(?:_|n_|N_)\(\s*f[\"']")
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for package in ("bot", "render", "engine")
        for path in (ROOT / package).rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if pasted.search(line)
    ]
    assert offenders == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_message_in_several_parts_is_translated_alike(language: str) -> None:
    """The parts are read as one, the first holding a message winning: a message marked
    in two parts (a command's name and a picture's heading) must read the same in both."""
    seen: dict[object, tuple[str, object]] = {}
    clashes = []
    for part in PARTS:
        with po_path(language, part).open("rb") as source:
            for message in read_po(source, locale=language):
                if not message.id or not message.string:
                    continue
                key = (message.id, message.context)
                if key in seen and seen[key][1] != message.string:
                    clashes.append(f"{message.id!r}: {seen[key]} vs {part} {message.string!r}")
                seen.setdefault(key, (part, message.string))
    assert clashes == []
