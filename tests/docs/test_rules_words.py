"""The rules pages speak the bot's own words in their reader's language: every button,
menu, game title, choice and message a page quotes in **bold**, and every command it
quotes in `code`, is what the bot shows a reader of that language (read from the catalogs
and from the command tree the bot syncs), and a translation quotes what its English page
quotes, where the English quotes it. The quoting convention is in rules_markdown.py."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engine.registry import GAMES
from i18n import SOURCE
from i18n.catalogs import read_catalog
from tests.docs.bot_words import NotACommand, bot_messages, name_keys, names, parse_command
from tests.docs.rules_markdown import (
    CODE_SPAN,
    ENGLISH_PAGES,
    FENCE,
    LANGUAGES,
    bold_spans,
    code_spans,
    read,
    sections,
)

EVERY = [(language, page) for language in (SOURCE, *LANGUAGES) for page in ENGLISH_PAGES]
PAIRS = [(language, page) for language in LANGUAGES for page in ENGLISH_PAGES]
REGIONAL_SPANISH = re.compile(r"\b(?:chanch\w*|tranc\w*|tranque\w*|ordenador\w*|máquina\w*)", re.I)
"""Words of one region where neutral Spanish (and the bot's es catalog) says computadora,
doble and cierre."""


def _quoted(language: str, page: str) -> list[str]:
    return bold_spans(read(language, page))


@pytest.mark.parametrize(("language", "page"), EVERY)
def test_every_quoted_bot_word_is_the_bots_word_in_the_pages_language(
    language: str, page: str
) -> None:
    wrong = []
    for words in _quoted(language, page):
        found = bot_messages(words)
        if found and not any(message.reads(words, language) for message in found):
            wrong.append(f"**{words}**: the bot says {found[0].forms[language]!r}")
    assert wrong == []


@pytest.mark.parametrize(("language", "page"), PAIRS)
def test_translation_quotes_what_the_english_page_quotes_where_it_does(
    language: str, page: str
) -> None:
    english = sections(read(SOURCE, page))
    translated = sections(read(language, page), translated=True)
    missing = []
    for section, twin in zip(english, translated, strict=False):
        for index, block in enumerate(section.blocks):
            there = bold_spans(twin.blocks[index].text) if index < len(twin.blocks) else []
            for words in bold_spans(block.text):
                for message in bot_messages(words)[:1]:
                    if not any(message.reads(quoted, language) for quoted in there):
                        missing.append(
                            f"{section.heading!r} block {index + 1}: "
                            f"**{message.forms[language]}** (for **{words}**)"
                        )
    assert missing == []


@pytest.mark.parametrize(("language", "page"), EVERY)
def test_every_quoted_command_is_one_the_reader_sees(language: str, page: str) -> None:
    own = names(language)
    anyone = set().union(*(names(other) for other in (SOURCE, *LANGUAGES)))
    wrong = []
    for quoted in code_spans(read(language, page)):
        if quoted.startswith("/"):
            try:
                parse_command(quoted, language)
            except NotACommand as refused:
                wrong.append(str(refused))
        elif quoted in anyone and quoted not in own:
            wrong.append(f"`{quoted}` is no command or option name in {language}")
    assert wrong == []


def _notations(language: str, page: str) -> Counter[object]:
    """Every command and option name quoted, as read in the page's language (a key that
    reads the same in every language), and every other code span: moves, positions and
    paths, typed the same in every language."""
    found: Counter[object] = Counter()
    own = name_keys(language)
    for quoted in code_spans(read(language, page)):
        if quoted.startswith("/"):
            try:
                found[parse_command(quoted, language)] += 1
            except NotACommand:
                found[quoted] += 1
        else:
            found[own.get(quoted, quoted)] += 1
    return found


@pytest.mark.parametrize(("language", "page"), PAIRS)
def test_translation_quotes_the_same_commands_and_moves(language: str, page: str) -> None:
    assert _notations(language, page) == _notations(SOURCE, page)


@pytest.mark.parametrize(("language", "page"), PAIRS)
def test_translation_calls_each_game_by_the_bots_title(language: str, page: str) -> None:
    catalog = read_catalog(language)
    prose = CODE_SPAN.sub("", FENCE.sub("", read(language, page)))
    prose = re.sub(r"\]\([^)]*\)", "]", prose)  # link targets
    english_titles = []
    for spec in GAMES.values():
        own = catalog.get(spec.title)
        title = own.string if own is not None and own.string else spec.title
        if title != spec.title and re.search(rf"\b{re.escape(spec.title)}\b", prose):
            english_titles.append(f"{spec.title!r}, which the bot calls {title!r}")
    assert english_titles == []


@pytest.mark.parametrize("page", ENGLISH_PAGES)
def test_spanish_pages_are_neutral_spanish(page: str) -> None:
    found = REGIONAL_SPANISH.findall(read("es", page))
    assert found == []


def test_the_spanish_catalog_is_neutral_spanish() -> None:
    found = [
        f"{message.id!r}: {message.string!r}"
        for message in read_catalog("es")
        if message.id
        and isinstance(message.string, str)
        and REGIONAL_SPANISH.search(message.string)
    ]
    assert found == []
